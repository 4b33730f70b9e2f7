#!/usr/bin/env bash
# A CECP engine for the match runner's tests: it dies when asked to move.
while read -r line; do
    case "$line" in
        protover*) echo 'feature usermove=1 ping=1 setboard=1 sigint=0 sigterm=0 myname="crash" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        go|usermove*) exit 3 ;;
        quit) exit 0 ;;
    esac
done
