#!/usr/bin/env bash
# `irhw power wl_bank` at its defaults (100,000 cycles) against `irhw area
# wl_bank` on the same liberty and folder, side by side: the issue's target
# is under 30 s beyond the area run. Both run twice and the second runs are
# compared (synthesis and the Verilator models cached by the first); the
# power run's own split (co-simulation, gate-level simulation of the mapped
# netlist, OpenSTA) is printed beside it.
# Usage: tests/bench/power_bench.sh bin/irhw [LIBERTY] (default sky130hd:
# IRHW_SKY130, else ../shared/data/liberty/...). Exit 1 over the target.
set -u
irhw=$(realpath "$1")
lib=${2:-${IRHW_SKY130:-../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}}
[ -f "$lib" ] || { echo "power_bench: no liberty with power data at $lib" >&2; exit 2; }
dir=$(mktemp -d /tmp/irhw-power-bench.XXXXXX); trap 'rm -rf "$dir"' EXIT
t() { local s=$(date +%s.%N); "$@" > "$dir/out" 2>&1 || { tail -5 "$dir/out"; exit 3; }; echo "$(date +%s.%N) - $s" | bc; }
for pass in 1 2; do
  a=$(t "$irhw" area wl_bank --liberty "$lib" -o "$dir/w")
  p=$(t "$irhw" power wl_bank --liberty "$lib" -o "$dir/w")
  split=$(grep -o 'co-simulation [0-9.]* s, gate-level simulation [0-9.]* s, OpenSTA [0-9.]* s' "$dir/out")
done
beyond=$(echo "$p - $a" | bc)
printf 'power_bench: area wl_bank %.1f s, power wl_bank (100000 cycles) %.1f s: %.1f s beyond the area run (target < 30 s); %s\n' "$a" "$p" "$beyond" "$split"
[ "$(echo "$beyond < 30" | bc)" = 1 ]
