# SPDX-License-Identifier: GPL-2.0
"""ktap: KTAP documents read with kunit.py's own parser (kunit_parser of
the primary base tree), for scripts/lib/ktap-count and judge-boot."""

import io
import os
import re
import sys
from typing import Iterable, List, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layout  # pylint: disable=wrong-import-position
layout.require()
sys.path.insert(0, os.path.join(layout.PRIMARY_TREE, 'tools', 'testing', 'kunit'))
import kunit_parser  # pylint: disable=wrong-import-position
import kunit_printer  # pylint: disable=wrong-import-position

CONSOLE_END = kunit_parser.KTAP_END
NEVER = re.compile(r'(?!)')
Test = kunit_parser.Test
Status = kunit_parser.TestStatus


def parse(lines: Iterable[str], errors: List[str]) -> Test:
	"""The tree kunit.py parse makes of @lines; its error messages are
	appended to @errors."""
	out = io.StringIO()
	# Our documents carry consoles' lines as diagnostics: a kernel's last
	# words ("Kernel panic - not syncing: VFS:", ...) in one do not end it,
	# as they end a console's KTAP for kunit.py.
	kunit_parser.KTAP_END = NEVER
	try:
		test = kunit_parser.parse_run_tests(lines, kunit_printer.Printer(output=out))
	finally:
		kunit_parser.KTAP_END = CONSOLE_END
	errors += [l.split('[ERROR] ', 1)[-1] for l in out.getvalue().splitlines() if '[ERROR]' in l]
	return test


def cut(lines: List[str]) -> List[str]:
	"""A document that starts at @lines, up to its last planned result
	line: not the console's lines after it."""
	m = re.match(r'^1\.\.(\d+)', lines[1]) if len(lines) > 1 else None
	if m and m.group(1) == '0':
		return lines[:2]
	if m:
		last = re.compile(r'^(ok|not ok) %s\b' % m.group(1))
		for i, line in enumerate(lines):
			if last.match(line):
				return lines[:i + 1]
	return lines


def extract(lines: Iterable[str]) -> List[str]:
	"""The KTAP document of a console, as the parser finds it, up to its
	last planned result line."""
	return cut(list(kunit_parser.extract_tap_lines(lines)))


def unseen_failures(test: Test) -> int:
	"""The tests that failed with subtests none of which failed, all
	skipped: kunit_parser counts a failed parent only when its subtests
	passed."""
	below = sum(unseen_failures(t) for t in test.subtests)
	if test.subtests and test.status in (Status.FAILURE, Status.TEST_CRASHED) and \
			test.counts.failed + test.counts.crashed + below == 0:
		return 1
	return below


def counts(test: Test, status: int = 0) -> Tuple[int, int, int, str]:
	"""(passed, failed, skipped, why) of a parsed document: see ktap-count."""
	c = test.counts
	passed, failed, skipped = c.passed, c.failed + c.crashed + unseen_failures(test), c.skipped
	if test.status == Status.FAILURE_TO_PARSE_TESTS:
		return 0, 1, 0, 'broke'
	if c.errors and not failed:
		return passed, 1, skipped, 'errors'
	if status and not failed:
		return passed, 1, skipped, 'exit'
	return passed, failed, skipped, 'ktap'


TOP_VERSION = re.compile(r'^K?TAP version \d+$')


def documents(lines: Iterable[str]) -> List[List[str]]:
	"""The top-level documents of a console: each from a version line at
	the start of a line up to the next, or to its last planned result line
	(carriage returns dropped)."""
	docs: List[List[str]] = []
	for line in lines:
		line = line.rstrip('\r\n')
		if TOP_VERSION.match(line):
			docs.append([])
		if docs:
			docs[-1].append(line)
	return [cut(d) for d in docs]


class Writer:
	"""The KTAP writer for Python, as scripts/lib/ktap.sh is for bash: a
	document's version line and plan, then each result after its
	diagnostics; a name carries no "#"."""
	def __init__(self, plan: int):
		self.n = 0
		self.failed = 0
		print('KTAP version 1\n1..%d' % plan)

	def result(self, ok: bool, name: str, diag: List[str] = ()) -> None:
		for d in diag:
			print('# ' + d)
		self.n += 1
		self.failed += not ok
		print('%s %d %s' % ('ok' if ok else 'not ok', self.n, name.replace('#', '')))

	def nest(self, name: str, lines: List[str]) -> Test:
		"""@lines, a document, as the next test's subtests."""
		errors: List[str] = []
		test = parse(lines, errors)
		p, f, s, why = counts(test)
		if not lines or not TOP_VERSION.match(lines[0]):
			lines = ['KTAP version 1'] + lines
		print('  ' + lines[0] + '\n  # Subtest: ' + name)
		print('\n'.join('  ' + l for l in lines[1:]))
		self.result(f == 0, name, errors + ([f'{p} passed, {f} failed, {s} skipped ({why})'] if f else []))
		return test
