#!/usr/bin/env bash
# Repository checks that need no build, run by .ci/run before cargo:
# benchmarks/ holds only what BENCHMARKS.md quotes (benchmarks/README.md).
# - The files tracked there total under 6 MB, counted as
#   `git ls-files benchmarks | xargs du -ch` counts them: room for one
#   gzipped PGN (150-250 KB with the engines' per-move score, depth and
#   time, which BENCHMARKS.md's depth figures are read from) behind each
#   official run, twelve against Fairy-Max and six against Fairy-Stockfish.
# - No raw artefact is tracked there: only summaries and compressed games
#   (*.md, *.json, *.pgn.gz, *.tsv.gz, and the *.ini / *.epd inputs of a
#   figure); an uncompressed PGN, a log or a text dump fails.
# - Every .gz file there is a valid gzip stream.
#
# Usage: tools/check-repo.sh (from anywhere inside the repository)
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.."
limit_kb=6144

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -d '' files < <(git ls-files -z -- benchmarks)
else
    mapfile -d '' files < <(find benchmarks -type f -print0)
fi
fail=0
bad=()
gz=()
for f in "${files[@]}"; do
    case $f in
        */.gitignore | *.md | *.json | *.ini | *.epd) ;;
        *.pgn.gz | *.tsv.gz) gz+=("$f") ;;
        *) bad+=("$f") ;;
    esac
done
if [ ${#bad[@]} -gt 0 ]; then
    echo "check-repo: raw artefacts tracked in benchmarks/ (keep a summary and at most one .pgn.gz per figure; gzip -9 a PGN):" >&2
    printf '  %s\n' "${bad[@]}" >&2
    fail=1
fi
for f in "${gz[@]}"; do
    gzip -t "$f" 2>/dev/null || { echo "check-repo: $f is not a valid gzip file" >&2; fail=1; }
done
kb=0
if [ ${#files[@]} -gt 0 ]; then
    kb=$(printf '%s\0' "${files[@]}" | xargs -0 du -ck | tail -1 | cut -f1)
fi
if [ "$kb" -ge "$limit_kb" ]; then
    echo "check-repo: benchmarks/ tracks ${kb} KB, over the ${limit_kb} KB limit; move old figures to docs/journal/ and git rm their files" >&2
    fail=1
fi
echo "check-repo: benchmarks/ tracks ${#files[@]} files, ${kb} KB (limit ${limit_kb} KB)"
exit $fail
