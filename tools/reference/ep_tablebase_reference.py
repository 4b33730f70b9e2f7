#!/usr/bin/env python3
"""Reference distances to mate for king and pawn against king and pawn on a
small board, with captures in passing, written independently of Griffon.

It checks Griffon's tablebase generator where pawns meet pawns: a double
step gives the opponent the right to take in passing on the next move only,
a right the tables do not store. Here every state carries that right
explicitly (the square passed, or none) and the whole game graph reachable
from KPvKP is solved by plain retrograde analysis (checkmate is a loss,
stalemate a draw, promotion to a queen only), so nothing of Griffon's
indexing, symmetry or un-move machinery is shared.

The same graph is also solved with the right never given; positions whose
value differs are the ones captures in passing decide.

Output (stdout), for tests/tablebase.rs:
  board W H
  digest STM FNV64 COUNT   over every legal KPvKP placement, STM = w or b
  hist STM VALUE COUNT     the values' histogram
  ep FEN VALUE NOEP        each position whose value the right changes
  right FEN VALUE NOEP     each position with a right to take in passing
                           (just given) whose value the right changes
VALUE is W<moves> (mates in that many of its own moves), L<moves> (is
mated after that many of its own moves) or D. The digest hashes, in the
loop order wk, bk, wp, bp (squares rank * W + file, a1 = 0), the text
"wk,bk,wp,bp:VALUE;" of each legal placement with FNV-1a 64.

Usage: tools/reference/ep_tablebase_reference.py [W H [berolina]] > tests/data/tablebase/ep-WxH.txt
With `berolina` the pawns are Berolina pawns (fmFfceWifmnA): they move
and step two diagonally and take straight ahead, in passing too.
"""
import sys
from collections import deque

if any(a in ("-h", "--help") for a in sys.argv[1:]):
    sys.exit(__doc__)
W, H = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (4, 6)
BEROLINA = "berolina" in sys.argv[3:]
N = W * H
NONE = -1
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def sq(f, r):
    return r * W + f


def coords(s):
    return s % W, s // W


def on(f, r):
    return 0 <= f < W and 0 <= r < H


# State: (stm, wk, bk, wp, bp, wq, bq, ep); stm 0 = White, 1 = Black; -1 =
# absent; ep = the square a double step just passed (the side to move may
# take there in passing), or -1.


def attacked(s, by, st):
    """Whether square s is attacked by side `by` in state st."""
    _, wk, bk, wp, bp, wq, bq, _ = st
    k, p, q = (wk, wp, wq) if by == 0 else (bk, bp, bq)
    occ = {x for x in (wk, bk, wp, bp, wq, bq) if x != NONE}
    f, r = coords(s)
    kf, kr = coords(k)
    if max(abs(kf - f), abs(kr - r)) == 1:
        return True
    if p != NONE:
        pf, pr = coords(p)
        dy = 1 if by == 0 else -1
        if pr + dy == r and abs(pf - f) == (0 if BEROLINA else 1):
            return True
    if q != NONE:
        qf, qr = coords(q)
        dx, dy = f - qf, r - qr
        if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and (dx or dy):
            n = max(abs(dx), abs(dy))
            sx, sy = dx // n, dy // n
            if all(sq(qf + sx * i, qr + sy * i) not in occ for i in range(1, n)):
                return True
    return False


def successors(st, ep_rights):
    stm, wk, bk, wp, bp, wq, bq, ep = st
    us = stm
    pieces = {"wk": wk, "bk": bk, "wp": wp, "bp": bp, "wq": wq, "bq": bq}
    me = "w" if us == 0 else "b"
    them = "b" if us == 0 else "w"
    occ_me = {pieces[me + t] for t in "kpq"} - {NONE}
    occ_them = {pieces[them + t] for t in "kpq"} - {NONE}
    out = []

    def emit(moved, new_sq, victim=None, promote=False, new_ep=NONE):
        p = dict(pieces)
        if victim is not None:
            p[victim] = NONE
        if promote:
            p[moved] = NONE
            p[me + "q"] = new_sq
        else:
            p[moved] = new_sq
        nst = (1 - us, p["wk"], p["bk"], p["wp"], p["bp"], p["wq"], p["bq"], new_ep)
        if not attacked(p[me + "k"], 1 - us, nst):
            out.append(nst)

    def victim_at(s):
        for t in "pq":
            if pieces[them + t] == s:
                return them + t
        return None  # the enemy king: never taken in a legal position

    # King.
    k = pieces[me + "k"]
    kf, kr = coords(k)
    for dx, dy in KING:
        if on(kf + dx, kr + dy):
            t = sq(kf + dx, kr + dy)
            if t in occ_me:
                continue
            if t in occ_them:
                v = victim_at(t)
                if v is None:
                    continue
                emit(me + "k", t, v)
            else:
                emit(me + "k", t)
    # Queen.
    q = pieces[me + "q"]
    if q != NONE:
        qf, qr = coords(q)
        for dx, dy in KING:
            f, r = qf + dx, qr + dy
            while on(f, r):
                t = sq(f, r)
                if t in occ_me:
                    break
                if t in occ_them:
                    v = victim_at(t)
                    if v is not None:
                        emit(me + "q", t, v)
                    break
                emit(me + "q", t)
                f, r = f + dx, r + dy
    # Pawn: chess (moves straight, takes diagonally, steps two straight)
    # or Berolina (moves diagonally, takes straight, steps two
    # diagonally); either takes in passing where it takes, on the square
    # the enemy pawn's double step just passed.
    p = pieces[me + "p"]
    if p != NONE:
        pf, pr = coords(p)
        dy = 1 if us == 0 else -1
        last = H - 1 if us == 0 else 0
        start = 1 if us == 0 else H - 2
        r1 = pr + dy
        steps, takes = ((-1, 1), (0,)) if BEROLINA else ((0,), (-1, 1))
        for dx in steps:
            if not on(pf + dx, r1):
                continue
            t1 = sq(pf + dx, r1)
            if t1 in occ_me or t1 in occ_them:
                continue
            emit(me + "p", t1, promote=(r1 == last))
            if pr == start and on(pf + 2 * dx, pr + 2 * dy):
                t2 = sq(pf + 2 * dx, pr + 2 * dy)
                if t2 not in occ_me and t2 not in occ_them:
                    emit(me + "p", t2, new_ep=t1 if ep_rights else NONE)
        for dx in takes:
            if not on(pf + dx, r1):
                continue
            t = sq(pf + dx, r1)
            if t in occ_them:
                v = victim_at(t)
                if v is not None:
                    emit(me + "p", t, v, promote=(r1 == last))
            elif t == ep:
                # The right was given by the enemy pawn's double step, and
                # that pawn (each side has one) is the victim.
                emit(me + "p", t, them + "p", promote=(r1 == last))
    return out


def kpkp_placements():
    for wk in range(N):
        for bk in range(N):
            if bk == wk:
                continue
            for wp in range(W, N - W):
                if wp in (wk, bk):
                    continue
                for bp in range(W, N - W):
                    if bp in (wk, bk, wp):
                        continue
                    yield wk, bk, wp, bp


def solve(ep_rights):
    """Values of every state reachable from a legal KPvKP placement:
    dict state -> plies to mate (odd: the side to move wins), None = draw."""
    ids = {}
    states = []
    succ = []
    todo = deque()

    def add(st):
        if st not in ids:
            ids[st] = len(states)
            states.append(st)
            todo.append(st)

    for wk, bk, wp, bp in kpkp_placements():
        for stm in (0, 1):
            st = (stm, wk, bk, wp, bp, NONE, NONE, NONE)
            if not attacked(bk if stm == 0 else wk, stm, st):
                add(st)
    while todo:
        st = todo.popleft()
        s = successors(st, ep_rights)
        for t in s:
            add(t)
        succ.append(s)  # states are taken in insertion order
    n = len(states)
    preds = [[] for _ in range(n)]
    left = [0] * n
    plies = [None] * n
    frontier = []
    for i, st in enumerate(states):
        s = succ[i]
        left[i] = len(s)
        for t in s:
            preds[ids[t]].append(i)
        if not s:
            stm = st[0]
            king = st[1] if stm == 0 else st[2]
            if attacked(king, 1 - stm, st):
                plies[i] = 0  # checkmated
                frontier.append(i)
    del succ
    depth = 0
    while frontier:
        nxt = []
        for i in frontier:
            lost = plies[i] % 2 == 0
            for j in preds[i]:
                if plies[j] is not None:
                    continue
                if lost:
                    plies[j] = depth + 1
                    nxt.append(j)
                else:
                    left[j] -= 1
                    if left[j] == 0:
                        plies[j] = depth + 1
                        nxt.append(j)
        frontier = nxt
        depth += 1
    return {states[i]: plies[i] for i in range(n)}


def value_text(p):
    if p is None:
        return "D"
    if p % 2 == 1:
        return "W%d" % ((p + 1) // 2)
    return "L%d" % (p // 2)


def fen(wk, bk, wp, bp, stm, ep=NONE, victim=NONE):
    board = {wk: "K", bk: "k", wp: "P", bp: "p"}
    rows = []
    for r in range(H - 1, -1, -1):
        row, empty = "", 0
        for f in range(W):
            c = board.get(sq(f, r))
            if c is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += c
        if empty:
            row += str(empty)
        rows.append(row)
    if ep == NONE:
        ep_field = "-"
    else:
        name = lambda x: "abcdefghijklmnop"[x % W] + str(x // W + 1)
        ep_field = name(ep)
        if victim != NONE and victim % W != ep % W:
            # Not straight beyond the square (a Berolina pawn): named too.
            ep_field += name(victim)
    return "/".join(rows) + (" w" if stm == 0 else " b") + " - %s 0 1" % ep_field


def fnv(h, text):
    for b in text.encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    with_ep = solve(True)
    print("solved with captures in passing", file=sys.stderr)
    without = solve(False)
    print("solved without", file=sys.stderr)
    print("board %d %d" % (W, H))
    for stm, name in ((0, "w"), (1, "b")):
        h, count, hist, diffs = 0xCBF29CE484222325, 0, {}, []
        for wk, bk, wp, bp in kpkp_placements():
            st = (stm, wk, bk, wp, bp, NONE, NONE, NONE)
            if attacked(bk if stm == 0 else wk, stm, st):
                continue  # the side not to move is in check
            v = value_text(with_ep[st])
            h = fnv(h, "%d,%d,%d,%d:%s;" % (wk, bk, wp, bp, v))
            count += 1
            hist[v] = hist.get(v, 0) + 1
            u = value_text(without[st])
            if u != v:
                diffs.append((fen(wk, bk, wp, bp, stm), v, u))
        print("digest %s %016x %d" % (name, h, count))
        for v in sorted(hist, key=lambda v: (v[0], int(v[1:] or 0))):
            print("hist %s %s %d" % (name, v, hist[v]))
        for f, v, u in diffs:
            print("ep %s %s %s" % (f, v, u))
    # Positions just after a double step, with the right they give.
    for stm in (0, 1):
        for wk, bk, wp, bp in kpkp_placements():
            # The pawn of the side not to move has just stepped two.
            moved, dy = (bp, -1) if stm == 0 else (wp, 1)
            f, r = coords(moved)
            if r != (H - 4 if stm == 0 else 3):
                continue
            for dx in (-2, 2) if BEROLINA else (0,):
                if not on(f - dx, r - 2 * dy):
                    continue
                passed, start = sq(f - dx // 2, r - dy), sq(f - dx, r - 2 * dy)
                if passed in (wk, bk, wp, bp) or start in (wk, bk, wp, bp):
                    continue
                st = (stm, wk, bk, wp, bp, NONE, NONE, passed)
                base = st[:7] + (NONE,)
                if st not in with_ep or base not in with_ep:
                    continue
                v, u = value_text(with_ep[st]), value_text(with_ep[base])
                if v != u:
                    text = fen(wk, bk, wp, bp, stm, passed, moved)
                    print("right %s %s %s" % (text, v, u))

if __name__ == "__main__":
    main()
