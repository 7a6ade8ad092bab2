#!/usr/bin/env bash
# make bench: co-simulation speed of every block, measured side by side in one
# run, at its defaults and at one large configuration. Per row:
#   co-sim c/s       lockstep co-simulation (model + RTL, every output compared,
#                    checker and coverage on), `irhw cosim B --quiet`: the
#                    default threads (one or two, as the run's trial and checks
#                    choose: tb/cosim.c)
#   1 thread c/s     the same with --threads 1 (both in one thread)
#   Verilator alone  the same RTL and stimulus without the model (--no-model)
#   ratio            co-sim / Verilator alone (target >= 0.9, BENCH_RATIO): co-sim
#                    and Verilator alone run three times each, alternating; the
#                    median of the three side-by-side ratios, in brackets the
#                    lowest and highest of them. A row under the target
#                    is listed at the end, and the script exits 1 (after
#                    writing the table)
#   checks on / off  co-sim against co-sim with --no-assert (the RTL built
#                    without its IRHW_ASSERT checks): the ratio of the medians
#                    of three runs each, alternating with the others (the
#                    checks' budget: at least 0.87, i.e. at most 15 % slower)
#   waves c/s        co-sim recording every cycle to FST (--wave F.fst): the median
#                    of three runs, alternating with the co-sim and alone runs
#   Icarus c/s       the same stimulus under Icarus (cosim --xcheck: recorded
#                    vectors replayed by a generated testbench that also checks
#                    every output; its vector load, a one-cycle run, taken off)
#   cold / cached s  parameters -> first simulated cycle with the Verilated model
#                    not in the cache (a private IRHW_CACHE that holds only the
#                    Verilator runtime; ccache off: a configuration never built
#                    before), three times, each in a cache of its own: the
#                    median, in brackets the lowest and highest (the first of
#                    the three usually the highest: this VM pages out the
#                    compilers and headers after a minute unused); then once
#                    with the model cached
#   SystemC c/s      the same lockstep run inside SystemC (cosim --systemc),
#                    wl_bank rows only
# Cycle counts: a short calibration run per row, then BENCH_SECONDS (3) of
# co-simulation; Verilator alone runs the same count, waves an eighth, Icarus
# a sixtieth (at least 2,000). Rates are wall-clock, over the lockstep loop
# only (`cycles/s` of irhw cosim). The table goes to the terminal and, as
# Markdown, to out/bench.md (BENCH_MD overrides; tests/bench/bench_log.sh appends
# it to docs/bench-log.md and puts it in docs/speed.md). BENCH_ONLY="wru icrn" limits the rows to those blocks;
# BENCH_WAVES=0 skips the waves column (irhw's own default-depth trace on
# the row's untraced model: no build of its own). BENCH=cosim (`make bench
# BENCH=cosim`) measures the co-sim / alone ratio only, over more and
# shorter pairs than the full table: BENCH_PAIRS (7) side-by-side pairs of
# BENCH_SECONDS (1.5) of co-simulation each, which of the two runs first
# alternating from pair to pair (a drift in this VM's speed, often 20-30 %
# within seconds, then favours neither); the ratio is the median of the
# pairs' ratios. No other column (a few minutes instead of about 15); beside
# it the ratio in CPU time of one thread: three runs of co-sim with
# --threads 1 against the alone runs, each as cycles per CPU
# second (user + system, less that of a 10-cycle run: start-up and cache
# look-up), which other jobs on a shared machine move much less than
# wall-clock rates; BENCH_CLOCK=cpu checks that ratio instead.
set -u
. "$(dirname "$0")/../lib.sh" # runtime_only
irhw=$(realpath "$1")
tmp=$(mktemp -d /tmp/irhw-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
SECONDS_PER=${BENCH_SECONDS:-3}
PAIRS=${BENCH_PAIRS:-7}
case "$PAIRS" in '' | *[!0-9]* | 0) echo "bench: BENCH_PAIRS=$PAIRS: expected 1 or more" >&2; exit 2 ;; esac
TARGET=${BENCH_RATIO:-0.9}
part=${BENCH:-all}
case "$part" in all|cosim) ;; *) echo "bench: BENCH=$part: expected all or cosim" >&2; exit 2 ;; esac
[ "$part" = cosim ] && SECONDS_PER=${BENCH_SECONDS:-1.5}
low=() # rows whose co-sim / alone ratio is under TARGET
clock=${BENCH_CLOCK:-wall}
case "$clock" in wall|cpu) ;; *) echo "bench: BENCH_CLOCK=$clock: expected wall or cpu" >&2; exit 2 ;; esac
[ "$part" = all ] && clock=wall # the full table has wall-clock rates only
md=${BENCH_MD:-out/bench.md}
mkdir -p "$(dirname "$md")"

rows=(
  "wl_bank|"
  "wl_bank|-p ENTRIES=1000 -p ID_BITS=64 -p STORAGE=sram"
  "fifo|"
  "fifo|-p WIDTH=64 -p DEPTH=64"
  "swt|"
  "swt|-p ENTRIES=64 -p WARPS=64 -p PC_BITS=64 -p LANES=64"
  "icrn|"
  "icrn|-p CORES=64 -p RADIX=4 -p ID_BITS=64 -p BUF_DEPTH=4"
  "wru|"
  "wru|-p LANES=32 -p COUNT_BITS=8 -p THRESHOLD=20"
  "iru_hash|"
  "iru_hash|-p SETS=1024 -p BANKS=4"
  "hwwl_core|"
  "hwwl_core|-p STORAGE=sram -p REFILL=interval"
  "hwwl|"
)

rate() { sed -n 's/.* \([0-9][0-9]*\) cycles\/s.*/\1/p' | head -1; }
# cpu_run ARGS...: irhw cosim ARGS --quiet; its output in $tmp/run.out, and
# prints its CPU seconds (user + system)
cpu_run() {
  local TIMEFORMAT='%3U %3S'
  { time "$irhw" cosim "$@" --quiet > "$tmp/run.out" 2> /dev/null; } 2> "$tmp/time"
  awk '{ print $1 + $2 }' "$tmp/time"
}
# cpu_rates N BASE "S1 S2 S3": cycles per CPU second of each run, its start-up (BASE) taken off
cpu_rates() { awk -v n="$1" -v b="$2" -v s="$3" 'BEGIN { k = split(s, t, " ")
  for (i = 1; i <= k; i++) printf "%d ", (t[i] - b > 0 ? n / (t[i] - b) : 0) }'; }
start() { sed -n 's/.*started in \([0-9.]*\) s.*/\1/p' | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
num() { echo "${1:-n/a}"; }
# "median (lowest-highest)" of decimal times, the runs that gave none left out
time_median() { printf '%s\n' "$@" | grep -E '^[0-9]+(\.[0-9]+)?$' | sort -n |
  awk '{ v[NR] = $1 } END { if (NR) printf "%s (%s-%s)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
median() { printf '%s\n' "$@" | grep -x '[1-9][0-9]*' | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
pair_median() { # "co1 co2 ..." "va1 va2 ..." (0: the run gave no rate): the median of co_k / va_k
  awk -v c="$1" -v v="$2" 'BEGIN { n = split(c, a, " "); split(v, b, " ")
    for (k = 1; k <= n; k++) if (a[k] > 0 && b[k] > 0) r[++m] = a[k] / b[k]
    if (!m) { print "n/a"; exit }
    for (i = 2; i <= m; i++) for (j = i; j > 1 && r[j] < r[j - 1]; j--) { t = r[j]; r[j] = r[j - 1]; r[j - 1] = t }
    printf "%.2f", m % 2 ? r[(m + 1) / 2] : (r[m / 2] + r[m / 2 + 1]) / 2 }'; }
pair_range() { # "co1 co2 co3" "va1 va2 va3" (0: the run gave no rate): min-max of co_k / va_k
  awk -v c="$1" -v v="$2" 'BEGIN { n = split(c, a, " "); split(v, b, " ")
    for (k = 1; k <= n; k++) if (a[k] > 0 && b[k] > 0) { r = a[k] / b[k]; if (!m++ || r < lo) lo = r; if (r > hi) hi = r }
    if (m) printf "%.2f-%.2f", lo, hi }'; }

# Icarus: the same stimulus replayed by cosim --xcheck (tb/xcheck.c); it
# reports Icarus's cycles/s with the vector load taken off.
icarus_rate() { # blk cycles params...
  local blk=$1 n=$2; shift 2
  "$irhw" cosim "$blk" "$@" --cycles "$n" --quiet --xcheck 2>/dev/null |
    sed -n 's/^XCHECK PASS .*; \([0-9][0-9]*\) cycles\/s.*/\1/p'
}

# The private cache of the cold starts: the Verilator runtime only
# (BENCH=cosim measures no cold start: the project's cache).
if [ "$part" = all ]; then
  export IRHW_CACHE="$tmp/cache"
  "$irhw" cosim wl_bank -p ENTRIES=7 -p THRESHOLD=1 --cycles 10 --quiet > /dev/null 2>&1
fi

t0=$(date +%s)
{
  what="make bench"; [ "$part" = cosim ] && what="make bench BENCH=cosim"
  echo "<!-- $what (tests/bench/bench.sh), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) -->"
  echo
  if [ "$part" = cosim ]; then
    echo "| block | configuration | cycles | co-sim c/s | Verilator alone c/s | co-sim / alone | CPU, 1 thread: co-sim / alone |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
  else
    echo "| block | configuration | cycles | co-sim c/s | 1 thread c/s | Verilator alone c/s | co-sim / alone | checks on / off | waves (FST) c/s | Icarus c/s | cold start s | cached start s | SystemC c/s |"
    echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  fi
} > "$md"
cat "$md"
# shellcheck disable=SC2086 # cfg is a list of options
for row in "${rows[@]}"; do
  blk=${row%%|*}; cfg=${row#*|}
  if [ -n "${BENCH_ONLY:-}" ] && ! echo " $BENCH_ONLY " | grep -q " $blk "; then continue; fi
  # three cold starts: the first in the row's cache (the runs below use its
  # model), the others in caches sharing only its Verilator runtime
  colds=()
  [ "$part" = cosim ] && "$irhw" cosim "$blk" $cfg --cycles 10 --quiet > /dev/null 2>&1 # the build
  for k in 1 2 3; do
    [ "$part" = cosim ] && break
    c=$IRHW_CACHE
    if [ "$k" -gt 1 ]; then
      c=$tmp/cold$k; rm -rf "$c"; runtime_only "$c" "$IRHW_CACHE"
    fi
    colds+=("$(CCACHE_DISABLE=1 IRHW_CACHE=$c "$irhw" cosim "$blk" $cfg --cycles 10 --quiet 2>/dev/null | start)")
  done
  rm -rf "$tmp"/cold[23]
  cold=$(time_median "${colds[@]}")
  cached=""
  [ "$part" = cosim ] || cached=$("$irhw" cosim "$blk" $cfg --cycles 10 --quiet 2>/dev/null | start)
  # calibration: 20,000 cycles, then half a second's worth (short runs look faster)
  cal=$("$irhw" cosim "$blk" $cfg --cycles 20000 --quiet 2>/dev/null | rate)
  nc=$(awk -v r="${cal:-0}" 'BEGIN { n = int(r / 2); print (n > 20000 ? n : 20000) }')
  cal=$("$irhw" cosim "$blk" $cfg --cycles "$nc" --quiet 2>/dev/null | rate)
  n=$(awk -v r="${cal:-0}" -v s="$SECONDS_PER" 'BEGIN { n = r * s; if (n < 20000) n = 20000;
        p = 10 ^ int(log(n) / log(10)); printf "%d", int(n / p * 2 + 0.5) * p / 2 }')
  # co-sim, Verilator alone and waves three times, alternating: the
  # medians, and the range of the three side-by-side ratios
  cos=(); vas=(); nas=(); wvs=(); nw=$((n / 8))
  ccs=""; cvs=""
  if [ "$part" = cosim ]; then
    # PAIRS side-by-side pairs, alternating which runs first (co-sim, alone;
    # alone, co-sim; ...): a drift in the machine's speed favours neither
    for k in $(seq "$PAIRS"); do
      for run in $([ $((k % 2)) = 1 ] && echo co alone || echo alone co); do
        if [ "$run" = co ]; then
          r=$("$irhw" cosim "$blk" $cfg --cycles "$n" --quiet 2>/dev/null | rate); cos+=("${r:-0}")
        else
          cvs+="$(cpu_run "$blk" $cfg --cycles "$n" --no-model) "; r=$(rate < "$tmp/run.out"); vas+=("${r:-0}")
        fi
      done
    done
    for _ in 1 2 3; do ccs+="$(cpu_run "$blk" $cfg --cycles "$n" --threads 1) "; done
  else
    for _ in 1 2 3; do
      r=$("$irhw" cosim "$blk" $cfg --cycles "$n" --quiet 2>/dev/null | rate); cos+=("${r:-0}")
      r=$("$irhw" cosim "$blk" $cfg --cycles "$n" --no-model --quiet 2>/dev/null | rate); vas+=("${r:-0}")
      r=$("$irhw" cosim "$blk" $cfg --cycles "$n" --no-assert --quiet 2>/dev/null | rate); nas+=("${r:-0}")
      [ "${BENCH_WAVES:-1}" = 0 ] && continue
      r=$("$irhw" cosim "$blk" $cfg --cycles "$nw" --quiet --wave "$tmp/w.fst" 2>/dev/null | rate)
      wvs+=("${r:-0}")
      rm -f "$tmp"/w.fst "$tmp"/w.gtkw
    done
  fi
  co=$(median "${cos[@]}"); va=$(median "${vas[@]}")
  spread=$(pair_range "${cos[*]}" "${vas[*]}")
  rt=$(pair_median "${cos[*]}" "${vas[*]}") crt="" checked=$rt
  if [ "$part" = cosim ]; then
    cb=$(cpu_run "$blk" $cfg --cycles 10 --threads 1); vb=$(cpu_run "$blk" $cfg --cycles 10 --no-model)
    read -r -a ccr <<< "$(cpu_rates "$n" "$cb" "$ccs")"; read -r -a cvr <<< "$(cpu_rates "$n" "$vb" "$cvs")"
    cco=$(median "${ccr[@]}"); cva=$(median "${cvr[@]}")
    crt=$(ratio "$cco" "$cva"); cspread=$(pair_range "${ccr[*]}" "${cvr[*]}")
    [ "$clock" = cpu ] && checked=$crt
  fi
  awk -v r="$checked" -v t="$TARGET" 'BEGIN { exit !(r == "n/a" || r + 0 < t + 0) }' &&
    low+=("$blk ${cfg:-(defaults)}: $checked")
  if [ "$part" = cosim ]; then
    echo "| $blk | ${cfg:-(defaults)} | $(num "$n") | $(num "$co") | $(num "$va") | $rt${spread:+ ($spread)} | $crt${cspread:+ ($cspread)} |" | tee -a "$md"
    continue
  fi
  na=$(median "${nas[@]}")
  wv=""
  [ "${BENCH_WAVES:-1}" = 0 ] || wv=$(median "${wvs[@]}")
  c1=$("$irhw" cosim "$blk" $cfg --cycles "$n" --threads 1 --quiet 2>/dev/null | rate)
  ni=$((n / 60)); [ "$ni" -lt 2000 ] && ni=2000
  iv=$(icarus_rate "$blk" "$ni" $cfg)
  [ "$iv" = 0 ] && iv="" # the run was not longer than its vector load: no rate
  sc=""
  if [ "$blk" = wl_bank ]; then
    # the project's own cache (SystemC builds are slow; the cold start is measured above)
    sc=$(env -u IRHW_CACHE "$irhw" cosim "$blk" $cfg --cycles "$((n / 4))" --systemc --quiet 2>/dev/null | rate)
  fi
  line="| $blk | ${cfg:-(defaults)} | $(num "$n") | $(num "$co") | $(num "$c1") | $(num "$va") | $rt${spread:+ ($spread)} | $(ratio "$co" "$na") | $(num "$wv") | $(num "$iv") | ${cold:-n/a} | ${cached:-n/a} | $([ "$blk" = wl_bank ] && num "$sc" || echo -) |"
  echo "$line" | tee -a "$md"
done
if [ "$part" = cosim ]; then
  {
    echo
    echo "Cycles: co-sim and Verilator alone in $PAIRS side-by-side pairs, which runs first alternating (medians of the rates; the ratio: the median of the pairs' ratios, and their range); wall-clock rates of the lockstep loop; CPU: co-sim in one thread (three runs) against the alone runs, in cycles per CPU second (user + system, a 10-cycle run's taken off). The check reads the $clock-clock ratio. \`make bench BENCH=cosim\` took $(( $(date +%s) - t0 )) s."
  } | tee -a "$md"
else
{
  echo
  echo "Cycles: co-sim (two threads and one), Verilator alone and co-sim without the RTL's checks (co-sim, alone, checks off and waves three times each, alternating: medians, and the median and range of the three co-sim / alone ratios); waves over an eighth of them, Icarus over a sixtieth (at least 2,000), SystemC a quarter. Cold start: three builds of a configuration not built before (ccache off), the median and the range. Wall-clock rates of the lockstep loop; \`make bench\` took $(( $(date +%s) - t0 )) s."
} | tee -a "$md"
fi
if [ ${#low[@]} -gt 0 ]; then
  { echo; echo "Ratio check ($clock clock): ${#low[@]} row(s) under $TARGET: $(printf '%s; ' "${low[@]}" | sed 's/; $//')."; } | tee -a "$md"
else
  { echo; echo "Ratio check ($clock clock): every row at $TARGET or more."; } | tee -a "$md"
fi
echo "(written to $md)"
[ ${#low[@]} -eq 0 ]
