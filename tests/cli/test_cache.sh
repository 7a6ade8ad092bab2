#!/usr/bin/env bash
# The build cache under faults, and a binary that moved: kill -9 in the middle
# of a build (irhw alone, then irhw and its build's watchdog, as `pkill -9 irhw`
# would), SIGTERM, three runs of one new configuration at once, a truncated, an empty
# and a missing sim.so and a missing manifest, and a tree copied elsewhere with
# the original renamed away. Each on a private cache sharing the Verilator
# runtime (runtime_only), with a small fifo configuration.
# Prints "cache: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
. "$(dirname "$0")/../lib.sh"
scratch cache
base=${IRHW_CACHE:-$root/build/cache}
# the runtime the private caches link to (built here if this is the first cosim)
"$irhw" cosim fifo --cycles 10 --quiet > "$tmp/first.out" 2>&1 || bad "a first cosim in $base: $(cat "$tmp/first.out")"

# in_cache DIR: the processes working in DIR (their current folder in it), "pid comm" a line
in_cache() {
  local d pid comm; d=$(realpath "$1")
  ls -l /proc/[0-9]*/cwd 2>/dev/null |
    awk -v d="$d" '$NF == d || index($NF, d "/") == 1 { split($(NF - 2), p, "/"); print p[3] }' |
    while read -r pid; do read -r comm 2>/dev/null < "/proc/$pid/comm" && echo "$pid $comm"; done
}
# wait_compiler DIR PID: waits (up to 120 s, while PID runs) until Verilator or
# a compiler works in DIR (Verilator too, unless a third argument asks for
# the C++ compiler alone)
wait_compiler() {
  local tools=' (verilator_bin|cc1plus|clang.*|g\+\+)$'
  [ -n "${3:-}" ] && tools=' (cc1plus|clang.*|g\+\+)$'
  for _ in $(seq 600); do
    kill -0 "$2" 2>/dev/null || return 1
    in_cache "$1" | grep -qE "$tools" && return 0
    sleep 0.2
  done
  return 1
}
# left_in DIR: the private build folders and processes left in DIR
left_in() { { ls -d "$1"/*.tmp* 2>/dev/null; in_cache "$1"; } | tr '\n' ' '; }

# A g++ first on the search path that stays 30 s after each compile: a small
# fifo's build takes under half a second, and a case set up on it must find
# its tools still at work when it kills, stops or signals them.
mkdir -p "$tmp/slowbin"
printf '#!/bin/sh\n%s "$@"; rc=$?\ncase " $* " in *" -c "*) sleep 30 ;; esac\nexit $rc\n' \
  "$(command -v g++)" > "$tmp/slowbin/g++"
chmod +x "$tmp/slowbin/g++"
# mid_build NAME WIDTH [cxx]: $c, a private cache $tmp/NAME, and $pid, an irhw
# building fifo WIDTH in it (ccache off, the lingering g++), once Verilator
# or a compiler (with "cxx": the C++ compiler) works there; else that irhw
# is killed and a failure counted (returns 1)
mid_build() {
  c=$tmp/$1; runtime_only "$c" "$base"
  PATH=$tmp/slowbin:$PATH CCACHE_DISABLE=1 IRHW_CACHE=$c "$irhw" cosim fifo -p WIDTH=$2 --cycles 10 > "$tmp/$1.out" 2>&1 &
  pid=$!
  wait_compiler "$c" $pid "${3:-}" && return 0
  kill -9 $pid 2>/dev/null; bad "$1: no compiler seen working in $c: $(cat "$tmp/$1.out")"; return 1
}
# rerun WIDTH: the same configuration again in $c: $out, $rc, $left (left_in)
rerun() { out=$(IRHW_CACHE=$c "$irhw" cosim fifo -p WIDTH=$1 --cycles 10 --quiet 2>&1); rc=$?; left=$(left_in "$c"); }

# ---- kill -9 of irhw in the middle of a build: the watchdog takes its tools down
if mid_build kill1 5; then
  kill -9 $pid; { wait $pid; } 2>/dev/null; rc=$?
  for _ in $(seq 50); do [ -z "$(in_cache "$c")" ] && break; sleep 0.1; done
  left=$(in_cache "$c" | tr '\n' ' ')
  [ $rc = 137 ] && [ -z "$left" ] && ok "kill -9 of irhw mid-build: no tool of its build runs on (exit $rc)" ||
    bad "kill -9 of irhw mid-build: exit $rc, still working in the cache: $left"
  rerun 5
  [ $rc = 0 ] && echo "$out" | grep -q '^PASS' && [ -z "$left" ] &&
    ok "the run after a kill -9 mid-build passes and leaves no private folder or process" ||
    bad "rerun after kill -9: exit $rc, left: $left; $out"
fi

# ---- SIGTERM in the middle of a build (SIGINT the same; a background job of
# this shell ignores SIGINT, and irhw leaves an ignored signal ignored):
# forwarded, the group killed, the private folder removed, irhw dies of it
if mid_build term 4; then
  kill -TERM $pid; { wait $pid; } 2>/dev/null; rc=$?
  left=$(left_in "$c")
  [ $rc = 143 ] && [ -z "$left" ] && ok "SIGTERM mid-build: irhw dies of it (exit $rc), its build and private folder gone" ||
    bad "SIGTERM mid-build: exit $rc, left: $left; $(cat "$tmp/term.out")"
fi

# ---- SIGTERM while the runtime is built for a model's build (an empty
# cache): both private folders removed
c=$tmp/nested; mkdir -p "$c"
IRHW_CACHE=$c "$irhw" cosim fifo --cycles 10 > "$tmp/nested.out" 2>&1 &
pid=$!
if wait_compiler "$c" $pid; then
  kill -TERM $pid; { wait $pid; } 2>/dev/null; rc=$?
  left=$(left_in "$c")
  [ $rc = 143 ] && [ -z "$left" ] && grep -q "building the Verilator runtime" "$tmp/nested.out" &&
    ok "SIGTERM during the runtime's build under a model's: exit $rc, no private folder or tool left" ||
    bad "SIGTERM in the runtime's build: exit $rc, left: $left; $(cat "$tmp/nested.out")"
else
  kill -9 $pid 2>/dev/null; bad "nested: no compiler seen working in $c: $(cat "$tmp/nested.out")"
fi

# ---- kill -9 of irhw and the build's watchdog: the tools run on as orphans
# until the next run that builds in the cache kills them (killed while the
# C++ compiler works: Verilator alone may end before it is counted). Both
# are stopped before they are killed: killed running, the watchdog may see
# irhw die first and take the group down itself, which is the case above.
if mid_build kill2 6 cxx; then
  wd=$(pgrep -P $pid)
  kill -STOP $pid $wd; kill -9 $pid $wd; { wait $pid; } 2>/dev/null
  sleep 0.2; orphans=$(in_cache "$c" | wc -l)
  rerun 6
  [ "$orphans" -gt 0 ] && [ $rc = 0 ] && echo "$out" | grep -q '^PASS' && [ -z "$left" ] &&
    ok "kill -9 of irhw and its watchdog: the next run kills the $orphans orphaned tool(s), removes their folder, passes" ||
    bad "kill -9 of irhw and watchdog: $orphans orphans, rerun exit $rc, left: $left; $out"
fi

# ---- three runs of one new configuration at once: one builds, two wait and reuse it
c=$tmp/three; runtime_only "$c" "$base"
pids=()
for k in 1 2 3; do
  IRHW_CACHE=$c "$irhw" cosim fifo -p WIDTH=9 -p DEPTH=3 --cycles 100 > "$tmp/three$k.out" 2>&1 &
  pids+=($!)
done
rcs=""; for p in "${pids[@]}"; do wait "$p"; rcs="$rcs$?"; done
passes=$(cat "$tmp"/three?.out | grep -c '^PASS')
builds=$(cat "$tmp"/three?.out | grep -c '^irhw: verilating ')
waits=$(cat "$tmp"/three?.out | grep -c '^irhw: waiting for another irhw building ')
entries=$(ls -d "$c"/fifo-*/ | wc -l)
[ "$rcs" = 000 ] && [ "$passes" = 3 ] && [ "$builds" = 1 ] && [ "$entries" = 1 ] &&
  ok "three runs of a new configuration at once: 3 PASS, 1 build, $waits waited" ||
  bad "three at once: exits $rcs, $passes PASS, $builds builds, $entries entries: $(cat "$tmp"/three?.out)"

# ---- damaged entries are rebuilt with one line on stderr
e=$(ls -d "$c"/fifo-*/ | head -1); e=${e%/}
damage() { # damage NAME COMMAND...: damage the entry, run, expect the message and PASS
  local name=$1; shift
  "$@"
  out=$(IRHW_CACHE=$c "$irhw" cosim fifo -p WIDTH=9 -p DEPTH=3 --cycles 100 --quiet 2>&1); rc=$?
  msg=$(echo "$out" | grep -c "^irhw: cache entry $e is damaged (.*): rebuilding it$")
  size=$(stat -c %s "$e/sim.so" 2>/dev/null)
  [ $rc = 0 ] && [ "$msg" = 1 ] && echo "$out" | grep -q '^PASS' && grep -q "^file $size " "$e/irhw-entry" &&
    ok "$name: rebuilt with one line on stderr, PASS" || bad "$name: exit $rc: $out"
}
damage "a truncated sim.so" truncate -s $(($(stat -c %s "$e/sim.so") / 2)) "$e/sim.so"
damage "an empty sim.so" truncate -s 0 "$e/sim.so"
damage "a missing sim.so" rm "$e/sim.so"
damage "a sim.so of the same size, one byte changed" \
  sh -c "printf 'X' | dd of='$e/sim.so' bs=1 seek=4096 conv=notrunc status=none"
damage "a missing manifest" rm "$e/irhw-entry"
out=$(IRHW_CACHE=$c "$irhw" cosim fifo -p WIDTH=9 -p DEPTH=3 --cycles 100 --quiet 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q 'model cached' && ! echo "$out" | grep -q '^irhw:' &&
  ok "a sound entry is used as it is, without a word" || bad "sound entry: exit $rc: $out"

# ---- a binary that moved: the tree found from the executable's place
# The compiled-in tree of a copy of the binary is patched to "orig" (relative:
# any compiled-in path is long enough), a tree under $tmp/w that is then copied
# and renamed away; its rtl/irhw_fifo.v carries a marker naming the tree.
w=$tmp/w; mkdir -p "$w/orig/bin"
cp -r "$root/rtl" "$w/orig/"
python3 - "$irhw" "$w/orig/bin/irhw" "$root" <<'EOF' || bad "no compiled-in tree $root in $irhw to patch"
import sys
data = open(sys.argv[1], 'rb').read()
old = sys.argv[3].encode() + b'\0'
n = data.count(old)
open(sys.argv[2], 'wb').write(data.replace(old, b'orig'.ljust(len(old), b'\0')))
sys.exit(0 if n else 1)
EOF
chmod +x "$w/orig/bin/irhw"
runtime_only "$w/orig/build/cache" "$base"
cp -a "$w/orig" "$w/copy"
echo "// tree: orig" >> "$w/orig/rtl/irhw_fifo.v"; echo "// tree: copy" >> "$w/copy/rtl/irhw_fifo.v"
mv "$w/orig" "$w/orig.away"
out=$(cd "$w" && env -u IRHW_CACHE -u IRHW_ROOT copy/bin/irhw cosim fifo -p WIDTH=11 --cycles 100 --quiet 2>&1); rc=$?
[ $rc = 0 ] && echo "$out" | grep -q '^PASS' && [ ! -e "$w/orig" ] && ls -d "$w"/copy/build/cache/fifo-*/ > /dev/null 2>&1 &&
  ok "a copied tree, the original renamed away: its binary passes, its own cache used, the old path not recreated" ||
  bad "moved binary: exit $rc, orig recreated: $([ -e "$w/orig" ] && echo yes || echo no): $out"
gen_tree() { # gen_tree DIR-OF-BINARY [ENV...]: the tree the binary's gen read irhw_fifo.v from
  local bin=$1; shift; rm -rf "$w/g"
  (cd "$w" && env -u IRHW_ROOT "$@" "$bin" gen fifo -o "$w/g" > /dev/null 2>&1) && sed -n 's|^// tree: ||p' "$w"/g/fifo_*.v
}
t=$(gen_tree "$w/copy/bin/irhw"); [ "$t" = copy ] && ok "a moved binary reads its own tree's rtl/" || bad "moved binary read the tree '$t'"
mkdir -p "$w/lone/bin"; cp "$w/copy/bin/irhw" "$w/lone/bin/"
mv "$w/orig.away" "$w/orig"
t=$(gen_tree "$w/lone/bin/irhw"); [ "$t" = orig ] && ok "a binary outside any tree falls back to the compiled-in tree" || bad "lone binary, compiled-in tree: read '$t'"
t=$(gen_tree "$w/lone/bin/irhw" IRHW_ROOT="$w/copy"); [ "$t" = copy ] && ok "IRHW_ROOT overrides" || bad "IRHW_ROOT: read '$t'"
mv "$w/orig" "$w/orig.away"
out=$(cd "$w" && env -u IRHW_ROOT lone/bin/irhw gen fifo -o "$w/g2" 2>&1); rc=$?
[ $rc = 3 ] && echo "$out" | grep -qF "looked in $w/lone (above the executable $w/lone/bin/irhw) and in orig" && [ ! -e "$w/orig" ] &&
  ok "no tree anywhere: exit 3 naming where it looked, nothing created" || bad "no tree: exit $rc: $out"
out=$(IRHW_ROOT=$w/nowhere "$irhw" gen fifo -o "$w/g3" 2>&1); rc=$?
[ $rc = 3 ] && echo "$out" | grep -qF "IRHW_ROOT=$w/nowhere is not the irhw source tree" && [ ! -e "$w/nowhere" ] &&
  ok "an IRHW_ROOT that is no tree: exit 3, named" || bad "bad IRHW_ROOT: exit $rc: $out"

echo "cache: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
