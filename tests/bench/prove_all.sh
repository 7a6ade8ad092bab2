#!/usr/bin/env bash
# `irhw prove` of every block at its small proving size (docs/verification.md,
# "Port contracts and the formal scoreboard"), PROVE_JOBS (default 2, the
# cores) proofs at a time, the longest first: each verdict's first words and
# the wall and CPU seconds of each proof, then the whole run's wall time, the
# CPU time of all proofs and the load average before and after.
# usage: prove_all.sh IRHW [OUTDIR]
set -u
irhw=$(realpath "$1") out=${2:-$(mktemp -d /tmp/irhw-prove-all.XXXXXX)}
mkdir -p "$out" && : > "$out/times"
core="-p LANES=2 -p ENTRIES=2 -p ID_BITS=2 -p OVF_CAP=4 -p COALESCE=2 -p OUTSTANDING=1 -p ADDR_BITS=8 -p SCHEME=none"
# one proof: its verdicts and times into $out/<block>.line
prove_one() { # irhw out depth block params...
  local irhw=$1 out=$2 depth=$3 b=$4 s e cpu v; shift 3
  s=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$out/$b.time" "$irhw" prove "$@" --depth "$depth" -o "$out/$b" \
    > "$out/$b.out" 2>&1
  e=$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$out/$b.time")
  # each phase's verdict: PROVED (k) or PASSED (bounded to depth), FAILED
  v=$(sed -n 's/^\(scoreboard data \|scoreboard \|\)\(PROVED\|PASSED\|FAILED\).*k = \([0-9]*\).*/\1\2 k=\3/p' \
    "$out/$b.out" | tr '\n' ',' | sed 's/,$//')
  echo "$b: wall $e s, cpu $cpu s: $v" > "$out/$b.line"
  echo "$e $cpu" >> "$out/times"
}
export -f prove_one
load0=$(cut -d' ' -f1-3 /proc/loadavg)
start=$(date +%s.%N)
xargs -P "${PROVE_JOBS:-2}" -L 1 bash -c 'prove_one "$0" "$@"' "$irhw" "$out" <<LIST
4 hwwl -p CORES=2 -p RADIX=2 $core
8 icrn -p CORES=2 -p RADIX=2 -p ID_BITS=4
6 hwwl_core $core
8 wl_bank -p ENTRIES=4 -p ID_BITS=4
8 fifo -p WIDTH=4 -p DEPTH=3
8 swt -p ENTRIES=3 -p WARPS=4 -p PC_BITS=8 -p LANES=2
8 wru -p LANES=4 -p COUNT_BITS=3
8 iru_hash -p SETS=2 -p BANKS=1 -p SLOTS=2 -p REQS=2 -p TIMEOUT=4 -p STORAGE=flops -p IDX_BITS=4 -p POS_BITS=2 -p DATA_BITS=4
LIST
wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
for b in fifo wl_bank swt wru icrn iru_hash hwwl_core hwwl; do cat "$out/$b.line"; done
awk -v w="$wall" -v j="${PROVE_JOBS:-2}" '{ s += $1; c += $2 } END {
  printf "all: wall %.1f s (%d at a time; the proofs one after another: %.1f s), cpu %.1f s\n", w, j, s, c }' "$out/times"
echo "load average: $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after"
