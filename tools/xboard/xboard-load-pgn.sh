#!/usr/bin/env bash
# Load each game of a PGN file into real XBoard (headless, under Xvfb) and
# report how XBoard ends it: a check that `griffon match` PGNs open in
# XBoard with every move accepted.
#
#   tools/xboard/xboard-load-pgn.sh VARIANT FILE.pgn [GAMES]
#
# For each game N (1..GAMES, default all) prints `game N: <XBoard's end of
# game>` from XBoard's debug log, or `game N: NO END` when XBoard stopped
# early (an illegal or unreadable move). Linux developer tool.
set -euo pipefail
variant=${1:?usage: $0 VARIANT FILE.pgn [GAMES]}
pgn=$(realpath "${2:?usage: $0 VARIANT FILE.pgn [GAMES]}")
count=${3:-$(grep -c '^\[Result' "$pgn")}
work=$(mktemp -d)
for n in $(seq 1 "$count"); do
    timeout 30 xvfb-run -a /usr/games/xboard -ncp -variant "$variant" \
        -loadGameFile "$pgn" -loadGameIndex "$n" -timeDelay 0 \
        -debugMode true -nameOfDebugFile "$work/debug.$n" \
        -popupExitMessage false -popupMoveErrors false \
        -saveSettingsOnExit false >"$work/out.$n" 2>&1 &
    pid=$!
    for _ in $(seq 1 40); do
        if grep -q 'GameEnds([0-9]*, [^(]' "$work/debug.$n" 2>/dev/null; then break; fi
        sleep 0.5
    done
    end=$(grep -o 'GameEnds([0-9]*, [^(][^,]*' "$work/debug.$n" 2>/dev/null | tail -1 | sed 's/GameEnds([0-9]*, //')
    echo "game $n: ${end:-NO END}"
    kill "$pid" 2>/dev/null || true
    pkill -f "nameOfDebugFile $work/debug.$n" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
done
# XBoard instances that outlived their game (xvfb-run's child survives
# the kill of the wrapper now and then).
pkill -f "nameOfDebugFile $work/" 2>/dev/null || true
rm -rf "$work"
