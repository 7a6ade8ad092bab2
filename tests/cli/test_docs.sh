#!/usr/bin/env bash
# The documentation: README.md is a front page (at most 250 lines); every
# relative link in README.md, docs/*.md and tests/README.md names a file that
# exists and an anchor a heading of it (tests/cli/docs_links.py); no line of
# them but docs/bench-log.md carries a date (history goes to the log); every
# tests/... path that the pages, the Makefile, the scripts and the sources
# name exists (tests/cli/docs_paths.py), and the top of tests/ holds only
# the driver and the folders by kind (tests/README.md); the table of
# docs/speed.md is the last run of the log; tests/bench/bench_log.sh, on
# canned runs, appends each to a copy of the log and replaces the table of a
# copy of docs/speed.md, and refuses a malformed run without writing anything.
# Prints "docs: N passed, N failed, N skipped".
set -u
. "$(dirname "$0")/../lib.sh"
cd "$root"
scratch docs
pages=(README.md docs/*.md tests/README.md)

n=$(wc -l < README.md)
[ "$n" -le 250 ] && ok "README.md: $n lines (at most 250)" || bad "README.md: $n lines, more than 250"

out=$(python3 tests/cli/docs_links.py "${pages[@]}" 2>&1) && ok "links of ${#pages[@]} pages resolve" ||
  bad "broken links: $out"
# the checker itself: a missing file and a missing anchor are reported, code is not read
mkdir "$tmp/lk"; cp docs/speed.md "$tmp/lk/"
printf '[a](nope.md) [b](speed.md#no-such) [c](speed.md#the-latest-run) `[d](x.md)`\n' > "$tmp/lk/t.md"
out=$(python3 tests/cli/docs_links.py "$tmp/lk/t.md"); rc=$?
[ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 2 ] && echo "$out" | grep -q 'nope.md -> no such file' &&
  echo "$out" | grep -q 'no heading #no-such' && ok "the link checker reports a missing file and anchor" ||
  bad "the link checker missed a broken link (rc=$rc): $out"

# docs/blocks.md's source tour names every source file, and the checker
# itself catches a file it does not name
out=$(python3 tests/cli/tour_files.py "$root" 2>&1) && ok "the source tour names every file of model gen tb sim area" ||
  bad "files the source tour (docs/blocks.md) does not name: $(echo $out)"
mkdir -p "$tmp/tr/docs" && for d in model gen tb sim area; do mkdir -p "$tmp/tr/$d"; done
cp docs/blocks.md "$tmp/tr/docs/" && touch "$tmp/tr/sim/unnamed_new.c"
out=$(python3 tests/cli/tour_files.py "$tmp/tr" 2>&1)
[ $? = 1 ] && [ "$out" = sim/unnamed_new.c ] && ok "the tour checker reports a file the tour does not name" ||
  bad "the tour checker missed sim/unnamed_new.c: $out"

# the paths under tests/ that text names, and the checker itself on a stale one
named=(Makefile .ci/run "${pages[@]}" tests/*.sh tests/*/*.sh tests/*/*.list tests/*/*.py $(git ls-files '*.c' '*.h' '*.v'))
out=$(python3 tests/cli/docs_paths.py "${named[@]}" 2>&1) && ok "every tests/ path of ${#named[@]} files exists" ||
  bad "stale tests/ paths: $out"
old=test_cli.sh # where it was before tests/cli/ (not written whole: this file is checked too)
printf 'run tests/%s, then tests/cli/test_cli.sh, tests/cosim/cosim_<b>.list and build/tests/test_fifo\n' "$old" > "$tmp/paths.md"
out=$(python3 tests/cli/docs_paths.py "$tmp/paths.md"); rc=$?
[ $rc = 1 ] && [ "$out" = "$tmp/paths.md:1: tests/$old -> no such file" ] &&
  ok "the path checker reports a stale path, not a pattern or a build path" || bad "the path checker (rc=$rc): $out"
# the top of tests/: the driver, this guide, data and the folders by kind
driver="README.md bench cli cosim data fuzz lib.sh parallel.sh run_unit.sh summary.sh unit"
top=$(git ls-files tests | cut -d/ -f2 | LC_ALL=C sort -u | tr '\n' ' ')
[ "$top" = "$driver " ] && ok "tests/ holds only the driver and unit/ cosim/ cli/ bench/ fuzz/ data/" ||
  bad "tests/ holds files outside its folders (see tests/README.md, where a file goes): $top"

date_re='\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b'
dated=$(grep -nE "$date_re" "${pages[@]}" | grep -v '^docs/bench-log.md:')
[ -z "$dated" ] && ok "no date outside docs/bench-log.md" || bad "dated lines outside the log: $dated"
grep -qE "$date_re" docs/bench-log.md && ok "docs/bench-log.md holds dates" || bad "docs/bench-log.md has no date"

# the table of docs/speed.md = the table rows of the log's last entry
rows() { grep '^| ' | grep -v '^| ---'; }
speed_rows=$(sed -n '/^<!-- bench table: begin -->$/,/^<!-- bench table: end -->$/p' docs/speed.md | rows)
last_entry() { # full | cosim: the log's last `make bench` run, or its last BENCH=cosim one
  awk -v want="$1" '/^## /{k = ($0 ~ /BENCH=cosim/) ? "cosim" : "full"; e[k] = ""} k != "" {e[k] = e[k] $0 "\n"}
    END {printf "%s", e[want]}' docs/bench-log.md | rows
}
log_rows=$(last_entry full)
[ -n "$speed_rows" ] && [ "$speed_rows" = "$log_rows" ] && ok "docs/speed.md's table is the log's last run" ||
  bad "docs/speed.md's table differs from the log's last run"
cos_rows=$(sed -n '/^<!-- cosim ratio table: begin -->$/,/^<!-- cosim ratio table: end -->$/p' docs/speed.md | rows)
[ "$cos_rows" = "$(last_entry cosim)" ] && ok "docs/speed.md's ratio table is the log's last BENCH=cosim run" ||
  bad "docs/speed.md's ratio table differs from the log's last BENCH=cosim run"

# tests/bench/bench_log.sh on canned runs, into copies
cp docs/bench-log.md "$tmp/log.md"; cp docs/speed.md "$tmp/speed.md"
canned() { # FILE DATE ROW
  printf '<!-- make bench (tests/bench/bench.sh), %s UTC, 2 cores, load average at the start: 0.5 0.4 0.3 -->\n\n' "$2" > "$1"
  printf '| block | configuration | cycles |\n| --- | --- | ---: |\n| %s |\n\nCycles: a footer.\n' "$3" >> "$1"
}
outside() { sed '/^<!-- bench table: begin -->$/,/^<!-- bench table: end -->$/d' "$1"; }
canned "$tmp/b1.md" "2030-01-02 03:04" "wl_bank | (defaults) | 111"
echo "C model alone, wing.graph: 0.99 s wall" > "$tmp/w1.md"; touch -d '+1 second' "$tmp/w1.md"
size=$(wc -c < "$tmp/log.md")
BENCH_COMMIT=abc1234 BENCH_WORKLOAD_MD=$tmp/w1.md bash tests/bench/bench_log.sh "$tmp/b1.md" "$tmp/log.md" "$tmp/speed.md" > /dev/null 2>&1
rc=$?
[ $rc = 0 ] && cmp -s <(head -c "$size" "$tmp/log.md") docs/bench-log.md &&
  grep -qx '## 2030-01-02 03:04 UTC, `abc1234`' "$tmp/log.md" && grep -qF '| wl_bank | (defaults) | 111 |' "$tmp/log.md" &&
  grep -qF 'C model alone, wing.graph: 0.99 s wall' "$tmp/log.md" &&
  ok "bench_log: the run appended to the log, the log before it unchanged" || bad "bench_log: append (rc=$rc)"
region() { sed -n '/^<!-- bench table: begin -->$/,/^<!-- bench table: end -->$/p' "$1"; }
[ $rc = 0 ] && region "$tmp/speed.md" | grep -qF '| wl_bank | (defaults) | 111 |' &&
  region "$tmp/speed.md" | grep -qF 'wing.graph: 0.99 s' && ! grep -qE "$date_re" "$tmp/speed.md" &&
  cmp -s <(outside "$tmp/speed.md") <(outside docs/speed.md) &&
  ok "bench_log: the speed table replaced, undated, the page around it unchanged" || bad "bench_log: speed table"
# a second run: appended after the first; the table holds only the second (no
# workload lines: the file is older than the run)
canned "$tmp/b2.md" "2030-01-03 04:05" "fifo | (defaults) | 222"
touch -d '-1 minute' "$tmp/w1.md"
BENCH_COMMIT=def5678 BENCH_WORKLOAD_MD=$tmp/w1.md bash tests/bench/bench_log.sh "$tmp/b2.md" "$tmp/log.md" "$tmp/speed.md" > /dev/null 2>&1
[ $? = 0 ] && [ "$(grep -c '^## 2030-01-0' "$tmp/log.md")" = 2 ] &&
  [ "$(grep -nF '| 111 |' "$tmp/log.md" | cut -d: -f1)" -lt "$(grep -nF '| 222 |' "$tmp/log.md" | cut -d: -f1)" ] &&
  region "$tmp/speed.md" | grep -qF '| fifo | (defaults) | 222 |' && ! region "$tmp/speed.md" | grep -qF '111 |' &&
  [ "$(grep -c 'wing.graph: 0.99' "$tmp/log.md")" = 1 ] &&
  ok "bench_log: a second run appended after the first, the table holds only it" || bad "bench_log: second run"
# a BENCH=cosim run: appended to the log, its own table replaced, the full one kept
sed '1s/make bench (/make bench BENCH=cosim (/' "$tmp/b1.md" | sed 's/111/333/' > "$tmp/b3.md"
cp "$tmp/speed.md" "$tmp/speed.full"
BENCH_COMMIT=fed9876 bash tests/bench/bench_log.sh "$tmp/b3.md" "$tmp/log.md" "$tmp/speed.md" > /dev/null 2>&1
rc=$?
cregion() { sed -n '/^<!-- cosim ratio table: begin -->$/,/^<!-- cosim ratio table: end -->$/p' "$1"; }
[ $rc = 0 ] && grep -qx '## 2030-01-02 03:04 UTC, `fed9876`, make bench BENCH=cosim' "$tmp/log.md" &&
  cregion "$tmp/speed.md" | grep -qF '| wl_bank | (defaults) | 333 |' && cmp -s <(region "$tmp/speed.md") <(region "$tmp/speed.full") &&
  ok "bench_log: a BENCH=cosim run appended, its ratio table replaced, the full table kept" || bad "bench_log: BENCH=cosim run"
# malformed: no header line; no markers. Exit 2, nothing written
cp "$tmp/log.md" "$tmp/log.before"; cp "$tmp/speed.md" "$tmp/speed.before"
tail -n +2 "$tmp/b2.md" > "$tmp/bad.md"
err=$(bash tests/bench/bench_log.sh "$tmp/bad.md" "$tmp/log.md" "$tmp/speed.md" 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "bad.md" && cmp -s "$tmp/log.md" "$tmp/log.before" &&
  cmp -s "$tmp/speed.md" "$tmp/speed.before" && ok "bench_log: a run without its header refused (exit 2), nothing written" ||
  bad "bench_log: malformed run (rc=$rc): $err"
grep -v 'bench table:' "$tmp/speed.before" > "$tmp/nomarks.md"
err=$(bash tests/bench/bench_log.sh "$tmp/b2.md" "$tmp/log.md" "$tmp/nomarks.md" 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "no bench table markers" && cmp -s "$tmp/log.md" "$tmp/log.before" &&
  ok "bench_log: a page without markers refused (exit 2), the log untouched" || bad "bench_log: no markers (rc=$rc): $err"

echo "docs: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
