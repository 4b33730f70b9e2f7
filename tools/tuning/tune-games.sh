#!/bin/bash
# Self-play games for `griffon tune`: Griffon against itself, two games at
# a time, random balanced 8-ply openings in colour-swapped pairs; lost
# games (10 pawns for 3 moves, both sides agreeing) adjudicated; at most
# 250 moves. One PGN per variant in OUTDIR.
#
# Usage: tools/tuning/tune-games.sh OUTDIR GAMES VARIANT...
#   LIMIT="--tc 2+0.02" (or "--depth 5", "--st 0.05"), GRIFFON=path
# Then: griffon tune --pgn OUTDIR/a.pgn --pgn OUTDIR/b.pgn ... --fix PAWN --out w.txt
# and test w.txt in a match: --engine cmd=griffon arg=xboard arg=--params arg=w.txt
set -eu
[ $# -ge 3 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
out=$1
games=$2
shift 2
mkdir -p "$out"
cp "${GRIFFON:-target/release/griffon}" "$out/griffon"
for v in "$@"; do
    # shellcheck disable=SC2086
    "$out/griffon" match --engine "cmd=$out/griffon" name=a --engine "cmd=$out/griffon" name=b \
        --variant "$v" ${LIMIT:---tc 2+0.02} --games "$games" --concurrency 2 \
        --random-plies 8 --seed "${SEED:-7}" --adjudicate resign=3,score=1000 \
        --adjudicate maxmoves=250 --pgn "$out/$v.pgn" > "$out/$v.out" 2> "$out/$v.err" || true
done
