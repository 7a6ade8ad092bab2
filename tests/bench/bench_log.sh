#!/usr/bin/env bash
# The last step of `make bench`: appends the run (out/bench.md from
# tests/bench/bench.sh, and out/bench_workload.md from tests/bench/bench_workload.sh when
# that is newer) to the measurement log docs/bench-log.md, dated and with the
# commit, and replaces the table of docs/speed.md between the lines
# "<!-- bench table: begin -->" and "<!-- bench table: end -->" with the
# same run, undated (the log has the date); a `make bench BENCH=cosim` run
# (the ratios only) replaces the table between "<!-- cosim ratio table:
# begin -->" and "<!-- cosim ratio table: end -->" instead.
#   bash tests/bench/bench_log.sh [BENCH.md] [LOG.md] [SPEED.md]
# BENCH_WORKLOAD_MD names the workload lines (default out/bench_workload.md);
# BENCH_COMMIT the commit the log names (default: HEAD, and whether the
# work tree has uncommitted changes).
# Exit 2 when an input is missing or malformed; nothing is written then.
set -eu
md=${1:-out/bench.md}
log=${2:-docs/bench-log.md}
speed=${3:-docs/speed.md}
wl=${BENCH_WORKLOAD_MD:-out/bench_workload.md}
die() { echo "bench_log: $*" >&2; exit 2; }
[ -s "$md" ] || die "$md missing or empty (run make bench)"
[ -f "$log" ] || die "$log missing"
[ -f "$speed" ] || die "$speed missing"
# tests/bench/bench.sh's first line:
# <!-- make bench[ BENCH=cosim] (tests/bench/bench.sh), YYYY-MM-DD HH:MM UTC, 2 cores, load average at the start: L1 L5 L15 -->
head=$(head -1 "$md")
table="bench table" run_name="make bench"
case "$head" in "<!-- make bench BENCH=cosim "*) table="cosim ratio table" run_name="make bench BENCH=cosim" ;; esac
grep -q "^<!-- $table: begin -->\$" "$speed" && grep -q "^<!-- $table: end -->\$" "$speed" ||
  die "no $table markers in $speed"
when=$(echo "$head" | sed -n 's/^<!-- make bench\( BENCH=cosim\)\{0,1\} (tests\/\(bench\/\)\{0,1\}bench.sh), \([0-9-]* [0-9:]* UTC\), .*/\3/p')
machine=$(echo "$head" | sed -n 's/^<!-- make bench\( BENCH=cosim\)\{0,1\} (tests\/\(bench\/\)\{0,1\}bench.sh), [0-9-]* [0-9:]* UTC, \(.*\) -->$/\3/p')
[ -n "$when" ] && [ -n "$machine" ] || die "$md: the first line is not tests/bench/bench.sh's header: $head"
commit=${BENCH_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
[ -z "${BENCH_COMMIT:-}" ] && [ "$commit" != unknown ] && [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] &&
  commit="$commit, with uncommitted changes"
workload=""
[ -s "$wl" ] && [ "$wl" -nt "$md" ] && workload=$wl
body() { # the run: the table and its footer, then the workload lines
  tail -n +2 "$md" | sed '/./,$!d'
  if [ -n "$workload" ]; then
    printf '\n`tests/bench/bench_workload.sh`:\n\n```\n'; cat "$workload"; printf '```\n'
  fi
}
tmpl=$(mktemp) tmps=$(mktemp)
trap 'rm -f "$tmpl" "$tmps" "$tmps.run"' EXIT
title="$when, \`$commit\`"; [ "$table" = "bench table" ] || title="$title, $run_name"
{ cat "$log"; printf '\n## %s\n\n%s.\n\n' "$title" "$machine"; body; } > "$tmpl"
body > "$tmps.run"
awk -v run="$tmps.run" -v machine="$machine" -v begin="<!-- $table: begin -->" -v end="<!-- $table: end -->" -v name="$run_name" '
  $0 == begin { print
    print ""
    print "The latest `" name "` run (" machine "; its date and commit head the"
    print "last entry of [bench-log.md](bench-log.md)):"
    print ""
    while ((getline l < run) > 0) print l
    print ""
    skip = 1; next }
  $0 == end { skip = 0 }
  !skip' "$speed" > "$tmps"
cat "$tmpl" > "$log"
cat "$tmps" > "$speed"
echo "bench_log: the run of $when appended to $log; the $table of $speed replaced"
