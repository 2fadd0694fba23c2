#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# timeout: 900
#
# Start-state maps on the ADL-like CPU: where the balancer takes N busy
# loops from every start placement (asym-map, one run per start up to the
# topology's symmetry), and from the known trap of the generation before
# v5.16. What the series promises: under v5.16 (the defaults) and the
# v6.5 backport every start of 3 loops reaches the ideal; before v5.16 the
# 4 loops started on the two P-cores stay there while both E-cores idle
# (the seed's misplacement), and v5.16 leaves that start for the ideal.
. /opt/asym-smt/tests/lib.sh

# map_all_ideal POLICY N: every start of N loops under POLICY reached the
# ideal, and every run was judged (sound).
map_all_ideal() {
	local out=/tmp/map-$1-$2.txt line

	asym-map -n "$2" --set "$1" --reps 1 > "$out" 2>&1
	line=$(sed -n 's/^map //p' "$out")
	diag "$1 N=$2: $line"
	case " $line " in
	*" unsound=0 "*) ;;
	*) sed 's/^/# /' "$out"; return 1 ;;
	esac
	for kv in $line; do
		eval "m_${kv%%=*}='${kv#*=}'"
	done
	[ "$m_ideal" = "$m_starts" ] && [ "$m_starts" -gt 0 ] && return 0
	sed -n '/^trap\|^mixed\|^moving\|^  /p' "$out" | sed 's/^/# /'
	return 1
}

# ends_include POLICY N CPU/CLASS=SHARE...: the map of N loops under
# POLICY that map_all_ideal drew (run before) says those shares of its
# runs ended on those CPUs (its ends line).
ends_include() {
	local out=/tmp/map-$1-$2.txt line want

	line=$(sed -n 's/^ends //p' "$out" 2>/dev/null)
	[ -n "$line" ] || { diag "$out: no ends line"; return 1; }
	diag "$1 N=$2: ends $line"
	shift 2
	for want; do
		case " $line " in
		*" $want "*) ;;
		*) diag "expected $want"; return 1 ;;
		esac
	done
}

BOOT_PRIOS=$(prios)
ktap_table "
v5_16_n3_every_start_ideal map_all_ideal v5.16 3
v5_16_n3_ends_on_both_p_cores_first_threads ends_include v5.16 3 cpu0/P=1.00 cpu1/s=0.00 cpu2/P=1.00 cpu3/s=0.00
v6_5_n3_every_start_ideal map_all_ideal v6.5 3
pre_v5_16_n4_two_p_cores_trap from_start pre-v5.16 0,1,2,3 trap 0,1,2,3
v5_16_n4_two_p_cores_ideal from_start v5.16 0,1,2,3 ideal
back_to_defaults_restores_priorities defaults_restore \"\$BOOT_PRIOS\"
"
