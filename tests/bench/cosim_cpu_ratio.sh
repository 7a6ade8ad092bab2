#!/usr/bin/env bash
# co-sim / Verilator alone in CPU time rather than wall-clock time: each side's
# CPU time (perf stat task-clock) over N cycles minus a 10-cycle run (build
# check and start-up), so other jobs on the machine weigh less than in the
# cycles/s of `make bench`. Two rounds, side by side.
#   tests/bench/cosim_cpu_ratio.sh bin/irhw BLOCK CYCLES [cosim options...]
set -u
irhw=$1; blk=$2; n=$3; shift 3
command -v perf > /dev/null || { echo "cosim_cpu_ratio: perf not installed (apt-get install linux-perf)" >&2; exit 2; }
ms() { perf stat -x, -e task-clock "$irhw" cosim "$blk" "$@" --threads 1 --quiet 2>&1 >/dev/null |
         grep task-clock | cut -d, -f1; }
for round in 1 2; do
  c0=$(ms --cycles 10 "$@"); c1=$(ms --cycles "$n" "$@")
  a0=$(ms --cycles 10 --no-model "$@"); a1=$(ms --cycles "$n" --no-model "$@")
  awk -v c0="$c0" -v c1="$c1" -v a0="$a0" -v a1="$a1" -v n="$n" -v b="$blk $*" -v r="$round" 'BEGIN {
        c = c1 - c0; a = a1 - a0
        printf "%s (round %d, %d cycles): CPU co-sim %.0f c/s, Verilator alone %.0f c/s, ratio %.2f\n",
               b, r, n, n / c * 1000, n / a * 1000, a / c }'
done
