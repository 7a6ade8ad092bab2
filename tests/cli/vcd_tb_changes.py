#!/usr/bin/env python3
"""The value changes of irhw_tb's own signals (scope TOP.irhw_tb, not its
sub-scopes) in a VCD file, one "time name value" line each (value in hex),
sorted: two traces of the same run compare with diff. Identifiers shared by
several names (Verilator merges one net's names) count for each name."""
import sys

names = {}   # code -> [names] in TOP.irhw_tb
scope = []
time = 0
out = []
with open(sys.argv[1]) as f:
    defs = True
    for line in f:
        t = line.split()
        if not t:
            continue
        if defs:
            if t[0] == "$scope":
                scope.append(t[2])
            elif t[0] == "$upscope":
                scope.pop()
            elif t[0] == "$var" and scope == ["TOP", "irhw_tb"]:
                names.setdefault(t[3], []).append(t[4])
            elif t[0] == "$enddefinitions":
                defs = False
            continue
        if t[0][0] == "#":
            time = int(t[0][1:])
            continue
        if t[0][0] in "bB":
            val, code = t[0][1:], t[1]
        elif t[0][0] in "01xzXZ":
            val, code = t[0][0], t[0][1:]
        else:
            continue  # $dumpvars, $end, ...
        for n in names.get(code, ()):
            out.append("%d %s %x" % (time, n, int(val, 2)))
print("\n".join(sorted(out, key=lambda s: (int(s.split()[0]), s))))
