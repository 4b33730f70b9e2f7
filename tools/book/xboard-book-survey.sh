#!/usr/bin/env bash
# Do Griffon's book keys equal XBoard's along a game of each variant?
#
#   tools/book/xboard-book-survey.sh OUTDIR [VARIANT ...]
#
# Plays one Griffon self-play game per variant inside XBoard (headless,
# tools/xboard/xboard-match.sh) with XBoard probing a book before every move of
# the first BOOK_DEPTH moves (default 30), then compares XBoard's keys (its
# debug log) with Griffon's along the saved game
# (tools/book/xboard-book-check.py). Prints one line per variant. Runs JOBS
# games at a time (default 2). Without variants, every variant XBoard
# knows by name that Griffon plays.
set -uo pipefail
case ${1:-} in '' | -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2 ;; esac
out=$1
shift
here=$(cd "$(dirname "$0")/../.." && pwd)
griffon=${GRIFFON:-$here/target/release/griffon}
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    variants=(normal fischerandom wildcastle nocastle losers suicide giveaway atomic 3check
        twokings cylinder berolina knightmate shatranj makruk asean courier capablanca
        caparandom gothic janus falcon grand great seirawan spartan super crazyhouse shogi xiangqi)
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Any valid book serves: XBoard prints its key whether or not it holds
# the position.
book="$out/empty-chess.bin"
"$griffon" book make --variant normal --pgn "$here/tests/data/books/chess-games.pgn" --out "$book" >/dev/null
one() {
    local v=$1
    OPPONENT=$griffon XBOARD_ARGS="-usePolyglotBook true -polyglotBook $book -firstXBook -secondXBook -bookDepth ${BOOK_DEPTH:-30}" \
        "$here/tools/xboard/xboard-match.sh" "$v" 1 "${TC:-0:20}" "$out/$v" >"$out/$v.log" 2>&1
    local r
    r=$(python3 "$here/tools/book/xboard-book-check.py" "$v" "$out/$v/xboard.debug" "$out/$v/games.pgn" "$griffon" 2>&1 | tail -1)
    echo "$v: $r"
}
running=0
for v in "${variants[@]}"; do
    one "$v" &
    running=$((running + 1))
    if [ "$running" -ge "${JOBS:-2}" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
