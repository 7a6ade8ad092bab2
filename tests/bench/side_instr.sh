#!/usr/bin/env bash
# The two-thread co-simulation's RTL side against Verilator alone, in
# instructions a cycle (valgrind's callgrind, threads counted apart; a long
# run less a short one, so that the start-up cancels), on every row of make
# bench, for this binary and an older one: what the RTL side does beyond
# Verilator alone bounds the co-sim / alone ratio of two threads from below.
# The RTL side's spin waits for the judging side (valgrind runs one thread
# at a time) are taken off: the lines of can_make and of the spin loop in
# irhw_handoff_wait, read from each binary's own tree (OLD/bin/irhw: OLD's
# tb/, e.g. a `git worktree add OLD COMMIT`). Prints a Markdown table. OLD
# reads the models from the same cache (IRHW_CACHE), as in
# tests/bench/alone_instr.sh.
#   tests/bench/side_instr.sh bin/irhw OLD/bin/irhw [BLOCK...]
set -u
. "$(dirname "$0")/../lib.sh" # bench_rows
[ $# -ge 2 ] || { echo "usage: side_instr.sh NEW_IRHW OLD_IRHW [BLOCK...]" >&2; exit 2; }
new=$(realpath "$1") old=$(realpath "$2"); shift 2
command -v valgrind > /dev/null || { echo "side_instr: valgrind is not installed" >&2; exit 3; }
only=" $* "
export IRHW_CACHE=${IRHW_CACHE:-$(dirname "$(dirname "$new")")/build/cache}
tmp=$(mktemp -d /tmp/irhw-side.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
total() { callgrind_annotate "$1" 2> /dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }

# side BIN N ARGS...: "RTL-side judging-side" instructions of a two-thread run
side() {
  local bin=$1 n=$2; shift 2
  rm -f "$tmp"/cg*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/cg" "$bin" cosim "$@" \
    --cycles "$n" --threads 2 --quiet > /dev/null 2> "$tmp/vg" ||
    { echo "side_instr: $bin cosim $* --threads 2 failed: $(tail -1 "$tmp/vg")" >&2; return 3; }
  local spin
  spin=$(cd "$(dirname "$(dirname "$bin")")" && callgrind_annotate "$tmp/cg-01" tb/cosim.c tb/handoff.h 2> /dev/null |
    grep -E '^ *[0-9,]+ .*(return cyc - atomic_load\(&r->ho\.used\)|i < spins; i\+\+|__builtin_ia32_pause|if \(ready\(arg, k\)\))' |
    awk '{ gsub(",", "", $1); s += $1 } END { print s + 0 }')
  echo "$(($(total "$tmp/cg-01") - spin)) $(total "$tmp/cg-02")"
}

# alone BIN N ARGS...: the instructions of a Verilator-alone run
alone() {
  local bin=$1 n=$2; shift 2
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cga" "$bin" cosim "$@" --cycles "$n" --no-model \
    --quiet > /dev/null 2> "$tmp/vg" ||
    { echo "side_instr: $bin cosim $* --no-model failed: $(tail -1 "$tmp/vg")" >&2; return 3; }
  total "$tmp/cga"
}

echo "| block | configuration | cycles | alone | RTL side, new | judging side, new | RTL side / alone, new | RTL side, old | RTL side / alone, old |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
bench_rows | while IFS='|' read -r b p; do
  [ "$only" != "  " ] && [[ "$only" != *" $b "* ]] && continue
  # about 50 ms of Verilator alone natively (at least 2,000 cycles)
  r=$("$new" cosim $b $p --cycles 20000 --no-model --quiet 2> /dev/null | sed -n 's/.* \([0-9][0-9]*\) cycles\/s.*/\1/p')
  n=$(awk -v r="${r:-0}" 'BEGIN { n = int(r / 20); print (n > 2000 ? n : 2000) }')
  lo=$(alone "$new" $((n / 5)) $b $p) && hi=$(alone "$new" "$n" $b $p) || exit 3
  row="| $b | ${p:-(defaults)} | $n | $(awk -v h="$hi" -v l="$lo" -v n="$n" 'BEGIN { printf "%.0f", (h - l) / (n - n / 5) }') |"
  for bin in "$new" "$old"; do
    slo=$(side "$bin" $((n / 5)) $b $p) && shi=$(side "$bin" "$n" $b $p) || exit 3
    row="$row $(echo "$shi $slo" | awk -v n="$n" '{ printf "%.0f |", ($1 - $3) / (n - n / 5) }')"
    [ "$bin" = "$new" ] && row="$row $(echo "$shi $slo" | awk -v n="$n" '{ printf "%.0f |", ($2 - $4) / (n - n / 5) }')"
    row="$row RATIO |"
  done
  echo "$row" | awk -F'|' '{ n = split($0, c, "|"); a = c[5] + 0
    sub(/RATIO/, a > 0 ? sprintf("%.3f", c[6] / a) : "-"); sub(/RATIO/, a > 0 ? sprintf("%.3f", c[9] / a) : "-"); print }'
done
