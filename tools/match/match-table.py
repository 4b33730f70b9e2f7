#!/usr/bin/env python3
"""Markdown table rows for BENCHMARKS.md from `griffon match` results.

Usage: tools/match/match-table.py RESULT.json [RESULT.json ...]

For each JSON summary (written by `griffon match --json`) it reads the PGN
of the same name beside it (`X.json` -> `X.pgn` or `X.pgn.gz`), if there is
one, and prints one row: variant, games, the first engine's
wins/losses/draws, its score, Elo with the 95% error bar, how the games
ended (PGN Termination tags, counted), the faults (illegal moves, time
forfeits, crashes, hangs) the runner recorded, and each engine's mean
depth and seconds a move over the moves it commented (`{+0.52/12 0.3s}`;
depths of 100 and more, which Fairy-Stockfish reports once it has found a
mate, are left out and counted).
"""

import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402


def games_beside(json_path):
    """The games of the PGN beside JSON_PATH (`X.json` -> `X.pgn` or
    `X.pgn.gz`), or None if there is none."""
    base = json_path[: -len(".json")]
    pgn = next((p for p in (base + ".pgn", base + ".pgn.gz") if os.path.exists(p)), None)
    return None if pgn is None else list(pgn_elo.read_games(pgn))


def endings(games):
    """How the games ended: Termination tags, counted."""
    counts = collections.Counter()
    for game in games:
        reason = game.tags.get("Termination")
        if reason is None:
            continue
        # "White mates" and "Black mates" are both mates.
        reason = re.sub(r"^(White|Black) ", "", reason)
        reason = re.sub(r"^adjudication: (White|Black) is lost", "adjudicated lost", reason)
        counts[reason] += 1
    return ", ".join(f"{n} {r}" for r, n in counts.most_common())


def search_stats(games):
    """Each engine's mean depth and seconds a move, over the moves that
    carry a search comment with both."""
    depth = collections.defaultdict(list)
    secs = collections.defaultdict(list)
    deep = collections.Counter()
    for game in games:
        for ply in game.comments:
            found = game.search_comment(ply)
            if found is None or found[2] is None:
                continue
            name = game.mover(ply)
            if found[1] >= 100:
                deep[name] += 1
                continue
            depth[name].append(found[1])
            secs[name].append(found[2])
    parts = []
    for name in sorted(depth):
        d, t = depth[name], secs[name]
        text = f"{name} {sum(d) / len(d):.1f}, {sum(t) / len(t):.2f} s"
        if deep[name]:
            text += f" (without {deep[name]} at depth 100+)"
        parts.append(text)
    return "; ".join(parts)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("| variant | games | W-L-D | score | Elo (95%) | ended by | faults | depth, time a move |")
    print("|---|---|---|---|---|---|---|---|")
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            r = json.load(f)
        games = r["wins"] + r["losses"] + r["draws"]
        faults = r.get("faults") or []
        fault_text = "none" if not faults else "; ".join(str(x) for x in faults)
        # Elo and its error bar are null (infinite) at 0 % or 100 %, or
        # with no draws at all for the error bar.
        games_played = games_beside(path)
        ended = "?" if games_played is None else endings(games_played)
        searched = "?" if games_played is None else search_stats(games_played)
        elo = "inf" if r["elo"] is None else f"{r['elo']:+.0f}"
        err = "inf" if r["elo_error"] is None else f"{r['elo_error']:.0f}"
        print(
            f"| {r['variant']} | {games} | +{r['wins']} -{r['losses']} ={r['draws']} "
            f"| {100 * r['score']:.1f} % | {elo} +/- {err} "
            f"| {ended} | {fault_text} | {searched} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
