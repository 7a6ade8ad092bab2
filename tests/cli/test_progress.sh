#!/usr/bin/env bash
# The engines' visible parts: `irhw prove` writes DIR/prove.ys from
# synth_scripts/prove.ys.in (a changed template changes the script, a
# missing one exits 3 naming it), and a synthesis step that runs longer
# than the heartbeat says so on stderr with --progress, and not without
# (IRHW_HEARTBEAT shortens the wait; a private, empty synthesis cache).
# irhw run's start/done lines are checked in test_run.sh.
# Prints "progress: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch progress

need_tool yosys progress "prove's template and the synthesis heartbeat"

# prove: the script is the template filled in
fifo="fifo -p WIDTH=4 -p DEPTH=3 --depth 5"
out=$("$irhw" prove $fifo -o "$tmp/pv" 2>&1); rc=$?
head=$(head -1 "$root/synth_scripts/prove.ys.in")
[ $rc = 0 ] && echo "$out" | grep -q '^PROVED fifo ' && [ "$(head -1 "$tmp/pv/prove.ys")" = "$head" ] &&
  ! grep -v '^#' "$tmp/pv/prove.ys" | grep -q '@[A-Z_]*@' &&
  grep -q "^read_verilog -formal -overwrite -DIRHW_ASSERT \"$tmp/pv/fifo_w4_d3.v\"" "$tmp/pv/prove.ys" &&
  ok "prove: PROVED; DIR/prove.ys starts with the template's header, every @NAME@ filled in" ||
  bad "prove from the template (rc=$rc): $out; $(head -1 "$tmp/pv/prove.ys")"

# a tree whose template differs: the script follows it
mkdir -p "$tmp/root/synth_scripts"
ln -s "$root/rtl" "$tmp/root/rtl"
ln -s "$root/area" "$tmp/root/area"
{ echo "# a line only this copy of the template has"; cat "$root/synth_scripts/prove.ys.in"; } \
  > "$tmp/root/synth_scripts/prove.ys.in"
out=$(IRHW_ROOT=$tmp/root "$irhw" prove $fifo -o "$tmp/pv2" 2>&1); rc=$?
[ $rc = 0 ] && [ "$(head -1 "$tmp/pv2/prove.ys")" = "# a line only this copy of the template has" ] &&
  ok "prove: a changed template changes DIR/prove.ys" || bad "prove with a changed template (rc=$rc): $out"
rm "$tmp/root/synth_scripts/prove.ys.in"
out=$(IRHW_ROOT=$tmp/root "$irhw" prove $fifo -o "$tmp/pv3" 2>&1); rc=$?
[ $rc = 3 ] && echo "$out" | grep -q "cannot read script template $tmp/root/synth_scripts/prove.ys.in: " &&
  ok "prove without its template: exit 3, the template named" || bad "prove without its template (rc=$rc): $out"

# the heartbeat of a synthesis step (fifo's takes about a second cold)
IRHW_HEARTBEAT=0.2 IRHW_SYNTH_CACHE=$tmp/sc1 "$irhw" area fifo --progress -o "$tmp/a1" > "$tmp/a1.out" 2> "$tmp/a1.err"; rc=$?
beat=$(grep -c '^irhw area: \[[0-9.]* s\] synthesis 1/1 fifo_w24_d2: yosys running, [0-9]* s$' "$tmp/a1.err")
took=$(sed -n 's/.*synthesis 1\/1 fifo_w24_d2: done in \([0-9.]*\) s$/\1/p' "$tmp/a1.err")
if [ $rc = 0 ] && [ "$beat" -ge 1 ]; then
  ok "area --progress: $beat heartbeat line(s) during a synthesis of $took s (module, stage, tool, time)"
elif [ $rc = 0 ] && awk -v t="${took:-0}" 'BEGIN { exit !(t < 0.3) }'; then
  skipped "area --progress heartbeat: the synthesis took $took s, under the heartbeat"
else
  bad "area --progress heartbeat (rc=$rc, took '$took'): $(cat "$tmp/a1.err")"
fi
IRHW_HEARTBEAT=0.2 IRHW_SYNTH_CACHE=$tmp/sc2 "$irhw" area fifo -o "$tmp/a2" > "$tmp/a2.out" 2> "$tmp/a2.err"; rc=$?
[ $rc = 0 ] && ! grep -q 'running, ' "$tmp/a2.err" &&
  diff <(sed "s|$tmp/a1|DIR|" "$tmp/a1.out") <(sed "s|$tmp/a2|DIR|" "$tmp/a2.out") > /dev/null &&
  ok "area without --progress (stderr not a terminal): no heartbeat, the same report" ||
  bad "area without --progress (rc=$rc): $(grep 'running, ' "$tmp/a2.err" | head -2)"

echo "progress: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
