#!/bin/bash
# Endgame conversion: two Griffon builds play each other from positions
# where White (to move) has mating material against a bare king, each
# build taking the strong side once per position, at a fixed depth; the
# games are refereed with the 50-move rule as XBoard plays the variant.
# Prints how many positions each build mated from.
#
# Usage: tools/tuning/conversion-test.sh NEW OLD VARIANT POSITIONS.epd OUTDIR [DEPTH]
#   (positions from tools/tuning/endgame-positions.py; DEPTH defaults to 14)
set -eu
[ $# -ge 5 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
lib=$(cd "$(dirname "$0")/../lib" && pwd)
new=$1 old=$2 variant=$3 epd=$4 out=$5 depth=${6:-14}
mkdir -p "$out"
tag=$(basename "$epd" .epd)
"$new" match --engine "cmd=$new" name=New --engine "cmd=$old" name=Old --variant "$variant" \
    --depth "$depth" --games $((2 * $(grep -c . "$epd"))) --openings "$epd" \
    --pgn "$out/$tag.pgn" --json "$out/$tag.json" > "$out/$tag.out" 2> "$out/$tag.err"
PYTHONPATH="$lib" python3 - "$out/$tag.pgn" << 'PY'
import sys
import pgn_elo
count = {"New": [0, 0], "Old": [0, 0]}
for g in pgn_elo.read_games(sys.argv[1]):
    white = g.tags["White"]
    count[white][1] += 1
    count[white][0] += g.result == "1-0"
print(f"{sys.argv[1]}: mated as the strong side: New {count['New'][0]}/{count['New'][1]}, "
      f"Old {count['Old'][0]}/{count['Old'][1]}")
PY
