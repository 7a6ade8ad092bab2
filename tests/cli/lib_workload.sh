# The checks of `irhw workload bfs|sssp` shared by test_workload_hwwl.sh and
# test_workload_gpu.sh (sourced after lib.sh; $irhw is the binary).

# run NAME ARGS...: must exit 0 and say the result equals the reference
run() {
  local name=$1; shift
  local out rc
  out=$("$irhw" workload "$@" --quiet --no-plot 2>&1); rc=$?
  if [ $rc -eq 0 ] && echo "$out" | grep -q "result equal to the reference"; then
    ok "$name: $(echo "$out" | sed -E 's/^[^:]*: [^:]*: //; s/, result equal.*//')"
  else
    bad "$name: rc=$rc $out"
  fi
}

# expect2 NAME PATTERN ARGS...: must exit 2 with PATTERN in the message
expect2() {
  local name=$1 pat=$2; shift 2
  local out rc
  out=$("$irhw" workload "$@" --no-plot 2>&1); rc=$?
  if [ $rc -eq 2 ] && echo "$out" | grep -q -- "$pat"; then ok "$name: exit 2, $pat"; else bad "$name: rc=$rc $out"; fi
}
