#!/usr/bin/env python3
"""The layers of irhw's sources (docs/development.md): model (bottom) <-
gen, area <- tb <- sim (top). Prints one line per breach and exits 1 if
there is any:

  up-include A H   A includes H, a header of a higher layer
  up-call A B      A's object calls (or reads) a symbol B's object defines,
                   B of a higher layer (needs OBJDIR, from `nm`)
  mutual-include A B  each includes the other's header (x.h is x.c's)
  mutual-call A B  each calls (or reads) a symbol the other defines
  long A N         a C file of N > 1000 lines (generated data excepted: a
                   file that says "generated data" in its first 5 lines)

Allowed: a block's x.c / x_block.c pair depending on each other, and a
block description (model/x_block.c) naming its own hooks (gen/x.c,
tb/x_stim.c): the registration of the block contract, not a call.

usage: layers.py ROOT [OBJDIR]
"""
import os
import re
import subprocess
import sys

LAYER = {"model": 0, "gen": 1, "area": 1, "tb": 2, "sim": 3}
SEARCH = ("model", "area", "tb", "sim")  # the Makefile's -I order
MAX_LINES = 1000


def sources(root):
    files = {}
    for d in LAYER:
        path = os.path.join(root, d)
        if not os.path.isdir(path):
            continue
        for f in sorted(os.listdir(path)):
            if f.endswith((".c", ".h")):
                with open(os.path.join(path, f), errors="replace") as fh:
                    files[f"{d}/{f}"] = fh.read()
    return files


def layer(path):
    return LAYER[path.split("/")[0]]


def resolve(files, user, name):
    here = user.split("/")[0]
    for cand in [f"{here}/{name}"] + [f"{d}/{name}" for d in SEARCH]:
        if cand in files:
            return cand
    return None


def owner(header):
    """The C file a header belongs to: x.h is x.c's (a shared x_int.h is
    its folder's, no one file's)."""
    return header[:-2] + ".c"


def allowed_pair(a, b):
    """A block's x.c / x_block.c, or a description naming its own hooks."""
    for x, y in ((a, b), (b, a)):
        m = re.fullmatch(r"model/(\w+)_block\.c", x)
        if m and y in (f"model/{m.group(1)}.c", f"gen/{m.group(1)}.c",
                       f"tb/{m.group(1)}_stim.c"):
            return True
    return False


def include_deps(files, out):
    deps = {}
    for f, text in files.items():
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            h = resolve(files, f, name)
            if not h:
                continue
            if layer(h) > layer(f):
                out.append(f"up-include {f} {h}")
            o = owner(h)
            if f.endswith(".c") and o != f and o in files:
                deps.setdefault(f, set()).add(o)
    return deps


def call_deps(objdir, root):
    """Which source's object uses which other's symbols (one `nm` run); an
    object whose source is gone (left by an earlier build) is not read."""
    objs = {}
    for d in LAYER:
        od = os.path.join(objdir, d)
        if os.path.isdir(od):
            for f in sorted(os.listdir(od)):
                src = f"{d}/{f[:-2]}.c"
                if f.endswith(".o") and os.path.exists(os.path.join(root, src)):
                    objs[os.path.join(od, f)] = src
    if not objs:
        return {}
    nm = subprocess.run(["nm", "-g", "-A", *objs], capture_output=True, text=True,
                        check=True).stdout
    defs, undef = {}, {src: set() for src in objs.values()}
    for line in nm.splitlines():
        obj, _, rest = line.partition(".o:")
        src, p = objs.get(obj + ".o"), rest.split()
        if src is None:
            continue
        if len(p) == 2 and p[0] == "U":
            undef[src].add(p[1])
        elif len(p) == 3 and p[1] in "TDBRVWCG":
            defs.setdefault(p[2], src)
    return {s: {defs[x] for x in u if x in defs and defs[x] != s} for s, u in undef.items()}


def mutual(deps, what, out):
    for s in sorted(deps):
        for t in sorted(deps[s]):
            if s < t and s in deps.get(t, ()) and not allowed_pair(s, t):
                out.append(f"{what} {s} {t}")


def main():
    root = sys.argv[1]
    objdir = sys.argv[2] if len(sys.argv) > 2 else None
    files = sources(root)
    out = []
    mutual(include_deps(files, out), "mutual-include", out)
    if objdir:
        calls = call_deps(objdir, root)
        for s, ts in sorted(calls.items()):
            for t in sorted(ts):
                if layer(t) > layer(s) and not allowed_pair(s, t):
                    out.append(f"up-call {s} {t}")
        mutual(calls, "mutual-call", out)
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", "build", "bin", "out")]
        for n in names:
            if not n.endswith(".c"):
                continue
            p = os.path.join(dirpath, n)
            with open(p, errors="replace") as fh:
                text = fh.read()
            head = "\n".join(text.split("\n")[:5])
            lines = text.count("\n")
            if lines > MAX_LINES and "generated data" not in head:
                out.append(f"long {os.path.relpath(p, root)} {lines}")
    for line in out:
        print(line)
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main())
