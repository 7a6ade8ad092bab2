#!/usr/bin/env bash
# The layers of the sources (tests/cli/layers.py): model <- gen, area <- tb
# <- sim; no file includes a header of a higher layer or calls a higher
# layer's object, no two files depend on each other (but a block's x.c /
# x_block.c), no C file over 1,000 lines. First the checker on a made-up
# tree with one breach of each kind (and the allowed pairs), then on irhw's
# sources and objects (build/obj, or IRHW_OBJ). The argument (the irhw
# binary) is not used. Prints "layers: N passed, N failed, N skipped".
set -u
. "$(dirname "$0")/../lib.sh"
scratch layers
check=$tests_dir/cli/layers.py

# ---- the checker finds each kind of breach
t=$tmp/tree
mkdir -p "$t"/model "$t"/gen "$t"/tb "$t"/sim "$t"/area "$tmp/obj/model" "$tmp/obj/sim"
echo '#include "s.h"' > "$t/model/up.c"                       # model -> sim header
echo 'int s(void);' > "$t/sim/s.h"
printf '#include "y.h"\n' > "$t/gen/x.c"; echo 'int x(void);' > "$t/gen/x.h"
printf '#include "x.h"\n' > "$t/gen/y.c"; echo 'int y(void);' > "$t/gen/y.h"
printf '#include "q_block.h"\n' > "$t/model/q.c"; echo 'int q(void);' > "$t/model/q.h"
printf '#include "q.h"\n' > "$t/model/q_block.c"; echo 'int qb(void);' > "$t/model/q_block.h"
seq 1001 | sed 's|.*|/* line */|' > "$t/area/long.c"
echo 'int s(void); int m(void) { return s(); }' > "$tmp/m.c"
echo 'int m(void); int s(void) { return m(); }' > "$tmp/s.c"
echo 'int m(void) { return 1; }' > "$t/model/m.c"; echo 'int s(void) { return 0; }' > "$t/sim/s.c"
if cc -c "$tmp/m.c" -o "$tmp/obj/model/m.o" && cc -c "$tmp/s.c" -o "$tmp/obj/sim/s.o"; then
  out=$(python3 "$check" "$t" "$tmp/obj"); rc=$?
  for want in "up-include model/up.c sim/s.h" "mutual-include gen/x.c gen/y.c" \
    "up-call model/m.c sim/s.c" "mutual-call model/m.c sim/s.c" "long area/long.c 1001"; do
    grep -qxF "$want" <<< "$out" && ok "checker flags: $want" || bad "checker missed: $want (got: $out)"
  done
  [ $rc = 1 ] && ok "checker exits 1 on a breach" || bad "checker exit $rc on a breach"
  grep -q 'model/q' <<< "$out" && bad "checker flagged the allowed q.c/q_block.c pair: $out" ||
    ok "a block's x.c/x_block.c pair is allowed"
else
  skipped "no C compiler for the checker's object test"
fi

# ---- irhw's own sources
obj=${IRHW_OBJ:-$root/build/obj}
[ -d "$obj/model" ] || { obj=""; skipped "no objects in build/obj: calls not checked"; }
out=$(python3 "$check" "$root" $obj); rc=$?
for kind in up-include up-call mutual-include mutual-call long; do
  [ "$kind" = up-call ] || [ "$kind" = mutual-call ] && [ -z "$obj" ] && continue
  found=$(grep "^$kind " <<< "$out")
  [ -z "$found" ] && ok "sources: no $kind" || bad "sources: $kind: $(echo $found)"
done
[ $rc -le 1 ] || bad "layers.py failed (exit $rc)"
echo "layers: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
