#!/usr/bin/env python3
"""Compare two match runs game by game over the openings both played.

`griffon match --seed S` gives every run the same openings in the same
order (the PGN `Round` tag), so a screen stopped after N games compares
fairly only with the same N rounds of the reference run. This prints both
scores over the common rounds and the mean paired difference with its 95 %
error bar (normal approximation over the per-round differences).

Usage: tools/paired-score.py NEW.pgn OLD.pgn [ENGINE]
  ENGINE: the player whose score is counted (default Griffon).
"""
import math
import re
import sys


def scores(path, engine):
    """Round -> the engine's score (1, 0.5, 0) for finished games."""
    text = open(path, encoding="utf-8", errors="replace").read()
    out = {}
    for game in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        result = tags.get("Result")
        if result not in ("1-0", "0-1", "1/2-1/2") or "Round" not in tags:
            continue
        if engine not in (tags.get("White"), tags.get("Black")):
            continue
        white = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
        out[int(tags["Round"])] = white if tags["White"] == engine else 1.0 - white
    return out


def line(name, rounds, s):
    w = sum(1 for r in rounds if s[r] == 1.0)
    l = sum(1 for r in rounds if s[r] == 0.0)
    d = len(rounds) - w - l
    pct = 100.0 * sum(s[r] for r in rounds) / len(rounds)
    return f"{name}: +{w} -{l} ={d}, {pct:.1f} %"


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    engine = sys.argv[3] if len(sys.argv) == 4 else "Griffon"
    new, old = scores(sys.argv[1], engine), scores(sys.argv[2], engine)
    rounds = sorted(set(new) & set(old))
    if len(rounds) < 2:
        sys.exit("fewer than two rounds in common")
    diff = [new[r] - old[r] for r in rounds]
    n = len(diff)
    mean = sum(diff) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diff) / (n - 1))
    print(f"{n} rounds in common")
    print(line("new", rounds, new))
    print(line("old", rounds, old))
    print(f"difference: {100 * mean:+.1f} +/- {196 * sd / math.sqrt(n):.1f} points (95 %)")


if __name__ == "__main__":
    main()
