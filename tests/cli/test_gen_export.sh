#!/usr/bin/env bash
# What `irhw gen` writes drops into another flow: two generated designs
# (wl_bank beside hwwl_core, two hwwl_core of different parameters) read
# together by Verilator and Yosys define no module twice; the .f lists the
# design relative to its own folder; the .core has FuseSoC's CAPI2
# structure (tests/cli/capi2_check.py: FuseSoC is not installed); the file
# co-simulates as `cosim --rtl`; a .gtkw opens its wave from a moved folder.
# Prints "gen_export: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch gen_export
version=$("$irhw" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1)

"$irhw" gen wl_bank -o "$tmp/bank" > /dev/null
"$irhw" gen hwwl_core -o "$tmp/core" > /dev/null
"$irhw" gen hwwl_core -p ENTRIES=16 -p STORAGE=sram -o "$tmp/core16" > /dev/null
"$irhw" gen icrn -o "$tmp/icrn" > /dev/null
all="$tmp/bank/*.v $tmp/core/*.v $tmp/core16/*.v $tmp/icrn/*.v"

# modules: every module but the top carries the design's tag
for d in bank core core16 icrn; do
  top=$(sed -n 's/^module \([A-Za-z0-9_]*\).*/\1/p' "$tmp/$d"/*.v | head -1)
  untagged=$(sed -n 's/^module \([A-Za-z0-9_]*\).*/\1/p' "$tmp/$d"/*.v | grep -vx "$top" | grep -vE '_d[0-9a-f]{8}$')
  [ -z "$untagged" ] && [ "$(ls "$tmp/$d")" = "$(printf '%s.core\n%s.f\n%s.v' "$top" "$top" "$top")" ] &&
    ok "$d: one .v, .f and .core named after $top; its other modules carry the design's tag" ||
    bad "$d: files $(ls "$tmp/$d" | tr '\n' ' '), untagged modules: $untagged"
done

# Verilator and Yosys read the four designs together: no MODDUP, no redefinition
if verilator --lint-only -Wall -Wno-MULTITOP $all > "$tmp/lint" 2>&1 && ! grep -q MODDUP "$tmp/lint"; then
  ok "wl_bank, two hwwl_core and icrn: verilator --lint-only -Wall together, no MODDUP"
else bad "verilator on four designs: $(grep -m3 '%' "$tmp/lint")"; fi
if yosys -q -p "read_verilog $all; hierarchy -check" > "$tmp/ys" 2>&1; then
  ok "the same four designs: yosys read_verilog + hierarchy -check, no redefinition"
else bad "yosys on four designs: $(grep -m3 -i 'error\|redefin' "$tmp/ys")"; fi
# the check can fail: one design twice is a MODDUP
mkdir -p "$tmp/twice" && cp "$tmp/bank"/*.v "$tmp/twice/copy.v"
verilator --lint-only -Wall -Wno-MULTITOP $tmp/bank/*.v "$tmp/twice/copy.v" > "$tmp/lint" 2>&1
grep -q MODDUP "$tmp/lint" && ok "a design read twice is a MODDUP (the check above can fail)" ||
  bad "a design read twice: no MODDUP: $(head -3 "$tmp/lint")"

# the .f, relative to its own folder, read from elsewhere
f=$(ls "$tmp/core"/*.f)
(cd / && verilator --lint-only -Wall -F "$f") > "$tmp/lint" 2>&1 &&
  ok "verilator -F core/<top>.f from / (paths relative to the .f's folder): -Wall clean" ||
  bad "verilator -F $f: $(head -3 "$tmp/lint")"

# the .core, checked by a Python with PyYAML and jsonschema: the first
# python3 on PATH, else Debian's (python3-yaml, python3-jsonschema: make deps)
py=python3
python3 -c 'import yaml, jsonschema' 2>/dev/null || py=/usr/bin/python3
for d in bank core16; do
  top=$(basename "$tmp/$d"/*.v .v)
  out=$($py "$tests_dir/cli/capi2_check.py" "$tmp/$d/$top.core" "$top" "$version" 2>&1) &&
    ok "$d: $top.core has the CAPI2 structure, name irhw:gen:<top>:$version, lint and sim targets" ||
    bad "$d: .core: $out"
done
# a wrong name is caught
top=$(basename "$tmp/bank"/*.v .v)
sed 's/^name: .*/name: irhw:gen:other:1/' "$tmp/bank/$top.core" > "$tmp/bad.core"
$py "$tests_dir/cli/capi2_check.py" "$tmp/bad.core" "$top" "$version" > /dev/null 2>&1 &&
  bad "capi2_check.py accepted a wrong name" || ok "capi2_check.py refuses a core of another name"

if [ "${IRHW_CLI_QUICK:-0}" != 1 ]; then
  # the exported file co-simulates alone (its leaves inside it, renamed)
  out=$("$irhw" cosim wl_bank --rtl "$tmp/bank/$top.v" --cycles 5000 --quiet --wave "$tmp/bank/w.vcd" 2>&1)
  echo "$out" | grep -q "^PASS wl_bank" && ok "cosim --rtl <top>.v alone: PASS" || bad "cosim --rtl the export: $out"
  # the .gtkw names its wave relatively: the moved folder still opens it
  dump=$(sed -n 's/^\[dumpfile\] "\(.*\)"$/\1/p' "$tmp/bank/w.gtkw")
  mv "$tmp/bank" "$tmp/moved"
  [ "$dump" = w.vcd ] && [ -f "$tmp/moved/$dump" ] &&
    ok "the .gtkw names its wave relative to its folder ($dump)" || bad "the .gtkw's dumpfile is '$dump'"
  if command -v gtkwave > /dev/null && command -v xvfb-run > /dev/null; then
    # GTKWave, started from /, opens the moved folder's wave (its Tcl reports which)
    printf 'set f [open "%s/state.txt" w]\nputs $f "[gtkwave::getDumpFileName] [gtkwave::getTotalNumTraces]"\nclose $f\n' \
      "$tmp" > "$tmp/state.tcl"
    printf 'gtkwave -S %s %s > %s 2>&1 & p=$!\nfor i in $(seq 1 120); do [ -s %s ] && break; sleep 0.5; done\nkill $p\n' \
      "$tmp/state.tcl" "$tmp/moved/w.gtkw" "$tmp/gtkwave.log" "$tmp/state.txt" > "$tmp/show.sh"
    (cd / && timeout 120 xvfb-run -a bash "$tmp/show.sh") > /dev/null 2>&1
    read -r file traces < "$tmp/state.txt" 2> /dev/null
    [ "${file:-}" = "$tmp/moved/w.vcd" ] && [ "${traces:-0}" -gt 0 ] &&
      ok "GTKWave started in / opens the moved folder's .gtkw on its wave ($traces traces)" ||
      bad "GTKWave on the moved .gtkw: '${file:-}' (${traces:-0} traces): $(head -c 300 "$tmp/gtkwave.log")"
  else skipped "gtkwave or xvfb-run missing (Debian: gtkwave xvfb): the moved .gtkw not opened"; fi
fi

echo "gen_export: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
