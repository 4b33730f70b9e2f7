#!/usr/bin/env python3
"""Usage: tools/reference/wildcastle_perft.py FEN DEPTH [PYFFISH_DEPTH]

Perft for XBoard's wildcastle (ICC wild 1): shuffle chess whose king,
standing on the d- or the e-file with its rooks in the corners, castles by
moving two squares towards the rook, the rook landing on the square the king
crossed (king d1: to b1 with rook a1-c1, or to f1 with rook h1-e1). XBoard
4.9.1's rules (moves.c GenLegal: the squares between king and rook empty,
the king not in check nor crossing or landing on an attacked square;
backend.c ApplyMove puts the rook beside the king).

Two implementations, independent of Griffon and of each other:

- pyffish (Fairy-Stockfish's move generator) with the castling king's
  destination files set in a variants.ini section: for kings on d,
  castlingKingsideFile = f and castlingQueensideFile = b; for kings on e it
  is chess. Fairy-Stockfish castles to fixed files, so it can express
  positions whose castling kings stand on one file (both on d or both on
  e); the script refuses others.
- python-chess's legal moves with its castling switched off, and castling
  generated here from the rule above.

python-chess counts to DEPTH, pyffish to PYFFISH_DEPTH (default 4: pyffish
0.0.90 takes about 5 ms a call); the script stops if they disagree on any
depth both counted, else prints `D1 n;D2 n;...` up to DEPTH. Needs
`pip install pyffish chess`.
"""
import sys

WILD_INI = """
[wildcastle-d:chess]
castlingKingsideFile = f
castlingQueensideFile = b
"""


def castling_king_files(fen):
    """Files of the kings that hold castling rights (one per side at most)."""
    board, _, rights = fen.split()[:3]
    files = set()
    for color, letters, rank_row in (("w", "KQ", 7), ("b", "kq", 0)):
        if not any(c in rights for c in letters):
            continue
        f = 0
        for ch in board.split("/")[rank_row]:
            if ch.isdigit():
                f += int(ch)
                continue
            if ch == ("K" if color == "w" else "k"):
                files.add(f)
            f += 1
    return files


# --- pyffish ---------------------------------------------------------------


def pyffish_perft(fen, depth):
    import pyffish as sf

    sf.load_variant_config(WILD_INI)
    files = castling_king_files(fen)
    if files - {3, 4} or len(files) > 1:
        raise SystemExit("pyffish: castling kings must stand on one file, d or e")
    variant = "wildcastle-d" if files == {3} else "chess"
    counts = [0] * (depth + 1)

    def walk(f, ply):
        moves = sf.legal_moves(variant, f, [])
        counts[ply + 1] += len(moves)
        if ply + 1 < depth:
            for m in moves:
                walk(sf.get_fen(variant, f, [m]), ply + 1)

    walk(fen, 0)
    return counts[1:]


# --- python-chess ------------------------------------------------------------


def chess_perft(fen, depth):
    import chess

    parts = fen.split()
    rights = set(parts[2]) - {"-"}
    board = chess.Board(" ".join(parts[:2] + ["-"] + parts[3:]))

    def king_sq(b, color):
        return b.king(color)

    # The king file of each side's rights (the king stands there while they last).
    home = {}
    for color, letters in ((chess.WHITE, "KQ"), (chess.BLACK, "kq")):
        if rights & set(letters):
            home[color] = king_sq(board, color)

    def castlings(b, rts):
        us = b.turn
        them = not us
        rank = 0 if us == chess.WHITE else 7
        k = king_sq(b, us)
        if us not in home or k != home[us] or b.is_check():
            return []
        out = []
        kf = chess.square_file(k)
        for letter, rf, step in (("K", 7, 1), ("Q", 0, -1)):
            if (letter if us == chess.WHITE else letter.lower()) not in rts:
                continue
            rook = chess.square(rf, rank)
            if b.piece_at(rook) != chess.Piece(chess.ROOK, us):
                continue
            kt = kf + 2 * step
            rt = kt - step
            lo, hi = min(kf, kt, rf, rt), max(kf, kt, rf, rt)
            if any(
                b.piece_at(chess.square(f, rank)) for f in range(lo, hi + 1) if f not in (kf, rf)
            ):
                continue
            if any(b.is_attacked_by(them, chess.square(kf + i * step, rank)) for i in (1, 2)):
                continue
            out.append((k, chess.square(kt, rank), rook, chess.square(rt, rank)))
        return out

    def after(b, rts, move, castle):
        nb = b.copy(stack=False)
        nr = set(rts)
        us = b.turn
        if castle:
            kfrom, kto, rfrom, rto = castle
            nb.remove_piece_at(kfrom)
            nb.remove_piece_at(rfrom)
            nb.set_piece_at(kto, chess.Piece(chess.KING, us))
            nb.set_piece_at(rto, chess.Piece(chess.ROOK, us))
            nb.turn = not us
            nb.ep_square = None
            moved = [kfrom]
        else:
            nb.push(move)
            moved = [move.from_square, move.to_square]
        for sq in moved:
            for color, letters in ((chess.WHITE, "KQ"), (chess.BLACK, "kq")):
                if color in home and sq == home[color]:
                    nr -= set(letters)
            for corner, letter in ((chess.H1, "K"), (chess.A1, "Q"), (chess.H8, "k"), (chess.A8, "q")):
                if sq == corner:
                    nr.discard(letter)
        return nb, nr

    def legal(b, rts):
        # python-chess's own castling is off: its castling_rights are empty.
        out = [(m, None) for m in b.generate_legal_moves()]
        out += [(None, c) for c in castlings(b, rts)]
        return out

    counts = [0] * (depth + 1)

    def walk(b, rts, ply):
        moves = legal(b, rts)
        counts[ply + 1] += len(moves)
        if ply + 1 < depth:
            for m, c in moves:
                nb, nr = after(b, rts, m, c)
                walk(nb, nr, ply + 1)

    walk(board, rights, 0)
    return counts[1:]


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    fen, depth = sys.argv[1], int(sys.argv[2])
    ffish_depth = min(depth, int(sys.argv[3]) if len(sys.argv) == 4 else 4)
    counts = chess_perft(fen, depth)
    if ffish_depth > 0:
        ffish = pyffish_perft(fen, ffish_depth)
        if ffish != counts[:ffish_depth]:
            print(f"python-chess: {counts}\npyffish: {ffish}", file=sys.stderr)
            raise SystemExit("the implementations disagree")
    print(";".join(f"D{d} {n}" for d, n in enumerate(counts, 1)))


if __name__ == "__main__":
    main()
