/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Apply a knob setting (ab.h) to the running kernel, checking each write by
 * reading it back. Shared by asym-ctl set and asym-ab.
 */
#ifndef ASYM_SETTINGS_H
#define ASYM_SETTINGS_H

#include <stddef.h>

#include "ab.h"

/*
 * The value of the knob @key as its selected word ("squared" of
 * "[squared] legacy") into @buf; 0, or -errno after naming the file
 * (missing files too unless @quiet).
 */
int settings_read(enum ab_key key, char *buf, size_t len, int quiet);

/*
 * Write every set key of @s in ab_keys order and read each back; a key
 * set to its default is skipped where the kernel has no such knob (stock
 * kernels). Return 0, or -1 after naming the file that failed or read
 * back another value.
 */
int settings_apply(const struct ab_setting *s);

/* Write the default of every key (ab_keys[].def). */
int settings_restore_defaults(void);

#endif
