#!/usr/bin/env python3
"""Writes a test fixture of XBoard's own book keys: the moves of the game
XBoard saved, and the key XBoard's debug log printed before each ply
(`book key = ...`), so that tests/book.rs can hold Griffon's keys to
XBoard's without XBoard installed.

Usage: tools/xboard-book-keys.py XBOARD.debug GAMES.pgn > tests/data/books/xboard-keys-VARIANT.txt
(the game from tools/xboard-match.sh with XBOARD_ARGS="-usePolyglotBook
true -polyglotBook BOOK -firstXBook -secondXBook -bookDepth N").
Output: a `fen:` line when the game starts from the FEN XBoard saved (a
shuffled setup), a `moves:` line (SAN as XBoard wrote it), then `PLY KEY`
lines.
"""
import re
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from pgn_games import game_moves  # noqa: E402

debug, pgn = sys.argv[1:3]
keys = re.findall(r"book key = ([0-9a-f]{16})", open(debug, errors="replace").read())
game = re.split(r"\n(?=\[Event )", open(pgn).read())[0]
moves = game_moves(game.split("\n\n", 1)[1])
keys = keys[: len(moves) + 1]
print("# XBoard 4.9.1's book keys (its debug log), ply by ply, for the game below")
fen = re.search(r'\[FEN "([^"]*)"\]', game)
if fen:
    print("fen: " + fen.group(1))
print("moves: " + " ".join(moves[: len(keys)]))
for ply, key in enumerate(keys):
    print(f"{ply} {key}")
