/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole small files (sysfs, procfs, debugfs): read one at once, re-read
 * one kept open, write one in a single write(2), as the kernel wants a
 * knob written. Errors name the file and the errno text.
 */
#ifndef ASYM_IO_H
#define ASYM_IO_H

#include <stddef.h>

/*
 * Read @path into @buf (NUL-terminated, trailing newline stripped).
 * Return the length, or -errno after naming the file and the error.
 * With @quiet, a missing file is not reported.
 */
int read_text(const char *path, char *buf, size_t len, int quiet);

/*
 * Read the file open at @fd from its start into @buf like read_text(),
 * without reopening it (cheap re-reads of /proc files); @path names it in
 * errors, which are reported unless @quiet.
 */
int pread_text(int fd, const char *path, char *buf, size_t len, int quiet);

/* Write @text to @path; return 0 or -errno after naming the file. */
int write_text(const char *path, const char *text);

#endif
