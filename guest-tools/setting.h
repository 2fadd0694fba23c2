/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The grammar of a knob setting, as asym-ctl set and asym-ab take it:
 * KEY=VALUE words for the setting keys of the knob model (knobs.h), or a
 * policy's name (policy.h) alone, or "defaults" alone. Pure logic.
 */
#ifndef ASYM_SETTING_H
#define ASYM_SETTING_H

#include <stddef.h>

#include "knobs.h"
#include "policy.h"

/* The word that sets every key to its default (knobs[].def). */
#define SETTING_DEFAULTS	"defaults"

/*
 * A setting: for each key the index of its value among the knob's words,
 * -1 unset; the policy it was named by, POLICY_UNKNOWN if by keys.
 */
struct setting {
	int val[NR_SETTING_KEYS];
	enum policy policy;
};

/* An empty setting (every key unset). */
void setting_init(struct setting *s);

/*
 * Parse one word, KEY=VALUE, or a policy name or SETTING_DEFAULTS on an
 * empty setting, into @s. Return 0, or -1 with a description in @err
 * (unknown key or name, bad value, key given twice).
 */
int setting_parse_word(const char *tok, struct setting *s, char *err,
		       size_t errlen);

/* Parse blank-separated words (none: an empty setting) into @s. */
int setting_parse(const char *text, struct setting *s, char *err,
		  size_t errlen);

/* Give every unset key of @s its default. */
void setting_resolve(struct setting *s);

/* Whether every set key of @s has its default value. */
int setting_is_default(const struct setting *s);

/* The value of key @key in @s as text, NULL when unset. */
const char *setting_value(const struct setting *s, enum knob_id key);

/* "sysctl=1 formula=squared pull=busy_siblings" (set keys only). */
char *setting_format(const struct setting *s, char *buf, size_t len);

/*
 * Every key with the words it takes, "sysctl=0|1|2" and so on, @sep
 * between keys, into @buf (for usage texts); return @buf.
 */
char *setting_grammar(char *buf, size_t len, const char *sep);

#endif
