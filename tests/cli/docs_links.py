"""Checks the relative links of Markdown files: every [text](target) outside
code names a file that exists (relative to the linking file), and a
#anchor names a heading of that file (GitHub's slugs). Links with a scheme
(https:, mailto:) are not followed.
usage: docs_links.py FILE.md...  -> one "FILE:LINE: link -> problem" line per
bad link on stdout; exit 1 if any."""
import os, re, sys

LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'[^\w\- ]', '', s)  # GitHub keeps letters, digits, _, -, space
    return s.replace(' ', '-')


def headings(path):
    out, seen, fence = set(), {}, False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fence = not fence
        m = None if fence else re.match(r'^#{1,6} (.*?)#*\s*$', line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else '%s-%d' % (s, n))
    return out


def links(path):
    fence = False
    for no, line in enumerate(open(path, encoding='utf-8'), 1):
        if line.startswith('```'):
            fence = not fence
            continue
        if fence:
            continue
        for m in LINK.finditer(re.sub(r'`[^`]*`', '', line)):
            yield no, m.group(1)


bad = 0
for f in sys.argv[1:]:
    for no, target in links(f):
        if re.match(r'^[a-z]+:', target):
            continue
        path, _, anchor = target.partition('#')
        dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        problem = None
        if not os.path.exists(dest):
            problem = 'no such file'
        elif anchor and dest.endswith('.md') and anchor not in headings(dest):
            problem = 'no heading #%s in %s' % (anchor, dest)
        if problem:
            print('%s:%d: %s -> %s' % (f, no, target, problem))
            bad += 1
sys.exit(1 if bad else 0)
