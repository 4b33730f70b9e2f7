#!/usr/bin/env python3
"""Depth, nodes and speed of Griffon and Fairy-Stockfish on the same
positions, each searching them for the same time on one thread.

Usage: tools/tuning/depth-speed.py VARIANT PGN[.gz] SECONDS [POSITIONS]

Takes positions at plies 16, 40 and 70 of the PGN's games of VARIANT
(replayed with pyffish, an independent move generator) until POSITIONS
(default 24) are taken, or the start position when PGN is `start`. Griffon
(`GRIFFON=`, default target/release/griffon, over CECP with `st`) and
Fairy-Stockfish (`FSF=`, default where tools/fairy-stockfish/build.sh puts
it, over UCI with `go movetime`) search each one (Griffon starts no
iteration past 60 % of its time, so compare speed and tree size, not the
depth alone). Prints, per engine, the mean depth reached, the mean nodes
and nodes per second, and the effective branching factor (the geometric
mean of nodes(d) / nodes(d-1) over the last four iterations); then, over
the depths both reached in a position, the geometric mean ratio of
Fairy-Stockfish's nodes to Griffon's for the same depth (below 1:
Fairy-Stockfish's tree is smaller).
"""
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

if len(sys.argv) < 4:
    sys.exit(__doc__)
variant, pgn = sys.argv[1], sys.argv[2]
try:
    seconds = float(sys.argv[3])
    wanted = int(sys.argv[4]) if len(sys.argv) > 4 else 24
except ValueError:
    sys.exit("SECONDS is a number and POSITIONS a whole number\n" + __doc__)
if seconds <= 0 or wanted <= 0:
    sys.exit("SECONDS and POSITIONS must be positive")
griffon = os.environ.get("GRIFFON", "target/release/griffon")
fsf = os.environ.get("FSF", os.path.expanduser("~/.cache/griffon/fairy-stockfish/fairy-stockfish"))
for name, path in (("GRIFFON", griffon), ("FSF", fsf)):
    if not os.access(path, os.X_OK):
        sys.exit(f"{name}={path}: not an executable (build it, or set {name})")

if pgn == "start":
    import pyffish as sf

    fens = [sf.start_fen(variant)]
else:
    fens = pgn_elo.positions(pgn, variant, wanted)[:wanted]
if not fens:
    sys.exit(f"no positions of {variant} in {pgn}")


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        for line in self.p.stdout:
            if pred(line):
                return line
        sys.exit("engine ended")


def search_griffon(e, fen):
    """Per finished iteration, depth -> (nodes, seconds), from the `post`
    lines."""
    for line in ("new", f"variant {variant}", "force", "setboard " + fen, f"st {seconds}", "go"):
        e.send(line)
    its = {}
    for line in e.p.stdout:
        m = re.match(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)", line)
        if m:
            its[int(m.group(1))] = (int(m.group(4)), int(m.group(3)) / 100)
        if line.startswith(("move ", "resign")) or re.search(r"(1-0|0-1|1/2-1/2) \{", line):
            break
    e.send("force")
    return its


def search_fsf(e, fen):
    """Per finished iteration, depth -> (nodes, seconds), from the `info`
    lines with a principal variation."""
    e.send(f"position fen {fen}")
    e.send(f"go movetime {int(seconds * 1000)}")
    its = {}
    for line in e.p.stdout:
        if line.startswith("bestmove"):
            break
        if line.startswith("info") and " pv " in line and "bound" not in line:
            d = re.search(r" depth (\d+)", line)
            n = re.search(r" nodes (\d+)", line)
            t = re.search(r" time (\d+)", line)
            if d and n and t:
                its[int(d.group(1))] = (int(n.group(1)), int(t.group(1)) / 1000)
    return its


g = Engine([griffon, "xboard"])
g.send("xboard")
g.send("protover 2")
g.until(lambda line: "done=1" in line)
g.send("post")
g.send("cores 1")
f = Engine([fsf])
f.send("uci")
f.until(lambda line: line.startswith("uciok"))
f.send(f"setoption name UCI_Variant value {variant}")
f.send("setoption name Threads value 1")
f.send("isready")
f.until(lambda line: line.startswith("readyok"))

results = {"griffon": [], "fairy-stockfish": []}
for fen in fens:
    results["griffon"].append(search_griffon(g, fen))
    f.send("ucinewgame")
    results["fairy-stockfish"].append(search_fsf(f, fen))
g.send("quit")
f.send("quit")


def summary(name, runs):
    depths, nodes, nps, ebf = [], [], [], []
    for its in runs:
        if not its:
            continue
        d = max(its)
        n, t = its[d]
        depths.append(d)
        nodes.append(n)
        if t > 0:
            nps.append(n / t)
        ds = sorted(its)[-5:]
        ratios = [its[b][0] / its[a][0] for a, b in zip(ds, ds[1:]) if its[a][0] > 0]
        if ratios:
            ebf.append(math.exp(sum(map(math.log, ratios)) / len(ratios)))
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")  # noqa: E731
    print(f"{name:16} depth {mean(depths):5.1f}  nodes {mean(nodes):10.0f}  "
          f"nps {mean(nps):8.0f}  branching {mean(ebf):4.2f}")


print(f"{variant}: {len(fens)} positions, {seconds} s each, one thread")
for name, runs in results.items():
    summary(name, runs)
logs = []
for gi, fi in zip(results["griffon"], results["fairy-stockfish"]):
    common = set(gi) & set(fi)
    if common:
        d = max(common)
        if gi[d][0] > 0 and fi[d][0] > 0:
            logs.append(math.log(fi[d][0] / gi[d][0]))
if logs:
    print(f"same depth: Fairy-Stockfish's nodes / Griffon's = "
          f"{math.exp(sum(logs) / len(logs)):.2f} (geometric mean, {len(logs)} positions)")
