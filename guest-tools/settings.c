// SPDX-License-Identifier: GPL-2.0
/* Apply a knob setting and check it by reading back: see settings.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ab.h"
#include "lib.h"
#include "settings.h"

int settings_read(enum ab_key key, char *buf, size_t len, int quiet)
{
	char text[256];
	int ret;

	ret = read_text(ab_keys[key].path, text, sizeof(text), quiet);
	if (ret < 0)
		return ret;
	ab_selected(text, buf, len);
	return 0;
}

int settings_apply(const struct ab_setting *s)
{
	int k;

	for (k = 0; k < AB_NKEYS; k++) {
		const char *want = ab_value(s, k);
		char got[128];

		if (!want)
			continue;
		/*
		 * A kernel without the knob (stock 6.12) runs its own policy:
		 * asking it for the default asks for nothing.
		 */
		if (!strcmp(want, ab_keys[k].values[ab_keys[k].def]) &&
		    access(ab_keys[k].path, F_OK) && errno == ENOENT)
			continue;
		if (write_text(ab_keys[k].path, want) ||
		    settings_read(k, got, sizeof(got), 0))
			return -1;
		if (strcmp(got, want)) {
			warnx_("%s: wrote '%s', reads back '%s'",
			       ab_keys[k].path, want, got);
			return -1;
		}
	}
	return 0;
}

int settings_restore_defaults(void)
{
	struct ab_setting s;

	ab_setting_init(&s);
	ab_setting_resolve(&s);
	return settings_apply(&s);
}
