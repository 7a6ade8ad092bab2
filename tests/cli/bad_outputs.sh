#!/usr/bin/env bash
# The bad-output battery: outputs never overlap inputs (docs/errors.md).
# An output file that is an input (the same file by its name, "./", a
# symlink or a hardlink) and an output folder that is, holds or lies inside
# an input are refused with exit 2 naming both, before anything is written;
# paper-figs clears nothing in OUT/graphs but its own links; a graph
# folder contributes only its graph files (README.txt and other files are
# skipped and named). After the table, the inputs the refused
# commands named must be as they were.
# Prints "bad_outputs: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND", as in bad_inputs.sh: COMMAND
# runs under bash in the scratch folder, with $I the irhw binary, $T the
# scratch folder and $D tests/data/graphs; FRAGMENT is a fixed string of
# stdout+stderr.
set -u
. "$(dirname "$0")/lib_cases.sh"
battery bad-outputs "$1" 262144

# ---- inputs: copies only, never ../shared/data ------------------------------
cd "$T"
mkdir -p w/graphs data/graphs pick sw lib pw pv
cp "$D"/* w/graphs/
cp "$D"/* data/graphs/
cp "$D"/* pick/
printf 'The graphs of this folder.\n' > pick/README.txt
printf 'notes\n' > pick/notes.md
cp "$D/grid5x5.txt" g.txt
ln -s g.txt g_link.txt
ln g.txt g_hard.txt
ln -s w/graphs glink
cp "$D/path12.graph" r.v
: > sw/index.txt
cp "$tests_dir/../area/default_45nm.lib" lib/my.lib
: > pw/t.vcd
cp "$D/path12.graph" pv/x.v
mkdir -p runs_in/runs/g && cp "$D/path12.graph" runs_in/runs/g/
mkdir -p wb && cp "$D"/*.graph wb/ && printf 'not a graph\n' > wb/bad.txt
mkdir -p mine/graphs && cp "$D/path12.graph" mine/graphs/keep.graph
cd - > /dev/null

cases=$(cat <<'EOF'
# -- paper-figs: the folder it clears (OUT/graphs) and its cache (OUT/runs)
2 | 30 | -o's graphs/ folder (cleared) './graphs' is the input --graphs 'graphs' | cd w && "$I" paper-figs --graphs graphs -o . --quick
2 | 30 | '../w/graphs' is the input --graphs './graphs/' | cd w && "$I" paper-figs --graphs ./graphs/ -o ../w --quick
2 | 30 | 'data/graphs' is the input --graphs 'data/graphs' | "$I" paper-figs --graphs data/graphs -o data --quick
2 | 30 | 'w/graphs' is the input --graphs 'glink' | "$I" paper-figs --graphs glink -o w --quick
2 | 30 | is inside the input --graphs 'w/graphs' | "$I" paper-figs --graphs w/graphs -o w/graphs/figs --quick
2 | 30 | -o's runs/ folder 'runs_in/runs' holds the input --graphs 'runs_in/runs/g' | "$I" paper-figs --graphs runs_in/runs/g -o runs_in --quick
2 | 30 | holds 'keep.graph', which paper-figs did not make | "$I" paper-figs --graphs "$D" -o mine --quick
# -- workload: an output file that is the graph
2 | 30 | --levels-out 'g.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --levels-out g.txt --model-only
2 | 30 | --levels-out './g.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --levels-out ./g.txt --model-only
2 | 30 | --levels-out 'g_link.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --levels-out g_link.txt --model-only
2 | 30 | --levels-out 'g_hard.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --levels-out g_hard.txt --model-only
2 | 30 | --dist-out 'g.txt' is the same file as the input --graph 'g_link.txt' | "$I" workload sssp --graph g_link.txt --dist-out g.txt --model-only
2 | 30 | --active-out 'g.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --worklist hwwl --model-only --active-out g.txt
2 | 30 | --plot 'g.txt' is the same file as the input --graph 'g.txt' | "$I" workload bfs --graph g.txt --model-only --plot g.txt
2 | 30 | -o 'w/graphs/path12.graph' is the same file as the input graph 'w/graphs/path12.graph' | "$I" workload iru --all --graphs w/graphs --model-only -o w/graphs/path12.graph
2 | 30 | --plot 'w/graphs/star21.mtx' is the same file as the input graph | "$I" workload iru --timeout-sweep 0,10 --graphs w/graphs -o iru.md --plot w/graphs/star21.mtx
2 | 30 | -o 'w/graphs/star21.mtx' is the same file as the input graph | "$I" workload bfs --trends --graphs w/graphs -o w/graphs/star21.mtx
# -- the other verbs: output files and folders against their inputs
2 | 30 | --record 'r.v' is the same file as the input --rtl 'r.v' | "$I" cosim wl_bank --rtl r.v --record r.v
2 | 30 | --shrink-out 'g.csv' is the same file as the input --stim-file 'g.csv' | cp g.txt g.csv && "$I" cosim wl_bank --stim-file g.csv --shrink --shrink-out g
2 | 30 | -o 'lib' holds the input --liberty 'lib/my.lib' | "$I" area wl_bank --liberty lib/my.lib -o lib
2 | 30 | -o 'pw' holds the input --vcd 'pw/t.vcd' | "$I" power wl_bank --vcd pw/t.vcd -o pw
2 | 30 | -o 'pv' holds the input --rtl 'pv/x.v' | "$I" prove wl_bank --rtl pv/x.v -o pv
2 | 30 | -o '.' holds the input --liberty | "$I" run -o . --liberty lib/my.lib
2 | 30 | -o 'lib' holds the input --liberty | "$I" sweep wl_bank -p ENTRIES=4,8 --do area --liberty lib/my.lib -o lib
2 | 30 | -o 'sw/index.txt' is the same file as the input sweep index | "$I" report sw -o sw/index.txt
# -- a graph folder: graph files only; a graph extension that is no graph is an error
0 | 60 | skipped README.txt, notes.md | "$I" workload iru --all --graphs pick --model-only -o pick.md
0 | 60 | skipped README.txt, notes.md | "$I" paper-figs --quick --graphs pick -o pf -j 2
2 | 60 | wb/bad.txt:1: expected an edge | "$I" workload iru --all --graphs wb --model-only -o wb.md
EOF
)

run_table "$cases"

# ---- the inputs the refused commands named are as they were ------------------
for d in w/graphs data/graphs runs_in/runs/g; do
  for f in "$D"/*; do
    n=$(basename "$f")
    [ -d "$T/$d" ] && { [ "$d" != runs_in/runs/g ] || [ "$n" = path12.graph ]; } || continue
    if cmp -s "$f" "$T/$d/$n"; then ok "$d/$n: as it was"; else bad "$d/$n: changed or gone"; fi
  done
done
cmp -s "$D/grid5x5.txt" "$T/g.txt" && ok "g.txt (and its links): as it was" || bad "g.txt: changed"
cmp -s "$D/path12.graph" "$T/r.v" && ok "r.v: as it was" || bad "r.v: changed"
cmp -s "$D/path12.graph" "$T/mine/graphs/keep.graph" && ok "mine/graphs/keep.graph (not an input, in OUT/graphs): kept" ||
  bad "mine/graphs/keep.graph: cleared by paper-figs -o mine"
[ -L "$T/glink" ] && ok "glink: still a link" || bad "glink: gone"
# paper-figs took the two smallest graph files, not README.txt
grep -q 'README' "$T/pf/figures.txt" "$T/pf/fig5.tsv" 2> /dev/null && bad "paper-figs: README.txt used as a graph" ||
  { [ -s "$T/pf/fig5.tsv" ] && ok "paper-figs: README.txt not a graph" || bad "paper-figs: no fig5.tsv"; }

echo "bad_outputs: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
