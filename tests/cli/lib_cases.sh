# tests/cli/lib_cases.sh — the bad-input batteries' common part. A battery
# sources it first, then calls
#   battery NAME IRHW RSS_KB
# which sets I (the irhw binary, absolute), T (a fresh scratch folder, the
# commands' working directory), D (tests/data/graphs), all exported, and
# RSS_MAX_KB (BAD_INPUTS_RSS_KB overrides it for every battery).
# run_table TABLE then runs "EXIT | SECONDS | FRAGMENT | COMMAND" rows, one
# check each (exit code, message fragment, no signal, time and memory bounds).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

battery() {
  I=$(realpath "$2")
  scratch "$1"
  T=$tmp D=$tests_dir/data/graphs
  export I T D
  RSS_MAX_KB=${BAD_INPUTS_RSS_KB:-$3}
  # A reader that loads its input whole must fail fast here, not fill the
  # machine: 2 GB of address space per case (not under AddressSanitizer,
  # which reserves far more and is not a reader's doing).
  vlimit="ulimit -v 2097152;"
  ldd "$I" 2> /dev/null | grep -q libasan && vlimit=
  have_time=0
  [ -x /usr/bin/time ] && have_time=1
  [ $have_time = 1 ] || skipped "memory bound: /usr/bin/time not installed, max RSS not checked"
}

run_case() { # EXIT SECONDS FRAGMENT COMMAND
  local want=$1 secs=$2 frag=$3 cmd=$4 out rc rss=0 t0 dt
  t0=$(date +%s.%N)
  if [ $have_time = 1 ]; then
    out=$(cd "$T" && /usr/bin/time -f '%M' -o "$T/.rss" timeout -k 2 "$secs" bash -c "$vlimit $cmd" 2>&1)
    rc=$?; rss=$(tail -1 "$T/.rss" 2>/dev/null); case "$rss" in '' | *[!0-9]*) rss=0 ;; esac
  else
    out=$(cd "$T" && timeout -k 2 "$secs" bash -c "$vlimit $cmd" 2>&1); rc=$?
  fi
  dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  local what="[$cmd]"
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then bad "$what: did not finish within $secs s"
  elif [ $rc -ge 128 ]; then bad "$what: killed by signal $((rc - 128)): $(echo "$out" | tail -3)"
  elif [ $rc -ne "$want" ]; then bad "$what: exit $rc, expected $want: $(echo "$out" | head -3)"
  elif ! grep -aqF -- "$frag" <<< "$out"; then bad "$what: exit $rc, but no '$frag' in: $(echo "$out" | head -3)"
  elif [ "$rss" -gt "$RSS_MAX_KB" ]; then bad "$what: max RSS $rss KB, above $RSS_MAX_KB KB"
  else ok "exit $rc in ${dt} s${rss:+, $((rss / 1024)) MB}: $(echo "$out" | grep -aF -- "$frag" | head -1 | cut -c1-150)"
  fi
}

run_table() {
  local line want secs frag cmd
  while IFS= read -r line; do
    case "$line" in '' | '#'*) continue ;; esac
    want=${line%% | *}; line=${line#* | }
    secs=${line%% | *}; line=${line#* | }
    frag=${line%% | *}; cmd=${line#* | }
    run_case "$want" "$secs" "$frag" "$cmd"
  done <<< "$1"
}

