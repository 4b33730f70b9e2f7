#!/usr/bin/env python3
"""Add up parts of one match (the same two engines and build, played in
several runs, e.g. with different seeds) from `griffon match` results.

Usage: tools/combine-matches.py [--first NAME] PART.json|PART.pgn [...]

A JSON summary counts the games its run finished; for a run that was cut
off, give its PGN instead (every game in it is finished: `griffon match`
writes a game when it ends), and name the engine to count for with
--first unless a JSON part comes before it. Prints the first engine's wins, losses and
draws, its score, the Elo difference with its 95% error bar (the same
normal approximation `griffon match` uses) and the likelihood of
superiority.
"""

import json
import math
import re
import sys


def pgn_counts(path, first):
    w = l = d = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for game in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        result = tags.get("Result")
        if result == "1/2-1/2":
            d += 1
        elif result in ("1-0", "0-1"):
            white_won = result == "1-0"
            if (tags.get("White") == first) == white_won:
                w += 1
            else:
                l += 1
    return w, l, d


def elo(s):
    if s <= 0.0:
        return -math.inf
    if s >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / s - 1.0)


def main():
    if len(sys.argv) < 2:
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
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    se = math.sqrt(var / n)
    lo, hi = elo(s - 1.959964 * se), elo(s + 1.959964 * se)
    los = 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l)))) if w + l else 0.5
    print(
        f"{first}: {n} games, +{w} -{l} ={d}, {100 * s:.1f} %, "
        f"Elo {elo(s):+.1f} +/- {(hi - lo) / 2:.1f}, LOS {100 * los:.1f} %"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
