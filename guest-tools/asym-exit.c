// SPDX-License-Identifier: GPL-2.0
/*
 * asym-exit - end the QEMU guest with an exit status for the host.
 *
 * Writes STATUS to QEMU's isa-debug-exit port; QEMU then exits with
 * (STATUS << 1) | 1, which the host runner decodes.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>

#include "lib.h"

#define DEBUG_EXIT_PORT	0xf4

const char *prog = "asym-exit";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s STATUS\n"
		"End the QEMU guest; QEMU exits with (STATUS << 1) | 1.\n"
		"STATUS is 0-255. Needs QEMU's isa-debug-exit device at 0x%x\n"
		"and CONFIG_X86_IOPL_IOPERM.\n", prog, DEBUG_EXIT_PORT);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	long status;
	int c;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		}
		usage(stderr);
		return 2;
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	errno = 0;
	status = strtol(argv[optind], &end, 10);
	if (errno || end == argv[optind] || *end || status < 0 ||
	    status > 255) {
		warnx_("'%s': status must be 0-255", argv[optind]);
		return 2;
	}
	fflush(NULL);
	if (ioperm(DEBUG_EXIT_PORT, 4, 1)) {
		warnx_("ioperm(0x%x): %s", DEBUG_EXIT_PORT, strerror(errno));
		return 1;
	}
	outl(status, DEBUG_EXIT_PORT);
	warnx_("QEMU did not exit: no isa-debug-exit device?");
	return 1;
}
