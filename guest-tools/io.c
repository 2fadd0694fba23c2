// SPDX-License-Identifier: GPL-2.0
/* Whole small files: see io.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "msg.h"

int read_text(const char *path, char *buf, size_t len, int quiet)
{
	int fd = open(path, O_RDONLY);
	size_t off = 0;
	ssize_t n;

	if (fd < 0) {
		int err = errno;

		if (!quiet || err != ENOENT)
			warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	while (off + 1 < len && (n = read(fd, buf + off, len - 1 - off)) != 0) {
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			warnx_("%s: %s", path, strerror(err));
			close(fd);
			return -err;
		}
		off += n;
	}
	close(fd);
	buf[off] = '\0';
	while (off && buf[off - 1] == '\n')
		buf[--off] = '\0';
	return off;
}

int pread_text(int fd, const char *path, char *buf, size_t len, int quiet)
{
	size_t off = 0;
	ssize_t n;

	while (off + 1 < len &&
	       (n = pread(fd, buf + off, len - 1 - off, off)) != 0) {
		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			if (!quiet)
				warnx_("%s: %s", path, strerror(err));
			return -err;
		}
		off += n;
	}
	buf[off] = '\0';
	while (off && buf[off - 1] == '\n')
		buf[--off] = '\0';
	return off;
}

int write_text(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0) {
		int err = errno;

		warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	n = write(fd, text, len);
	if (n < 0 || (size_t)n != len) {
		int err = n < 0 ? errno : EIO;

		warnx_("%s: writing '%s': %s", path, text, strerror(err));
		close(fd);
		return -err;
	}
	if (close(fd)) {
		int err = errno;

		warnx_("%s: %s", path, strerror(err));
		return -err;
	}
	return 0;
}
