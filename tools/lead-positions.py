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

Usage: tools/lead-positions.py VARIANT NAME MIN_PLY LO HI FILE.pgn...
Prints one FEN per line."""
import re
import sys

import pyffish as sf


def games(text):
    for g in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
        body = g.split("\n\n", 1)[1] if "\n\n" in g else ""
        moves, scores = [], {}
        for tok in re.findall(r"\{[^}]*\}|\S+", body):
            if tok.startswith("{"):
                m = re.match(r"\{\s*([+-]?\d+\.\d+)/\d+", tok.replace("\n", " "))
                if m and moves:
                    scores[len(moves) - 1] = float(m.group(1))
            elif not re.match(r"^\d+\.+$", tok) and tok not in ("1-0", "0-1", "1/2-1/2", "*"):
                moves.append(tok)
        yield tags, moves, scores


def main():
    variant, name = sys.argv[1], sys.argv[2]
    min_ply, lo, hi = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
    for path in sys.argv[6:]:
        for tags, moves, scores in games(open(path).read()):
            side = 0 if tags.get("White") == name else 1
            won = tags.get("Result") == ("1-0" if side == 0 else "0-1")
            if won:
                continue
            start = tags.get("FEN") or sf.start_fen(variant)
            for ply in sorted(scores):
                if ply >= min_ply and ply % 2 == side and lo <= scores[ply] <= hi:
                    # The position after NAME's move, the opponent to move.
                    print(sf.get_fen(variant, start, moves[: ply + 1]))
                    break


if __name__ == "__main__":
    main()
