#!/usr/bin/env bash
# Verilator alone (`irhw cosim B --no-model`) of this binary against an
# older one, on every row of make bench (tests/bench/bench.sh's rows), as
# alternating pairs (tests/bench/ab_pairs.sh): the median ratio of new to
# old cycles/s a row, and the range. Each row runs about SECONDS (1) a run,
# calibrated on the new binary; OLD reads the models from the same cache
# (IRHW_CACHE, keyed by the RTL's text and the build's flags, so a changed
# generator gets models of its own).
#   tests/bench/alone_vs.sh bin/irhw OLD/bin/irhw [BLOCK...]
# An older binary: git worktree add /tmp/old COMMIT && make -C /tmp/old bin/irhw
set -u
. "$(dirname "$0")/../lib.sh" # bench_rows, bench_binaries
bench_binaries alone_vs.sh "$@"
dir=$(dirname "$0")
secs=${SECONDS_PER_RUN:-1}

echo "| block | configuration | cycles | new / old, Verilator alone (median of 8 pairs, range) |"
echo "| --- | --- | ---: | ---: |"
bench_rows | while IFS='|' read -r b p; do
  bench_wanted "$b" || continue
  for bin in "$new" "$old"; do # builds, and rows an older binary cannot run
    "$bin" cosim $b $p --cycles 1000 --no-model > /dev/null 2>&1 ||
      { echo "| $b | ${p:-(defaults)} | - | $bin cannot run it |"; continue 2; }
  done
  n=$(bench_cycles "$secs" 20000 "$new" $b $p)
  res=$(bash "$dir/ab_pairs.sh" "$new cosim $b $p --cycles $n --no-model" \
        "$old cosim $b $p --cycles $n --no-model") || exit 3
  echo "| $b | ${p:-(defaults)} | $n | $(echo "$res" | sed 's/^A \/ B: median \([0-9.]*\) of [0-9]* pairs (\([0-9.]*\) .* \([0-9.]*\))$/\1 (\2-\3)/') |"
done
