#!/usr/bin/env python3
"""Writes a test fixture of XBoard's own book keys: the moves of the game
XBoard saved, and the key XBoard's debug log printed before each ply
(`book key = ...`), so that tests/book.rs can hold Griffon's keys to
XBoard's without XBoard installed.

Usage: tools/book/xboard-book-keys.py XBOARD.debug GAMES.pgn > tests/data/books/xboard-keys-VARIANT.txt
(the game from tools/xboard/xboard-match.sh with XBOARD_ARGS="-usePolyglotBook
true -polyglotBook BOOK -firstXBook -secondXBook -bookDepth N").
Output: a `fen:` line when the game starts from the FEN XBoard saved (a
shuffled setup), a `moves:` line (SAN as XBoard wrote it), then `PLY KEY`
lines.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

if len(sys.argv) != 3:
    sys.exit(__doc__)
debug, pgn = sys.argv[1:3]
keys = re.findall(r"book key = ([0-9a-f]{16})", open(debug, errors="replace").read())
game = next(pgn_elo.read_games(pgn))
moves = game.moves
keys = keys[: len(moves) + 1]
print("# XBoard 4.9.1's book keys (its debug log), ply by ply, for the game below")
if "FEN" in game.tags:
    print("fen: " + game.tags["FEN"])
print("moves: " + " ".join(moves[: len(keys)]))
for ply, key in enumerate(keys):
    print(f"{ply} {key}")
