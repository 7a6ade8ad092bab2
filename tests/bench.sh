#!/usr/bin/env bash
# make bench: co-simulation speed, measured side by side in one run.
# For the default bank and a large one: lockstep co-sim cycles/s, the same
# RTL and stimulus under Verilator without the model, the same stimulus
# under Icarus (recorded input vectors replayed by a generated testbench),
# the ratios, and the time from parameters to the first simulated cycle,
# cold (model not in the cache) and cached; and the same lockstep run inside
# SystemC (cosim --systemc: verilator --sc RTL beside the wrapped model).
set -u
irhw=$(realpath "$1")
tmp=$(mktemp -d /tmp/irhw-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
CYCLES=${BENCH_CYCLES:-5000000}
IV_CYCLES=${BENCH_IV_CYCLES:-100000}
SC_CYCLES=${BENCH_SC_CYCLES:-1000000}

rate() { sed -n 's/.* \([0-9][0-9]*\) cycles\/s.*/\1/p' | head -1; }
start() { sed -n 's/.*started in \([0-9.]*\) s.*/\1/p' | head -1; }

# Icarus: the same stimulus replayed by cosim --xcheck (tb/xcheck.c: a generated
# testbench reads the recorded vectors and checks every output each cycle);
# it reports Icarus's cycles/s with the vector load (a one-cycle run) taken off.
icarus_rate() { # blk params... ; prints cycles/s
  local blk=$1; shift
  "$irhw" cosim "$blk" "$@" --cycles "$IV_CYCLES" --quiet --xcheck 2>/dev/null |
    sed -n 's/^XCHECK PASS .*; \([0-9][0-9]*\) cycles\/s.*/\1/p'
}

printf '%-40s %14s %14s %8s %14s %8s %9s %9s %14s %8s\n' configuration "cosim c/s" "verilator c/s" ratio "icarus c/s" "x icarus" "cold s" "cached s" "systemc c/s" "sc/cosim"
for cfg in "" "-p ENTRIES=1000 -p ID_BITS=64 -p STORAGE=sram"; do
  # cold: a private cache that holds only the Verilator runtime
  export IRHW_CACHE="$tmp/cache"
  "$irhw" cosim wl_bank -p ENTRIES=7 -p THRESHOLD=1 --cycles 10 --quiet > /dev/null 2>&1
  cold=$("$irhw" cosim wl_bank $cfg --cycles 10 --quiet 2>/dev/null | start)
  cached=$("$irhw" cosim wl_bank $cfg --cycles 10 --quiet 2>/dev/null | start)
  co=$("$irhw" cosim wl_bank $cfg --cycles "$CYCLES" --quiet 2>/dev/null | rate)
  va=$("$irhw" cosim wl_bank $cfg --cycles "$CYCLES" --no-model --quiet 2>/dev/null | rate)
  iv=$(icarus_rate wl_bank $cfg)
  unset IRHW_CACHE
  sc=$("$irhw" cosim wl_bank $cfg --cycles "$SC_CYCLES" --systemc --quiet 2>/dev/null | rate)
  r3=$(awk -v a="$sc" -v b="$co" 'BEGIN { if (a == "" || b == "") print "n/a"; else printf "%.2f", a / b }')
  r1=$(awk -v a="$co" -v b="$va" 'BEGIN { printf "%.2f", a / b }')
  r2=$(awk -v a="$co" -v b="$iv" 'BEGIN { printf "%.0f", a / b }')
  printf '%-40s %14s %14s %8s %14s %8s %9s %9s %14s %8s\n' "wl_bank ${cfg:-(defaults)}" "$co" "$va" "$r1" "$iv" "$r2" "$cold" "$cached" "${sc:-n/a}" "$r3"
done
echo "(cosim and Verilator-alone over $CYCLES cycles, Icarus over $IV_CYCLES cycles of the same recorded stimulus;"
echo " ratio = cosim / Verilator alone, target >= 0.7; x icarus = cosim / Icarus, target >= 50; cached start target <= 1 s;"
echo " systemc = the same lockstep run inside SystemC (cosim --systemc) over $SC_CYCLES cycles, sc/cosim = its ratio to cosim)"

# One core's hardware worklist, and the multi-core hwwl (4 x hwwl_core + icrn), at the paper's
# defaults (target for hwwl_core: cosim / Verilator alone >= 0.5).
HC_CYCLES=${BENCH_HC_CYCLES:-300000}
HW_CYCLES=${BENCH_HW_CYCLES:-100000}
printf '\n%-40s %14s %14s %8s\n' configuration "cosim c/s" "verilator c/s" ratio
for row in "hwwl_core|" "hwwl_core|-p STORAGE=sram -p REFILL=interval" "hwwl|"; do
  blk=${row%%|*}; cfg=${row#*|}
  n=$HC_CYCLES; [ "$blk" = hwwl ] && n=$HW_CYCLES
  co=$("$irhw" cosim "$blk" $cfg --cycles "$n" --quiet 2>/dev/null | rate)
  va=$("$irhw" cosim "$blk" $cfg --cycles "$n" --no-model --quiet 2>/dev/null | rate)
  r1=$(awk -v a="$co" -v b="$va" 'BEGIN { if (a == "" || b == "") print "n/a"; else printf "%.2f", a / b }')
  printf '%-40s %14s %14s %8s\n' "$blk ${cfg:-(defaults)}" "$co" "$va" "$r1"
done
echo "(hwwl_core: $HC_CYCLES cycles each, hwwl: $HW_CYCLES; ratio = cosim / Verilator alone on the same stimulus)"
