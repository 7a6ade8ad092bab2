#!/usr/bin/env bash
# `irhw explore` (the unit stage; its runs need Yosys, OpenSTA and sky130hd,
# so under the sanitizers only the bad input): an unknown kernel, an empty
# graph folder, --graph with --graphs, a missing --graph, a clock below 1, a liberty without power data or not a
# liberty, a block explore does not price, every
# configuration rejected: exit 2, the thing named; on wl_bank ENTRIES=4,8
# and one 5x5 grid: a row per configuration whose cycles equal the workload
# run alone, area, fmax and energy positive, the Pareto fronts marked, the
# answer named, the files written whole, `irhw report` showing them, a
# repeat served from the cache with the same table; a configuration the
# workload rejects (ID_BITS=4 on 25 vertices) kept with its reason.
# Prints "explore: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch explore
sky=${IRHW_SKY130:-$root/../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
mkdir -p "$tmp/g" "$tmp/empty"
cp "$root/tests/data/graphs/grid5x5.txt" "$tmp/g/"

# bad input: exit 2 and the thing named
check2() { # NAME WORD ARGS...
  local name=$1 word=$2 out rc; shift 2
  out=$("$irhw" explore "$@" 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "$word" && ok "explore $name: exit 2, $word named" ||
    bad "explore $name: rc=$rc $out"
}
check2 "--kernel pagerank" "--kernel" wl_bank -p ENTRIES=4 --graphs "$tmp/g" --kernel pagerank -o "$tmp/o"
check2 "empty graph folder" "$tmp/empty" wl_bank -p ENTRIES=4 --graphs "$tmp/empty" -o "$tmp/o"
check2 "--clock -5" "--clock" wl_bank -p ENTRIES=4 --graphs "$tmp/g" --clock -5 -o "$tmp/o"
check2 "--clock 0" "--clock" wl_bank -p ENTRIES=4 --graphs "$tmp/g" --clock 0 -o "$tmp/o"
check2 "--liberty without power data" "no power data" wl_bank -p ENTRIES=4 --graphs "$tmp/g" --liberty "$root/area/default_45nm.lib" -o "$tmp/o"
check2 "--liberty not a liberty" "README.md" wl_bank -p ENTRIES=4 --graphs "$tmp/g" --liberty "$root/README.md" -o "$tmp/o"
check2 "--graph and --graphs" "--graphs" wl_bank -p ENTRIES=4 --graph "$tmp/g/grid5x5.txt" --graphs "$tmp/g" -o "$tmp/o"
check2 "--graph missing" "$tmp/nope.txt" wl_bank -p ENTRIES=4 --graph "$tmp/nope.txt" -o "$tmp/o"
check2 "block fifo" "fifo" fifo --graphs "$tmp/g" -o "$tmp/o"
check2 "every configuration rejected" "THRESHOLD" wl_bank -p ENTRIES=4 -p THRESHOLD=6 --graphs "$tmp/g" -o "$tmp/o"
[ ! -e "$tmp/o/explore.md" ] && ok "bad input: no table written" || bad "bad input left $tmp/o/explore.md"
"$irhw" explore --help | grep -q -- "--kernel K" && ok "explore --help: the option table" || bad "explore --help"

if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  :
elif [ ! -f "$sky" ]; then
  skipped "explore runs: sky130hd not found at $sky (set IRHW_SKY130)"
else
  out=$("$irhw" explore wl_bank -p ENTRIES=4,8 --graphs "$tmp/g" -j 2 -o "$tmp/x" 2> "$tmp/x.err"); rc=$?
  [ $rc -eq 0 ] && ok "explore wl_bank ENTRIES=4,8 on one graph: exit 0" || bad "explore: rc=$rc $(tail -3 "$tmp/x.err")"
  alone=$("$irhw" workload bfs --graph "$tmp/g/grid5x5.txt" --worklist hwwl --model-only --quiet --no-plot -p ENTRIES=8 |
    sed -n 's/.*: \([0-9]*\) cycles to DONE.*/\1/p')
  row8=$(echo "$out" | grep '^ENTRIES=8|grid5x5.txt|')
  [ -n "$alone" ] && [ "$(echo "$row8" | cut -d'|' -f3)" = "$alone" ] &&
    ok "ENTRIES=8's cycles to DONE are the workload's alone ($alone)" || bad "cycles: row '$row8', alone '$alone'"
  pos() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)' "$1" 2> /dev/null; }
  good=1
  for r in 4 8; do
    line=$(echo "$out" | grep "^ENTRIES=$r|")
    for f in 4 5 6 7; do pos "$(echo "$line" | cut -d'|' -f$f)" || good=0; done
    [ "$(echo "$line" | cut -d'|' -f8)" != "" ] || good=0
  done
  [ $good = 1 ] && ok "both rows: x ideal, area, fmax, energy positive, a front column" || bad "rows: $out"
  echo "$out" | grep -q "^ENTRIES=4|.*|area" && ok "the smaller bank is on the area front" || bad "area front: $out"
  echo "$out" | grep -q "^Cheapest within 5 % of the ideal on every graph: \*\*ENTRIES=" &&
    ok "the question answered" || bad "answer: $out"
  for f in explore.md explore_area.svg explore_energy.svg figures.txt explore_area.tsv; do
    [ -s "$tmp/x/$f" ] || good=0
  done
  [ $good = 1 ] && [ -z "$(find "$tmp/x" -maxdepth 1 -name '*.tmp.*')" ] &&
    ok "explore.md, both plots, figures.txt written, no temporary file left" || bad "files: $(ls "$tmp/x")"
  "$irhw" report "$tmp/x" -o "$tmp/rep.html" > /dev/null 2>&1 && grep -q "## explore wl_bank" "$tmp/rep.md" &&
    grep -q "explore_area.svg" "$tmp/rep.md" && ok "irhw report shows the explore folder" || bad "report: $(grep -n explore "$tmp/rep.md")"
  out2=$("$irhw" explore wl_bank -p ENTRIES=4,8 --graphs "$tmp/g" -j 2 -o "$tmp/x" 2> "$tmp/x2.err")
  grep -q "explore: 8 runs, 8 cached, 0 to run" "$tmp/x2.err" && [ "$out2" = "$out" ] &&
    ok "a repeat: every run from the cache, the same table" || bad "repeat: $(cat "$tmp/x2.err") $out2"
  # the workload rejects ID_BITS=4 on 25 vertices: kept, with the reason
  out=$("$irhw" explore wl_bank -p ENTRIES=4 -p ID_BITS=4,24 --graphs "$tmp/g" -j 2 -o "$tmp/y" 2> "$tmp/y.err"); rc=$?
  [ $rc -eq 0 ] && echo "$out" | grep "^ENTRIES=4 ID_BITS=4|" | grep -q "invalid: .*ID_BITS=4" &&
    echo "$out" | grep -q "^ENTRIES=4 ID_BITS=24|grid5x5.txt|[0-9]" &&
    ok "a configuration the workload rejects is kept as invalid with its reason" || bad "rejected: rc=$rc $out $(tail -2 "$tmp/y.err")"
fi
echo "explore: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
