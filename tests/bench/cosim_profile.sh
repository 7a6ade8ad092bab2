#!/usr/bin/env bash
# Where the lockstep loop of `irhw cosim` spends its work, by part: the RTL
# (the shim's set_in/clock/get_out: Verilator), the stimulus, the C model
# (eval + tick), the invariant checker, the observer (coverage; traces when
# asked) and the loop itself (compare, copies, calls). Measured as executed
# instructions under callgrind (inclusive, per part), so the shares do not
# depend on the machine's load; they are shares of irhw_cosim's instructions
# (the build and start-up excluded).
#   tests/bench/cosim_profile.sh bin/irhw BLOCK CYCLES [cosim options...]
# With IRHW_PROFILE_PERF=1 it samples time with perf instead (call graphs
# through DWARF; noisier on a loaded machine, and a tail call from the
# stimulus hook counts as the loop's).
set -u
irhw=$(realpath "$1"); blk=$2; n=$3; shift 3
tmp=$(mktemp -d /tmp/irhw-prof.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# the block's hooks, by name, from its description
src=$(dirname "$irhw")/../model/${blk}_block.c
hook() { sed -n "s/^ *\.$1 = \([a-z_0-9]*\),.*/\1/p" "$src" | head -1; }
stim=$(hook stim_next); ev=$(hook model_eval); tk=$(hook model_tick); ck=$(hook check_cycle)
"$irhw" cosim "$blk" "$@" --cycles 10 --quiet > /dev/null # build outside the profile

# inclusive cost per function name on stdin ("<pct> <name>" lines) -> shares
shares() {
  awk '{ if ($1 > inc[$2]) inc[$2] = $1 } # a function split by inlining: its largest entry is its total
       END {
         tot = inc["irhw_cosim"]; if (tot == "" || tot == 0) { print "no samples in irhw_cosim"; exit 1 }
         rtl = inc["irhw_shim_set_in"] + inc["irhw_shim_clock"] + inc["irhw_shim_get_out"]
         st = inc[S] + 0; mo = inc[E] + inc[T]; ch = (C == "" ? 0 : inc[C] + 0); ob = inc["irhw_observe_cycle"] + 0
         if (N > 0 && U != "") printf "%-12s %8.0f per cycle\n", U, tot / N
         printf "%-12s %6.1f %%\n", "RTL", 100 * rtl / tot
         printf "%-12s %6.1f %%\n", "stimulus", 100 * st / tot
         printf "%-12s %6.1f %%\n", "model", 100 * mo / tot
         printf "%-12s %6.1f %%\n", "checker", 100 * ch / tot
         printf "%-12s %6.1f %%\n", "observer", 100 * ob / tot
         printf "%-12s %6.1f %%\n", "loop", 100 * (tot - rtl - st - mo - ch - ob) / tot
       }' S="$stim" E="$ev" T="$tk" C="$ck" N="$n" U="${unit:-}"
}

if [ "${IRHW_PROFILE_PERF:-0}" = 1 ]; then
  command -v perf > /dev/null || { echo "cosim_profile: perf not installed (apt-get install linux-perf)" >&2; exit 2; }
  perf record -q -o "$tmp/p.data" --call-graph dwarf,16384 -F 1999 \
    "$irhw" cosim "$blk" "$@" --threads 1 --cycles "$n" --quiet > "$tmp/out" 2>/dev/null || true
  perf report -i "$tmp/p.data" --children --sort sym -g none 2> /dev/null |
    awk '$1 ~ /%$/ { p = $1; sub(/%/, "", p); print p, $NF }' | shares
  echo "(perf: time samples)"
else
  command -v valgrind > /dev/null || { echo "cosim_profile: valgrind not installed (apt-get install valgrind)" >&2; exit 2; }
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
    "$irhw" cosim "$blk" "$@" --threads 1 --cycles "$n" --quiet > "$tmp/out" 2>/dev/null || true
  # "1,234 (12.3%)  file:function [object]" -> "1234 function"; callgrind
  # also lists a function's code inlined from a header as "header.h:function"
  # and the whole function under its full path (no object)
  callgrind_annotate --auto=no --inclusive=yes --threshold=100 "$tmp/cg.out" 2> /dev/null |
    sed -n 's/^ *\([0-9,][0-9,]*\) ([ 0-9.]*%) *[^ ]*:\([A-Za-z_][A-Za-z_0-9]*\)\([ (].*\)\{0,1\}$/\1 \2/p' |
    tr -d , | unit=instructions shares
  echo "(callgrind: instructions executed, $n cycles)"
fi
