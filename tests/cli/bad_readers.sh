#!/usr/bin/env bash
# The readers of user files, hostile inputs: `power --vcd` traces and
# `area|power --liberty` libraries that are empty, binary, a directory, cut
# short, malformed or declare more than they hold. Each must exit 2 (the
# user's input) naming the file and what is wrong, without a signal, within
# its time and memory bounds (the table, as in bad_inputs.sh); a trace that
# cannot be opened for a system reason exits 3 with the OS error; and
# `power --json` failing after the area prints no cut JSON (checks below the
# table; the one that runs Yosys is skipped under IRHW_CLI_QUICK=1).
# `make fuzz` runs the same readers under libFuzzer (tests/fuzz/).
# Prints "bad_readers: N passed, N failed, N skipped".
set -u
. "$(dirname "$0")/lib_cases.sh"
battery bad-readers "$1" 131072 # 128 MiB: no header may cost more

# ---- inputs ---------------------------------------------------------------
cd "$T"
# a small well-formed trace below irhw_tb.dut: clk ('!') rises twice, a ('"')
hdr='$timescale 1ps $end\n$scope module TOP $end\n$scope module irhw_tb $end\n$scope module dut $end\n$var wire 1 ! clk $end\n$var wire 1 " a $end\n'
end='$upscope $end\n$upscope $end\n$upscope $end\n$enddefinitions $end\n'
body='#0\n0!\n0"\n#5\n1!\n#10\n0!\n1"\n#15\n1!\n'
printf "$hdr$end$body" > ok.vcd
: > empty.vcd
mkdir -p adir.vcd
cp "$I" junk.vcd                                     # binary junk: an ELF file
printf 'not a trace\n' > text.vcd
printf '$upscope $end\n' > upscope.vcd                # $upscope before any $scope
printf "$hdr"'$var wire 64 " wide [63:0] $end\n'"$end$body" > redeclare.vcd
{ printf "$hdr"; for i in 1 2 3 4; do printf '$var wire 1048576 w%s big [1048575:0] $end\n' $i; done
  printf "$end$body"; } > wide.vcd                    # 0.3 KB declaring 4 Mi bits
{ printf "$hdr"; for i in 1 2 3; do printf '$var wire 65536 m%s mem%s [65535:0] $end\n' $i $i; done
  printf "$end$body"; } > manybits.vcd                # over 2^17 bits by its second $var
printf "$hdr$body" > noenddef.vcd                    # no $enddefinitions
printf "$hdr$end"'#0\n0!\n0"\n#5\n1!\n#10\n0!\nb1' > cutline.vcd # ends mid-change
printf "$hdr$end"'#0\n0!\n0"\n#5\n1!\n#10\n0!\nb1 \n' > cutchange.vcd
printf "$hdr$end"'#0\n0!\n0"\n#5\n1!\n#10\n0!\n1?\n#15\n1!\n' > undeclared.vcd
printf "$hdr$end"'#0\n0!\n#5\n1!\n#3\n0!\n#15\n1!\n' > backwards.vcd
printf "$hdr$end"'#0\n0!\n0"\n' > norise.vcd
: > empty.lib
cp "$I" junk.lib
sed 's/^\( *area *:\).*/\1 0 ;/' "$root/area/default_45nm.lib" > noarea.lib
printf '\037\213 not gzip data\n' > cut.lib.gz
cd - > /dev/null

cases=$(cat <<'EOF'
# -- power --vcd: read through before the synthesis, refused with exit 2
2 | 10 | empty.vcd: is empty: not a VCD trace | "$I" power fifo --vcd empty.vcd -o p
2 | 10 | adir.vcd: is a directory, not a file | "$I" power fifo --vcd adir.vcd -o p
2 | 10 | junk.vcd:1: a NUL byte: not a VCD trace | "$I" power fifo --vcd junk.vcd -o p
2 | 10 | text.vcd:1: expected a $ keyword of the VCD header | "$I" power fifo --vcd text.vcd -o p
2 | 10 | /dev/zero: is not a regular file | "$I" power fifo --vcd /dev/zero -o p
2 | 10 | --vcd 'nope.vcd' cannot be read: No such file or directory | "$I" power fifo --vcd nope.vcd -o p
2 | 10 | upscope.vcd:1: $upscope without an open $scope | "$I" power fifo --vcd upscope.vcd -o p
2 | 10 | redeclare.vcd:7: identifier '"' declared again with 64 bits, 1 before | "$I" power fifo --vcd redeclare.vcd -o p
2 | 10 | wide.vcd:7: unreadable $var line (the width must be 1..65536) | "$I" power fifo --vcd wide.vcd -o p
2 | 10 | manybits.vcd:8: the $var lines declare more bits than a trace of | "$I" power fifo --vcd manybits.vcd -o p
2 | 10 | noenddef.vcd:7: '#0' before $enddefinitions: the header is cut short | "$I" power fifo --vcd noenddef.vcd -o p
2 | 10 | cutline.vcd: the last line is cut short (no newline at the end): a truncated trace | "$I" power fifo --vcd cutline.vcd -o p
2 | 10 | cutchange.vcd:18: expected a value change of a declared identifier, found 'b1 ' | "$I" power fifo --vcd cutchange.vcd -o p
2 | 10 | undeclared.vcd:18: expected a value change of a declared identifier, found '1?' | "$I" power fifo --vcd undeclared.vcd -o p
2 | 10 | backwards.vcd:15: '#3' is not a time later than #5 | "$I" power fifo --vcd backwards.vcd -o p
2 | 10 | norise.vcd: the clock never rose | "$I" power fifo --vcd norise.vcd -o p
# -- --liberty: read before the synthesis, refused with exit 2
2 | 60 | empty.lib is not a liberty file (it is empty) | "$I" area fifo -p WIDTH=4 --liberty empty.lib -o a
2 | 60 | liberty junk.lib:1: a NUL byte at column 8: expected a text file | "$I" area fifo -p WIDTH=4 --liberty junk.lib -o a
2 | 60 | liberty noarea.lib gives no cell areas | "$I" area fifo -p WIDTH=4 --liberty noarea.lib -o a
2 | 60 | liberty cut.lib.gz: not whole gzip data | "$I" area fifo -p WIDTH=4 --liberty cut.lib.gz -o a
2 | 60 | liberty junk.lib:1: a NUL byte at column 8 | "$I" power fifo -p WIDTH=4 --liberty junk.lib --vcd ok.vcd -o p
2 | 60 | irhw sweep: liberty noarea.lib gives no cell areas | "$I" sweep fifo -p WIDTH=4,8 --do area --liberty noarea.lib -o sw
2 | 60 | irhw sweep: empty.lib is not a liberty file | "$I" sweep fifo -p WIDTH=4,8 --do area --liberty empty.lib -o sw
EOF
)

run_table "$cases"

# ---- checks a table row cannot express --------------------------------------
# no cells.lib is left from a refused liberty
[ ! -e "$T/a/cells.lib" ] && ok "a refused liberty leaves no cells.lib in the work folder" ||
  bad "a refused liberty left $T/a/cells.lib"

# a trace irhw may not open (EACCES): a system failure, exit 3 with the OS
# error; root reads any file, so it runs as nobody there
cp "$T/ok.vcd" "$T/noperm.vcd"; chmod 000 "$T/noperm.vcd"
as_user=""
[ "$(id -u)" = 0 ] && command -v setpriv > /dev/null && as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" = 0 ] && [ -z "$as_user" ]; then
  skipped "unreadable --vcd: running as root without setpriv"
else
  chmod 755 "$T"
  out=$(cd "$T" && $as_user "$I" power fifo --vcd "$T/noperm.vcd" -o "$T/p" 2>&1); rc=$?
  [ $rc -eq 3 ] && grep -qF "noperm.vcd: cannot read: Permission denied" <<< "$out" &&
    ok "unreadable --vcd: exit 3, the path and the OS error" || bad "unreadable --vcd: exit $rc: $out"
fi

# power --json failing after the area (a trace of other ports than the
# netlist's): nothing on stdout, never a cut JSON object. The liberty is the
# default one with leakage added, so power is not refused for want of power
# data (a fresh synthesis the first time, then cached)
# (the unit stage only: Yosys and OpenSTA are not run under the sanitizers)
if [ "${IRHW_CLI_QUICK:-0}" != 1 ]; then
  sed 's/^\( *area *:.*;\)$/\1 cell_leakage_power : 0.001 ;/' "$root/area/default_45nm.lib" > "$T/leaky.lib"
  (cd "$T" && "$I" power fifo -p WIDTH=4 --liberty leaky.lib --vcd ok.vcd -o pj --json > pj.json 2> pj.err); rc=$?
  if [ $rc -eq 2 ] && [ ! -s "$T/pj.json" ] && grep -qF "the netlist's input" "$T/pj.err"; then
    ok "power --json failing after the area: exit 2, nothing on stdout"
  else
    bad "power --json failing after the area: exit $rc, stdout '$(head -c 80 "$T/pj.json")', $(tail -1 "$T/pj.err")"
  fi
  # the liberty without power data: the area and power null, one whole document
  (cd "$T" && "$I" power fifo -p WIDTH=4 --liberty "$root/area/default_45nm.lib" --vcd ok.vcd -o pn --json > pn.json 2> pn.err); rc=$?
  [ $rc -eq 2 ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["power"] is not None)' "$T/pn.json" &&
    ok "power --json without power data: exit 2, one whole document with power null" ||
    bad "power --json without power data: exit $rc, $(head -c 80 "$T/pn.json")"
fi

echo "bad_readers: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
