#!/usr/bin/env python3
"""Usage: tools/reference/python_chess_suite.py PERFT_DIR COMMIT [MAX_COUNT] > perft-python-chess.epd

Converts python-chess's published perft files (examples/perft/*.perft in
github.com/niklasf/python-chess: `id`, `epd`, `perft DEPTH COUNT` records)
into a Griffon perft suite, for the variants Griffon also has. COMMIT is the
python-chess commit the files come from (written into the header). Counts
above MAX_COUNT (default 150,000,000) are left out to keep a full run of the
suite to minutes; the header says which.

The large files are sampled: chess960.perft (960 positions) every 96th
record, random.perft (6,838 records) every 684th; the others are taken
whole. Records of rules Griffon does not have (atomic with Chess960
castling) are listed in the header, and exact duplicates are listed once.
"""
import os
import sys
import textwrap

# file -> (Griffon variant, sampling step)
FILES = [
    ("3check.perft", "3check", 1),
    ("atomic.perft", "atomic", 1),
    ("crazyhouse.perft", "crazyhouse", 1),
    ("giveaway.perft", "giveaway", 1),
    ("tricky.perft", "chess", 1),
    ("random.perft", "chess", 684),
    ("chess960.perft", "fischerandom", 96),
]


def records(path):
    rec = None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key == "id":
            if rec:
                yield rec
            rec = {"id": rest, "epd": None, "perft": []}
        elif key == "epd":
            rec["epd"] = rest
        elif key == "perft":
            d, n = rest.split()
            rec["perft"].append((int(d), int(n)))
    if rec:
        yield rec


def fen_of(variant, epd):
    """python-chess writes an empty crazyhouse pocket as a trailing '/'
    (e.g. `4k3/.../8/ b - -`); Griffon reads the bracket form `[]`."""
    board, _, rest = epd.partition(" ")
    if variant == "crazyhouse" and board.count("/") == 8 and board.endswith("/"):
        board = board[:-1] + "[]"
    return f"{board} {rest}"


def orthodox_castling(fen):
    """Whether every castling right in FEN is an orthodox one (king on its
    e-file square, rook in the corner). python-chess runs every file in
    Chess960 mode, so positions with other castling rights are Chess960
    positions and go to Griffon's fischerandom."""
    board, _, rights = fen.split()[:3]
    ranks = board.split("/")

    def at(file, rank):  # rank 1..8
        row, f = ranks[8 - rank], 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                if f == file:
                    return ch
                f += 1
        return None

    need = {"K": ("K", 1, 7), "Q": ("K", 1, 0), "k": ("k", 8, 7), "q": ("k", 8, 0)}
    for r in rights:
        if r == "-":
            continue
        if r not in need:
            return False
        king, rank, corner = need[r]
        rook = "R" if king == "K" else "r"
        if at(4, rank) != king or at(corner, rank) != rook:
            return False
    return True


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    folder, commit = sys.argv[1], sys.argv[2]
    max_count = int(sys.argv[3]) if len(sys.argv) == 4 else 150_000_000
    lines, notes, seen = [], [], {}
    for name, variant, step in FILES:
        for i, rec in enumerate(records(os.path.join(folder, name))):
            if i % step:
                continue
            if rec["id"].startswith("atomic960"):
                notes.append(
                    f"# Not included: {name} '{rec['id']}' ({rec['epd']}): atomic with "
                    "Chess960 castling rights, rules Griffon's atomic (like "
                    "Fairy-Stockfish's) does not have."
                )
                continue
            fen = fen_of(variant, rec["epd"])
            v = variant
            if v == "chess" and not orthodox_castling(fen):
                v = "fischerandom"
            key = (fen, v)
            if key in seen:
                notes.append(f"# {name} '{rec['id']}' repeats '{seen[key]}' (listed once).")
                continue
            seen[key] = rec["id"]
            kept = [(d, n) for d, n in rec["perft"] if n <= max_count]
            big = [(d, n) for d, n in rec["perft"] if n > max_count]
            if big:
                notes.append(
                    f"# Left out for run time, {name} '{rec['id']}': "
                    + ", ".join(f"D{d} {n}" for d, n in big)
                )
            fields = ";".join(f"D{d} {n}" for d, n in kept)
            lines.append(f"{fen};variant {v};{fields}")
    print("# python-chess's published perft files (examples/perft/*.perft,")
    print(f"# github.com/niklasf/python-chess commit {commit[:12]}), written by")
    print("# tools/reference/python_chess_suite.py: 3check, atomic, crazyhouse and")
    print("# giveaway whole; tricky.perft (chessprogramming.org positions) whole;")
    print("# every 684th position of random.perft and every 96th of chess960.perft.")
    print("# 3check FENs give the checks each side still needs ('1+1'), as Griffon's do.")
    print("# python-chess runs every file in Chess960 mode: the chess positions whose")
    print("# castling rights are not orthodox (king off e1/e8 or rook off its corner)")
    print("# are given as fischerandom.")
    print("# Empty crazyhouse pockets written '/' by python-chess are written '[]'.")
    for n in notes:
        print(textwrap.fill(n[2:], 78, initial_indent="# ", subsequent_indent="#   "))
    print("# Format: FEN;variant NAME;D1 n;D2 n;...")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
