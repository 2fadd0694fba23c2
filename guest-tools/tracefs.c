// SPDX-License-Identifier: GPL-2.0
/* The record's tracefs control: see tracefs.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"
#include "msg.h"
#include "record.h"
#include "tracefs.h"

/*
 * The record's ring buffer, per CPU. An event takes about 68 bytes (a
 * CPU's stats read 948 bytes for 14 events), and at N=17 on the
 * i9-14900K part the loops' events came at up to 649 a second over all
 * 32 CPUs (docs/record.md): 2 MB a CPU holds minutes of that. A full
 * buffer drops events, which the record counts as lost: the run is then
 * not judged.
 */
#define RECORD_BUFFER_KB	"2048"

static bool tracing;			/* our events are set in tracefs */

/*
 * Write the words of @text to tracefs' @file, opened once and truncated
 * (which clears "trace" and "set_event"), a word a write: set_event
 * takes one event a write. 0, or -1 after saying why.
 */
static int trace_write(const char *file, const char *text)
{
	char path[128], words[256], *save, *w;
	int fd, ret = 0;

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	snprintf(words, sizeof(words), "%s", text);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0) {
		warnx_("%s: %s", path, strerror(errno));
		return -1;
	}
	for (w = strtok_r(words, " ", &save); w && !ret;
	     w = strtok_r(NULL, " ", &save)) {
		ssize_t len = strlen(w), n = write(fd, w, len);

		if (n != len) {
			warnx_("%s: writing '%s': %s", path, w,
			       n < 0 ? strerror(errno) : "short write");
			ret = -1;
		}
	}
	close(fd);
	return ret;
}

void tracefs_stop(void)
{
	if (tracing)
		trace_write("tracing_on", "0");
}

void tracefs_release(void)
{
	if (!tracing)
		return;
	tracing = false;
	trace_write("tracing_on", "0");
	trace_write("set_event", "");
	trace_write("trace", "");
	trace_write("tracing_on", "1");
}

int tracefs_setup(void)
{
	struct stat st;

	if (stat(TRACEFS "/events/sched/sched_switch", &st) &&
	    (mount("tracefs", TRACEFS, "tracefs", 0, NULL) ||
	     stat(TRACEFS "/events/sched/sched_switch", &st)))
		return 1;
	tracing = true;
	if (trace_write("tracing_on", "0") ||
	    trace_write("current_tracer", "nop") ||
	    trace_write("trace_clock", "mono") ||
	    trace_write("buffer_size_kb", RECORD_BUFFER_KB) ||
	    trace_write("options/overwrite", "0") ||
	    trace_write("set_event", RECORD_EVENTS) ||
	    trace_write("trace", "") || trace_write("tracing_on", "1")) {
		tracefs_release();
		return -1;
	}
	return 0;
}

int tracefs_trace(bool on)
{
	int ret;

	if (!on) {
		tracefs_release();
		return 0;
	}
	ret = tracefs_setup();
	if (ret > 0)
		warnx_("no sched events in " TRACEFS
		       " (CONFIG_FTRACE and CONFIG_EVENT_TRACING)");
	return ret ? -1 : 0;
}

long tracefs_events(int cpu, long *lost)
{
	char path[128], buf[1024], *p;
	long entries = -1, v;

	*lost = 0;
	snprintf(path, sizeof(path), TRACEFS "/per_cpu/cpu%d/stats", cpu);
	if (read_text(path, buf, sizeof(buf), 0) < 0)
		return -1;
	p = strstr(buf, "entries: ");
	if (p)
		sscanf(p, "entries: %ld", &entries);
	p = strstr(buf, "overrun: ");
	if (p && sscanf(p, "overrun: %ld", &v) == 1)
		*lost += v;
	p = strstr(buf, "dropped events: ");
	if (p && sscanf(p, "dropped events: %ld", &v) == 1)
		*lost += v;
	return entries;
}

int tracefs_clear(void)
{
	return trace_write("trace", "");
}
