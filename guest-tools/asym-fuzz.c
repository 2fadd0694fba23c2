// SPDX-License-Identifier: GPL-2.0
/*
 * asym-fuzz - fuzz the write side of every asym-smt knob.
 *
 * Each knob of the series (knobs.c) gets --iterations generated inputs
 * (random bytes up to PAGE_SIZE + 1, numbers at the edges of int and long
 * and of the sysctl's range, the words of every knob and near misses of
 * them, white space and sign variants, mutations of valid input), each
 * written with one write(2). The result must be what the documentation
 * says (the oracle in oracle.c): the same errno when refused; when
 * accepted, the knob reads back the value. KTAP, one test per knob; the
 * kernel console is checked by the host.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel.h"
#include "lib.h"

#define MAX_INPUT	(4096 + 2)
#define MAX_CPUS	512

const char *prog = "asym-fuzz";

/* Numbers at the edges, and words that no knob takes. */
static const char *const edges[] = {
	"0", "1", "-1", "2", "3", "-2", "-0", "01", "02", "03", "0x1", "0X1",
	"0x2", "0x3", "08", "00", "10", "20",
	"2147483647", "2147483648", "-2147483648", "-2147483649",
	"4294967295", "4294967296", "4294967298", "1073741823", "1073741824",
	"9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "18446744073709551618",
	"99999999999999999999999", "on", "off",
};

static const char *const prefixes[] = {
	"", "", "", " ", "\t", "\n", "+", "-", "0", "\xa0", "  ",
};

static const char *const suffixes[] = {
	"", "", "", "\n", "\n\n", " ", "\t", "x", " 1", "\xa0", "\r",
};

static struct rng rng;

static unsigned long long rnd(void)
{
	return rng_next(&rng);
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

/* One word of @k at random; @k without words: of any knob. */
static const char *pick_word(const struct knob *k)
{
	while (!knob_nwords(k))
		k = &knobs[rnd() % NR_KNOBS];
	return k->words[rnd() % knob_nwords(k)];
}

/*
 * A word of any knob, or a near miss of one: another case, one
 * character more, less or changed, two words in one write.
 */
static size_t word_or_near_miss(const struct knob *k, char *buf, size_t len)
{
	const char *w = pick_word(rnd() % 2 ? k : &knobs[rnd() % NR_KNOBS]);
	size_t start = len, n;

	len = appends(buf, len, w);
	n = len - start;
	switch (rnd() % 6) {
	case 0:		/* upper case, one or all */
		buf[start] = toupper((unsigned char)buf[start]);
		if (rnd() % 2)
			for (; start < len; start++)
				buf[start] = toupper((unsigned char)buf[start]);
		break;
	case 1:		/* one more */
		len = appends(buf, len, rnd() % 2 ? "s" : "_x");
		break;
	case 2:		/* one less */
		if (n > 1)
			len--;
		break;
	case 3:		/* two words */
		len = appends(buf, len, " ");
		len = appends(buf, len, pick_word(k));
		break;
	default:	/* the word itself */
		break;
	}
	return len;
}

/* A valid input of @k, so that acceptance is fuzzed too. */
static size_t valid_input(const struct knob *k, const struct knob_env *env,
			  char *buf)
{
	char num[32];

	if (!KNOB_KIND_TABLE(k->kind))
		return appends(buf, 0, pick_word(k));
	snprintf(num, sizeof(num), "%d %d", (int)(rnd() % env->nr_cpu_ids),
		 (int)(rnd() % (k->kind == KNOB_CAPACITY ?
				KNOB_CAPACITY_MAX + 2 : 300)));
	return appends(buf, 0, num);
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
	case 6:
		len = valid_input(k, env, buf);
		return appends(buf, len, rnd() % 2 ? "\n" : "");
	default:	/* an edge value or a word, decorated */
		len = appends(buf, 0, PICK(prefixes));
		if (rnd() % 2)
			len = word_or_near_miss(k, buf, len);
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
	int cpu, n = possible_cpus();

	if (n < 0 || n > MAX_CPUS)
		return -1;
	env->nr_cpu_ids = n;
	env->online = online;
	env->nr_siblings = 1;
	for (cpu = 0; cpu < n; cpu++) {
		int core, thread, nthreads;

		online[cpu] = cpu_online(cpu) == 1;
		if (!online[cpu])
			continue;
		if (cpu_siblings(cpu, &core, &thread, &nthreads, 0))
			return -1;
		if (nthreads > env->nr_siblings)
			env->nr_siblings = nthreads;
	}
	return 0;
}

/* --iterations inputs to knob @k; the number of mismatches. */
static long fuzz_knob(const struct knob *k, const struct knob_env *env,
		      long iterations)
{
	static char buf[MAX_INPUT];
	long i, accepted = 0, mismatches = 0;

	for (i = 0; i < iterations; i++) {
		struct knob_value v;
		size_t len = generate(k, env, buf);
		int want = knob_expect(k, buf, len, env, &v);
		int got = write_once(k->path, buf, len);

		if (!got)
			accepted++;
		if (got == want &&
		    (got || v.unchanged || knob_reads_back(k, &v) == 1))
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
	return mismatches;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "iterations", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	static unsigned char online[MAX_CPUS];
	unsigned long long seed = time(NULL);
	long iterations = 10000;
	struct knob_env env;
	int c, k, n = 0, failed = 0;
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

	/* the series' knobs of the tree booted */
	for (k = 0; k < NR_KNOBS; k++)
		n += knobs[k].ours && knob_in_tree(k);
	printf("KTAP version 1\n1..%d\n# seed %llu, %ld inputs per knob\n",
	       n, seed, iterations);
	for (k = 0, n = 0; k < NR_KNOBS; k++) {
		char saved[8192];
		long bad;

		if (!knobs[k].ours || !knob_in_tree(k))
			continue;
		n++;
		if (read_text(knobs[k].path, saved, sizeof(saved), 0) < 0) {
			printf("not ok %d %s\n", n, knobs[k].name);
			failed++;
			continue;
		}
		rng_seed(&rng, seed, k);
		bad = fuzz_knob(&knobs[k], &env, iterations);
		printf("%sok %d %s\n", bad ? "not " : "", n, knobs[k].name);
		failed += !!bad;
	}
	/* Back to the defaults; raw priorities are left as the fuzz set them. */
	if (knobs_restore_defaults())
		failed++;
	return failed ? 1 : 0;
}
