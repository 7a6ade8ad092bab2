#!/usr/bin/env bash
# Runs its arguments (shell commands, e.g. two stages of `make test`) at the
# same time: each one's standard output goes to a log and is printed, in
# argument order, once all have finished; standard error (the stages'
# one-line progress reports) shows at once. Exits 1 if any command failed.
# usage: parallel.sh COMMAND...
set -u
logs=build/test-logs/$$
mkdir -p "$logs"
pids=() i=0
for cmd in "$@"; do
  i=$((i + 1)); bash -c "$cmd" > "$logs/$i.log" & pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
for j in $(seq 1 $i); do cat "$logs/$j.log"; done
exit $rc
