#!/usr/bin/env bash
# X-checks (cosim --xcheck: the co-simulation's inputs on the RTL under
# Icarus, 4-state): every block at its defaults and at the first
# configuration of its cosim list must be free of X/Z on every output after
# reset and equal to the model; with XCHECK_CYCLES of 10,000 or more (not
# under the sanitizers' 2,000) the run must also hit every applicable
# coverage point (--require-coverage), so the 4-state run is shown to drive
# the edge walks, the wraps at the edge sizes and the same-cycle events
# (insert + issue, push + pull, a swap with pushes and pulls, ...); there
# hwwl_core, hwwl and iru_hash plan twice XCHECK_CYCLES, the length their
# stimuli need, and every run ends once every applicable point is hit
# (--until-covered: Icarus replays only those cycles).
# Every X fault of tests/cosim/faults/<block>.xfaults must pass plain
# co-simulation (Verilator is 2-state and starts at 0) and be reported by
# --xcheck, port and cycle named.
# Prints "xcheck: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
CYCLES=${XCHECK_CYCLES:-10000}
REQUIRE=; [ "$CYCLES" -ge 10000 ] && REQUIRE="--require-coverage --until-covered"
. "$(dirname "$0")/../lib.sh"
scratch xcheck-test
export TMPDIR=$tmp # the Icarus folders a caught X fault keeps go with the scratch folder

if ! command -v iverilog > /dev/null || ! command -v vvp > /dev/null; then
  echo "SKIP xcheck: Icarus Verilog (iverilog, vvp) not installed"
  echo "xcheck: 0 passed, 0 failed, 1 skipped"; exit 0
fi
blocks=$("$irhw" list | sed -n 's/^\([a-z_0-9]*\) — .*/\1/p')
: > "$tmp/jobs"
for b in $blocks; do
  echo "$b" >> "$tmp/jobs"
  [ -f "tests/cosim/cosim_$b.list" ] &&
    grep -v '^\s*#' "tests/cosim/cosim_$b.list" | grep -v '^sweep:' | grep -- '-p' | head -1 |
      sed -E 's/--(cycles|seed|stim) [^ ]+//g; s/ +$//; s/^/'"$b"' /' >> "$tmp/jobs"
done
# the cycles a block's stimulus needs to reach every coverage point
cycles_of() {
  case "$1" in hwwl_core|hwwl|iru_hash) [ -n "$REQUIRE" ] && { echo $((2 * CYCLES)); return; } ;; esac
  echo "$CYCLES"
}
run_clean() { # irhw tmp require block params...
  local irhw=$1 tmp=$2 req=$3 b=$4; shift 4
  local id; id=$(echo "$b $*" | md5sum | cut -c1-12)
  /usr/bin/time -f '%U %S' -o "$tmp/c_$id.time" \
    "$irhw" cosim "$b" "$@" --cycles "$(cycles_of "$b")" --quiet --xcheck $req > "$tmp/c_$id.out" 2>&1
  echo "$? $b $*" > "$tmp/c_$id.rc"
}
export -f run_clean cycles_of; export CYCLES REQUIRE
xargs -P 2 -L 1 bash -c 'run_clean "$0" "$@"' "$irhw" "$tmp" "$REQUIRE" < "$tmp/jobs"
for f in "$tmp"/c_*.rc; do
  read -r rc b params < "$f"
  out=$(cat "${f%.rc}.out"); n=$(cycles_of "$b")
  # with --until-covered the run ends at its last point's first hit
  ran=$(echo "$out" | sed -n "s/^XCHECK PASS $b: \([0-9]*\) cycles under Icarus.*/\1/p" | head -1)
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "${f%.rc}.time" 2> /dev/null)
  if [ "$rc" -eq 0 ] && [ -n "$ran" ] && { [ "$ran" = "$n" ] || { [ -n "$REQUIRE" ] && [ "$ran" -le "$n" ]; }; }; then
    ok "xcheck $b ${params:-(defaults)}: no X/Z after reset, Icarus equal to the model over $ran cycles${REQUIRE:+ (of $n planned), every applicable coverage point hit} (${cpu} s CPU)"
  else bad "xcheck $b ${params:-(defaults)} (rc=$rc): $out"; fi
done

# register-without-reset faults: missed by Verilator, caught by --xcheck
for faults in tests/cosim/faults/*.xfaults; do
  b=$(basename "$faults" .xfaults)
  while IFS='|' read -r name opts expr; do
    name=$(echo $name); opts=$(echo $opts); expr=$(echo "$expr" | sed 's/^ //')
    case "$name" in ''|\#*) continue ;; esac
    params=$(echo " $opts" | grep -oE ' -p [^ ]+' | tr '\n' ' ')
    "$irhw" gen "$b" $params -o "$tmp/g_${b}_$name" > /dev/null
    good=$(ls "$tmp/g_${b}_$name"/${b}_*.v | head -1)
    f="$tmp/xf_${b}_$name.v"
    sed "$expr" "$good" > "$f"
    if cmp -s "$f" "$good"; then bad "xfault $b/$name: the sed did not change the RTL (stale fault)"; continue; fi
    out=$("$irhw" cosim "$b" $opts --rtl "$f" --quiet 2>&1); rc=$?
    if [ $rc -eq 0 ] && echo "$out" | grep -q "^PASS $b"; then
      ok "xfault $b/$name: plain Verilator co-simulation misses it ($opts)"
    else bad "xfault $b/$name: expected plain cosim to pass (rc=$rc): $out"; fi
    out=$("$irhw" cosim "$b" $opts --rtl "$f" --quiet --xcheck 2>&1); rc=$?
    if [ $rc -eq 1 ] && echo "$out" | grep -qE "^XCHECK X $b at cycle [0-9]+ under Icarus" &&
       echo "$out" | grep -qE "^  port [a-z_0-9]+ +is [0-9]+'h[0-9a-fA-FxXzZ_]*[xXzZ]" &&
       echo "$out" | grep -q "^replay: .* --xcheck$"; then
      ok "xfault $b/$name caught by --xcheck: $(echo "$out" | grep -m1 '^XCHECK X') $(echo "$out" | grep -m1 '^  port' | tr -s ' ')"
    else bad "xfault $b/$name not caught by --xcheck (rc=$rc): $out"; fi
  done < "$faults"
done
echo "xcheck: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
