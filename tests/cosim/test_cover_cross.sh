#!/usr/bin/env bash
# Coverage crosses (docs/verification.md#coverage-crosses): issue 45's case.
# At hwwl_core -p LANES=4 -p ENTRIES=6 -p THRESHOLD=2 -p OVF_CAP=64
# -p COALESCE=4 the unmodified RTL passes with every applicable point hit,
# the six wraps at the edge sizes among them, and the RTL with the push
# region's size wire one bit narrower (a buffer of exactly OVF_CAP reads as
# size 0) is a mismatch: the edge walk's fill stores into a buffer of
# OVF_CAP. The same for hwwl (two such cores; the stimulus's fill phase,
# tb/hwwl_stim.c, plan_fill): its six wrap points hit, and the narrowed wire
# inside its cores a mismatch. Prints "cover_cross: N passed, N failed, N
# skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch cover-cross
P="-p LANES=4 -p ENTRIES=6 -p THRESHOLD=2 -p OVF_CAP=64 -p COALESCE=4"
"$irhw" gen hwwl_core $P -o "$tmp/g" > /dev/null
good=$(ls "$tmp"/g/hwwl_core_*.v | head -1)
out=$("$irhw" cosim hwwl_core $P --cycles 20000 --require-coverage 2>&1); rc=$?
hits=$(echo "$out" | grep -cE '^  (store|load)_wrap_[a-z_]+ +[1-9][0-9]* +first at cycle')
if [ $rc -eq 0 ] && [ "$hits" -eq 6 ]; then
  ok "hwwl_core $P: PASS, every applicable point hit, the six wraps at the edge sizes among them"
else bad "hwwl_core $P (rc=$rc, $hits of 6 wrap points hit): $out"; fi
sed 's/wire \[OVF_BITS-1:0\] rsize_push/wire [OVF_BITS-2:0] rsize_push/' "$good" > "$tmp/narrow.v"
if cmp -s "$tmp/narrow.v" "$good"; then bad "the sed did not change the RTL (stale fault)"; else
  out=$("$irhw" cosim hwwl_core $P --rtl "$tmp/narrow.v" --cycles 20000 --quiet 2>&1); rc=$?
  if [ $rc -eq 1 ] && echo "$out" | grep -q "^MISMATCH hwwl_core at cycle [0-9]*" &&
     echo "$out" | grep -qE "^  port push_(ok|exc) "; then
    ok "rsize_push one bit narrow caught: $(echo "$out" | head -1)"
  else bad "rsize_push one bit narrow not caught (rc=$rc): $out"; fi
fi
# hwwl: cross ONE BLOCK PARAMS: the wraps hit, the narrowed wire a mismatch
cross() {
  local b=$1 p=$2 out rc hits good
  "$irhw" gen $b $p -o "$tmp/g_$b" > /dev/null
  good=$(ls "$tmp/g_$b"/${b}_*.v | head -1)
  out=$("$irhw" cosim $b $p --cycles 20000 --require-coverage 2>&1); rc=$?
  hits=$(echo "$out" | grep -cE '^  (store|load)_wrap_[a-z_]+ +[1-9][0-9]* +first at cycle')
  if [ $rc -eq 0 ] && [ "$hits" -eq 6 ]; then
    ok "$b $p: PASS, every applicable point hit, the six wraps at the edge sizes among them"
  else bad "$b $p (rc=$rc, $hits of 6 wrap points hit): $out"; fi
  sed 's/wire \[OVF_BITS-1:0\] rsize_push/wire [OVF_BITS-2:0] rsize_push/' "$good" > "$tmp/narrow_$b.v"
  if cmp -s "$tmp/narrow_$b.v" "$good"; then bad "$b: the sed did not change the RTL (stale fault)"; return; fi
  out=$("$irhw" cosim $b $p --rtl "$tmp/narrow_$b.v" --cycles 20000 --quiet 2>&1); rc=$?
  if [ $rc -eq 1 ] && echo "$out" | grep -q "^MISMATCH $b at cycle [0-9]*" &&
     echo "$out" | grep -qE "^  port push_(ok|exc) "; then
    ok "$b: rsize_push one bit narrow caught: $(echo "$out" | head -1)"
  else bad "$b: rsize_push one bit narrow not caught (rc=$rc): $out"; fi
}
cross hwwl "-p CORES=2 -p RADIX=2 $P"
echo "cover_cross: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
