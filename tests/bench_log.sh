#!/usr/bin/env bash
# Pastes out/bench.md (written by make bench) verbatim into README.md between
# the lines "<!-- bench table: begin -->" and "<!-- bench table: end -->".
#   bash tests/bench_readme.sh [out/bench.md] [README.md]
set -eu
md=${1:-out/bench.md}
readme=${2:-README.md}
[ -s "$md" ] || { echo "bench_readme: $md missing or empty (run make bench)" >&2; exit 2; }
grep -q '^<!-- bench table: begin -->$' "$readme" && grep -q '^<!-- bench table: end -->$' "$readme" ||
  { echo "bench_readme: no bench table markers in $readme" >&2; exit 2; }
awk -v md="$md" '
  /^<!-- bench table: begin -->$/ { print; while ((getline l < md) > 0) print l; skip = 1; next }
  /^<!-- bench table: end -->$/ { skip = 0 }
  !skip' "$readme" > "$readme.tmp" && mv "$readme.tmp" "$readme"
echo "bench_readme: $md pasted into $readme"
