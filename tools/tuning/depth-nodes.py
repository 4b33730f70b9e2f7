#!/usr/bin/env python3
"""Nodes to a fixed depth, summed over positions from games: a quick check
that a move-ordering change does not make the search tree bigger.

Usage: tools/tuning/depth-nodes.py VARIANT PGN[.gz] DEPTH ENGINE [ENGINE ...]

Takes the positions at plies 16, 40 and 70 of the PGN's games of VARIANT
(replayed with pyffish, an independent move generator; games are read until
36 positions are taken), has each
engine (CECP, one thread) search each to DEPTH with `sd`, and prints the
sum of the nodes of each engine's last `post` line. Fewer nodes to the
same depth means better ordering, all else equal; differences of a few
per cent are within the noise of tree shapes.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import pgn_elo  # noqa: E402

if len(sys.argv) < 5:
    sys.exit(__doc__)

variant, pgn, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
engines = sys.argv[4:]
fens = pgn_elo.positions(pgn, variant, 36)
for engine in engines:
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    send("xboard")
    send("protover 2")
    send("post")
    send("cores 1")
    total = 0
    for fen in fens:
        for line in ("new", f"variant {variant}", "force", "setboard " + fen, f"sd {depth}", "st 1000", "go"):
            send(line)
        last = 0
        for line in p.stdout:
            m = re.match(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)", line)
            if m:
                last = int(m.group(4))
            if line.startswith(("move ", "resign")) or re.search(r"(1-0|0-1|1/2-1/2) \{", line):
                break
        send("force")
        total += last
    send("quit")
    p.wait(timeout=10)
    print(f"{engine}: {variant}, {len(fens)} positions, depth {depth}: {total} nodes")
