#!/usr/bin/env python3
"""Were the games an engine did not win already decided when they reached
a material that Griffon's tablebases cover?

For each game in the PGN files that ENGINE drew or lost, the script
replays the moves with pyffish. It stops at the first position with exactly
MEN men whose material has a table file in TBDIR, taking only positions
where ENGINE is to move. That position is probed with `griffon tb probe
--path TBDIR`, after a colour flip where the file holds the other side's
material. The e.p. and clock fields are reset, and the probe gives the
table's value. One line is printed per such game, then a count per value.

Usage: tools/tablebase/table-entry-check.py VARIANT MEN TBDIR GRIFFON PGN... [--engine NAME]
(pyffish is for this analysis only; the engine does not use it.)
"""
import collections
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

ORDER = "KQRBNSMPACEFGHIJLOTUVWXYZD"


def material(board):
    men = [c for c in board if c.isalpha()]
    key = lambda c: (ORDER.index(c.upper()) if c.upper() in ORDER else 99, c.upper())
    white = "".join(sorted((c for c in men if c.isupper()), key=key))
    black = "".join(sorted((c.upper() for c in men if c.islower()), key=key))
    return white, black, len(men)


def main():
    args = sys.argv[1:]
    engine = "Griffon"
    if "--engine" in args:
        i = args.index("--engine")
        engine = args[i + 1]
        del args[i : i + 2]
    if len(args) < 5:
        sys.exit(__doc__)
    import pyffish as sf

    variant, men, tbdir, griffon, pgns = args[0], int(args[1]), args[2], args[3], args[4:]
    prefix = variant + "-"
    tables = {
        f[len(prefix) : -4]
        for f in os.listdir(tbdir)
        if f.startswith(prefix) and f.endswith(".gtb")
    }
    values = collections.Counter()
    for path in pgns:
        for tags, side, moves in pgn_elo.engine_games(path, engine):
            won = {"1-0": 0, "0-1": 1}.get(tags.get("Result"))
            if won == side or tags.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
                continue
            start = tags.get("FEN") or sf.start_fen(variant)
            for ply in range(side, len(moves) + 1, 2):
                fen = sf.get_fen(variant, start, moves[:ply])
                board, to_move = fen.split()[:2]
                white, black, n = material(board)
                if n != men:
                    continue
                if f"{white}v{black}" in tables:
                    pass
                elif f"{black}v{white}" in tables:
                    board = "/".join(r.swapcase() for r in board.split("/")[::-1])
                    to_move = "b" if to_move == "w" else "w"
                else:
                    continue
                probe = f"{board} {to_move} - - 0 1"
                out = subprocess.run(
                    [griffon, "tb", "probe", "--variant", variant, "--path", tbdir, "--fen", probe],
                    capture_output=True,
                    text=True,
                )
                value = (out.stdout.split("\n")[0] or "error: " + out.stderr.strip()).split(" (")[0]
                values[value.split(",")[0]] += 1
                print(f"round {tags.get('Round')} ply {ply} {white}v{black} {value}: {probe}")
                break
    for value, n in values.most_common():
        print(f"{n} {value}")


if __name__ == "__main__":
    main()
