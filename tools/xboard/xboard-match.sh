#!/usr/bin/env bash
# Play Griffon against another engine inside real XBoard, headless under Xvfb.
#
#   tools/xboard/xboard-match.sh VARIANT GAMES [TIME_PER_40_MOVES] [OUTDIR]
#
# TIME_PER_40_MOVES is XBoard's -timeControl: minutes or MIN:SEC (default 1).
# With INC=SECONDS in the environment the clock is incremental instead:
# TIME for the game plus INC seconds per move (e.g. INC=0.1 for 1 s + 0.1 s
# with TIME 0:01).
#
# Griffon is the first engine, Fairy-Max the second (set OPPONENT to another
# command, e.g. OPPONENT=/path/to/griffon for self-play). XBoard keeps its
# legality testing on unless LEGALITY=false (needed for Kyoto shogi, which
# XBoard 4.9.1 knows only through Griffon's `setup` on the shogi parent).
# XBOARD_ARGS adds options, e.g. an opening per game:
# XBOARD_ARGS="-loadPositionFile FILE -loadPositionIndex -1".
# The games go to OUTDIR/games.pgn and XBoard's debug log to
# OUTDIR/xboard.debug; at the end tools/xboard/xboard-report.py prints the
# match's table row.
#
# Needs the Debian packages xboard, xvfb and fairymax (installed if missing
# when run as root). Linux only: this is a developer tool, not part of the
# engine.
set -euo pipefail

variant=${1:?usage: $0 VARIANT GAMES [TIME] [OUTDIR]}
games=${2:?usage: $0 VARIANT GAMES [TIME] [OUTDIR]}
tc=${3:-1}
case "$tc" in
    *:*) seconds=$(( ${tc%%:*} * 60 + 10#${tc#*:} )) ;;
    *) seconds=$(( tc * 60 )) ;;
esac
out=${4:-xboard-match-$variant}
here=$(cd "$(dirname "$0")/../.." && pwd)
griffon=${GRIFFON:-$here/target/release/griffon}

need=()
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
[ -x /usr/games/xboard ] || need+=(xboard)
[ -x /usr/games/fairymax ] || need+=(fairymax)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ -x "$griffon" ] || (cd "$here" && cargo build --release -q)

mkdir -p "$out"
out=$(cd "$out" && pwd)
# Two known faults of Debian's Fairy-Max 5.0b, worked around so that the
# games are played at all: it does not announce sigint=0, so XBoard
# interrupts it with SIGINT, which kills it (the signal is ignored here);
# and XBoard's `computer` command followed by a move makes it crash with a
# segmentation fault (the line is filtered out; it only tells an engine
# that its opponent is a program).
cat > "$out/fairymax" <<'WRAP'
#!/bin/sh
trap '' INT
grep --line-buffered -v '^computer$' | /usr/games/fairymax "$@"
WRAP
chmod +x "$out/fairymax"
opponent=${OPPONENT:-$out/fairymax}

rm -f "$out/games.pgn" "$out/xboard.debug"
limit=$(( games * seconds * 12 + 300 ))
clock=(-timeControl "$tc" -movesPerSession 40)
if [ -n "${INC:-}" ]; then
    clock=(-timeControl "$tc" -timeIncrement "$INC")
    limit=$(( games * 600 + 300 ))
fi
timeout "$limit" xvfb-run -a /usr/games/xboard \
    -fcp "$griffon" -fd "$out" -scp "$opponent" -sd "$out" \
    -variant "$variant" -matchMode true -matchGames "$games" \
    "${clock[@]}" \
    -saveGameFile "$out/games.pgn" -debugMode true -nameOfDebugFile "$out/xboard.debug" \
    -popupExitMessage false -autoCallFlag true -testLegality "${LEGALITY:-true}" -animateMoving false \
    -saveSettingsOnExit false ${XBOARD_ARGS:-} \
    >"$out/xboard.out" 2>&1 || true

pgn="$out/games.pgn"
[ -f "$pgn" ] || { echo "no games were played; see $out/xboard.out" >&2; exit 1; }
# Score, how the games ended, and Griffon's illegal moves, errors, time
# losses and false claims, from the PGN and XBoard's debug log.
python3 "$here/tools/xboard/xboard-report.py" "$out"
echo "games: $pgn  log: $out/xboard.debug"
