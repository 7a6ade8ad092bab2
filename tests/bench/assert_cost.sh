#!/usr/bin/env bash
# What the RTL's checks cost in co-simulation: `irhw cosim B` against
# `irhw cosim B --no-assert` at the defaults, three runs each, alternating
# (models built first); the medians' ratio per block (budget: at least 0.87).
# Prints numbers and asserts nothing. usage: assert_cost.sh IRHW
set -u
irhw=$(realpath "$1")
rate() { sed -n 's/.* \([0-9]*\) cycles\/s.*/\1/p' | head -1; }
for spec in "wl_bank 3000000" "icrn 1500000" "hwwl_core 1000000" "hwwl 300000"; do
  set -- $spec; b=$1 n=$2
  "$irhw" cosim $b --cycles 100 --quiet > /dev/null 2>&1; "$irhw" cosim $b --cycles 100 --no-assert --quiet > /dev/null 2>&1
  on=(); off=()
  for k in 1 2 3; do
    on+=($("$irhw" cosim $b --cycles $n --quiet 2>&1 | rate))
    off+=($("$irhw" cosim $b --cycles $n --no-assert --quiet 2>&1 | rate))
  done
  mon=$(printf '%s\n' "${on[@]}" | sort -n | sed -n 2p); moff=$(printf '%s\n' "${off[@]}" | sort -n | sed -n 2p)
  echo "$b ($n cycles): on ${on[*]}; off ${off[*]}; median on/off $(awk -v a=$mon -v b=$moff 'BEGIN{printf "%.2f", a/b}')"
done
