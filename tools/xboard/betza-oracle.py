"""What XBoard 4.9.1 itself reads from the XBetza Griffon sends it: the
fixture of tests/xbetza_xboard491.rs.

    python3 tools/xboard/betza-oracle.py [--out FILE] [--show STRING]

XBoard's XBetza reader (MovesFromString, from the moves.c of XBoard
4.9.1's source) is compiled with a small driver (betza-oracle/harness.c)
and run on a few boards with blockers, from every square, for both sides:
for each piece of the catalogue below, on the string `griffon betza
--xboard` gives for it (the string a `piece` command sends), and for a few
legacy strings as they are written. The fixture keeps, per piece, board
and side, the number of moves XBoard accepts and a digest of the list;
the test computes both from Griffon's own moves of the piece as written,
so a translation that XBoard reads differently fails it. `--show STRING`
prints XBoard's moves of one string per square instead.

XBoard's source: XBOARD_GIT (a git directory with the tag v4.9.1, default
the mirror at /work/.mirror/arunpersaud+xboard/repo) or XBOARD_MOVES_C (a
moves.c file). Needs gcc. GRIFFON=path picks the engine (default
target/release/griffon). A developer tool: nothing of XBoard's is kept in
the repository, only what it computed."""
import os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GRIFFON = os.environ.get("GRIFFON", os.path.join(ROOT, "target/release/griffon"))
OUT = os.path.join(ROOT, "tests/data/xbetza/xboard491-moves.txt")

# Pieces as variant designers write them: (XBetza, dialect). Built-in
# pieces first (as Griffon's own variant files and Fairy-Stockfish's
# predefined pieces write them), then pieces of user files.
CATALOGUE = [
    (b, "xboard") for b in [
        "K", "Q", "R", "B", "N", "W", "F", "fW", "fR", "ffN", "vW", "vR",
        "fmWfcF", "fmWfceFifmnD", "fmFfceWifmnA", "fmFfcWifmA", "FfW", "WfF",
        "RF", "BW", "WD", "WA", "FA", "FD", "FAN", "WDN", "WFDA", "FAsmW",
        "vRsW", "sRvW", "FsfW", "FsbW", "fFvW", "FvW", "gQ", "N0",
        "KNADcaKmcabK", "vRfB", "vRbB", "BvR", "BsR", "KvR",
        "RbBfFfAfcafFfmcabF", "BsbRfWfDfcafWfmcabW",
        "mafmafsWmafrmaflWmaflmafrWmafsmafFmafmafsFmafrmaflFmaflmafrFmafsmafW",
    ]
] + [
    (b, "fairy") for b in [
        "fmWfceF", "mNcB", "mBcN", "mNcR", "mRcN", "cW", "fmWfF", "mRcpR",
        "pR", "fsW", "nN", "nA", "nZ", "RcpRnN", "KN", "fK", "QN",
    ]
] + [
    (b, "xboard") for b in [
        # bent riders: griffon, aanca and their must-turn forms
        "[F?R]", "[W?B]", "[F-R]", "[W-B]", "[F?fsR]", "[W?B3]",
        # bent leapers and riders from longer leaps
        "[W?F]", "[D?B]", "[N?B]", "[D?R]", "[A?B]",
        # hoppers
        "mRcpR", "pQ", "gQ", "[W?pR]", "mBcpB", "gR",
        # multi-leg and locust pieces
        "[cW?W]", "[cW-mW]", "[cF?F]", "[mW?cB]", "[F-mF-cF]", "fcafmF",
        "[cK?K]", "KmcaK", "cafcW", "[cR-mW]", "[mpW-R]",
        # written in the legacy notation already, in any order of letters
        "FyafsF", "WyafsW", "mafsW", "cmW", "mafsN", "ifmnD",
    ]
]

# Legacy strings that go to XBoard as written, to check the port of its
# reader in src/xbetza/legacy/read.rs against XBoard itself.
READER = [
    "mpafN", "mafN", "cmW", "nW", "mpafsW", "gafW", "yafR", "FyafsF", "KmcaK",
    "cafcR", "tpR", "oR", "jR", "jjB", "nD", "jN", "hrN", "hlN", "rfN", "fhN",
    "vsK", "fsK", "frblK", "vK", "WyafrfW", "mpafsmpafsW", "R3", "W2yafW",
]

# Boards: cells from the first rank up, files from a: '.' empty, 'f' a
# friend of the mover, 'x' a foe, 'K'/'k' a friendly / enemy king.
BOARDS = {
    "open8": (8, 8, "." * 64),
    "block8": (8, 8,
               "........"
               ".f....x."
               "...x...."
               "..f..f.."
               ".x..x..."
               "....f.x."
               ".x......"
               "...k..f."),
    "block10": (10, 10,
                ".........."
                "..x....f.."
                "....f....."
                ".x....x..."
                "...ff..x.."
                "......x..f"
                "..x......."
                ".f...xk..."
                "....x...f."
                ".........."),
}


def fnv(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def build_harness(tmp):
    moves_c = os.environ.get("XBOARD_MOVES_C")
    if moves_c:
        source = open(moves_c, errors="replace").read()
    else:
        git = os.environ.get("XBOARD_GIT", "/work/.mirror/arunpersaud+xboard/repo")
        source = subprocess.run(["git", "-C", git, "show", "v4.9.1:moves.c"],
                                check=True, capture_output=True, text=True,
                                errors="replace").stdout
    lines = source.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("char symmetry[]"))
    end = next(i for i, l in enumerate(lines) if l.startswith("} // next atom"))
    with open(os.path.join(tmp, "moves-extract.c"), "w") as f:
        f.write("\n".join(lines[start:end + 1]) + "\n")
    exe = os.path.join(tmp, "harness")
    subprocess.run(["gcc", "-O1", "-w", "-I", tmp, "-o", exe,
                    os.path.join(HERE, "betza-oracle", "harness.c")], check=True)
    return exe


def xboard_moves(exe, betza, board, color):
    w, h, cells = BOARDS[board]
    queries = [f"{w} {h} {color} 1 {x} {y} {cells} {betza}\n"
               for y in range(h) for x in range(w)]
    out = subprocess.run([exe], input="".join(queries), capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert len(out) == len(queries) and "error" not in out, (betza, out[:3])
    squares = [(x, y) for y in range(h) for x in range(w)]
    return [(sq, line) for sq, line in zip(squares, out)]


def digest(rows):
    text = "".join(f"{x}.{y}:{line}\n" for (x, y), line in rows)
    count = sum(0 if line == "-" else len(line.split()) for _, line in rows)
    return count, fnv(text)


def translate(betza, dialect):
    cmd = [GRIFFON, "betza", "--xboard", betza] + (["--fairy"] if dialect == "fairy" else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[-1]
    return r.stdout.strip(), None


def main():
    args = sys.argv[1:]
    out = OUT
    show = None
    while args:
        a = args.pop(0)
        if a == "--out":
            out = args.pop(0)
        elif a == "--show":
            show = args.pop(0)
        else:
            sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_harness(tmp)
        if show:
            for board in BOARDS:
                for (x, y), line in xboard_moves(exe, show, board, "w"):
                    print(f"{board} {x}.{y}: {line}")
            return
        rows = ["# What XBoard 4.9.1's own MovesFromString reads from the XBetza Griffon",
                "# sends it (tools/xboard/betza-oracle.py; tests/xbetza_xboard491.rs).",
                "# board NAME W H CELLS",
                "# DIALECT<TAB>WRITTEN<TAB>SENT<TAB>BOARD<TAB>SIDE<TAB>MOVES<TAB>DIGEST",
                "# (DIALECT - : SENT is checked against Griffon's port of XBoard's reader)",
                "# untranslatable<TAB>DIALECT<TAB>WRITTEN<TAB>REASON"]
        for name, (w, h, cells) in BOARDS.items():
            rows.append(f"board {name} {w} {h} {cells}")
        entries = [(d, b) for b, d in CATALOGUE] + [("-", b) for b in READER]
        for dialect, written in entries:
            if dialect == "-":
                sent = written
            else:
                sent, why = translate(written, dialect)
                if sent is None:
                    rows.append(f"untranslatable\t{dialect}\t{written}\t{why}")
                    print(f"{written}: untranslatable: {why}", file=sys.stderr)
                    continue
            for board in BOARDS:
                for color in "wb":
                    count, d = digest(xboard_moves(exe, sent, board, color))
                    rows.append(f"{dialect}\t{written}\t{sent}\t{board}\t{color}\t{count}\t{d}")
            print(f"{written} -> {sent}", file=sys.stderr)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(rows) + "\n")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
