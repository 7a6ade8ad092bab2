#!/usr/bin/env bash
# The bad-value battery: values irhw must never change silently. Numbers
# typed by a user or read from a graph or SRAM table are decimal (010 is 10;
# 0x10, +10, ' 10', inf are refused); every value of a sweep's range is
# range-checked before anything runs; an SSSP
# weight the kernel cannot take is an error naming file and line, and hashed
# weights (a graph without weights, a real matrix's values) are said even
# under --quiet; power
# refuses --cycles with --vcd, and a trace over --wave-limit is refused
# before anything runs (cosim's deeper traces too), its size measured.
# (The sweep cache's seals: tests/cli/test_sweep.sh.)
# Prints "bad_values: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND", as in bad_inputs.sh: COMMAND
# runs under bash in the scratch folder, with $I the irhw binary, $T the
# scratch folder and $D tests/data/graphs. Runs that could write a huge trace
# on an old irhw run under a file-size limit (ulimit -f).
set -u
. "$(dirname "$0")/lib_cases.sh"
battery bad-values "$1" 524288

# ---- inputs ---------------------------------------------------------------
cd "$T"
printf '0 1 3\n1 2 4\n2 3 0.5\n3 0 2\n' > half.txt                                  # one weight 0.5
printf '0 1 3\n1 2 0x10\n2 0 2\n' > hexw.txt                                        # a hexadecimal weight
printf '3 2 001\n2 5\n1 5 3 70000\n2 70000\n' > big.graph                           # METIS, weight 70000
printf '%%%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 4\n3 2 5\n' > skew.mtx
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 4\n2 3 0\n' > zero.mtx
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 4\n2 3 0.25\n3 1 -2.5\n' > real.mtx
: > empty.vcd
printf '64 32 inf\n' > inf.tab                                                       # SRAM table: inf area
printf '64 +32 1500\n' > plus.tab                                                    # a signed width
cd - > /dev/null

cases=$(cat <<'EOF'
# -- numbers are decimal: 010 is 10, no base prefix, sign or space
0 | 10 | wrote | "$I" gen wl_bank -p ENTRIES=010 -o "$T/g010" && ls "$T/g010" | grep -q wl_bank_e10_
2 | 10 | parameter ENTRIES='0x10' is not a whole number: ENTRIES must be 2..65536 | "$I" gen wl_bank -p ENTRIES=0x10 -o "$T/g"
2 | 10 | parameter ENTRIES='+10' is not a whole number | "$I" gen wl_bank -p ENTRIES=+10 -o "$T/g"
2 | 10 | --cycles '0x10' must be a whole number 1..10^12 | "$I" cosim wl_bank --cycles 0x10 --stim-file /nonexistent
2 | 10 | --seed '+1' must be a whole number 0..2^64-1 | "$I" cosim wl_bank --seed +1 --stim-file /nonexistent
2 | 10 | --clock '0x1p10' must be a frequency in MHz, 1..100000 | "$I" power wl_bank --clock 0x1p10 --vcd /nonexistent
2 | 10 | -j '+2' must be a whole number 1..1024 | "$I" sweep wl_bank -p ENTRIES=4 -j +2 --do bogus
2 | 10 | --cycles ' 50' must be a whole number 1..2000000000 | "$I" sweep wl_bank -p ENTRIES=4 --cycles ' 50' --do bogus
2 | 10 | -j '+2' must be a whole number 1..1024 | "$I" paper-figs -j +2 --nope
2 | 10 | -g WARPS=+4: WARPS must be a whole number 1..64 | "$I" workload bfs --graph "$D/path12.graph" --worklist swwl -g WARPS=+4 --nope
2 | 10 | --max-elems ' 5' must be a whole number >= 1 | "$I" workload iru --kernel bfs --graph "$D/path12.graph" --max-elems ' 5' --nope
2 | 10 | line 1: expected "words width um2" (whole numbers and an area > 0), got "64 32 inf" | "$I" area wl_bank -p STORAGE=sram --sram-table "$T/inf.tab" --timing=none -o "$T/a"
2 | 10 | line 1: expected "words width um2" (whole numbers and an area > 0), got "64 +32 1500" | "$I" area wl_bank -p STORAGE=sram --sram-table "$T/plus.tab" --timing=none -o "$T/a"
2 | 30 | hexw.txt:2: expected an edge "source destination weight" | "$I" workload bfs --graph "$T/hexw.txt" --model-only --quiet
# -- a sweep's range: every value checked before anything runs
2 | 10 | -p 'ENTRIES=1..3': parameter ENTRIES=1 is out of range: ENTRIES must be 2..65536 | "$I" sweep wl_bank -p ENTRIES=1..3 --do gen -o "$T/sr"
2 | 10 | -p 'ENTRIES=65530..65540:5': parameter ENTRIES=65540 is out of range | "$I" sweep wl_bank -p ENTRIES=65530..65540:5 --do gen -o "$T/sr"
# -- SSSP weights: a weight the kernel cannot take is an error, never hashed
2 | 30 | half.txt:3: edge weight '0.5' is not a whole number 1..65535 | "$I" workload sssp --graph "$T/half.txt" --model-only --quiet
2 | 30 | half.txt:3: edge weight '0.5' is not a whole number 1..65535 | "$I" workload iru --kernel sssp --graph "$T/half.txt" --model-only --quiet
2 | 30 | big.graph:3: edge weight '70000' is not a whole number 1..65535 | "$I" workload sssp --graph "$T/big.graph" --model-only --quiet
2 | 30 | skew.mtx:3: edge weight '4' (mirrored as negative) is not a whole number | "$I" workload sssp --graph "$T/skew.mtx" --model-only --quiet
2 | 30 | zero.mtx:4: edge weight '0' is not a whole number 1..65535 | "$I" workload sssp --graph "$T/zero.mtx" --model-only --quiet
0 | 30 | (weights 1..64 from a hash of each edge: the file is a real matrix whose values are not all whole numbers 1..65535) | "$I" workload sssp --graph "$T/real.mtx" --model-only --quiet
0 | 60 | (weights 1..64 from a hash of each edge: the file has none) | "$I" workload sssp --graph "$D/path12.graph" --model-only --quiet
# -- power: --vcd is priced whole; the trace's size is checked before anything runs
2 | 60 | --cycles does not apply with --vcd: the trace given is priced whole | "$I" power wl_bank --vcd "$T/empty.vcd" --cycles 5 -o "$T/pv"
2 | 60 | --stim-file does not apply with --vcd | "$I" power wl_bank --vcd "$T/empty.vcd" --stim-file "$T/empty.vcd" -o "$T/pv"
2 | 300 | bytes expected (1000000000000 cycles recorded, about | (ulimit -f 102400; "$I" power wl_bank --cycles 1000000000000 -o "$T/pw")
2 | 120 | over --wave-limit 1.0M; give fewer --cycles, or raise --wave-limit | (ulimit -f 102400; "$I" power wl_bank --cycles 100000 --wave-limit 1M -o "$T/pw")
2 | 120 | measured over the first 1000), over --wave-limit 2.0G | (ulimit -f 102400; "$I" cosim wl_bank --wave "$T/deep.vcd" --wave-depth 99 --cycles 100000000)
EOF
)
run_table "$cases"

# ---- what the refused runs left --------------------------------------------
[ ! -e "$T/sr" ] && ok "a refused sweep range made no sweep folder" || bad "a refused sweep range left $T/sr: $(ls "$T/sr" | head -3)"
left=$(ls "$T"/pw/power "$T"/deep* 2> /dev/null)
[ ! -e "$T/pw" ] && [ -z "$left" ] && ok "a refused power or cosim run left no trace, trial trace or folder" ||
  bad "a refused trace left files: $(ls -R "$T/pw" "$T"/deep* 2>&1 | head -5)"

echo "bad_values: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
