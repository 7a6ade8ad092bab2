#!/usr/bin/env bash
# Faulty RTL variants must be caught by `irhw cosim --rtl` (the unit stage
# only): tests/cosim/faults/<block>.faults, "name | sed expression", applied to the
# defaults' RTL or to the configuration of a "# params:" line. Each must end
# in a MISMATCH (or ASSERTION FAILED: co-simulation checks the assertions;
# a fault named assert_* must be caught by one) with a replay command and a
# .gtkw marker; the unmodified RTL
# through --rtl passes. The variants are built and run two at a time; verdicts
# are read afterwards. Prints "faults: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch faults
blocks=$(registered_blocks)

: > "$tmp/fault_jobs"
for faults in tests/cosim/faults/*.faults; do
  fb=$(basename "$faults" .faults)
  echo " $blocks " | tr '\n' ' ' | grep -q " $fb " || continue
  # an optional "# params: -p NAME=VALUE ..." line: the configuration the faults apply to
  sed -n 's/^# params: *//p' "$faults" | head -1 > "$tmp/fp_$fb"
  # every block has a fault an assertion must catch before the outputs differ
  grep -q '^assert_' "$faults" && ok "$fb.faults has an assert_* fault" ||
    bad "$fb.faults: no assert_* fault (one an assertion catches before the outputs differ)"
  "$irhw" gen $fb $(cat "$tmp/fp_$fb") -o "$tmp/good_$fb" > /dev/null
  good=$(ls "$tmp/good_$fb"/${fb}_*.v | head -1)
  while IFS='|' read -r name expr; do
    name=$(echo $name); expr=$(echo "$expr" | sed 's/^ //')
    case "$name" in ''|\#*) continue ;; esac
    # NAME@LEAF.v: the fault edits that rtl/ leaf, whose text gen's file
    # holds (renamed with the design's tag) after the block's own modules
    src=$good
    case "$name" in *@*) name=${name%@*} ;; esac
    f="$tmp/fault_${fb}_$name.v"
    sed "$expr" "$src" > "$f"
    if cmp -s "$f" "$src"; then bad "fault $fb/$name: the sed did not change the RTL (stale fault)"; continue; fi
    echo "--rtl $f" > "$tmp/rtl_${fb}_$name"
    echo "$fb $name" >> "$tmp/fault_jobs"
  done < "$faults"
done
run_fault() { # irhw tmp block name
  "$1" cosim "$3" $(cat "$2/fp_$3") $(cat "$2/rtl_$3_$4") --cycles 20000 --quiet --wave "$2/f_$3_$4.fst" > "$2/f_$3_$4.out" 2>&1
  echo $? > "$2/f_$3_$4.rc"
  # without a trace, by default in two threads (tb/cosim.c): the same report
  "$1" cosim "$3" $(cat "$2/fp_$3") $(cat "$2/rtl_$3_$4") --cycles 20000 --quiet --threads 2 > "$2/t_$3_$4.out" 2>&1
  echo $? > "$2/t_$3_$4.rc"
}
export -f run_fault
xargs -P 2 -L 1 bash -c 'run_fault "$0" "$1" "$2" "$3"' "$irhw" "$tmp" < "$tmp/fault_jobs"
while read -r fb name; do
  out=$(cat "$tmp/f_${fb}_$name.out"); rc=$(cat "$tmp/f_${fb}_$name.rc")
  if [ "$rc" -eq 1 ] && echo "$out" | grep -q "^\(MISMATCH\|ASSERTION FAILED\) $fb at cycle" && echo "$out" | grep -q "^replay: " &&
     ! grep -q '^\*-4.000000 -1 ' "$tmp/f_${fb}_$name.gtkw"; then
    ok "fault $fb/$name caught: $(echo "$out" | grep -v "%Error" | head -1)"
  else bad "fault $fb/$name not caught (rc=$rc): $out"; fi
  case "$name" in assert_*) # must be caught by an assertion, not by the outputs differing
    echo "$out" | grep -q "^ASSERTION FAILED $fb at cycle [0-9]*: [a-z0-9_]*: " &&
      ok "fault $fb/$name caught by an assertion" ||
      bad "fault $fb/$name not caught by an assertion before the outputs differ: $(echo "$out" | grep -v '%Error' | head -3)" ;;
  esac
  report() { sed -n '/^\(MISMATCH\|CHECK FAILED\|ASSERTION FAILED\)/,/^replay: /p' "$1"; }
  if [ "$(cat "$tmp/t_${fb}_$name.rc")" = "$rc" ] && [ -n "$(report "$tmp/f_${fb}_$name.out")" ] &&
     [ "$(report "$tmp/t_${fb}_$name.out")" = "$(report "$tmp/f_${fb}_$name.out")" ]; then
    ok "fault $fb/$name: two threads report the same"
  else bad "fault $fb/$name: two threads report otherwise: $(cat "$tmp/t_${fb}_$name.out")"; fi
done < "$tmp/fault_jobs"
good=$(ls "$tmp"/good_wl_bank/wl_bank_*.v)

# the unmodified generated RTL through --rtl passes
"$irhw" cosim wl_bank --rtl "$good" --cycles 20000 --quiet > "$tmp/out" 2>&1 && ok "cosim --rtl on the unmodified RTL passes" || bad "cosim --rtl good: $(cat "$tmp/out")"

echo "faults: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
