#!/usr/bin/env bash
# make lint: cppcheck's warnings and clang-format's layout. First on a scratch
# tree with one fault of each kind (an uninitialised read, a misformatted
# line), each found and named while the clean file beside it is not, then on
# irhw's sources, which must be clean. The argument (the irhw binary) is not
# used. Prints "lint: N passed, N failed, N skipped".
set -u
. "$(dirname "$0")/../lib.sh"
scratch lint
lint() { make --no-print-directory -s -C "$root" lint LINT_DIRS="$*" 2>&1; }
tools=1
for t in cppcheck clang-format; do
  command -v $t > /dev/null || { bad "$t is not installed (make deps installs it)"; tools=0; }
done
if [ $tools = 1 ]; then
  # ---- the tools find each kind of fault, and only there
  mkdir -p "$tmp/uninit" "$tmp/layout"
  cp "$root/.clang-format" "$tmp/uninit/" && cp "$root/.clang-format" "$tmp/layout/"
  printf 'int clean(int a)\n{\n    return a + 1;\n}\n' > "$tmp/uninit/clean.c"
  cp "$tmp/uninit/clean.c" "$tmp/layout/clean.c"
  printf 'int read_uninit(void)\n{\n    int x;\n    return x;\n}\n' > "$tmp/uninit/read.c"
  printf 'int  ugly( void ){return 1;}\n' > "$tmp/layout/ugly.c"
  out=$(lint "$tmp/uninit"); rc=$?
  [ $rc != 0 ] && grep -q 'read\.c:4:.*uninitvar' <<< "$out" && ! grep -q 'clean\.c' <<< "$out" &&
    ok "cppcheck: an uninitialised read fails make lint, named (read.c:4, uninitvar)" ||
    bad "cppcheck on a planted uninitialised read: exit $rc: $out"
  out=$(lint "$tmp/layout"); rc=$?
  [ $rc != 0 ] && grep -q 'ugly\.c:1:.*clang-format' <<< "$out" && ! grep -q 'clean\.c' <<< "$out" &&
    ok "clang-format: a misformatted line fails make lint, named (ugly.c:1)" ||
    bad "clang-format on a planted misformatted line: exit $rc: $out"

  # ---- irhw's sources
  out=$(lint model gen tb sim area); rc=$?
  [ $rc = 0 ] && ok "make lint on model gen tb sim area: no cppcheck warning, clang-format clean" ||
    bad "make lint on irhw's sources: exit $rc: $(grep -E 'error|warning' <<< "$out" | head -8)"
fi
echo "lint: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
