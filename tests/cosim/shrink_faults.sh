#!/usr/bin/env bash
# Shrinks the failure of every hand-made RTL fault in tests/cosim/faults/ (each
# block at its defaults, 20,000 cycles of mixed stimulus, seed 1, as
# tests/cli/test_cli.sh runs them) with `cosim --shrink`, and prints one row per
# fault: block, fault, failing cycles before -> after, ratio, port, runs, s.
# usage: bash tests/cosim/shrink_faults.sh bin/irhw [BLOCK...]
set -u
irhw=$(realpath "$1"); shift
tmp=$(mktemp -d /tmp/irhw-shrink.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
printf '%-9s %-36s %8s %6s %8s  %-16s %5s %6s\n' block fault before after ratio port runs s
for faults in tests/cosim/faults/*.faults; do
  b=$(basename "$faults" .faults)
  [ $# -gt 0 ] && ! echo " $* " | grep -q " $b " && continue
  "$irhw" gen "$b" -o "$tmp/good_$b" > /dev/null
  good=$(ls "$tmp/good_$b/${b}_"*.v | head -1)
  while IFS='|' read -r name expr; do
    name=$(echo "$name" | tr -d ' '); expr=$(echo "$expr" | sed 's/^ *//')
    case "$name" in ''|'#'*) continue ;; esac
    sed "$expr" "$good" > "$tmp/$b-$name.v"
    (cd "$tmp" && "$irhw" cosim "$b" --rtl "$b-$name.v" --cycles 20000 --shrink \
       --shrink-out "s-$b-$name") > "$tmp/out" 2>&1
    line=$(grep '^shrunk: ' "$tmp/out")
    if [ -z "$line" ]; then printf '%-9s %-36s %s\n' "$b" "$name" "not shrunk: $(head -1 "$tmp/out")"; continue; fi
    read -r before after runs secs port <<< "$(echo "$line" | sed -E \
      's/^shrunk: ([0-9]+) -> ([0-9]+) cycles \([0-9.]+x\) in ([0-9]+) runs, ([0-9.]+) s.*still fails on (.*)$/\1 \2 \3 \4 \5/')"
    printf '%-9s %-36s %8s %6s %7.1fx  %-16s %5s %6s\n' "$b" "$name" "$before" "$after" \
      "$(awk -v a="$before" -v b="$after" 'BEGIN { print a / b }')" "$port" "$runs" "$secs"
  done < "$faults"
done
