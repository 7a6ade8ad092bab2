#!/usr/bin/env bash
# The bad-input battery: malformed parameters, options, graphs, CSV traces
# and other input files, one case a line in the table below. Each case must
# exit with its documented code (2: what was typed is wrong), print a message
# holding its fragment, end without a signal (exit < 128) within its time
# bound, and stay under a memory bound (max RSS, when /usr/bin/time exists).
# The inputs are made in a scratch folder first; a 1 GB sparse file, endless
# pipes and /dev/zero check that readers stop at the first bad line.
# Prints "bad_inputs: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND". COMMAND runs under bash in
# the scratch folder, with $I the irhw binary, $T the scratch folder and $D
# tests/data/graphs. FRAGMENT is matched as a fixed string in stdout+stderr.
set -u
. "$(dirname "$0")/lib_cases.sh"
battery bad-inputs "$1" 262144 # 256 MiB: no case may load a big input whole

# ---- inputs ---------------------------------------------------------------
cd "$T"
: > empty.graph; : > empty.mtx; : > empty.txt; : > empty.csv; : > noext
printf '3 2\n2\n1 3\n' > trunc.graph
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 4\n1 2\n2 3\n' > trunc.mtx
printf '0 1\n1 2\n3\n' > trunc.txt
printf 'vertices edges\n' > badhdr.graph
printf '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' > badhdr.mtx
printf '1000000000 5\n' > huge.graph
printf '%%%%MatrixMarket matrix coordinate pattern general\n4000000000 4000000000 1\n1 2\n' > huge.mtx
printf '0 1\n1 50000000\n' > hugeid.txt
printf '3 2\n2\n1 3\n2\n' > metis_noext
printf '2 1\n' > big.graph && truncate -s 1G big.graph # 1 GB, line 2 all NUL bytes (sparse)
cp "$I" junk.graph; cp "$I" junk.csv                   # binary junk: an ELF file
printf '\377\376 \200\201 junk\n' > junk.txt           # non-ASCII bytes, no NUL
{ printf '0 1\n'; head -c 2097152 /dev/zero | tr '\0' 7; printf '\n'; } > long.txt
mkdir -p adir.graph adir.csv
mkfifo endless.graph
hdr=rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put,rd_put_id
printf '# only a comment\n' > nohdr.csv
printf '%s,bogus\n0,0,0,1,5,0,0,0,0,0,0\n' "$hdr" > badcol.csv
printf '%s\n0,0,0,1,5,0,0,0,0\n' "$hdr" > short.csv
printf '%s\n0,0,0,2,5,0,0,0,0,0\n' "$hdr" > wide.csv
printf '%s\n0,0,0,1,12z,0,0,0,0,0\n' "$hdr" > nan.csv
printf '%s\n' "$hdr" > nocycles.csv
{ printf '%s\n0,0,0,1,' "$hdr"; head -c 2097152 /dev/zero | tr '\0' 7; printf '\n'; } > long.csv
printf '64 32 1500\n64 x 3\n' > bad.tab
cd - > /dev/null

cases=$(cat <<'EOF'
# -- verbs, blocks, options
2 | 10 | unknown verb 'frobnicate' | "$I" frobnicate
2 | 10 | unknown verb 'cosm' (did you mean cosim?) | "$I" help cosm
2 | 10 | irhw help: name one verb | "$I" help gen area
2 | 10 | unknown block 'nosuch' | "$I" gen nosuch
2 | 10 | unknown block 'nosuch' | "$I" list nosuch
2 | 10 | unknown block 'nosuch' | "$I" area nosuch
2 | 10 | unknown block 'nosuch' | "$I" sweep nosuch
2 | 10 | name a block | "$I" cosim
2 | 10 | unknown option '--nope' | "$I" gen wl_bank --nope
2 | 10 | unexpected argument 'nosuch' | "$I" run nosuch
2 | 10 | -j '0' must be a whole number 1..64 | "$I" run -j 0
2 | 10 | --jobs 'x' must be a whole number 1..64 | "$I" run -o "$T/r" --jobs x
2 | 10 | unknown kind 'nope' | "$I" workload nope
2 | 10 | unknown option '--nope' | "$I" workload bfs --graph "$D/path12.graph" --nope
2 | 10 | option -p needs a value | "$I" gen wl_bank -p
2 | 10 | option --stim-file needs a value | "$I" cosim wl_bank --stim-file
2 | 10 | option --graph needs a value | "$I" workload iru --kernel bfs --graph
2 | 10 | name --graph FILE | "$I" workload bfs
2 | 10 | name sweep folders | "$I" report
# -- parameters: out of range, not a number, unknown name, not allowed
2 | 10 | ENTRIES=0 is out of range: ENTRIES must be 2..65536 | "$I" gen wl_bank -p ENTRIES=0
2 | 10 | ENTRIES=1 is out of range | "$I" area wl_bank -p ENTRIES=1
2 | 10 | irhw area: --full-sta is gone: --timing chooses how the critical path is found (use --timing=full) | "$I" area wl_bank --full-sta
2 | 10 | irhw area: --no-sta is gone: --timing chooses how the critical path is found (use --timing=none) | "$I" area wl_bank --no-sta
2 | 10 | irhw power: --ilm is gone: --timing chooses how the critical path is found (use --timing=ilm) | "$I" power wl_bank --ilm
2 | 10 | irhw area: --timing 'fast' must be auto, full, ilm or none | "$I" area wl_bank --timing=fast
2 | 10 | irhw power: --timing none does not apply to power | "$I" power wl_bank --timing none
2 | 10 | option --timing needs a value | "$I" area wl_bank --timing
2 | 10 | ENTRIES='abc' is not a whole number | "$I" gen wl_bank -p ENTRIES=abc
2 | 10 | is not a whole number: ENTRIES must be 2..65536 | "$I" gen wl_bank -p ENTRIES=99999999999999999999
2 | 10 | unknown parameter 'NOPE' for block wl_bank | "$I" gen wl_bank -p NOPE=3
2 | 10 | unknown parameter 'NOPE' for block iru_hash | "$I" workload iru --kernel bfs --graph "$D/path12.graph" -p NOPE=1
2 | 10 | bad parameter 'ENTRIES': expected NAME=VALUE | "$I" gen wl_bank -p ENTRIES
2 | 10 | STORAGE must be one of flops|sram | "$I" gen wl_bank -p STORAGE=bogus
2 | 10 | THRESHOLD must be 0..3 (below ENTRIES=4) | "$I" gen wl_bank -p ENTRIES=4 -p THRESHOLD=9
2 | 10 | --cycles 'abc' must be a whole number | "$I" cosim wl_bank --cycles abc
2 | 10 | --cycles '0' must be a whole number 1..10^12 | "$I" cosim wl_bank --cycles 0
2 | 10 | --seed '-1' must be a whole number | "$I" cosim wl_bank --seed -1
2 | 10 | --stim 'bogus' must be mixed, random or directed | "$I" cosim wl_bank --stim bogus
2 | 10 | --threads 'x' must be 1 or 2 | "$I" cosim wl_bank --threads x
2 | 10 | --wave-to needs --wave | "$I" cosim wl_bank --wave-from 5 --wave-to 2
2 | 10 | --kernel 'nope' must be bfs, sssp or pagerank | "$I" workload iru --kernel nope --graph "$D/path12.graph"
2 | 10 | --mem-lat 'x' must be a whole number | "$I" workload bfs --graph "$D/path12.graph" --mem-lat x --model-only
2 | 10 | --src 99: | "$I" workload bfs --graph "$D/path12.graph" --src 99 --model-only
2 | 10 | ID_BITS=2 holds vertex IDs below 4 | "$I" workload bfs --graph "$D/path12.graph" --model-only -p ID_BITS=2
2 | 10 | the range of ENTRIES is empty | "$I" sweep wl_bank -p ENTRIES=4..2
2 | 10 | malformed range for ENTRIES | "$I" sweep wl_bank -p ENTRIES=x..y
2 | 10 | 'nope' is not a step | "$I" sweep wl_bank -p ENTRIES=4,8 --do nope
# -- graphs: missing, a directory, empty, truncated, bad header, huge counts
2 | 10 | nope.graph: cannot read: No such file or directory | "$I" workload bfs --graph nope.graph --model-only
2 | 10 | adir.graph: is a directory, not a file | "$I" workload bfs --graph adir.graph --model-only
2 | 10 | adir.graph: is a directory, not a file | "$I" workload iru --kernel bfs --graph adir.graph
2 | 10 | empty.graph:1: expected the METIS header | "$I" workload bfs --graph empty.graph --model-only
2 | 10 | empty.mtx:1: expected the banner | "$I" workload bfs --graph empty.mtx --model-only
2 | 10 | empty.txt:1: expected at least one edge | "$I" workload bfs --graph empty.txt --model-only
2 | 10 | noext:1: expected at least one edge | "$I" workload bfs --graph noext --model-only
2 | 10 | trunc.graph:4: expected the adjacency line of vertex 3 | "$I" workload iru --kernel bfs --graph trunc.graph
2 | 10 | trunc.mtx:5: expected entry 3 of 4 | "$I" workload bfs --graph trunc.mtx --model-only
2 | 10 | trunc.txt:3: expected an edge | "$I" workload bfs --graph trunc.txt --model-only
2 | 10 | badhdr.graph:1: expected the METIS header | "$I" workload bfs --graph badhdr.graph --model-only
2 | 10 | badhdr.mtx:1: expected the banner | "$I" workload bfs --graph badhdr.mtx --model-only
2 | 10 | huge.graph:1: the header says 1000000000 vertices, more than the 0 bytes after it | "$I" workload bfs --graph huge.graph --model-only
2 | 10 | huge.mtx:2: the size line declares 4000000000 vertices, more than a file of | "$I" workload bfs --graph huge.mtx --model-only
2 | 10 | hugeid.txt:2: the largest vertex id | "$I" workload bfs --graph hugeid.txt --model-only
# -- graphs: binary junk, long lines, endless and huge inputs
2 | 10 | junk.graph:1: a NUL byte at column 8: expected a text file | "$I" workload bfs --graph junk.graph --model-only
2 | 10 | junk.txt:1: expected an edge "source destination weight" (as on the first edge line), found '?? ?? junk' | "$I" workload bfs --graph junk.txt --model-only
2 | 10 | long.txt:2: the line is longer than the limit of 1048576 bytes | "$I" workload bfs --graph long.txt --model-only
2 | 10 | big.graph:2: a NUL byte at column 1 | "$I" workload bfs --graph big.graph --model-only
2 | 10 | /dev/zero:1: a NUL byte at column 1 | "$I" workload bfs --graph /dev/zero --model-only
2 | 10 | /dev/zero:1: a NUL byte at column 1 | "$I" workload iru --kernel bfs --graph /dev/zero
2 | 10 | :1: the line is longer than the limit of 1048576 bytes | "$I" workload bfs --graph <(yes 7 | tr -d '\n') --model-only
2 | 30 | endless.graph:2: the line is longer than the limit of 67108864 bytes | { printf '2 3\n'; yes 7 | tr -d '\n'; } > endless.graph 2>/dev/null & "$I" workload bfs --graph endless.graph --model-only
2 | 10 | cannot tell a METIS graph from a SNAP edge list without reading it twice | "$I" workload bfs --graph <(cat metis_noext) --model-only
# -- CSV traces (cosim --stim-file): read before anything is built
2 | 10 | --stim-file 'nope.csv' cannot be read | "$I" cosim wl_bank --stim-file nope.csv
2 | 10 | adir.csv: is a directory, not a file | "$I" cosim wl_bank --stim-file adir.csv
2 | 10 | is not a regular file | "$I" cosim wl_bank --rtl /dev/zero --cycles 10
2 | 10 | empty.csv:0: no header line | "$I" cosim wl_bank --stim-file empty.csv
2 | 10 | nohdr.csv:1: no header line | "$I" cosim wl_bank --stim-file nohdr.csv
2 | 10 | badcol.csv:1: column 11: 'bogus' is not an input port | "$I" cosim wl_bank --stim-file badcol.csv
2 | 10 | short.csv:2: 9 values, the header has 10 columns | "$I" cosim wl_bank --stim-file short.csv
2 | 10 | wide.csv:2: column 4 (push, 1 bit): value '2' does not fit | "$I" cosim wl_bank --stim-file wide.csv
2 | 10 | nan.csv:2: column 5 | "$I" cosim wl_bank --stim-file nan.csv
2 | 10 | nocycles.csv:1: no cycles after the header | "$I" cosim wl_bank --stim-file nocycles.csv
2 | 10 | junk.csv:1: a NUL byte at column 8 | "$I" cosim wl_bank --stim-file junk.csv
2 | 10 | long.csv:2: the line is longer than the limit of 1048576 bytes | "$I" cosim wl_bank --stim-file long.csv
2 | 10 | /dev/zero:1: a NUL byte at column 1 | "$I" cosim wl_bank --stim-file /dev/zero
2 | 10 | :1: the line is longer than the limit of 1048576 bytes | "$I" cosim wl_bank --stim-file <(yes 0 | tr -d '\n')
# -- other input files: SRAM tables, liberty files, sweep results
2 | 10 | SRAM table bad.tab line 2: expected "words width um2" | "$I" area wl_bank --sram-table bad.tab
2 | 10 | SRAM table /dev/zero:1: a NUL byte | "$I" area wl_bank --sram-table /dev/zero
2 | 10 | SRAM table adir.csv: is a directory | "$I" sweep wl_bank -p ENTRIES=4,8 --do area --sram-table adir.csv -o sw
2 | 10 | --liberty: /dev/zero: is not a regular file | "$I" area wl_bank --liberty /dev/zero
2 | 10 | --liberty: adir.csv: is a directory | "$I" sweep wl_bank -p ENTRIES=4,8 --do area --liberty adir.csv -o sw
2 | 10 | --liberty: nope.lib: cannot read: No such file or directory | "$I" area wl_bank --liberty nope.lib
2 | 10 | -j '0' must be a whole number 1..64 | "$I" area wl_bank -j 0
2 | 10 | -j 'x' must be a whole number 1..64 | "$I" area wl_bank -jx
2 | 10 | holds no sweep results | "$I" report adir.csv
2 | 10 | option -o needs a value | "$I" gen wl_bank -o ""
2 | 10 | parameter ENTRIES given twice | "$I" gen wl_bank -p ENTRIES=4 -p ENTRIES=8 -o rep
2 | 10 | --depth '2' must be 3..200 | "$I" prove wl_bank --depth 2
2 | 10 | --depth '201' must be 3..200 | "$I" prove swt --depth 201
2 | 10 | wru is too large for the solver: LANES=16 | "$I" prove wru
3 | 60 | File too large | (trap '' XFSZ; ulimit -f 64; "$I" gen hwwl -o full)
2 | 600 | adir.graph | "$I" cosim wl_bank --rtl adir.graph --cycles 100
2 | 120 | no edges | printf '3 0\n\n\n\n' > noedge.graph && "$I" workload iru --kernel bfs --graph noedge.graph
2 | 60 | no edges: sssp has no frontier for iru_hash to reorder | printf '3 0\n\n\n\n' > noedge.graph && "$I" workload iru --kernel sssp --graph noedge.graph --model-only
2 | 60 | no edges: pagerank has no frontier for iru_hash to reorder | printf '3 0\n\n\n\n' > noedge.graph && "$I" workload iru --kernel pagerank --graph noedge.graph --model-only
2 | 60 | noedge.graph: the graph has 3 vertices and no edges | mkdir -p edgeless && printf '3 0\n\n\n\n' > edgeless/noedge.graph && "$I" workload iru --all --graphs edgeless --model-only -o edgeless.md
1 | 600 | MISMATCH | "$I" gen wl_bank -o xc > /dev/null && f=$(ls xc/wl_bank*.v | head -1) && sed -i 's/wire do_pull = pull \& ~push \& ~is_empty;/wire do_pull = pull \& ~push \& ~is_empty \& ~rd_take;/' "$f" && "$I" cosim wl_bank --rtl "$f" --xcheck --no-assert --cycles 2000 --quiet
3 | 60 | No space left on device | mkdir -p dfull && "$I" gen wl_bank -o dfull > /dev/null && for f in dfull/*.v; do ln -sf /dev/full "$f"; done && "$I" gen wl_bank -o dfull
EOF
)

run_table "$cases"
echo "bad_inputs: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
