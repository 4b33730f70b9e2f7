#!/bin/bash
# The books shipped in books/: Griffon's own self-play games, made into
# extended-Polyglot books by `griffon book make`.
#
# Usage: tools/book/make-books.sh OUTDIR VARIANT...
#   GAMES=100 TC=1+0.02 NOISE=15 MAX_PLY=16 MIN_GAMES=2
# Each variant: GAMES games of Griffon against itself from the start
# position (no random opening plies), both with option `Eval Noise=NOISE`
# (that many centipawns of noise in every evaluation, seeded afresh each
# game, so the games differ), then `griffon book make --max-ply MAX_PLY
# --min-games MIN_GAMES`: a move enters the book when at least MIN_GAMES
# games played it in its first MAX_PLY plies, weighted by its points (2 per
# win, 1 per draw). The games go to OUTDIR/VARIANT.pgn, the book to
# OUTDIR/VARIANT.bin.
set -eu
[ $# -ge 2 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
out=$1
shift
mkdir -p "$out"
griffon=${GRIFFON:-target/release/griffon}
cp "$griffon" "$out/griffon"
for v in "$@"; do
    "$out/griffon" match --engine "cmd=$out/griffon" name=Griffon-A "option.Eval Noise=${NOISE:-15}" \
        --engine "cmd=$out/griffon" name=Griffon-B "option.Eval Noise=${NOISE:-15}" \
        --variant "$v" --tc "${TC:-1+0.02}" --games "${GAMES:-100}" --concurrency 2 \
        --pgn "$out/$v.pgn" --json "$out/$v.json" > "$out/$v.out" 2> "$out/$v.err" || true
    "$out/griffon" book make --variant "$v" --pgn "$out/$v.pgn" --max-ply "${MAX_PLY:-16}" \
        --min-games "${MIN_GAMES:-2}" --out "$out/$v.bin"
done
