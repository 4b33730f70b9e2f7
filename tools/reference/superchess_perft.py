#!/usr/bin/env python3
"""Usage: tools/reference/superchess_perft.py FEN DEPTH

Perft for XBoard's superchess (`variant super`), counted twice, and
printed as `D1 n;D2 n;...` only if both counts agree at every depth:

1. Fairy-Stockfish's move generator (pyffish) for a variant of chess with
   the amazon A, centaur V, chancellor E and archbishop S, drops from the
   hand and captures kept out of the hands (`capturesToHand = false`). What
   Fairy-Stockfish has no option for is done here, between its moves: a
   captured piece goes to its owner's hand (an amazon as a pawn, as XBoard
   keeps it); a promotion is allowed only to a piece the mover holds in
   hand, and takes it from the hand.
2. tools/reference/chesslike_perft.py (plain Python written from the rules).

Needs `pip install pyffish`. pyffish takes about 5 ms a call: depth 3 from
the start position (7,500 positions) takes a few minutes.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chesslike_perft  # noqa: E402

INI = """
[superchess-fsf:chess]
amazon = a
centaur = v
chancellor = e
archbishop = s
startFen = rsaqkver/pppppppp/8/8/8/8/PPPPPPPP/RSAQKVER[NBBNnbbn] w KQkq - 0 1
pieceDrops = true
capturesToHand = false
promotionPieceTypes = qrbnaves
"""
V = "superchess-fsf"


def board_map(fen):
    """square name -> piece letter, and the hand string."""
    field = fen.split()[0]
    hand = ""
    if "[" in field:
        field, hand = field.split("[")
        hand = hand.rstrip("]")
    squares = {}
    rows = field.split("/")
    for i, row in enumerate(rows):
        rank, f, num = 8 - i, 0, ""
        for ch in row.replace("~", "") + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            squares[f"{chr(97 + f)}{rank}"] = ch
            f += 1
    return squares, hand


def with_hand(fen, hand):
    parts = fen.split()
    board = parts[0].split("[")[0].replace("~", "")
    hand = "".join(sorted(c for c in hand if c.isupper())) + "".join(
        sorted(c for c in hand if c.islower())
    )
    return " ".join([f"{board}[{hand}]"] + parts[1:])


def successors(sf, fen, need_fens=True):
    """The positions after each legal move (or, without `need_fens`, one
    placeholder per legal move: the last ply is only counted)."""
    squares, hand = board_map(fen)
    white = fen.split()[1] == "w"
    out = []
    for m in sf.legal_moves(V, fen, []):
        new_hand = list(hand)
        if "@" not in m:
            frm, to = m[:2], m[2:4]
            promo = m[4:5]
            if promo:
                mine = promo.upper() if white else promo.lower()
                if mine not in new_hand:
                    continue  # no such piece in hand: no such promotion
                new_hand.remove(mine)
            victim = squares.get(to)
            mover = squares[frm]
            if victim is None and mover.lower() == "p" and frm[0] != to[0]:
                victim = squares.get(to[0] + frm[1])  # en passant
            if victim is not None:
                kind = "p" if victim.lower() == "a" else victim.lower()
                new_hand.append(kind.upper() if victim.isupper() else kind)
        if not need_fens:
            out.append(None)
            continue
        after = sf.get_fen(V, fen, [m])
        # pyffish has taken a dropped piece from the hand; only promotions
        # and captures are ours to settle.
        if "@" in m:
            out.append(after)
        else:
            out.append(with_hand(after, new_hand))
    return out


def pyffish_perft(fen, depth):
    import pyffish as sf

    sf.load_variant_config(INI)
    counts = [0] * (depth + 1)

    def walk(f, ply):
        nxt = successors(sf, f, ply + 1 < depth)
        counts[ply + 1] += len(nxt)
        if ply + 1 < depth:
            for n in nxt:
                walk(n, ply + 1)

    walk(with_hand(fen, board_map(fen)[1]), 0)
    return counts[1:]


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    fen, depth = sys.argv[1], int(sys.argv[2])
    ffish = pyffish_perft(fen, depth)
    own = chesslike_perft.perft(chesslike_perft.Rules("superchess"), fen, depth)
    if ffish != own:
        print(f"pyffish: {ffish}\nchesslike_perft.py: {own}", file=sys.stderr)
        raise SystemExit("the implementations disagree")
    print(";".join(f"D{d} {n}" for d, n in enumerate(own, 1)))


if __name__ == "__main__":
    main()
