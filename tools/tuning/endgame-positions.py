#!/usr/bin/env python3
"""Random starting positions for endgame-conversion tests: the strong side
(White, to move) has the given men, Black a bare king. Every man of White's
stands at least three king steps from the black king, so nothing hangs at
the start; legality is checked with pyffish (Fairy-Stockfish's rules).

Usage: tools/tuning/endgame-positions.py VARIANT MEN COUNT SEED [BOTH]
  MEN: White's men, king first (KBN, KNM, KMMM); BOTH: a letter whose
  pieces must stand on both square colours (M: mets of both colours).
Prints one FEN per line (8x8 boards)."""
import random
import sys

import pyffish as sf


def placement(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            if board[r][f]:
                row += (str(empty) if empty else "") + board[r][f]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    variant, men, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    both = sys.argv[5] if len(sys.argv) > 5 else None
    rnd = random.Random(seed)
    found = 0
    while found < count:
        squares = rnd.sample(range(64), len(men) + 1)
        bk = squares[-1]
        dist = lambda a: max(abs(a % 8 - bk % 8), abs(a // 8 - bk // 8))
        if any(dist(a) < 3 for a in squares[:-1]):
            continue
        if both and len({(a % 8 + a // 8) % 2 for m, a in zip(men, squares) if m == both}) < 2:
            continue
        board = [[""] * 8 for _ in range(8)]
        for m, a in zip(men + "k", squares):
            board[a // 8][a % 8] = m
        p = placement(board)
        white, black = p + " w - - 0 1", p + " b - - 0 1"
        try:
            if sf.validate_fen(white, variant) != 1:
                continue
            if sf.gives_check(variant, black, []) or not sf.legal_moves(variant, black, []):
                continue
        except Exception:  # pyffish rejects some placements outright
            continue
        print(white)
        found += 1


if __name__ == "__main__":
    main()
