#!/usr/bin/env bash
# The command-line habits of irhw (sim/args.c, the one option parser of
# every verb): --opt=value, -jN, -pNAME=V, options before or after the
# block, '--'; "did you mean" for verbs, options, blocks, kinds and
# parameters; gen's folder per configuration (out/<module>/) and the
# lint recipe on it; gen -o "" and a repeated -p refused with exit 2; irhw
# help (every verb, help VERB = VERB --help), every option a --help lists
# taken by its verb, -V and --version.
# Prints "cli_habits: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch cli_habits

# run ARGS...: $out (stdout and stderr) and $rc of irhw ARGS
run() { out=$("$irhw" "$@" 2>&1); rc=$?; }
# refused NAME NEEDLE ARGS...: exit 2 and NEEDLE (a fixed string) in the message
refused() {
  local name=$1 needle=$2; shift 2
  run "$@"
  if [ $rc -eq 2 ] && grep -qF -- "$needle" <<< "$out"; then ok "$name: exit 2, \"$needle\""
  else bad "$name: rc=$rc: $out"; fi
}

# ---- the forms of an option: each gives the same file as the spelled-out one
"$irhw" gen wl_bank -p ENTRIES=8 -o "$tmp/ref" > /dev/null || bad "gen wl_bank -p ENTRIES=8 -o DIR failed"
ref=$tmp/ref/wl_bank_e8_w24_t5_flops.v
n=0
for form in "-pENTRIES=8 -o$tmp/f1 wl_bank" "-p=ENTRIES=8 -o=$tmp/f2 wl_bank" \
            "-o $tmp/f3 wl_bank -p ENTRIES=8" "--systemc -o $tmp/f4 -pENTRIES=8 -- wl_bank"; do
  n=$((n + 1))
  # shellcheck disable=SC2086 # the form is split into words on purpose
  run gen $form
  if [ $rc -eq 0 ] && cmp -s "$ref" "$tmp/f$n/wl_bank_e8_w24_t5_flops.v"; then ok "gen $form: the same RTL"
  else bad "gen $form: rc=$rc $out"; fi
done
ls "$tmp/f4"/*.h > /dev/null 2>&1 &&
  ok "a flag before '--' still applies (--systemc wrote the SystemC header)" || bad "--systemc before --: $(ls "$tmp/f4")"
refused "'--' ends the options" "unknown block '--draw'" gen -o "$tmp/never" -- --draw
refused "a flag given a value" "option --systemc takes no value" gen wl_bank --systemc=1

# options before the block name (a co-simulation of 100 cycles, the model cached by the other tests)
run cosim --cycles 100 --seed=3 --quiet wl_bank
[ $rc -eq 0 ] && grep -q '^PASS wl_bank .*: 100 cycles, .*seed 3,' <<< "$out" &&
  ok "cosim --cycles 100 --seed=3 --quiet wl_bank: options before the block" || bad "cosim options before the block: rc=$rc $out"
run cosim wl_bank --cycles=0
[ $rc -eq 2 ] && grep -qF -- "--cycles '0' must be a whole number 1..10^12" <<< "$out" &&
  ok "--cycles=0 checked as --cycles 0 is" || bad "--cycles=0: rc=$rc $out"

# -jN and -j N (sweep), --do=LIST
for j in "-j2" "-j 2" "--do=gen -j1"; do
  # shellcheck disable=SC2086
  run sweep $j -pENTRIES=4,8 wl_bank --do gen -o "$tmp/sw"
  [ $rc -eq 0 ] && grep -q '2 configurations: 2 pass' <<< "$out" && ok "sweep $j -pENTRIES=4,8 wl_bank" || bad "sweep $j: rc=$rc $out"
done
refused "-j0" "-j '0' must be a whole number 1..1024" sweep wl_bank -j0 -p ENTRIES=4 -o "$tmp/never"
run list --json wl_bank
[ $rc -eq 0 ] && python3 -c 'import json,sys; assert json.load(sys.stdin)[0]["name"] == "wl_bank"' <<< "$out" &&
  ok "list --json wl_bank: the flag before the block" || bad "list --json wl_bank: rc=$rc"
printf '3 2\n2\n1 3\n' > "$tmp/trunc.graph"
refused "workload: options before the kind" "trunc.graph:4: expected the adjacency line" \
  workload --graph="$tmp/trunc.graph" --kernel bfs iru

# ---- did you mean: the closest known word, only when it is close
refused "a verb" "unknown verb 'cosmi' (did you mean cosim?)" cosmi wl_bank
refused "a verb, two letters off" "unknown verb 'lsit' (did you mean list?)" lsit
refused "an option" "unknown option '--cylces' (did you mean --cycles?)" cosim wl_bank --cylces 10
refused "an option with a value" "unknown option '--wave-dpth' (did you mean --wave-depth?)" cosim wl_bank --wave-dpth=2
refused "a long option with one dash" "unknown option '-json' (did you mean --json?)" list -json
refused "another verb's option" "option --cycles does not apply to gen" gen wl_bank --cycles 10
refused "a block" "unknown block 'wl_bnak' (did you mean wl_bank?)" gen wl_bnak
refused "a block, sweep" "unknown block 'hwwl_croe' (did you mean hwwl_core?)" sweep hwwl_croe -p ENTRIES=4
refused "a parameter" "unknown parameter 'ENTRIS' for block wl_bank (did you mean ENTRIES?" gen wl_bank -p ENTRIS=8
refused "a parameter, case" "(did you mean STORAGE?" area wl_bank -p storage=sram
refused "a parameter, sweep" "(did you mean THRESHOLD?" sweep wl_bank -p THRESHLOD=2,3
refused "a workload kind" "unknown kind 'bsf' (did you mean bfs?)" workload bsf
refused "a workload option" "unknown option '--kernl' (did you mean --kernel?)" workload iru --kernl bfs
for far in "frobnicate" "gen wl_bank --zzzzzzz" "gen qqqqqqq" "gen wl_bank -p QQQQQ=1"; do
  # shellcheck disable=SC2086
  run $far
  [ $rc -eq 2 ] && ! grep -q "did you mean" <<< "$out" && ok "$far: exit 2, no far-fetched suggestion" || bad "$far: rc=$rc $out"
done

# ---- gen -o "" and a repeated -p
refused "gen -o \"\"" "option -o needs a value, not an empty one" gen wl_bank -o ""
refused "gen -o= (empty)" "option -o needs a value, not an empty one" gen wl_bank -o=
refused "a -p given twice" "parameter ENTRIES given twice, -p ENTRIES=8 and -p ENTRIES=16" \
  gen wl_bank -p ENTRIES=8 -o "$tmp/never" -pENTRIES=16
refused "a -p given twice, cosim" "parameter THRESHOLD given twice, -p THRESHOLD=2 and -p THRESHOLD=3" \
  cosim -p THRESHOLD=2 wl_bank -p THRESHOLD=3
refused "a -p given twice, workload" "parameter ENTRIES given twice, -p ENTRIES=8 and -p ENTRIES=16" \
  workload bfs --graph "$tmp/trunc.graph" -p ENTRIES=8 -p ENTRIES=16
[ ! -e "$tmp/never" ] && ok "nothing written by a refused command line" || bad "$tmp/never was written"
run gen wl_bank -p ENTRIES=8 -p ENTRIES=8 -o "$tmp/same"
[ $rc -eq 0 ] && cmp -s "$ref" "$tmp/same/wl_bank_e8_w24_t5_flops.v" && ok "an identical repeat of -p is accepted" || bad "identical -p twice: rc=$rc $out"

# ---- gen: a folder per configuration by default, one design in each
mkdir -p "$tmp/cwd"
(cd "$tmp/cwd" && "$irhw" gen wl_bank > "$tmp/g1.out" 2>&1 && "$irhw" gen wl_bank -p STORAGE=sram -p ENTRIES=64 > "$tmp/g2.out" 2>&1)
d1=$tmp/cwd/out/wl_bank_e32_w24_t5_flops d2=$tmp/cwd/out/wl_bank_e64_w24_t5_sram
if [ -f "$d1/wl_bank_e32_w24_t5_flops.v" ] && [ -f "$d2/wl_bank_e64_w24_t5_sram.v" ] &&
   [ "$(ls "$d1"/wl_bank_*.v | wc -l)" = 1 ] && [ "$(ls "$d2"/wl_bank_*.v | wc -l)" = 1 ] &&
   grep -qF "wrote out/wl_bank_e64_w24_t5_sram/wl_bank_e64_w24_t5_sram.v" "$tmp/g2.out"; then
  ok "gen twice, two configurations: out/<module>/ each, one design in each"
else bad "gen default folders: $(ls -R "$tmp/cwd/out" 2>&1 | head); $(cat "$tmp/g1.out" "$tmp/g2.out")"; fi
if command -v verilator > /dev/null; then
  for d in "$d1" "$d2"; do
    if verilator --lint-only -Wall "$d"/*.v > "$tmp/lint" 2>&1; then ok "verilator --lint-only -Wall ${d#"$tmp/cwd/"}/*.v: clean, one top"
    else bad "lint recipe on ${d#"$tmp/cwd/"}: $(head -5 "$tmp/lint")"; fi
  done
else bad "verilator is not installed (make deps)"; fi

# ---- help: the overview lists every verb; help VERB is VERB --help; the version
run help
verbs=$(sed -n '/^usage:/,/^$/ s/^  \([a-z][a-z-]*\) .*/\1/p' <<< "$out")
if [ $rc -eq 0 ] && [ "$(wc -w <<< "$verbs")" -ge 13 ]; then ok "irhw help: $(wc -w <<< "$verbs") verbs, one line each"
else bad "irhw help: rc=$rc, verbs: $verbs"; fi
for v in $verbs; do
  [ "$v" = help ] && continue
  a=$("$irhw" help "$v" 2>&1); ra=$?
  b=$("$irhw" "$v" --help 2>&1)
  if [ $ra -eq 0 ] && [ "$a" = "$b" ] && grep -q "^usage: irhw $v" <<< "$a"; then ok "irhw help $v: exit 0, the same as $v --help"
  else bad "irhw help $v: rc=$ra: $(head -3 <<< "$a")"; fi
done
# every option a verb's --help lists is one the verb takes: without its
# value it "needs a value", a flag given one "takes no value" (exit 2, nothing run)
for v in gen cosim area power prove run sweep; do
  n=0 wrong=""
  while read -r o arg; do
    n=$((n + 1))
    if [ -n "$arg" ]; then run "$v" "$o"; want="option $o needs a value"
    else run "$v" "$o=1"; want="option $o takes no value"; fi
    [ $rc -eq 2 ] && grep -qF -- "$want" <<< "$out" || wrong="$wrong $o"
  done < <("$irhw" "$v" --help | sed -nE 's/^  (-[-a-z]+)( ([^ ]+))?( {2,}.*)?$/\1 \3/p')
  [ $n -ge 2 ] && [ -z "$wrong" ] && ok "$v --help: its $n options are all taken" || bad "$v --help lists options it does not take:$wrong ($n)"
done
"$irhw" area --help | grep -q -- '--timing auto|full|ilm|none' && ok "area --help names --timing" || bad "area --help lacks --timing"
for f in -V --version; do
  run $f
  [ $rc -eq 0 ] && grep -qE '^irhw [0-9]+\.[0-9]+' <<< "$out" && ok "irhw $f: $out" || bad "irhw $f: rc=$rc $out"
done

echo "cli_habits: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
