#!/usr/bin/env bash
# Hierarchical, cached synthesis (`irhw area`, area/hier.c) on hwwl_core at
# LANES=2 ENTRIES=4: every module synthesized once, a second run served
# from the cache for every module, with --timing=full OpenSTA on the modules'
# netlists as they are (no Yosys merge); with --timing=ilm, the critical path from the modules'
# interface logic models (ILMs) equal to OpenSTA's on the whole linked
# netlist on wl_bank, hwwl_core and hwwl (CORES=2) and a second run timing
# nothing; by default (extracted timing models) the same ends, area and a
# delay within 0.5 %, a second run timing nothing; a damaged cache entry (synthesis or timing) made again,
# the total the sum of the top's own cells and its parts, a part's total
# the one `irhw area` gives that part alone (from the same cache), --flat
# leaving the cache alone. Prints "synth_cache: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch synth-cache
export IRHW_SYNTH_CACHE=$tmp/cache
core=(hwwl_core -p LANES=2 -p ENTRIES=4)
num() { sed -n "s/^  \"$1\": \([0-9.]*\),*$/\1/p" "$2"; } # a top-level JSON number
str() { sed -n "s/^  \"$1\": \"\(.*\)\",*$/\1/p" "$2"; } # a top-level JSON string
path() { echo "$(num crit_ns "$1") ns $(str crit_from "$1") -> $(str crit_to "$1")"; }
# same_path NAME ILM.json FULL.json: the same ends, the delay within 0.5 %
same_path() {
  if [ "$(str crit_from "$2") $(str crit_to "$2")" = "$(str crit_from "$3") $(str crit_to "$3")" ] &&
     awk -v a="$(num crit_ns "$2")" -v b="$(num crit_ns "$3")" 'BEGIN { d = a / b - 1; exit !(b > 0 && d < 0.005 && d > -0.005) }'; then
    ok "$1: critical path from the ILMs $(path "$2") = whole netlist's $(path "$3")"
  else bad "$1: ILMs $(path "$2"), whole netlist $(path "$3")"; fi
}

# 1: cold: four modules (banks, WRU, the word selector, core), each synthesized, then timed
if "$irhw" area "${core[@]}" -o "$tmp/a1" --json --timing=full --progress > "$tmp/a1.json" 2> "$tmp/a1.err"; then
  n=$(grep -c "synthesis [0-9]*/4 .*: synthesizing" "$tmp/a1.err")
  [ "$n" -eq 4 ] && ok "cold run synthesizes each of 4 modules once" || bad "cold run: $n of 4 synthesized: $(cat "$tmp/a1.err")"
  grep -q '"have_sta": true' "$tmp/a1.json" && grep -q "timing (OpenSTA)" "$tmp/a1.err" &&
    ok "critical path from OpenSTA on the modules' netlists read together" || bad "no STA: $(tail -3 "$tmp/a1.err")"
  [ "$(ls "$IRHW_SYNTH_CACHE" | grep -c '^[0-9a-f]\{16\}$')" -eq 4 ] && ok "4 cache entries" || bad "cache: $(ls "$IRHW_SYNTH_CACHE")"
  m=$(grep -c "^module " "$tmp/a1/sta_netlist.v")
  [ "$m" -ge 3 ] && [ ! -e "$tmp/a1/sta_merge.log" ] &&
    ok "OpenSTA links the $m modules' netlists itself (no Yosys merge without SRAMs)" || bad "STA netlist: $m modules, $(ls "$tmp/a1")"
else bad "cold area run failed: $(tail -5 "$tmp/a1.err")"; fi

# the total adds up: own cells + each part (count x its total)
tot=$(num total_um2 "$tmp/a1.json") own=$(num own_um2 "$tmp/a1.json")
parts=$(grep -o '"um2": [0-9.]*' "$tmp/a1.json" | awk '{ s += $2 } END { printf "%.1f", s }')
awk -v t="$tot" -v o="$own" -v p="$parts" 'BEGIN { d = t - o - p; exit !(t > 0 && d < 0.5 && d > -0.5) }' &&
  ok "total $tot = own $own + parts $parts" || bad "total $tot != own $own + parts $parts"

# --timing=ilm: each module timed on its own with its submodules' ILMs; the same path
if "$irhw" area "${core[@]}" -o "$tmp/ilm" --json --timing=ilm --progress > "$tmp/ilm.json" 2> "$tmp/ilm.err"; then
  t=$(grep -c "timing [0-9]/4 .*: done in" "$tmp/ilm.err") i=$(grep -c "interface model [0-9]/4 .*: done in" "$tmp/ilm.err")
  [ "$t" -eq 4 ] && [ "$i" -eq 3 ] && ! grep -q "timing (OpenSTA)\|synthesis [0-9]*/[0-9]* .*: synthesizing" "$tmp/ilm.err" &&
    ok "--timing=ilm: 4 modules timed, 3 ILMs made, no synthesis again" || bad "--timing=ilm: $t timed, $i ILMs: $(cat "$tmp/ilm.err")"
  c=$(ls "$IRHW_SYNTH_CACHE" | tr '\n' ' ')
  [ "$(ls "$IRHW_SYNTH_CACHE" | grep -c '^[0-9a-f]\{16\}$')" -eq 4 ] && [ "$(ls "$IRHW_SYNTH_CACHE" | grep -c '^i[0-9a-f]\{16\}$')" -eq 3 ] &&
    [ "$(ls "$IRHW_SYNTH_CACHE" | grep -c '^t[0-9a-f]\{16\}$')" -eq 4 ] && ok "cache entries: 4 syntheses, 3 ILMs, 4 timings" || bad "cache: $c"
  same_path hwwl_core "$tmp/ilm.json" "$tmp/a1.json"
  [ "$(num total_um2 "$tmp/ilm.json")" = "$tot" ] && ok "--timing=ilm: the same area" || bad "--timing=ilm area $(num total_um2 "$tmp/ilm.json") != $tot"
else bad "--timing=ilm failed: $(tail -3 "$tmp/ilm.err")"; fi
# again: the path from the cache, no tool run
"$irhw" area "${core[@]}" -o "$tmp/ilm2" --json --timing=ilm --progress > "$tmp/ilm2.json" 2> "$tmp/ilm2.err"
! grep -q ": started\|synthesis [0-9]*/[0-9]* .*: synthesizing\|timing (OpenSTA)" "$tmp/ilm2.err" && [ "$(path "$tmp/ilm2.json")" = "$(path "$tmp/ilm.json")" ] &&
  ok "--timing=ilm again: the path from the cache, no tool run ($(path "$tmp/ilm2.json"))" || bad "--timing=ilm again: $(cat "$tmp/ilm2.err")"
# wl_bank, and hwwl (two of these cores, the ICRN): ILMs against the whole netlist
for d in "wl_bank -p ENTRIES=4" "hwwl -p CORES=2 -p LANES=2 -p ENTRIES=4"; do
  read -r -a b <<< "$d"
  if "$irhw" area "${b[@]}" -o "$tmp/${b[0]}" --json --timing=full -j 1 > "$tmp/${b[0]}.json" 2> "$tmp/${b[0]}.err" &&
     "$irhw" area "${b[@]}" -o "$tmp/${b[0]}i" --json --timing=ilm > "$tmp/${b[0]}i.json" 2> "$tmp/${b[0]}i.err"; then
    same_path "${b[0]}" "$tmp/${b[0]}i.json" "$tmp/${b[0]}.json"
  else bad "${b[0]}: $(tail -3 "$tmp/${b[0]}.err" "$tmp/${b[0]}i.err")"; fi
done
# the default: each module timed with its submodules read whole when they
# have no submodules of their own, else as their extracted timing models
# (liberty cells, cached): against the whole netlist (--timing=full) the same
# start, end and area, the delay within 0.5 % (hwwl: the cores as models);
# wl_bank and hwwl_core (banks, WRU and selectors read whole) exactly the
# same path
for d in "wl_bank -p ENTRIES=4" "${core[*]}" "hwwl -p CORES=2 -p LANES=2 -p ENTRIES=4"; do
  read -r -a b <<< "$d"
  full=$tmp/${b[0]}.json; [ "${b[0]}" = hwwl_core ] && full=$tmp/a1.json
  if "$irhw" area "${b[@]}" -o "$tmp/${b[0]}e" --json --progress > "$tmp/${b[0]}e.json" 2> "$tmp/${b[0]}e.err"; then
    e=$tmp/${b[0]}e.json
    if [ "$(str crit_from "$e") $(str crit_to "$e")" = "$(str crit_from "$full") $(str crit_to "$full")" ] &&
       [ "$(num total_um2 "$e")" = "$(num total_um2 "$full")" ] &&
       awk -v a="$(num crit_ns "$e")" -v b="$(num crit_ns "$full")" 'BEGIN { d = a / b - 1; exit !(b > 0 && d < 0.005 && d > -0.005) }'; then
      ok "default ${b[0]}: $(path "$e"), whole netlist $(path "$full"): the same ends and area, delay within 0.5 %"
    else bad "default ${b[0]}: $(path "$e"), whole netlist $(path "$full"); µm² $(num total_um2 "$e") vs $(num total_um2 "$full")"; fi
  else bad "default ${b[0]}: $(tail -3 "$tmp/${b[0]}e.err")"; fi
done
[ "$(path "$tmp/wl_banke.json")" = "$(path "$tmp/wl_bank.json")" ] && ok "default wl_bank: the same path" || bad "default wl_bank: $(path "$tmp/wl_banke.json")"
[ "$(path "$tmp/hwwl_coree.json")" = "$(path "$tmp/a1.json")" ] && ok "default hwwl_core: the same path, delay included" || bad "default hwwl_core: $(path "$tmp/hwwl_coree.json"), whole netlist $(path "$tmp/a1.json")"
m=$(grep -l "cell (hwwl_core_" "$IRHW_SYNTH_CACHE"/e*/model.lib | head -1)
[ -n "$m" ] && grep -q "bus (push_id)" "$m" && grep -q "timing_type : setup_rising" "$m" && grep -q "timing_type : rising_edge" "$m" &&
  ok "the core's model: a liberty cell with bus pins, setup and clock->output arcs" || bad "core model: ${m:-none}"
t=$(dirname "$(grep -l "cell (hwwl_c2" "$IRHW_SYNTH_CACHE"/e*/model.lib | head -1)")
[ -f "$t/sta.log" ] && ! grep -q "Warning" "$t/sta.log" && ok "hwwl's timing links the cores' models without a warning" || bad "hwwl's sta.log: $(grep -m2 Warning "$t/sta.log")"
"$irhw" area hwwl -p CORES=2 -p LANES=2 -p ENTRIES=4 -o "$tmp/hwwle2" --json --progress > "$tmp/hwwle2.json" 2> "$tmp/hwwle2.err"
! grep -q ": started\|synthesis [0-9]*/[0-9]* .*: synthesizing\|timing (OpenSTA)" "$tmp/hwwle2.err" && [ "$(path "$tmp/hwwle2.json")" = "$(path "$tmp/hwwle.json")" ] &&
  ok "again (extracted models): the path from the cache, no tool run" || bad "again (extracted models): $(cat "$tmp/hwwle2.err")"
# a damaged timing entry (the core's, its path edited) is timed again
tentry=$(dirname "$(grep -l -F "$(printf '\t%s\t' "$(str crit_from "$tmp/ilm.json")")" "$IRHW_SYNTH_CACHE"/t*/timing.txt | head -1)")
sed -i 's/^crit\t[0-9.]*/crit\t0.0001/' "$tentry/timing.txt"
"$irhw" area "${core[@]}" -o "$tmp/ilm3" --json --timing=ilm > "$tmp/ilm3.json" 2> "$tmp/ilm3.err"
grep -q "cache entry $tentry does not match its hash: timing again" "$tmp/ilm3.err" && [ "$(path "$tmp/ilm3.json")" = "$(path "$tmp/ilm.json")" ] &&
  ok "damaged timing entry timed again, the same path" || bad "damaged timing: $(path "$tmp/ilm3.json"); $(cat "$tmp/ilm3.err")"
"$irhw" area wl_bank -j 0 -o "$tmp/j0" > /dev/null 2> "$tmp/j0.err"
[ $? -eq 2 ] && grep -q -- "-j '0' must be a whole number 1..64" "$tmp/j0.err" && ok "-j 0 refused (exit 2)" || bad "-j 0: $(cat "$tmp/j0.err")"

# 2: warm: every module from the cache, the same total
if "$irhw" area "${core[@]}" -o "$tmp/a2" --json --timing=none --progress > "$tmp/a2.json" 2> "$tmp/a2.err"; then
  c=$(grep -c "synthesis [0-9]*/4 .*: cached" "$tmp/a2.err") s=$(grep -c "synthesis [0-9]*/4 .*: synthesizing" "$tmp/a2.err")
  [ "$c" -eq 4 ] && [ "$s" -eq 0 ] && ok "warm run: 4 of 4 modules cached" || bad "warm run: $c cached, $s synthesized"
  [ "$(num total_um2 "$tmp/a2.json")" = "$tot" ] && ok "warm total equals cold" || bad "warm total $(num total_um2 "$tmp/a2.json") != $tot"
else bad "warm area run failed: $(tail -5 "$tmp/a2.err")"; fi

# a part alone: wl_bank at the same configuration, served from the same entry
bank=$(grep -o '"module": "wl_bank[^"]*", "count": [0-9]*, "um2": [0-9.]*' "$tmp/a1.json")
bcount=$(echo "$bank" | sed 's/.*"count": \([0-9]*\).*/\1/') bum2=$(echo "$bank" | sed 's/.*"um2": //')
if "$irhw" area wl_bank -p ENTRIES=4 -o "$tmp/b" --json --timing=none --progress > "$tmp/b.json" 2> "$tmp/b.err"; then
  grep -q "synthesis 1/1 wl_bank.*: cached" "$tmp/b.err" && ok "wl_bank alone: its entry reused" || bad "wl_bank alone not cached: $(cat "$tmp/b.err")"
  awk -v a="$(num total_um2 "$tmp/b.json")" -v n="$bcount" -v p="$bum2" 'BEGIN { d = a * n - p; exit !(n > 0 && d < 0.5 && d > -0.5) }' &&
    ok "part $bcount x wl_bank = $bum2 µm², its total alone times $bcount" || bad "part '$bank' vs alone $(num total_um2 "$tmp/b.json")"
else bad "wl_bank area failed: $(tail -3 "$tmp/b.err")"; fi

# 3: a damaged entry (the bank's statistics edited) is synthesized again
entry=$(dirname "$(grep -l "^module wl_bank" "$IRHW_SYNTH_CACHE"/*/unit.v)")
sed -i 's/Chip area for module/Chip area for  module/' "$entry/stat.txt"
if "$irhw" area "${core[@]}" -o "$tmp/a3" --json --timing=none --progress > "$tmp/a3.json" 2> "$tmp/a3.err"; then
  grep -q "cache entry $entry does not match its hash" "$tmp/a3.err" && [ "$(grep -c "synthesis [0-9]*/4 .*: synthesizing" "$tmp/a3.err")" -eq 1 ] &&
    ok "damaged entry re-synthesized (the other 3 cached)" || bad "damaged entry: $(cat "$tmp/a3.err")"
  [ "$(num total_um2 "$tmp/a3.json")" = "$tot" ] && ok "total after re-synthesis equals cold" || bad "total $(num total_um2 "$tmp/a3.json") != $tot"
else bad "area after damage failed: $(tail -3 "$tmp/a3.err")"; fi
rm -f "$entry/irhw-entry"
"$irhw" area "${core[@]}" -o "$tmp/a4" --timing=none --progress > /dev/null 2> "$tmp/a4.err"
grep -q "cache entry $entry does not match" "$tmp/a4.err" && ok "entry without a seal re-synthesized" || bad "unsealed: $(cat "$tmp/a4.err")"

# --flat: one run, no cache use
before=$(ls "$IRHW_SYNTH_CACHE" | sort)
if "$irhw" area "${core[@]}" --flat -o "$tmp/f" --json --timing=none --progress > "$tmp/f.json" 2> "$tmp/f.err"; then
  grep -q "synthesis (flat) 1/1" "$tmp/f.err" && ! grep -q "cached" "$tmp/f.err" && [ "$(ls "$IRHW_SYNTH_CACHE" | sort)" = "$before" ] &&
    ok "--flat: one Yosys run, the cache untouched (total $(num total_um2 "$tmp/f.json") vs $tot)" || bad "--flat: $(cat "$tmp/f.err")"
else bad "--flat failed: $(tail -3 "$tmp/f.err")"; fi

# progress is quiet when stderr is not a terminal and --progress is not given
"$irhw" area "${core[@]}" -o "$tmp/a5" --timing=none > /dev/null 2> "$tmp/a5.err"
! grep -q "synthesis [0-9]*/[0-9]" "$tmp/a5.err" && ok "no progress lines without --progress off a terminal" || bad "progress: $(cat "$tmp/a5.err")"

# an SRAM macro cut out for OpenSTA keeps its instance's widths (ID_BITS=20
# data, 3 address bits), in the hierarchical and in the flat flow
for fl in "" --flat; do
  d=$tmp/sram$fl
  if "$irhw" area wl_bank -p ENTRIES=8 -p ID_BITS=20 -p STORAGE=sram $fl -o "$d" > "$d.out" 2>&1; then
    grep -q 'input \[19:0\] irhw_sram_0__rdata;' "$d/sta_netlist.v" &&
      grep -q 'output \[2:0\] irhw_sram_0__addr;' "$d/sta_netlist.v" &&
      grep -q 'output \[19:0\] irhw_sram_0__wdata;' "$d/sta_netlist.v" &&
      ok "SRAM macro ports at its width for OpenSTA${fl:+ ($fl)}" ||
      bad "SRAM ports${fl:+ ($fl)}: $(grep -h 'irhw_sram_0__' "$d/sta_netlist.v" | grep 'put' | tr '\n' ' ')"
  else bad "area wl_bank STORAGE=sram$fl failed: $(tail -3 "$d.out")"; fi
done

echo "synth_cache: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
