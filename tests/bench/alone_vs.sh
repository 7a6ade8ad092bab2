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
. "$(dirname "$0")/../lib.sh" # bench_rows
[ $# -ge 2 ] || { echo "usage: alone_vs.sh NEW_IRHW OLD_IRHW [BLOCK...]" >&2; exit 2; }
new=$(realpath "$1") old=$(realpath "$2"); shift 2
for b in "$new" "$old"; do [ -x "$b" ] || { echo "alone_vs: $b: not an executable" >&2; exit 2; }; done
only=" $* "
dir=$(dirname "$0")
cache=${IRHW_CACHE:-$(dirname "$(dirname "$new")")/build/cache}
secs=${SECONDS_PER_RUN:-1}

echo "| block | configuration | cycles | new / old, Verilator alone (median of 8 pairs, range) |"
echo "| --- | --- | ---: | ---: |"
bench_rows | while IFS='|' read -r b p; do
  [ "$only" != "  " ] && [[ "$only" != *" $b "* ]] && continue
  for bin in "$new" "$old"; do # builds, and rows an older binary cannot run
    IRHW_CACHE=$cache "$bin" cosim $b $p --cycles 1000 --no-model > /dev/null 2>&1 ||
      { echo "| $b | ${p:-(defaults)} | - | $bin cannot run it |"; continue 2; }
  done
  r=$(IRHW_CACHE=$cache "$new" cosim $b $p --cycles 20000 --no-model --quiet 2>/dev/null |
      sed -n 's/.* \([0-9][0-9]*\) cycles\/s.*/\1/p')
  n=$(awk -v r="${r:-0}" -v s="$secs" 'BEGIN { n = int(r * s); print (n > 20000 ? n : 20000) }')
  res=$(IRHW_CACHE=$cache bash "$dir/ab_pairs.sh" "$new cosim $b $p --cycles $n --no-model" \
        "$old cosim $b $p --cycles $n --no-model") || exit 3
  echo "| $b | ${p:-(defaults)} | $n | $(echo "$res" | sed 's/^A \/ B: median \([0-9.]*\) of [0-9]* pairs (\([0-9.]*\) .* \([0-9.]*\))$/\1 (\2-\3)/') |"
done
