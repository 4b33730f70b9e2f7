#!/usr/bin/env python3
"""Usage: tools/reference/cutechess_suite.py TST_BOARD.CPP COMMIT [--perft CUTECHESS_PERFT]
           [--max-count N] > perft-cutechess.epd

Extracts the perft cases of Cute Chess's move-generator test
(projects/lib/tests/chessboard/tst_board.cpp, `tst_Board::perft_data`) for
the variants Griffon also has, as a Griffon perft suite. Each case gives one
count (the depth the test runs); the comment beside many cases lists the
counts at other depths, which are taken too (they are Cute Chess's figures
as well). COMMIT is the Cute Chess commit the file comes from (written into
the header). Counts above --max-count (default 150,000,000) are left out
where the line keeps a smaller one, and said so in the header.

With --perft (the tools/reference/cutechess_perft.cpp program built from
the same Cute Chess commit), a line whose published counts are all above
250,000 (more than `cargo test` checks of this file) gets its depths 1 to
3 counted by Cute Chess's own move generator, and the header lists those
lines.

Cute Chess's variant names are mapped to Griffon's below; cases of variants
Griffon does not have are listed in the header, not silently dropped. FENs
are copied as written except where the header says otherwise.
"""
import argparse
import re
import subprocess
import sys
import textwrap

# Cute Chess variant -> Griffon variant.
VARIANTS = {
    "standard": "chess",
    "fischerandom": "fischerandom",
    "capablanca": "capablanca",
    "atomic": "atomic",
    "crazyhouse": "crazyhouse",
    "berolina": "berolina",
    "embassy": "embassy",
    "janus": "janus",
    "knightmate": "knightmate",
    "losers": "losers",
    # Lichess antichess is giveaway without castling; its start FEN has no
    # castling rights, so Griffon's giveaway plays it exactly.
    "antichess": "giveaway",
    "giveaway": "giveaway",
    "suicide": "suicide",
    "threekings": "threekings",
    "shatranj": "shatranj",
    "courier": "courier",
    "makruk": "makruk",
    "asean": "asean",
    "shogi": "shogi",
    "minishogi": "minishogi",
    "twokings": "twokings",
    "grand": "grand",
    "seirawan": "seirawan",
    "amazon": "amazon",
}

# Cases whose FEN Griffon's variant cannot hold, with the reason: written
# into the header instead of the suite.
SKIP = {
    "atomic pos1": "castling right Q for a king on g1 and a rook on b1 "
    "(Chess960 castling in atomic, which Griffon's atomic, like "
    "Fairy-Stockfish's, does not have)",
}


# Counts that follow another perft convention, by case and depth: Cute
# Chess's test perft (tst_board.cpp perftVal) goes on generating moves after
# the game has ended, where Griffon, Fairy-Stockfish and python-chess count
# no moves. A Cute Chess build of the same commit, with its perft stopping
# at a decided game (tools/reference/cutechess_perft.cpp, STOPEND=1),
# gives Griffon's counts.
CONVENTION = {
    "atomic startpos": (
        (5, 6),
        "counts moves of the side whose king has exploded (from 1.Nc3 d5 "
        "2.Nxd5 Qxd2, which blows up White's king, Cute Chess counts 20 White "
        "moves); stopping at the end of the game, Cute Chess's own code gives "
        "4864979 and 118926425, Griffon's and Fairy-Stockfish's counts",
    ),
    "threekings startpos": (
        (6,),
        "counts moves after a king has been taken (the game is over); "
        "stopping there, Cute Chess's own code gives 123473059, Griffon's and "
        "Fairy-Stockfish's count",
    ),
}


def fen_fix(variant, fen):
    """FEN fields Cute Chess writes differently, and why."""
    if variant == "makruk":
        # Cute Chess's makruk FEN has its counting fields in place of the
        # en-passant field ("w - 0 0 1"); Griffon reads Fairy-Stockfish's
        # FEN ("w - - 0 1"). No count is running in these positions.
        parts = fen.split()
        return " ".join(parts[:2] + ["-", "-", "0", "1"])
    return fen


def main():
    ap = argparse.ArgumentParser(usage=__doc__.strip().splitlines()[0][7:])
    ap.add_argument("tst_board")
    ap.add_argument("commit")
    ap.add_argument("--perft")
    ap.add_argument("--max-count", type=int, default=150_000_000)
    args = ap.parse_args()
    text = open(args.tst_board, encoding="utf-8").read()
    commit = args.commit
    max_count = args.max_count
    computed = []
    notes = []
    body = text[text.index("void tst_Board::perft_data()"):]
    body = body[: body.index("void tst_Board::perft()")]
    variant = None
    rows, skipped, others = [], [], set()
    # Statements: `variant = "x";` and QTest::newRow("name") << v << "fen" << d << Q_UINT64_C(n);
    pos = 0
    stmt = re.compile(
        r'variant\s*=\s*"([^"]+)"\s*;|QTest::newRow\("([^"]+)"\)(.*?);', re.S
    )
    for m in stmt.finditer(body, pos):
        if m.group(1):
            variant = m.group(1)
            continue
        name, rest = m.group(2), m.group(3)
        comment = " ".join(re.findall(r"//([^\n]*)", rest))
        code = re.sub(r"//[^\n]*", "", rest)
        fen = "".join(re.findall(r'"([^"]*)"', code))
        depth = int(re.search(r"<<\s*(\d+)\s*<<\s*Q_UINT64_C", code).group(1))
        count = int(re.search(r"Q_UINT64_C\((\d+)\)", code).group(1))
        if variant not in VARIANTS:
            others.add(variant)
            continue
        if name in SKIP:
            skipped.append((name, variant, fen, depth, count, SKIP[name]))
            continue
        counts = {depth: count}
        if variant == "twokings" and "asymmetrical" in comment:
            # The comment lists XBoard's (asymmetrical) counts first, then
            # those of a symmetrical variant Griffon does not have.
            comment = comment.split("symmetrical variant")[1]
        # Figures of other engines in parentheses, e.g. "(sjaakii: ...)".
        comment = re.sub(r"\([^)]*\)", "", comment)
        for d, n in re.findall(r"(\d+)\s*(?:ply|plies)\s*:\s*(\d+)", comment):
            counts.setdefault(int(d), int(n))
        if name in CONVENTION:
            depths, why = CONVENTION[name]
            left = ", ".join(f"D{d} {counts.pop(d)}" for d in depths)
            notes.append(f"# '{name}' ({VARIANTS[variant]}): {left} left out: {why}.")
        big = {d: n for d, n in counts.items() if n > max_count}
        if big and len(big) < len(counts):
            for d in big:
                del counts[d]
            notes.append(
                f"# '{name}' ({VARIANTS[variant]}): left out for run time: "
                + ", ".join(f"D{d} {n}" for d, n in sorted(big.items()))
                + "."
            )
        if args.perft and min(counts.values()) > 250_000:
            for d in (1, 2, 3):
                out = subprocess.run(
                    [args.perft, variant, fen, str(d)], capture_output=True, text=True, check=True
                ).stdout
                counts[d] = int(out.split("Nodes:")[1])
            computed.append(f"'{name}'")
        rows.append((name, VARIANTS[variant], fen_fix(variant, fen), counts))

    print("# Cute Chess's move-generator test cases (projects/lib/tests/chessboard/")
    print(f"# tst_board.cpp, perft_data, commit {commit[:12]}), every variant Griffon")
    print("# also has; written by tools/reference/cutechess_suite.py. Each line has the")
    print("# count the test checks and the other depths its comment lists. Cute Chess")
    print("# names mapped: standard = chess, antichess = giveaway (no castling")
    print("# rights in its FEN). Makruk FENs: Cute Chess's counting fields ('w - 0 0 1')")
    print("# written as Fairy-Stockfish's 'w - - 0 1' (no count is running).")
    for name, v, fen, depth, count, why in skipped:
        line = f"Not included: '{name}' ({v}, {fen}, D{depth} {count}): {why}."
        print(textwrap.fill(line, 78, initial_indent="# ", subsequent_indent="#   "))
    if computed:
        notes.append(
            "# D1-D3 counted with Cute Chess's own move generator "
            "(tools/reference/cutechess_perft.cpp, same commit) for the lines whose "
            "published counts are all above 250,000 (what cargo test checks of "
            "this file): " + ", ".join(computed) + "."
        )
    for n in notes:
        print(textwrap.fill(n[2:], 78, initial_indent="# ", subsequent_indent="#   "))
    others = "Variants Cute Chess tests that Griffon does not have: " + ", ".join(sorted(others)) + "."
    print(textwrap.fill(others, 78, initial_indent="# ", subsequent_indent="#   "))
    print("# Format: FEN;variant NAME;D1 n;D2 n;...")
    for name, v, fen, counts in rows:
        fields = ";".join(f"D{d} {counts[d]}" for d in sorted(counts))
        print(f"{fen};variant {v};{fields}")


if __name__ == "__main__":
    main()
