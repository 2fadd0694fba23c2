#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: core-ultra-7-265k
# trees: 6.1 6.12
# timeout: 600
#
# Arrow Lake (8 one-thread P-cores, 12 E-cores in modules of 4, one LLC)
# placed by capacity as 6.12 runs it, the second part of the capacity
# path beside capacity-misfit's Lunar Lake. Capacities from the part's
# priorities (64 on P-cores 0 and 7, 63 on the other six, 46 on the
# E-cores): 64 * 1024 / 64 = 1024, 63 * 1024 / 64 = 1008,
# 46 * 1024 / 64 = 736. Stock 6.12 places by capacity as it boots
# (companion 0007); 6.1 packs by priority at 1, with flat capacities, and
# places by capacity at 2 (series 0029, 0030): SD_ASYM_CPUCAPACITY in CPU
# 0's domains and no SD_ASYM_PACKING. N = 1 and 8 loops from the fork
# (one P-core; every P-core, the class boundary) are ideal judged by
# capacity, where 1024 and 1008 are one class
# (docs/results/2026-12-07-parity-capacity-judged: every run of both
# trees at N = 1 to 10 ideal).
. /opt/asym-smt/tests/lib.sh

CAPACITIES="0:1024 1:1008 2:1008 3:1008 4:1008 5:1008 6:1008 7:1024"
FLAT="0:1024 1:1024 2:1024 3:1024 4:1024 5:1024 6:1024 7:1024"
for cpu in 8 9 10 11 12 13 14 15 16 17 18 19; do
	CAPACITIES="$CAPACITIES $cpu:736"
	FLAT="$FLAT $cpu:1024"
done

if is_stock; then
	ktap_table "
$(capacity_rows stock)
$(placement_rows stock v6.5 ideal_by_capacity 1 8)
"
else
	ktap_table "
sysctl1_packs_by_priority placed_by packing
sysctl1_domains_as_modelled topology_checked
sysctl1_capacities_flat capacities_are '$FLAT'
$(placement_rows sysctl2 v6.5 ideal_by_capacity 1 8)
$(capacity_rows sysctl2)
sysctl2_to_1_packs_by_priority switched_to v5.16 packing
sysctl1_again_capacities_flat capacities_are '$FLAT'
"
fi
