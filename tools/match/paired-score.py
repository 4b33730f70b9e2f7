#!/usr/bin/env python3
"""Compare two match runs game by game over the openings both played.

`griffon match --seed S` gives every run the same openings in the same
order (the PGN `Round` tag), so a screen stopped after N games compares
fairly only with the same N rounds of the reference run. This prints both
scores over the common rounds and the mean paired difference with its 95 %
error bar (tools/lib/pgn_elo.py: normal approximation over the per-round
differences).

Usage: tools/match/paired-score.py NEW.pgn[.gz] OLD.pgn[.gz] [ENGINE]
  ENGINE: the player whose score is counted (default Griffon).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402


def scores(path, engine):
    """Round -> the engine's score (1, 0.5, 0) for finished games."""
    out = {}
    for game in pgn_elo.read_games(path):
        s = game.score_of(engine)
        if s is not None and "Round" in game.tags:
            out[int(game.tags["Round"])] = s
    return out


def line(name, rounds, s):
    w, l, d = pgn_elo.tally([s[r] for r in rounds])
    pct = 100.0 * sum(s[r] for r in rounds) / len(rounds)
    return f"{name}: +{w} -{l} ={d}, {pct:.1f} %"


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    engine = sys.argv[3] if len(sys.argv) == 4 else "Griffon"
    new, old = scores(sys.argv[1], engine), scores(sys.argv[2], engine)
    rounds = sorted(set(new) & set(old))
    if len(rounds) < 2:
        sys.exit("fewer than two rounds in common")
    mean, err = pgn_elo.paired([new[r] - old[r] for r in rounds])
    print(f"{len(rounds)} rounds in common")
    print(line("new", rounds, new))
    print(line("old", rounds, old))
    print(f"difference: {100 * mean:+.1f} +/- {100 * err:.1f} points (95 %)")


if __name__ == "__main__":
    main()
