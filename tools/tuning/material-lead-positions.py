#!/usr/bin/env python3
"""Positions where one side leads in pieces over a side without pawns:
starting positions for conversion matches (`griffon match --openings
FILE`, each played twice with colours swapped, so a build is scored on
pressing the lead and on holding the other side).

From each game of the PGN files (written by `griffon match`) the first
position after ply MIN_PLY, right after a capture or pawn move (the n-move
count at zero), where one side has no pawns, at least one piece and at
most MAX_WEAK centipawns of pieces, and the other side's pieces are worth
LEAD centipawns more; MEN (default 5) or more men on the board, so that
4-man tables do not decide it. Values are Griffon's makruk ones (`griffon
values --variant makruk`); legality and FENs come from pyffish
(Fairy-Stockfish's rules). The move counters of the FEN start again.

Usage: tools/tuning/material-lead-positions.py MIN_PLY LEAD MAX_WEAK FILE.pgn[.gz]...
Prints one FEN per line, sorted; the count on stderr."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

VALUES = {"p": 0, "n": 300, "s": 225, "m": 157, "r": 500, "k": 0}
MEN = 5


def games(path):
    """(start FEN, moves) of each makruk game with a FEN tag."""
    for game in pgn_elo.read_games(path):
        if game.tags.get("Variant") == "makruk" and "FEN" in game.tags:
            yield game.tags["FEN"], game.moves


def qualifies(board, lead, max_weak):
    pieces = {"w": 0, "b": 0}
    pawns = {"w": 0, "b": 0}
    men = 0
    for ch in board:
        if ch.isalpha():
            men += 1
            side = "w" if ch.isupper() else "b"
            if ch.lower() == "p":
                pawns[side] += 1
            else:
                pieces[side] += VALUES[ch.lower()]
    if men < MEN:
        return False
    return any(
        pawns[weak] == 0 and 0 < pieces[weak] <= max_weak and pieces[strong] - pieces[weak] >= lead
        for strong, weak in (("w", "b"), ("b", "w"))
    )


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    import pyffish as sf

    min_ply, lead, max_weak = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    found = set()
    for path in sys.argv[4:]:
        for start, moves in games(path):
            for ply in range(min_ply, len(moves)):
                fields = sf.get_fen("makruk", start, moves[:ply]).split()
                # pyffish writes makruk's count before the move counters.
                if fields[-2] != "0" or not qualifies(fields[0], lead, max_weak):
                    continue
                found.add(f"{fields[0]} {fields[1]} - - 0 1")
                break
    for fen in sorted(found):
        print(fen)
    print(len(found), file=sys.stderr)


if __name__ == "__main__":
    main()
