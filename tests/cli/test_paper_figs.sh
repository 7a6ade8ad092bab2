#!/usr/bin/env bash
# `irhw paper-figs --quick` (sim/verb_paper_figs.c) on tests/data/graphs:
# every figure of figures.txt has its Markdown (with a table), its .tsv and,
# when it has a plot, a whole SVG that parses as XML; the index (Markdown
# and HTML with every plot inline); no table cell says error or mismatch
# (a run whose option this irhw lacks says "n/a — needs ..."); a repeat is
# served from the cache (0 ran), but a run whose folder no longer matches its
# seal (run.log emptied or edited, no seal) is run again; a number of a table equals the one the
# single workload command named beside it prints; `irhw report` of the
# folder holds the figures; the figures' columns are the paper's quantities
# (the IRU on the GPU model: per graph, the means, the request rate);
# --large at --large-scale 4 generates its graphs into runs/, caches them and
# regenerates a damaged one; bad input (unknown option, bad -j, a missing
# graph folder, a stray argument, --large-scale out of range) exits 2 naming it.
# Prints "paper_figs: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch paperfigs
out=$tmp/paper
data=$tests_dir/data/graphs

"$irhw" paper-figs --quick --graphs "$data" -o "$out" -j 2 > "$tmp/run1.txt" 2> "$tmp/run1.err"
rc=$?
[ $rc -eq 0 ] && ok "paper-figs --quick: exit 0" || bad "paper-figs --quick: exit $rc: $(tail -3 "$tmp/run1.err")"

nfig=0 nsvg=0
while IFS=$'\t' read -r kind id svg _; do
  [ "$kind" = fig ] || continue
  nfig=$((nfig + 1))
  # a plot's figure names the runs behind it (iru_area runs nothing with --quick)
  [ -s "$out/$id.md" ] && grep -q '^| --- |' "$out/$id.md" && { [ "$svg" = 0 ] || grep -q '^- `irhw ' "$out/$id.md"; } &&
    ok "$id.md: a Markdown table and the runs' commands" || bad "$id.md: missing, no table or no runs"
  [ -s "$out/$id.tsv" ] && ok "$id.tsv" || bad "$id.tsv missing"
  # --quick: every figure says it is a smoke test, its plot too
  grep -q "^\*\*Smoke test (--quick): not meaningful\." "$out/$id.md" &&
    { [ "$svg" = 0 ] || grep -q "Smoke test (--quick): not meaningful" "$out/$id.svg"; } &&
    ok "$id: the smoke-test banner" || bad "$id: no smoke-test banner"
  if grep -q -e '|error|' -e '|mismatch|' -e '|error$' -e '|mismatch$' "$out/$id.tsv"; then
    bad "$id.tsv: a run failed: $(grep -m1 -e error -e mismatch "$out/$id.tsv")"
  fi
  [ "$svg" = 1 ] && nsvg=$((nsvg + 1)) && svgs="${svgs:-} $out/$id.svg"
done < "$out/figures.txt"
# every plot whole: parses as XML, an <svg> document (one python for all)
# shellcheck disable=SC2086
if python3 -c '
import sys, xml.dom.minidom as m
for f in sys.argv[1:]:
    if m.parse(f).documentElement.tagName != "svg": sys.exit(f + ": not SVG")' ${svgs:-/nonexistent} 2> "$tmp/svg.err"; then
  ok "$nsvg SVG plots: whole, parse as SVG"
else bad "SVG plots: $(tail -1 "$tmp/svg.err")"; fi
[ $nfig -ge 15 ] && ok "figures.txt lists $nfig figures" || bad "figures.txt lists $nfig figures (wanted 15)"
for f in fig5 fig6_inf fig6_32 fig7 fig8 cores headline iru_coalescing iru_timeout iru_gpu iru_gpu_rate iru_area gw_speedup gw_lanes gw_pack; do
  grep -q "^fig	$f	" "$out/figures.txt" || bad "figure $f not in figures.txt"
done
[ -s "$out/index.md" ] && ok "index.md" || bad "index.md missing"
n=$(grep -c '<svg' "$out/index.html" 2> /dev/null)
[ "${n:-0}" -ge $nsvg ] && ok "index.html: $n inline plots" || bad "index.html: ${n:-0} inline plots, wanted $nsvg"

# the figures of the paper that need no new option hold numbers
grep -q '^disconnected.graph|bfs|[0-9]' "$out/fig5.tsv" && ok "fig5: numbers" || bad "fig5: no numbers: $(head -3 "$out/fig5.tsv")"
grep -q '^disconnected.graph|bfs|[0-9]' "$out/headline.tsv" && ok "headline: numbers" || bad "headline: no numbers"
grep -q '^[0-9].*|sssp|min|[0-9.]* %' "$out/iru_timeout.tsv" && ok "iru_timeout: numbers" || bad "iru_timeout: no numbers"
# the IRU on the GPU model: per graph and kernel, and the means, hold numbers
grep -q '^mean|pagerank|[0-9.]*|1.40|[0-9.]*|[0-9.]*|[0-9.]*x|[0-9.]* %|[0-9.]* %|' "$out/iru_gpu.tsv" &&
  ok "iru_gpu: the means: speedup, L1, L2, coalescing, filtered, bound" || bad "iru_gpu: $(head -4 "$out/iru_gpu.tsv")"
[ "$(grep -c '^\(8\|48\)|\(0\|1000\)|\(bfs\|sssp\|pagerank\)|[0-9.]*|[0-9.]* %|' "$out/iru_gpu_rate.tsv")" -eq 12 ] &&
  ok "iru_gpu_rate: 2 warp counts x 2 TIMEOUTs x 3 kernels" || bad "iru_gpu_rate: $(head -4 "$out/iru_gpu_rate.tsv")"
# the IRU table's columns are the ones named (workload iru --all's columns found by name)
[ "$(grep -c '^[^|]*|\(bfs|none\|sssp|min\|pagerank|fadd\)|[0-9.]*|[0-9.]*|[0-9.]* %|' "$out/iru_coalescing.tsv")" -ge 6 ] &&
  ok "iru_coalescing: kernel, filter, lines per warp and filtered in their columns" ||
  bad "iru_coalescing: columns: $(head -3 "$out/iru_coalescing.tsv")"

# a repeat is served from the cache
"$irhw" paper-figs --quick --graphs "$data" -o "$out" -j 2 > "$tmp/run2.txt" 2> "$tmp/run2.err"
rc=$?
grep -q ' runs: [0-9]* from the cache, 0 ran' "$tmp/run2.txt" && [ $rc -eq 0 ] &&
  ok "repeat: every run from the cache" || bad "repeat: exit $rc, $(head -1 "$tmp/run2.txt")"

# the cache proves what it holds: a run folder changed since its run (run.log
# emptied, its digits changed at the same size, its seal removed) is run
# again, the table keeps the run's numbers
t=$'\t'
cfg=$(grep -l "bfs$t--graph$t[^$t]*/disconnected.graph$t--model-only$t--worklist${t}topo$t-g${t}CORES=4$" "$out"/runs/*/config.txt | head -1)
rd=$(dirname "${cfg:-/nonexistent/x}")
cp "$out/fig5.tsv" "$tmp/fig5.before"
for damage in "emptied|: > $rd/run.log|run.log changed" \
  "digits changed|tr 0-9 1-90 < $rd/run.log > $tmp/l && cat $tmp/l > $rd/run.log|run.log changed" \
  "seal removed|rm $rd/seal|has no seal"; do
  IFS='|' read -r what how why <<< "$damage"
  if [ -s "$rd/run.log" ] && bash -c "$how"; then
    "$irhw" paper-figs --quick --graphs "$data" -o "$out" -j 2 > "$tmp/run3.txt" 2> "$tmp/run3.err"
    rc=$?
    [ $rc -eq 0 ] && grep -q ' runs: [0-9]* from the cache, 1 ran' "$tmp/run3.txt" && grep -q "$why" "$tmp/run3.err" &&
      cmp -s "$tmp/fig5.before" "$out/fig5.tsv" &&
      ok "cache: a run whose run.log was $what is run again ($why), fig5 unchanged" ||
      bad "cache: run.log $what: exit $rc, $(grep ' ran' "$tmp/run3.txt"), $(diff "$tmp/fig5.before" "$out/fig5.tsv" | head -2)"
  else
    bad "cache: no run.log of the topo BFS run on disconnected.graph in $rd to damage"
  fi
done

# a number of a table = what the single command named beside it prints
line=$(grep -m1 '^- `irhw workload bfs .*--worklist topo.*` → [0-9]* cycles' "$out/fig5.md")
cmd=$(printf '%s\n' "$line" | sed 's/^- `irhw \(.*\)` → .*/\1/')
want=$(printf '%s\n' "$line" | sed 's/.*` → \([0-9]*\) cycles.*/\1/')
# shellcheck disable=SC2086
got=$("$irhw" $cmd | sed -n 's/.*gpu: \([0-9]*\) cycles.*/\1/p')
[ -n "$want" ] && [ "$got" = "$want" ] && grep -q "|$want|" "$out/fig5.tsv" &&
  ok "fig5: $want cycles in the table = irhw $cmd" || bad "fig5: table '$want' vs the command's '$got' ($cmd)"

# irhw report includes the folder's figures
"$irhw" report "$out" -o "$tmp/report.html" > /dev/null 2> "$tmp/report.err"
rc=$?
n=$(grep -c '<svg' "$tmp/report.html" 2> /dev/null)
[ $rc -eq 0 ] && grep -q 'hwwl paper Fig. 5' "$tmp/report.html" && grep -q 'hwwl paper Fig. 5' "$tmp/report.md" &&
  grep -q 'GW paper: speedup' "$tmp/report.html" &&
  [ "${n:-0}" -ge $nsvg ] && [ -s "$tmp/report_files/fig5.svg" ] &&
  ok "irhw report: the figures ($n plots)" || bad "irhw report: exit $rc, ${n:-0} plots: $(tail -2 "$tmp/report.err")"

# the figures read the paper's quantities: Fig. 5 its ideal double-buffered
# with the single-buffered variant beside it, Fig. 6 against the best
# software and against none, Fig. 8 the share of time at full activity, the
# headline the instruction ratio hwwl/swwl (a number: the runs' reports)
head -1 "$out/fig5.tsv" | grep -q 'best software|ideal FIFO cycles|.*|single-buffered FIFO cycles' &&
  ok "fig5: the ideal and its single-buffered variant" || bad "fig5 columns: $(head -1 "$out/fig5.tsv")"
head -1 "$out/fig6_32.tsv" | grep -q 'lsorting vs best software|.*|lsorting vs none' &&
  ok "fig6: against the best software and against none" || bad "fig6 columns: $(head -1 "$out/fig6_32.tsv")"
grep -q '^path12.graph|[0-9]*|[0-9]*|.*single: all threads most of the run; double: peak 80 %$' "$out/fig8.tsv" &&
  ok "fig8: cycles, and the paper's reading" || bad "fig8: $(sed -n 2p "$out/fig8.tsv")"
grep -q '^path12.graph|bfs|[0-9]*|[0-9]*|[0-9]*|\(topo\|swwl\)|[0-9.]*×|[0-9]*|[0-9]*|[0-9.]*|' "$out/headline.tsv" &&
  ok "headline: speedup and the instruction ratio hwwl/swwl" || bad "headline: $(sed -n 4p "$out/headline.tsv")"

# --large's plumbing at a test's scale (--large-scale 4: an R-MAT of 16
# vertex ids, a 4 x 4 grid): the graphs generated into runs/, their runs
# and figures; a repeat from the cache; a damaged graph file generated again
# while the runs on it stay cached
"$irhw" paper-figs --quick --large --large-scale 4 --graphs "$data" -o "$out" -j 2 > "$tmp/large1.txt" 2> "$tmp/large1.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^fig	large	1	' "$out/figures.txt" && grep -q '^fig	large_cores	1	' "$out/figures.txt" &&
  ok "--large --large-scale 4: exit 0, figures large and large_cores" || bad "--large: exit $rc: $(tail -2 "$tmp/large1.err")"
for g in rmat-s4-e16 grid-4x4; do
  grep -q "^$g|bfs|[0-9]*|[0-9]*|[0-9]*|[a-z]*|[0-9.]*×|" "$out/large.tsv" && grep -q "^$g|8|[0-9]" "$out/large_cores.tsv" &&
    ok "large: $g has numbers (speedup, 8 cores)" || bad "large: $g: $(grep "^$g" "$out/large.tsv" | head -1)"
done
rg=$(dirname "$(grep -l "graph${t}rmat${t}--scale${t}4$t" "$out"/runs/*/config.txt | head -1)")/rmat.txt
"$irhw" graph info "$rg" 2> /dev/null | grep -q ' 16 vertices' && grep -q -- "--graph=$rg" "$out/large.md" &&
  ok "large: the R-MAT generated into its run folder, the runs name it" || bad "large: no generated graph $rg"
"$irhw" paper-figs --quick --large --large-scale 4 --graphs "$data" -o "$out" -j 2 > "$tmp/large2.txt" 2> "$tmp/large2.err"
[ "$(grep -c ' runs: [0-9]* from the cache, 0 ran' "$tmp/large2.txt")" = 2 ] &&
  ok "--large repeat: every run from the cache" || bad "--large repeat: $(grep ' ran' "$tmp/large2.txt" | tr '\n' ' ')"
cp "$out/large.tsv" "$tmp/large.before"
: > "$rg"
"$irhw" paper-figs --quick --large --large-scale 4 --graphs "$data" -o "$out" -j 2 > "$tmp/large3.txt" 2> "$tmp/large3.err"
grep -q '^paper-figs: 2 runs: 1 from the cache, 1 ran' "$tmp/large3.txt" && grep -q ' runs: [0-9]* from the cache, 0 ran' "$tmp/large3.txt" &&
  grep -q 'rmat.txt changed' "$tmp/large3.err" && [ -s "$rg" ] && cmp -s "$tmp/large.before" "$out/large.tsv" &&
  ok "large: an emptied graph file is generated again, the runs on it cached" ||
  bad "large: emptied graph: $(grep ' ran' "$tmp/large3.txt" | tr '\n' ' ') $(grep again "$tmp/large3.err")"

# bad input: exit 2, the option named
bad_input() { # NAME PATTERN ARGS...
  local name=$1 pat=$2
  shift 2
  "$irhw" paper-figs "$@" > /dev/null 2> "$tmp/bad.err"
  local rc=$?
  [ $rc -eq 2 ] && grep -q -e "$pat" "$tmp/bad.err" && ok "bad input, $name: exit 2" ||
    bad "bad input, $name: exit $rc: $(head -2 "$tmp/bad.err")"
}
bad_input "unknown option" "--bogus" --bogus -o "$tmp/x"
bad_input "-j 0" "-j '0' must be a whole number 1..1024" -j 0 -o "$tmp/x"
bad_input "-j two" "-j 'two'" -j two -o "$tmp/x"
bad_input "missing graph folder" "/nonexistent" --graphs /nonexistent -o "$tmp/x"
bad_input "stray argument" "unexpected argument 'extra'" extra -o "$tmp/x"
bad_input "--partition without --slurm" "--partition needs --slurm" --partition p -o "$tmp/x"
bad_input "--large-scale 3" "--large-scale '3' must be a whole number 4..22" --large --large-scale 3 -o "$tmp/x"
bad_input "--large-scale without --large" "--large-scale needs --large" --large-scale 10 -o "$tmp/x"
"$irhw" paper-figs --help | grep -q 'usage: irhw paper-figs' && ok "--help" || bad "--help"

echo "paper_figs: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
