#!/usr/bin/env python3
"""Summarise tools/xboard/xboard-match.sh output directories as a Markdown table.

    tools/xboard/xboard-report.py DIR [DIR ...]

Each DIR holds games.pgn and xboard.debug from one match. For every match
the table gives Griffon's score, how the games ended (the PGN result
comments, counted), and what went wrong on Griffon's side in XBoard's debug
log: illegal moves, `Error` replies, time forfeits, and claims XBoard
judged false. Griffon is recognised by its name in the PGN tags; in
self-play both sides are Griffon and the score is White's wins, draws and
Black's wins.
"""
import os
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402


def report(d):
    d = Path(d)
    games = list(pgn_elo.read_games(d / "games.pgn"))
    gs = [(g.tags.get("White", ""), g.tags.get("Black", ""), g.result, g.final_comment) for g in games]
    log = (d / "xboard.debug").read_text(errors="replace")
    variant = games[0].tags.get("Variant", "normal") if games else "normal"
    self_play = all("Griffon" in w and "Griffon" in b for w, b, _, _ in gs)
    win = draw = loss = 0
    griffon_flag = opponent_flag = 0
    reasons = Counter()
    for w, b, result, comment in gs:
        reasons[re.sub(r"^Xboard adjudication: ", "", comment) or "?"] += 1
        g_white = "Griffon" in w
        if result == "1/2-1/2":
            draw += 1
        elif result in ("1-0", "0-1"):
            white_won = result == "1-0"
            # In self-play: White's wins, draws, Black's wins.
            if (self_play and white_won) or (not self_play and g_white == white_won):
                win += 1
            else:
                loss += 1
        if "wins on time" in comment:
            loser_white = comment.startswith("Black")
            if self_play or ("Griffon" in w) == loser_white:
                griffon_flag += 1
            else:
                opponent_flag += 1
    # Griffon is XBoard's first engine (and also the second in self-play).
    ours = r"<first :" if not self_play else r"<(?:first |second):"
    illegal = len(re.findall(ours + r" Illegal move", log))
    errors = len(re.findall(ours + r" Error", log))
    illegal_by_engine = len(re.findall(r"[Ii]llegal move.*(?:from|by) (?:first|Griffon)", log))
    false_claims = len(re.findall(r"^GE\(\d+, False (?:win|draw) claim", log, re.M))
    ends = ", ".join(f"{n} {r}" for r, n in reasons.most_common())
    who = "Griffon vs Griffon" if self_play else "vs Fairy-Max"
    score = f"{win}-{draw}-{loss}" if not self_play else f"{win}-{draw}-{loss} (White-draw-Black)"
    return (
        f"| {variant} | {who} | {len(gs)} | {score} | {illegal + illegal_by_engine} | {errors} "
        f"| {griffon_flag} | {opponent_flag} | {false_claims} | {ends} |"
    )


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("| variant | opponent | games | Griffon W-D-L | illegal | errors | Griffon time losses "
          "| opponent time losses | false claims | how games ended |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for d in sys.argv[1:]:
        try:
            print(report(d))
        except OSError as e:
            print(f"{d}: {e}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
