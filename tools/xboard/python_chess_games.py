#!/usr/bin/env python3
"""Play Griffon through python-chess's XBoard client (an independent CECP
implementation) and check that every move Griffon makes is legal.

    python3 tools/xboard/python_chess_games.py [GAMES] [SECONDS_PER_MOVE] [GRIFFON]

Griffon plays both colours in turn against a player that picks random
legal moves (seeded, so runs repeat). python-chess validates every move
against its own rules; an illegal or missing move fails the run.
Needs `pip install chess`.
"""
import random
import sys

import chess
import chess.engine
import chess.pgn


def main() -> int:
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    per_move = float(sys.argv[2]) if len(sys.argv) > 2 else 0.05
    griffon = sys.argv[3] if len(sys.argv) > 3 else "target/release/griffon"
    rng = random.Random(2026)
    results = {"1-0": 0, "0-1": 0, "1/2-1/2": 0, "*": 0}
    griffon_moves = 0
    with chess.engine.SimpleEngine.popen_xboard([griffon]) as engine:
        for g in range(games):
            board = chess.Board()
            griffon_white = g % 2 == 0
            while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 150:
                if board.turn == (chess.WHITE if griffon_white else chess.BLACK):
                    result = engine.play(board, chess.engine.Limit(time=per_move))
                    if result.move is None or result.move not in board.legal_moves:
                        print(f"game {g + 1}: illegal or no move {result.move} in {board.fen()}")
                        return 1
                    griffon_moves += 1
                    board.push(result.move)
                else:
                    board.push(rng.choice(list(board.legal_moves)))
            outcome = board.result(claim_draw=True)
            results[outcome] = results.get(outcome, 0) + 1
            won = (outcome == "1-0") == griffon_white and outcome != "1/2-1/2" and outcome != "*"
            print(f"game {g + 1}: {outcome} ({'Griffon' if won else 'no Griffon'} win), {board.fullmove_number} moves")
    print(f"{games} games, {griffon_moves} Griffon moves, all legal; results {results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
