#!/usr/bin/env python3
"""Play Griffon through cshogi's USI client (`cshogi.usi.Engine`, an
independent USI implementation) and check every move Griffon makes with
cshogi's own shogi rules.

    python3 tools/uci/cshogi_games.py [GAMES] [BYOYOMI_MS] [GRIFFON]

Griffon plays both colours in turn against a player that picks random
legal moves (seeded, so runs repeat), with `go btime 0 wtime 0 byoyomi
MS`; a game ends when the side to move has no legal move (Griffon must
then say `bestmove resign` on its turn), on a repetition, or after 300
plies. Then `go mate` is tried on a mate in one. An illegal or missing
move fails the run. Needs `pip install cshogi`; cshogi starts the engine
with no arguments, so a bare `griffon` picks USI from the `usi` it sends.
"""
import os
import random
import sys

import cshogi
import cshogi.usi


def main() -> int:
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    byoyomi = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    # cshogi starts the engine in its own directory.
    griffon = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else "target/release/griffon")
    rng = random.Random(2026)
    engine = cshogi.usi.Engine(griffon)
    print(f"engine: {engine.name}")
    engine.isready()
    failures = 0
    score = {"griffon": 0, "random": 0, "draw": 0}
    for g in range(games):
        engine.usinewgame()
        board = cshogi.Board()
        griffon_black = g % 2 == 0
        moves = []
        result = None
        while result is None:
            griffon_to_move = (board.turn == cshogi.BLACK) == griffon_black
            if griffon_to_move:
                engine.position(moves)
                best, _ = engine.go(btime=0, wtime=0, byoyomi=byoyomi)
                if best == "resign":
                    if not board.is_game_over():
                        print(f"game {g + 1}: resigned with legal moves in {board.sfen()}")
                        failures += 1
                    result = "random"
                    break
                move = board.move_from_usi(best)
                if not board.is_legal(move):
                    print(f"game {g + 1}: illegal move {best} in {board.sfen()}")
                    failures += 1
                    result = "random"
                    break
            else:
                legal = list(board.legal_moves)
                if not legal:
                    result = "griffon"
                    break
                move = rng.choice(legal)
            board.push(move)
            moves.append(cshogi.move_to_usi(move))
            if board.is_draw() in (cshogi.REPETITION_DRAW,) or len(moves) >= 300:
                result = "draw"
        score[result] += 1
        print(f"game {g + 1}: Griffon {'sente' if griffon_black else 'gote'}, "
              f"{len(moves)} plies, {result if result == 'draw' else result + ' wins'}")
    # A composed mate in one: gote's king on 1a, a sente pawn on 1c and a
    # gold in hand, whose only mate is the drop on 1b.
    engine.position(sfen="sfen 8k/9/8P/9/9/9/9/9/K8 b G 1")
    mate = engine.go_mate(byoyomi=5000)
    print(f"go mate: {mate}")
    if mate != "G*1b":
        failures += 1
    engine.quit()
    print(f"Griffon {score['griffon']}, random {score['random']}, draws {score['draw']}; "
          f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
