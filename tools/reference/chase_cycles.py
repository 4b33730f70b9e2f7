#!/usr/bin/env python3
"""Usage: tools/reference/chase_cycles.py > tests/data/chase/fsf-cycles.txt

Reference repetitions for xiangqi's perpetual check and chase rules, judged
by Fairy-Stockfish through pyffish (`pip install pyffish`): from positions
of tests/data/chase/fsf-chased.txt, a cycle of four reversible moves (each
side moves a piece and moves it back) played twice, so that the position
after it occurs for the third time; pyffish's is_optional_game_end gives
the verdict there. One line per cycle:

    FEN;MOVES;RESULT

MOVES in Fairy-Stockfish's UCI notation (ranks 1-10), space-separated;
RESULT the value for the side to move after them: `win`, `loss` or `draw`.
Every cycle whose verdict is a win or loss is kept, and as many draws. The
output is the same on every run (a fixed seed).
"""
import os
import random

import pyffish as sf

SEED = 47
VARIANT = "xiangqi"
TRIES = 6000
DATA = os.path.join(
    os.path.dirname(__file__), "..", "..", "tests", "data", "chase", "fsf-chased.txt"
)


def reverse(move):
    """The move back: `a1a2` -> `a2a1` (squares may have two-digit ranks)."""
    i = next(k for k in range(1, len(move)) if move[k].isalpha())
    return move[i:] + move[:i]


def quiet_moves(fen, moves):
    legal = sf.legal_moves(VARIANT, fen, moves)
    return [m for m in legal if not sf.is_capture(VARIANT, fen, moves, m)]


def main():
    rng = random.Random(SEED)
    fens = [line.split(";")[0] for line in open(DATA) if line.strip()]
    decided, draws = [], []
    for _ in range(TRIES):
        fen = rng.choice(fens)
        first = quiet_moves(fen, [])
        if not first:
            continue
        a = rng.choice(first)
        second = quiet_moves(fen, [a])
        if not second:
            continue
        b = rng.choice(second)
        line = [a, b, reverse(a), reverse(b)]
        ok = True
        for i in (2, 3):
            if line[i] not in sf.legal_moves(VARIANT, fen, line[:i]):
                ok = False
                break
        if not ok:
            continue
        moves = line + line
        if not all(
            moves[i] in sf.legal_moves(VARIANT, fen, moves[:i]) for i in range(4, 8)
        ):
            continue
        ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
        if not ended:
            continue
        result = "win" if value > 0 else "loss" if value < 0 else "draw"
        row = f"{fen};{' '.join(moves)};{result}"
        (draws if result == "draw" else decided).append(row)
    for row in decided + draws[: len(decided)]:
        print(row)


if __name__ == "__main__":
    main()
