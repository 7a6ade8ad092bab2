#!/usr/bin/env bash
# Tests of `irhw sweep`, `irhw report` and `irhw area --sram-table`:
# bad input (exit 2 naming it, exit 3 without sbatch), invalid configurations
# listed and kept, the pairwise cover, the SRAM table; then (not in the quick
# run under the sanitizers) a co-simulation sweep run twice (the second from
# the cache, no result written again, an interrupted one redoing only what is missing,
# unsealed, edited or foreign results run again), an
# area sweep, the report opened in headless Chromium (its plots must show in
# the screenshot), and the same sweep through a real Slurm cluster started
# on this machine, whose results must equal the local run's.
# Prints "sweep: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d /tmp/irhw-sweep.XXXXXX)
slurm_dir=""
cleanup() {
  [ -n "$slurm_dir" ] && bash "$here/slurm_local.sh" stop "$slurm_dir"
  rm -rf "$tmp"
}
trap cleanup EXIT
. "$(dirname "$0")/../lib.sh"
rows() { tail -n +2 "$1" | wc -l; }

for verb in sweep sweep-task report; do
  "$irhw" $verb --help > /dev/null 2>&1 && ok "$verb --help exits 0" || bad "$verb --help"
done

# ---- bad input: exit 2 naming what is wrong ----
check2() { # spec expected-text
  out=$("$irhw" sweep wl_bank -p "$1" -o "$tmp/never" 2>&1); rc=$?
  if [ $rc -eq 2 ] && echo "$out" | grep -q -- "$2"; then ok "-p $1: exit 2, names $2"
  else bad "-p $1: rc=$rc: $out"; fi
}
check2 "ENTRIES=8.." "malformed range for ENTRIES"
check2 "ENTRIES=a,b" "ENTRIES='a' is not a whole number"
check2 "ENTRIES=8..4" "range of ENTRIES is empty"
check2 "ENTRIES=4,,8" "malformed list for ENTRIES"
check2 "NOPE=1,2" "unknown parameter 'NOPE'"
check2 "STORAGE=flops,disk" "STORAGE='disk' is not allowed"
out=$("$irhw" sweep wl_bank -p ENTRIES=4 --do gen,synth -o "$tmp/never" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "'synth' is not a step" && ok "--do with an unknown step: exit 2" || bad "--do synth: rc=$rc $out"
out=$("$irhw" sweep wl_bank -p ENTRIES=2 -p THRESHOLD=5 -o "$tmp/never" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "empty product" && ok "a product with no valid configuration: exit 2, empty product" || bad "all invalid: rc=$rc $out"
[ ! -e "$tmp/never" ] && ok "nothing written after a usage error" || bad "$tmp/never was created"
out=$(PATH=/nonexistent "$irhw" sweep wl_bank -p ENTRIES=4 --slurm -o "$tmp/noslurm" 2>&1); rc=$?
[ $rc -eq 3 ] && echo "$out" | grep -q "sbatch not found" && ok "--slurm without sbatch on PATH: exit 3, says so" || bad "--slurm without sbatch: rc=$rc $out"

# ---- invalid configurations inside a product: listed, kept as rows ----
d=$tmp/gen
out=$("$irhw" sweep wl_bank -p ENTRIES=4,8 -p THRESHOLD=3,6 --do gen -j 2 -o "$d" 2>&1); rc=$?
n_inv=$(echo "$out" | grep -c "skipped, invalid: ENTRIES=4 THRESHOLD=6: .*THRESHOLD")
if [ $rc -eq 0 ] && [ "$n_inv" = 1 ] && [ "$(rows "$d/results.csv")" = 4 ] &&
   [ "$(grep -c ',invalid,' "$d/results.csv")" = 1 ] && [ "$(grep -c ',pass,' "$d/results.csv")" = 3 ]; then
  ok "invalid configuration listed with its reason and kept as a row (3 pass, 1 invalid)"
else bad "invalid configurations: rc=$rc $out"; cat "$d/results.csv"; fi
[ "$(ls "$d"/runs/*/rtl/wl_bank_*.v | wc -l)" = 3 ] && ok "--do gen wrote the RTL of the 3 valid configurations" || bad "gen outputs: $(ls "$d"/runs/*/rtl)"
python3 -c "import json,sys; r=json.load(open('$d/results.json')); sys.exit(not (len(r)==4 and all('ENTRIES' in x['parameters'] for x in r)))" \
  && ok "results.json: 4 rows with every parameter" || bad "results.json"

# a model-only variant (hwwl SCHEME=magic has no RTL): an invalid row, its reason
d=$tmp/modelonly
out=$("$irhw" sweep hwwl -p SCHEME=none,magic --do gen -j 2 -o "$d" 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "skipped, invalid: SCHEME=magic: .*model only" &&
   [ "$(grep -c ',invalid,' "$d/results.csv")" = 1 ] && [ "$(grep -c ',pass,' "$d/results.csv")" = 1 ]; then
  ok "a model-only configuration is an invalid row with its reason, not a failed run"
else bad "model-only in a sweep: rc=$rc $out"; fi

# ---- pairwise cover ----
d=$tmp/pw
"$irhw" sweep wru -p LANES=4,8,16 -p NETWORK=best,oddeven,bitonic -p PIPELINE=0,1,2 -p SCHEME=lsorting,threshold \
  --pairwise --do gen -o "$d" > "$tmp/pw.out" 2>&1; rc=$?
n=$(rows "$d/results.csv")
if python3 - "$d/results.csv" <<'EOF'
import csv, itertools, sys
rows = list(csv.DictReader(open(sys.argv[1])))
axes = {'LANES': '4 8 16', 'NETWORK': 'best oddeven bitonic', 'PIPELINE': '0 1 2', 'SCHEME': 'lsorting threshold'}
for a, b in itertools.combinations(axes, 2):
    for va in axes[a].split():
        for vb in axes[b].split():
            if not any(r[a] == va and r[b] == vb for r in rows):
                sys.exit(f'pair {a}={va} {b}={vb} not covered')
sys.exit(0 if len(rows) < 54 else 'not smaller than the product')
EOF
then ok "--pairwise: $n configurations (product: 54) cover every pair of values"; else bad "--pairwise cover (rc=$rc, $n rows)"; fi

# ---- SRAM table overriding the model ----
printf '# words width um2 (a macro of my own)\n32 24 1234.5\n\n' > "$tmp/sram.tab"
out=$("$irhw" area wl_bank -p STORAGE=sram --timing=none --json --sram-table "$tmp/sram.tab" -o "$tmp/area_tab" 2>/dev/null)
if echo "$out" | grep -q '"sram_um2": 1234.5,' && echo "$out" | grep -q '"sram_model": "user table'; then
  ok "area --sram-table: the 32x24 macro priced 1234.5 um2 from the table"
else bad "area --sram-table: $out"; fi
printf '32 24\n' > "$tmp/bad.tab"
out=$("$irhw" area wl_bank -p STORAGE=sram --sram-table "$tmp/bad.tab" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "line 1" && ok "a malformed SRAM table: exit 2, names the line" || bad "bad table: rc=$rc $out"

if [ "${IRHW_CLI_QUICK:-0}" = 1 ]; then
  echo "sweep: $pass passed, $fail failed, $skip skipped"
  [ "$fail" -eq 0 ]; exit
fi

# ---- a co-simulation sweep, run again from the cache ----
cos=(wl_bank -p ENTRIES=4,8 -p STORAGE=flops,sram --do gen,cosim --cycles 20000)
d=$tmp/local
if "$irhw" sweep "${cos[@]}" -j 2 -o "$d" > "$tmp/local.out" 2>&1 && [ "$(grep -c ',pass,' "$d/results.csv")" = 4 ]; then
  ok "cosim sweep: 4 configurations pass"
else bad "cosim sweep: $(cat "$tmp/local.out")"; fi
awk -F, 'NR > 1 && $7 > 0 { n++ } END { exit n != 4 }' "$d/results.csv" && ok "every row has its cycles/s" || bad "cycles/s missing"
grep -q "running, .* failed, ETA" "$tmp/local.out" && ok "progress line with done/running/failed and an ETA" || bad "no progress line"
# served from the cache: no run's result rewritten (the same files, the same times)
stamps() { stat -c '%n %s %y' "$d"/runs/*/result.txt | md5sum; }
before=$(stamps)
out=$("$irhw" sweep "${cos[@]}" -o "$d" 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q "4/4 done (4 cached" && [ "$(stamps)" = "$before" ]; then
  ok "repeated sweep: all 4 from the cache, no result written again"
else bad "repeated sweep: rc=$rc, results $( [ "$(stamps)" = "$before" ] && echo unchanged || echo rewritten): $out"; fi
rm "$(ls "$d"/runs/*/result.txt | head -1)"
out=$("$irhw" sweep "${cos[@]}" -o "$d" 2>&1)
echo "$out" | grep -q "4/4 done (3 cached" && ok "interrupted sweep: only the missing configuration runs again" || bad "interrupted sweep: $out"
# the cache takes only sealed results of their own key: a result.txt holding
# only a verdict, an edited one and one copied from another run are run again
mapfile -t res < <(ls "$d"/runs/*/result.txt)
printf 'block=wl_bank\nverdict=pass\n' > "${res[0]}"
sed -i 's/^cycles_per_s=\([0-9]\)/cycles_per_s=9\1/' "${res[1]}"
cp "${res[3]}" "${res[2]}"
out=$("$irhw" sweep "${cos[@]}" -o "$d" 2>&1)
if echo "$out" | grep -q "4/4 done (1 cached" && [ "$(echo "$out" | grep -c 'running it again')" = 3 ] &&
   echo "$out" | grep -qF "${res[0]} has no seal that matches its contents" &&
   echo "$out" | grep -qF "${res[2]} holds the result of another key" &&
   tail -1 "${res[0]}" | grep -q '^seal=' && [ "$(grep -c ',pass,' "$d/results.csv")" = 4 ]; then
  ok "sweep cache: unsealed, edited and foreign results are named and run again"
else bad "sweep cache took an unsealed, edited or foreign result: $out"; fi

# ---- area sweep and the report ----
a=$tmp/area
if "$irhw" sweep wl_bank -p ENTRIES=8,16 -p STORAGE=flops,sram --do area -o "$a" > "$tmp/area.out" 2>&1 &&
   awk -F, 'NR > 1 && $8 > 0 && $12 != "" && $14 > 0 { n++ } END { exit n != 4 }' "$a/results.csv"; then
  ok "area sweep: total, storage and critical path in all 4 rows"
else bad "area sweep: $(cat "$tmp/area.out")"; cat "$a/results.csv"; fi
if "$irhw" report "$a" "$d" -o "$tmp/rep/report.html" > /dev/null 2>"$tmp/rep.err"; then
  nsvg=$(grep -c '<svg' "$tmp/rep/report.html")
  if [ "$nsvg" -ge 3 ] && ! grep -qE '(src|href)="https?:' "$tmp/rep/report.html" && grep -q "flops/SRAM crossover" "$tmp/rep/report.md" &&
     grep -q "SRAM smaller from ENTRIES" "$tmp/rep/report.md" && grep -q "GPU-level total" "$tmp/rep/report.md"; then
    ok "report: self-contained HTML with $nsvg inline SVG plots, Markdown with crossover, paper table, GPU total"
  else bad "report contents ($nsvg svg)"; fi
else bad "report: $(cat "$tmp/rep.err")"; fi
shot_has_plots "$tmp/rep/report.html" 1600 2000 skipped

# ---- the same sweep on a real Slurm cluster ----
slurm_dir=$tmp/slurm
if env_line=$(bash "$here/slurm_local.sh" start "$slurm_dir" 2> "$tmp/slurm.why"); then
  eval "$env_line"
  s=$tmp/onslurm
  if "$irhw" sweep "${cos[@]}" --slurm -o "$s" > "$tmp/slurm.out" 2>&1; then
    # everything but the measured speed and the folder must equal the local run
    cut -d, -f1-6,8- "$d/results.csv" > "$tmp/l.csv"; cut -d, -f1-6,8- "$s/results.csv" > "$tmp/s.csv"
    if [ "$(rows "$s/results.csv")" = 4 ] && diff "$tmp/l.csv" "$tmp/s.csv" > /dev/null &&
       [ "$(ls "$s"/slurm/task_*.out | wc -l)" = 4 ]; then
      ok "Slurm: 4 array tasks, every result arrived and equals the local run's"
    else bad "Slurm results differ: $(diff "$tmp/l.csv" "$tmp/s.csv")"; fi
  else bad "Slurm sweep failed: $(tail -5 "$tmp/slurm.out")"; fi
  bash "$here/slurm_local.sh" stop "$slurm_dir"; slurm_dir=""
else
  skipped "Slurm sweep: the local cluster did not start: $(cat "$tmp/slurm.why")"
fi

echo "sweep: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
