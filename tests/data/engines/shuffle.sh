#!/usr/bin/env bash
# A CECP engine for the match runner's tests: its knight goes out and back
# (g1f3 f3g1 as White, g8f6 f6g8 as Black), so games repeat the position.
n=0
white=
while read -r line; do
    case "$line" in
        protover*) echo 'feature usermove=1 ping=1 setboard=1 sigint=0 sigterm=0 myname="shuffle" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        new) n=0; white= ;;
        go|usermove*)
            if [ -z "$white" ]; then
                if [ "$line" = go ]; then white=1; else white=0; fi
            fi
            if [ "$line" = go ] && [ "$white" = 0 ] && [ $n -gt 0 ]; then continue; fi
            if [ "$white" = 1 ]; then
                if [ $((n % 2)) = 0 ]; then echo "move g1f3"; else echo "move f3g1"; fi
            else
                if [ $((n % 2)) = 0 ]; then echo "move g8f6"; else echo "move f6g8"; fi
            fi
            n=$((n + 1)) ;;
        quit) exit 0 ;;
    esac
done
