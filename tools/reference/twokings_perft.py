#!/usr/bin/env python3
"""Usage: tools/reference/twokings_perft.py FEN DEPTH (needs python-chess).

Independent perft for XBoard's twokings, built on python-chess move
generation: pseudo-legal moves of an ordinary board (castling generated here),
legality = the royal king (first found scanning a1..a8, b1..) not attacked."""
import sys, chess

def royal(board, color):
    kings = [sq for sq in chess.SQUARES if board.piece_at(sq) == chess.Piece(chess.KING, color)]
    if not kings:
        return None
    return min(kings, key=lambda s: (chess.square_file(s), chess.square_rank(s)))

class State:
    def __init__(self, board, rights):
        self.board, self.rights = board, rights   # rights: set of 'K','Q','k','q'

def moves(st):
    b = st.board
    us = b.turn
    out = []
    for m in b.generate_pseudo_legal_moves():
        if b.is_castling(m):
            continue
        if m.promotion == chess.KING:
            continue
        out.append((m, None))
    # castling by the e-file king
    rank = 0 if us == chess.WHITE else 7
    e = chess.square(4, rank)
    if b.piece_at(e) == chess.Piece(chess.KING, us):
        them = not us
        for side, rf, kt, rt in (("K", 7, 6, 5), ("Q", 0, 2, 3)):
            flag = side if us == chess.WHITE else side.lower()
            if flag not in st.rights:
                continue
            rook = chess.square(rf, rank)
            if b.piece_at(rook) != chess.Piece(chess.ROOK, us):
                continue
            lo, hi = min(4, kt, rf, rt), max(4, kt, rf, rt)
            if any(b.piece_at(chess.square(f, rank)) for f in range(lo, hi + 1) if f not in (4, rf)):
                continue
            r = royal(b, us)
            if r == e and any(b.is_attacked_by(them, chess.square(f, rank)) for f in range(min(4, kt), max(4, kt) + 1)):
                continue
            out.append((chess.Move(e, chess.square(kt, rank)), (rook, chess.square(rt, rank))))
    return out

def play(st, mv):
    m, castle = mv
    b = st.board.copy(stack=False)
    rights = set(st.rights)
    us = b.turn
    piece = b.piece_at(m.from_square)
    if castle:
        b.remove_piece_at(m.from_square); b.remove_piece_at(castle[0])
        b.set_piece_at(m.to_square, chess.Piece(chess.KING, us)); b.set_piece_at(castle[1], chess.Piece(chess.ROOK, us))
        b.turn = not us; b.ep_square = None
    else:
        b.push(m)
    rank = 0 if us == chess.WHITE else 7
    if piece.piece_type == chess.KING and m.from_square == chess.square(4, rank):
        rights -= ({'K', 'Q'} if us == chess.WHITE else {'k', 'q'})
    for sq in (m.from_square, m.to_square):
        for f, flag in ((chess.H1, 'K'), (chess.A1, 'Q'), (chess.H8, 'k'), (chess.A8, 'q')):
            if sq == f:
                rights.discard(flag)
    return State(b, rights)

def legal(st):
    out = []
    us = st.board.turn
    for mv in moves(st):
        nxt = play(st, mv)
        r = royal(nxt.board, us)
        if r is not None and nxt.board.is_attacked_by(not us, r):
            continue
        out.append((mv, nxt))
    return out

def perft(st, d):
    ls = legal(st)
    if d == 1:
        return len(ls)
    return sum(perft(n, d - 1) for _, n in ls)

if len(sys.argv) != 3:
    sys.exit(__doc__)
fen = sys.argv[1]; depth = int(sys.argv[2])
parts = fen.split()
b = chess.Board(None); b.set_board_fen(parts[0]); b.turn = parts[1] == 'w'
b.castling_rights = 0  # castling handled here
b.ep_square = None if parts[3] == '-' else chess.parse_square(parts[3])
st = State(b, set(parts[2]) - {'-'})
for d in range(1, depth + 1):
    print(d, perft(st, d), flush=True)
