#!/usr/bin/env bash
# Verilator alone (`irhw cosim B --no-model`) of this binary against an
# older one in instructions a cycle (valgrind's callgrind: a long and a short
# run, their difference over the cycles between, so that the start-up
# cancels), on every row of make bench, with the RTL's checks and without
# them (--no-assert): a measure this VM's drifting speed does not move.
# Prints a Markdown table. OLD reads the models from the same cache
# (IRHW_CACHE), as in tests/bench/alone_vs.sh.
#   tests/bench/alone_instr.sh bin/irhw OLD/bin/irhw [BLOCK...]
set -u
. "$(dirname "$0")/../lib.sh" # bench_rows, bench_binaries, scratch
bench_binaries alone_instr.sh "$@"
command -v valgrind > /dev/null || { echo "alone_instr: valgrind is not installed" >&2; exit 3; }
scratch instr

# instr BIN N ARGS...: the instructions of one run (its model already built)
instr() {
  local bin=$1 n=$2; shift 2
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bin" cosim "$@" --cycles "$n" --no-model --quiet \
    > /dev/null 2> "$tmp/vg" || { echo "alone_instr: $bin cosim $* failed: $(tail -1 "$tmp/vg")" >&2; return 3; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/vg" | tail -1
}

echo "| block | configuration | cycles | checks | new instructions a cycle | old | new / old |"
echo "| --- | --- | ---: | --- | ---: | ---: | ---: |"
bench_rows | while IFS='|' read -r b p; do
  bench_wanted "$b" || continue
  n=$(bench_cycles 0.05 2000 "$new" $b $p) # about 50 ms natively
  for a in "" --no-assert; do
    row="| $b | ${p:-(defaults)} | $n | $([ -z "$a" ] && echo on || echo off) |"
    for bin in "$new" "$old"; do
      "$bin" cosim $b $p $a --cycles 1000 --no-model --quiet > /dev/null 2>&1 ||
        { row="$row $bin cannot run it |"; continue; }
      lo=$(instr "$bin" $((n / 5)) $b $p $a) && hi=$(instr "$bin" "$n" $b $p $a) || exit 3
      row="$row $(awk -v h="$hi" -v l="$lo" -v n="$n" 'BEGIN { printf "%.0f", (h - l) / (n - n / 5) }') |"
    done
    echo "$row" | awk -F'|' '{ printf "%s", $0; if ($6 + 0 > 0 && $7 + 0 > 0) printf " %.3f |\n", $6 / $7; else print " - |" }'
  done
done
