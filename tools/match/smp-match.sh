#!/bin/bash
# Issue 8's thread test: Griffon with 2 search threads against Griffon with
# 1, chess at 10 s + 0.1 s, ONE game at a time (two concurrent games would
# not leave the 2-thread engine two cores), random balanced 4-ply openings
# in colour-swapped pairs, lost positions (both agree 8 pawns for 4 moves)
# and dead level ones (both within 0.05 for 10 moves after move 40)
# adjudicated. 400 games take about 2.8 hours here, more than one
# session: run it in parts with different seeds on the same build and add
# them up with `tools/match/combine-matches.py OUTDIR/*.json`.
#
# Usage: tools/match/smp-match.sh OUTDIR SEED [GAMES]
#   GRIFFON=path (default target/release/griffon, copied to OUTDIR so a
#   rebuild during the run does not change the engine) VARIANT=normal
#   TC=10+0.1
set -eu
[ $# -ge 2 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
out=$1 seed=$2 games=${3:-400}
mkdir -p "$out"
[ -x "$out/griffon" ] || cp "${GRIFFON:-target/release/griffon}" "$out/griffon"
g="$out/griffon"
"$g" match --engine "cmd=$g" name=T2 cores=2 --engine "cmd=$g" name=T1 \
    --variant "${VARIANT:-normal}" --tc "${TC:-10+0.1}" --games "$games" --concurrency 1 \
    --random-plies 4 --seed "$seed" \
    --adjudicate resign=4,score=800 --adjudicate draw=10,margin=5,after=40 \
    --pgn "$out/seed$seed.pgn" --json "$out/seed$seed.json" \
    > "$out/seed$seed.out" 2> "$out/seed$seed.err" || true
