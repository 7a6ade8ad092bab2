#!/usr/bin/env bash
# co-sim / Verilator alone in executed instructions: the lockstep loop's
# instructions (irhw_cosim, inclusive, under callgrind) over N cycles minus a
# 10-cycle run, with the model and with --no-model. Instructions do not
# depend on the machine's load, so this is the steadiest form of the ratio.
# Both with --threads 1: the work of one thread (a second thread would count apart).
#   tests/bench/cosim_ipc.sh bin/irhw BLOCK CYCLES [cosim options...]
set -u
irhw=$(realpath "$1"); blk=$2; n=$3; shift 3
command -v valgrind > /dev/null || { echo "cosim_ipc: valgrind not installed (apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/irhw-ipc.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
loop() { # CYCLES [options...]: irhw_cosim's inclusive instructions
  local c=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$irhw" cosim "$blk" "$@" --threads 1 --cycles "$c" --quiet > /dev/null 2>&1
  callgrind_annotate --auto=no --inclusive=yes --threshold=100 "$tmp/cg" 2> /dev/null |
    sed -n 's/^ *\([0-9,][0-9,]*\) ([ 0-9.]*%) *[^ ]*:irhw_cosim\( .*\)\{0,1\}$/\1/p' | tr -d , | sort -n | tail -1
}
"$irhw" cosim "$blk" "$@" --cycles 10 --quiet > /dev/null 2>&1 # build outside the counts
"$irhw" cosim "$blk" "$@" --cycles 10 --no-model --quiet > /dev/null 2>&1
c1=$(loop "$n" "$@"); c0=$(loop 10 "$@")
a1=$(loop "$n" --no-model "$@"); a0=$(loop 10 --no-model "$@")
awk -v c1="$c1" -v c0="$c0" -v a1="$a1" -v a0="$a0" -v n="$n" -v b="$blk${*:+ $*}" 'BEGIN {
  c = (c1 - c0) / (n - 10); a = (a1 - a0) / (n - 10)
  printf "%s: co-sim %.0f, alone %.0f instructions a cycle, co-sim / alone %.2f\n", b, c, a, a / c }'
