#!/usr/bin/env bash
# The SystemC stage of `make test`: the user example (a wrapped model in a
# SystemC design), then `irhw cosim BLOCK --systemc` for every registered
# block at its defaults and at one small configuration (the first line of
# tests/cosim/cosim_<block>.list, else every integer parameter lowered to its
# minimum where the block accepts it), and for every block with
# tests/cosim/faults/<block>.faults the first faulty RTL variant, which must be
# reported as a mismatch with a waveform whose .gtkw marks it.
# Two runs at a time (2 cores). Records "systemc passed failed skipped" in
# build/test-results/systemc.
# usage: cosim_systemc.sh IRHW SC_EXAMPLE
set -u
irhw=$(realpath "$1") example=$2
results=build/test-results
mkdir -p "$results" build/systemc-logs
tmp=$(mktemp -d /tmp/irhw-systemc.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
CYCLES=${IRHW_SC_CYCLES:-20000}
passed=0 failed=0 skipped=0

if ! pkg-config --exists systemc; then
  echo "SKIP: SystemC not found by pkg-config (install libsystemc-dev)"
  echo "systemc 0 0 1" > "$results/systemc"; exit 0
fi

echo "--- $example"
if out=$("$example" 2>&1) && echo "$out" | grep -q "checks, 0 failed"; then
  passed=$((passed + 1)); echo "$out" | grep -v '^$'; echo "PASS the SystemC example"
else
  failed=$((failed + 1)); echo "$out"; echo "FAIL the SystemC example"
fi

# One small configuration of a block, from its description only.
small_config() {
  local blk=$1 list=tests/cosim/cosim_$1.list line
  if [ -f "$list" ]; then
    line=$(grep -v '^\s*#' "$list" | grep -v '^sweep:' | grep -- '-p' | head -1 | sed 's/#.*//')
    [ -n "$line" ] && { echo "$line"; return; }
  fi
  local args="" name min
  while read -r name min; do
    "$irhw" gen "$blk" $args -p "$name=$min" -o "$tmp/probe" > /dev/null 2>&1 &&
      args="$args -p $name=$min"
  done < <("$irhw" list "$blk" | sed -nE 's/^  ([A-Z_0-9]+) +default +[^ ]+ +range +(-?[0-9]+)\.\..*/\1 \2/p')
  echo "$args"
}

jobs=$tmp/jobs
: > "$jobs"
blocks=$("$irhw" list | sed -n 's/^\([a-z_0-9]*\) — .*/\1/p')
for b in $blocks; do
  echo "cosim $b --cycles $CYCLES" >> "$jobs"
  echo "cosim $b $(small_config "$b") --cycles $CYCLES" >> "$jobs"
  f=tests/cosim/faults/$b.faults
  if [ -f "$f" ]; then
    name=$(grep -v '^\s*#' "$f" | grep '|' | head -1 | cut -d'|' -f1 | tr -d ' ')
    [ -n "$name" ] && echo "fault $b $name" >> "$jobs"
  fi
done
echo "SystemC co-simulation: $(wc -l < "$jobs") runs"

run_one() {
  local irhw=$1 tmp=$2 kind=$3 blk=$4; shift 4
  local log="build/systemc-logs/$(echo "$kind $blk $*" | tr -c 'A-Za-z0-9_=\n' '_' | cut -c1-150).log"
  local start rc t
  start=$(date +%s.%N)
  if [ "$kind" = cosim ]; then
    timeout 900 "$irhw" cosim "$blk" "$@" --systemc --quiet > "$log" 2>&1; rc=$?
    t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    if [ $rc -eq 0 ] && grep -q "in SystemC, every output compared" "$log"; then
      echo "PASS ${t}s systemc $blk $*"
    else echo "FAIL(rc=$rc) ${t}s systemc $blk $* -- log $log"; sed 's/^/    /' "$log" | tail -15; fi
    return
  fi
  # fault: the first faulty variant of the default RTL (or of the faults file's
  # "# params:" configuration) must be reported
  local name=$1 expr d="$tmp/fault_$blk"
  expr=$(grep -v '^\s*#' "tests/cosim/faults/$blk.faults" | grep "^$name *|" | head -1 | cut -d'|' -f2- | sed 's/^ //')
  local fp
  fp=$(sed -n 's/^# params: *//p' "tests/cosim/faults/$blk.faults" | head -1)
  "$irhw" gen "$blk" $fp -o "$d" > /dev/null
  local good bad=$d/bad.v
  good=$(ls "$d"/${blk}_*.v "$d"/${blk}.v 2>/dev/null | head -1)
  sed "$expr" "$good" > "$bad"
  if cmp -s "$bad" "$good"; then echo "FAIL systemc fault $blk $name: the sed did not change the RTL"; return; fi
  timeout 900 "$irhw" cosim "$blk" $fp --systemc --rtl "$bad" --cycles 20000 --quiet --wave "$d/f.vcd" > "$log" 2>&1; rc=$?
  t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  # a mismatch, or a failed assertion (its cycle is not known under SystemC)
  if [ $rc -eq 1 ] && grep -q "^\(MISMATCH $blk at cycle\|ASSERTION FAILED $blk (the cycle is not known under --systemc\)" "$log" &&
     grep -q "^replay: .* --systemc" "$log" &&
     grep -q 'scope module irhw_tb' "$d/f.vcd" && grep -q ' exp_' "$d/f.vcd" &&
     ! grep -q '^\*-4.000000 -1 ' "$d/f.gtkw"; then
    echo "PASS ${t}s systemc fault $blk $name caught: $(head -1 "$log")"
  else echo "FAIL(rc=$rc) ${t}s systemc fault $blk $name not caught -- log $log"; sed 's/^/    /' "$log" | tail -15; fi
}
export -f run_one
out=$(xargs -P "${IRHW_JOBS:-2}" -L 1 bash -c 'run_one "$0" "$@"' "$irhw" "$tmp" < "$jobs")
echo "$out"
p=$(echo "$out" | grep -c '^PASS' || true)
f=$(echo "$out" | grep -c '^FAIL' || true)
n=$(wc -l < "$jobs")
[ $((p + f)) -lt "$n" ] && f=$((f + n - p - f))
passed=$((passed + p)); failed=$((failed + f))
echo "systemc: $passed passed, $failed failed, $skipped skipped"
echo "$out" | grep '^FAIL' > "$results/systemc.fail"
echo "systemc $passed $failed $skipped" > "$results/systemc"
[ "$failed" -eq 0 ]
