#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
#
# The guest CPU is the pinned model (scripts/qemu-run), whatever the host:
# every CPU reports the same vendor, model and feature flags, recorded
# here from a boot on QEMU 7.2 (Debian 12); no LA57, so the kernel runs
# 4-level paging; CPUID gives the SMT topology. A host-dependent CPUID
# (KVM, -cpu host or max) fails this test.
. /opt/asym-smt/tests/lib.sh

FLAGS="fpu de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx lm constant_tsc rep_good nopl xtopology cpuid pni ssse3 cx16 sse4_1 sse4_2 popcnt hypervisor lahf_lm"

# every_cpu_has FIELD VALUE: /proc/cpuinfo shows FIELD as VALUE on every CPU.
every_cpu_has() {
	local got

	got=$(sed -n "s/^$1[[:space:]]*: //p" /proc/cpuinfo | sort | uniq -c |
	      sed 's/^ *//')
	[ "$got" = "$(nproc) $2" ] && return 0
	diag "$1: '$got', expected '$(nproc) $2'"
	return 1
}

ktap_table "
vendor every_cpu_has vendor_id GenuineIntel
model_name every_cpu_has 'model name' 'Intel Core i7 9xx (Nehalem Class Core i7)'
flags every_cpu_has flags \"\$FLAGS\"
four_level_paging sh -c '! grep -qw la57 /proc/cpuinfo'
smt_siblings_from_cpuid file_is /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 0-1
"
