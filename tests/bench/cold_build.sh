#!/usr/bin/env bash
# tests/bench/cold_build.sh IRHW BLOCK [PARAMS...]: the cold start of `make bench`
# (parameters -> first simulated cycle, the Verilated model not in the cache:
# a private IRHW_CACHE holding only the Verilator runtime) with ccache off,
# wall and CPU time and the load; then the build's stages run again one at a
# time from its folder, each stage's CPU time, and the 2-core critical path
# they imply on an idle machine: verilator + max(longest translation unit,
# their CPU sum / 2) + link. The stages are the build's own: its
# verilate.sh, then build.mk's fast1, fast2 and slow. IRHW_VERILATOR_FLAGS
# and IRHW_FAST_FLAGS are passed on.
set -u
irhw=$(realpath "$1"); blk=$2; shift 2
export CCACHE_DISABLE=1
tmp=$(mktemp -d /tmp/irhw-cold.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
IRHW_CACHE=$tmp/rt "$irhw" cosim wl_bank -p ENTRIES=7 -p THRESHOLD=1 --cycles 10 --quiet \
  > /dev/null 2>&1
mkdir "$tmp/c" && cp -a "$tmp"/rt/vrt-* "$tmp/c/"
load=$(cut -d' ' -f1 /proc/loadavg)
out=$( { IRHW_CACHE=$tmp/c /usr/bin/time -f 'TIME %e s wall, %U+%S s CPU' \
  "$irhw" cosim "$blk" "$@" --cycles 10 --quiet; } 2>&1)
echo "$blk $*: started in $(echo "$out" | sed -n 's/.*started in \([0-9.]*\) s.*/\1/p') s," \
  "$(echo "$out" | sed -n 's/^TIME //p'), load $load"
cd "$tmp"/c/"$blk"-*/ || exit 1 # (the entry: not its .lock)
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 > /dev/null | tail -1 | awk '{ print $1 + $2 }'; }
rm -rf obj ./*.o sim.so fast*.cpp slow.cpp
v=$(cpu sh verilate.sh)
make -s -f build.mk fast1.cpp slow.cpp > /dev/null 2>&1
f1=$(cpu make -s -f build.mk fast1.o); f2=$(cpu make -s -f build.mk fast2.o)
s=$(cpu make -s -f build.mk slow.o); l=$(cpu make -s -f build.mk sim.so)
echo "$v $f1 $f2 $s $l" | awk -v l="$(cut -d' ' -f1 /proc/loadavg)" '{ m = $2; if ($3 > m) m = $3;
  if ($4 > m) m = $4; h = ($2 + $3 + $4) / 2; if (h > m) m = h;
  printf "  stages, CPU s: verilator %s, fast1 %s, fast2 %s, slow %s, link %s; 2-core critical path %.2f s (load %s)\n",
    $1, $2, $3, $4, $5, $1 + m + $5, l }'
