#!/usr/bin/env python3
"""Perft counts with `dropChecks = false` applied to pseudo-royal kings,
from Fairy-Stockfish's move generator (pyffish).

Fairy-Stockfish tests a drop against dropChecks with its gives_check, which
answers "no check" at once when the opponent has no piece of its KING type
(position.cpp: "No check possible without king"). Atomic's king is a
pseudo-royal commoner (extinctionPseudoRoyal), so in atomiczh, which sets
dropChecks = false, Fairy-Stockfish plays drops that attack the king:
pyffish 0.0.90 lists Q@e7 as legal in
rnb1k1nr/pp1p1pp1/3b3p/2p1p3/5P2/2NP4/PPP1P1P1/R1BQKBNR[Qp] w
and its own gives_check (which counts attacks on pseudo-royal pieces)
calls that drop a check. This tool takes pyffish's legal moves and removes
every drop that pyffish's gives_check calls a check, which is the rule, so
the counts it writes are independent of Griffon.

Usage: tools/reference/dropcheck_perft.py INI SUITE.epd MAX_LEAVES > OUT.epd
INI is loaded into pyffish (load_variant_config). Each line of SUITE is
copied with its counts recomputed up to the deepest depth whose count in
SUITE is at most MAX_LEAVES. Needs `pip install pyffish` (a reference tool
only; Griffon never uses it).
"""
import sys

import pyffish as sf


def legal(variant, fen):
    return [
        m for m in sf.legal_moves(variant, fen, [])
        if "@" not in m or not sf.gives_check(variant, fen, [m])
    ]


def perft(variant, fen, depth):
    moves = legal(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ini, path, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(ini, encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    print("# Perft with dropChecks = false applied to pseudo-royal kings: " + path.split("/")[-1])
    print("# recomputed by tools/reference/dropcheck_perft.py (pyffish moves, checking drops removed).")
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fen, variant, *depths = line.split(";")
        name = variant.split()[1]
        out = [fen, variant]
        for d in depths:
            depth, ref = d.split()
            if int(ref) > limit:
                break
            out.append(f"{depth} {perft(name, fen, int(depth[1:]))}")
        print(";".join(out), flush=True)


if __name__ == "__main__":
    main()
