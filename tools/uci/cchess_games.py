#!/usr/bin/env python3
"""Play Griffon through cchess's UCCI client (`cchess.engine.UcciEngine`,
an independent UCCI implementation) and check every move Griffon makes
with cchess's own xiangqi rules.

    python3 tools/uci/cchess_games.py [GAMES] [MS_PER_MOVE] [GRIFFON]

Griffon plays both colours in turn against a player that picks random
legal moves (seeded, so runs repeat), each move from `position fen FEN`
and `go time MS increment 0`; a game ends when the side to move has no
legal move (Griffon must then say `nobestmove` on its turn) or after 200
plies. An illegal or missing move fails the run. Needs `pip install
cchess`; cchess starts the engine with no arguments, so a bare `griffon`
picks UCCI from the `ucci` it sends.
"""
import os
import random
import sys
import time

import cchess
from cchess.board import ChessBoard
from cchess.common import pos2iccs
from cchess.engine import UcciEngine


def legal_moves(board):
    return sorted(
        pos2iccs(f, t)
        for f, t in board.create_moves()
        if board.is_valid_move_t((f, t)) and not board.is_checked_move(f, t)
    )


def engine_move(engine, fen, ms):
    """Griffon's move for `fen` (None for `nobestmove`)."""
    engine.go_from(fen, {"time": ms, "increment": 0})
    deadline = time.time() + 20 + ms / 1000
    while time.time() < deadline:
        action = engine.get_action()
        if action is None:
            time.sleep(0.005)
        elif action["action"] == "bestmove":
            return action["move"]
        elif action["action"] == "dead":
            return None
    raise TimeoutError(f"no move for {fen}")


def main() -> int:
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    ms = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    # cchess starts the engine in its own directory.
    griffon = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else "target/release/griffon")
    rng = random.Random(2026)
    engine = UcciEngine()
    if not engine.load(griffon) or not engine.wait_for_ready():
        print("the engine did not answer ucci")
        return 1
    print(f"engine: {engine.ids.get('name')}")
    failures = 0
    score = {"griffon": 0, "random": 0, "draw": 0}
    for g in range(games):
        board = ChessBoard(cchess.FULL_INIT_FEN)
        griffon_red = g % 2 == 0
        plies = 0
        result = None
        while result is None:
            legal = legal_moves(board)
            griffon_to_move = (board.move_player == cchess.RED) == griffon_red
            if griffon_to_move:
                move = engine_move(engine, board.to_full_fen(), ms)
                if move is None:
                    if legal:
                        print(f"game {g + 1}: nobestmove with legal moves in {board.to_full_fen()}")
                        failures += 1
                    result = "random"
                    break
                if move not in legal:
                    print(f"game {g + 1}: illegal move {move} in {board.to_full_fen()}")
                    failures += 1
                    result = "random"
                    break
            else:
                if not legal:
                    result = "griffon"
                    break
                move = rng.choice(legal)
            board.move_iccs(move)
            board.next_turn()
            plies += 1
            if plies >= 200:
                result = "draw"
        score[result] += 1
        print(f"game {g + 1}: Griffon {'red' if griffon_red else 'black'}, {plies} plies, "
              f"{result if result == 'draw' else result + ' wins'}")
    engine.quit()
    print(f"Griffon {score['griffon']}, random {score['random']}, draws {score['draw']}; "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
