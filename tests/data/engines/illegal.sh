#!/usr/bin/env bash
# A CECP engine for the match runner's tests: it answers every move with
# an illegal one (e2e5 is never legal for the side to move at the start,
# nor after 1. e2e4 for Black).
while read -r line; do
    case "$line" in
        protover*) echo 'feature usermove=1 ping=1 setboard=1 sigint=0 sigterm=0 myname="illegal" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        go|usermove*) echo "move e2e5" ;;
        quit) exit 0 ;;
    esac
done
