#!/usr/bin/env bash
# Waveform options of cosim: --wave-depth, --wave-from, --wave-to accepted and
# bad values refused (exit 2, option named); a windowed FST holds only the
# window (first and last timestamps read back with fst2vcd); the default depth
# records irhw_tb's ports, exp_* and mismatch only, a deeper one the block's
# own signals; every signal the .gtkw names is in the trace; the default
# depth (irhw's own writer) runs on the untraced model and records the same
# value changes as Verilator's trace.
# Prints "wave: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch wave

# refused: exit 2 and the option named
refuse() { # NEEDLE ARGS...
  local needle=$1 out rc; shift
  out=$("$irhw" cosim wl_bank --cycles 100 --quiet "$@" 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "$needle" && ok "refused: $* (exit 2, $needle named)" ||
    bad "not refused: $* (rc=$rc): $out"
}
w="--wave $tmp/r.fst"
refuse --wave-depth $w --wave-depth 0
refuse --wave-depth $w --wave-depth 100
refuse --wave-depth $w --wave-depth two
refuse --wave-from $w --wave-from -5
refuse --wave-to $w --wave-to -1
refuse --wave-from $w --wave-from x
refuse --wave-to $w --wave-from 50 --wave-to 10
refuse --wave-from --wave-from 10
refuse --wave-from --wave-from 0
refuse --wave-to $w --wave-to 0
refuse --wave-depth --wave-depth 2
refuse --wave-to --wave-to 10
refuse --wave-limit --wave-limit 1G

if ! command -v fst2vcd > /dev/null; then
  skipped "fst2vcd not installed (Debian package gtkwave): no FST contents checked"
  echo "wave: $pass passed, $fail failed, $skip skipped"
  [ $fail -eq 0 ]
  exit
fi
# times of a dump: cycle n at 10n (clk low) and 10n+5 (after the rising edge)
times() { fst2vcd "$1" 2>/dev/null | sed -n 's/^#\([0-9]*\)$/\1/p'; }
vars() { fst2vcd "$1" 2>/dev/null | awk '$1 == "$var" {print $5}'; }

# a window of cycles 100..149 of 300
if "$irhw" cosim wl_bank --cycles 300 --quiet --wave "$tmp/win.fst" --wave-from 100 --wave-to 149 \
  > "$tmp/out" 2>&1; then
  first=$(times "$tmp/win.fst" | head -1) last=$(times "$tmp/win.fst" | tail -1)
  [ "$first" = 1000 ] && [ "$last" = 1495 ] &&
    ok "wave window 100..149: timestamps $first..$last only" || bad "wave window: timestamps $first..$last, want 1000..1495"
else bad "wave window: $(cat "$tmp/out")"; fi
if "$irhw" cosim wl_bank --cycles 300 --quiet --wave "$tmp/from.fst" --wave-from 290 > "$tmp/out" 2>&1; then
  first=$(times "$tmp/from.fst" | head -1) last=$(times "$tmp/from.fst" | tail -1)
  [ "$first" = 2900 ] && [ "$last" = 2995 ] &&
    ok "wave --wave-from 290 alone: to the end ($first..$last)" || bad "wave --wave-from 290: $first..$last, want 2900..2995"
else bad "wave --wave-from: $(cat "$tmp/out")"; fi

# depth: the default has no dut scope; 2 has the block's registers, 99 its leaf cells
for d in 1 2 99; do
  opt="--wave-depth $d"; [ $d = 1 ] && opt=""
  if ! "$irhw" cosim wl_bank --cycles 200 --quiet --wave "$tmp/d$d.fst" $opt > "$tmp/out" 2>&1; then
    bad "wave depth $d: $(cat "$tmp/out")"; continue
  fi
  vars "$tmp/d$d.fst" > "$tmp/d$d.vars"
  fst2vcd "$tmp/d$d.fst" 2>/dev/null | grep '^\$scope' > "$tmp/d$d.scopes"
done
if [ -s "$tmp/d1.vars" ] && [ -s "$tmp/d2.vars" ] && [ -s "$tmp/d99.vars" ]; then
  grep -qx exp_count "$tmp/d1.vars" && grep -qx mismatch "$tmp/d1.vars" && grep -qx push_id "$tmp/d1.vars" &&
    ! grep -q 'module dut ' "$tmp/d1.scopes" && ! grep -qx head0_q "$tmp/d1.vars" &&
    ok "wave default depth: ports, exp_* and mismatch, no dut scope ($(wc -l < "$tmp/d1.vars") signals)" ||
    bad "wave default depth: $(tr '\n' ' ' < "$tmp/d1.scopes")"
  grep -q 'module dut ' "$tmp/d2.scopes" && grep -qx head0_q "$tmp/d2.vars" && ! grep -q 'module u_mem ' "$tmp/d2.scopes" &&
    ok "wave --wave-depth 2: the block's registers (head0_q), not its leaf cells ($(wc -l < "$tmp/d2.vars") signals)" ||
    bad "wave --wave-depth 2: $(tr '\n' ' ' < "$tmp/d2.scopes")"
  grep -q 'module u_mem ' "$tmp/d99.scopes" && [ "$(wc -l < "$tmp/d99.vars")" -gt "$(wc -l < "$tmp/d2.vars")" ] &&
    ok "wave --wave-depth 99: the leaf cells too ($(wc -l < "$tmp/d99.vars") signals)" ||
    bad "wave --wave-depth 99: $(tr '\n' ' ' < "$tmp/d99.scopes")"
  # every signal the .gtkw names exists in the default-depth trace
  missing=$(sed -n 's/^TOP\.irhw_tb\.\([A-Za-z0-9_]*\).*/\1/p' "$tmp/d1.gtkw" | while read -r s; do
    grep -qx "$s" "$tmp/d1.vars" || echo "$s"; done)
  n=$(grep -c '^TOP\.irhw_tb\.' "$tmp/d1.gtkw")
  [ "$n" -gt 10 ] && [ -z "$missing" ] && ok "wave .gtkw: all $n signals it names are in the default-depth trace" ||
    bad "wave .gtkw names signals not in the trace: $missing"
fi

# The default depth is written by irhw (tb/portwave.c) on the untraced model:
# no second build, and the same value changes as Verilator's own trace of
# irhw_tb's signals (in a --wave-depth 2 trace), FST and VCD, for a windowed
# run, ports wider than 64 bits (icrn) and a failing run (mismatch set).
# Both take exp_*, mismatch and cycle from the loop (set_exp before each
# dump): exp_* change after the clock edge (10n+5) with the registered
# outputs, and the cycle counter at 10n; the comparison requires changes of
# both kinds in each trace, so it covers that timing too (test_wave_view.sh
# checks exp_* against the outputs themselves).
if "$irhw" cosim wl_bank --cycles 50 --quiet > /dev/null 2>&1 &&
  out=$("$irhw" cosim wl_bank --cycles 50 --wave "$tmp/c.fst" 2>&1) && echo "$out" | grep -q "model cached"; then
  ok "wave default depth: the untraced model, cached from the run without --wave"
else bad "wave default depth: built a model of its own: $out"; fi
same_as_verilator() { # NAME BLOCK ARGS...: default depth against --wave-depth 2, FST and VCD
  local name=$1 blk=$2 ext; shift 2
  for ext in fst vcd; do
    "$irhw" cosim "$blk" --quiet "$@" --wave "$tmp/o_$name.$ext" > "$tmp/o.out" 2>&1
    "$irhw" cosim "$blk" --quiet "$@" --wave "$tmp/v_$name.$ext" --wave-depth 2 > "$tmp/v.out" 2>&1
    tb_changes "$tmp/o_$name.$ext" > "$tmp/o_$name.$ext.ch"; tb_changes "$tmp/v_$name.$ext" > "$tmp/v_$name.$ext.ch"
    local n; n=$(wc -l < "$tmp/o_$name.$ext.ch")
    if [ "$n" -gt 100 ] && cmp -s "$tmp/o_$name.$ext.ch" "$tmp/v_$name.$ext.ch" &&
      grep -q "^${want_line:-}" "$tmp/o_$name.$ext.ch" &&
      awk '$2 ~ /^exp_/ && $1 % 10 == 5 { e = 1 } $2 == "cycle" { c = 1 } END { exit !(e && c) }' \
        "$tmp/v_$name.$ext.ch"; then
      ok "wave $name ($ext): the default depth's $n value changes are Verilator's"
    else
      bad "wave $name ($ext): default depth and Verilator differ ($(diff "$tmp/o_$name.$ext.ch" "$tmp/v_$name.$ext.ch" | head -3 | tr '\n' ' '))"
    fi
  done
}
same_as_verilator wl_bank_window wl_bank --cycles 400 --wave-from 50 --wave-to 300
same_as_verilator icrn_96bit icrn --cycles 300
"$irhw" gen wl_bank -o "$tmp/g" > /dev/null 2>&1
sed 's/assign greedy *= (pull_cnt > THRESHOLD);/assign greedy = (pull_cnt >= THRESHOLD);/' \
  "$tmp/g/wl_bank_e32_w24_t5_flops.v" > "$tmp/greedy.v"
if cmp -s "$tmp/greedy.v" "$tmp/g/wl_bank_e32_w24_t5_flops.v"; then
  bad "wave failing run: the sed did not change the RTL (stale)"
else
  want_line="[0-9]* mismatch 1" same_as_verilator mismatch wl_bank --cycles 2000 \
    --rtl "$tmp/greedy.v"
fi

# A long trace, many of the writer's 1 MB FST blocks: read back to its last
# dump without an error, with the value changes of the VCD written beside it;
# written in the loop's own thread (IRHW_WAVE_THREAD=0) instead of the
# writer's thread, the same FST changes and the same VCD, byte for byte.
long_trace() { # BLOCK CYCLES
  local blk=$1 n=$2 f last nch
  for f in l.fst l.vcd; do
    "$irhw" cosim "$blk" --cycles "$n" --quiet --wave "$tmp/$f" > /dev/null 2>&1
    IRHW_WAVE_THREAD=0 "$irhw" cosim "$blk" --cycles "$n" --quiet --wave "$tmp/1$f" > /dev/null 2>&1
  done
  last=$(fst2vcd "$tmp/l.fst" 2> "$tmp/l.err" | sed -n 's/^#\([0-9]*\)$/\1/p' | tail -1)
  for f in l.fst l.vcd 1l.fst; do tb_changes "$tmp/$f" > "$tmp/$f.ch"; done
  nch=$(wc -l < "$tmp/l.vcd.ch")
  if [ "$last" = $(((n - 1) * 10 + 5)) ] && [ ! -s "$tmp/l.err" ] && [ "$nch" -gt 200000 ] &&
    cmp -s "$tmp/l.fst.ch" "$tmp/l.vcd.ch" && cmp -s "$tmp/1l.fst.ch" "$tmp/l.vcd.ch" &&
    cmp -s "$tmp/l.vcd" "$tmp/1l.vcd"; then
    ok "wave long trace, $blk $n cycles: the FST reads back to #$last, its $nch changes the VCD's, in either thread"
  else
    bad "wave long trace, $blk $n cycles: last #$last, $(head -c 200 "$tmp/l.err"), $nch changes; $(
      cmp "$tmp/l.fst.ch" "$tmp/l.vcd.ch" 2>&1; cmp "$tmp/1l.fst.ch" "$tmp/l.vcd.ch" 2>&1; cmp "$tmp/l.vcd" "$tmp/1l.vcd" 2>&1)"
  fi
}
long_trace wl_bank 40000
long_trace icrn 40000

echo "wave: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
