#!/bin/bash
# Issue 11's soak run: Griffon against itself across many variants at a
# fast control, then against Fairy-Max, counting faults (illegal moves,
# time forfeits, crashes, hangs) from each match's JSON summary.
#
# Usage: tools/hardening/soak.sh OUTDIR
#   SELF="normal capablanca ..." GAMES=100 TC=2+0.02 (self-play, per variant)
#   FAIRYMAX="normal capablanca shatranj makruk" FM_GAMES=50 (per variant)
#   SEED=7 (openings; a run in parts gives each part its own seed)
# The binary is copied to OUTDIR first, so a rebuild during the run does
# not change the engine. Prints a summary line per match and the totals.
set -u
case ${1:-} in '' | -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2 ;; esac
out=$1
mkdir -p "$out"
cp "${GRIFFON:-target/release/griffon}" "$out/griffon"
g="$out/griffon"
self=${SELF:-normal capablanca crazyhouse shogi xiangqi chu seirawan atomic makruk grand}
fm=${FAIRYMAX:-normal capablanca shatranj makruk}
run() { # NAME OPPONENT-WORDS VARIANT GAMES
    local name=$1 opp=$2 v=$3 n=$4
    # shellcheck disable=SC2086
    "$g" match --engine "cmd=$g" name=Griffon --engine $opp \
        --variant "$v" --tc "${TC:-2+0.02}" --games "$n" --concurrency 2 \
        --random-plies 6 --seed "${SEED:-7}" \
        --pgn "$out/$name-$v.pgn" --json "$out/$name-$v.json" >"$out/$name-$v.out" 2>"$out/$name-$v.err"
    python3 - "$out/$name-$v.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
games = s["wins"] + s["losses"] + s["draws"]
mine = [f for f in s["faults"] if f["fault"].startswith("Griffon:")]
print(f'{s["variant"]:12s} {games:4d} games, faults: {len(s["faults"])} ({len(mine)} by Griffon as the first engine), unplayed {s["unplayed"]}')
for f in s["faults"]:
    print(f'    game {f["game"]}: {f["fault"]}')
PY
}
for v in $self; do run self "cmd=$g name=Griffon-2" "$v" "${GAMES:-100}"; done
for v in $fm; do run fairymax "cmd=/usr/games/fairymax name=Fairy-Max" "$v" "${FM_GAMES:-50}"; done
