#!/usr/bin/env python3
"""Usage: tools/reference/chase_fens.py FAIRY-STOCKFISH > tests/data/chase/fsf-chased.txt

Reference data for xiangqi's chasing rule: which pieces each move chases,
as Fairy-Stockfish's Position::chased() finds them (its `d` command prints
them as `Chased: SQUARES`). FAIRY-STOCKFISH is the engine binary built by
tools/fairy-stockfish/build.sh; pyffish (`pip install pyffish`) gives the
legal moves and FENs.

Games of random legal moves from the start position, non-captures three
times as likely as captures so that games stay long and pieces get
attacked and attacked again. For every ply one line:

    FEN-BEFORE;MOVE;CHASED

MOVE and CHASED in Fairy-Stockfish's UCI notation (ranks 1-10); CHASED the
squares of the side to move's pieces the move chased, space-separated,
empty when none. The output is the same on every run (a fixed seed).
"""
import random
import subprocess
import sys

import pyffish as sf

SEED = 46
GAMES = 60
PLIES = 90
VARIANT = "xiangqi"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {VARIANT}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            if line.startswith(prefix):
                return line.rstrip("\n")

    def chased(self, fen, move):
        self.send(f"position fen {fen} moves {move}")
        self.send("d")
        return self.until("Chased:")[len("Chased:"):].split()

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    engine = Engine(sys.argv[1])
    rng = random.Random(SEED)
    start = sf.start_fen(VARIANT)
    for _ in range(GAMES):
        fen = start
        for _ in range(PLIES):
            moves = sf.legal_moves(VARIANT, fen, [])
            if not moves:
                break
            quiet = [m for m in moves if not sf.is_capture(VARIANT, fen, [], m)]
            pool = quiet if quiet and rng.random() < 0.75 else moves
            move = rng.choice(pool)
            chased = engine.chased(fen, move)
            print(f"{fen};{move};{' '.join(sorted(chased))}")
            fen = sf.get_fen(VARIANT, fen, [move])
    engine.quit()


if __name__ == "__main__":
    main()
