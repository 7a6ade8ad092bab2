#!/usr/bin/env bash
# hwwl_core's formal scoreboard (docs/verification.md, "Port contracts and
# the formal scoreboard"): at the small proving size the conservation check
# sb_data_conserved (the watched ID's copies in the core equal in minus out)
# passes the bounded check on the generated RTL, and a fault that loses an
# ID (tests/cosim/faults/hwwl_core.faults rx_register_freed_without_a_put,
# the same sed the co-simulation faults run) fails it while the contracts
# and the banks' scoreboard still prove; with moves, transfers, SRAM banks
# and two tags it holds too. Prints "scoreboard: N passed, N
# failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch scoreboard
need_tool yosys scoreboard "scoreboard"
core="-p LANES=2 -p ENTRIES=2 -p ID_BITS=2 -p OVF_CAP=4 -p COALESCE=2 -p OUTSTANDING=1 -p ADDR_BITS=8 -p SCHEME=none"
depth=6

out=$("$irhw" prove hwwl_core $core --depth $depth -o "$tmp/good" 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q '^PROVED hwwl_core ' &&
  echo "$out" | grep -q "^scoreboard data PASSED to depth $depth (bounded model check only: .*sb_data_conserved" &&
  ok "hwwl_core: sb_data_conserved holds to depth $depth on the generated RTL" ||
  bad "hwwl_core scoreboard on the generated RTL (rc=$rc): $out"
# the memory model is an assumption of the scoreboard's data phase only
grep -q 'chformal -remove t:\$assume n:sb_data_\*' "$tmp/good/prove.ys" &&
  grep -q 'chformal -remove t:\$assume n:sb_data_\*' "$tmp/good/prove_sb.ys" &&
  ! grep -q 'chformal -remove t:\$assume' "$tmp/good/prove_sb_data.ys" &&
  ok "the memory model (sb_data_mem_model) is assumed in the data phase only" ||
  bad "the memory model's assumption: $(grep -h chformal "$tmp"/good/prove*.ys)"

# moves, transfers, SRAM banks (the take's word a cycle later) and two tags in flight
big="-p LANES=2 -p ENTRIES=2 -p ID_BITS=2 -p OVF_CAP=4 -p COALESCE=2 -p OUTSTANDING=2 -p ADDR_BITS=8 -p SCHEME=lsorting -p STORAGE=sram"
out=$("$irhw" prove hwwl_core $big --depth 4 -o "$tmp/big" 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q "^scoreboard data PASSED to depth 4 (bounded model check only: .*sb_data_conserved" &&
  ok "hwwl_core with SCHEME=lsorting, STORAGE=sram, OUTSTANDING=2: sb_data_conserved holds to depth 4" ||
  bad "hwwl_core $big (rc=$rc): $out"

"$irhw" gen hwwl_core $core -o "$tmp/g" > /dev/null
good=$(ls "$tmp"/g/hwwl_core_*.v)
expr=$(sed -n 's/^rx_register_freed_without_a_put *| *//p' "$root/tests/cosim/faults/hwwl_core.faults")
sed "$expr" "$good" > "$tmp/lost.v"
if [ -z "$expr" ] || cmp -s "$good" "$tmp/lost.v"; then
  bad "rx_register_freed_without_a_put: the fault's sed changed nothing ($expr)"
else
  out=$("$irhw" prove hwwl_core $core --rtl "$tmp/lost.v" --depth $depth -o "$tmp/lost" 2>&1); rc=$?
  [ $rc = 1 ] && echo "$out" | grep -q '^PROVED hwwl_core ' &&
    echo "$out" | grep -q '^scoreboard PROVED ' &&
    echo "$out" | grep -q '^scoreboard data FAILED at cycle [0-9]* (bounded model check): one of sb_data_conserved' &&
    [ -s "$tmp/lost/cex.csv" ] &&
    ok "an ID lost in the rx register fails sb_data_conserved only: $(echo "$out" | grep '^scoreboard data FAILED' | cut -d: -f1)" ||
    bad "the lost ID (rc=$rc): $out"
fi
echo "scoreboard: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
