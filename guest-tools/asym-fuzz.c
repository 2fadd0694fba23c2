// SPDX-License-Identifier: GPL-2.0
/*
 * asym-fuzz - fuzz the write side of every asym-smt knob.
 *
 * Each knob gets --iterations generated inputs (random bytes up to
 * PAGE_SIZE + 1, numbers at the edges of int and long and of the sysctl's
 * 0..2, the words of the selectors and near misses, white space and sign
 * variants, mutations of valid input), each written with one write(2). The
 * result must be what the documentation says (the oracle in knob.c): the
 * same errno when refused; when accepted, the knob reads back the value.
 * KTAP, one test per knob; the kernel console is checked by the host.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "knob.h"
#include "lib.h"

#define MAX_INPUT	(4096 + 2)
#define MAX_CPUS	512

const char *prog = "asym-fuzz";

struct knob {
	const char *name;
	const char *path;
	enum knob_kind kind;
};

static const struct knob knobs[] = {
	{ "sched_asym_smt", ASYM_SYSCTL, KNOB_SYSCTL_MODE },
	{ "smt_pull_check", ASYM_SMT_PULL_CHECK, KNOB_PULL_RULE },
	{ "itmt_support", ASYM_ITMT_SUPPORT, KNOB_DEBUGFS_BOOL },
	{ "prio_formula", ASYM_PRIO_FORMULA, KNOB_FORMULA },
	{ "cpu_priority", ASYM_CPU_PRIORITY, KNOB_CPU_PRIORITY },
};

static const char *const edges[] = {
	"0", "1", "-1", "2", "3", "-2", "-0", "01", "02", "03", "0x1", "0X1",
	"0x2", "0x3", "08", "00", "10", "20",
	"2147483647", "2147483648", "-2147483648", "-2147483649",
	"4294967295", "4294967296", "4294967298", "1073741823", "1073741824",
	"9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "18446744073709551618",
	"99999999999999999999999",
	/* the words of the selectors and near misses */
	"squared", "legacy", "equal", "SQUARED", "Equal", "equals", "equa",
	"none", "busy_siblings", "idle_core", "None", "nonE", "busy_sibling",
	"busy-siblings", "busy siblings", "idle_cores", "IDLE_CORE",
	"idle-core", "busy_siblings_x", "busy_siblings_xy", "none busy_siblings",
	"squared legacy equal", "on", "off",
};

static const char *const prefixes[] = {
	"", "", "", " ", "\t", "\n", "+", "-", "0", "\xa0", "  ",
};

static const char *const suffixes[] = {
	"", "", "", "\n", "\n\n", " ", "\t", "x", " 1", "\xa0", "\r",
};

static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

#define PICK(a)	((a)[rnd() % (sizeof(a) / sizeof((a)[0]))])

static size_t append(char *buf, size_t len, const char *s, size_t n)
{
	if (len + n > MAX_INPUT)
		n = MAX_INPUT - len;
	memcpy(buf + len, s, n);
	return len + n;
}

static size_t appends(char *buf, size_t len, const char *s)
{
	return append(buf, len, s, strlen(s));
}

/* One of the words of the selector @k at random. */
static const char *pick_word(const struct knob *k)
{
	const char *const *words = knob_words(k->kind);
	size_t n = 0;

	while (words[n])
		n++;
	return words[rnd() % n];
}

/* One generated input for @k into @buf; returns its length. */
static size_t generate(const struct knob *k, const struct knob_env *env,
		       char *buf)
{
	size_t len = 0, i, n;
	char num[32];

	switch (rnd() % 10) {
	case 0:		/* short random bytes */
		n = rnd() % 8;
		for (i = 0; i < n; i++)
			buf[i] = rnd();
		return n;
	case 1:		/* long random bytes, up to PAGE_SIZE + 1 */
		n = rnd() % (4096 + 2);
		for (i = 0; i < n; i++)
			buf[i] = rnd();
		return n;
	case 2:		/* random text from a numeric alphabet */
		n = rnd() % 24;
		for (i = 0; i < n; i++)
			buf[i] = "0123456789 -+xX\n\tabcdef"[rnd() % 24];
		return n;
	case 3:		/* a long run of digits */
		n = rnd() % 4097;
		memset(buf, '0' + rnd() % 2, n);
		return n;
	case 4:
	case 5:		/* "CPU PRIO" from edges */
		len = appends(buf, 0, PICK(prefixes));
		if (rnd() % 2) {
			snprintf(num, sizeof(num), "%d",
				 (int)(rnd() % (env->nr_cpu_ids + 2)));
			len = appends(buf, len, num);
		} else {
			len = appends(buf, len, PICK(edges));
		}
		len = appends(buf, len, rnd() % 8 ? " " : "  ");
		len = appends(buf, len, PICK(prefixes));
		if (rnd() % 2) {
			snprintf(num, sizeof(num), "%d", (int)(rnd() % 300));
			len = appends(buf, len, num);
		} else {
			len = appends(buf, len, PICK(edges));
		}
		return appends(buf, len, PICK(suffixes));
	case 6:		/* a valid input, so that acceptance is fuzzed too */
		switch (k->kind) {
		case KNOB_SYSCTL_MODE:
			snprintf(num, sizeof(num), "%d", (int)(rnd() % 3));
			len = appends(buf, 0, num);
			break;
		case KNOB_DEBUGFS_BOOL:
			len = appends(buf, 0, rnd() % 2 ? "1" : "0");
			break;
		case KNOB_FORMULA:
		case KNOB_PULL_RULE:
			len = appends(buf, 0, pick_word(k));
			break;
		case KNOB_CPU_PRIORITY:
			snprintf(num, sizeof(num), "%d %d",
				 (int)(rnd() % env->nr_cpu_ids),
				 (int)(rnd() % 300));
			len = appends(buf, 0, num);
			break;
		}
		return appends(buf, len, rnd() % 2 ? "\n" : "");
	default:	/* an edge value, decorated; sometimes a valid one */
		len = appends(buf, 0, PICK(prefixes));
		if (knob_words(k->kind) && rnd() % 2)
			len = appends(buf, len, pick_word(k));
		else
			len = appends(buf, len, PICK(edges));
		len = appends(buf, len, PICK(suffixes));
		if (len && !(rnd() % 4))	/* mutate one byte */
			buf[rnd() % len] ^= 1 << (rnd() % 8);
		if (len && !(rnd() % 8))	/* a NUL inside */
			buf[rnd() % len] = '\0';
		return len;
	}
}

/* Write once; 0 if accepted, else errno. */
static int write_once(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, buf, len) < 0)
		err = errno;
	close(fd);
	return err;
}

/* After an accepted write, the knob reads back @v; 0 if so. */
static int readback(const struct knob *k, const struct knob_value *v)
{
	char buf[8192], want[64], *line;

	if (read_text(k->path, buf, sizeof(buf), 0) < 0)
		return -1;
	switch (k->kind) {
	case KNOB_SYSCTL_MODE:
	case KNOB_DEBUGFS_BOOL:
		return atol(buf) != v->val;
	case KNOB_FORMULA:
	case KNOB_PULL_RULE:
		snprintf(want, sizeof(want), "[%s]", v->word);
		return !strstr(buf, want);
	case KNOB_CPU_PRIORITY:
		for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
			int cpu, core, idx, raw;

			if (sscanf(line, "%d %d %d %d", &cpu, &core, &idx, &raw) == 4 &&
			    cpu == v->cpu)
				return raw != v->val;
		}
		return -1;
	}
	return -1;
}

static void describe(const char *buf, size_t len)
{
	size_t i;

	printf("'");
	for (i = 0; i < len && i < 40; i++) {
		unsigned char c = buf[i];

		printf(c >= ' ' && c < 0x7f && c != '\'' ? "%c" : "\\x%02x", c);
	}
	printf("%s' (%zu bytes)", len > 40 ? "..." : "", len);
}

static int load_env(struct knob_env *env, unsigned char *online)
{
	char path[128], buf[256];
	int cpu, n = possible_cpus();

	if (n < 0 || n > MAX_CPUS)
		return -1;
	env->nr_cpu_ids = n;
	env->online = online;
	env->nr_siblings = 1;
	for (cpu = 0; cpu < n; cpu++) {
		unsigned char mask[MAX_CPUS];
		int i, w = 0;

		online[cpu] = cpu_online(cpu) == 1;
		if (!online[cpu])
			continue;
		snprintf(path, sizeof(path),
			 SYSFS_CPU "/cpu%d/topology/core_cpus_list", cpu);
		if (read_text(path, buf, sizeof(buf), 0) < 0 ||
		    parse_cpulist(buf, mask, n))
			return -1;
		for (i = 0; i < n; i++)
			w += mask[i];
		if (w > env->nr_siblings)
			env->nr_siblings = w;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "iterations", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	static char buf[MAX_INPUT];
	static unsigned char online[MAX_CPUS];
	unsigned long long seed = time(NULL);
	long iterations = 10000;
	struct knob_env env;
	size_t ki;
	int c, failed = 0;
	char *end;

	while ((c = getopt_long(argc, argv, "n:s:h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			iterations = strtol(optarg, &end, 10);
			if (*end || iterations < 1) {
				warnx_("--iterations: '%s' is not a positive number", optarg);
				return 2;
			}
			break;
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg) {
				warnx_("--seed: '%s' is not a number", optarg);
				return 2;
			}
			break;
		case 'h':
			printf("usage: %s [--iterations N] [--seed S]\n"
			       "Write N generated inputs (default 10000) to every asym-smt knob\n"
			       "and check each result against the documented behaviour. KTAP.\n"
			       "Leaves the knobs at their defaults, raw priorities as fuzzed.\n",
			       prog);
			return 0;
		default:
			return 2;
		}
	}
	if (optind != argc) {
		warnx_("unexpected argument '%s' (see --help)", argv[optind]);
		return 2;
	}
	if (load_env(&env, online))
		return 1;

	printf("KTAP version 1\n1..%zu\n# seed %llu, %ld inputs per knob\n",
	       sizeof(knobs) / sizeof(knobs[0]), seed, iterations);
	for (ki = 0; ki < sizeof(knobs) / sizeof(knobs[0]); ki++) {
		const struct knob *k = &knobs[ki];
		long i, accepted = 0, mismatches = 0;
		char saved[8192];

		if (read_text(k->path, saved, sizeof(saved), 0) < 0) {
			printf("not ok %zu %s\n", ki + 1, k->name);
			failed++;
			continue;
		}
		rng_state = seed * 0x9e3779b97f4a7c15ULL + ki + 1;
		for (i = 0; i < iterations; i++) {
			struct knob_value v;
			size_t len = generate(k, &env, buf);
			int want = knob_expect(k->kind, buf, len, &env, &v);
			int got = write_once(k->path, buf, len);

			if (!got)
				accepted++;
			if (got == want && (got || v.unchanged || !readback(k, &v)))
				continue;
			if (mismatches++ < 10) {
				printf("# %s: ", k->name);
				describe(buf, len);
				printf(": got %s, expected %s%s\n",
				       got ? strerrorname_np(got) : "accepted",
				       want ? strerrorname_np(want) : "accepted",
				       got == want ? " (read back differs)" : "");
			}
		}
		printf("# %s: %ld inputs, %ld accepted, %ld refused, %ld mismatches\n",
		       k->name, iterations, accepted, iterations - accepted,
		       mismatches);
		printf("%sok %zu %s\n", mismatches ? "not " : "", ki + 1, k->name);
		failed += !!mismatches;
	}

	/* Back to the defaults; raw priorities are left as the fuzz set them. */
	write_text(ASYM_SYSCTL, "1");
	write_text(ASYM_SMT_PULL_CHECK, "busy_siblings");
	write_text(ASYM_PRIO_FORMULA, "squared");
	write_text(ASYM_ITMT_SUPPORT, "1");
	return failed ? 1 : 0;
}
