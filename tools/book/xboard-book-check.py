#!/usr/bin/env python3
"""Do Griffon's book keys equal XBoard's? Compares the keys XBoard printed
in its debug log (`book key = ...`, one per probe, with
`-usePolyglotBook true -firstXBook -secondXBook` so that it probes before
every move) with Griffon's keys of the same positions, replayed from the
game XBoard saved.

Usage: tools/book/xboard-book-check.py VARIANT XBOARD.debug GAMES.pgn [GRIFFON]
Prints each ply's two keys and exits 1 on any difference. Run a one-game
match first, e.g. with tools/xboard/xboard-match.sh and
XBOARD_ARGS="-usePolyglotBook true -polyglotBook BOOK -firstXBook
-secondXBook -bookDepth N".
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

if len(sys.argv) not in (4, 5):
    sys.exit(__doc__)
variant, debug, pgn = sys.argv[1:4]
griffon = sys.argv[4] if len(sys.argv) > 4 else "target/release/griffon"
xboard_keys = re.findall(r"book key = ([0-9a-f]{16})", open(debug, errors="replace").read())
game = next(pgn_elo.read_games(pgn))
moves = game.moves
start = ["--fen", game.tags["FEN"]] if "FEN" in game.tags else []
# An empty book: `book probe` prints the key whether or not the book holds
# the position (it reads only regular files, so not /dev/null).
empty = tempfile.NamedTemporaryFile(suffix=".bin")
bad = 0
for ply, want in enumerate(xboard_keys[: len(moves) + 1]):
    out = subprocess.run(
        [griffon, "book", "probe", empty.name, "--variant", variant, "--moves", " ".join(moves[:ply])] + start,
        capture_output=True, text=True,
    )
    got = re.search(r"key ([0-9a-f]{16})", out.stdout)
    got = got.group(1) if got else out.stderr.strip()
    same = got == want
    bad += not same
    print(f"ply {ply:3d} {' '.join(moves[max(0, ply - 1):ply]):8s} xboard {want} griffon {got} {'ok' if same else 'DIFFERENT'}")
print(f"{len(xboard_keys[: len(moves) + 1])} keys compared, {bad} different")
sys.exit(1 if bad else 0)
