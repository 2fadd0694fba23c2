/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Canned fields of /proc/schedstat's "domainN MASK ..." lines for the host
 * unit tests (parse-test.c, explain-test.c): the 24 lb_* counters (3
 * idle types x 8), then the 12 others (alb_* first): 36 numbers.
 */
#ifndef ASYM_CANNED_SCHEDSTAT_H
#define ASYM_CANNED_SCHEDSTAT_H

#define SD_ZERO	"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 " \
		"0 0 0 0 0 0 0 0 0 0 0 0"
/* lb_count 10+5+20, lb_gained 1+0+2, alb_count 3, alb_pushed 2 */
#define SD_A	"10 9 1 4 1 0 8 0  5 5 0 0 0 0 5 0  20 18 2 6 2 1 0 18 " \
		"3 1 2 0 0 0 0 0 0 7 8 9"
/* lb_count 15+7+30, lb_gained 2+0+3, alb_count 4, alb_pushed 3 */
#define SD_B	"15 13 2 4 2 0 11 0  7 7 0 0 0 0 7 0  30 26 4 9 3 1 0 26 " \
		"4 1 3 0 0 0 0 0 0 7 8 9"

#endif
