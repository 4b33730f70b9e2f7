#!/usr/bin/env python3
"""Write the reference games of the USI and UCCI transcript tests
(tests/data/protocols/*.txt) with pyffish 0.0.90, Fairy-Stockfish's own
rules and move generator, so that the tests check Griffon against an
independent implementation.

    python3 tools/uci/make_protocol_games.py [OUT_DIR]

Each game is a seeded random game played to its end (no legal move for the
side to move), preferring checks, captures, promotions and drops so that
it ends soon and uses every kind of move. pyffish writes moves in UCI; the
script respells them as Fairy-Stockfish's USI and UCCI write them (its
src/uci.cpp, `UCI::square` and `UCI::move`): USI files count from 1 at
the right and ranks are letters from `a` at the top, drops take `*`; UCCI
counts the ranks of a ten-rank board from 0. The file holds, per ply, the
position as SFEN (pyffish's `get_fen(..., sfen=True)`; USI games) or FEN,
the sorted legal moves and the move played. Needs `pip install
pyffish==0.0.90`.
"""
import os
import random
import re
import sys

import pyffish as sf

# (protocol, variant, seed, most plies): the seeds were the first whose
# game ends in a mate (or stalemate) within the limit and has drops and
# promotions where the variant has them.
GAMES = [
    ("usi", "shogi", 0, 400),
    ("usi", "minishogi", 0, 300),
    ("usi", "kyotoshogi", 0, 300),
    ("ucci", "xiangqi", 4, 400),
    ("ucci", "janggi", 0, 400),
    ("ucci", "minixiangqi", 0, 300),
]

SQUARE = re.compile(r"([a-z])(\d+)")


def board_size(fen):
    ranks = fen.split(" ")[0].split("[")[0].split("/")
    width = 0
    for c in re.findall(r"\d+|\+?[A-Za-z*]", ranks[0]):
        width += int(c) if c.isdigit() else 1
    return width, len(ranks)


def respell(move, protocol, width, height):
    """A pyffish (UCI) move as Fairy-Stockfish writes it in `protocol`."""

    def square(m):
        file = ord(m.group(1)) - ord("a")
        rank = int(m.group(2)) - 1
        if protocol == "usi":
            return chr(ord("1") + width - 1 - file) + chr(ord("a") + height - 1 - rank)
        if height == 10:
            return m.group(1) + str(rank)
        return m.group(0)

    text = SQUARE.sub(square, move)
    return text.replace("@", "*") if protocol == "usi" else text


def play(protocol, variant, seed, limit):
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    moves = []
    while len(moves) < limit:
        legal = sf.legal_moves(variant, start, moves)
        if not legal:
            return moves
        if sf.is_optional_game_end(variant, start, moves)[0]:
            return None
        if sf.is_immediate_game_end(variant, start, moves)[0]:
            return None

        def weight(m):
            w = 1
            if sf.gives_check(variant, start, moves + [m]):
                w += 6
            if sf.is_capture(variant, start, moves, m):
                w += 3
            if "+" in m or "@" in m:
                w += 2
            return w

        weights = [weight(m) for m in legal]
        moves.append(rng.choices(legal, weights)[0])
    return None


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "tests/data/protocols"
    os.makedirs(out, exist_ok=True)
    for protocol, variant, seed, limit in GAMES:
        start = sf.start_fen(variant)
        width, height = board_size(start)
        seed = 0 if seed is None else seed
        while True:
            moves = play(protocol, variant, seed, limit)
            drops = sf.captures_to_hand(variant)
            if moves and (not drops or any("@" in m for m in moves)) and (
                protocol != "usi" or any(m.endswith("+") for m in moves)
            ):
                break
            seed += 1
        path = os.path.join(out, f"{protocol}-{variant}.txt")
        with open(path, "w") as f:
            f.write(f"# {variant} in {protocol.upper()}, made by tools/uci/make_protocol_games.py\n")
            f.write(f"# pyffish {'.'.join(map(str, sf.version()))}, seed {seed}; ")
            f.write("per ply: position, sorted legal moves, move played\n")
            f.write(f"variant {variant}\n")
            for ply in range(len(moves) + 1):
                done = moves[:ply]
                position = sf.get_fen(variant, start, done, False, protocol == "usi")
                legal = sorted(respell(m, protocol, width, height) for m in sf.legal_moves(variant, start, done))
                f.write(f"position {position}\n")
                f.write(f"legal {' '.join(legal)}\n")
                if ply < len(moves):
                    f.write(f"move {respell(moves[ply], protocol, width, height)}\n")
            f.write("end\n")
        print(f"{path}: seed {seed}, {len(moves)} plies")


if __name__ == "__main__":
    main()
