// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the knob oracle (guest-tools/oracle.c), KTAP: cases
 * checked against the kernel in the knobs scenario and in the fuzzer.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "oracle.h"

const char *prog = "oracle-test";

static const unsigned char online[8] = { 1, 1, 1, 1, 1, 0, 1, 0 };
static const struct knob_env env = { 8, online, 2 };

struct knob_case {
	const struct knob *k;
	const char *data;
	size_t len;		/* 0: strlen(data) */
	int expect;
	long val;
};

#define C(k, d, e, v)	{ k, d, 0, e, v }
#define S	(&knobs[KNOB_SYSCTL])
#define B	(&knobs[KNOB_ITMT_SUPPORT])
#define F	(&knobs[KNOB_FORMULA])
#define P	(&knobs[KNOB_CPU_PRIORITY])
#define R	(&knobs[KNOB_PULL])
#define K	(&knobs[KNOB_CPU_CAPACITY])

static const struct knob_case cases[] = {
	C(S, "1", 0, 1), C(S, "0\n", 0, 0), C(S, " 1", 0, 1),
	C(S, "\t0 ", 0, 0), C(S, "-0", EINVAL, 0), C(S, "0x1", 0, 1),
	C(S, "01", 0, 1), C(S, "1 2", 0, 1), C(S, "2", 0, 2), C(S, "2\n", 0, 2),
	C(S, " 2\t", 0, 2), C(S, "0x2", 0, 2), C(S, "02", 0, 2),
	C(S, "2 3", 0, 2), C(S, "3", EINVAL, 0), C(S, "3\n", EINVAL, 0),
	C(S, "0x3", EINVAL, 0), C(S, "03", EINVAL, 0), C(S, "10", EINVAL, 0),
	C(S, "-2", EINVAL, 0), C(S, "2x", EINVAL, 0),
	C(S, "-1", EINVAL, 0), C(S, "1abc", EINVAL, 0), C(S, "", 0, 0),
	C(S, "   ", EINVAL, 0), C(S, "-", EINVAL, 0), C(S, "+1", EINVAL, 0),
	C(S, "08", EINVAL, 0), C(S, "0x", EINVAL, 0),
	C(S, "99999999999999999999", EINVAL, 0),
	C(S, "00000000000000000001", 0, 1),
	C(S, "000000000000000000001", EINVAL, 0),
	C(S, "\xa0" "1", 0, 1), C(S, "1\xa0", EINVAL, 0),
	C(B, "1", 0, 1), C(B, "0\n", 0, 0), C(B, " 1", EINVAL, 0),
	C(B, "1\n\n", EINVAL, 0), C(B, "", EINVAL, 0), C(B, "on", EINVAL, 0),
	C(B, "01", EINVAL, 0), C(B, "2", EINVAL, 0),
	C(F, "squared", 0, 0), C(F, "legacy\n", 0, 1), C(F, "LEGACY", EINVAL, 0),
	C(F, "squared legacy", EINVAL, 0), C(F, "leg", EINVAL, 0),
	C(F, "legacy\n\n", EINVAL, 0), C(F, "equal", 0, 2), C(F, "equal\n", 0, 2),
	C(F, "Equal", EINVAL, 0), C(F, "equal ", EINVAL, 0),
	C(F, " equal", EINVAL, 0), C(F, "equals", EINVAL, 0),
	C(F, "equal\n\n", EINVAL, 0), C(F, "squared legacy equal", EINVAL, 0),
	C(F, "2", EINVAL, 0),
	C(R, "none", 0, 0), C(R, "none\n", 0, 0), C(R, "busy_siblings", 0, 1),
	C(R, "busy_siblings\n", 0, 1), C(R, "idle_core", 0, 2),
	C(R, "idle_core\n", 0, 2), C(R, "1", EINVAL, 0), C(R, "0", EINVAL, 0),
	C(R, "1\n", EINVAL, 0), C(R, "2", EINVAL, 0), C(R, "", EINVAL, 0),
	C(R, "Idle_core", EINVAL, 0), C(R, "idle-core", EINVAL, 0),
	C(R, "idle_core\n\n", EINVAL, 0), C(R, " none", EINVAL, 0),
	C(R, "none ", EINVAL, 0), C(R, "busy", EINVAL, 0),
	C(R, "busy_sibling", EINVAL, 0), C(R, "none busy_siblings", EINVAL, 0),
	C(R, "busy_siblings\n\n", EINVAL, 0),
	C(R, "busy_siblings\n\n\n", EINVAL, 0),
	C(R, "idle_core_idle_c", EINVAL, 0),
	C(P, "1 60", 0, 60), C(P, "1 60\n", 0, 60), C(P, "+1 60", 0, 60),
	C(P, "1 +60", 0, 60), C(P, "1 -0", 0, 0), C(P, "1\n 60", 0, 60),
	C(P, "9999 1", EINVAL, 0), C(P, "5 10", EINVAL, 0),
	C(P, "1 -1", EINVAL, 0), C(P, "1 2147483648", ERANGE, 0),
	C(P, "1 1073741824", ERANGE, 0), C(P, "1 1073741823", 0, 1073741823),
	C(P, "1 -2147483649", ERANGE, 0), C(P, "1 -+1", EINVAL, 0),
	C(P, "1 18446744073709551616", ERANGE, 0), C(P, "x 1", EINVAL, 0),
	C(P, "4294967296 1", EINVAL, 0), C(P, " 1 60", EINVAL, 0),
	C(P, "1  60", EINVAL, 0), C(P, "1 60 70", EINVAL, 0),
	C(P, "1", EINVAL, 0), C(P, "1 0x10", EINVAL, 0),
	C(P, "1 60 norebuild", 0, 60), C(P, "1 60 norebuild\n", 0, 60),
	C(P, "1 60 norebuild ", EINVAL, 0), C(P, "1 60 ", EINVAL, 0),
	C(P, "1 60 Norebuild", EINVAL, 0), C(P, "1 60  norebuild", EINVAL, 0),
	C(P, "9999 1 norebuild", EINVAL, 0),
	C(P, "1 2147483648 norebuild", ERANGE, 0),
	/* the third word is checked before the numbers */
	C(P, "06 -18446744073709551618 ", EINVAL, 0),
	/* up to 47 bytes: the kernel's buffer */
	C(P, "02147483648 -99999999999999999999999", ERANGE, 0),
	C(P, "1 000000000000000000000000000000000000000000060", 0, 60),
	C(P, "1 0000000000000000000000000000000000000000000060", EINVAL, 0),
	/* the 6.12 companion's cpu_capacity: 1 to 1024, an online CPU */
	C(K, "1 1024", 0, 1024), C(K, "1 1", 0, 1), C(K, "1 736\n", 0, 736),
	C(K, "+1 +512", 0, 512), C(K, "1 0", EINVAL, 0),
	C(K, "1 1025", EINVAL, 0), C(K, "1 -1", EINVAL, 0),
	C(K, "1 -0", EINVAL, 0), C(K, "9999 512", EINVAL, 0),
	C(K, "5 512", EINVAL, 0), C(K, "1", EINVAL, 0), C(K, "x 1", EINVAL, 0),
	C(K, "1 512 norebuild", EINVAL, 0), C(K, "1 4294967296", EINVAL, 0),
	C(K, "1 0x200", EINVAL, 0), C(K, " 1 512", EINVAL, 0),
	/* up to 31 bytes: the kernel's buffer */
	C(K, "1 00000000000000000000000000512", 0, 512),
	C(K, "1 000000000000000000000000000512", EINVAL, 0),
};

int main(void)
{
	size_t i, n = sizeof(cases) / sizeof(cases[0]);
	struct knob_value v;
	char big[4097];

	ktap_begin();
	for (i = 0; i < n; i++) {
		const struct knob_case *c = &cases[i];
		int got = knob_expect(c->k, c->data, strlen(c->data), &env, &v);
		int ok = got == c->expect && (got || v.val == c->val) &&
			 (got || v.unchanged || KNOB_KIND_TABLE(c->k->kind) ||
			  !strcmp(v.word, c->k->words[c->val]));
		char name[96];
		size_t j, k;

		k = snprintf(name, sizeof(name), "%s_", c->k->name);
		for (j = 0; c->data[j] && k < sizeof(name) - 8; j++) {
			unsigned char ch = c->data[j];

			k += snprintf(name + k, sizeof(name) - k,
				      ch > ' ' && ch < 0x7f && ch != '#' ? "%c" : "\\x%02x", ch);
		}
		name[k] = '\0';
		if (!ok)
			printf("# %s: got %d (val %ld), expected %d (val %ld)\n",
			       c->k->name, got, v.val, c->expect, c->val);
		report(ok, name);
	}
	memset(big, '1', sizeof(big));
	report(knob_expect(B, big, sizeof(big), &env, &v) == EINVAL &&
	       knob_expect(P, big, sizeof(big), &env, &v) == EINVAL,
	       "debugfs_page_plus_one_refused");
	report(knob_expect(B, "1\0", 2, &env, &v) == EINVAL &&
	       knob_expect(S, "1\0", 2, &env, &v) == EINVAL &&
	       knob_expect(S, "2\0", 2, &env, &v) == EINVAL &&
	       knob_expect(F, "equal\0", 6, &env, &v) == EINVAL &&
	       knob_expect(R, "none\0", 5, &env, &v) == EINVAL &&
	       knob_expect(R, "idle_core\0\n", 11, &env, &v) == EINVAL,
	       "nul_byte_refused");
	/* a selector copies at most 15 bytes, its longest word and "\n" */
	report(knob_expect(R, "busy_siblings\n", 14, &env, &v) == 0 &&
	       knob_expect(R, "busy_siblings\n\n\n", 16, &env, &v) == EINVAL &&
	       knob_expect(R, big, sizeof(big), &env, &v) == EINVAL &&
	       knob_expect(F, big, sizeof(big), &env, &v) == EINVAL,
	       "selector_16_bytes_refused");
	/* The stock sysctl takes 0 and 1 only. */
	report(!knob_expect(&knobs[KNOB_ITMT_ENABLED], "1", 1, &env, &v) &&
	       !strcmp(v.word, "1") &&
	       knob_expect(&knobs[KNOB_ITMT_ENABLED], "2", 1, &env, &v) ==
	       EINVAL, "itmt_enabled_range");
	return ktap_end();
}
