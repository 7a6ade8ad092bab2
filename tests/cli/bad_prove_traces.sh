#!/usr/bin/env bash
# The prove and trace-write battery: `irhw prove` needs a check to prove,
# takes any number and length of --rtl paths, refuses a directory and leaves
# only its own run's files in -o; a trace that cannot be written (a full disk,
# a file-size limit, SIGXFSZ ignored or not) at --wave-depth 2 or under SystemC
# ends with exit 3 and *.partial, never hangs and never claims success;
# every trace (--wave at any depth, --record) is held to --wave-limit.
# Prints "bad_prove_traces: N passed, N failed, N skipped".
#
# Table: "EXIT | SECONDS | FRAGMENT | COMMAND", as in bad_inputs.sh: COMMAND
# runs under bash in the scratch folder $T with $I the irhw binary; it must
# exit with EXIT, print FRAGMENT, end without a signal within SECONDS (a hang
# is a failure) and stay within the memory bounds of lib_cases.sh. Checks
# of the files left behind follow the table.
set -u
. "$(dirname "$0")/lib_cases.sh"
battery bad-prove-traces "$1" 262144

# ---- inputs ---------------------------------------------------------------
cd "$T"
# fifo's top module with every check removed (its ports, no leaf, no assert)
cat > nocheck.v <<'EOF'
module fifo_w24_d2 (input clk, input rst, input push, input [23:0] din, input pop,
                    output full, output valid, output [23:0] head);
    assign full = 1'b0;
    assign valid = 1'b0;
    assign head = 24'd0;
endmodule
EOF
mkdir -p adir dir.fst dir2.vcd
# 40 --rtl files, 1.5 KB a path: 39 unrelated modules and fifo's real top
"$I" gen fifo -o g > /dev/null
L=$(printf 'd%.0s' $(seq 250)); P=$L/$L/$L/$L/$L/$L
mkdir -p "$P"
for i in $(seq 39); do echo "module pad_$i; endmodule" > "$P/f$i.v"; printf -- '--rtl %s/f%s.v ' "$P" "$i"; done > rtl_args
cp g/fifo_w24_d2.v "$P/top.v"; printf -- '--rtl %s/top.v\n' "$P" >> rtl_args
# an earlier run's counterexample and a file of the user's in a prove folder
mkdir -p stale && touch stale/cex.csv stale/cex.vcd stale/cex.gtkw stale/notes.txt
ln -s /dev/full full2.vcd
ln -s /dev/full fullsc.vcd
# 1,100 idle cycles, then 3,000 push-pull pairs: a deeper trace's size
# measured over the first 1000 cycles is far below the run's, so only the
# stop during the run holds it under --wave-limit
{ echo rst,cfg_en,cfg_double,push,push_id,pull,swap,rd_take,rd_put,rd_put_id
  echo 1,0,0,0,0,0,0,0,0,0
  for i in $(seq 1100); do echo 0,0,0,0,0,0,0,0,0,0; done
  for i in $(seq 3000); do echo "0,0,0,1,$((i * 7919 % 16000000)),0,0,0,0,0"; echo 0,0,0,0,0,1,0,0,0,0; done
} > quiet_busy.csv
# the deeper traces' builds and the FST library, made once before the timed cases
"$I" cosim wl_bank --wave warm1.fst --cycles 20 --quiet > /dev/null 2>&1
"$I" cosim wl_bank --wave warm.vcd --wave-depth 2 --cycles 20 --quiet > /dev/null 2>&1
"$I" cosim wl_bank --wave warm.fst --wave-depth 2 --cycles 20 --quiet > /dev/null 2>&1
cd - > /dev/null

cases=$(cat <<'EOF'
# -- prove
2 | 120 | no assertions in --rtl nocheck.v | "$I" prove fifo --rtl nocheck.v -o p1
0 | 300 | PROVED fifo | "$I" prove fifo $(cat rtl_args) -o p2
2 | 60 | --rtl 'adir' is a directory | "$I" prove fifo --rtl adir -o p3
0 | 120 | PROVED fifo | "$I" prove fifo -o stale
# -- trace writes that fail: exit 3, never a hang
3 | 60 | writing the trace full2.vcd failed: No space left on device | "$I" cosim wl_bank --wave full2.vcd --wave-depth 2 --cycles 2000 --quiet
3 | 60 | writing the trace lim2.vcd failed: File too large | (trap '' XFSZ; ulimit -f 64; "$I" cosim wl_bank --wave lim2.vcd --wave-depth 2 --cycles 20000 --quiet)
3 | 60 | writing the trace lim2.fst failed: File too large | (trap '' XFSZ; ulimit -f 16; "$I" cosim wl_bank --wave lim2.fst --wave-depth 2 --cycles 20000 --quiet)
3 | 60 | writing the trace plain2.vcd failed: File too large | (ulimit -f 64; "$I" cosim wl_bank --wave plain2.vcd --wave-depth 2 --cycles 20000 --quiet)
3 | 60 | writing the trace plain1.fst failed: File too large | (ulimit -f 64; "$I" cosim wl_bank --wave plain1.fst --cycles 40000 --quiet)
3 | 60 | cannot write dir.fst: Is a directory | "$I" cosim wl_bank --wave dir.fst --cycles 100
3 | 60 | cannot write dir2.vcd: Is a directory | "$I" cosim wl_bank --wave dir2.vcd --wave-depth 2 --cycles 100
# -- every trace under --wave-limit
2 | 60 | measured over the first 1000), over --wave-limit 3.0M | "$I" cosim wl_bank --wave big2.vcd --wave-depth 2 --cycles 200000 --wave-limit 3M
0 | 60 | the trace lim3.vcd stopped before --wave-limit 1048576 bytes | "$I" cosim wl_bank --wave lim3.vcd --wave-depth 2 --stim-file quiet_busy.csv --wave-limit 1M --quiet
0 | 60 | the trace lim3.fst stopped before --wave-limit 61440 bytes | "$I" cosim wl_bank --wave lim3.fst --wave-depth 2 --stim-file quiet_busy.csv --wave-limit 60K --quiet
2 | 60 | --record rec.csv: about 3.2M bytes expected | "$I" cosim wl_bank --record rec.csv --cycles 100000 --wave-limit 1M
EOF
)

run_table "$cases"

# ---- the files left behind --------------------------------------------------
cd "$T"
[ ! -e stale/cex.csv ] && [ ! -e stale/cex.vcd ] && [ ! -e stale/cex.gtkw ] && [ -e stale/notes.txt ] &&
  ok "prove -o stale: the earlier cex.* removed, the user's notes.txt kept" ||
  bad "prove -o stale: left $(ls stale | tr '\n' ' ')"
for f in full2.vcd lim2.vcd lim2.fst plain2.vcd plain1.fst; do
  [ -e "$f.partial" ] || [ -L "$f.partial" ] && [ ! -e "$f" ] && [ ! -L "$f" ] && [ ! -e "${f%.*}.gtkw" ] &&
    ok "$f: kept as $f.partial, nothing at its name, no .gtkw" ||
    bad "$f: left $(ls -d ${f%.*}.* 2>/dev/null | tr '\n' ' ')"
done
for f in lim3.vcd:1048576 lim3.fst:61440; do
  n=$(stat -c %s "${f%:*}" 2>/dev/null || echo 0)
  [ "$n" -gt 0 ] && [ "$n" -lt "${f#*:}" ] && ok "${f%:*}: $n bytes, under its --wave-limit ${f#*:}" ||
    bad "${f%:*}: $n bytes, its --wave-limit ${f#*:}"
done
last=$(grep '^#' lim3.vcd | tail -1) n=$(stat -c %s lim3.vcd 2>/dev/null || echo 0)
[ "${last%5}" != "$last" ] && [ "$n" -lt 1048576 ] &&
  ok "lim3.vcd stopped at a cycle's end, its last time $last (whole cycles)" ||
  bad "lim3.vcd: last time '$last', $n bytes: not stopped at a cycle's end below the limit"

# SystemC's VCD writer: a failed write ends the run, exit 3 (skipped without SystemC)
if "$I" cosim wl_bank --systemc --cycles 20 --quiet > sc.out 2>&1; then
  out=$(timeout -k 2 120 "$I" cosim wl_bank --systemc --wave fullsc.vcd --cycles 3000 --quiet 2>&1); rc=$?
  [ $rc = 3 ] && grep -q 'writing the trace fullsc.vcd failed: No space left on device' <<< "$out" &&
    [ -L fullsc.vcd.partial ] && [ ! -e fullsc.gtkw ] &&
    ok "--systemc --wave onto /dev/full: exit 3, fullsc.vcd.partial, no .gtkw" ||
    bad "--systemc --wave onto /dev/full (rc=$rc, 124: a hang): $(head -3 <<< "$out")"
else
  skipped "--systemc onto /dev/full: no SystemC build here ($(tail -1 sc.out))"
fi
cd - > /dev/null

echo "bad_prove_traces: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
