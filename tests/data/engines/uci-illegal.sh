#!/usr/bin/env bash
# A UCI engine for the match runner's tests: it plays chess only (no
# UCI_Variant option) and answers every `go` with an illegal move (e2e5
# is never legal for the side to move at the start, nor after 1. e2e4
# for Black).
while read -r line; do
    case "$line" in
        uci) echo 'id name uci-illegal'; echo 'option name Hash type spin default 16 min 1 max 64'; echo uciok ;;
        isready) echo readyok ;;
        go*) echo "info depth 1 score cp 0 pv e2e5"; echo "bestmove e2e5" ;;
        quit) exit 0 ;;
    esac
done
