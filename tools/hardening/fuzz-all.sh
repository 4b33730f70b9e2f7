#!/usr/bin/env bash
# Runs every cargo fuzz target for SECONDS each (default 600), JOBS at a
# time (default 2), from the committed seeds plus the corpus it grows in
# fuzz/corpus/NAME (not committed). Findings land in fuzz/artifacts/NAME;
# a fixed one goes into fuzz/regressions/NAME, which
# tests/fuzz_regressions.rs runs in CI.
#
#   tools/hardening/fuzz-all.sh [SECONDS] [TARGET...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). The machine's Rust is
# stable: RUSTC_BOOTSTRAP=1 lets it take libFuzzer's nightly flags.
# Debug assertions are on (-a), so arithmetic overflow is a finding.
set -uo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/../.."
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(xbetza variant_file fen move_text protocol book tablebase play)
fi
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O -a >/dev/null 2>&1 || { echo "cargo fuzz build failed" >&2; exit 1; }
mkdir -p fuzz/logs
running=0
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    (
        cargo fuzz run -O -a "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
            -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
            >"fuzz/logs/$t.log" 2>&1
        rc=$?
        runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "fuzz/logs/$t.log" | tail -1 | awk '{print $2}')
        echo "$t: exit $rc, ${runs:-?} runs in ${seconds} s, corpus $(ls "fuzz/corpus/$t" | wc -l)"
    ) &
    running=$((running + 1))
    if [ "$running" -ge "${JOBS:-2}" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait
