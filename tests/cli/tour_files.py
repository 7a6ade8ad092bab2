#!/usr/bin/env python3
"""Every source file is named in docs/blocks.md's "Layout of the source
tree" (a header with its .c): prints the files it does not name (one a line) and exits 1 when
there are any. A block's own files (model/<b>.h, <b>.c, <b>_block.c,
gen/<b>.c, tb/<b>_stim.c) are named by the table's patterns.
Usage: tour_files.py ROOT"""
import os
import re
import sys

root = sys.argv[1]
text = open(os.path.join(root, "docs/blocks.md"), encoding="utf-8").read()
m = re.search(r"^## Layout of the source tree\n(.*?)^## ", text, re.S | re.M)
if not m:
    print("docs/blocks.md: no '## Layout of the source tree' section")
    sys.exit(1)
tour = m.group(1)
named = set(re.findall(r"`([A-Za-z0-9_./-]+\.(?:c|h|cpp|py|sh|in|lib|v))`", tour))
blocks = {f[:-len("_block.c")] for f in os.listdir(os.path.join(root, "model"))
          if f.endswith("_block.c")}
missing = []
for d in ("model", "gen", "tb", "sim", "area"):
    for f in sorted(os.listdir(os.path.join(root, d))):
        if not re.search(r"\.(c|h|cpp)$", f):
            continue
        stem = re.sub(r"(_block\.c|_stim\.c|\.c|\.h|\.cpp)$", "", f)
        if stem in blocks and d in ("model", "gen", "tb"):
            continue  # a block's own file: the table's <b> patterns
        if f in named or f"{d}/{f}" in named:
            continue
        if f.endswith(".h") and (f[:-2] + ".c" in named or f"{d}/{f[:-2]}.c" in named):
            continue  # a file's header goes with it
        missing.append(f"{d}/{f}")
for f in missing:
    print(f)
sys.exit(1 if missing else 0)
