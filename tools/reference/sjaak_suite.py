#!/usr/bin/env python3
"""Usage: tools/reference/sjaak_suite.py XBOARD.CC COMMIT [--sjaak SJAAKII] [--max-count N] > perft-sjaak.epd

Extracts Sjaak II's built-in move-generator tables (the `*_perftests[]`
arrays of src/xboard.cc in github.com/RMKirkpatrick/SjaakII, checked by its
`test movegen` command) for the variants Griffon also has, as a Griffon
perft suite. COMMIT is the Sjaak II commit (written into the header).
Entries of one FEN at several depths are merged into one line. Counts above
--max-count (default 150,000,000) are left out, and said so in the header.

With --sjaak (a Sjaak II binary built from the same commit: the sources
compile with `g++ -O2 -mpopcnt -Iinclude` and no options), a line whose
table counts are all above 250,000 (more than `cargo test` checks of this
file) gets its depths 1 to 3 counted by Sjaak II's own `perft` command, and the header
lists those lines.

Sjaak II plays its "chess" with Chess960 castling (king and rook where the
FEN puts them); positions whose castling rights are not orthodox go to
Griffon's fischerandom. FEN spacing is normalised (Sjaak II writes
`... [Sbgnppp] b`, `b  - 0 7`); no other field is changed.
"""
import argparse
import re
import subprocess
import sys
import textwrap

TABLES = {
    "perftests": "chess",
    "spartan_perftests": "spartan",
    "shogi_perftests": "shogi",
    "xiangqi_perftests": "xiangqi",
    "seirawan_perftests": "seirawan",
    "crazyhouse_perftests": "crazyhouse",
}
# Sjaak II's variant for each table (its chess plays Chess960 castling too).
SJAAK_NAMES = {t: ("chess" if v == "chess" else v) for t, v in TABLES.items()}
NOT_GRIFFON = {"sittuyin_perftests": "sittuyin", "benchtests": None}


def orthodox_castling(fen):
    board, _, rights = fen.split()[:3]
    ranks = board.split("/")

    def at(file, rank):
        f = 0
        for ch in ranks[8 - rank]:
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
        if at(4, rank) != king or at(corner, rank) != ("R" if king == "K" else "r"):
            return False
    return True


def main():
    ap = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[0][7:])
    ap.add_argument("xboard_cc")
    ap.add_argument("commit")
    ap.add_argument("--sjaak")
    ap.add_argument("--max-count", type=int, default=150_000_000)
    args = ap.parse_args()
    src = open(args.xboard_cc, encoding="utf-8").read()
    commit = args.commit
    max_count = args.max_count
    order, counts, notes, sjaak_variant, computed = [], {}, [], {}, []
    for table, body in re.findall(
        r"static position_signature_t (\w+)\[\] = \{(.*?)\n\};", src, re.S
    ):
        if table in NOT_GRIFFON:
            if NOT_GRIFFON[table]:
                notes.append(f"# Not included: the {NOT_GRIFFON[table]} table (Griffon has no {NOT_GRIFFON[table]}).")
            continue
        variant = TABLES[table]
        for line in body.splitlines():
            m = re.search(r'\{\s*"([^"]+)",\s*(\d+),\s*(\d+)\s*\}', line)
            if not m:
                continue
            fen = " ".join(m.group(1).replace(" [", "[").split())
            depth, nodes = int(m.group(2)), int(m.group(3))
            v = variant
            if v == "chess" and not orthodox_castling(fen):
                v = "fischerandom"
            key = (fen, v)
            if nodes > max_count:
                notes.append(f"# Left out for run time: {fen} ({v}) D{depth} {nodes}.")
                continue
            if key not in counts:
                order.append(key)
                counts[key] = {}
            counts[key][depth] = nodes
            sjaak_variant[key] = table
    if args.sjaak:
        for key in order:
            c = counts[key]
            if min(c.values()) <= 250_000:
                continue
            variant = SJAAK_NAMES[sjaak_variant[key]]
            script = f"xboard\nforce\nvariant {variant}\nsetboard {key[0]}\nperft 3\nquit\n"
            out = subprocess.run(
                [args.sjaak], input=script, capture_output=True, text=True, timeout=600
            ).stdout
            for line in out.splitlines():
                m = re.match(r"\s*(\d)\s+(\d+)\s", line)
                if m:
                    c.setdefault(int(m.group(1)), int(m.group(2)))
            assert all(d in c for d in (1, 2, 3)), out
            computed.append(key[0])
        if computed:
            notes.append(
                "# D1-D3 counted with Sjaak II's own perft command (same commit) for "
                "the lines whose table counts are all above 250,000 (what cargo test "
                "checks of this file): "
                + "; ".join(computed) + "."
            )
    print("# Sjaak II's built-in move-generator tables (src/xboard.cc, the")
    print(f"# *_perftests arrays its 'test movegen' checks; RMKirkpatrick/SjaakII commit")
    print(f"# {commit[:12]}), written by tools/reference/sjaak_suite.py: chess (with")
    print("# Martin Sedlak's, the wiki's, Reinhard Scharnagl's Chess960 and John")
    print("# Merlino's positions; the last only in Sjaak's debug builds), spartan,")
    print("# shogi, xiangqi, seirawan and crazyhouse. Sjaak's chess castles Chess960")
    print("# style: positions with other than orthodox castling rights are given as")
    print("# fischerandom. Xiangqi FENs use XBoard's letters (H horse, E elephant).")
    for n in notes:
        print(textwrap.fill(n[2:], 78, initial_indent="# ", subsequent_indent="#   "))
    print("# Format: FEN;variant NAME;D1 n;D2 n;...")
    for fen, v in order:
        c = counts[(fen, v)]
        fields = ";".join(f"D{d} {c[d]}" for d in sorted(c))
        print(f"{fen};variant {v};{fields}")


if __name__ == "__main__":
    main()
