#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl-hybrid
# timeout: 600
#
# The same ADL-like CPU with the hybrid topology table (SMT, MC, DIE; no
# cluster level) that a real Alder Lake gets from its hybrid CPUID bit,
# forced with asym_smt_hybrid_topology. Defaults must place as the series
# promises.
. /opt/asym-smt/tests/lib.sh

ktap_table "
hybrid_table_requested grep -qw asym_smt_hybrid_topology /proc/cmdline
smt_groups_share_capacity grep -q '^span=0-1 .*SD_SHARE_CPUCAPACITY' \"\$(domain_dir 4 MC)/groups\"
$(placement_rows default v5.16 ideal 1 2 3 4)
$(placement_rows default v5.16 siblings_last 5 6)
"
