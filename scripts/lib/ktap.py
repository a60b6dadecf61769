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

Test = kunit_parser.Test
Status = kunit_parser.TestStatus


def parse(lines: Iterable[str], errors: List[str]) -> Test:
	"""The tree kunit.py parse makes of @lines; its error messages are
	appended to @errors."""
	out = io.StringIO()
	test = kunit_parser.parse_run_tests(lines, kunit_printer.Printer(output=out))
	errors += [l.split('[ERROR] ', 1)[-1] for l in out.getvalue().splitlines() if '[ERROR]' in l]
	return test


def diagnostic(text: str) -> str:
	"""@text as a diagnostic line. kunit_parser stops reading a document
	at a kernel's last words ("Kernel panic - not syncing: VFS:", ...,
	its KTAP_END) anywhere in a line: quoted in a diagnostic, they have
	their first letter's case turned."""
	return '# ' + kunit_parser.KTAP_END.sub(
		lambda m: m.group(0)[:m.start(1) - m.start(0)] + m.group(1)[0].swapcase() + m.group(1)[1:], text)


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


def counts(test: Test, status: int = 0) -> Tuple[int, int, int, str]:
	"""(passed, failed, skipped, why) of a parsed document: see ktap-count."""
	c = test.counts
	passed, failed, skipped = c.passed, c.failed + c.crashed, c.skipped
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


RESULT = re.compile(r'^(ok|not ok) ')
PLAN = re.compile(r'^1\.\.(\d+)$')


def nested(name: str, lines: List[str], errors: List[str], status: int = 0) \
		-> Tuple[List[str], Test, Tuple[int, int, int, str]]:
	"""@lines, a document, as the subtests of the next test, @name: its
	lines indented after its version line and "# Subtest: @name"; then the
	parsed document and its counts (see ktap-count), @status the exit status
	of what wrote it; the parser's error messages are appended to @errors.
	kunit_parser counts a failed test that has subtests only if they
	passed: a failure that is no failed test of the document
	(no KTAP, a malformed document, a non-zero @status) becomes one, a
	failed test "@name: WHAT" at its end, so that every failure the counts
	find is a test kunit_parser counts."""
	test = parse(lines, errors)
	p, f, s, why = counts(test, status)
	if why == 'broke':
		lines = [diagnostic(l) for l in lines]
	if not lines or not TOP_VERSION.match(lines[0]):
		lines = ['KTAP version 1'] + lines
	if f and not test.counts.failed + test.counts.crashed:
		n = sum(1 for l in lines if RESULT.match(l)) + 1
		plan = [i for i, l in enumerate(lines) if PLAN.match(l)][:1]
		if plan:
			lines[plan[0]] = '1..%d' % n
		what = {'broke': 'no KTAP', 'errors': 'a malformed document'}.get(why, 'exit status %d' % status)
		lines = lines + ['not ok %d %s: %s' % (n, name.replace('#', ''), what)]
	block = ['  ' + lines[0], '  # Subtest: ' + name.replace('#', '')] + ['  ' + l for l in lines[1:]]
	return block, test, (p, f, s, why)


class Writer:
	"""The KTAP writer for Python, as scripts/lib/ktap.sh is for bash: a
	document's version line and plan, then each result after its
	diagnostics (diagnostic()); a name carries no "#"."""
	def __init__(self, plan: int):
		self.n = 0
		self.failed = 0
		print('KTAP version 1\n1..%d' % plan)

	def result(self, ok: bool, name: str, diag: List[str] = ()) -> None:
		for d in diag:
			print(diagnostic(d))
		self.n += 1
		self.failed += not ok
		print('%s %d %s' % ('ok' if ok else 'not ok', self.n, name.replace('#', '')))

	def nest(self, name: str, lines: List[str]) -> Test:
		"""@lines, a document, as the next test's subtests (nested())."""
		errors: List[str] = []
		block, test, (p, f, s, why) = nested(name, lines, errors)
		print('\n'.join(block))
		self.result(f == 0, name, errors + ([f'{p} passed, {f} failed, {s} skipped ({why})'] if f else []))
		return test
