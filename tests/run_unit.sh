#!/usr/bin/env bash
# Runs every Check unit-test binary in DIR and the CLI tests against IRHW,
# IRHW_JOBS (default 2, the cores) at a time, longest first; prints each
# one's output in a fixed order with its wall time once all have finished.
# Records "<stage> passed failed skipped" in build/test-results/<stage>.
# usage: run_unit.sh TESTDIR IRHW [STAGE]
set -u
dir=$1 irhw=$2 stage=${3:-unit}
results=build/test-results logs=build/unit-logs/$stage
rm -rf "$logs"; mkdir -p "$results" "$logs"
passed=0 failed=0 skipped=0
# Under the sanitizers the shell tests run their quick part (IRHW_CLI_QUICK=1)
# and the X-checks run shorter (the Icarus side is not sanitized anyway).
quick=0; [ "$stage" = asan ] && quick=1
xcycles=10000; [ $quick = 1 ] && xcycles=2000

# One item: a Check binary or "NAME:SCRIPT"; its output and "rc seconds" go to $logs.
run_item() {
  local item=$1 name log start rc
  name=${item%%:*}; name=${name##*/}; log=$logs/$name
  start=$(date +%s.%N)
  case "$item" in
    *:*) IRHW_CLI_QUICK=$quick XCHECK_CYCLES=$xcycles bash "${item#*:}" "$irhw" > "$log.out" 2>&1 ;;
    *) "$item" > "$log.out" 2>&1 ;;
  esac
  rc=$?
  echo "$rc $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')" > "$log.rc"
  echo "  [$stage] $name done (exit $rc, $(cut -d' ' -f2 "$log.rc") s)" >&2
}
export -f run_item; export logs irhw quick xcycles stage
# Check's per-test time limits, stretched: make test runs two stages side by side
export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-3}

# Shell test scripts: each ends with "<name>: N passed, N failed, N skipped".
scripts="cli:tests/cli/test_cli.sh
cli_habits:tests/cli/test_cli_habits.sh
bad_inputs:tests/cli/bad_inputs.sh
bad_values:tests/cli/bad_values.sh
bad_outputs:tests/cli/bad_outputs.sh
bad_readers:tests/cli/bad_readers.sh
workload_hwwl:tests/cli/test_workload_hwwl.sh
workload_iru:tests/cli/test_workload_iru.sh
iru_gpu:tests/cli/test_iru_gpu.sh
workload_gpu:tests/cli/test_workload_gpu.sh
hwwl_fastforward:tests/cli/test_hwwl_fastforward.sh
workload_help:tests/cli/test_workload_help.sh
gw:tests/cli/test_gw.sh
paper_figs:tests/cli/test_paper_figs.sh
graph_gen:tests/cli/test_graph_gen.sh
xcheck:tests/cosim/test_xcheck.sh
sweep:tests/cli/test_sweep.sh
explore:tests/cli/test_explore.sh
explore_vcd:tests/cli/test_explore_vcd.sh
wave:tests/cli/test_wave.sh
docs:tests/cli/test_docs.sh
wave_view:tests/cli/test_wave_view.sh
cache:tests/cli/test_cache.sh
profile:tests/cli/test_profile.sh
writes:tests/cli/test_writes.sh
report:tests/cli/test_report.sh
layers:tests/cli/test_layers.sh
gen_export:tests/cli/test_gen_export.sh"
# area_cli, synth_cache and power (Yosys, ABC, OpenSTA), bad_prove_traces (Yosys,
# Verilator's traces), signals (Yosys), faults (the faulty RTL variants) and
# cover_cross are
# not repeated under the sanitizers
[ $quick = 0 ] && scripts="area_cli:tests/cli/test_area_cli.sh
run:tests/cli/test_run.sh
bad_prove_traces:tests/cli/bad_prove_traces.sh
synth_cache:tests/cli/test_synth_cache.sh
power:tests/cli/test_power.sh
signals:tests/cli/test_signals.sh
$scripts
faults:tests/cosim/test_faults.sh
cover_cross:tests/cosim/test_cover_cross.sh"
# cli: quick skips the lint/area repeat; cli_habits: option forms, "did you
# mean", gen's folder per configuration; sweep: sweep, report, Slurm, SRAM
# table (quick: bad input, no runs); xcheck: every block on Icarus (4-state),
# the X faults; wave: --wave-depth/-from/-to; wave_view: exp_* in step, the
# first-mismatch view in GTKWave under Xvfb, failed writes, --wave-limit;
# workload_hwwl: bfs/sssp on hwwl; workload_iru: per-kernel filters, --timeout-sweep;
# iru_gpu: workload iru --machine gpu, plain loads vs load_iru, bad input;
# workload_gpu: the GPU core model, every --worklist; workload_help: each
# kind's --help rows are exactly the options it takes;
# paper_figs: irhw paper-figs --quick: every figure, the cache, a number re-run;
# explore: irhw explore's bad input (quick: only that), a small run, its
# cache and report; explore_vcd: workload --vcd and power's energy per run; graph_gen: irhw graph rmat/grid/info: same seed same file, counts, BFS depth.
# docs: README size, links, no dates outside the log, tests/bench/bench_log.sh;
# bad_inputs: malformed parameters and input files exit 2, no signal, bounded.
# cover_cross: issue 45's hwwl_core case: the wraps at the edge sizes hit, the
# narrowed region-size wire a mismatch.
# bad_values: numbers decimal, sweep ranges checked, SSSP weights, trace limits.
# bad_prove_traces: prove needs a check; trace writes fail with exit 3, never
# hang, stay under --wave-limit (Yosys and depth-2/SystemC builds: not quick).
# bad_outputs: an output that overlaps an input exits 2 naming both; graph folders.
# bad_readers: hostile --vcd traces and --liberty files exit 2, bounded; power --json whole.
# cache: the build cache under kill -9, signals, concurrent runs, damage.
# writes: every writer under a file-size limit and into /dev/full.
# report: irhw run's report from canned results (plots, n/a), in Chromium.
# layers: no include or call up the layers, no mutual dependency, no C file over 1,000 lines.
# gen_export: gen's .v/.f/.core: two designs read together without MODDUP
# (Verilator, Yosys), CAPI2 structure, cosim --rtl of it, a relative .gtkw.
# run: irhw run on fifo and icrn, -j 2 against -j 1, the BFS line, the report.
# signals: SIGTERM/SIGINT/SIGHUP mid-run in cosim, area, prove, sweep,
# paper-figs and workload: exit 128+signal, no child left, no cut file.
# the Check binaries whose source is in tests/unit/ (one left in the build
# folder by a removed test is not run)
bins=$(for t in "$dir"/test_*; do [ -x "$t" ] && [ -f "$(dirname "$0")/unit/${t##*/}.c" ] && echo "$t"; done)
# verdicts: --xcheck on a mismatch, interval refill, replays of failures,
# exit 2 of --rtl and graphs (builds ten configurations: not under the
# sanitizers)
[ $quick = 0 ] && scripts="$scripts
verdicts:tests/cli/test_verdicts.sh
workload_docs:tests/cli/test_workload_docs.sh
tour:tests/cli/test_tour.sh
lint:tests/cli/test_lint.sh
assert:tests/cli/test_assert.sh
contracts:tests/cli/test_contracts.sh
scoreboard:tests/cli/test_scoreboard.sh
progress:tests/cli/test_progress.sh"
# lint: make lint (cppcheck, clang-format) fails on a planted fault of each
# kind and passes on the sources (once: it reads the sources, not the binary).
# assert: assertion verdicts in cosim, irhw prove and its counterexample replay.
# contracts: port contracts listed and asserted, an output-only fault per block
# fails prove, the scoreboard's verdicts, prove --rtl with the leaf cells.
# scoreboard: hwwl_core's conservation check passes, an ID lost fails it.
# progress: prove's script from its template; the synthesis heartbeat.
# workload_docs: docs/workloads.md's jagmesh7 numbers re-run and compared.
# the scripts first: they are the longest, so the two queues end together
printf '%s\n%s\n' "$scripts" "$bins" | xargs -P "${IRHW_JOBS:-2}" -I{} bash -c 'run_item "$1"' _ {}

# every failing check, one line each, for tests/summary.sh to repeat at the end
fails=$results/$stage.fail; : > "$fails"
for t in $bins; do
  name=$(basename "$t"); read -r rc secs < "$logs/$name.rc"
  echo "--- $name (${secs}s)"
  out=$(cat "$logs/$name.out"); echo "$out"
  # Check's summary line: "NN%: Checks: C, Failures: F, Errors: E"
  line=$(echo "$out" | grep -E '^[0-9]+%: Checks: ' | tail -1)
  if [ -n "$line" ]; then
    c=$(echo "$line" | sed -E 's/.*Checks: ([0-9]+).*/\1/')
    f=$(echo "$line" | sed -E 's/.*Failures: ([0-9]+).*/\1/')
    e=$(echo "$line" | sed -E 's/.*Errors: ([0-9]+).*/\1/')
    passed=$((passed + c - f - e)); failed=$((failed + f + e))
  elif [ "$rc" -eq 0 ]; then
    echo "FAIL: $name printed no Check summary"; failed=$((failed + 1)); echo "$name: no Check summary (exit $rc)" >> "$fails"
  fi
  [ "$rc" -ne 0 ] && [ -z "$line" ] && failed=$((failed + 1)) && echo "$name: exit $rc" >> "$fails"
  # Check's failure lines: "file.c:LINE:F|E:tcase:test:...: message"
  echo "$out" | grep -E '^[^ :]+:[0-9]+:[FE]:|^FAIL' | sed "s|^|$name: |" >> "$fails"
  s=$(echo "$out" | grep -c '^SKIP' || true); skipped=$((skipped + s))
done
for item in $scripts; do
  name=${item%%:*} file=${item#*:}
  read -r rc secs < "$logs/$name.rc"
  echo "--- $file (${secs}s)"
  out=$(cat "$logs/$name.out"); echo "$out"
  line=$(echo "$out" | grep -E "^$name: [0-9]+ passed, [0-9]+ failed" | tail -1)
  if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | sed -E "s/$name: ([0-9]+) passed.*/\\1/")))
    failed=$((failed + $(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')))
    skipped=$((skipped + $(echo "$line" | sed -E 's/.* ([0-9]+) skipped.*/\1/')))
  else
    echo "FAIL: $file did not finish"; failed=$((failed + 1)); echo "$name: did not finish (exit $rc)" >> "$fails"
  fi
  echo "$out" | grep '^FAIL' | sed "s|^|$name: |" >> "$fails"
done
echo "$stage: $passed passed, $failed failed, $skipped skipped"
echo "$stage $passed $failed $skipped" > "$results/$stage"
[ "$failed" -eq 0 ]
