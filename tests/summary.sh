#!/usr/bin/env bash
# Sums the stages of `make test`; fails if any stage failed or did not run.
set -u
results=build/test-results
p=0 f=0 s=0 missing=""
for stage in unit cosim systemc asan; do
  if [ -f "$results/$stage" ]; then
    read -r _ sp sf ss < "$results/$stage"
    p=$((p + sp)); f=$((f + sf)); s=$((s + ss))
    echo "  $stage: $sp passed, $sf failed, $ss skipped"
  else
    missing="$missing $stage"; f=$((f + 1))
  fi
done
# the failing checks again, last, where a log cut to its tail still shows them
if [ "$f" -gt 0 ] && [ -n "$(cat "$results"/*.fail 2>/dev/null)" ]; then
  echo "failed checks:"
  for stage in unit cosim systemc asan; do
    [ -s "$results/$stage.fail" ] && head -40 "$results/$stage.fail" | cut -c1-400 | sed "s|^|  [$stage] |"
  done
fi
[ -n "$missing" ] && echo "stages that did not run:$missing"
echo "make test: $p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
