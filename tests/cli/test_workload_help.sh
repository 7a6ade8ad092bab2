#!/usr/bin/env bash
# `irhw workload <kind> --help` (sim/verb_workload.c): the option table is
# the help. Every option a kind takes has a row in its --help, every row
# names an option the kind takes, an option of another kind is refused
# (exit 2, named), and bfs / sssp print the GPU core model's constants.
# Parsing only: nothing runs (each command line ends in an unknown option).
# Prints "workload_help: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
tmp_rows=$(mktemp); trap 'rm -f "$tmp_rows"' EXIT
. "$(dirname "$0")/../lib.sh"

common="--graph --graphs -o -p --model-only --quiet"
gw="$common --plot --no-plot --cost --mem-lat --src --max-cycles --worklist -g --buffer
    --active-out --active-every --trends --max-edges --vcd --vcd-cycles"
declare -A takes=(
  [iru]="$common --kernel --max-elems --req-every --all --bfs-dedup --timeout-sweep --plot --machine -g --parts"
  [bfs]="$gw --levels-out"
  [sssp]="$gw --dist-out")

# the options of a --help: the first word of each row, with its value's name
rows() { sed -nE 's/^  (-[-a-z]*)( [^ ]+)?( {2,}.*)?$/\1\2/p'; }

for k in iru bfs sssp; do
  help=$("$irhw" workload $k --help); rc=$?
  [ $rc -eq 0 ] && ok "workload $k --help exits 0" || bad "workload $k --help: rc=$rc"
  listed=$(echo "$help" | rows | cut -d' ' -f1 | sort | tr '\n' ' ')
  want=$(printf '%s\n' ${takes[$k]} | sort | tr '\n' ' ')
  [ "$listed" = "$want" ] && ok "workload $k --help lists every option it takes" ||
    bad "workload $k --help lists '$listed', the kind takes '$want'"
  # every row's option is parsed by the kind: the unknown option after it is
  # what the parser answers, or the row's own value is refused by name
  echo "$help" | rows | while read -r opt arg; do
    out=$("$irhw" workload $k $opt ${arg:+1} --zz-no-such-option 2>&1); rc=$?
    if [ $rc -eq 2 ] && ! echo "$out" | grep -q -e "unknown option '$opt'" -e "$opt does not apply"; then
      echo "ok   workload $k takes $opt"
    else
      echo "FAIL workload $k $opt: rc=$rc $out"
    fi
  done > "$tmp_rows" 2>&1
  n_ok=$(grep -c '^ok' "$tmp_rows"); n_bad=$(grep -c '^FAIL' "$tmp_rows")
  [ "$n_bad" -eq 0 ] && [ "$n_ok" -gt 5 ] && ok "workload $k parses each of its $n_ok help rows" ||
    bad "workload $k: $(grep '^FAIL' "$tmp_rows")"
done

for pair in "bfs --dist-out" "sssp --levels-out" "bfs --kernel" "iru --trends"; do
  set -- $pair
  out=$("$irhw" workload $1 --graph x $2 y 2>&1); rc=$?
  [ $rc -eq 2 ] && echo "$out" | grep -q "option $2 does not apply to workload $1" &&
    ok "workload $1 refuses $2 (exit 2, named)" || bad "workload $1 $2: rc=$rc $out"
done
for k in bfs sssp; do
  "$irhw" workload $k --help | grep -q "^    WARPS  *48  1\.\.64" &&
    ok "workload $k --help prints the -g constants" || bad "workload $k --help lacks the -g table"
done

echo "workload_help: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
