// SPDX-License-Identifier: GPL-2.0
/* The grammar of a knob setting: see setting.h. No I/O. */
#include <stdio.h>
#include <string.h>

#include "lib.h"
#include "out.h"
#include "setting.h"

void setting_init(struct setting *s)
{
	int k;

	for (k = 0; k < NR_SETTING_KEYS; k++)
		s->val[k] = -1;
	s->policy = POLICY_UNKNOWN;
}

static int is_empty(const struct setting *s)
{
	int k;

	for (k = 0; k < NR_SETTING_KEYS; k++)
		if (s->val[k] >= 0)
			return 0;
	return 1;
}

/* The setting of policy @p: its sysctl value, or 1 and its two halves. */
static void policy_setting(enum policy p, struct setting *s)
{
	const struct policy_desc *d = &policies[p];

	if (d->sysctl) {
		s->val[KNOB_SYSCTL] = knob_word(&knobs[KNOB_SYSCTL], d->sysctl);
	} else {
		s->val[KNOB_SYSCTL] = knob_word(&knobs[KNOB_SYSCTL], "1");
		s->val[KNOB_FORMULA] = knob_word(&knobs[KNOB_FORMULA],
						 d->formula);
		s->val[KNOB_PULL] = knob_word(&knobs[KNOB_PULL], d->pull);
	}
	setting_resolve(s);
	s->policy = p;
}

int setting_parse_word(const char *tok, struct setting *s, char *err,
		       size_t errlen)
{
	const char *eq = strchr(tok, '=');
	const struct knob *k;
	enum policy p = policy_by_name(tok);
	char words[128];
	int v;

	if (!strcmp(tok, SETTING_DEFAULTS) || p != POLICY_UNKNOWN) {
		if (!is_empty(s))
			return errf(err, errlen,
				    "'%s' sets every key: give it alone", tok);
		if (p != POLICY_UNKNOWN)
			policy_setting(p, s);
		else
			setting_resolve(s);
		return 0;
	}
	if (!eq)
		return errf(err, errlen,
			    "'%s': not KEY=VALUE, a policy or %s", tok,
			    SETTING_DEFAULTS);
	k = knob_by_key(tok, eq - tok);
	if (!k)
		return errf(err, errlen,
			    "'%s': unknown key '%.*s' (sysctl, formula, pull)",
			    tok, (int)(eq - tok), tok);
	v = knob_word(k, eq + 1);
	if (v < 0)
		return errf(err, errlen, "'%s': %s takes %s", tok, k->key,
			    knob_words_text(k, words, sizeof(words)));
	if (s->val[k - knobs] >= 0)
		return errf(err, errlen, "'%s': %s given twice", tok, k->key);
	s->val[k - knobs] = v;
	return 0;
}

int setting_parse(const char *text, struct setting *s, char *err,
		  size_t errlen)
{
	const char *p = text;

	setting_init(s);
	for (;;) {
		char tok[128];
		size_t len;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return 0;
		len = strcspn(p, " \t");
		if (len >= sizeof(tok))
			return errf(err, errlen, "'%.*s...': too long", 20, p);
		memcpy(tok, p, len);
		tok[len] = '\0';
		if (setting_parse_word(tok, s, err, errlen))
			return -1;
		p += len;
	}
}

void setting_resolve(struct setting *s)
{
	int k;

	for (k = 0; k < NR_SETTING_KEYS; k++)
		if (s->val[k] < 0)
			s->val[k] = knobs[k].def;
}

int setting_is_default(const struct setting *s)
{
	int k;

	for (k = 0; k < NR_SETTING_KEYS; k++)
		if (s->val[k] >= 0 && s->val[k] != knobs[k].def)
			return 0;
	return 1;
}

const char *setting_value(const struct setting *s, enum knob_id key)
{
	return s->val[key] < 0 ? NULL : knobs[key].words[s->val[key]];
}

char *setting_format(const struct setting *s, char *buf, size_t len)
{
	int k;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (k = 0; k < NR_SETTING_KEYS; k++)
		if (s->val[k] >= 0)
			out_add(buf, len, "%s%s=%s", buf[0] ? " " : "",
				knobs[k].key, setting_value(s, k));
	return buf;
}

char *setting_grammar(char *buf, size_t len, const char *sep)
{
	int k, i;

	if (!len)
		return buf;
	buf[0] = '\0';
	for (k = 0; k < NR_SETTING_KEYS; k++) {
		out_add(buf, len, "%s%s=", k ? sep : "", knobs[k].key);
		for (i = 0; i < knob_nwords(&knobs[k]); i++)
			out_add(buf, len, "%s%s", i ? "|" : "",
				knobs[k].words[i]);
	}
	return buf;
}
