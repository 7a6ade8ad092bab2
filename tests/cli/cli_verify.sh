# Sourced by tests/cli/test_cli.sh (uses its irhw, tmp, ok, bad): the user's own
# traces (--record, --stim-file), coverage (--until-covered,
# --require-coverage), shrinking a failure (--shrink) and --trace-lines.
# Runs in the unit stage and under the sanitizers.

# --record writes a CSV trace; --stim-file replays it cycle for cycle
"$irhw" cosim swt --cycles 3000 --seed 5 --record "$tmp/swt.csv" --quiet > "$tmp/rec.out" 2>&1
if [ "$(grep -vc '^#' "$tmp/swt.csv")" = 3001 ] && grep -q '^rst,ins_valid,ins_warp,ins_pc,iss_req$' "$tmp/swt.csv" &&
   out=$("$irhw" cosim swt --stim-file "$tmp/swt.csv" 2>&1) && echo "$out" | grep -q "^PASS swt .*: 3000 cycles"; then
  ok "cosim --record writes a CSV trace (header + 3000 rows) that --stim-file replays"
else bad "record/replay: $(cat "$tmp/rec.out") $out"; fi
# the same trace with one field changed still runs; malformed ones: exit 2, file:line:column named
sed '5s/^0,1,\([0-9]*\),0x[0-9a-f]*,/0,1,\1,0x40,/' "$tmp/swt.csv" > "$tmp/swt_edit.csv"
"$irhw" cosim swt --stim-file "$tmp/swt_edit.csv" --quiet > /dev/null 2>&1 && ok "an edited CSV trace replays" || bad "edited trace did not run"
sed '3s/^1,/7,/' "$tmp/swt.csv" > "$tmp/bad1.csv"
out=$("$irhw" cosim swt --stim-file "$tmp/bad1.csv" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "bad1.csv:3: column 1 (rst, 1 bit): value '7' does not fit" && ok "--stim-file: a value too wide for its port: exit 2, file, line, column named" || bad "stim-file too wide: rc=$rc $out"
sed '2s/iss_req/iss_rq/' "$tmp/swt.csv" > "$tmp/bad2.csv"
out=$("$irhw" cosim swt --stim-file "$tmp/bad2.csv" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "bad2.csv:2: column 5: 'iss_rq' is not an input port" && ok "--stim-file: an unknown column: exit 2, named" || bad "stim-file unknown column: rc=$rc $out"
out=$("$irhw" cosim swt --stim-file "$tmp/none.csv" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "none.csv" && ok "--stim-file that does not exist: exit 2" || bad "stim-file missing: rc=$rc $out"
out=$("$irhw" cosim swt --shrink-out x 2>&1); rc=$?
[ $rc -eq 2 ] && ok "--shrink-out without --shrink: exit 2" || bad "--shrink-out alone: rc=$rc $out"

# coverage: --until-covered stops at 100 %; --require-coverage fails a run too short
out=$("$irhw" cosim swt --until-covered --cycles 200000 2>&1)
n=$(echo "$out" | sed -n 's/^PASS swt .*: \([0-9]*\) cycles.*/\1/p')
if echo "$out" | grep -q "^coverage: 9 of 9 applicable points hit (100 %)" && echo "$out" | grep -q "^  entry_full  " &&
   echo "$out" | grep -q "fullest_picks_younger .* n/a: POLICY=oldest" && [ -n "$n" ] && [ "$n" -lt 200000 ]; then
  ok "cosim swt --until-covered: 100 % of the applicable points in $n cycles, n/a points named"
else bad "until-covered: $out"; fi
out=$("$irhw" cosim swt --cycles 30 --require-coverage --quiet 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "^COVERAGE HOLE swt" && echo "$out" | grep -q "NOT HIT" && ok "--require-coverage: a run that misses a point exits 1 and names it" || bad "require-coverage: rc=$rc $out"

# --trace-lines: a header with the key ports, one line per cycle
out=$("$irhw" cosim swt --cycles 6 --trace-lines 2>&1)
if echo "$out" | head -1 | grep -q "cycle | *rst ins_valid ins_warp *ins_pc iss_req | ins_join" &&
   [ "$(echo "$out" | grep -c '^ *[0-9]* |')" = 6 ]; then ok "--trace-lines: header of key ports and one line per cycle"
else bad "trace-lines: $out"; fi

# --shrink: the RTL fault the issue names (an insert joins a full entry)
"$irhw" gen swt -o "$tmp/shr" > /dev/null
sed 's/(count != CAP) \& //' "$tmp"/shr/swt_*.v > "$tmp/swt_full.v"
(cd "$tmp" && "$irhw" cosim swt --rtl swt_full.v --cycles 20000 --no-assert --shrink --shrink-out s3) > "$tmp/shrink.out" 2>&1; rc=$?
read -r before after <<< "$(sed -n 's/^shrunk: \([0-9]*\) -> \([0-9]*\) cycles.*/\1 \2/p' "$tmp/shrink.out")"
replay=$(sed -n 's/^replay shrunk: //p' "$tmp/shrink.out")
if [ $rc -eq 1 ] && [ -n "$after" ] && [ "$after" -lt "$before" ] && [ -s "$tmp/s3.csv" ] && [ -s "$tmp/s3.fst" ] &&
   grep -q "still fails on ins_join" "$tmp/shrink.out" && grep -q "s3.fst" "$tmp/s3.gtkw"; then
  ok "cosim --shrink: the failing trace $before -> $after cycles, CSV + FST + .gtkw written"
else bad "shrink: rc=$rc $(cat "$tmp/shrink.out")"; fi
out=$(cd "$tmp" && ${replay/#irhw/$irhw} 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "^  port ins_join " && echo "$out" | grep -q "^MISMATCH swt at cycle $((after - 1)) " &&
  ok "the printed replay command fails the same way on its last cycle" || bad "shrunk replay: rc=$rc $out"
