#!/usr/bin/env python3
"""Usage: tools/reference/fsf_speed.py VARIANT:DEPTH [VARIANT:DEPTH ...] [--rounds N] [--griffon PATH] [--fsf PATH] [--baseline PATH]

Paired perft timing of Griffon against Fairy-Stockfish (or, with
--baseline, against another Griffon build), start positions, one thread.

Each round runs both engines once on the same variant and depth, in turn
(the order alternating from round to round), and checks that the counts
agree. Griffon's time is the one `griffon perft` reports (the count
alone, no start-up); Fairy-Stockfish's is the time from `go perft D` to
its `Nodes searched:` line, after `setoption name UCI_Variant`,
`position startpos` and an `isready` handshake (no start-up either).
Fairy-Stockfish is the binary tools/fairy-stockfish/build.sh installs
(--fsf, default ~/.cache/griffon/fairy-stockfish/fairy-stockfish);
Griffon is --griffon, default $GRIFFON or target/release/griffon.

Per variant, one line on stdout, tab-separated:

    VARIANT DEPTH NODES ROUNDS GRIFFON_NPS OTHER_NPS RATIO LOW HIGH

GRIFFON_NPS and OTHER_NPS are medians over the rounds; RATIO is the
geometric mean over the rounds of the other engine's time over
Griffon's (above 1: Griffon is faster), LOW-HIGH its 95 % interval
(Student's t on the logarithms). Round by round figures go to stderr.

With --baseline PATH the other engine is the Griffon binary PATH, run
the same way (`perft --variant V --depth D`): a build against an older
one, e.g. to show that a change costs the other variants nothing.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Two-sided 95 % quantiles of Student's t, by degrees of freedom.
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
       8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160,
       14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
       20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t95(df):
    best = None
    for k in sorted(T95):
        if k <= df:
            best = T95[k]
    return best if best is not None else T95[1]


def griffon_run(path, variant, depth):
    """(nodes, seconds) of one `griffon perft` run."""
    out = subprocess.run([path, "perft", "--variant", variant, "--depth", str(depth)],
                         capture_output=True, text=True, check=True)
    nodes = re.search(r"Nodes: (\d+)", out.stdout)
    timing = re.search(r"(\d+) nodes in ([0-9.]+) s", out.stderr)
    if not nodes or not timing:
        raise RuntimeError(f"cannot read griffon's output: {out.stdout!r} {out.stderr!r}")
    return int(nodes.group(1)), float(timing.group(2))


def fsf_run(path, variant, depth):
    """(nodes, seconds) of one Fairy-Stockfish `go perft` run."""
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"fairy-stockfish ended before {prefix!r}")

    try:
        send("uci")
        wait_for("uciok")
        send(f"setoption name UCI_Variant value {variant}")
        send("position startpos")
        send("isready")
        wait_for("readyok")
        start = time.perf_counter()
        send(f"go perft {depth}")
        line = wait_for("Nodes searched:")
        seconds = time.perf_counter() - start
        send("quit")
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    return int(line.split(":")[1]), seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    ap.add_argument("runs", nargs="+", metavar="VARIANT:DEPTH")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--griffon", default=os.environ.get(
        "GRIFFON", os.path.join(ROOT, "target", "release", "griffon")))
    ap.add_argument("--fsf", default=os.path.expanduser(
        "~/.cache/griffon/fairy-stockfish/fairy-stockfish"))
    ap.add_argument("--baseline", help="another griffon binary to pair with, instead of Fairy-Stockfish")
    args = ap.parse_args()

    if args.baseline:
        other = lambda v, d: griffon_run(args.baseline, v, d)
        other_name = "baseline"
    else:
        other = lambda v, d: fsf_run(args.fsf, v, d)
        other_name = "fsf"
    ok = True
    for spec in args.runs:
        variant, _, depth = spec.rpartition(":")
        depth = int(depth)
        g_times, o_times, logs = [], [], []
        nodes = None
        for r in range(args.rounds):
            order = [("griffon", lambda: griffon_run(args.griffon, variant, depth)),
                     (other_name, lambda: other(variant, depth))]
            if r % 2:
                order.reverse()
            got = {}
            for name, run in order:
                got[name] = run()
            (gn, gt), (on, ot) = got["griffon"], got[other_name]
            if gn != on or (nodes is not None and gn != nodes):
                print(f"{variant} {depth}: counts differ: griffon {gn}, {other_name} {on}",
                      file=sys.stderr)
                ok = False
                break
            nodes = gn
            g_times.append(gt)
            o_times.append(ot)
            logs.append(math.log(ot / gt))
            print(f"{variant} {depth} round {r + 1}: griffon {gt:.3f} s, {other_name} {ot:.3f} s,"
                  f" ratio {ot / gt:.3f}", file=sys.stderr)
        if len(logs) != args.rounds:
            continue
        mean = statistics.fmean(logs)
        half = t95(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs)) \
            if len(logs) > 1 else float("inf")
        g_nps = nodes / statistics.median(g_times)
        o_nps = nodes / statistics.median(o_times)
        print("\t".join([variant, str(depth), str(nodes), str(args.rounds),
                         f"{g_nps / 1e6:.1f}M", f"{o_nps / 1e6:.1f}M",
                         f"{math.exp(mean):.2f}", f"{math.exp(mean - half):.2f}",
                         f"{math.exp(mean + half):.2f}"]), flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
