#!/usr/bin/env bash
# A CECP engine for the match runner's tests that writes Lion moves in chu
# as HaChu does: the Lion jumps two squares forward, then passes by
# stepping out and back, each two-leg move sent as two lines (`move
# f5f6,` then `move f6f5`), which XBoard joins into one move.
n=0
side=
while read -r line; do
    case "$line" in
        protover*) echo 'feature usermove=1 ping=1 setboard=1 variants="chu" sigint=0 sigterm=0 myname="lion-legs" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        new) n=0; side= ;;
        go|usermove*)
            if [ -z "$side" ]; then
                if [ "$line" = go ]; then side=white; else side=black; fi
            fi
            if [ "$line" = go ] && [ "$side" = black ] && [ $n -gt 0 ]; then continue; fi
            if [ "$side" = white ]; then
                if [ $n = 0 ]; then echo "move f3f5"; else echo "move f5f6,"; echo "move f6f5"; fi
            else
                if [ $n = 0 ]; then echo "move g10g8"; else echo "move g8g7,"; echo "move g7g8"; fi
            fi
            n=$((n + 1)) ;;
        quit) exit 0 ;;
    esac
done
