#!/usr/bin/env bash
# Runs every Check unit-test binary in DIR and the CLI tests against IRHW.
# Records "<stage> passed failed skipped" in build/test-results/<stage>.
# usage: run_unit.sh TESTDIR IRHW [STAGE]
set -u
dir=$1 irhw=$2 stage=${3:-unit}
results=build/test-results
mkdir -p "$results"
passed=0 failed=0 skipped=0
for t in "$dir"/test_*; do
  [ -x "$t" ] || continue
  echo "--- $(basename "$t")"
  out=$("$t" 2>&1); rc=$?
  echo "$out"
  # Check's summary line: "NN%: Checks: C, Failures: F, Errors: E"
  line=$(echo "$out" | grep -E '^[0-9]+%: Checks: ' | tail -1)
  if [ -n "$line" ]; then
    c=$(echo "$line" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
    f=$(echo "$line" | sed -E 's/.*Failures: ([0-9]+).*/\1/')
    e=$(echo "$line" | sed -E 's/.*Errors: ([0-9]+).*/\1/')
    passed=$((passed + c - f - e)); failed=$((failed + f + e))
  elif [ $rc -eq 0 ]; then
    echo "FAIL: $(basename "$t") printed no Check summary"; failed=$((failed + 1))
  fi
  [ $rc -ne 0 ] && [ -z "$line" ] && failed=$((failed + 1))
  s=$(echo "$out" | grep -c '^SKIP' || true); skipped=$((skipped + s))
done
# Shell test scripts: each ends with "<name>: N passed, N failed, N skipped".
# Under the sanitizers they run their quick part (IRHW_CLI_QUICK=1).
quick=0; [ "$stage" = asan ] && quick=1
# the X-checks run shorter under the sanitizers (the Icarus side is not sanitized anyway)
xcycles=10000; [ $quick = 1 ] && xcycles=2000
run_script() { # NAME FILE
  local name=$1 file=$2 out line
  echo "--- $file"
  if out=$(IRHW_CLI_QUICK=$quick XCHECK_CYCLES=$xcycles bash "$file" "$irhw" 2>&1); then :; fi
  echo "$out"
  line=$(echo "$out" | grep -E "^$name: [0-9]+ passed, [0-9]+ failed" | tail -1)
  if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | sed -E "s/$name: ([0-9]+) passed.*/\\1/")))
    failed=$((failed + $(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')))
    skipped=$((skipped + $(echo "$line" | sed -E 's/.* ([0-9]+) skipped.*/\1/')))
  else
    echo "FAIL: $file did not finish"; failed=$((failed + 1))
  fi
}
run_script cli tests/test_cli.sh     # quick: no lint/area repeat
run_script sweep tests/test_sweep.sh # sweep, report, Slurm, SRAM table; quick: bad input, no runs
run_script xcheck tests/test_xcheck.sh # every block on Icarus (4-state), the X faults
run_script wave tests/test_wave.sh     # --wave-depth/-from/-to: refusals, FST window and depth
run_script workload_hwwl tests/test_workload_hwwl.sh # bfs/sssp on hwwl: small graphs in lockstep, bad input
echo "$stage: $passed passed, $failed failed, $skipped skipped"
echo "$stage $passed $failed $skipped" > "$results/$stage"
[ "$failed" -eq 0 ]
