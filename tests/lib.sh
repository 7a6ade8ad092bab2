# tests/lib.sh — sourced by the shell test scripts: the pass / fail / skip
# counters and the lines tests/summary.sh counts ("ok", "FAIL", "SKIP").
pass=0 fail=0 skip=0
# tests_dir: this folder; root: the repository (physical paths, whatever the
# working directory). A script in tests/<kind>/ sources this file as
#   . "$(dirname "$0")/../lib.sh"
tests_dir=$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$tests_dir")
ok()      { pass=$((pass + 1)); echo "ok   [${SECONDS}s] $*"; }
bad()     { fail=$((fail + 1)); echo "FAIL $*"; }
skipped() { skip=$((skip + 1)); echo "SKIP $*"; }
# need_tool TOOL SUITE WHAT: without TOOL, WHAT is skipped, saying why, and
# the suite's summary line ends the script (exit 0)
need_tool() {
  command -v "$1" > /dev/null && return 0
  skipped "$3: $1 not installed"
  echo "$2: $pass passed, $fail failed, $skip skipped"
  exit 0
}
expect() { # expect NAME CONDITION-COMMAND...
  local name=$1; shift
  if "$@" >/dev/null 2>&1; then ok "$name"; else bad "$name"; fi
}
# scratch NAME: $tmp, a fresh folder /tmp/irhw-NAME.*, removed on exit
scratch() { tmp=$(mktemp -d "/tmp/irhw-$1.XXXXXX"); trap 'rm -rf "$tmp"' EXIT; }
# make bench's rows (tests/bench/bench.sh's table), "BLOCK|PARAMETERS" a line
bench_rows() { sed -n 's/^  "\([a-z_0-9]*\)|\([^"]*\)"$/\1|\2/p' "$tests_dir/bench/bench.sh"; }
# bench_binaries NAME ARGS...: the arguments NEW_IRHW OLD_IRHW [BLOCK...]
# of a script that measures a binary against an older one on make bench's
# rows (tests/bench/alone_vs.sh, alone_instr.sh, side_instr.sh): sets new
# and old (full paths), only (" BLOCK ... ", the rows' blocks to run; "  ":
# all) and IRHW_CACHE (NEW's build/cache unless set: OLD reads the same
# models); a wrong call exits 2 with NAME's usage
bench_binaries() {
  local name=$1 b
  shift
  [ $# -ge 2 ] || { echo "usage: $name NEW_IRHW OLD_IRHW [BLOCK...]" >&2; exit 2; }
  for b in "$1" "$2"; do [ -x "$b" ] || { echo "$name: $b: not an executable" >&2; exit 2; }; done
  new=$(realpath "$1") old=$(realpath "$2")
  shift 2
  only=" $* "
  export IRHW_CACHE=${IRHW_CACHE:-$(dirname "$(dirname "$new")")/build/cache}
}
# bench_wanted BLOCK: whether bench_binaries' only takes a row of BLOCK
bench_wanted() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]]; }
# bench_cycles SECONDS MIN BIN BLOCK [PARAMS...]: the cycles of about
# SECONDS of Verilator alone (BIN's rate over 20,000 cycles), at least MIN:
# how long a row's measured runs are
bench_cycles() {
  local secs=$1 min=$2 bin=$3 r
  shift 3
  r=$("$bin" cosim "$@" --cycles 20000 --no-model --quiet 2> /dev/null | sed -n 's/.* \([0-9][0-9]*\) cycles\/s.*/\1/p')
  awk -v r="${r:-0}" -v s="$secs" -v m="$min" 'BEGIN { n = int(r * s); print (n > m ? n : m) }'
}
# the blocks $irhw registers, one a line
registered_blocks() { "$irhw" list | sed -n 's/^\([a-z_0-9]*\) — .*/\1/p'; }
# runtime_only DIR FROM: a private build cache DIR that shares the Verilator
# runtime of the cache FROM (links) and holds no model: the next cosim in it
# builds its model cold
runtime_only() { mkdir -p "$1" && for d in "$2"/vrt-*; do [ -e "$d" ] && ln -s "$(realpath "$d")" "$1/"; done; }

# tb_changes TRACE: the value changes of irhw_tb's signals in a .fst or .vcd,
# one "time name value" a line, sorted (tests/cli/vcd_tb_changes.py)
tb_changes() {
  local py
  py=$tests_dir/cli/vcd_tb_changes.py
  case $1 in
  *.fst) fst2vcd "$1" 2> /dev/null > "$1.vcd" && python3 "$py" "$1.vcd" ;;
  *) python3 "$py" "$1" ;;
  esac
}
# html_shot HTML PNG HEIGHT: HTML in headless Chromium (1000 px wide, HEIGHT
# tall) into PNG; prints "<coloured> <width> <height>" (png_colored.py: the
# plots' strong colours), nothing when Chromium wrote no PNG (its log: PNG.log)
html_shot() {
  local prof
  prof=$(mktemp -d "${TMPDIR:-/tmp}/irhw-chromium.XXXXXX") # a profile of its own: runs side by side
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,"$3" \
    --user-data-dir="$prof" --no-first-run --disable-background-networking --disable-component-update \
    --disable-sync --screenshot="$2" "file://$1" > "$2.log" 2>&1
  rm -rf "$prof"
  [ -s "$2" ] && python3 "$tests_dir/cli/png_colored.py" "$2"
}
# shot_has_plots HTML HEIGHT MIN IF_NO_CHROMIUM: ok when the screenshot of
# HTML holds more than MIN strongly coloured pixels (the plots); without
# Chromium, IF_NO_CHROMIUM (bad or skipped) says so
shot_has_plots() {
  if ! command -v chromium > /dev/null; then "$4" "report screenshot: chromium not installed (Debian package chromium)"
  elif read -r coloured w h < <(html_shot "$1" "$tmp/shot.png" "$2"); then
    [ "${coloured:-0}" -gt "$3" ] && ok "report in headless Chromium: plots visible ($coloured coloured pixels in ${w}x$h)" ||
      bad "report screenshot shows too few plot pixels ($coloured coloured, wanted more than $3)"
  else bad "chromium wrote no screenshot: $(tail -3 "$tmp/shot.png.log")"; fi
}
