// SPDX-License-Identifier: GPL-2.0
/*
 * asym-record-cost - what the placement record costs the kernel.
 *
 * The record (record.h) has the kernel write sched_switch,
 * sched_migrate_task and sched_wakeup_new into the trace ring buffer
 * while the loops run. This tool times the two paths that write them,
 * with the record's events off and on in turn: a switch test (two tasks
 * on one CPU pass a byte back and forth through two pipes, a context
 * switch each way) and a move test (one task moved between two CPUs by
 * sched_setaffinity(), a migration each move). Blocks alternate off, on,
 * off, on..., so that a drift of the host falls on both alike; each
 * block's buffer is emptied before it and its events counted after it
 * from tracefs' per-CPU stats. The result is a ratio from one run and
 * the kernel's time per event, which with a run's events a second
 * (asym-place --json, trace_per_s) gives the record's share of the CPUs.
 */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib.h"
#include "measure.h"
#include "tracefs.h"
#include "place.h"

const char *prog = "asym-record-cost";

#define MAX_BLOCKS	50
/*
 * A block's events must fit one CPU's buffer of the record (2 MB, about
 * 68 bytes an event): the switch test writes two events a round on its
 * CPU, the move test about four a move over its two.
 */
#define MAX_ROUNDS	10000

struct options {
	int cpu;		/* -1: the default */
	int rounds;
	int blocks;
	bool json;
};

enum test { TEST_SWITCH, TEST_MOVE, NR_TESTS };

static const char *const test_name[NR_TESTS] = { "switch", "move" };
static const char *const test_op[NR_TESTS] = {
	"a pass of the byte, one CPU", "a move between two CPUs"
};

struct result {
	int cpus[2];		/* the CPUs of the test */
	double off_ns[MAX_BLOCKS], on_ns[MAX_BLOCKS];	/* a round, a block */
	long events_off, events_on;	/* in all blocks of each state */
	long lost;
	double off_med, on_med, ratio, events_per_op, ns_per_event;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [options]\n"
		"Time the kernel paths that write the placement record's trace\n"
		"events (" RECORD_EVENTS "),\n"
		"with those events off and on in turn, in one run:\n"
		"  switch  two tasks on one CPU pass a byte back and forth\n"
		"          through two pipes: a context switch each pass\n"
		"  move    one task moved between two CPUs by\n"
		"          sched_setaffinity(): a migration each move\n"
		"Blocks of --rounds passes or moves alternate off, on, off,\n"
		"on... (--blocks of each); each block's events are counted from\n"
		"tracefs' per-CPU stats.\n"
		"\n"
		"Options:\n"
		"      --cpu C       the switch test's CPU, and the move test's\n"
		"                    first, the next online CPU its second\n"
		"                    (default: the second online CPU, so that\n"
		"                    CPU 0's housekeeping stays out)\n"
		"      --rounds R    passes or moves a block, 10 to %d\n"
		"                    (default 2000): a block's events must fit\n"
		"                    the record's buffer\n"
		"      --blocks K    blocks of each state, 1 to %d (default 5)\n"
		"      --json        one JSON object instead of the table\n"
		"  -h, --help        this text\n"
		"\n"
		"For each test: the median time of an operation over the off\n"
		"blocks and over the on blocks, their ratio (on/off), the events\n"
		"an operation wrote, and the kernel's time an event: (on - off)\n"
		"/ events. The table ends with a line a test for scripts:\n"
		"  record-cost test=switch|move cpus=A,B rounds=R blocks=K\n"
		"    off_ns=F on_ns=F ratio=F events_per_op=F ns_per_event=F\n"
		"Times are the guest's CLOCK_MONOTONIC: under TCG they are the\n"
		"emulated machine's, so compare the ratio and the time an event\n"
		"with the same run's, never with another host's.\n"
		"\n"
		"Exit status: 0; 1 on a run-time error, when an off block wrote\n"
		"events, an on block none, or a block lost events (then use\n"
		"fewer --rounds); 2 on a usage error.\n",
		prog, MAX_ROUNDS, MAX_BLOCKS);
}

static int take_option(int c, const char *name, const char *arg, void *ctx)
{
	struct options *o = ctx;

	(void)c;
	if (!strcmp(name, "cpu"))
		return opt_int("--cpu", arg, 0, PLACE_MAX_CPUS - 1, &o->cpu);
	if (!strcmp(name, "rounds"))
		return opt_int("--rounds", arg, 10, MAX_ROUNDS, &o->rounds);
	if (!strcmp(name, "blocks"))
		return opt_int("--blocks", arg, 1, MAX_BLOCKS, &o->blocks);
	return -1;
}

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(pid, sizeof(set), &set)) {
		warnx_("sched_setaffinity(CPU %d): %s", cpu, strerror(errno));
		return -1;
	}
	return 0;
}

/* The switch test's partner: echo each byte back until the pipe ends. */
static void __attribute__((noreturn)) echo_main(int in, int out)
{
	char b;

	while (read(in, &b, 1) == 1)
		if (write(out, &b, 1) != 1)
			_exit(1);
	_exit(0);
}

/* The child of the switch test, on the parent's CPU; -1 on an error. */
static pid_t echo_start(int cpu, int *to, int *from)
{
	int p1[2], p2[2];
	pid_t pid;

	if (pipe(p1) || pipe(p2)) {
		warnx_("pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		warnx_("fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		close(p1[1]);
		close(p2[0]);
		if (pin(0, cpu))
			_exit(1);
		echo_main(p1[0], p2[1]);
	}
	close(p1[0]);
	close(p2[1]);
	*to = p1[1];
	*from = p2[0];
	return pid;
}

/* A block of the switch test: ns a pass (a round is two), -1 on error. */
static double switch_block(int to, int from, int rounds)
{
	double t0 = now_ns();
	char b = 'x';
	int i;

	for (i = 0; i < rounds; i++)
		if (write(to, &b, 1) != 1 || read(from, &b, 1) != 1) {
			warnx_("switch test: the partner is gone");
			return -1;
		}
	return (now_ns() - t0) / rounds / 2;
}

/* A block of the move test: ns a move. */
static double move_block(const int *cpus, int rounds)
{
	double t0 = now_ns();
	int i;

	for (i = 0; i < rounds; i++)
		if (pin(0, cpus[(i + 1) % 2]))
			return -1;
	return (now_ns() - t0) / rounds;
}

/* The events in the buffers of the test's CPUs; -1 if unknown. */
static long block_events(const struct result *r, int ncpus, long *lost)
{
	long sum = 0, n, l;
	int i;

	*lost = 0;
	for (i = 0; i < ncpus; i++) {
		n = tracefs_events(r->cpus[i], &l);
		if (n < 0)
			return -1;
		sum += n;
		*lost += l;
	}
	return sum;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, int n)
{
	double s[MAX_BLOCKS];

	memcpy(s, v, n * sizeof(*v));
	qsort(s, n, sizeof(*s), cmp_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static int run_test(enum test t, const struct options *o, struct result *r)
{
	int ncpus = t == TEST_SWITCH ? 1 : 2, to = -1, from = -1, b, on;
	pid_t echo = -1;
	int ret = -1;

	if (pin(0, r->cpus[0]))
		return -1;
	if (t == TEST_SWITCH) {
		echo = echo_start(r->cpus[0], &to, &from);
		if (echo < 0)
			return -1;
		/* the partner is pinned once it has echoed */
		if (switch_block(to, from, 1) < 0)
			goto out;
	}
	for (b = 0; b < 2 * o->blocks; b++) {
		long events, lost;
		double ns;

		on = b % 2;
		fprintf(stderr, "%s: %s, block %d of %d, events %s\n", prog,
			test_name[t], b + 1, 2 * o->blocks, on ? "on" : "off");
		if (tracefs_trace(on) || tracefs_clear())
			goto out;
		ns = t == TEST_SWITCH ? switch_block(to, from, o->rounds) :
					move_block(r->cpus, o->rounds);
		if (ns < 0)
			goto out;
		events = block_events(r, ncpus, &lost);
		if (events < 0)
			goto out;
		r->lost += lost;
		if (on) {
			r->on_ns[b / 2] = ns;
			r->events_on += events;
		} else {
			r->off_ns[b / 2] = ns;
			r->events_off += events;
		}
	}
	r->off_med = median(r->off_ns, o->blocks);
	r->on_med = median(r->on_ns, o->blocks);
	r->ratio = r->on_med / r->off_med;
	r->events_per_op = (double)r->events_on /
		((double)o->rounds * o->blocks * (t == TEST_SWITCH ? 2 : 1));
	r->ns_per_event = r->events_per_op > 0 ?
		(r->on_med - r->off_med) / r->events_per_op : 0;
	ret = 0;
out:
	tracefs_trace(false);
	if (echo > 0) {
		close(to);
		close(from);
		waitpid(echo, NULL, 0);
	}
	return ret;
}

/* The online CPU after @cpu, wrapping; -1 if it is the only one. */
static int next_online(const unsigned char *mask, int cpu)
{
	int i, c;

	for (i = 1; i < PLACE_MAX_CPUS; i++) {
		c = (cpu + i) % PLACE_MAX_CPUS;
		if (mask[c])
			return c;
	}
	return -1;
}

static void print_json(const struct options *o, struct result *r)
{
	int t, b;

	printf("{\"rounds\":%d,\"blocks\":%d,\"tests\":[", o->rounds,
	       o->blocks);
	for (t = 0; t < NR_TESTS; t++) {
		printf("%s{\"test\":\"%s\",\"cpus\":[%d,%d],", t ? "," : "",
		       test_name[t], r[t].cpus[0],
		       t == TEST_SWITCH ? r[t].cpus[0] : r[t].cpus[1]);
		printf("\"off_ns\":%.1f,\"on_ns\":%.1f,\"ratio\":%.4f,",
		       r[t].off_med, r[t].on_med, r[t].ratio);
		printf("\"events_per_op\":%.3f,\"ns_per_event\":%.1f,",
		       r[t].events_per_op, r[t].ns_per_event);
		printf("\"events_off\":%ld,\"events_on\":%ld,\"lost\":%ld,",
		       r[t].events_off, r[t].events_on, r[t].lost);
		printf("\"blocks_off_ns\":[");
		for (b = 0; b < o->blocks; b++)
			printf("%s%.1f", b ? "," : "", r[t].off_ns[b]);
		printf("],\"blocks_on_ns\":[");
		for (b = 0; b < o->blocks; b++)
			printf("%s%.1f", b ? "," : "", r[t].on_ns[b]);
		printf("]}");
	}
	printf("]}\n");
}

static void print_table(const struct options *o, struct result *r)
{
	int t;

	printf("%-7s %-28s %9s %9s %7s %10s %10s\n", "test", "operation",
	       "off ns", "on ns", "on/off", "events/op", "ns/event");
	for (t = 0; t < NR_TESTS; t++)
		printf("%-7s %-28s %9.0f %9.0f %7.3f %10.2f %10.0f\n",
		       test_name[t], test_op[t], r[t].off_med, r[t].on_med,
		       r[t].ratio, r[t].events_per_op, r[t].ns_per_event);
	for (t = 0; t < NR_TESTS; t++)
		printf("record-cost test=%s cpus=%d,%d rounds=%d blocks=%d off_ns=%.1f on_ns=%.1f ratio=%.4f events_per_op=%.3f ns_per_event=%.1f\n",
		       test_name[t], r[t].cpus[0],
		       t == TEST_SWITCH ? r[t].cpus[0] : r[t].cpus[1],
		       o->rounds, o->blocks, r[t].off_med, r[t].on_med,
		       r[t].ratio, r[t].events_per_op, r[t].ns_per_event);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "blocks", required_argument, NULL, 'b' },
		OPT_COMMON_LONG_OPTIONS
	};
	struct options o = { .cpu = -1, .rounds = 2000, .blocks = 5 };
	struct result r[NR_TESTS] = { 0 };
	unsigned char mask[PLACE_MAX_CPUS];
	int ret, t, bad = 0;

	ret = opt_parse(argc, argv, "h", opts, take_option, &o, &o.json);
	if (ret) {
		if (ret > 0)
			usage(stdout);
		return ret > 0 ? 0 : 2;
	}
	if (online_cpus(mask, PLACE_MAX_CPUS) < 0)
		return 1;
	if (o.cpu < 0) {
		o.cpu = next_online(mask, 0);
		if (o.cpu < 0)
			o.cpu = 0;
	} else if (!mask[o.cpu]) {
		warnx_("--cpu: CPU %d is not online (see --help)", o.cpu);
		return 2;
	}
	for (t = 0; t < NR_TESTS; t++) {
		r[t].cpus[0] = r[t].cpus[1] = o.cpu;
		if (t == TEST_MOVE)
			r[t].cpus[1] = next_online(mask, o.cpu);
		if (r[t].cpus[1] < 0) {
			warnx_("the move test needs two online CPUs");
			return 1;
		}
	}
	signal(SIGPIPE, SIG_IGN);
	/* tracefs mounted and the record's events there, before any block */
	if (tracefs_trace(true))
		return 1;
	tracefs_trace(false);
	for (t = 0; t < NR_TESTS; t++) {
		if (run_test(t, &o, &r[t]))
			return 1;
		if (r[t].events_off || !r[t].events_on || r[t].lost) {
			warnx_("%s test: %ld events in the off blocks, %ld in the on blocks, %ld lost: not a measure of the events%s",
			       test_name[t], r[t].events_off, r[t].events_on,
			       r[t].lost, r[t].lost ? " (use fewer --rounds)" : "");
			bad = 1;
		}
	}
	if (o.json)
		print_json(&o, r);
	else
		print_table(&o, r);
	return bad;
}
