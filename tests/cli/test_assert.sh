#!/usr/bin/env bash
# Assertions (gen/vlog.c vw_assert): the default file stays free of them,
# `irhw list` lists them, a co-simulation reports a failed one as a verdict,
# `irhw prove` proves the small configurations, and a failing proof's
# counterexample replays as a co-simulation that fails the same way.
# Prints "assert: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch assert

# the checks sit inside `ifdef IRHW_ASSERT: the plain file is Verilog-2005
"$irhw" gen wl_bank -p ENTRIES=8 -p ID_BITS=4 -o "$tmp/g" > /dev/null
good=$(ls "$tmp"/g/wl_bank_*.v)
# (the top module's checks, with the IRHW_CHECK / IRHW_ASSUME macros, in one
# `ifdef IRHW_ASSERT block before its endmodule, one comment and line each)
sed -n '/^module wl_bank/,/^endmodule/p' "$good" > "$tmp/top.v"
n_if=$(grep -c '^`ifdef IRHW_ASSERT' "$tmp/top.v"); n_as=$(grep -c ' `IRHW_CHECK(' "$tmp/top.v")
n_in=$(sed -n '/^`ifdef IRHW_ASSERT/,/^endmodule/p' "$tmp/top.v" | grep -c ' `IRHW_CHECK(')
# (the formal scoreboard's sb_* checks are labelled asserts under FORMAL, not IRHW_CHECK)
n_named=$(grep '^    // assert [a-z0-9_]*: ' "$tmp/top.v" | grep -vc '// assert sb_')
[ "$n_as" -ge 4 ] && [ "$n_if" = 1 ] && [ "$n_in" = "$n_as" ] && [ "$n_named" = "$n_as" ] &&
  ok "wl_bank: $n_as assertions, named, in one \`ifdef IRHW_ASSERT block at the module's end" ||
  bad "wl_bank: $n_as assertions ($n_named named, $n_in in the last block), $n_if \`ifdef IRHW_ASSERT"
iverilog -g2005 -o "$tmp/a.out" "$good" "$root/rtl/irhw_regfile_1rw.v" 2> "$tmp/iv" &&
  ok "the file without IRHW_ASSERT compiles as Verilog-2005 (iverilog -g2005)" || bad "iverilog: $(cat "$tmp/iv")"
"$irhw" list wl_bank | grep -q '^    assert part0_count_conserved: ' &&
  ok "irhw list wl_bank lists its assertions" || bad "irhw list wl_bank: no assertion listed"
"$irhw" list fifo | grep -q '^    assert count_bound: ' &&
  ok "irhw list fifo lists its leaf's assertions" || bad "irhw list fifo: the leaf's assertions missing"
for c in "wru plan_matching" "swt ranks_dense"; do
  "$irhw" list ${c% *} | grep -q "^    assert ${c#* }: " &&
    ok "irhw list ${c% *} lists ${c#* }" || bad "irhw list ${c% *}: ${c#* } missing"
done

# proofs of the small configurations (each a few seconds)
for c in "fifo -p WIDTH=4 -p DEPTH=3" "fifo -p WIDTH=4 -p DEPTH=1" "wl_bank -p ENTRIES=8 -p ID_BITS=4" \
         "wl_bank -p ENTRIES=6 -p ID_BITS=4 -p STORAGE=sram" "icrn -p CORES=2 -p RADIX=2 -p ID_BITS=4" \
         "wru -p LANES=4 -p COUNT_BITS=3" "wru -p LANES=4 -p COUNT_BITS=3 -p PIPELINE=1" \
         "wru -p LANES=3 -p COUNT_BITS=3 -p SCHEME=threshold" "swt -p ENTRIES=3 -p WARPS=4 -p PC_BITS=8 -p LANES=2" \
         "swt -p ENTRIES=4 -p WARPS=4 -p PC_BITS=8 -p LANES=4 -p POLICY=fullest"; do
  out=$("$irhw" prove $c --depth 8 -o "$tmp/p" 2>&1); rc=$?
  [ $rc = 0 ] && echo "$out" | grep -q '^PROVED .*(k-induction, k = [0-9]*)' &&
    ok "prove $c: $(echo "$out" | sed 's/.*(//')" || bad "prove $c (rc=$rc): $out"
done

# a fault the assertions see: the push half's count drifts (invisible on the
# outputs until that half is pulled from)
sed "s/if (wr1 \& ~rd1) cnt1_q <= cnt1_q + 1'b1;/if (wr1 \& ~rd1) cnt1_q <= cnt1_q + 2'd2;/" "$good" > "$tmp/bad.v"
cmp -s "$good" "$tmp/bad.v" && bad "the fault's sed did not change the RTL (stale)"
out=$("$irhw" prove wl_bank -p ENTRIES=8 -p ID_BITS=4 --rtl "$tmp/bad.v" --depth 12 -o "$tmp/cex" 2>&1); rc=$?
replay=$(echo "$out" | sed -n 's/^replay: //p')
[ $rc = 1 ] && echo "$out" | grep -q '^FAILED wl_bank ' && [ -s "$tmp/cex/cex.csv" ] && [ -s "$tmp/cex/cex.gtkw" ] &&
  [ -n "$replay" ] && ok "prove on the faulty RTL: FAILED, exit 1, cex.csv + cex.gtkw, a replay command" ||
  bad "prove on the faulty RTL (rc=$rc): $out"
rout=$(cd "$tmp" && ${replay/#irhw /$irhw } 2>&1); rrc=$?
[ $rrc = 1 ] && echo "$rout" | grep -q '^ASSERTION FAILED wl_bank at cycle [0-9]*: part1_count_conserved: ' &&
  echo "$rout" | grep -q '^replay: ' && [ -s "$tmp/cex/cex.gtkw" ] &&
  ok "the replay fails the same way in cosim: $(echo "$rout" | grep '^ASSERTION' | cut -c1-70)" ||
  bad "the replay (rc=$rrc): $rout"
# the same faulty RTL under the default stimulus: an assertion, not a mismatch
out=$("$irhw" cosim wl_bank -p ENTRIES=8 -p ID_BITS=4 --rtl "$tmp/bad.v" --cycles 3000 --quiet 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q '^ASSERTION FAILED wl_bank at cycle [0-9]*: part1_count_conserved: ' &&
  ok "cosim reports the failed assertion as its verdict" || bad "cosim on the faulty RTL (rc=$rc): $out"
# --no-assert: the same RTL built without its checks: no assertion verdict (the
# drift shows later as a mismatch, or not at all), the replay keeps --no-assert
out=$("$irhw" cosim wl_bank -p ENTRIES=8 -p ID_BITS=4 --rtl "$tmp/bad.v" --cycles 3000 --quiet --no-assert 2>&1); rc=$?
! echo "$out" | grep -q '^ASSERTION FAILED' &&
  { [ $rc = 0 ] || { [ $rc = 1 ] && echo "$out" | grep -q '^replay: .* --no-assert'; }; } &&
  ok "cosim --no-assert: no check runs (exit $rc, $(echo "$out" | head -1 | cut -c1-50))" ||
  bad "cosim --no-assert (rc=$rc): $out"

# the fp32 adder's checks (a combinational leaf of iru_hash FILTER=fadd): inf - inf
# not NaN is caught by nan_exact when such a merge comes (cycle 583 of seed 4)
fp="-p SETS=1 -p BANKS=1 -p SLOTS=32 -p FILTER=fadd -p STORAGE=flops -p TIMEOUT=30 -p IDX_BITS=6 -p POS_BITS=4 -p REQS=64"
"$irhw" gen iru_hash $fp -o "$tmp/fa" > /dev/null
fgood=$(ls "$tmp"/fa/iru_hash_*.v)
sed 's/wire res_nan = a_nan || b_nan || (a_inf \&\& b_inf \&\& (a\[31\] != b\[31\]));/wire res_nan = a_nan || b_nan;/' \
  "$fgood" > "$tmp/fbad.v"
cmp -s "$fgood" "$tmp/fbad.v" && bad "the fp32 fault's sed did not change the RTL (stale)"
out=$("$irhw" cosim iru_hash $fp --rtl "$tmp/fbad.v" --seed 4 --cycles 3000 --quiet 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q '^ASSERTION FAILED iru_hash at cycle [0-9]*: nan_exact: ' &&
  ok "fp32 inf - inf not NaN: $(echo "$out" | grep '^ASSERTION' | cut -c1-50)" ||
  bad "fp32 fault (rc=$rc): $(echo "$out" | grep -v '%Error' | head -3)"

# bad input
"$irhw" prove wl_bank --depth 2 > "$tmp/o" 2>&1; rc=$?
[ $rc = 2 ] && grep -q -- "--depth '2' must be 3..200" "$tmp/o" && ok "prove --depth 2: exit 2 naming the range" ||
  bad "prove --depth 2 (rc=$rc): $(cat "$tmp/o")"
"$irhw" prove wl_bank -p ENTRIES=64 -o "$tmp/big" > "$tmp/o" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'too large for the solver' "$tmp/o" && ok "prove wl_bank ENTRIES=64: too large, exit 2" ||
  bad "prove wl_bank ENTRIES=64 (rc=$rc): $(cat "$tmp/o")"
PATH=/nonexistent "$irhw" prove fifo > "$tmp/o" 2>&1; rc=$?
[ $rc = 3 ] && grep -q 'install the Debian package yosys' "$tmp/o" && ok "prove without yosys: exit 3 naming the package" ||
  bad "prove without yosys (rc=$rc): $(cat "$tmp/o")"
"$irhw" prove --help | grep -q 'usage: .* prove BLOCK' && ok "prove --help" || bad "prove --help"

echo "assert: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
