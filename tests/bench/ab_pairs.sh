#!/usr/bin/env bash
# Two runs compared on a machine whose speed drifts: A and B alternate
# (A B, B A, A B, ...), PAIRS pairs (default 8), and each pair gives the
# ratio of A's cycles/s to B's; prints the median ratio, then every ratio
# sorted. A and B are whole commands that print irhw cosim's verdict line
# (PASS or RAN, with "N cycles/s"); a run without one (a mismatch, an
# error) ends the script with exit 3. Used for the measured choices of docs/speed.md, e.g.
# a binary against an older one, or co-simulation against Verilator alone:
#   tests/bench/ab_pairs.sh "bin/irhw cosim wru --cycles 600000 --threads 2" \
#                           "OLD/irhw cosim wru --cycles 600000 --threads 2"
set -u
[ $# = 2 ] || { echo "usage: ab_pairs.sh 'COMMAND A' 'COMMAND B'  (PAIRS=N)" >&2; exit 2; }
pairs=${PAIRS:-8}
case "$pairs" in '' | *[!0-9]* | 0) echo "ab_pairs: PAIRS=$pairs: expected 1 or more" >&2; exit 2 ;; esac

rate() { # the cycles/s of one run of command $1
  local r
  r=$(bash -c "$1" 2>&1 | sed -n 's/^\(PASS\|RAN\) .* \([0-9][0-9]*\) cycles\/s.*/\2/p' | head -1)
  [ -n "$r" ] || { echo "ab_pairs: no cycles/s from: $1" >&2; exit 3; }
  echo "$r"
}

ratios=()
for i in $(seq "$pairs"); do
  if [ $((i % 2)) = 1 ]; then a=$(rate "$1") || exit 3; b=$(rate "$2") || exit 3
  else b=$(rate "$2") || exit 3; a=$(rate "$1") || exit 3; fi
  ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')")
done
printf '%s\n' "${ratios[@]}" | sort -n |
  awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
         printf "A / B: median %.3f of %d pairs (", m, NR
         for (i = 1; i <= NR; i++) printf "%s%s", v[i], i < NR ? " " : ")\n" }'
