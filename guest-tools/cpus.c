// SPDX-License-Identifier: GPL-2.0
/* CPU sets: see cpus.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpus.h"
#include "io.h"
#include "msg.h"

int format_cpulist(const unsigned char *mask, int n, char *buf, size_t len)
{
	size_t used = 0;
	int i = 0, end, w;

	if (!len)
		return -1;
	buf[0] = '\0';
	while (i < n) {
		if (!mask[i]) {
			i++;
			continue;
		}
		for (end = i; end + 1 < n && mask[end + 1]; end++)
			;
		if (end == i)
			w = snprintf(buf + used, len - used, "%s%d",
				     used ? "," : "", i);
		else
			w = snprintf(buf + used, len - used, "%s%d-%d",
				     used ? "," : "", i, end);
		if (w < 0 || (size_t)w >= len - used)
			return -1;
		used += w;
		i = end + 1;
	}
	return 0;
}

int parse_cpulist(const char *list, unsigned char *mask, int n)
{
	const char *p = list;

	memset(mask, 0, n);
	if (!*p)
		return 0;
	for (;;) {
		char *end;
		long a, b;

		a = strtol(p, &end, 10);
		if (end == p || a < 0)
			return -1;
		b = a;
		p = end;
		if (*p == '-') {
			b = strtol(++p, &end, 10);
			if (end == p || b < a)
				return -1;
			p = end;
		}
		if (b >= n)
			return -1;
		while (a <= b)
			mask[a++] = 1;
		if (!*p)
			return 0;
		if (*p++ != ',')
			return -1;
	}
}

int possible_cpus(void)
{
	unsigned char mask[4096];
	char buf[256];
	int i, n = 0;

	if (read_text(SYSFS_CPU "/possible", buf, sizeof(buf), 0) < 0)
		return -1;
	if (parse_cpulist(buf, mask, sizeof(mask))) {
		warnx_("%s/possible: malformed '%s'", SYSFS_CPU, buf);
		return -1;
	}
	for (i = 0; i < (int)sizeof(mask); i++)
		n += mask[i];
	return n;
}

int online_cpus(unsigned char *mask, int n)
{
	char buf[4096];
	int i, count = 0;

	if (read_text(SYSFS_CPU "/online", buf, sizeof(buf), 0) < 0)
		return -1;
	if (parse_cpulist(buf, mask, n)) {
		warnx_("%s/online: malformed '%s'", SYSFS_CPU, buf);
		return -1;
	}
	for (i = 0; i < n; i++)
		count += mask[i];
	return count;
}

int cpu_cache_path(const char *root, int cpu, int level, char *path,
		   size_t len)
{
	char buf[16];
	int i;

	for (i = 0; i < 10; i++) {
		snprintf(path, len, "%s" SYSFS_CPU "/cpu%d/cache/index%d/level",
			 root, cpu, i);
		if (read_text(path, buf, sizeof(buf), 1) < 0 ||
		    atoi(buf) != level)
			continue;
		snprintf(path, len,
			 "%s" SYSFS_CPU "/cpu%d/cache/index%d/shared_cpu_list",
			 root, cpu, i);
		return 0;
	}
	return -1;
}

int cpu_online(int cpu)
{
	char path[128], buf[16];
	int ret;

	snprintf(path, sizeof(path), SYSFS_CPU "/cpu%d/online", cpu);
	ret = read_text(path, buf, sizeof(buf), 1);
	if (ret == -ENOENT)	/* not hotpluggable (the boot CPU): online */
		return 1;
	if (ret < 0)
		return -1;
	return buf[0] == '1';
}
