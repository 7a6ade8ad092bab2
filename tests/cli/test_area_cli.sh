#!/usr/bin/env bash
# `irhw area` end to end (the unit stage only; its Yosys and ABC runs are not
# repeated under the sanitizers): default library, JSON, the gate-level
# netlist co-simulated against the model, the SRAM model, a missing liberty,
# sky130hd when ../shared/data exists, the IRU's GPU share alike in area,
# --json and report (a small iru_hash) with its Table 1 partition, and the
# WRU at LANES=16 for every NETWORK. Prints "area_cli: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch area-cli
blocks=$(registered_blocks)

# area: default library, JSON, netlist co-simulation
if out=$("$irhw" area wl_bank -o "$tmp/area" 2>&1); then
  echo "$out" | grep -qi "total" && ok "area wl_bank (default library) reports a total" || bad "area text: $out"
  json=$("$irhw" area wl_bank -o "$tmp/area" --json 2>&1)
  echo "$json" | grep -q '"total_um2"' && ok "area --json has total_um2" || bad "area json: $json"
  if [ -f "$tmp/area/netlist.v" ]; then
    "$irhw" cosim wl_bank --rtl "$tmp/area/netlist.v" --cycles 20000 --quiet > "$tmp/out" 2>&1 &&
      ok "Yosys gate-level netlist co-simulates equal to the model" || bad "netlist cosim: $(tail -5 "$tmp/out")"
  else bad "area wrote no netlist.v"; fi
  "$irhw" area wl_bank -p STORAGE=sram -o "$tmp/area_sram" > "$tmp/sram.txt" 2>&1 && grep -qi "sram" "$tmp/sram.txt" &&
    ok "area wl_bank STORAGE=sram counts the SRAM model" || bad "area sram: $(cat "$tmp/sram.txt")"
else bad "area wl_bank failed: $out"; fi
out=$("$irhw" area wl_bank --liberty /nonexistent.lib 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "/nonexistent.lib" && ok "area with a missing liberty: exit 2, path named" || bad "missing liberty: rc=$rc $out"
sky=../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz
if [ -f "$sky" ]; then
  "$irhw" area wl_bank --liberty "$sky" -o "$tmp/sky" > "$tmp/sky.txt" 2>&1 && grep -q "sky130" "$tmp/sky.txt" &&
    ok "area on the real sky130hd library" || bad "sky130 area: $(tail -5 "$tmp/sky.txt")"
else skipped "sky130hd area: ../shared/data/liberty not found (the project works without it)"; fi

# the IRU's share of a GPU: irhw area and irhw report on the same iru_hash
# result (a small configuration) print the same numbers, from one function
iru=(-p SETS=16 -p SLOTS=4)
if "$irhw" area iru_hash "${iru[@]}" --timing=none -o "$tmp/iru" > "$tmp/iru.txt" 2>&1 &&
   "$irhw" area iru_hash "${iru[@]}" --timing=none -o "$tmp/iru" --json > "$tmp/iru.json" 2>/dev/null &&
   "$irhw" sweep iru_hash "${iru[@]}" --do area -o "$tmp/iru_sw" > /dev/null 2>&1 &&
   "$irhw" report "$tmp/iru_sw" -o "$tmp/iru_rep/report.html" > /dev/null 2>&1; then
  md=$tmp/iru_rep/report.md
  hash_a=$(sed -n 's/^  4 partitions (hash only) = \([0-9.e-]*\) % of a GTX 980 .*/\1/p' "$tmp/iru.txt")
  hash_r=$(sed -n 's/^| IRU (4 partitions, hash only) \/ GPU | 5.6 % | \([0-9.e-]*\) % of a GTX 980 .*/\1/p' "$md")
  part_a=$(sed -n 's/^  4 partitions: \([0-9.e-]*\) % of a GTX 980 .*/\1/p' "$tmp/iru.txt")
  part_r=$(sed -n 's/^| IRU (4 partitions, Table 1 estimate: hash and buffers) \/ GPU | 5.6 % | \([0-9.e-]*\) % .*/\1/p' "$md")
  read -r hash_j part_j tot_j < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); p=d["iru_partition"]
print("%.3g %.3g %.0f" % (d["notes"]["pct_of_gtx980_4_partitions"], p["pct_gtx980_4_partitions"], p["total_um2"]))' "$tmp/iru.json")
  tot_r=$(sed -n 's/^| partition | 87.7 KB | - | \([0-9]*\) | .*/\1/p' "$md")
  if [ -n "$hash_a" ] && [ "$hash_a" = "$hash_r" ] && [ "$hash_a" = "$hash_j" ] &&
     [ -n "$part_a" ] && [ "$part_a" = "$part_r" ] && [ "$part_a" = "$part_j" ] && [ "$tot_j" = "$tot_r" ]; then
    ok "GPU share of the same iru_hash result: area, --json and report agree (hash $hash_a %, partition $part_a %)"
  else bad "GPU share differs: area '$hash_a'/'$part_a', json '$hash_j'/'$part_j', report '$hash_r'/'$part_r'; partition um2 json '$tot_j' report '$tot_r'"; fi
  grep -q '^  request FIFO  *2.0 KB  16 x 1024 b 1rw' "$tmp/iru.txt" && ok "area iru_hash prints the Table 1 partition" ||
    bad "no partition section: $(tail -12 "$tmp/iru.txt")"
else bad "area/sweep/report of iru_hash ${iru[*]}: $(tail -3 "$tmp/iru.txt")"; fi

# WRU cost at the paper's LANES=16, for every NETWORK (the issue's table):
# each must finish with an area and a critical path; the bitonic netlist (the
# one ABC once spent hours on) must co-simulate equal to the model.
if echo " $blocks " | tr '\n' ' ' | grep -q " wru "; then
  nets=$("$irhw" list wru | sed -n 's/^  NETWORK .*range \([a-z|]*\) .*/\1/p' | tr '|' ' ')
  [ -n "$nets" ] || bad "irhw list wru names no NETWORK values"
  area_net() { # irhw tmp network
    timeout 900 "$1" area wru -p NETWORK="$3" -o "$2/wru_$3" > "$2/wru_$3.txt" 2>&1; echo $? > "$2/wru_$3.rc"
  }
  export -f area_net
  printf '%s\n' $nets | xargs -P 2 -I{} bash -c 'area_net "$0" "$1" {}' "$irhw" "$tmp"
  for n in $nets; do
    rc=$(cat "$tmp/wru_$n.rc")
    if [ "$rc" -eq 0 ] && grep -q "^total  *[0-9.]* µm²" "$tmp/wru_$n.txt" &&
       grep -q "^critical path  *[0-9.]* ns" "$tmp/wru_$n.txt" && grep -q "ours: $n network on 16 inputs" "$tmp/wru_$n.txt"; then
      ok "area wru NETWORK=$n: $(grep "^total" "$tmp/wru_$n.txt" | tr -s ' '), $(grep "^critical" "$tmp/wru_$n.txt" | tr -s ' ')"
    else bad "area wru NETWORK=$n (rc=$rc, 124 = over 15 minutes): $(tail -3 "$tmp/wru_$n.txt")"; fi
  done
  if [ -f "$tmp/wru_bitonic/netlist.v" ]; then
    "$irhw" cosim wru -p NETWORK=bitonic --rtl "$tmp/wru_bitonic/netlist.v" --cycles 20000 --quiet > "$tmp/out" 2>&1 &&
      ok "WRU bitonic gate-level netlist co-simulates equal to the model" || bad "wru netlist cosim: $(tail -5 "$tmp/out")"
  else bad "area wru NETWORK=bitonic wrote no netlist.v"; fi
fi

echo "area_cli: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
