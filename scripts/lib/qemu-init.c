// SPDX-License-Identifier: GPL-2.0
/*
 * qemu-init: PID 1 of the initramfs that scripts/run-qemu-selftests boots
 * under QEMU.  Not part of the series: tooling, built static for the guest.
 *
 * The initramfs has no shell for kselftest's runner, so this does its
 * work.  Mounts proc, sysfs and a tmpfs on /tmp, then prints one KTAP
 * document on the console: what it runs on as diagnostics, "# MACHINE M"
 * (uname's machine: the booted kernel's architecture), "# ENDIAN E"
 * ("little" or "big": the byte order it stores an integer in), "# BITS N"
 * (the width of its long: the ABI the kernel runs it in) and "# PAGE_SIZE N"
 * (the kernel's, from the auxiliary vector via sysconf), and one test,
 * "selftests all", whose subtests are what kselftest's runner
 * (tools/testing/selftests/kselftest/runner.sh) would print for the tests
 * named in /keys/kselftest-list.txt ("keys:NAME" lines, as kselftest's
 * "make install" writes it; a list longer than MAX_TESTS fails the run
 * rather than lose its tail): each binary run from /keys, its output
 * prefixed with "# ", one result line per binary, exit status 4 a skip,
 * and the per-test timeout from /keys/settings ("timeout=N", default 45 s,
 * as the runner's).  That is what scripts/lib/uml-init prints for a run
 * of the runner, and scripts/lib/judge-boot reads both.  Then it reboots,
 * which ends QEMU under -no-reboot (as kunit.py's kunit_shutdown=reboot
 * does): a power-off did not end it on i386 ("Power off not available:
 * System halted instead", after ACPI errors at boot).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_TESTS 256

static void say(const char *fmt, const char *arg)
{
	printf(fmt, arg);
	fflush(stdout);
}

static int settings_timeout(void)
{
	FILE *f = fopen("/keys/settings", "r");
	int timeout = 45;
	char line[128];

	if (!f)
		return timeout;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "timeout=%d", &timeout) == 1)
			break;
	fclose(f);
	return timeout;
}

static long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/* Run one binary; return its wait status, or -1 if it timed out. */
static int run(const char *name, int timeout)
{
	char path[256], buf[4096], line[8192];
	size_t len = 0;
	int pipefd[2], status;
	long deadline = now() + timeout;
	pid_t pid;

	snprintf(path, sizeof(path), "/keys/%s", name);
	if (pipe(pipefd))
		return 1 << 8;
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		close(pipefd[1]);
		if (chdir("/keys") == 0)
			execl(path, path, (char *)NULL);
		perror(path);
		_exit(127);
	}
	close(pipefd[1]);
	for (;;) {
		struct pollfd pfd = { .fd = pipefd[0], .events = POLLIN };
		long left = deadline - now();
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left * 1000) == 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			close(pipefd[0]);
			return -1;
		}
		n = read(pipefd[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n' && len < sizeof(line) - 1) {
				line[len++] = buf[i];
				continue;
			}
			line[len] = '\0';
			say("  # %s\n", line);
			len = 0;
		}
	}
	if (len) {
		line[len] = '\0';
		say("  # %s\n", line);
	}
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	return status;
}

int main(void)
{
	const union {
		unsigned int n;
		unsigned char byte[sizeof(unsigned int)];
	} one = { 1 };
	char *tests[MAX_TESTS], line[256];
	int n = 0, failed = 0, timeout = settings_timeout();
	struct utsname uts;
	FILE *list;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
	setenv("PATH", "/keys", 1);
	setenv("HOME", "/tmp", 1);

	if (uname(&uts))
		strcpy(uts.machine, "unknown");
	printf("KTAP version 1\n1..1\n# MACHINE %s\n# ENDIAN %s\n# BITS %zu\n",
	       uts.machine, one.byte[0] ? "little" : "big", sizeof(long) * 8);
	printf("# PAGE_SIZE %ld\n", sysconf(_SC_PAGESIZE));
	list = fopen("/keys/kselftest-list.txt", "r");
	while (list && fgets(line, sizeof(line), list)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "keys:", 5) != 0)
			continue;
		if (n == MAX_TESTS) {
			/* none left out unseen: the run fails */
			printf("# more than %d tests listed\n", MAX_TESTS);
			failed++;
			break;
		}
		tests[n++] = strdup(line + 5);
	}
	printf("  TAP version 13\n  # Subtest: selftests all\n  1..%d\n", n);
	printf("  # timeout set to %d\n", timeout);
	for (int i = 0; i < n; i++) {
		struct timespec t0, t1;
		int status;

		say("  # selftests: keys: %s\n", tests[i]);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		status = run(tests[i], timeout);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		/* the run time per binary that docs/testing.md quotes */
		printf("  # run time: %s %.1f s\n", tests[i],
		       (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
		if (status == -1) {
			printf("  not ok %d selftests: keys: %s # TIMEOUT %d seconds\n",
			       i + 1, tests[i], timeout);
			failed++;
		} else if (WIFEXITED(status) && WEXITSTATUS(status) == 4) {
			printf("  ok %d selftests: keys: %s # SKIP\n", i + 1, tests[i]);
		} else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
			printf("  ok %d selftests: keys: %s\n", i + 1, tests[i]);
		} else {
			printf("  not ok %d selftests: keys: %s # exit=%d\n", i + 1,
			       tests[i], WIFEXITED(status) ? WEXITSTATUS(status) :
			       128 + WTERMSIG(status));
			failed++;
		}
	}
	printf("%s 1 selftests all\n", failed || !n ? "not ok" : "ok");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
