#!/usr/bin/env bash
# Co-simulation regression: every line of tests/cosim/cosim_<block>.list is one
# `irhw cosim <block> <line>` run; two at a time (2 cores). Lines starting
# with "sweep:" run only with IRHW_SWEEP=full (make sweep).
# Every run must also hit every coverage point the configuration can reach
# (--require-coverage). Records "cosim passed failed 0" in build/test-results/cosim.
set -u
irhw=$1
results=build/test-results
mkdir -p "$results" build/cosim-logs
jobs=build/cosim-jobs.txt
: > "$jobs"
for list in tests/cosim/cosim_*.list; do
  blk=$(basename "$list" .list); blk=${blk#cosim_}
  # ONLY="a b" (make ONLY=...) limits the run to those blocks while others are being written
  if [ -n "${ONLY:-}" ] && ! echo " $ONLY " | grep -q " $blk "; then continue; fi
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    case "$line" in
      sweep:*) [ "${IRHW_SWEEP:-}" = full ] || continue; line=${line#sweep:} ;;
    esac
    [ -n "${line// }" ] || continue
    echo "$blk $line" >> "$jobs"
  done < "$list"
done
n=$(wc -l < "$jobs")
echo "co-simulation regression: $n configurations"
run_one() {
  irhw=$1; shift
  blk=$1; shift
  log="build/cosim-logs/$(echo "$blk $*" | tr -c 'A-Za-z0-9_=\n' '_' | cut -c1-150).log"
  start=$(date +%s.%N)
  timeout 900 "$irhw" cosim "$blk" "$@" --quiet --require-coverage > "$log" 2>&1; rc=$?
  t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  echo "  [cosim] $blk $* done (exit $rc, ${t} s)" >&2
  if [ $rc -eq 0 ]; then echo "PASS ${t}s $blk $*"; else
    echo "FAIL(rc=$rc) ${t}s $blk $* -- log $log"; sed 's/^/    /' "$log" | tail -15; fi
}
export -f run_one
out=$(xargs -P "${IRHW_JOBS:-2}" -L 1 bash -c 'run_one "$0" "$@"' "$irhw" < "$jobs")
echo "$out"
passed=$(echo "$out" | grep -c '^PASS' || true)
failed=$(echo "$out" | grep -c '^FAIL' || true)
echo "cosim: $passed passed, $failed failed"
echo "$out" | grep '^FAIL' > "$results/cosim.fail"
echo "cosim $passed $failed 0" > "$results/cosim"
[ "$failed" -eq 0 ] && [ "$passed" -eq "$n" ]
