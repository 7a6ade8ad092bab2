#!/usr/bin/env bash
# What a waveform costs: co-simulation speed of every block at its defaults
# with no trace, with `--wave x.fst` (default depth) and with
# `--wave-depth 99`, run one after the other (so a loaded machine loads all
# three alike), REPS times; prints the median cycles/s of each and the
# slow-downs as a Markdown table. Not a test: nothing is asserted.
# usage: tests/bench/wave_bench.sh [IRHW] [REPS]   (BLOCKS="fifo wl_bank" to choose)
set -u
irhw=$(realpath "${1:-bin/irhw}") reps=${2:-3}
tmp=$(mktemp -d /tmp/irhw-wavebench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
blocks=${BLOCKS:-"wl_bank wru icrn swt iru_hash fifo hwwl_core hwwl"}
# cycles per run: about a second without a trace on this machine
cycles_of() {
  case $1 in
    fifo | wl_bank) echo 2000000 ;; icrn | swt) echo 500000 ;; wru | iru_hash) echo 200000 ;;
    *) echo 50000 ;;
  esac
}
rate() { "$irhw" cosim "$@" --quiet 2>&1 | sed -n 's/.* \([0-9]*\) cycles\/s.*/\1/p'; }
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "| block | cycles | no wave | --wave x.fst | slower | --wave-depth 99 | slower |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for b in $blocks; do
  n=$(cycles_of "$b")
  rate "$b" --cycles 10 --wave "$tmp/w.fst" > /dev/null # build (or find) the three models first
  rate "$b" --cycles 10 --wave "$tmp/w.fst" --wave-depth 99 > /dev/null
  for r in $(seq "$reps"); do
    rate "$b" --cycles "$n" >> "$tmp/$b.none"
    rate "$b" --cycles "$n" --wave "$tmp/w.fst" >> "$tmp/$b.fst"
    rate "$b" --cycles "$n" --wave "$tmp/w.fst" --wave-depth 99 >> "$tmp/$b.deep"
  done
  a=$(median < "$tmp/$b.none") f=$(median < "$tmp/$b.fst") d=$(median < "$tmp/$b.deep")
  awk -v b="$b" -v n="$n" -v a="$a" -v f="$f" -v d="$d" '
    function k(v) { return sprintf(v < 1e5 ? "%.1f k" : "%.0f k", v / 1e3) }
    BEGIN { printf "| %s | %d | %s | %s | %.1f× | %s | %.1f× |\n", b, n, k(a), k(f), a / f, k(d), a / d }'
done
