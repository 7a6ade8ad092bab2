#!/usr/bin/env bash
# `irhw power` (the unit stage only; Yosys, Verilator and OpenSTA runs are not
# repeated under the sanitizers): toggles of a port driven by a known pattern
# counted exactly, the gate-level simulation's flip-flop and output toggles
# equal to the trace's (fifo, wl_bank, its SRAM variant), less activity
# giving less dynamic power, a corrupted trace refused (exit 3, the trace
# named, no figure), positive power and energy per push/pull on a small
# wl_bank, SRAM accesses priced, a small hwwl_core's parts (generate loops
# summed, adding up to the cells' total), hwwl with two cores (its constants
# kept out of OpenSTA's netlist), OpenSTA killed by a signal (exit 3, its log
# named and kept), a liberty without power data refused with
# exit 2 after the area, bad options. The power runs need sky130hd (IRHW_SKY130, else
# ../shared/data/liberty); without it they are a visible SKIP.
# Prints "power: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch power
sky=${IRHW_SKY130:-../shared/data/liberty/sky130_fd_sc_hd__tt_025C_1v80.lib.gz}
# field of the power object of `irhw power --json` output
jget() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["power"]
for k in sys.argv[2].split("."): d=d[int(k)] if isinstance(d,list) else d[k]
print(d)' "$1" "$2"; }
gt() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)' "$1" "$2"; }

# bad options: exit 2, the option named
for args in "--clock 0" "--clock abc" "--clock 200000" "--cycles 0" "--frobnicate" "-p WIDTH=0" "--vcd /nonexistent.vcd"; do
  out=$("$irhw" power fifo $args 2>&1); rc=$?
  opt=${args%% *}; [ "$opt" = -p ] && opt=WIDTH
  [ $rc -eq 2 ] && echo "$out" | grep -q -- "$opt" && ok "power $args: exit 2, named" || bad "power $args: rc=$rc $out"
done
"$irhw" power --help | grep -q -- "--clock MHz" && ok "power --help" || bad "power --help"

# a liberty without power data: the area, then exit 2 with the reason
out=$("$irhw" power fifo -p WIDTH=4 --liberty area/default_45nm.lib -o "$tmp/nopow" --cycles 200 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "no power data" && echo "$out" | grep -q "^total" &&
  ok "liberty without power data: area given, power refused (exit 2)" || bad "no power data: rc=$rc $out"

# a liberty without a flip-flop cell: exit 2, the liberty named
sed '/cell ("DFF_X1")/,/cell ("INV_X1")/{/cell ("INV_X1")/!d}' area/default_45nm.lib > "$tmp/noff.lib"
out=$("$irhw" power fifo -p WIDTH=4 --liberty "$tmp/noff.lib" -o "$tmp/noff" --cycles 200 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "$tmp/noff.lib has no flip-flop" &&
  ok "a liberty without a flip-flop: exit 2, named" || bad "no flip-flop: rc=$rc $out"

if [ ! -f "$sky" ]; then
  skipped "power runs: sky130hd not found at $sky (set IRHW_SKY130)"
else
  # din driven 0x0, 0xf, 0x0, ... for 40 cycles, push and pop low: each of
  # its 4 bits toggles 39 times; push and pop never
  { echo "rst,push,din,pop"; for i in $(seq 0 39); do echo "0,0,$(( i % 2 ? 15 : 0 )),0"; done; } > "$tmp/alt.csv"
  { echo "rst,push,din,pop"; for i in $(seq 0 39); do echo "0,0,0,0"; done; } > "$tmp/idle.csv"
  # busy: from cycle 2 (after the reset) a push of a new value, then its pop
  { echo "rst,push,din,pop"; echo "0,0,0,0"; echo "0,0,0,0"
    for i in $(seq 2 39); do [ $((i % 2)) = 0 ] && echo "0,1,$(( i % 4 ? 15 : 0 )),0" || echo "0,0,0,1"; done; } > "$tmp/busy.csv"
  if "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --stim-file "$tmp/alt.csv" -o "$tmp/f" --json > "$tmp/alt.json" 2> "$tmp/alt.err"; then
    t=$(jget "$tmp/alt.json" toggles.din); p=$(jget "$tmp/alt.json" toggles.push); c=$(jget "$tmp/alt.json" cycles)
    [ "$t" = 156 ] && [ "$p" = 0 ] && [ "$c" = 40 ] && ok "toggles of din counted by hand: 4 x 39 = 156, push 0, 40 cycles" ||
      bad "toggles: din $t push $p cycles $c (want 156, 0, 40)"
    "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --stim-file "$tmp/idle.csv" -o "$tmp/f" --json > "$tmp/idle.json" 2> "$tmp/idle.err"
    "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --stim-file "$tmp/busy.csv" -o "$tmp/f" --json > "$tmp/busy.json" 2> "$tmp/busy.err"
    a=$(jget "$tmp/busy.json" switching_mw); i=$(jget "$tmp/idle.json" switching_mw)
    gt "$a" "$i" && ok "pushes and pops give more switching power than idle ($a mW against $i mW)" ||
      bad "switching: busy $a idle $i; $(tail -2 "$tmp/busy.err")"
    # dynamic power (internal + switching) follows the simulated activity
    dyn() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["power"]
print(d["internal_mw"] + d["switching_mw"], d["net_toggles"])' "$1"; }
    read -r da ta <<< "$(dyn "$tmp/busy.json")"; read -r di ti <<< "$(dyn "$tmp/idle.json")"
    gt "$da" "$di" && gt "$ta" "$ti" &&
      ok "less activity, less dynamic power: idle $di mW ($ti net toggles) against busy $da mW ($ta)" ||
      bad "dynamic: busy $da mW $ta toggles, idle $di mW $ti toggles"
    # the gate-level simulation against the trace: every flip-flop matched and checked
    for j in alt busy; do
      f=$(jget "$tmp/$j.json" flip_flops); c=$(jget "$tmp/$j.json" flip_flops_checked); o=$(jget "$tmp/$j.json" outputs_checked)
      [ "$f" = "$c" ] && gt "$f" 0 && gt "$o" 0 && grep -q "gate-level simulation" "$tmp/$j.json" &&
        ok "fifo ($j): gate-level toggles of all $c flip-flops and $o output bits equal the trace's" ||
        bad "fifo ($j): $c of $f flip-flops, $o outputs checked"
    done
    # a corrupted trace: pop's rises after time 0 deleted, the registers left as they were
    "$irhw" cosim fifo -p WIDTH=4 --stim-file "$tmp/busy.csv" --wave "$tmp/busy.vcd" --wave-depth 99 > /dev/null 2>&1
    code=$(awk '/scope module dut /{d=1} d && /\$var/ && $5=="pop" {print $4; exit}' "$tmp/busy.vcd")
    awk -v c="$code" '/^#/{t++} !(t>1 && $0=="1"c)' "$tmp/busy.vcd" > "$tmp/bad.vcd"
    "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --vcd "$tmp/busy.vcd" -o "$tmp/f" --json > "$tmp/good.json" 2> "$tmp/good.err"; rg=$?
    out=$("$irhw" power fifo -p WIDTH=4 --liberty "$sky" --vcd "$tmp/bad.vcd" -o "$tmp/f" 2>&1); rc=$?
    [ -n "$code" ] && [ $rg -eq 0 ] && [ "$(jget "$tmp/good.json" switching_mw)" = "$a" ] &&
      ok "--vcd with the co-simulation's own trace: the same figure as co-simulating ($a mW)" ||
      bad "--vcd good trace: rc=$rg code '$code' $(tail -2 "$tmp/good.err")"
    [ $rc -eq 3 ] && echo "$out" | grep -q "disagrees with the co-simulation's trace $tmp/bad.vcd" &&
      echo "$out" | grep -q "register bit u_fifo" && ! echo "$out" | grep -q "^  total " &&
      ok "a corrupted trace: exit 3, the bits and the trace named, no figure" ||
      bad "corrupted trace: rc=$rc $out"
  else bad "power fifo --stim-file: $(tail -3 "$tmp/alt.err")"; fi

  # wl_bank, small: positive power, energy per push/pull
  if "$irhw" power wl_bank -p ENTRIES=4 -p ID_BITS=4 --liberty "$sky" --cycles 3000 -o "$tmp/b" --json > "$tmp/b.json" 2> "$tmp/b.err"; then
    tot=$(jget "$tmp/b.json" total_mw); e=$(jget "$tmp/b.json" energy_per_op_pj); n=$(jget "$tmp/b.json" operations)
    op=$(jget "$tmp/b.json" operation)
    f=$(jget "$tmp/b.json" flip_flops); c=$(jget "$tmp/b.json" flip_flops_checked)
    gt "$tot" 0 && gt "$e" 0 && gt "$n" 0 && [ "$op" = push/pull ] && [ "$f" = "$c" ] && gt "$c" 0 &&
      ok "wl_bank: $tot mW, $e pJ per push/pull ($n of them); $c of $f flip-flops checked" ||
      bad "wl_bank power: $tot mW $e pJ $n ops $op; $c of $f flip-flops checked"
  else bad "power wl_bank: $(tail -3 "$tmp/b.err")"; fi

  # the SRAM macro: reads and writes seen, priced
  if "$irhw" power wl_bank -p ENTRIES=4 -p ID_BITS=4 -p STORAGE=sram --liberty "$sky" --cycles 3000 -o "$tmp/s" --json > "$tmp/s.json" 2> "$tmp/s.err"; then
    r=$(jget "$tmp/s.json" srams.0.reads); w=$(jget "$tmp/s.json" srams.0.writes); sw=$(jget "$tmp/s.json" sram_mw)
    f=$(jget "$tmp/s.json" flip_flops); c=$(jget "$tmp/s.json" flip_flops_checked); o=$(jget "$tmp/s.json" outputs_checked)
    gt "$r" 0 && gt "$w" 0 && gt "$sw" 0 && [ "$f" = "$c" ] && gt "$o" 0 &&
      ok "SRAM: $r reads, $w writes, $sw mW; read data from the trace, $c of $f flip-flops and $o outputs checked" ||
      bad "SRAM: reads $r writes $w $sw mW; $c of $f flip-flops, $o outputs checked"
  else bad "power wl_bank STORAGE=sram: $(tail -3 "$tmp/s.err")"; fi

  # parts: a generate loop's instances summed as one part, and every cell
  # counted in some part (the parts add up to the cells' total)
  if "$irhw" power hwwl_core -p LANES=2 -p ENTRIES=4 --liberty "$sky" --cycles 2000 -o "$tmp/c" --json > "$tmp/c.json" 2> "$tmp/c.err"; then
    got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["power"]
cells=d["internal_mw"]+d["switching_mw"]+d["leakage_mw"]; parts=sum(d["parts"].values())
print("%.4f %.4f %s %s" % (cells, parts, d["part_instances"].get("g_bank[*].u_bank"), d["part_instances"].get("g_land[*].u_rd")))' "$tmp/c.json")
    read -r cells parts nb nl <<< "$got"
    python3 -c 'import sys; c, p = map(float, sys.argv[1:3]); sys.exit(0 if c > 0 and abs(c - p) <= 0.002 * c else 1)' "$cells" "$parts" &&
      [ "$nb" = 2 ] && [ "$nl" = 3 ] &&
      ok "hwwl_core parts: g_bank[*].u_bank $nb instances, g_land[*].u_rd $nl; parts $parts mW = cells $cells mW" ||
      bad "hwwl_core parts: $got"
  else bad "power hwwl_core: $(tail -3 "$tmp/c.err")"; fi

  # the clock: the one asked for when the critical path meets it, else fmax
  for c in 1 100000; do
    "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --clock $c --cycles 200 -o "$tmp/clk" --json > "$tmp/clk$c.json" 2> "$tmp/clk$c.err"
  done
  got=$(python3 -c 'import json,sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
fmax = 1000 / b["area"]["crit_ns"]
near = abs(b["power"]["clock_mhz"] - fmax) < 1e-3 * fmax
print(a["clock"]["used"], a["power"]["clock_mhz"], b["clock"]["used"], near, round(fmax, 1))' "$tmp/clk1.json" "$tmp/clk100000.json" 2>&1)
  read -r u1 m1 u2 near fmax <<< "$got"
  [ "$u1" = requested ] && [ "$m1" = 1 ] && [ "$u2" = fmax ] && [ "$near" = True ] &&
    ok "clock: 1 MHz as asked; 100000 MHz not met, fmax $fmax MHz used and said" || bad "clock: $got"

  # hwwl with two cores: its word selectors take a constant select, which
  # crashed OpenSTA's activity propagation; in the netlist OpenSTA reads
  # they are held by flip-flops, the gate-level simulation keeps them
  if "$irhw" power hwwl -p CORES=2 -p LANES=2 -p ENTRIES=4 --liberty "$sky" --cycles 2000 -o "$tmp/h" --json > "$tmp/h.json" 2> "$tmp/h.err"; then
    tot=$(jget "$tmp/h.json" total_mw); nc=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["power"]["part_instances"]["g_core[*].u_core"])' "$tmp/h.json")
    f=$(jget "$tmp/h.json" flip_flops); c=$(jget "$tmp/h.json" flip_flops_checked)
    gt "$tot" 0 && [ "$nc" = 2 ] && gt "$c" 0 && grep -q "1'h0" "$tmp/h/power/power_netlist.v" &&
      ! grep -q "'h" "$tmp/h/power/power_netlist_sta.v" && grep -q "irhw_hold_" "$tmp/h/power/power_netlist_sta.v" &&
      ok "hwwl CORES=2: $tot mW, g_core[*].u_core $nc instances, $c of $f flip-flops checked; OpenSTA's netlist has no constant" ||
      bad "power hwwl: $tot mW, $nc cores, $c of $f flip-flops"
  else bad "power hwwl: $(tail -3 "$tmp/h.err")"; fi
  # no activity propagated by OpenSTA: with every pin's activity 0 the
  # logic's internal and switching power is 0 (propagated from the inputs,
  # it was not)
  awk '{print $1, 0, 0}' "$tmp/h/power/activity_pins.txt" > "$tmp/zero_pins.txt"
  sed "s#{[^}]*activity_pins.txt}#{$tmp/zero_pins.txt}#" "$tmp/h/power/power.tcl" > "$tmp/zero.tcl"
  comb=$(sta -no_splash -exit "$tmp/zero.tcl" 2>&1 | awk '/^IRHW_MEASURED/{m=1} m && /^Combinational/{print $2 + $3; exit}')
  [ -n "$comb" ] && python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) < 1e-9 else 1)' "$comb" &&
    ok "every pin's activity 0: the logic's dynamic power is $comb W (nothing propagated)" ||
    bad "pins at 0: the logic's dynamic power is '$comb' W"

  # OpenSTA killed by a signal: exit 3, the log named, and the log holds
  # what OpenSTA wrote before it died
  mkdir -p "$tmp/bin"
  real_sta=$(command -v sta)
  # the power script, with OpenSTA killing itself before its last report
  cat > "$tmp/bin/sta" <<EOF
#!/bin/sh
case "\$3" in *power.tcl)
  sed 's/^puts IRHW_INSTANCES\$/exec kill -SEGV [pid]/' "\$3" > "\$3.crash"
  exec "$real_sta" -no_splash -exit "\$3.crash";;
esac
exec "$real_sta" "\$@"
EOF
  chmod +x "$tmp/bin/sta"
  out=$(PATH="$tmp/bin:$PATH" "$irhw" power fifo -p WIDTH=4 --liberty "$sky" --cycles 200 -o "$tmp/k" 2>&1); rc=$?
  log="$tmp/k/power/power_sta.log"
  [ $rc -eq 3 ] && echo "$out" | grep -q "signal 11 .*log $log" && grep -q "^IRHW_MEASURED" "$log" && grep -q "^Total" "$log" &&
    ok "OpenSTA killed by signal 11: exit 3, its log named and kept" || bad "sta crash: rc=$rc $out"
fi

echo "power: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
