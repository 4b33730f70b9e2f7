#!/usr/bin/env python3
"""Usage: tools/reference/chesslike_perft.py VARIANT FEN DEPTH [--divide]
       tools/reference/chesslike_perft.py --self-test

A small perft of its own for the chess-like variants that no outside engine
counts: cylinder and falcon (and a further count for superchess and
wildcastle). Written from the rules stated here, not from Griffon's code;
plain Python, no dependencies. Prints `D1 n;D2 n;...` up to DEPTH (the last
ply counted in bulk, as Griffon and Fairy-Stockfish count).

Rules, as XBoard 4.9.1 plays the variants:

- cylinder: chess on a board whose a- and h-files are adjacent. Every move
  and attack wraps around the side edges: a slider goes on across the edge
  until it meets a piece or comes back round to its own square, a pawn on
  the h-file takes towards the a-file, a king on a1 touches h1 and h2. A
  square a piece reaches both ways round is one move. Castling as in chess.
- falcon: 10x8, chess plus the falcon (F), which moves to the squares
  (1,3) and (2,3) away in every direction (16 squares), not by leaping but
  along one of the three shortest king-step paths there: two orthogonal
  steps and one diagonal step in any order for (1,3), two diagonal and one
  orthogonal for (2,3) (George Duke's OOD, ODO, DOO, DDO, DOD, ODD; the
  patterns of chessvariants.com and XBoard's rules page). It is blocked only
  when all three paths are, and captures at the end. The king castles
  three squares (f1-i1 with the rook j1-h1, f1-c1 with a1-d1); pawns
  promote to q, f, r, b or n.
- superchess (XBoard's `super`): chess with the amazon A (Q+N), centaur V
  (K+N), chancellor E (R+N) and archbishop S (B+N). Pieces in hand (FEN
  `[...]`) may be dropped on any empty square as a move, pawns not on the
  first or last rank. A captured piece goes back to its owner's hand, an
  amazon as a pawn (XBoard has no hand slot for it). A pawn promotes only
  to a piece its side holds in hand (q r b n a v e s), which leaves the
  hand; without one it cannot reach the last rank. Any pawn on its second
  rank may step two squares (XBoard does not ask whether it was dropped).
- wildcastle: chess whose king castles two squares towards a corner rook
  from whatever file it stands on (d or e), the rook landing on the square
  the king crossed.

Castling everywhere: the right holds while the king has not left its square
and the rook stands in its corner; every square between king and rook must
be empty but for the two of them and their destinations; the king may not
be in check, and no square it crosses or lands on may be attacked, neither
as the board stands (FIDE's wording: "the square it is to occupy is
attacked") nor with the king on its way there, its own square empty (a
falcon path can run through the king's square); and it may not end in
check. With orthodox pieces these tests coincide; with the falcon they do
not, and "the king only may not end in check" would allow more (the
falcon suite's header gives a position).
"""
import sys
from collections import Counter
from itertools import permutations

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]

# letter -> (slide directions, step directions, knight leaps, falcon)
PIECES = {
    "k": ([], ORTH + DIAG, False, False),
    "q": (ORTH + DIAG, [], False, False),
    "r": (ORTH, [], False, False),
    "b": (DIAG, [], False, False),
    "n": ([], [], True, False),
    "f": ([], [], False, True),
    "a": (ORTH + DIAG, [], True, False),
    "v": ([], ORTH + DIAG, True, False),
    "e": (ORTH, [], True, False),
    "s": (DIAG, [], True, False),
}

VARIANTS = {
    "chess": dict(width=8, castle=2, promo="qrbn"),
    "cylinder": dict(width=8, castle=2, promo="qrbn", cylinder=True),
    "falcon": dict(width=10, castle=3, promo="qfrbn"),
    "wildcastle": dict(width=8, castle=2, promo="qrbn"),
    "superchess": dict(width=8, castle=2, promo="qrbnaves", drops=True),
}


class Rules:
    def __init__(self, name):
        v = VARIANTS[name]
        self.name = name
        self.w, self.h = v["width"], 8
        self.cyl = v.get("cylinder", False)
        self.castle = v["castle"]
        self.promo = v["promo"]
        self.drops = v.get("drops", False)
        n = self.w * self.h
        self.rays = [[self.ray(sq, d) for d in ORTH + DIAG] for sq in range(n)]
        self.knight = [self.targets(sq, KNIGHT) for sq in range(n)]
        self.king = [self.targets(sq, ORTH + DIAG) for sq in range(n)]
        self.falcon = [self.falcon_paths(sq) for sq in range(n)]

    def step(self, sq, df, dr):
        f, r = sq % self.w + df, sq // self.w + dr
        if self.cyl:
            f %= self.w
        if not (0 <= f < self.w and 0 <= r < self.h):
            return None
        return r * self.w + f

    def ray(self, sq, d):
        out, cur = [], sq
        while True:
            cur = self.step(cur, *d)
            if cur is None or cur == sq:
                return out
            out.append(cur)

    def targets(self, sq, offsets):
        out = []
        for d in offsets:
            t = self.step(sq, *d)
            if t is not None and t != sq and t not in out:
                out.append(t)
        return out

    def falcon_paths(self, sq):
        """target -> list of (first, second) intermediate squares."""
        paths = {}
        for long_, short in ((3, 1), (3, 2)):
            for sx in (1, -1):
                for sy in (1, -1):
                    for vertical in (True, False):
                        if vertical:  # three ranks, one or two files
                            o, d = (0, sy), (sx, sy)
                        else:
                            o, d = (sx, 0), (sx, sy)
                        steps = ["d"] * short + ["o"] * (long_ - short)
                        for order in sorted(set(permutations(steps))):
                            cur, mids = sq, []
                            for s in order:
                                cur = self.step(cur, *(d if s == "d" else o))
                                if cur is None:
                                    break
                                mids.append(cur)
                            if cur is None:
                                continue
                            paths.setdefault(mids[2], []).append((mids[0], mids[1]))
        return paths


def white(p):
    return p.isupper()


class Pos:
    __slots__ = ("board", "stm", "rights", "ep", "hands", "home")

    def copy(self):
        p = Pos()
        p.board = self.board[:]
        p.stm = self.stm
        p.rights = self.rights
        p.ep = self.ep
        p.hands = (self.hands[0].copy(), self.hands[1].copy()) if self.hands else None
        p.home = self.home
        return p


def parse_fen(rules, fen):
    parts = fen.split()
    board_text = parts[0]
    hands = None
    if "[" in board_text:
        board_text, hand = board_text.split("[")
        hand = hand.rstrip("]").replace("-", "")
        hands = (Counter(c.lower() for c in hand if c.isupper()), Counter(c for c in hand if c.islower()))
    elif rules.drops:
        hands = (Counter(), Counter())
    rows = board_text.split("/")
    assert len(rows) == rules.h, fen
    board = [None] * (rules.w * rules.h)
    for i, row in enumerate(rows):
        r, f, num = rules.h - 1 - i, 0, ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            board[r * rules.w + f] = ch
            f += 1
        assert f == rules.w, fen
    p = Pos()
    p.board = board
    p.stm = 0 if parts[1] == "w" else 1
    p.rights = frozenset(c for c in parts[2] if c in "KQkq") if len(parts) > 2 else frozenset()
    ep = parts[3] if len(parts) > 3 else "-"
    p.ep = None if ep == "-" else (int(ep[1:]) - 1) * rules.w + (ord(ep[0]) - 97)
    p.hands = hands
    # Where each side's king stands while it keeps castling rights.
    home = [None, None]
    for c, letters in ((0, "KQ"), (1, "kq")):
        if p.rights & set(letters):
            home[c] = board.index("K" if c == 0 else "k")
    p.home = tuple(home)
    return p


def attacked(rules, board, sq, by):
    """Is `sq` attacked by side `by` (0 white, 1 black)?"""
    up = by == 0

    def mine(p, letters):
        return p is not None and white(p) == up and p.lower() in letters

    for i, ray in enumerate(rules.rays[sq]):
        for t in ray:
            p = board[t]
            if p is not None:
                if mine(p, "qrae" if i < 4 else "qbas"):
                    return True
                break
    for t in rules.knight[sq]:
        if mine(board[t], "naves"):
            return True
    for t in rules.king[sq]:
        if mine(board[t], "kv"):
            return True
    dr = -1 if up else 1  # a white pawn attacks from the rank below
    for df in (1, -1):
        t = rules.step(sq, df, dr)
        if t is not None and mine(board[t], "p"):
            return True
    for t, paths in rules.falcon[sq].items():
        if mine(board[t], "f") and any(board[a] is None and board[b] is None for a, b in paths):
            return True
    return False


def in_check(rules, board, side):
    k = board.index("K" if side == 0 else "k")
    return attacked(rules, board, k, 1 - side)


def pseudo_moves(rules, pos):
    """Moves as (kind, from, to, extra): kind 'm' move (extra = promotion
    letter or None), 'e' en passant, 'c' castling (extra = (rook from, rook
    to)), 'd' drop (from = letter)."""
    b, side, w = pos.board, pos.stm, rules.w
    up = side == 0
    out = []
    seen = set()

    def add(kind, f, t, x=None):
        key = (kind, f, t, x)
        if key not in seen:
            seen.add(key)
            out.append(key)

    last = rules.h - 1 if up else 0
    promos = rules.promo
    if rules.drops:
        hand = pos.hands[side]
        promos = "".join(c for c in rules.promo if hand[c] > 0)
    for sq, p in enumerate(b):
        if p is None or white(p) != up:
            continue
        kind = p.lower()
        if kind == "p":
            dr = 1 if up else -1
            r = sq // w

            def pawn_to(t, cap):
                if t // w == last:
                    for c in promos:
                        add("m", sq, t, c)
                else:
                    add("m", sq, t, None)

            t = rules.step(sq, 0, dr)
            if t is not None and b[t] is None:
                pawn_to(t, False)
                if r == (1 if up else rules.h - 2):
                    t2 = rules.step(t, 0, dr)
                    if t2 is not None and b[t2] is None:
                        add("m", sq, t2, None)
            for df in (1, -1):
                t = rules.step(sq, df, dr)
                if t is None:
                    continue
                q = b[t]
                if q is not None and white(q) != up:
                    pawn_to(t, True)
                elif q is None and t == pos.ep:
                    add("e", sq, t, None)
            continue
        slides, steps, knight, falcon = PIECES[kind]
        for i, d in enumerate(ORTH + DIAG):
            if d not in slides:
                continue
            for t in rules.rays[sq][i]:
                q = b[t]
                if q is None:
                    add("m", sq, t)
                else:
                    if white(q) != up:
                        add("m", sq, t)
                    break
        targets = []
        if steps:
            targets += rules.king[sq]
        if knight:
            targets += rules.knight[sq]
        for t in targets:
            q = b[t]
            if q is None or white(q) != up:
                add("m", sq, t)
        if falcon:
            for t, paths in rules.falcon[sq].items():
                q = b[t]
                if (q is None or white(q) != up) and any(
                    b[a] is None and b[c] is None for a, c in paths
                ):
                    add("m", sq, t)
    # Castling.
    k = pos.home[side]
    if k is not None and b[k] == ("K" if up else "k"):
        rank = k // w
        kf = k % w
        for letter, rf, dirn in (("K", w - 1, 1), ("Q", 0, -1)):
            if (letter if up else letter.lower()) not in pos.rights:
                continue
            rook = rank * w + rf
            if b[rook] != ("R" if up else "r"):
                continue
            kt = kf + dirn * rules.castle
            rt = kt - dirn
            lo, hi = min(kf, kt, rf, rt), max(kf, kt, rf, rt)
            if any(b[rank * w + f] is not None for f in range(lo, hi + 1) if f not in (kf, rf)):
                continue
            if attacked(rules, b, k, 1 - side):
                continue
            ok = True
            for f in range(kf + dirn, kt + dirn, dirn):  # squares crossed, and the last
                s = rank * w + f
                tb = b[:]
                tb[k] = None
                tb[s] = b[k]
                if attacked(rules, b, s, 1 - side) or attacked(rules, tb, s, 1 - side):
                    ok = False
                    break
            if ok:
                add("c", k, rank * w + kt, (rook, rank * w + rt))
    # Drops.
    if rules.drops:
        for c, n in pos.hands[side].items():
            if n <= 0:
                continue
            letter = c.upper() if up else c
            for sq in range(len(b)):
                if b[sq] is None and not (c == "p" and sq // w in (0, rules.h - 1)):
                    add("d", letter, sq)
    return out


def make(rules, pos, m):
    kind, f, t, x = m
    n = pos.copy()
    b = n.board
    side = pos.stm
    captured = None
    n.ep = None
    if kind == "d":
        b[t] = f
        n.hands[side][f.lower()] -= 1
    elif kind == "c":
        rook_from, rook_to = x
        king, rook = b[f], b[rook_from]
        b[f] = b[rook_from] = None
        b[t], b[rook_to] = king, rook
    else:
        p = b[f]
        captured = b[t]
        b[f] = None
        if kind == "e":
            victim = t - rules.w if side == 0 else t + rules.w
            captured = b[victim]
            b[victim] = None
        if x is not None:  # promotion
            b[t] = x.upper() if side == 0 else x
            if rules.drops:
                n.hands[side][x] -= 1
        else:
            b[t] = p
        if p.lower() == "p" and abs(t - f) == 2 * rules.w:
            n.ep = (t + f) // 2
    if captured is not None and rules.drops:
        owner = 0 if white(captured) else 1
        c = captured.lower()
        n.hands[owner]["p" if c == "a" else c] += 1
    # Castling rights: gone when the king leaves home or a corner changes.
    rights = set(n.rights)
    w = rules.w
    touched = (f, t) if kind != "d" else (t,)
    for sq in touched:
        for c, letters in ((0, "KQ"), (1, "kq")):
            if pos.home[c] == sq:
                rights -= set(letters)
        for corner, letter in (
            (w - 1, "K"),
            (0, "Q"),
            ((rules.h - 1) * w + w - 1, "k"),
            ((rules.h - 1) * w, "q"),
        ):
            if sq == corner:
                rights.discard(letter)
    if kind == "c":
        rights -= set("KQ" if side == 0 else "kq")
    n.rights = frozenset(rights)
    n.stm = 1 - side
    return n


def legal_moves(rules, pos):
    out = []
    for m in pseudo_moves(rules, pos):
        n = make(rules, pos, m)
        if not in_check(rules, n.board, pos.stm):
            out.append((m, n))
    return out


def perft(rules, fen, depth):
    counts = [0] * (depth + 1)

    def walk(pos, ply):
        moves = legal_moves(rules, pos)
        counts[ply + 1] += len(moves)
        if ply + 1 < depth:
            for _, n in moves:
                walk(n, ply + 1)

    walk(parse_fen(rules, fen), 0)
    return counts[1:]


def move_text(rules, m):
    """Coordinate notation as XBoard and Griffon write it (castling as the
    king's move, drops as `N@e4`)."""
    kind, f, t, x = m

    def sq(s):
        return f"{chr(97 + s % rules.w)}{s // rules.w + 1}"

    if kind == "d":
        return f"{f.upper()}@{sq(t)}"
    return sq(f) + sq(t) + (x if kind == "m" and x else "")


def divide(rules, fen, depth):
    """Each legal move with the count below it."""
    pos = parse_fen(rules, fen)
    total = 0
    for m, n in legal_moves(rules, pos):
        if depth > 1:
            counts = [0] * depth

            def walk(p, ply):
                moves = legal_moves(rules, p)
                counts[ply] += len(moves)
                if ply + 1 < depth - 1:
                    for _, q in moves:
                        walk(q, ply + 1)

            walk(n, 0)
            c = counts[depth - 2]
        else:
            c = 1
        total += c
        print(f"{move_text(rules, m)}: {c}")
    print(f"Nodes: {total}")


def self_test():
    """Published chess counts (chessprogramming.org) the code must give."""
    chess = Rules("chess")
    cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197281]),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
    ]
    for fen, want in cases:
        got = perft(chess, fen, len(want))
        print(("ok  " if got == want else "FAIL"), fen, got)
        if got != want:
            sys.exit(1)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        self_test()
        return
    if len(sys.argv) == 5 and sys.argv[4] == "--divide" and sys.argv[1] in VARIANTS:
        divide(Rules(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
        return
    if len(sys.argv) != 4 or sys.argv[1] not in VARIANTS:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    rules = Rules(sys.argv[1])
    counts = perft(rules, sys.argv[2], int(sys.argv[3]))
    print(";".join(f"D{d} {n}" for d, n in enumerate(counts, 1)))


if __name__ == "__main__":
    main()
