#!/usr/bin/env bash
# Tests of the report `irhw run` ends with, made by `irhw report` from canned
# results (tests/data/report: the rows of an `irhw run` folder and of its
# built-in area sweep, no tool runs): every plot present with its title, the
# flops/SRAM crossover marked, no "no plot" sentence, the runs and the
# commands that make them again; a GPU share without its result is "n/a",
# never 0 %; a partial sweep compared with no paper figure (n/a, naming
# the default it lacks) and no GPU total of one block; no empty section;
# µm² throughout; the HTML opened in headless Chromium shows the plots.
# Prints "report: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch report
data=$tests_dir/data/report

if "$irhw" report "$data/run" "$data/sweep/wl_bank" "$data/sweep/wru" -o "$tmp/r/report.html" > "$tmp/out" 2>&1; then
  ok "irhw report over the canned run and sweep folders"
else bad "irhw report: $(cat "$tmp/out")"; fi
html=$tmp/r/report.html md=$tmp/r/report.md
nsvg=$(grep -c '<svg' "$html")
[ "$nsvg" -eq 7 ] && ok "7 inline SVG plots" || bad "$nsvg inline SVG plots, expected 7"
for t in "wl_bank: total area against ENTRIES" "wl_bank: logic vs storage against ENTRIES" \
         "Area split: storage and logic (share of each block)" "Area split: parts (share of each block built of parts)" \
         "wl_bank: flip-flops against SRAM macro" "WRU area by sorting network" "WRU critical path by sorting network"; do
  # gnuplot writes the title as SVG text; the Markdown links the file under it
  if grep -qF ">$t<" "$html" && grep -qF "![$t](report_files/" "$md"; then ok "plot '$t' in the HTML and the Markdown"
  else bad "plot '$t' missing"; fi
done
for f in $(sed -n 's/^!\[.*\](\(report_files\/plot[0-9]*\.svg\))$/\1/p' "$md"); do
  [ -s "$tmp/r/$f" ] || bad "the Markdown's $f is missing"
done
# two lines against ENTRIES, flops and SRAM: the derived THRESHOLD splits none
[ "$(grep -c '>STORAGE=\(flops\|sram\)<' "$html")" -eq 2 ] && ! grep -q '>THRESHOLD=[0-9]* STORAGE=' "$html" &&
  ok "wl_bank against ENTRIES: one line for flops, one for SRAM" || bad "wl_bank series: $(grep -o '>[A-Z_=0-9 ]*STORAGE=[a-z]*<' "$html" | sort -u)"
grep -qF ">crossover: SRAM smaller from 8 (ID_BITS=24)<" "$html" && ok "the crossover is marked on its plot" ||
  bad "no crossover mark: $(grep -o 'crossover: [^<]*' "$html")"
grep -qE '^\| 24 \| 2,4,8,16,32,64 \| 8 \| 1\.02 \|$' "$md" && ok "crossover table: SRAM smaller from ENTRIES=8 (flops/SRAM 1.02)" ||
  bad "crossover table: $(grep -A3 'SRAM smaller from ENTRIES' "$md")"
! grep -qi "no plot" "$html" "$md" && ok "no 'no plot' sentence" || bad "a 'no plot' sentence: $(grep -i 'no plot' "$md")"
grep -qF "| irhw run -o $data/run |" "$md" &&
  grep -qF "| irhw sweep wl_bank -p ENTRIES=2,4,8,16,32,64 -p STORAGE=flops,sram --do area -o $data/sweep/wl_bank |" "$md" &&
  grep -qF "| irhw sweep wru -p NETWORK=best,bestdepth,oddeven,bitonic --do area -o $data/sweep/wru |" "$md" &&
  ok "the runs and the commands that make them again" || bad "runs table: $(grep -A6 'runs behind' "$md")"
# every block of the run in the split chart's table
n=$(sed -n '/^## Area split/,/^## wl_bank: the flops/p' "$md" | grep -c '^| [a-z_]* | [0-9]')
[ "$n" -eq "$(grep -c . "$data/run/index.txt")" ] && ok "area split: all $n blocks of the run" || bad "area split: $n blocks"
# one row per configuration: the run's wl_bank default is also in the sweep
n=$(grep -c '^| ENTRIES=32 ID_BITS=24 THRESHOLD=5 STORAGE=flops |' "$md")
[ "$n" -eq 1 ] && ok "a configuration in two folders is one row" || bad "ENTRIES=32 flops listed $n times"

# a report without an iru_hash (or wl_bank) result: its shares are n/a
"$irhw" report "$data/sweep/wru" -o "$tmp/w/report.html" > /dev/null 2>&1
if grep -qF "| IRU (4 partitions, hash only) / GPU | 5.6 % | n/a (no iru_hash area result) |" "$tmp/w/report.md" &&
   grep -qF "| IRU (4 partitions, Table 1 estimate: hash and buffers) / GPU | 5.6 % | n/a (no iru_hash area result) |" "$tmp/w/report.md" &&
   grep -qF "| 2.5 % (bits) | n/a (no wl_bank area result) |" "$tmp/w/report.md" && ! grep -q " 0\.00 %" "$tmp/w/report.md"; then
  ok "missing results: GPU shares n/a, never 0 %"
else bad "missing results: $(grep -A5 '| figure | paper' "$tmp/w/report.md")"; fi

# a partial sweep (ENTRIES=4 only): the paper comparison n/a, naming what
# the results lack, no GPU total of one block, no empty section, one unit
mkdir -p "$tmp/part/runs"
for k in 2eb435296f3bd406 dd32c8cf8d3a8b2d; do
  cp -r "$data/sweep/wl_bank/runs/$k" "$tmp/part/runs/"; echo "$k" >> "$tmp/part/index.txt"
done
"$irhw" report "$tmp/part" -o "$tmp/p/report.html" > /dev/null 2>&1
pm=$tmp/p/report.md
grep -q "^| wl_bank | .* | n/a — the results lack ENTRIES=32 | ENTRIES=4 " "$pm" &&
  ! grep -q "wl_bank: the block's comparison notes" "$pm" &&
  grep -qF "| all | - | - | n/a — no area result of wru, swt, icrn, iru_hash | - |" "$pm" &&
  grep -qF "| banks of one core / a 64 KB register file | 2.5 % (bits) | n/a — the results lack ENTRIES=32 |" "$pm" &&
  ok "partial sweep: paper comparison and register-file share n/a (lacks ENTRIES=32), no GPU total of one block" ||
  bad "partial sweep: $(grep -E '^\| (wl_bank|all|banks) ' "$pm")"
for f in "$md" "$pm" "$tmp/w/report.md"; do
  # a heading followed by another of the same or a higher level is an empty section
  empty=$(awk '/^#+ /{ l = index($0, " ") - 1; if (h && l <= h) print prev; h = l; prev = $0; next } NF { h = 0 }' "$f")
  [ -z "$empty" ] && ! grep -q "^Needs \|no area result | -" "$f" && ok "no empty section in $(basename "$(dirname "$f")")/report.md" || bad "empty sections in $f: $empty"
  ! grep -qE "(^|[^_a-z])(um2|mm2)([^a-z0-9]|$)" "$f" && grep -q "µm²" "$f" &&
    ok "one unit, µm², in $(basename "$(dirname "$f")")/report.md" || bad "um2 in $f: $(grep -E '(^|[^_a-z])(um2|mm2)' "$f" | head -3)"
done

shot_has_plots "$html" 6000 20000 bad

echo "report: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
