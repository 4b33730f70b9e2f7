#!/usr/bin/env python3
"""Perft counts for shogi-family variants with the pawn-drop-mate rule
(uchifuzume) applied, from Fairy-Stockfish's move generator (pyffish).

Fairy-Stockfish's own perft counts (../shared/perft/perft-minishogi.epd)
include pawn drops that give mate, although its variant definitions ask for
shogiPawnDropMateIllegal: pyffish 0.0.90 lists P@b3 as legal in
3+S1/+rP1s1/4k/1K3/1G1+b1[Gprb] b and then finds no legal reply. This tool
takes pyffish's legal moves and removes every pawn drop after which the
side to move is in check and has no legal move, which is the rule, so the
counts it writes are independent of Griffon.

Usage: tools/reference/uchifuzume_perft.py SUITE.epd MAX_LEAVES > OUT.epd
Each line of SUITE is copied with its counts recomputed up to the deepest
depth whose reference count is at most MAX_LEAVES. Needs `pip install
pyffish` (a reference tool only; Griffon never uses it).
"""
import sys

import pyffish as sf


def legal(variant, fen):
    moves = []
    for m in sf.legal_moves(variant, fen, []):
        if m.startswith("P@") and sf.gives_check(variant, fen, [m]):
            if not sf.legal_moves(variant, fen, [m]):
                continue  # a pawn drop that mates: illegal
        moves.append(m)
    return moves


def perft(variant, fen, depth):
    moves = legal(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    path, limit = sys.argv[1], int(sys.argv[2])
    print("# Perft with the pawn-drop-mate rule applied: " + path.split("/")[-1] + " recomputed")
    print("# by tools/reference/uchifuzume_perft.py (pyffish moves, mating pawn drops removed).")
    for line in open(path):
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
