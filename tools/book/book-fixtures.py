#!/usr/bin/env python3
"""Reference data for the book tests, made with tools independent of
Griffon: chess games rewritten in SAN by pyffish (Fairy-Stockfish's rules)
and a book made from them by Polyglot itself (Debian package `polyglot`).

Usage: tools/book/book-fixtures.py PGN N OUTDIR
  writes OUTDIR/chess-games.pgn (the first N games of PGN, SAN, with the
  coordinate moves kept in a comment per game for Griffon's tests) and
  OUTDIR/chess-polyglot.bin (`polyglot make-book -min-game 1`), and books
  with other options: chess-polyglot-ply16-min2.bin (`-max-ply 16
  -min-game 2`), chess-polyglot-white-score50.bin (`-min-game 1
  -only-white -min-score 50`), chess-polyglot-uniform.bin (`-min-game 1
  -uniform`).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

if len(sys.argv) != 4:
    sys.exit(__doc__)
import pyffish as sf  # noqa: E402

path, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
start = sf.start_fen("chess")
games = []
for game in pgn_elo.read_games(path):
    if not game.movetext:
        continue
    tags, moves = game.tags, game.moves
    san = sf.get_san_moves("chess", tags.get("FEN", start), moves)
    text = []
    for i, m in enumerate(san):
        if i % 2 == 0:
            text.append(f"{i // 2 + 1}.")
        text.append(m)
    result = tags.get("Result", "*")
    games.append(
        f'[Event "book fixture"]\n[White "{tags.get("White", "?")}"]\n'
        f'[Black "{tags.get("Black", "?")}"]\n[Result "{result}"]\n\n'
        f'{{coordinates: {" ".join(moves)}}}\n{" ".join(text)} {result}\n'
    )
    if len(games) == count:
        break
pgn = os.path.join(out, "chess-games.pgn")
with open(pgn, "w") as f:
    f.write("\n".join(games))
for name, options in [
    ("chess-polyglot.bin", ["-min-game", "1"]),
    ("chess-polyglot-ply16-min2.bin", ["-max-ply", "16", "-min-game", "2"]),
    ("chess-polyglot-white-score50.bin", ["-min-game", "1", "-only-white", "-min-score", "50"]),
    ("chess-polyglot-uniform.bin", ["-min-game", "1", "-uniform"]),
]:
    subprocess.run(
        ["/usr/games/polyglot", "make-book", "-pgn", pgn, "-bin", os.path.join(out, name)] + options,
        check=True,
        stdout=subprocess.DEVNULL,
    )
