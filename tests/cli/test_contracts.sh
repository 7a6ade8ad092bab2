#!/usr/bin/env bash
# Port contracts and the formal scoreboard (irhw prove): `irhw list` names
# each block's contracts and the generated RTL asserts every one; a fault
# that changes only an output, one per block at a small size, makes `irhw
# prove` say FAILED with a replay command (wl_bank's and swt's replays are
# run and fail in co-simulation too); the scoreboard's verdict lines say
# what is proved by induction and what only to a bound; `prove --rtl` takes
# the leaf cells among the files (identical copies once, different text or a
# missing module: exit 2 before the solver).
# Prints "contracts: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch contracts
need_tool yosys contracts "contracts"

# every contract of the table is listed and asserted in the generated RTL
for b in fifo wl_bank swt wru icrn iru_hash hwwl_core hwwl; do
  names=$("$irhw" list $b | sed -n '/^  contracts /,/^  assertions /p' | sed -n 's/^    \([a-z0-9_]*\): .*/\1/p')
  "$irhw" gen $b -o "$tmp/l_$b" > /dev/null 2>&1
  cat "$tmp/l_$b"/*.v "$root"/rtl/*.v > "$tmp/l_$b.all"
  miss=""
  for n in $names; do
    grep -Eq "// assert (sb_data_)?$n: " "$tmp/l_$b.all" || miss="$miss $n"
  done
  [ -n "$names" ] && [ -z "$miss" ] && ! grep -q "not in the block's contract table" "$tmp/l_$b.all" &&
    ok "$b: $(echo $names | wc -w) contracts listed, each asserted in the RTL" ||
    bad "$b: contracts '$names', not asserted:$miss"
done

# fault BLOCK PARAMS DEPTH SED: prove of the faulty RTL fails, with a replay
fault() {
  local b=$1 p=$2 d=$3 s=$4 f out rc
  "$irhw" gen $b $p -o "$tmp/g_$b" > /dev/null || { bad "$b: gen failed"; return; }
  f=$(ls "$tmp/g_$b"/*.v)
  sed "$s" "$f" > "$tmp/bad_$b.v"
  cmp -s "$f" "$tmp/bad_$b.v" && { bad "$b: the fault's sed changed nothing ($s)"; return; }
  out=$("$irhw" prove $b $p --rtl "$tmp/bad_$b.v" --depth $d -o "$tmp/p_$b" 2>&1); rc=$?
  echo "$out" > "$tmp/p_$b.out"
  [ $rc = 1 ] && echo "$out" | grep -q "^FAILED $b " && echo "$out" | grep -q '^replay: .* cosim ' &&
    [ -s "$tmp/p_$b/cex.csv" ] &&
    ok "$b: the output-only fault ($s) fails prove: $(echo "$out" | head -1 | sed 's/.*: //')" ||
    bad "$b: the output-only fault ($s) (rc=$rc): $out"
}
fault fifo "-p WIDTH=4 -p DEPTH=3" 6 's/assign head = valid ? head_raw : [0-9]*.d0;/assign head = head_raw;/'
fault wl_bank "-p ENTRIES=4 -p ID_BITS=4" 6 's/wire pull_v = do_pull;/wire pull_v = do_pull | pull;/'
fault swt "-p ENTRIES=3 -p WARPS=4 -p PC_BITS=8 -p LANES=2" 6 's/assign iss_valid   = iss_any;/assign iss_valid   = iss_any | iss_req;/'
fault wru "-p LANES=4 -p COUNT_BITS=3" 6 's/assign core_empty = (counts == [^;]*);/assign core_empty = ~counts[0];/'
fault icrn "-p CORES=2 -p RADIX=2 -p ID_BITS=4" 6 's/assign dlv_valid\[i\] = dn_valid_l0\[i\];/assign dlv_valid[i] = dn_valid_l0[i] | dlv_ready[i];/'
fault iru_hash "-p SETS=2 -p BANKS=1 -p SLOTS=2 -p REQS=2 -p TIMEOUT=4 -p STORAGE=flops -p IDX_BITS=4 -p POS_BITS=2 -p DATA_BITS=4" 6 \
  's/assign req_ready = req_ok;/assign req_ready = ~rst;/'
core="-p LANES=2 -p ENTRIES=2 -p ID_BITS=2 -p OVF_CAP=4 -p COALESCE=2 -p OUTSTANDING=1 -p ADDR_BITS=8 -p SCHEME=none"
fault hwwl_core "$core" 4 's/assign core_empty  = empty_out;/assign core_empty  = empty_out | others_done;/'
fault hwwl "-p CORES=2 -p RADIX=2 $core" 4 's/assign cfg_ready   = (&c_cfg_ready) & net_empty;/assign cfg_ready   = (|c_cfg_ready) \& net_empty;/'

# the replay of the issue's wl_bank fault and of swt's shows the mismatch
if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  skipped "replays of the prove counterexamples (Verilator builds): quick mode"
else
  for b in wl_bank swt; do
    cmd=$(sed -n 's/^replay: [^ ]* cosim \(.*\) --wave .*/\1/p' "$tmp/p_$b.out")
    out=$(cd "$tmp" && "$irhw" cosim $cmd --quiet 2>&1); rc=$?
    [ -n "$cmd" ] && [ $rc = 1 ] && echo "$out" | grep -Eq "^(MISMATCH|ASSERTION FAILED) $b at cycle" &&
      ok "$b: the counterexample's replay fails in co-simulation: $(echo "$out" | grep -E '^(MISMATCH|ASSERTION)' | head -1)" ||
      bad "$b: the replay ($cmd, rc=$rc): $(echo "$out" | tail -3)"
  done
fi

# the scoreboard's lines: wl_bank's window proved by induction, its data to the bound
out=$("$irhw" prove wl_bank -p ENTRIES=4 -p ID_BITS=4 --depth 6 -o "$tmp/sb" 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q '^PROVED wl_bank .*(k-induction, k = [0-9]*)' &&
  echo "$out" | grep -q '^scoreboard PROVED (k-induction, k = [0-9]*): sb_held_in_window' &&
  echo "$out" | grep -q '^scoreboard data PASSED to depth 6 (bounded model check only: k-induction did not close by k = 6): sb_data_returned' &&
  ok "wl_bank: the scoreboard's window proved by induction, its data to depth 6" ||
  bad "wl_bank scoreboard (rc=$rc): $out"
# a data fault (a push stores the refill's ID) is caught by the data scoreboard alone
"$irhw" gen wl_bank -p ENTRIES=4 -p ID_BITS=4 -o "$tmp/gd" > /dev/null
sed 's/wire \[ID_BITS-1:0\] mem_wdata = do_push ? push_id : rd_put_id;/wire [ID_BITS-1:0] mem_wdata = do_push ? push_id ^ 4'"'"'d1 : rd_put_id;/' \
  "$tmp"/gd/wl_bank_*.v > "$tmp/data_bad.v"
out=$("$irhw" prove wl_bank -p ENTRIES=4 -p ID_BITS=4 --rtl "$tmp/data_bad.v" --depth 6 -o "$tmp/sbd" 2>&1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q '^PROVED wl_bank ' &&
  echo "$out" | grep -q '^scoreboard data FAILED at cycle [0-9]* (bounded model check): one of sb_data_returned' &&
  ok "wl_bank: a push that stores another ID fails the data scoreboard only" ||
  bad "wl_bank data fault (rc=$rc): $out"

# prove --rtl with the leaf cells among the files
wl=$(ls "$tmp"/gd/wl_bank_*.v)
out=$("$irhw" prove wl_bank -p ENTRIES=4 -p ID_BITS=4 --rtl "$wl" --rtl "$root/rtl/irhw_regfile_1rw.v" \
  --rtl "$root/rtl/irhw_regfile_1rw.v" --depth 4 -o "$tmp/r1" 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q '^PROVED wl_bank ' &&
  ok "prove --rtl with the leaf cell given twice: read once, PROVED" || bad "prove --rtl with leaves (rc=$rc): $out"
sed 's/posedge clk/posedge  clk/' "$root/rtl/irhw_regfile_1rw.v" > "$tmp/rf2.v"
out=$("$irhw" prove wl_bank -p ENTRIES=4 -p ID_BITS=4 --rtl "$wl" --rtl "$root/rtl/irhw_regfile_1rw.v" \
  --rtl "$tmp/rf2.v" --depth 4 -o "$tmp/r2" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "module irhw_regfile_1rw is defined twice with different text" &&
  [ ! -e "$tmp/r2/prove.log" ] &&
  ok "prove --rtl, a module defined twice differently: exit 2 naming it, no solver run" ||
  bad "prove --rtl, two different definitions (rc=$rc): $out"
tag=$(sed -n 's/^ *\(irhw_regfile_1rw_[0-9a-f]*\) #.* u_mem (.*/\1/p' "$wl" | head -1)
sed "/u_mem (/s/$tag/irhw_regfile_missing/" "$wl" > "$tmp/miss.v"
out=$("$irhw" prove wl_bank -p ENTRIES=4 -p ID_BITS=4 --rtl "$tmp/miss.v" --depth 4 -o "$tmp/r3" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "module irhw_regfile_missing (instantiated in wl_bank_[a-z0-9_]*) is defined in none of the files" &&
  ! grep -q "Solving problem" "$tmp/r3/prove.log" &&
  ok "prove --rtl, a module no file defines: exit 2 naming it, no solver run" ||
  bad "prove --rtl, a missing module (rc=$rc): $out"

echo "contracts: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
