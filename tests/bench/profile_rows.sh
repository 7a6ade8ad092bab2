#!/usr/bin/env bash
# Where the lockstep cycle's time goes, for every row of make bench
# (tests/bench/bench.sh's rows: each block at its defaults and at its large
# configuration): `irhw cosim --profile` in one thread, in two, and with
# --no-model (Verilator alone), each over about PROFILE_SECONDS (default 1)
# of CPU. Prints two Markdown tables: the sums of the timed phases (load
# independent but for cache effects), then every phase of every run.
#   tests/bench/profile_rows.sh bin/irhw [BLOCK...]
set -u
. "$(dirname "$0")/../lib.sh" # bench_rows
irhw=$(realpath "$1"); shift
only=" $* "
secs=${PROFILE_SECONDS:-1}
tmp=$(mktemp -d /tmp/irhw-profrows.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

bench_rows > "$tmp/rows"
while IFS='|' read -r b p; do
  [ "$only" != "  " ] && [[ "$only" != *" $b "* ]] && continue
  "$irhw" cosim $b $p --cycles 1000 --quiet > /dev/null 2>&1 || { echo "profile_rows: $b $p does not run" >&2; exit 3; }
  # calibration: the one-thread CPU time of 2,000 cycles
  cpu=$( { /usr/bin/time -f '%U %S' "$irhw" cosim $b $p --cycles 2000 --quiet --threads 1 > /dev/null; } 2>&1 | tail -1 | awk '{ print $1 + $2 }')
  n=$(awk -v c="$cpu" -v s="$secs" 'BEGIN { n = c > 0 ? 2000 * s / c : 2000000; n = n < 20000 ? 20000 : n; printf "%d", n - n % 1000 }')
  for run in "--threads 1" "--threads 2" "--no-model --threads 1"; do
    echo "== $b|${p:-(defaults)}|$run|$n|$(cut -d' ' -f1 /proc/loadavg)"
    "$irhw" cosim $b $p --cycles $n --quiet --profile $run | grep -v '^PASS \|^RAN '
  done
done < "$tmp/rows" > "$tmp/out"

# one row per table: block, configuration, run, load, wall and CPU ns a
# cycle, the phases' ns a cycle
awk -F'|' '
  /^== / { b = substr($1, 4); cfg = $2; alone = index($3, "no-model") > 0; load = $5; next }
  /^profile, / { mode = $0; sub(/^profile, /, "", mode); sub(/:.*/, "", mode)
    if (alone) mode = "alone"
    match($0, /\), [0-9.]+ ns a cycle, CPU [0-9.]+/); split(substr($0, RSTART + 3, RLENGTH - 3), w, " ")
    printf "%s|%s|%s|%s|%s|%s", b, cfg, mode, load, w[1], w[6]; k = 0; next }
  /^  [a-zA-Z]/ { sub(/^  /, ""); n = split($0, f, " "); printf "|%s", f[n - 3]; if (++k == 9) printf "\n" }
' "$tmp/out" > "$tmp/rows.psv"

echo "Sums of the timed phases, ns a cycle (one thread: stimulus to hand-off; the judging part: model, compare, checker, coverage):"
echo
echo "| block | configuration | one thread | its judging part | alone | alone / one | two: RTL side | two: model side | alone / RTL side | CPU: alone / one |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
awk -F'|' '
  { k = $1 "|" $2; if (!(k in seen)) { seen[k] = 1; ord[++nk] = k }
    t = 0; for (i = 7; i <= 13; i++) t += $i; tim[k, $3] = t; cpu[k, $3] = $6
    jud[k, $3] = $9 + $10 + $11 + $12 }
  END { for (i = 1; i <= nk; i++) { k = ord[i]; split(k, p, "|"); o = "one thread"
    r = "two threads, the RTL side"; j = "two threads, the model side"
    printf "| %s | %s | %.0f | %.0f (%.0f %%) | %.0f | %.2f | %.0f | %.0f | %.2f | %.2f |\n", p[1], p[2],
      tim[k, o], jud[k, o], 100 * jud[k, o] / tim[k, o], tim[k, "alone"], tim[k, "alone"] / tim[k, o],
      tim[k, r], tim[k, j], (tim[k, r] > 0 ? tim[k, "alone"] / tim[k, r] : 0),
      (cpu[k, o] > 0 ? cpu[k, "alone"] / cpu[k, o] : 0) } }' "$tmp/rows.psv"
echo
echo "Every phase, ns a cycle (wall and CPU: the run's; rest: wall less the timed phases):"
echo
echo "| block | configuration | run | load | wall | CPU | stimulus | RTL | model | compare | checker | coverage | hand-off | wait | rest |"
echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
awk -F'|' '{ printf "| %s | %s | %s | %s", $1, $2, $3, $4; for (i = 5; i <= 15; i++) printf " | %.0f", $i; printf " |\n" }' "$tmp/rows.psv"
