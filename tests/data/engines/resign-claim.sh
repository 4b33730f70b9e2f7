#!/usr/bin/env bash
# A CECP engine for the match runner's tests: it resigns the way HaChu
# does, by claiming its own loss as a result (`0-1 {resign}` as White).
side=black
while read -r line; do
    case "$line" in
        protover*) echo 'feature usermove=1 ping=1 setboard=1 sigint=0 sigterm=0 myname="resigner" done=1' ;;
        ping*) echo "pong ${line#ping }" ;;
        new) side=black ;;
        go) side=white; echo "0-1 {resign}" ;;
        usermove*) if [ "$side" = white ]; then echo "0-1 {resign}"; else echo "1-0 {resign}"; fi ;;
        quit) exit 0 ;;
    esac
done
