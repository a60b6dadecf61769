#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""layout: the bases, the threads and where the cache is, defined here
only. The Python scripts import it; scripts/lib/lib.sh takes the same
values from "layout.py --shell", which prints them as bash assignments
(or an error and a non-zero status)."""

import os
import shlex
import sys
from typing import List, Tuple

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The bases: PRIMARY_BASE, what the series is made against (its release
# PRIMARY_RELEASE, named by the cover letters), and BACKPORT_BASE, the LTS
# tree, which gets a backport generated from the same sources and a named
# delta (series/BACKPORT_NAME/) into patches/BACKPORT_NAME/, with
# BACKPORT_PREFIX after each thread's subject prefix. KEYS_BASE, from the
# environment, picks the base a script works on; the primary by default.
PRIMARY_BASE = '7.3'
PRIMARY_RELEASE = 'v7.3.4'
BACKPORT_BASE = '6.12'
BACKPORT_NAME = 'backport-6.12.y'
BACKPORT_PREFIX = '6.12.y'
BASES = [PRIMARY_BASE, BACKPORT_BASE]
KEYS_BASE = os.environ.get('KEYS_BASE') or PRIMARY_BASE

# KEYS_SERIES_CACHE: the base trees, builds and logs; never inside the
# repository, nor under /tmp (the UML guests mount a tmpfs there).
CACHE = os.environ.get('KEYS_SERIES_CACHE') or os.path.join(
	os.environ.get('XDG_CACHE_HOME') or os.path.join(os.path.expanduser('~'), '.cache'),
	'keys-series')


def base_tree(base: str) -> str:
	"""The git tree of @base (tag "base", branch "series")."""
	return os.path.join(CACHE, base, 'linux')


PRIMARY_TREE = base_tree(PRIMARY_BASE)
BACKPORT_TREE = base_tree(BACKPORT_BASE)
BASE_DIR = os.path.join(CACHE, KEYS_BASE)	# the tree, builds and logs of KEYS_BASE
BASE_TREE = base_tree(KEYS_BASE)


def threads() -> List[Tuple[str, int, str]]:
	"""series/threads: (name, number of its first series/ patch, subject
	prefix) of each thread, in the order they are sent."""
	out = []
	with open(os.path.join(REPO, 'series', 'threads')) as f:
		for line in f:
			fields = line.split(None, 2)
			if not fields or fields[0].startswith('#'):
				continue
			if len(fields) < 3 or not fields[1].isdigit():
				sys.exit('error: series/threads: not "NAME FIRST PREFIX": ' + line.strip())
			out.append((fields[0], int(fields[1], 10), fields[2].strip()))
	return out


def problems() -> List[str]:
	"""What is wrong with the environment's choices."""
	why = []
	if KEYS_BASE not in BASES:
		why.append('KEYS_BASE=%s: not one of the bases (%s)' % (KEYS_BASE, ' '.join(BASES)))
	cache = os.path.abspath(CACHE)
	if cache == REPO or cache.startswith(REPO + os.sep):
		why.append('KEYS_SERIES_CACHE (%s) must be outside the repository' % CACHE)
	if cache == '/tmp' or cache.startswith('/tmp/'):
		why.append('KEYS_SERIES_CACHE (%s) must not be under /tmp: '
			   'the UML guests mount a tmpfs there' % CACHE)
	return why


def require() -> None:
	"""Stop with the first of problems(), if any."""
	for problem in problems():
		sys.exit('error: ' + problem)


def shell() -> str:
	"""The values above as bash assignments, THREAD_* as arrays."""
	values = [(name, globals()[name]) for name in (
		'PRIMARY_BASE', 'PRIMARY_RELEASE', 'BACKPORT_BASE', 'BACKPORT_NAME',
		'BACKPORT_PREFIX', 'KEYS_BASE', 'CACHE', 'PRIMARY_TREE', 'BACKPORT_TREE',
		'BASE_DIR', 'BASE_TREE')]
	lines = ['%s=%s' % (name, shlex.quote(value)) for name, value in values]
	lines.append('BASES=%s' % shlex.quote(' '.join(BASES)))
	ts = threads()
	for name, column in (('THREADS', 0), ('THREAD_FIRST', 1), ('THREAD_PREFIX', 2)):
		lines.append('%s=(%s)' % (name, ' '.join(shlex.quote(str(t[column])) for t in ts)))
	return '\n'.join(lines)


if __name__ == '__main__':
	if sys.argv[1:] != ['--shell']:
		sys.exit('usage: %s --shell' % sys.argv[0])
	require()
	print(shell())
