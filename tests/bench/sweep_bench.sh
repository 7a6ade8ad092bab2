#!/usr/bin/env bash
# make sweep-bench: throughput of `irhw sweep` against jobs. The same
# 24-configuration wl_bank area sweep (ENTRIES=4..48:4 x STORAGE=flops,sram,
# Yosys + ABC + OpenSTA each) with -j 1 and with -j 2, each into a fresh
# folder, side by side; then the -j 2 sweep repeated with nothing changed
# (every result from the cache). Prints the times and the ratio.
set -u
irhw=$(realpath "$1")
tmp=$(mktemp -d /tmp/irhw-sweep-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
spec=(wl_bank -p ENTRIES=4..48:4 -p STORAGE=flops,sram --do area)
secs() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1 || echo "FAILED: $*" >&2; t1=$(date +%s.%N)
         awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'; }
echo "sweep-bench: irhw sweep ${spec[*]} (24 configurations), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
t1=$(secs "$irhw" sweep "${spec[@]}" -j 1 -o "$tmp/j1")
echo "  -j 1: $t1 s"
t2=$(secs "$irhw" sweep "${spec[@]}" -j 2 -o "$tmp/j2")
echo "  -j 2: $t2 s"
tr=$(secs "$irhw" sweep "${spec[@]}" -j 2 -o "$tmp/j2")
echo "  -j 2 repeated, nothing changed: $tr s (target < 2 s)"
for d in j1 j2; do
  n=$(grep -c ',pass,' "$tmp/$d/results.csv" 2>/dev/null)
  [ "$n" = 24 ] || echo "  WARNING: $d: $n of 24 configurations passed"
done
awk -v a="$t1" -v b="$t2" 'BEGIN { printf "  speed-up -j 2 / -j 1: %.2f (target >= 1.7 on 2 cores)\n", a / b }'
