#!/usr/bin/env python3
"""Move quality against a stronger judge: how much does Griffon's chosen
move lose, by Fairy-Stockfish's count, in positions from real games?

A 100-game screen against Fairy-Max takes an hour and still has an error
bar of about 8 points. This is a cheaper first filter for evaluation and
search changes: positions are labelled once with a score for every legal
move, then any Griffon build or weight file is scored in seconds by
node-limited (so deterministic) searches. A change that does not lower the
mean loss here is not worth a screen; one that does still has to win the
screen, since the judge is a proxy and not the opponent.

Usage: tools/tuning/move-quality.py label|score|judge ... (LABELS may be
gzipped: benchmarks/move-quality/makruk-labels.tsv.gz is the makruk set)

  label VARIANT PGN COUNT DEPTH SEED [ENGINE]  > LABELS.tsv
      COUNT positions with ENGINE (default Griffon) to move, plies 10-99,
      drawn at random (SEED) from the games; each line is the FEN, a tab,
      and `move:centipawns` for every legal move from Fairy-Stockfish's
      MultiPV search to DEPTH (scores for the side to move).
  score VARIANT LABELS.tsv [griffon search options...]
      Runs `griffon search --variant VARIANT --fen FEN OPTIONS` on each
      position (J parallel jobs, default 2) and prints the number of
      positions, the mean loss (best move's score minus the chosen move's,
      capped at 400 centipawns), how often the judge's first choice was
      played, and the count of losses of 100 or more. With PAIRED=FILE it
      also writes the per-position losses to FILE, and with BASE=FILE (an
      earlier PAIRED file) prints the paired difference and its 95 % bar.

  judge VARIANT LABELS.tsv NODES
      The same measure for the judge itself at a node limit (`go nodes`,
      16 MB hash, one thread): how far a search of Fairy-Stockfish's own
      evaluation gets at the nodes Griffon is given. Its losses fall to 0
      at the labelling depth; Griffon's level off where its evaluation
      disagrees with the judge's.

The judge: FSF=path to a Fairy-Stockfish binary (default: the one
tools/fairy-stockfish/build.sh installs, ~/.cache/griffon/fairy-stockfish/,
built from the pyffish source distribution with its classical evaluation).
GRIFFON=path picks the build (default
target/release/griffon). pyffish replays the games (analysis only; the
engine does not use it).
"""
import concurrent.futures
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

FSF = os.environ.get(
    "FSF", os.path.expanduser("~/.cache/griffon/fairy-stockfish/fairy-stockfish")
)
GRIFFON = os.environ.get("GRIFFON", "target/release/griffon")
CAP = 400


class Judge:
    """Fairy-Stockfish over UCI, scoring every legal move at once."""

    def __init__(self, variant):
        self.p = subprocess.Popen(
            [FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name MultiPV value 500")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the judge stopped")
            if line.startswith(prefix):
                return line

    def all_moves(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        scores = {}
        while True:
            line = self.wait("")
            if line.startswith("bestmove"):
                return scores
            m = re.search(r" depth (\d+) .*multipv \d+ score (cp|mate) (-?\d+).* pv (\S+)", line)
            if m and int(m.group(1)) == depth:
                v = int(m.group(3))
                if m.group(2) == "mate":
                    v = 10000 if v > 0 else -10000
                scores[m.group(4)] = v


def label(variant, pgn, count, depth, seed, engine="Griffon"):
    import pyffish as sf

    candidates = []
    for tags, side, moves in pgn_elo.engine_games(pgn, engine):
        start = tags.get("FEN") or sf.start_fen(variant)
        for ply in range(10 + side, min(100, len(moves)), 2):
            candidates.append((start, moves[:ply]))
    random.seed(seed)
    random.shuffle(candidates)
    judge = Judge(variant)
    done = 0
    for start, moves in candidates:
        if done == count:
            break
        fen = sf.get_fen(variant, start, moves)
        legal = sf.legal_moves(variant, fen, [])
        if len(legal) < 2:
            continue
        scores = judge.all_moves(fen, depth)
        if set(scores) != set(legal):
            continue
        print(fen + "\t" + " ".join(f"{m}:{v}" for m, v in scores.items()), flush=True)
        done += 1


def read_labels(labels):
    rows = []
    for line in pgn_elo.read_text(labels).splitlines():
        fen, moves = line.rstrip("\n").split("\t")
        rows.append((fen, {m: int(v) for m, v in (x.rsplit(":", 1) for x in moves.split())}))
    return rows


def report(results):
    n = len(results)
    losses = [r[0] for r in results]
    print(
        f"positions {n}  mean loss {sum(losses) / n:.1f} cp  judge's first choice "
        f"{sum(r[1] for r in results) / n:.3f}  losses >= 100: {sum(x >= 100 for x in losses)}"
    )
    return losses


def judge_score(variant, labels, nodes):
    judge = Judge(variant)
    judge.send("setoption name MultiPV value 1")
    judge.send("setoption name Hash value 16")
    results = []
    for fen, scores in read_labels(labels):
        judge.send("ucinewgame")
        judge.send(f"position fen {fen}")
        judge.send(f"go nodes {nodes}")
        move = judge.wait("bestmove").split()[1]
        best = max(scores.values())
        if move not in scores:
            sys.exit(f"the judge chose {move}, not a labelled move, in {fen}")
        results.append((min(CAP, best - scores[move]), scores[move] == best))
    report(results)


def score(variant, labels, options):
    rows = read_labels(labels)

    def one(row):
        fen, scores = row
        out = subprocess.run(
            [GRIFFON, "search", "--variant", variant, "--fen", fen, "--memory", "16", *options],
            capture_output=True,
            text=True,
        ).stdout
        m = re.search(r"^bestmove (\S+)", out, re.M)
        if not m or m.group(1) not in scores:
            sys.exit(f"no judged move from griffon for {fen}: {out[-200:]}")
        best = max(scores.values())
        return min(CAP, best - scores[m.group(1)]), scores[m.group(1)] == best

    jobs = int(os.environ.get("J", "2"))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(one, rows))
    n = len(results)
    losses = report(results)
    if os.environ.get("PAIRED"):
        with open(os.environ["PAIRED"], "w") as f:
            f.write("\n".join(map(str, losses)) + "\n")
    if os.environ.get("BASE"):
        base = [int(x) for x in open(os.environ["BASE"])]
        if len(base) != n:
            sys.exit("BASE has a different number of positions")
        mean, err = pgn_elo.paired([a - b for a, b in zip(losses, base)])
        print(f"paired difference from BASE: {mean:+.1f} +/- {err:.1f} cp")


def main():
    args = sys.argv[1:]
    if len(args) >= 6 and args[0] == "label":
        label(args[1], args[2], int(args[3]), int(args[4]), int(args[5]), *args[6:7])
    elif len(args) >= 3 and args[0] == "score":
        score(args[1], args[2], args[3:])
    elif len(args) == 4 and args[0] == "judge":
        judge_score(args[1], args[2], int(args[3]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
