#!/bin/bash
# Issue 8's strength matches: Griffon against Fairy-Max, 200 games per
# variant at 10 s + 0.1 s, two games at a time, random balanced 4-ply
# openings in colour-swapped pairs; games both engines agree are lost by
# 10 pawns for 4 moves are adjudicated. Results (PGN, JSON, progress) go to
# OUTDIR; `tools/match/match-table.py OUTDIR/*.json` turns them into the
# BENCHMARKS.md table.
#
# Usage: tools/match/strength-matches.sh OUTDIR VARIANT...
#   GRIFFON=path (default target/release/griffon, copied to OUTDIR so a
#   rebuild during the run does not change the engine)
#   OPPONENT="cmd=/usr/games/fairymax name=Fairy-Max" GAMES=200 TC=10+0.1
#   GRIFFON_ARGS="arg=xboard arg=--tb-path arg=DIR" (more engine words for
#   Griffon, here its tablebase directory)
set -eu
[ $# -ge 2 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
out=$1
shift
mkdir -p "$out"
cp "${GRIFFON:-target/release/griffon}" "$out/griffon"
opponent=${OPPONENT:-cmd=/usr/games/fairymax name=Fairy-Max}
for v in "$@"; do
    # shellcheck disable=SC2086
    "$out/griffon" match --engine "cmd=$out/griffon" name=Griffon ${GRIFFON_ARGS:-} --engine $opponent \
        --variant "$v" --tc "${TC:-10+0.1}" --games "${GAMES:-200}" --concurrency 2 \
        --random-plies 4 --seed 11 --adjudicate resign=4,score=1000 \
        --pgn "$out/$v.pgn" --json "$out/$v.json" > "$out/$v.out" 2> "$out/$v.err" || true
done
