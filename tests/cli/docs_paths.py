"""Checks the paths under tests/ that text names: every "tests/..." written
from the repository root (not "build/tests/...", not a pattern such as
tests/unit/test_<block>.c or tests/cosim/faults/$b.faults) names a file or
folder that exists, relative to the working directory (the root).
usage: docs_paths.py FILE...  -> one "FILE:LINE: path -> no such file" line
per stale path on stdout; exit 1 if any."""
import os, re, sys

PATH = re.compile(r'(?<![\w/.$-])tests/([\w./-]*)')

bad = 0
for f in sys.argv[1:]:
    for n, line in enumerate(open(f, encoding='utf-8', errors='replace'), 1):
        for m in PATH.finditer(line):
            rest = m.group(1).rstrip('.')
            after = line[m.end():m.end() + 1]
            if not rest or after in ('<', '*', '$', '{', '%', '['):
                continue
            if not os.path.exists('tests/' + rest):
                print('%s:%d: tests/%s -> no such file' % (f, n, rest))
                bad += 1
sys.exit(1 if bad else 0)
