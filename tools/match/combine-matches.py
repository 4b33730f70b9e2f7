#!/usr/bin/env python3
"""Add up parts of one match (the same two engines and build, played in
several runs, e.g. with different seeds) from `griffon match` results.

Usage: tools/match/combine-matches.py [--first NAME] PART.json|PART.pgn[.gz] [...]

A JSON summary counts the games its run finished; for a run that was cut
off, give its PGN instead (every game in it is finished: `griffon match`
writes a game when it ends), and name the engine to count for with
--first unless a JSON part comes before it. Prints the first engine's wins,
losses and draws, its score, the Elo difference with its 95% error bar and
the likelihood of superiority (tools/lib/pgn_elo.py, the formulas
`griffon match` uses).
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402


def pgn_counts(path, first):
    points = [s for s in (g.score_of(first) for g in pgn_elo.read_games(path)) if s is not None]
    return pgn_elo.tally(points)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    w = l = d = 0
    first = None
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "--first":
        first, args = args[1], args[2:]
    for path in args:
        if path.endswith(".json"):
            with open(path, encoding="utf-8") as f:
                r = json.load(f)
            name = r["engines"][0]["name"]
            parts = (r["wins"], r["losses"], r["draws"])
        else:
            if first is None:
                print("name the engine with --first, or give a JSON part first", file=sys.stderr)
                return 2
            name = first
            parts = pgn_counts(path, first)
        if first is not None and name != first:
            print(f"{path}: first engine {name}, not {first}", file=sys.stderr)
            return 1
        first = name
        w, l, d = w + parts[0], l + parts[1], d + parts[2]
        print(f"{path}: +{parts[0]} -{parts[1]} ={parts[2]}", file=sys.stderr)
    n = w + l + d
    if n == 0:
        print("no games", file=sys.stderr)
        return 1
    elo, err = pgn_elo.elo(w, l, d)
    print(
        f"{first}: {n} games, +{w} -{l} ={d}, {100 * pgn_elo.score(w, l, d):.1f} %, "
        f"Elo {elo:+.1f} +/- {err:.1f}, LOS {100 * pgn_elo.los(w, l):.1f} %"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
