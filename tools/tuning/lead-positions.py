#!/usr/bin/env python3
"""Positions where Griffon led but did not win: starting positions for
conversion matches (`griffon match --openings FILE`, each played twice
with colours swapped, so a build is scored on pressing the lead and on
holding the other side).

From each game of the PGN files (written by `griffon match`, whose move
comments start with the mover's score in pawns, `{+1.52/11 0.2s}`) that
the engine named NAME did not win, the first position after ply MIN_PLY
where NAME's own score lay between LO and HI pawns; legality and the FEN
come from pyffish (Fairy-Stockfish's rules).

Usage: tools/tuning/lead-positions.py VARIANT NAME MIN_PLY LO HI FILE.pgn[.gz]...
Prints one FEN per line."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402


def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    import pyffish as sf

    variant, name = sys.argv[1], sys.argv[2]
    min_ply, lo, hi = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
    for path in sys.argv[6:]:
        for game in pgn_elo.read_games(path):
            side = 0 if game.tags.get("White") == name else 1
            if game.result == ("1-0" if side == 0 else "0-1"):
                continue
            start = game.tags.get("FEN") or sf.start_fen(variant)
            scores = {ply: game.score_comment(ply) for ply in game.comments}
            for ply in sorted(p for p in scores if scores[p] is not None):
                if ply >= min_ply and ply % 2 == side and lo <= scores[ply] <= hi:
                    # The position after NAME's move, the opponent to move.
                    print(sf.get_fen(variant, start, game.moves[: ply + 1]))
                    break


if __name__ == "__main__":
    main()
