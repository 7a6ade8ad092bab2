#!/usr/bin/env bash
# One signal policy for every verb (docs/errors.md, "Signals"): SIGTERM,
# SIGINT or SIGHUP in the middle of a run stops every child process (Yosys,
# the jobs of area, run, sweep and paper-figs, their tools), leaves each output
# whole, absent or as NAME.partial, removes the synthesis cache's private
# folders, says where the run stopped, and irhw dies of the signal (exit
# 143 for SIGTERM, 130 for SIGINT). The build cache's signal cases are in
# tests/cli/test_cache.sh.
# Prints "signals: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND", as in bad_inputs.sh: each
# command is stopped by `timeout -s SIG` and checks the exit itself; the
# runs below the table are started in the background, signalled once they
# are working, and checked afterwards (processes, files, the cache).
set -u
. "$(dirname "$0")/lib_cases.sh"
battery signals "$1" 262144

# ---- inputs ---------------------------------------------------------------
cd "$T"
mkfifo never.graph never.csv # opened, never written: the run waits for them
# a path of 1M vertices: read in well under a second, then a BFS of 1M
# levels that runs for minutes, so the signal finds it in the bfs run
awk 'BEGIN { for (i = 0; i < 1000000; i++) print i, i + 1 }' > big.txt

cases=$(cat << 'EOF'
# a verb blocked on its input: the message names the verb and the signal
0 | 20 | irhw workload: stopped by SIGTERM | timeout --preserve-status -s TERM 1 $I workload bfs --graph never.graph --model-only; [ $? = 143 ]
0 | 20 | at reading never.graph | timeout --preserve-status -s TERM 1 $I workload bfs --graph never.graph --model-only; [ $? = 143 ]
0 | 20 | irhw cosim: stopped by SIGINT | timeout --preserve-status -s INT 1 $I cosim fifo --stim-file never.csv; [ $? = 130 ]
0 | 20 | irhw workload: stopped by SIGHUP | timeout --preserve-status -s HUP 1 $I workload sssp --graph never.graph --model-only; [ $? = 129 ]
# a long run on a big generated graph: stopped in the middle, no table written
0 | 60 | at the bfs run on big.txt | timeout --preserve-status -s TERM 3 $I workload bfs --graph big.txt --model-only --no-plot --levels-out L.txt; [ $? = 143 ] && ! ls L.txt* 2> /dev/null
EOF
)
run_table "$cases"

# ---- runs signalled in the middle -----------------------------------------
# start NAME ENV... -- CMD...: CMD in the background in $T (SIGINT not ignored,
# as a background job of a script would have it), output into NAME.out; $pid
start() {
  local n=$1; shift
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  (cd "$T" && exec env --default-signal=INT "${envs[@]}" "$@") > "$T/$n.out" 2>&1 &
  pid=$!
}
# wait_for SECONDS CMD...: polls CMD every 0.1 s until it succeeds
wait_for() {
  local n=$(($1 * 10)); shift
  while [ $n -gt 0 ]; do "$@" && return 0; sleep 0.1; n=$((n - 1)); done
  return 1
}
alive() { kill -0 $pid 2> /dev/null; }
kids=
# stop SIG: sends SIG to $pid and waits for it (60 s at most: then kill -9); $rc
stop() {
  kids=$(tree $pid)
  kill -"$1" $pid
  wait_for 60 eval '! alive' || kill -9 $pid
  wait $pid 2> /dev/null; rc=$?
}
# tree PID: PID's descendants, one a line (taken just before the signal)
tree() {
  local c
  for c in $(pgrep -P "$1"); do echo "$c"; tree "$c"; done
}
# left PATTERN: a second after the run ended, the processes of $kids (its
# tree before the signal) still alive and those whose command line holds
# PATTERN (a path in the scratch folder): nothing of a stopped run may
# stay. Those found are killed, for the next case.
left() {
  sleep 1
  local l p
  l=$(pgrep -af -- "$1" | grep -v pgrep)
  for p in $kids; do # (a zombie nobody reaped yet is gone)
    case $(ps -o stat= -p "$p") in '' | Z*) ;; *) l="$l $(ps -o pid=,args= -p "$p")" ;; esac
  done
  [ -z "$l" ] || kill -9 $kids $(pgrep -f -- "$1") 2> /dev/null
  echo "$l"
}
running() { pgrep -f -- "$1" > /dev/null; }
has() { [ -s "$1" ]; }
exists() { [ -e "$1" ]; }
said() { grep -qs -- "$2" "$T/$1.out"; }

# cosim --wave: the trace is open at its final name while the run goes on
start wave -- "$I" cosim fifo --cycles 1000000000 --wave w.vcd --wave-from 0 --wave-to 1000
if wait_for 120 exists "$T/w.vcd" && wait_for 60 said wave "cycle .* of" && alive; then
  stop TERM
  [ $rc = 143 ] && [ ! -e w.vcd ] && [ -e w.vcd.partial ] && [ ! -e w.gtkw ] &&
    said wave "stopped by SIGTERM after .* at cycle [0-9]* of 1000000000" && said wave "kept as w.vcd.partial" &&
    ok "cosim --wave, SIGTERM: exit 143, the cycle it stopped at, the trace kept as w.vcd.partial, no .gtkw" ||
    bad "cosim --wave, SIGTERM: exit $rc; $(ls w.* 2>&1 | tr '\n' ' '); $(tail -3 wave.out)"
else
  kill -9 $pid; bad "cosim --wave: no trace seen: $(tail -3 wave.out)"
fi

# cosim --record and an FST trace, SIGINT
start rec -- "$I" cosim fifo --cycles 1000000000 --wave-limit none --record r.csv --wave r.fst --wave-from 0 --wave-to 1000
if wait_for 120 has "$T/r.csv" && wait_for 60 exists "$T/r.fst" && sleep 0.5 && alive; then
  stop INT
  [ $rc = 130 ] && [ ! -e r.csv ] && [ -s r.csv.partial ] && [ ! -e r.fst ] && [ -e r.fst.partial ] && [ ! -e r.fst.hier ] &&
    said rec "stopped by SIGINT" && said rec "kept as r.csv.partial" &&
    ok "cosim --record --wave F.fst, SIGINT: exit 130, r.csv.partial and r.fst.partial, no r.fst.hier" ||
    bad "cosim --record, SIGINT: exit $rc; $(ls r.* 2>&1 | tr '\n' ' '); $(tail -3 rec.out)"
else
  kill -9 $pid; bad "cosim --record: no record seen: $(tail -3 rec.out)"
fi

# cosim --xcheck: its private folder of vectors (in $TMPDIR) removed
mkdir -p "$T/xt"
start xcheck TMPDIR="$T/xt" -- "$I" cosim fifo --xcheck --cycles 1000000000
if wait_for 120 said xcheck "cycle .* of" && alive; then
  stop TERM
  p=$(ls -A "$T/xt")
  [ $rc = 143 ] && [ -z "$p" ] && said xcheck "stopped by SIGTERM" &&
    ok "cosim --xcheck, SIGTERM: exit 143, its folder of vectors removed" ||
    bad "cosim --xcheck, SIGTERM: exit $rc; left in TMPDIR: $p; $(tail -2 xcheck.out)"
else
  kill -9 $pid; bad "cosim --xcheck: no progress seen: $(tail -3 xcheck.out)"
fi

# a SIGHUP irhw was started with ignored (nohup) stays ignored
(trap '' HUP; cd "$T" && exec "$I" cosim fifo --cycles 1000000000 --wave-limit none --record h2.csv) > hup2.out 2>&1 &
pid=$!
if wait_for 120 has "$T/h2.csv" && kill -HUP $pid && sleep 1 && alive; then
  stop TERM
  [ $rc = 143 ] && ok "an ignored SIGHUP stays ignored; SIGTERM then stops the run (exit 143)" ||
    bad "ignored SIGHUP: exit $rc"
else
  kill -9 $pid 2> /dev/null; bad "ignored SIGHUP: the run ended: $(tail -2 hup2.out)"
fi

if ! command -v yosys > /dev/null; then
  skipped "area, prove, sweep and paper-figs under signals: yosys not installed"
else
  # area on a cold synthesis cache, two jobs: Yosys stopped, no private folder
  start area IRHW_SYNTH_CACHE="$T/sc" -- "$I" area hwwl_core -j 2
  if wait_for 120 running "$T/sc/"; then
    stop TERM
    l=$(left "$T/")
    p=$(ls -d "$T"/sc/*.tmp* 2> /dev/null)
    [ $rc = 143 ] && [ -z "$l" ] && [ -z "$p" ] && said area "stopped by SIGTERM after .* at synthesis" &&
      ok "area -j 2, SIGTERM in synthesis: exit 143, no Yosys left, no private folder in the cache" ||
      bad "area, SIGTERM: exit $rc; left: $l; private: $p; $(tail -2 area.out)"
  else
    kill -9 $pid; bad "area: no Yosys seen: $(tail -3 area.out)"
  fi

  # kill -9 of irhw alone: its jobs get SIGTERM (parent-death signal) and
  # stop as on a signal, Yosys and private folders with them
  start area9 IRHW_SYNTH_CACHE="$T/sc" -- "$I" area hwwl_core -j 2
  if wait_for 120 running "$T/sc/"; then
    kids=$(tree $pid)
    kill -9 $pid; wait $pid 2> /dev/null
    wait_for 10 eval '! running "$T/sc/"'
    l=$(left "$T/")
    p=$(ls -d "$T"/sc/*.tmp* 2> /dev/null)
    [ -z "$l" ] && [ -z "$p" ] &&
      ok "kill -9 of irhw in synthesis: its jobs stop Yosys and remove their private folders" ||
      bad "kill -9 of irhw in synthesis: left: $l; private: $p"
  else
    kill -9 $pid; bad "area (kill -9): no Yosys seen: $(tail -3 area9.out)"
  fi

  # a private folder left by kill -9 (irhw, its jobs and Yosys at once) is
  # removed by the next run that makes that entry
  start k9 IRHW_SYNTH_CACHE="$T/sc2" -- "$I" area wl_bank -j 1 --timing=none
  if wait_for 120 running "$T/sc2/"; then
    kill -9 $pid $(pgrep -P $pid) $(pgrep -f "$T/sc2/") 2> /dev/null
    wait $pid 2> /dev/null
    sleep 0.5
    p=$(ls -d "$T"/sc2/*.tmp* 2> /dev/null)
    if [ -z "$p" ]; then
      skipped "kill -9 in synthesis left no private folder to clean (the run ended first)"
    else
      (cd "$T" && IRHW_SYNTH_CACHE="$T/sc2" "$I" area wl_bank -j 1 --timing=none) > k9b.out 2>&1; rc=$?
      p=$(ls -d "$T"/sc2/*.tmp* 2> /dev/null)
      [ $rc = 0 ] && [ -z "$p" ] &&
        ok "the run after a kill -9 in synthesis removes the private folder it left" ||
        bad "after kill -9: exit $rc, still in the cache: $p"
    fi
  else
    kill -9 $pid; bad "area wl_bank: no Yosys seen: $(tail -3 k9.out)"
  fi

  # prove: its Yosys stopped with it
  start prove -- "$I" prove swt --depth 200 -o "$T/pv"
  if wait_for 60 running "$T/pv/" && sleep 1; then
    stop TERM
    l=$(left "$T/pv/")
    [ $rc = 143 ] && [ -z "$l" ] && said prove "at the proof of" &&
      ok "prove, SIGTERM: exit 143, Yosys stopped, the message says where" ||
      bad "prove, SIGTERM: exit $rc; left: $l; $(tail -2 prove.out)"
  else
    kill -9 $pid; bad "prove: no Yosys seen: $(tail -3 prove.out)"
  fi

  # sweep -j 2: both tasks and what they run stopped (SIGINT)
  start sweep -- "$I" sweep fifo -p WIDTH=5,6,7,9 -j 2 --cycles 1000000000 -o "$T/sw"
  if wait_for 60 running "sweep-task $T/sw/" && sleep 2; then
    stop INT
    l=$(left "$T/sw/")
    tmpf=$(find "$T/sw" -name '*.tmp.*' 2> /dev/null)
    [ $rc = 130 ] && [ -z "$l" ] && [ -z "$tmpf" ] && said sweep "stopped by SIGINT" &&
      ok "sweep -j 2, SIGINT: exit 130, no task or tool left, no temporary file" ||
      bad "sweep, SIGINT: exit $rc; left: $l; $tmpf; $(tail -2 sweep.out)"
  else
    kill -9 $pid; bad "sweep: no task seen: $(tail -3 sweep.out)"
  fi

  # run: its items (forks of irhw) and their tools stopped with it (in
  # synthesis: a cold synthesis cache)
  start run IRHW_SYNTH_CACHE="$T/sc3" -- "$I" run --blocks fifo,icrn -j 2 -o "$T/run"
  if wait_for 120 running "$T/sc3/" && alive; then
    stop TERM
    l=$(left "$T/")
    [ $rc = 143 ] && [ -z "$l" ] && said run "irhw run: stopped by SIGTERM after .* items started" &&
      ok "run -j 2, SIGTERM: exit 143, none of its items or tools left, where it stopped" ||
      bad "run, SIGTERM: exit $rc; left: $l; $(tail -2 run.out)"
  else
    kill -9 $pid; bad "run: no item seen: $(tail -3 run.out)"
  fi

  # paper-figs --quick: its runs stopped with it (on the 1M-level path alone,
  # whose runs take minutes: the small graphs' 98 runs may end within a second)
  mkdir -p "$T/bigg" && ln -s "$T/big.txt" "$T/bigg/big.txt"
  start figs -- "$I" paper-figs --quick --graphs "$T/bigg" -o "$T/pf" -j 2
  if wait_for 60 running "$T/pf/" && sleep 1; then
    stop TERM
    l=$(left "$T/pf/")
    [ $rc = 143 ] && [ -z "$l" ] && said figs "irhw paper-figs: stopped by SIGTERM" &&
      ok "paper-figs --quick, SIGTERM: exit 143, none of its runs left" ||
      bad "paper-figs, SIGTERM: exit $rc; left: $l; $(tail -2 figs.out)"
  else
    kill -9 $pid; bad "paper-figs: no run seen: $(tail -3 figs.out)"
  fi
fi

echo "signals: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
