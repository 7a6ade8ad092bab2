#!/usr/bin/env bash
# What a trace shows and what happens when it cannot be written:
# - exp_* change at the same dumps as the RTL's outputs in a passing run
#   (registered outputs after the clock edge too), and a cycle counter;
# - a failing run's .gtkw opens on the first mismatch: the mismatch flag and
#   each differing output above its exp_ twin in colour, the window around
#   it, the marker on it; lane buses split per lane (hwwl);
# - the same seen in GTKWave itself under Xvfb: its Tcl state (window, marker,
#   rows) and a screenshot whose coloured rows are at the top;
# - a trace that cannot be written (file-size limit, /dev/full): exit 3, the
#   path and OS error named, *.partial, no .gtkw;
# - --wave-limit: refused ahead (exit 2) on the estimate, a hard stop on
#   whole cycles, bad values refused.
# Prints "wave_view: N passed, N failed, N skipped".
set -u
irhw=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
scratch wave_view
cd "$tmp" || exit 1

# the outputs whose changes (time and value) are not their exp_ twin's
out_of_step() {
  awk '$2 ~ /^exp_/ { e[substr($2, 5)] = e[substr($2, 5)] " " $1 ":" $3; next }
       { a[$2] = a[$2] " " $1 ":" $3 }
       END { for (k in e) if (a[k] != e[k]) print k }' "$1"
}

have_fst2vcd=1
command -v fst2vcd > /dev/null || have_fst2vcd=0

# ---- exp_* in step with the RTL, and the cycle counter ----------------------
if [ $have_fst2vcd = 0 ]; then
  skipped "fst2vcd not installed (Debian package gtkwave): no FST contents checked"
else
  for ext in fst vcd; do
    if "$irhw" cosim wl_bank --cycles 400 --quiet --wave "step.$ext" --wave-from 100 > out 2>&1; then
      tb_changes "step.$ext" > "step.$ext.ch"
      late=$(awk '$2 ~ /^exp_/ && $1 % 10 == 5' "step.$ext.ch" | wc -l)
      odd=$(out_of_step "step.$ext.ch" | tr '\n' ' ')
      # registered outputs change after the edge (10n+5): some exp_ must too
      [ -z "$odd" ] && [ "$late" -gt 50 ] &&
        ok "wave $ext: every output changes with its exp_ ($late exp_ changes after a clock edge)" ||
        bad "wave $ext: outputs out of step with exp_: '$odd' ($late exp_ changes at 10n+5)"
      grep -qx "1000 cycle 64" "step.$ext.ch" && grep -qx "3990 cycle 18f" "step.$ext.ch" &&
        ! awk '$2 == "cycle" && $1 % 10' "step.$ext.ch" | grep -q . &&
        ok "wave $ext: the cycle counter (100 at 1000 ps, 399 at 3990 ps, changes at 10n only)" ||
        bad "wave $ext: cycle counter: $(grep ' cycle ' "step.$ext.ch" | head -3 | tr '\n' ' ')"
    else bad "wave $ext run: $(cat out)"; fi
  done
fi

# ---- a failing run's view -------------------------------------------------------
"$irhw" gen wl_bank -o g > /dev/null 2>&1
fault=redistribution_priority_inverted
expr=$(sed -n "s/^$fault | //p" "$tests_dir/cosim/faults/wl_bank.faults")
sed "$expr" g/wl_bank_e32_w24_t5_flops.v > broken.v
"$irhw" cosim wl_bank --rtl broken.v --no-assert --quiet --wave w.fst > out 2>&1
rc=$?
cyc=$(sed -n 's/^MISMATCH wl_bank at cycle \([0-9]*\) .*/\1/p' out)
ports=$(sed -n 's/^  port \([a-z_0-9]*\) .*/\1/p' out | tr '\n' ' ')
if [ $rc = 1 ] && [ -n "$cyc" ] && [ -s w.gtkw ] && [ "$cyc" -gt 25 ]; then
  # rows of the .gtkw: the signal names in order, groups as "{name" and "}"
  rows=$(awk '/^@/ { flag = $0; next } /^\[color\]/ { col = $2; next }
    /^-/ { print (flag ~ /^@(800|c00)/ ? "{" : "}") substr($0, 2); col = ""; next }
    /^TOP\./ { sub(/^TOP\.irhw_tb\./, ""); sub(/\[.*/, ""); print $0 (col ? " color" col : ""); col = "" }' w.gtkw)
  want="cycle
{first mismatch: cycle $cyc
mismatch color1"
  for p in $ports; do want="$want
$p color1
exp_$p color3"; done
  want="$want
}first mismatch: cycle $cyc
{clock and reset"
  got=$(echo "$rows" | head -n "$(echo "$want" | wc -l)")
  [ "$got" = "$want" ] && [ -n "$ports" ] &&
    ok "wave .gtkw of $fault: cycle, then the first-mismatch group: mismatch, ${ports}each above its exp_, in colour" ||
    bad "wave .gtkw of $fault: rows $(echo "$got" | tr '\n' '|') want $(echo "$want" | tr '\n' '|')"
  grep -q "^\[timestart\] $(((cyc - 21) * 10))\$" w.gtkw && grep -q "^\*-[0-9.]* $((cyc * 10)) $((cyc * 10)) " w.gtkw &&
    ok "wave .gtkw: opens 21 cycles before the mismatch, primary marker and marker A at $((cyc * 10)) ps" ||
    bad "wave .gtkw: window/marker: $(grep -E '^\[timestart\]|^\*' w.gtkw | tr '\n' ' ')"
else
  bad "wave failing run ($fault): rc=$rc, cycle '$cyc': $(head -5 out)"
fi

# GTKWave itself, under Xvfb: its own state through Tcl (a timer script, run
# once the window is up) and a screenshot of it.
if ! command -v gtkwave > /dev/null || ! command -v xvfb-run > /dev/null || ! command -v import > /dev/null ||
  ! command -v convert > /dev/null; then
  skipped "gtkwave, xvfb-run or ImageMagick's import/convert missing (Debian: gtkwave xvfb imagemagick; make deps): GTKWave's view not checked"
elif [ -s w.gtkw ] && [ -n "$cyc" ]; then
  cat > state.tcl << 'EOF'
set f [open "state.txt.part" w]
puts $f "window [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime] marker [gtkwave::getMarker]"
set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} { puts $f "row $i [gtkwave::getTraceNameFromIndex $i]" }
close $f
file rename -force state.txt.part state.txt
EOF
  cat > show.sh << 'EOF'
gtkwave -R state.tcl w.gtkw > gtkwave.log 2>&1 & p=$!
for i in $(seq 1 60); do [ -s state.txt ] && break; sleep 0.5; done
# the first draws after the script: shot again until the top third shows
# colour, 20 s at most (a loaded machine draws late)
for i in $(seq 1 20); do
  sleep 1; import -window root shot.png
  convert shot.png ppm:- | python3 "$PNG_ROWS" 333 | awk 'NR == 1 { exit !($2 > 1000 && $3 > 1000) }' && break
done
kill $p
EOF
  PNG_ROWS=$here/png_rows.py timeout 120 xvfb-run -a -s "-screen 0 1600x1000x24" bash show.sh > /dev/null 2>&1
  if [ -s state.txt ] && [ -s shot.png ]; then
    read -r _ ws we _ mk < <(head -1 state.txt)
    [ "$ws" -le $(((cyc - 20) * 10)) ] && [ "$we" -ge $(((cyc + 5) * 10)) ] && [ "$mk" = $((cyc * 10)) ] &&
      [ $((we - ws)) -le $((40 * 10)) ] &&
      ok "GTKWave opens on ${ws}..${we} ps (cycles $((ws / 10))..$((we / 10))), the mismatch (cycle $cyc) and 20 before, 5 after in it, marker $mk" ||
      bad "GTKWave window ${ws}..${we} ps, marker $mk: want cycles $((cyc - 20))..$((cyc + 5)) in a window of at most 40, marker $((cyc * 10))"
    # the mismatch rows among the first ten rows (a 900-pixel window shows ~35)
    first=$(sed -n 's/^row \([0-9]*\) \(.*\)/\1 \2/p' state.txt | head -10 | cut -d' ' -f2- | tr '\n' ' ')
    miss=""; for p in mismatch $ports; do echo " $first " | grep -q " $p " || miss="$miss $p"; done
    [ -z "$miss" ] && ok "GTKWave's first rows: $first" || bad "GTKWave's first ten rows lack$miss: $first"
    # the coloured rows (red RTL, yellow exp_) in the top third, none below
    convert shot.png ppm:- | python3 "$here/png_rows.py" 333 > bands
    read -r _ r0 y0 < <(sed -n 1p bands); read -r _ r1 y1 < <(sed -n 2p bands); read -r _ r2 y2 < <(sed -n 3p bands)
    [ "$r0" -gt 1000 ] && [ "$y0" -gt 1000 ] && [ $((r1 + y1 + r2 + y2)) -lt 100 ] &&
      ok "GTKWave screenshot: red and yellow rows (the mismatch and its exp_) in the top third ($r0 red, $y0 yellow pixels; below: $((r1 + y1 + r2 + y2)))" ||
      bad "GTKWave screenshot: red/yellow pixels by third: $(tr '\n' ' ' < bands) (kept in $tmp/shot.png)"
  else
    bad "GTKWave under Xvfb: no state or screenshot ($(head -c 300 gtkwave.log 2> /dev/null))"
  fi
fi

# hwwl: its lane buses (64 lanes) split per lane in the view
if "$irhw" cosim hwwl --cycles 60 --quiet --wave h.fst > out 2>&1; then
  n=$(grep -c '^#{TOP\.irhw_tb\.push_id_lane[0-9]*\[23:0\]}' h.gtkw)
  l0=$(grep '^#{TOP\.irhw_tb\.push_id_lane0\[' h.gtkw | wc -w)
  grep -q '^-push_id per lane$' h.gtkw && [ "$n" = 64 ] && [ "$l0" = 25 ] &&
    grep -q '^#{TOP\.irhw_tb\.exp_pull_id_lane63\[23:0\]} (0)TOP' h.gtkw &&
    ok "wave hwwl: push_id, pull_id (and exp_) split into 64 lanes of 24 bits" ||
    bad "wave hwwl lanes: $n push_id lanes, lane 0 of $l0 words"
else bad "wave hwwl: $(tail -3 out)"; fi

# ---- a trace that cannot be written ------------------------------------------
# a file-size limit (64 KB) for FST and VCD, and a VCD that is /dev/full (the
# FST library replaces a symlink with a file of its own)
unwritable() { # NAME FILE [SETUP]: the run under the failure
  local name=$1 f=$2 out rc
  rm -f "$f" "$f.partial" "${f%.*}.gtkw"
  echo stale > "${f%.*}.gtkw"
  case $name in
  limit) out=$( (trap '' XFSZ; ulimit -f 64; "$irhw" cosim wl_bank --cycles 20000 --quiet --wave "$f") 2>&1); rc=$? ;;
  full) ln -s /dev/full "$f"; out=$("$irhw" cosim wl_bank --cycles 2000 --quiet --wave "$f" 2>&1); rc=$? ;;
  esac
  if [ $rc = 3 ] && echo "$out" | grep -q "writing the trace $f failed: .*; the part written is $f.partial" &&
    echo "$out" | grep -qE "File too large|No space left" && { [ -e "$f.partial" ] || [ -L "$f.partial" ]; } &&
    [ ! -e "${f%.*}.gtkw" ] && [ ! -e "$f" ] && [ ! -L "$f" ]; then
    ok "wave $f under a $name: exit 3, path and OS error named, $f.partial, no .gtkw"
  else
    bad "wave $f under a $name: rc=$rc: $out ($(ls))"
  fi
}
unwritable limit lim.fst
unwritable limit lim.vcd
unwritable full full.vcd

# ---- --wave-limit -----------------------------------------------------------------
out=$("$irhw" cosim hwwl --cycles 20000000 --wave t.fst 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "about [0-9.]*G bytes expected (20000000 cycles recorded" &&
  echo "$out" | grep -q -- "--wave-from" && echo "$out" | grep -q -- "--wave-limit 2.0G" && [ ! -e t.fst ] &&
  ok "wave-limit: hwwl 20 M cycles refused ahead (exit 2): $(echo "$out" | cut -c1-110)..." ||
  bad "wave-limit: hwwl 20 M cycles not refused: rc=$rc $out"
for v in 3x -1 1.5G 2000T ""; do
  out=$("$irhw" cosim wl_bank --cycles 10 --wave v.fst --wave-limit "$v" 2>&1); rc=$?
  [ $rc = 2 ] && echo "$out" | grep -qE -- "--wave-limit '$v' must be a size|--wave-limit needs a value, not an empty one" &&
    ok "wave-limit '$v' refused (exit 2)" || bad "wave-limit '$v': rc=$rc $out"
done
# swt writes a fifth more VCD than estimated: under a limit between the two
# the estimate passes and the trace stops during the run, on a whole cycle
out=$("$irhw" cosim swt --cycles 20000 --quiet --wave s.vcd --wave-limit 3700K 2>&1); rc=$?
held=$(echo "$out" | sed -n 's/.*it holds cycles 0\.\.\([0-9]*\) .*/\1/p')
last=$(grep '^#' s.vcd | tail -1)
if [ $rc = 0 ] && [ -n "$held" ] && [ "$(stat -c %s s.vcd)" -le $((3700 * 1024)) ] &&
  [ "$last" = "#$((held * 10 + 5))" ] && [ "$held" -lt 19999 ] && [ -s s.gtkw ]; then
  ok "wave-limit 3700K: swt's VCD stops at cycle $held, whole ($last), $(stat -c %s s.vcd) bytes"
else
  bad "wave-limit 3700K: rc=$rc, held '$held', last $last, $(stat -c %s s.vcd 2> /dev/null) bytes: $out"
fi
if [ $have_fst2vcd = 1 ]; then
  # hwwl_core: 47 bytes a cycle against 42 estimated; the FST block being
  # gathered counts uncompressed, so the file stops well under the limit
  out=$("$irhw" cosim hwwl_core --cycles 20000 --quiet --wave s.fst --wave-limit 900K 2>&1); rc=$?
  held=$(echo "$out" | sed -n 's/.*it holds cycles 0\.\.\([0-9]*\) .*/\1/p')
  last=$(fst2vcd s.fst 2> s.err | grep '^#' | tail -1)
  [ $rc = 0 ] && [ -n "$held" ] && [ "$last" = "#$((held * 10 + 5))" ] && [ ! -s s.err ] &&
    [ "$(stat -c %s s.fst)" -le $((900 * 1024)) ] &&
    ok "wave-limit 900K: hwwl_core's FST stops at cycle $held and reads back whole ($(stat -c %s s.fst) bytes)" ||
    bad "wave-limit 900K FST: rc=$rc held '$held' last '$last' $(head -c 200 s.err): $out"
fi

echo "wave_view: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
