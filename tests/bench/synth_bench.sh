#!/usr/bin/env bash
# make synth-bench: speed of `irhw area`, measured side by side in one run.
#   old cold hwwl_core   irhw built from SYNTH_BENCH_BASE (a git revision,
#                        default e037033: before synth -noshare and OpenSTA
#                        linking the modules), its own scripts, an empty cache
#   new cold hwwl_core   this irhw (the default timing: submodules read
#                        whole or as extracted timing models), an empty
#                        cache, -j 2 (the default) and -j 1 (wall time: the
#                        modules side by side or not); hwwl right after it
#                        (same cache), and again
#   --timing=full           cold hwwl_core and hwwl right after it in another
#                        empty cache, OpenSTA on the whole linked netlist:
#                        the reference the default and --timing=ilm are held to
#   --timing=ilm                the same two runs in another empty cache with the
#                        modules' interface logic models, then hwwl again
#                        (every module's timing cached), and wl_bank
#   wl_bank, hwwl_core, hwwl: the default and --timing=ilm against --timing=full
#                        (ends, delay, area); --timing=full against --flat
#                        (total µm² and critical path)
# Times are CPU seconds (user + sys of irhw and the tools it runs, from
# /usr/bin/time), which a loaded machine inflates less than wall time, and
# wall seconds; the load is printed. SYNTH_BENCH_P adds parameters to hwwl_core and hwwl
# (e.g. "-p LANES=4 -p ENTRIES=4" for a run of a few minutes; at the
# defaults the run takes about a quarter of an hour of CPU). SYNTH_BENCH_OLD=PATH
# uses an irhw already built from the base revision (in its source tree).
# Usage: synth_bench.sh BIN/IRHW
set -u
irhw=$(realpath "$1")
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/irhw-synth-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
read -r -a extra <<< "${SYNTH_BENCH_P:-}"
old=${SYNTH_BENCH_OLD:-}
if [ -z "$old" ]; then
  base=${SYNTH_BENCH_BASE:-e037033}
  mkdir "$tmp/base" && git -C "$here" archive "$base" | tar -x -C "$tmp/base" &&
    nice make -s -C "$tmp/base" -j2 bin/irhw > "$tmp/base.log" 2>&1 ||
    { echo "synth-bench: cannot build irhw from $base: $tmp/base.log" >&2; tail -5 "$tmp/base.log" >&2; exit 3; }
  old=$tmp/base/bin/irhw
fi

# run NAME IRHW CACHE ARGS...: irhw area ARGS --json, CPU seconds into
# cpu[NAME], wall seconds into wall[NAME]
declare -A cpu wall
run() {
  local name=$1 bin=$2 cache=$3; shift 3
  if ! IRHW_SYNTH_CACHE=$cache /usr/bin/time -f "%U %S %e" -o "$tmp/$name.time" \
      nice "$bin" area "$@" --json -o "$tmp/$name.d" > "$tmp/$name.json" 2> "$tmp/$name.err"; then
    echo "synth-bench: irhw area $* failed: $(tail -3 "$tmp/$name.err")" >&2; exit 3
  fi
  cpu[$name]=$(awk '{ printf "%.1f", $1 + $2 }' "$tmp/$name.time")
  wall[$name]=$(awk '{ printf "%.1f", $3 }' "$tmp/$name.time")
}
str() { sed -n "s/^  \"$1\": \"\(.*\)\",*$/\1/p" "$tmp/$2.json"; }
path() { echo "$(num crit_ns "$1") ns $(str crit_from "$1") -> $(str crit_to "$1")"; }
num() { sed -n "s/^  \"$1\": \([0-9.]*\),*$/\1/p" "$tmp/$2.json"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f %%", 100 * (a / b - 1) }'; }
# against_whole MODE LABEL: the runs MODE_bank, MODE_core, MODE_hwwl
# (LABEL) against the whole netlist's: critical path ends and delay, area
against_whole() {
  local f i n same
  for b in bank:wl_bank new_core:hwwl_core hwwl:hwwl; do
    IFS=: read -r f n <<< "$b"
    i=$1_${f#new_}
    same=different; [ "$(str crit_from "$f") $(str crit_to "$f")" = "$(str crit_from "$i") $(str crit_to "$i")" ] && same=same
    printf '    %-9s critical path %s (%s), %s (whole netlist): %s ends, delay %s; total µm² %s\n' "$n" "$(path "$i")" "$2" "$(path "$f")" \
      "$same" "$(pct "$(num crit_ns "$i")" "$(num crit_ns "$f")")" "$(pct "$(num total_um2 "$i")" "$(num total_um2 "$f")")"
  done
}

echo "synth-bench: irhw area, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)${extra[*]:+, hwwl_core/hwwl ${extra[*]}}"
run old_core "$old" "$tmp/c_old" hwwl_core "${extra[@]}"
run new_core "$irhw" "$tmp/c_new" hwwl_core "${extra[@]}" --timing=full
run new_core_j1 "$irhw" "$tmp/c_j1" hwwl_core "${extra[@]}" -j 1
run hwwl "$irhw" "$tmp/c_new" hwwl "${extra[@]}" --timing=full
run bank "$irhw" "$tmp/c_new" wl_bank --timing=full
run ilm_core "$irhw" "$tmp/c_ilm" hwwl_core "${extra[@]}" --timing=ilm
run ilm_hwwl "$irhw" "$tmp/c_ilm" hwwl "${extra[@]}" --timing=ilm
run ilm_hwwl2 "$irhw" "$tmp/c_ilm" hwwl "${extra[@]}" --timing=ilm
run ilm_bank "$irhw" "$tmp/c_ilm" wl_bank --timing=ilm
run etm_core "$irhw" "$tmp/c_etm" hwwl_core "${extra[@]}"
run etm_hwwl "$irhw" "$tmp/c_etm" hwwl "${extra[@]}"
run etm_hwwl2 "$irhw" "$tmp/c_etm" hwwl "${extra[@]}"
run etm_bank "$irhw" "$tmp/c_etm" wl_bank
for b in bank:wl_bank new_core:hwwl_core hwwl:hwwl; do
  run "flat_${b%%:*}" "$irhw" "$tmp/c_new" "${b#*:}" $([ "${b#*:}" = wl_bank ] || echo "${extra[@]}") --flat
done
echo "  cold hwwl_core (default timing): old ${cpu[old_core]} s, new ${cpu[etm_core]} s CPU: new / old $(ratio "${cpu[etm_core]}" "${cpu[old_core]}") (target <= 0.333)"
echo "    wall: old ${wall[old_core]} s, new ${wall[etm_core]} s with -j 2, ${wall[new_core_j1]} s with -j 1 (${cpu[new_core_j1]} s CPU)"
echo "    total µm²: old $(num total_um2 old_core), new $(num total_um2 etm_core) ($(pct "$(num total_um2 etm_core)" "$(num total_um2 old_core)"));" \
     "critical path: old $(num crit_ns old_core) ns, new $(num crit_ns etm_core) ns"
echo "  hwwl right after hwwl_core (default timing): ${cpu[etm_hwwl]} s CPU (${wall[etm_hwwl]} s wall): / cold hwwl_core $(ratio "${cpu[etm_hwwl]}" "${cpu[etm_core]}") (target <= 0.10; wall $(ratio "${wall[etm_hwwl]}" "${wall[etm_core]}")); hwwl again ${cpu[etm_hwwl2]} s CPU"
echo "  --timing=full (OpenSTA on the whole linked netlist), another cache:"
echo "    cold hwwl_core ${cpu[new_core]} s CPU (${wall[new_core]} s wall); hwwl right after ${cpu[hwwl]} s CPU: / cold hwwl_core $(ratio "${cpu[hwwl]}" "${cpu[new_core]}")"
echo "  --timing=ilm (interface logic models), another cache:"
echo "    cold hwwl_core ${cpu[ilm_core]} s CPU (${wall[ilm_core]} s wall); hwwl right after ${cpu[ilm_hwwl]} s CPU: / cold hwwl_core $(ratio "${cpu[ilm_hwwl]}" "${cpu[ilm_core]}"); hwwl again ${cpu[ilm_hwwl2]} s CPU"
against_whole ilm --timing=ilm
echo "  the default (extracted timing models) against --timing=full:"
against_whole etm models
echo "  hierarchical against --flat (this irhw):"
for b in bank:wl_bank new_core:hwwl_core hwwl:hwwl; do
  h=${b%%:*}
  printf '    %-9s total µm² %s hier, %s flat (%s); critical path %s ns hier, %s ns flat (%s); CPU %s s flat\n' "${b#*:}" \
    "$(num total_um2 "$h")" "$(num total_um2 "flat_$h")" "$(pct "$(num total_um2 "$h")" "$(num total_um2 "flat_$h")")" \
    "$(num crit_ns "$h")" "$(num crit_ns "flat_$h")" "$(pct "$(num crit_ns "$h")" "$(num crit_ns "flat_$h")")" "${cpu[flat_$h]}"
done
