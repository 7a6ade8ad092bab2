#!/usr/bin/env bash
# irhw cosim --profile (tb/cosim_prof.h): the table's shape in one thread
# and in two (a header, a row per phase and the rest, which sum to the
# header's ns a cycle), and that the profile changes no result: the same
# report, coverage and mismatch as the run without it, in one thread and in
# two. Prints "profile: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch profile

strip() { sed -E '/^irhw: [a-z_]+ cycle [0-9]+ of [0-9]+ /d; s/[0-9]+ cycles\/s//; s/\([0-9.]+ s\)//g; s/started in [0-9.]+ s//; /^profile, /,/^  rest /d'; }

# Each table: "profile, MODE: N cycles (T timed, D dropped as interrupted),
# W ns a cycle, CPU C ns a cycle", then 9 rows "  NAME  X ns  S %" whose X
# sum to W (each printed to 0.1 ns: within 0.6) and S to 100 (within 0.6).
tables_ok() { # FILE MODE...
  local f=$1; shift
  for mode in "$@"; do
    awk -v mode="$mode" '
      index($0, "profile, " mode ": ") == 1 { on = 1; n = 0; sum = 0; share = 0
        if (!match($0, /cycles \([0-9]+ timed, [0-9]+ dropped as interrupted\), [0-9.]+ ns a cycle, CPU [0-9.]+ ns a cycle$/)) exit 1
        split(substr($0, RSTART), w, " "); wall = w[7]; found = 1; next }
      on && /^  [a-zA-Z]/ { n++; sum += $(NF - 3); share += $(NF - 1)
        if ($NF != "%" || $(NF - 2) != "ns") exit 1
        if (n == 9) { on = 0; if ($1 != "rest" || sum - wall > 0.6 || wall - sum > 0.6 || share < 99.4 || share > 100.6) exit 1 } }
      END { exit !(found && n == 9) }' "$f" || return 1
  done
}

names='stimulus RTL model compare checker coverage hand-off wait rest'
"$irhw" cosim wl_bank --cycles 10 --quiet > /dev/null 2>&1 # built before, outside the reports
for t in 1 2; do
  "$irhw" cosim wl_bank --cycles 200000 --seed 3 --threads $t > "$tmp/plain$t.out" 2>&1
  "$irhw" cosim wl_bank --cycles 200000 --seed 3 --threads $t --profile > "$tmp/prof$t.out" 2>&1
done
if tables_ok "$tmp/prof1.out" "one thread" && [ "$(grep -c '^profile, ' "$tmp/prof1.out")" = 1 ] &&
   [ "$(sed -n '/^profile, /,/^  rest /p' "$tmp/prof1.out" | awk 'NR > 1 { printf "%s ", $1 }')" = "$names " ]; then
  ok "cosim --profile --threads 1: one table, $(echo $names | wc -w) rows summing to its ns a cycle ($(grep '^profile, ' "$tmp/prof1.out"))"
else bad "cosim --profile --threads 1: $(sed -n '/^profile, /,$p' "$tmp/prof1.out" | head -12)"; fi
if tables_ok "$tmp/prof2.out" "two threads, the RTL side" "two threads, the model side"; then
  ok "cosim --profile --threads 2: a table for each side, rows summing to its ns a cycle"
else bad "cosim --profile --threads 2: $(sed -n '/^profile, /,$p' "$tmp/prof2.out" | head -24)"; fi
for t in 1 2; do
  if strip < "$tmp/plain$t.out" | cmp -s - <(strip < "$tmp/prof$t.out") && grep -q '^PASS wl_bank' "$tmp/plain$t.out" &&
     grep -q '^coverage: ' "$tmp/plain$t.out"; then
    ok "cosim --threads $t: the same report and coverage with --profile as without"
  else bad "cosim --threads $t --profile changed the report: $(diff <(strip < "$tmp/plain$t.out") <(strip < "$tmp/prof$t.out") | head -6)"; fi
done

# a mismatch (fifo's head flipped in cycle 3,000): the same report in one
# thread and two, with and without the profile
"$irhw" gen fifo -o "$tmp/late" > /dev/null 2>&1
sed 's/^    assign head = valid ? head_raw : 24.d0;$/    reg [16:0] late_cnt = 17'"'"'d0;\
    always @(posedge clk) late_cnt <= late_cnt + 17'"'"'d1;\
    assign head = (valid ? head_raw : 24'"'"'d0) ^ {23'"'"'d0, late_cnt == 17'"'"'d3000};/' \
  "$tmp"/late/fifo_w24_d2.v > "$tmp/late.v"
"$irhw" cosim fifo --rtl "$tmp/late.v" --no-assert --cycles 10 --quiet > /dev/null 2>&1 # built outside the reports
for run in "1" "2" "1 --profile" "2 --profile"; do
  "$irhw" cosim fifo --rtl "$tmp/late.v" --no-assert --cycles 20000 --threads $run > "$tmp/late.raw" 2>&1
  echo "rc $?" >> "$tmp/late.raw"
  strip < "$tmp/late.raw" > "$tmp/late${run// /}.out"
done
if grep -q '^MISMATCH fifo at cycle 3000 ' "$tmp/late1.out" && grep -q '^rc 1$' "$tmp/late1.out" &&
   cmp -s "$tmp/late1.out" "$tmp/late2.out" && cmp -s "$tmp/late1.out" "$tmp/late1--profile.out" &&
   cmp -s "$tmp/late1.out" "$tmp/late2--profile.out"; then
  ok "a mismatch in cycle 3000: the same report in one thread and two, with --profile and without"
else bad "a mismatch in cycle 3000: $(head -2 "$tmp/late1.out"; diff "$tmp/late1.out" "$tmp/late2--profile.out" | head -4)"; fi

echo "profile: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
