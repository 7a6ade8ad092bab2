#!/usr/bin/env bash
# The two-thread co-simulation's RTL side against Verilator alone, in
# instructions a cycle (valgrind's callgrind, threads counted apart; a long
# run less a short one, so that the start-up cancels), on every row of make
# bench, for this binary and an older one: what the RTL side does beyond
# Verilator alone bounds the co-sim / alone ratio of two threads from below.
# Each side's waits for the other (valgrind runs one thread at a time) are
# taken off: its sleeps, and the lines of the ready tests (can_run,
# can_model; before, can_make, can_judge) and the spin loop of
# irhw_handoff_wait, read from each binary's own tree (OLD/bin/irhw: OLD's
# tb/, e.g. a `git worktree add OLD COMMIT`). Prints a Markdown table. OLD
# reads the models from the same cache (IRHW_CACHE), as in
# tests/bench/alone_instr.sh.
#   tests/bench/side_instr.sh bin/irhw OLD/bin/irhw [BLOCK...]
set -u
. "$(dirname "$0")/../lib.sh" # bench_rows, bench_binaries, scratch
bench_binaries side_instr.sh "$@"
command -v valgrind > /dev/null || { echo "side_instr: valgrind is not installed" >&2; exit 3; }
scratch side
total() { callgrind_annotate "$1" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }

# busy BIN FILE: a thread's instructions less its waits: the spin (the
# ready tests and irhw_handoff_wait's loop, read from BIN's tree) and the
# sleeps (irhw_handoff_sleep)
busy() {
  local spin sleep
  spin=$(cd "$(dirname "$(dirname "$1")")" && callgrind_annotate "$2" tb/cosim*.c tb/handoff.h 2> /dev/null |
    grep -E '^ *[0-9,]+ .*(return cyc - atomic_load\(&r->ho\.used\)|return atomic_load\(&r->ho\.made\) > cyc|i < spins; i\+\+|__builtin_ia32_pause|if \(ready\(arg, k\)\))' |
    awk '{ gsub(",", "", $1); s += $1 } END { print s + 0 }')
  sleep=$(callgrind_annotate --inclusive=yes "$2" 2> /dev/null |
    awk '/:irhw_handoff_sleep/ && !/=>/ { gsub(",", "", $1); s += $1 } END { print s + 0 }')
  echo $(($(total "$2") - spin - sleep))
}

# side BIN N ARGS...: the RTL side's instructions in a two-thread run
side() {
  local bin=$1 n=$2; shift 2
  rm -f "$tmp"/cg*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/cg" "$bin" cosim "$@" \
    --cycles "$n" --threads 2 --quiet > /dev/null 2> "$tmp/vg" ||
    { echo "side_instr: $bin cosim $* --threads 2 failed: $(tail -1 "$tmp/vg")" >&2; return 3; }
  busy "$bin" "$tmp/cg-01"
}

# alone BIN N ARGS...: the instructions of a Verilator-alone run
alone() {
  local bin=$1 n=$2; shift 2
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cga" "$bin" cosim "$@" --cycles "$n" --no-model \
    --quiet > /dev/null 2> "$tmp/vg" ||
    { echo "side_instr: $bin cosim $* --no-model failed: $(tail -1 "$tmp/vg")" >&2; return 3; }
  total "$tmp/cga"
}

echo "| block | configuration | cycles | alone | RTL side, new | RTL side / alone, new | RTL side, old | RTL side / alone, old |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
bench_rows | while IFS='|' read -r b p; do
  bench_wanted "$b" || continue
  n=$(bench_cycles 0.05 2000 "$new" $b $p) # about 50 ms natively
  lo=$(alone "$new" $((n / 5)) $b $p) && hi=$(alone "$new" "$n" $b $p) || exit 3
  row="| $b | ${p:-(defaults)} | $n | $(awk -v h="$hi" -v l="$lo" -v n="$n" 'BEGIN { printf "%.0f", (h - l) / (n - n / 5) }') |"
  for bin in "$new" "$old"; do
    slo=$(side "$bin" $((n / 5)) $b $p) && shi=$(side "$bin" "$n" $b $p) || exit 3
    row="$row $(awk -v h="$shi" -v l="$slo" -v n="$n" -v a="$hi" -v al="$lo" \
      'BEGIN { printf "%.0f | %.3f |", (h - l) / (n - n / 5), (h - l) / (a - al) }')"
  done
  echo "$row"
done
