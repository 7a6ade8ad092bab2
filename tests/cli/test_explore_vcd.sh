#!/usr/bin/env bash
# `irhw workload bfs|sssp --vcd` and `irhw power --vcd` on its trace (the
# unit stage; Verilator, Yosys and OpenSTA, so under the sanitizers only the
# bad options): --vcd with --model-only, --trends or a worklist without
# hwwl, a name not ending .vcd, --vcd-cycles without --vcd or out of range:
# exit 2, named; BFS on a 12-vertex path through a 2-core hwwl writes the
# trace and FILE.vcd.run.txt, says "the whole run", and the counts are the
# run's; --vcd-cycles 100 on the 5x5 grid cuts the trace and says so; power
# prices a trace with a run file beside it: energy per run, per pulled ID
# and per push, each the whole energy over the count (on a wl_bank trace
# with a hand-written run file, and on the hwwl trace itself).
# Prints "explore_vcd: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch explore_vcd
sky=${IRHW_SKY130:-$root/../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
g=$root/tests/data/graphs
small=(-p CORES=2 -p LANES=2 -p ENTRIES=4)

# run_energy_ok RC JSON: power's "run" member is the whole energy, and that
# energy over the run file's 40 pulled IDs and 50 pushes
run_energy_ok() {
  python3 - "$@" << 'EOF'
import json, sys
if sys.argv[1] != "0": sys.exit(1)
d = json.load(open(sys.argv[2])); p = d["power"]; r = d["run"]
e = p["total_mw"] * 1e-3 * p["cycles"] / (p["clock_mhz"] * 1e6) * 1e9
ok = r["whole"] and abs(r["energy_nj"] - e) <= 1e-3 * e and e > 0
ok = ok and abs(r["pj_per_pulled_id"] - e * 1e3 / 40) <= 1e-3 * r["pj_per_pulled_id"]
ok = ok and abs(r["pj_per_push"] - e * 1e3 / 50) <= 1e-3 * r["pj_per_push"]
sys.exit(0 if ok else 1)
EOF
}

for args in "--model-only --vcd $tmp/a.vcd" "--vcd $tmp/a.fst" "--vcd-cycles 500" \
  "--vcd $tmp/a.vcd --vcd-cycles 5" "--vcd $tmp/a.vcd --worklist swwl"; do
  out=$("$irhw" workload bfs --graph "$g/path12.graph" $args 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "--vcd" && ok "workload bfs $args: exit 2, named" ||
    bad "workload bfs $args: rc=$rc $out"
done
[ ! -e "$tmp/a.vcd" ] && ok "refused: no trace written" || bad "a refused run wrote $tmp/a.vcd"

if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  :
else
  out=$("$irhw" workload bfs --graph "$g/path12.graph" "${small[@]}" --vcd "$tmp/p.vcd" --no-plot 2>&1); rc=$?
  run=$tmp/p.vcd.run.txt
  [ $rc -eq 0 ] && [ -s "$tmp/p.vcd" ] && grep -q "^whole 1$" "$run" && echo "$out" | grep -q "trace: .*(the whole run)" &&
    ok "bfs --vcd: the trace, its run file, the whole run said" || bad "bfs --vcd: rc=$rc $out $(cat "$run" 2> /dev/null)"
  ids=$(echo "$out" | sed -n 's/.*pulls: [0-9]*: ID \([0-9]*\),.*/\1/p')
  pushes=$(echo "$out" | sed -n 's/.*pushes accepted \([0-9]*\),.*/\1/p')
  grep -q "^pulled_ids $ids$" "$run" && grep -q "^pushes $pushes$" "$run" && grep -q "^block hwwl$" "$run" &&
    ok "the run file's counts are the report's ($ids IDs pulled, $pushes pushes)" || bad "counts: ids $ids pushes $pushes: $(cat "$run")"
  out=$("$irhw" workload bfs --graph "$g/grid5x5.txt" "${small[@]}" --vcd "$tmp/c.vcd" --vcd-cycles 100 --no-plot --quiet 2>&1); rc=$?
  [ $rc -eq 0 ] && grep -q "^whole 0$" "$tmp/c.vcd.run.txt" && grep -q "^traced_cycles 100$" "$tmp/c.vcd.run.txt" &&
    echo "$out" | grep -q "cycles 0..99 of the run's .*cut at --vcd-cycles" &&
    ok "--vcd-cycles 100: the trace cut, said so" || bad "--vcd-cycles: rc=$rc $out"
  if [ ! -f "$sky" ]; then
    skipped "power on the traces: sky130hd not found at $sky (set IRHW_SKY130)"
  else
    # power's side on a block that is quick to price: a wl_bank trace with a run file
    "$irhw" cosim wl_bank -p ENTRIES=4 --cycles 300 --wave "$tmp/b.vcd" --wave-depth 99 > /dev/null 2>&1
    printf 'kernel bfs\ngraph g.txt\nblock wl_bank\nmodule m\ncycles_run 302\ntraced_cycles 302\nwhole 1\ncycles_to_done 300\npulled_ids 40\npushes 50\n' > "$tmp/b.vcd.run.txt"
    "$irhw" power wl_bank -p ENTRIES=4 --vcd "$tmp/b.vcd" -o "$tmp/pb" --json > "$tmp/pb.json" 2> "$tmp/pb.err"; rc=$?
    run_energy_ok "$rc" "$tmp/pb.json" && ok "power --vcd with a run file: energy per run, per pulled ID, per push" ||
      bad "power run energy: rc=$rc $(cat "$tmp/pb.json") $(tail -2 "$tmp/pb.err")"
    out=$("$irhw" power hwwl "${small[@]}" --vcd "$tmp/p.vcd" -o "$tmp/ph" 2>&1); rc=$?
    if [ $rc -eq 0 ]; then
      echo "$out" | grep -q "^energy per bfs .* nJ  (the whole run on" && echo "$out" | grep -q "per pulled ID .* pJ  ($ids IDs pulled)" &&
        ok "power hwwl --vcd on the workload's trace: energy per bfs, per pulled ID" || bad "power hwwl: $out"
    elif [ $rc -eq 3 ] && echo "$out" | grep -q "sta was killed by signal 11"; then
      skipped "power hwwl --vcd: OpenSTA crashes on hwwl (issue 48 item 1, fixed apart)"
    else
      bad "power hwwl --vcd on the workload's trace: rc=$rc $(echo "$out" | tail -3)"
    fi
  fi
fi
echo "explore_vcd: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
