#!/usr/bin/env python3
"""Usage: tools/reference/counting_fens.py > tests/data/counting/fsf-counting.txt
       tools/reference/counting_fens.py --perft VARIANT >> tests/data/perft/perft-VARIANT.epd

Reference games for the makruk, ASEAN and Cambodian counting rules
(Griffon's test variant `cambodian` in tests/data/variants/test-variants.ini
has the Cambodian counting on makruk's rules), played and written
by Fairy-Stockfish through pyffish (`pip install pyffish`): from each start
FEN a game of random legal moves (captures preferred, so that counts start
and restart), and after every ply the FEN Fairy-Stockfish writes (with a
running count's limit and plies in place of the e.p. field and the halfmove
clock) and whether the game may end there. Starts are hand-picked cases of
each rule (a capture that bares a king, a bare king that takes the last
pawn, a promotion against a bare king, board's honour, ASEAN's pawn rule,
FENs read in the middle of a count) and random placements of endgame
material; every game is also replayed from a FEN in the middle of its
count, as Fairy-Stockfish wrote it, so that reading such a FEN is tested.

Output, one block per game:

    game VARIANT START-FEN
    MOVE FEN-AFTER END

END is `count` where pyffish's is_optional_game_end says the game may end
and the FEN's count is over (plies counted above the limit), `other` where
it may end for another reason (repetition, ASEAN's 50-move rule), `-`
otherwise. A game stops at its first end, or when the side to move has no
legal move. --perft prints perft suite lines (`FEN;variant V;D1 n;...`)
for some makruk or ASEAN FENs with a running count, counted with
pyffish's legal moves.
The output is the same on every run (a fixed seed)."""
import random
import sys

import pyffish as sf

SEED = 45

# Letters of the pieces each variant's counting rules name.
LETTERS = {
    "makruk": {"rook": "r", "knight": "n", "khon": "s", "met": "m", "pawn": "p"},
    "asean": {"rook": "r", "knight": "n", "khon": "b", "met": "q", "pawn": "p"},
    "cambodian": {"rook": "r", "knight": "n", "khon": "s", "met": "m", "pawn": "p"},
}

# Hand-picked starts: each exercises one rule.
CASES = [
    # Rxa5 takes the last pawn and bares the king: two rooks, 8 moves
    # counted from the 4 men.
    ("makruk", "4k3/8/8/p7/8/8/8/RR2K3 w - - 0 1", ["a1a5"]),
    # The bare black king takes the last pawn: it counts at once.
    ("makruk", "8/8/8/8/8/4k3/3P4/R6K b - - 0 1", ["e3d2"]),
    # A pawn promotes against a bare king: the count starts.
    ("makruk", "7k/8/8/P7/8/8/8/K7 w - - 0 1", ["a5a6m"]),
    ("makruk", "7k/8/8/P7/8/8/8/KR6 w - - 0 1", ["a5a6m"]),
    # Board's honour (no pawns, both sides with pieces), then a capture
    # that bares a king restarts the count as pieces' honour.
    ("makruk", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["e1d2", "e8f7", "a1a8"]),
    ("makruk", "r3k3/8/8/8/8/8/1N6/RS2K3 w - - 0 1", []),
    # Khon, knights, mets against a bare king.
    ("makruk", "8/8/8/3k4/8/8/8/SS2K3 b - - 0 1", []),
    ("makruk", "8/8/8/3k4/8/8/8/NN2K3 b - - 0 1", []),
    ("makruk", "8/8/8/3k4/8/8/8/S2MK3 b - - 0 1", []),
    ("makruk", "8/8/8/3k4/8/8/8/M2MK3 b - - 0 1", []),
    # FENs in the middle of a count, as Fairy-Stockfish writes them: near
    # the end of a board's honour count, and of a pieces' honour count.
    ("makruk", "r3k3/8/8/8/8/8/8/R3K3 w - 128 120 70", []),
    ("makruk", "8/8/8/3k4/8/8/8/R3K3 b - 32 25 40", []),
    ("makruk", "8/8/8/3k4/8/2r5/8/R3K3 w - 128 127 90", []),
    # Knights cannot force mate: the count ends the game after 5 plies
    # (tests/xboard_protocol.rs plays this through the engine).
    ("makruk", "8/8/8/3k4/8/8/8/NN2K3 b - 64 60 40", []),
    # ASEAN: no count while pawns are on the board, even against a bare
    # king; a rook, khon or knight against a bare king counts from 0.
    ("asean", "4k3/8/8/p7/8/7P/8/R3K3 w - - 0 1", ["a1a5"]),
    ("asean", "4k3/8/8/p7/8/8/8/R3K3 w - - 0 1", ["a1a5"]),
    ("asean", "8/8/8/3k4/8/8/8/B3K3 b - - 0 1", []),
    ("asean", "8/8/8/3k4/8/8/8/N3K3 b - - 0 1", []),
    ("asean", "8/8/8/3k4/8/8/8/Q3K3 b - - 0 1", []),
    ("asean", "8/8/8/3k4/8/8/8/R3K3 b - 32 28 40", []),
    ("asean", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a8"]),
    ("asean", "8/8/8/8/8/4k3/3P4/R6K b - - 0 1", ["e3d2"]),
    # Cambodian (its endgames: no king or met that may still make its
    # first leap): board's honour with pawns on the board, for a side of
    # three men at most; the pieces' honour limits one move shorter.
    ("cambodian", "4k3/3p4/8/8/8/8/3P4/R3K3 w - - 0 1", []),
    ("cambodian", "4k3/8/8/p7/8/8/8/RR2K3 w - - 0 1", ["a1a5"]),
    ("cambodian", "8/8/8/8/8/4k3/3P4/R6K b - - 0 1", ["e3d2"]),
    ("cambodian", "8/8/8/3k4/8/8/8/S2MK3 b - - 0 1", []),
]

# Random endgames: (variant, white's men, black's men) besides the kings.
MATERIAL = [
    ("makruk", "rr", "p"),
    ("makruk", "r", "s"),
    ("makruk", "rs", "n"),
    ("makruk", "ss", "m"),
    ("makruk", "nn", "p"),
    ("makruk", "rm", "pp"),
    ("makruk", "pp", ""),
    ("makruk", "", "pp"),
    ("makruk", "rnm", "r"),
    ("asean", "rr", "p"),
    ("asean", "r", "b"),
    ("asean", "bq", "n"),
    ("asean", "nq", "p"),
    ("asean", "pp", ""),
    ("asean", "rq", "qq"),
    ("cambodian", "rr", "p"),
    ("cambodian", "rs", "nm"),
    ("cambodian", "nm", "pp"),
]

MAX_PLIES = 70


def attacks(board, sq, piece, variant):
    """Squares the piece on `sq` attacks (board: dict square -> letter)."""
    f, r = sq
    white = piece.isupper()
    kind = piece.lower()
    names = {v: k for k, v in LETTERS[variant].items()}
    name = names.get(kind, "king")
    fwd = 1 if white else -1
    steps = []
    if name == "king":
        steps = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    elif name == "knight":
        steps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    elif name == "khon":
        steps = [(1, 1), (-1, 1), (1, -1), (-1, -1), (0, fwd)]
    elif name == "met":
        steps = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
    elif name == "pawn":
        steps = [(1, fwd), (-1, fwd)]
    out = set()
    for a, b in steps:
        t = (f + a, r + b)
        if 0 <= t[0] < 8 and 0 <= t[1] < 8:
            out.add(t)
    if name == "rook":
        for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            t = (f + a, r + b)
            while 0 <= t[0] < 8 and 0 <= t[1] < 8:
                out.add(t)
                if t in board:
                    break
                t = (t[0] + a, t[1] + b)
    return out


def placement_fen(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get((f, r))
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def random_start(rng, variant, white, black):
    """A legal placement of the kings and the men, White or Black to move."""
    promo = {"makruk": (5, 2), "cambodian": (5, 2), "asean": (7, 0)}[variant]
    while True:
        board = {}
        men = [("K", None), ("k", None)] + [(m.upper(), None) for m in white] + [(m, None) for m in black]
        ok = True
        for letter, _ in men:
            sq = (rng.randrange(8), rng.randrange(8))
            if sq in board:
                ok = False
                break
            if letter.lower() == "p":
                # Pawns stand short of their promotion zone, past rank 1.
                rank = sq[1]
                if letter == "P" and not (1 <= rank < promo[0]):
                    ok = False
                    break
                if letter == "p" and not (promo[1] < rank <= 6):
                    ok = False
                    break
            board[sq] = letter
        if not ok:
            continue
        side = rng.choice("wb")
        # The side not to move may not be in check.
        them_king = [s for s, p in board.items() if p == ("k" if side == "w" else "K")][0]
        attackers = [(s, p) for s, p in board.items() if p.isupper() == (side == "w")]
        if any(them_king in attacks(board, s, p, variant) for s, p in attackers):
            continue
        fen = f"{placement_fen(board)} {side} - - 0 1"
        if sf.validate_fen(fen, variant) != 1 or not sf.legal_moves(variant, fen, []):
            continue
        return fen


def fen_count(fen):
    """(limit, ply) of a running count in a FEN, or None."""
    fields = fen.split()
    if fields[3] == "-" or not fields[3].isdigit():
        return None
    return int(fields[3]), int(fields[4])


def end_flag(variant, fen, moves, after):
    ended, _ = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return "-"
    count = fen_count(after)
    return "count" if count and count[1] > count[0] else "other"


def play(rng, variant, fen, forced):
    """The moves of a game from `fen` (first `forced`), each with the FEN
    after it and its end flag."""
    moves, out = [], []
    while len(moves) < MAX_PLIES:
        legal = sf.legal_moves(variant, fen, moves)
        if not legal:
            break
        if len(moves) < len(forced):
            m = forced[len(moves)]
            assert m in legal, (fen, moves, m)
        else:
            captures = [m for m in legal if sf.is_capture(variant, fen, moves, m)]
            m = rng.choice(captures if captures and rng.random() < 0.5 else legal)
        moves.append(m)
        after = sf.get_fen(variant, fen, moves)
        flag = end_flag(variant, fen, moves, after)
        out.append((m, after, flag))
        if flag != "-":
            break
    return out


def games(rng):
    starts = [(v, f, forced) for v, f, forced in CASES]
    for variant, white, black in MATERIAL:
        for _ in range(2):
            starts.append((variant, random_start(rng, variant, white, black), []))
    for variant, fen, forced in starts:
        record = play(rng, variant, fen, forced)
        yield variant, fen, record
        # The same game from a FEN in the middle of its count, as
        # Fairy-Stockfish wrote it; the moves after it, with the FENs
        # Fairy-Stockfish writes from there.
        counted = [i for i, (_, after, _) in enumerate(record[:-1]) if fen_count(after)]
        if counted:
            i = counted[len(counted) // 2]
            mid = record[i][1]
            rest = [m for m, _, _ in record[i + 1:]]
            again = []
            for k in range(len(rest)):
                after = sf.get_fen(variant, mid, rest[: k + 1])
                flag = end_flag(variant, mid, rest[: k + 1], after)
                again.append((rest[k], after, flag))
                if flag != "-":
                    break
            yield variant, mid, again


def perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def main():
    rng = random.Random(SEED)
    version = ".".join(map(str, sf.version()))
    if len(sys.argv) == 3 and sys.argv[1] == "--perft":
        wanted = sys.argv[2]
        print(f"# Positions in the middle of a count (Fairy-Stockfish's counting fields), counted with pyffish {version}'s legal moves (tools/reference/counting_fens.py --perft {wanted}).")
        for variant, fen in [
            ("makruk", "7k/8/8/R3K3/8/8/8/1R6 b - 16 16 5"),
            ("makruk", "r3k3/8/8/8/8/8/1N6/RS2K3 b - 128 37 60"),
            ("asean", "8/8/8/3k4/8/8/8/R3K3 b - 32 28 40"),
            ("asean", "8/8/3k4/8/8/2N5/1Q6/4K3 w - 128 3 44"),
        ]:
            if variant == wanted:
                counts = ";".join(f"D{d} {perft(variant, fen, [], d)}" for d in (1, 2, 3, 4))
                print(f"{fen};variant {variant};{counts}")
        return
    print(f"# Makruk and ASEAN counting: games of random moves played by pyffish {version}")
    print("# (Fairy-Stockfish), written by tools/reference/counting_fens.py.")
    print("# game VARIANT START-FEN, then per ply: MOVE FEN-AFTER END")
    print("# END: count (the count ran out), other (another optional end), - (none)")
    for variant, fen, record in games(rng):
        print(f"game {variant} {fen}")
        for m, after, flag in record:
            print(f"{m} {after} {flag}")


if __name__ == "__main__":
    main()
