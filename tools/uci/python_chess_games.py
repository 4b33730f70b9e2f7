#!/usr/bin/env python3
"""Play Griffon through python-chess's UCI client (an independent UCI
implementation, which sets `UCI_Variant` from its variant boards) and
check every move Griffon makes with python-chess's own rules.

    python3 tools/uci/python_chess_games.py [SECONDS_PER_MOVE] [GRIFFON]

Griffon plays both colours in turn against a player that picks random
legal moves (seeded, so runs repeat): 20 games of chess and 10 each of
crazyhouse, atomic, three-check, antichess and king of the hill. An
illegal or missing move fails the run. Needs `pip install chess`.
"""
import random
import sys

import chess
import chess.engine
import chess.variant

GAMES = [
    (chess.Board, 20),
    (chess.variant.CrazyhouseBoard, 10),
    (chess.variant.AtomicBoard, 10),
    (chess.variant.ThreeCheckBoard, 10),
    (chess.variant.AntichessBoard, 10),
    (chess.variant.KingOfTheHillBoard, 10),
]


def main() -> int:
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    per_move = float(sys.argv[1]) if len(sys.argv) > 1 else 0.05
    griffon = sys.argv[2] if len(sys.argv) > 2 else "target/release/griffon"
    rng = random.Random(2026)
    total = 0
    with chess.engine.SimpleEngine.popen_uci([griffon, "uci"]) as engine:
        for board_type, games in GAMES:
            name = board_type.uci_variant
            results = {}
            moves = 0
            for g in range(games):
                board = board_type()
                griffon_white = g % 2 == 0
                while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 150:
                    if board.turn == (chess.WHITE if griffon_white else chess.BLACK):
                        result = engine.play(board, chess.engine.Limit(time=per_move))
                        if result.move is None or result.move not in board.legal_moves:
                            print(f"{name} game {g + 1}: illegal or no move {result.move} in {board.fen()}")
                            return 1
                        moves += 1
                        board.push(result.move)
                    else:
                        board.push(rng.choice(list(board.legal_moves)))
                outcome = board.result(claim_draw=True)
                results[outcome] = results.get(outcome, 0) + 1
            total += moves
            print(f"{name}: {games} games, {moves} Griffon moves, all legal; results {results}")
    print(f"{total} Griffon moves, all legal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
