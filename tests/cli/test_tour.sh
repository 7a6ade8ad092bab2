#!/usr/bin/env bash
# The README's five-minute tour, run as a new user would: every command of
# its code blocks (bar make, gtkwave and echo) in a scratch folder, and the
# results the README prints beside them held against what the run printed:
# the files gen wrote, the lint, PASS, the mismatch's cycle and port, the
# replay's --cycles, exit 1, the area total and its parts, the critical
# path. The README's numbers are read from the README, so a tour whose text
# drifts from the tool fails here.
# Usage: tests/cli/test_tour.sh BIN/irhw   Prints "tour: N passed, N failed, N skipped".
set -u
. "$(dirname "$0")/../lib.sh"
irhw=$(realpath "$1")
readme=$root/README.md
scratch tour
cd "$tmp"

# the tour's shell blocks: from "## A five-minute tour" to the next "## "
tour=$(awk '/^## A five-minute tour/ {on = 1; next} /^## / {on = 0} on' "$readme" |
  awk '/^```sh/ {b = 1; next} /^```/ {b = 0} b')
cmds=$(echo "$tour" | grep -v '^#' | sed 's/[[:space:]]*#.*$//' | grep -v '^\(make\|gtkwave\|echo\)\b' | grep .)
[ "$(echo "$cmds" | wc -l)" -ge 6 ] && ok "the tour has $(echo "$cmds" | wc -l) commands to run" ||
  bad "the tour's commands were not found in README.md: $cmds"

declare -A out rc
while IFS= read -r c; do
  run=${c//bin\/irhw/$irhw}
  run=${run//area\/default_45nm.lib/$root/area/default_45nm.lib} # paths of the source tree
  o=$(bash -c "$run" 2>&1)
  r=$?
  out[$c]=$o rc[$c]=$r
  echo "\$ $c  (exit $r)"
done <<< "$cmds"
# claim NAME COMMAND-PATTERN FIXED-STRING: the output of the tour's command
# matching the pattern holds the string
output_of() { local c; for c in "${!out[@]}"; do [[ $c == $1 ]] && { echo "${out[$c]}"; return; }; done; }
rc_of() { local c; for c in "${!rc[@]}"; do [[ $c == $1 ]] && { echo "${rc[$c]}"; return; }; done; }
claim() {
  if [ -z "$3" ]; then bad "$1: the README's tour prints no expected text for it"
  elif output_of "$2" | grep -qF -- "$3"; then ok "$1: '$3'"; else bad "$1: no '$3' in: $(output_of "$2" | head -5)"; fi
}

wrote=$(echo "$tour" | sed -n 's/^#   wrote \([^ ]*\).*/\1/p')
claim "gen" "*gen wl_bank*" "wrote $wrote"
top=${wrote%.v} # gen's folder: the design's .v, its file list and its FuseSoC core, nothing else
echo "$tour" | grep -q '\.f and FuseSoC \.core beside it' &&
  [ "$(ls "$(dirname "$wrote")" | tr '\n' ' ')" = "$(basename "$top").core $(basename "$top").f $(basename "$top").v " ] &&
  ok "gen's folder holds $wrote, its .f and .core, nothing else" || bad "gen's folder: $(ls "$(dirname "$wrote")")"
[ "$(rc_of "verilator --lint-only*")" = 0 ] && [ -z "$(output_of "verilator --lint-only*")" ] &&
  ok "the lint recipe is clean" || bad "lint: $(output_of "verilator --lint-only*")"

passline=$(echo "$tour" | sed -n 's/^#   \(PASS [^:]*\):.*/\1/p')
claim "cosim" "*cosim*--wave ok.fst*" "$passline"
[ "$(rc_of "*cosim*--wave ok.fst*")" = 0 ] && [ -s ok.fst ] && [ -s ok.gtkw ] && ok "cosim: exit 0, ok.fst and ok.gtkw" ||
  bad "cosim: exit $(rc_of "*cosim*--wave ok.fst*")"

mism=$(echo "$tour" | sed -n 's/^#   \(MISMATCH .*\)/\1/p')
port=$(echo "$tour" | sed -n 's/^#     \(port .*\)/\1/p')
cyc=$(echo "$tour" | sed -n 's/^#   replay: .*\(--cycles [0-9]*\).*/\1/p')
claim "the injected bug" "*--rtl broken.v*" "$mism"
claim "the injected bug's port" "*--rtl broken.v*" "$port"
claim "the replay" "*--rtl broken.v*" "$cyc --seed 1"
r=$(rc_of "*--rtl broken.v*")
want=$(echo "$tour" | sed -n 's/^echo \$?[[:space:]]*#[[:space:]]*\([0-9]\).*/\1/p')
[ "$r" = "$want" ] && ok "the injected bug exits $want" || bad "the injected bug exits $r, the README says $want"
grep -q 'first mismatch' bug.gtkw && ok "bug.gtkw opens on the first mismatch" || bad "bug.gtkw has no first-mismatch group"

for part in total logic "flip-flop storage"; do
  line=$(echo "$tour" | sed -n "s/^#   *\($part  *[0-9.]* µm²\).*/\1/p" | head -1 | tr -s ' ')
  if [ -z "$line" ]; then bad "area: the README gives no $part"; continue; fi
  output_of "bin/irhw area*" | tr -s ' ' | grep -qF -- "$line" && ok "area: $line" ||
    bad "area: '$line' not in: $(output_of "bin/irhw area*" | head -6)"
done
crit=$(echo "$tour" | sed -n 's/^#   critical path *\([0-9.]* ns\).*/\1/p')
output_of "bin/irhw area*" | grep -q "critical path *$crit" && ok "area: critical path $crit" ||
  bad "area: critical path $crit not in: $(output_of "bin/irhw area*" | grep critical)"

echo "tour: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
