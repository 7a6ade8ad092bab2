#!/usr/bin/env bash
# Every file irhw writes is complete or absent: each writer run under a
# file-size limit (ulimit -f, SIGXFSZ ignored: writes fail with EFBIG) and
# with its output a symlink to /dev/full (ENOSPC) must exit 3 with a message
# naming the path and the OS error, and leave no file at the final name that
# claims success (none, or the previous complete version; a stream is kept
# as NAME.partial) and no temporary file. The waveform trace (--wave) is
# tested in tests/cli/test_wave.sh.
# Prints "writes: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch writes
graphs=$tests_dir/data/graphs

# limited KB CMD...: CMD with files limited to KB KiB; output in $out, exit in $rc
limited() { local kb=$1; shift; out=$( (trap '' XFSZ; ulimit -f "$kb"; "$@") 2>&1); rc=$?; }
# run CMD...: output in $out, exit in $rc
run() { out=$("$@" 2>&1); rc=$?; }
# failed NAME PATH WHY: exit 3 and the message names PATH and the OS error WHY
failed() {
  if [ $rc -eq 3 ] && grep -qF -- "$2" <<< "$out" && grep -qF -- "$3" <<< "$out"; then ok "$1: exit 3, names $(basename "$2") and \"$3\""
  else bad "$1: rc=$rc, expected 3 naming $2 and \"$3\": $(tail -3 <<< "$out")"; fi
}
# no_temp NAME DIR: no temporary file (*.tmp.<pid>) left in DIR
no_temp() {
  local left; left=$(find "$2" -name '*.tmp.*' 2>/dev/null | head -3)
  [ -z "$left" ] && ok "$1: no temporary file left" || bad "$1: temporary files left: $left"
}
# still_full NAME LINK: the symlink to /dev/full is still one
still_full() { [ "$(readlink "$2")" = /dev/full ] && ok "$1: the symlink is left alone" || bad "$1: $2 replaced"; }
FULL="No space left on device" BIG="File too large"

# ---- gen: the module, a leaf cell, the SystemC header, the drawing, stdout ----
limited 64 "$irhw" gen hwwl -o "$tmp/g1"
failed "gen hwwl (64 KiB limit)" "$tmp/g1/hwwl_" "$BIG"
n=$(ls "$tmp/g1"/hwwl_*.v 2>/dev/null | wc -l)
[ "$n" = 0 ] && ! grep -q "^wrote .*hwwl_" <<< "$out" && ok "gen hwwl (64 KiB limit): no module file, no \"wrote\" line" ||
  bad "gen hwwl (64 KiB limit): $n module file(s) left or \"wrote\" printed"
no_temp "gen hwwl (64 KiB limit)" "$tmp/g1"
# a previous complete version stays as it was
run "$irhw" gen hwwl -o "$tmp/g2"
mod=$(sed -n 's/^wrote \(.*hwwl_.*\.v\)$/\1/p' <<< "$out")
if [ -f "$mod" ]; then
  echo "// the previous version" > "$mod"
  limited 64 "$irhw" gen hwwl -o "$tmp/g2"
  failed "gen hwwl over a previous file (64 KiB limit)" "$mod" "the file is left as it was"
  [ "$(cat "$mod")" = "// the previous version" ] && ok "gen hwwl (64 KiB limit): the previous file is unchanged" ||
    bad "gen hwwl (64 KiB limit): the previous file was changed"
else bad "gen hwwl: no module file named in: $out"; fi

run "$irhw" gen wl_bank --systemc -o "$tmp/g3"
mod=$(sed -n 's/^wrote \(.*\.v\)$/\1/p' <<< "$out")
hdr=$(sed -n 's/^wrote \(.*\.h\) (SystemC.*/\1/p' <<< "$out")
flist=$(ls "$tmp/g3"/*.f 2>/dev/null | head -1) # the file list and the FuseSoC core beside the .v
core=$(ls "$tmp/g3"/*.core 2>/dev/null | head -1)
if [ -n "$mod" ] && [ -n "$hdr" ] && [ -n "$flist" ] && [ -n "$core" ]; then
  for f in "$mod" "$flist" "$core" "$hdr"; do
    rm -rf "$tmp/g4"; mkdir -p "$tmp/g4"; ln -s /dev/full "$tmp/g4/$(basename "$f")"
    run "$irhw" gen wl_bank --systemc -o "$tmp/g4"
    failed "gen wl_bank, $(basename "$f") -> /dev/full" "$tmp/g4/$(basename "$f")" "$FULL"
    still_full "gen wl_bank, $(basename "$f") -> /dev/full" "$tmp/g4/$(basename "$f")"
    no_temp "gen wl_bank, $(basename "$f") -> /dev/full" "$tmp/g4"
  done
else bad "gen wl_bank --systemc: module, header, .f or .core not found in: $out"; fi
ln -s /dev/full "$tmp/draw.svg"
run "$irhw" gen wru --draw "$tmp/draw.svg" -o "$tmp/g5"
failed "gen wru --draw -> /dev/full" "$tmp/draw.svg" "$FULL"
# (the drawing is smaller than the module gen writes first: no size limit
# fails the drawing alone)
out=$("$irhw" gen wl_bank -o "$tmp/g7" 2>&1 > /dev/full); rc=$?
failed "gen, stdout -> /dev/full" "cannot write the standard output" "irhw:"

# ---- cosim --record: a stream, kept as .partial ----
run "$irhw" cosim wl_bank --cycles 100   # the model built outside the limit
limited 64 "$irhw" cosim wl_bank --cycles 20000 --record "$tmp/rec.csv"
failed "cosim --record (64 KiB limit)" "$tmp/rec.csv" "$BIG"
[ ! -e "$tmp/rec.csv" ] && [ -s "$tmp/rec.csv.partial" ] && grep -qF "kept as $tmp/rec.csv.partial" <<< "$out" &&
  ok "cosim --record (64 KiB limit): no rec.csv, the partial one kept as rec.csv.partial and said so" ||
  bad "cosim --record (64 KiB limit): $(ls "$tmp"/rec.csv* 2>&1) $out"
ln -s /dev/full "$tmp/rec2.csv"
run "$irhw" cosim wl_bank --cycles 2000 --record "$tmp/rec2.csv"
failed "cosim --record -> /dev/full" "$tmp/rec2.csv" "$FULL"
still_full "cosim --record -> /dev/full" "$tmp/rec2.csv"

# ---- cosim --xcheck: the vectors for Icarus ----
if command -v iverilog > /dev/null; then
  mkdir -p "$tmp/xt"
  out=$( (trap '' XFSZ; ulimit -f 16; TMPDIR=$tmp/xt "$irhw" cosim wl_bank --cycles 3000 --xcheck) 2>&1); rc=$?
  failed "cosim --xcheck (16 KiB limit)" "vin.hex" "$BIG"
  no_temp "cosim --xcheck (16 KiB limit)" "$tmp/xt"
else skipped "cosim --xcheck: iverilog not installed"; fi

# ---- area: the synthesis input, Yosys's netlist ----
mkdir -p "$tmp/a1"; ln -s /dev/full "$tmp/a1/synth_input.v"
run "$irhw" area fifo --timing=none -o "$tmp/a1"
failed "area, synth_input.v -> /dev/full" "$tmp/a1/synth_input.v" "$FULL"
limited 64 "$irhw" area wl_bank --timing=none -o "$tmp/a2"
if [ $rc -eq 3 ] && [ ! -e "$tmp/a2/netlist.v" ] && [ ! -e "$tmp/a2/stat.txt" ]; then
  ok "area (64 KiB limit): exit 3, no netlist.v or stat.txt"
else bad "area (64 KiB limit): rc=$rc, $(ls "$tmp/a2" | tr '\n' ' ')"; fi
no_temp "area (64 KiB limit)" "$tmp/a2"

# ---- sweep, report, Slurm tasks ----
run "$irhw" sweep wl_bank -p ENTRIES=4,8 --do gen -o "$tmp/s1"
[ $rc -eq 0 ] && ok "sweep --do gen runs" || bad "sweep --do gen: rc=$rc $out"
rm -f "$tmp/s1/results.json"; ln -s /dev/full "$tmp/s1/results.json"
run "$irhw" sweep wl_bank -p ENTRIES=4,8,16 --do gen -o "$tmp/s1"
failed "sweep, results.json -> /dev/full" "$tmp/s1/results.json" "$FULL"
limited 64 "$irhw" sweep hwwl -p ENTRIES=8 --do gen -o "$tmp/s2"
[ $rc -eq 3 ] && grep -q "^error .*gen failed" <<< "$out" && ! ls "$tmp"/s2/runs/*/rtl/hwwl_*.v > /dev/null 2>&1 &&
  ok "sweep --do gen (64 KiB limit): exit 3, the run an error, no module file" || bad "sweep (64 KiB limit): rc=$rc $out"
mkdir -p "$tmp/r1"; ln -s /dev/full "$tmp/r1/report.html"
run "$irhw" report "$tmp/s1" -o "$tmp/r1/report.html"
failed "report, report.html -> /dev/full" "$tmp/r1/report.html" "$FULL"
limited 1 "$irhw" report "$tmp/s1" -o "$tmp/r2/report.html"
failed "report (1 KiB limit)" "$tmp/r2/report" "$BIG"
[ ! -e "$tmp/r2/report.html" ] || [ ! -e "$tmp/r2/report.md" ] && ok "report (1 KiB limit): no complete-looking pair" ||
  bad "report (1 KiB limit): report.html and report.md both left"
no_temp "report (1 KiB limit)" "$tmp/r2"
mkdir -p "$tmp/bin" "$tmp/s1/slurm"
printf '#!/bin/sh\nexit 1\n' > "$tmp/bin/sbatch"; chmod +x "$tmp/bin/sbatch"   # never reached
ln -s /dev/full "$tmp/s1/slurm/tasks.txt"
out=$(PATH=$tmp/bin:$PATH "$irhw" sweep wl_bank -p ENTRIES=32,64 --do gen --slurm -o "$tmp/s1" 2>&1); rc=$?
failed "sweep --slurm, tasks.txt -> /dev/full" "$tmp/s1/slurm/tasks.txt" "$FULL"

# ---- workload outputs ----
ln -s /dev/full "$tmp/plot.svg"
run "$irhw" workload bfs --graph "$graphs/grid5x5.txt" --model-only --plot "$tmp/plot.svg"
failed "workload bfs --plot -> /dev/full" "$tmp/plot.svg" "$FULL"
mkdir -p "$tmp/gr" "$tmp/w1"; cp "$graphs/grid5x5.txt" "$tmp/gr/"
ln -s /dev/full "$tmp/w1/iru.md"
run "$irhw" workload iru --all --graphs "$tmp/gr" --model-only -o "$tmp/w1/iru.md"
failed "workload iru --all -o -> /dev/full" "$tmp/w1/iru.md" "$FULL"
ln -s /dev/full "$tmp/w1/trends.md"
run "$irhw" workload bfs --trends --graphs "$tmp/gr" -o "$tmp/w1/trends.md"
failed "workload bfs --trends -o -> /dev/full" "$tmp/w1/trends.md" "$FULL"
grep -q "^wrote " <<< "$out" && bad "workload bfs --trends: \"wrote\" printed after a failed write" ||
  ok "workload bfs --trends: no \"wrote\" line after a failed write"
# gnuplot cut short by the limit still exits 0: the SVG is checked
limited 2 "$irhw" workload bfs --trends --graphs "$tmp/gr" -o "$tmp/w2/trends.md"
failed "workload bfs --trends (2 KiB limit)" "$tmp/w2/hwwl_trends_schemes.svg" "the file is cut short"
no_temp "workload bfs --trends (2 KiB limit)" "$tmp/w2"
for f in "$tmp"/w2/*.svg; do
  [ -e "$f" ] || continue
  grep -q "</svg>" "$f" && ok "workload bfs --trends (2 KiB limit): $(basename "$f") is whole" || bad "a cut $f left"
done

echo "writes: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
