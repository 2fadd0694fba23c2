# SPDX-License-Identifier: GPL-2.0
# asym-smt: the one entry point. `make help` lists the targets.
#
# Variables: KVER=6.1|6.12 (the kernel tree: Debian's linux-source-KVER,
# default 6.1), TOPOLOGY=SPEC (guest topology, see guest-tools/topo.h),
# CMD='...' (run one command in the guest), DEBUG=1 (debug kernel, own
# build folder), JOBS=N (kernel build jobs), T=NAME[,NAME...] (make test:
# only those stages).

TOP := $(CURDIR)
B := $(TOP)/build
KVER ?= 6.1
ifeq ($(KVER),6.1)
KTAG :=
else ifeq ($(KVER),6.12)
KTAG := -6.12
else
$(error KVER=$(KVER): 6.1 or 6.12)
endif
KSRC := $(B)/linux$(KTAG)
KCONFIG := kernel-config/lab.config kernel-config/$(KVER).config
ifeq ($(DEBUG),1)
KOBJ := $(B)/kbuild$(KTAG)-debug
KCONFIG += kernel-config/debug.config
BZIMAGE := $(B)/bzImage$(KTAG)-debug
else
KOBJ := $(B)/kbuild$(KTAG)
BZIMAGE := $(B)/bzImage$(KTAG)
endif
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
INITRAMFS := $(B)/initramfs.cpio.gz
export TOPOLOGY CMD KVER

help:
	@echo "asym-smt targets:"
	@echo "  deps            install missing Debian packages (apt-get, no recommends)"
	@echo "  tree            unpack linux-source-KVER into build/linux[-KVER], apply its series"
	@echo "                  (kernel-patches/ for 6.1, kernel-patches-6.12/ for 6.12)"
	@echo "  export-patches  git format-patch the tree back into its series folder"
	@echo "  kernel          tinyconfig + kernel-config/ fragments, build build/bzImage[-KVER]"
	@echo "                  (DEBUG=1: build/bzImage[-KVER]-debug)"
	@echo "  tools           guest tools (static) into build/guest-bin, host builds into build/host"
	@echo "  initramfs       busybox + tools + scenarios into build/initramfs.cpio.gz"
	@echo "  demo            the A/B experiment: placement under the 4 settings of the series, N=1..6"
	@echo "  run             boot the guest on TOPOLOGY with a shell; CMD='...' runs one command"
	@echo "  generations     placement of N=1..CPUs on every lab topology: 6.1 series defaults,"
	@echo "                  6.1 with sched_asym_smt=0, stock 6.12; build/generations/table.md"
	@echo "  checkpatch      scripts/checkpatch.pl --strict on every patch"
	@echo "  build-matrix    build what the series touches with PROC_SYSCTL, SCHED_DEBUG,"
	@echo "                  X86_ITMT_EMULATION, KUNIT off and -Werror; kernel/sched/ for"
	@echo "                  arm64 and powerpc (not in 'make test'; about 2 min cold)"
	@echo "  torture         debug kernel, asym-torture for DURATION=60 s (SEED=N to replay)"
	@echo "  fuzz            debug kernel, asym-fuzz with ITERATIONS=10000 per knob (SEED=N)"
	@echo "  test            build everything, run every test; KTAP, ends 'N passed, N failed'"
	@echo "                  T=NAME[,NAME...]: only those stages (unit, checkpatch, a scenario...),"
	@echo "                  building only what they need; 'tests/run --help' lists the names"
	@echo "  clean           remove build outputs, keep the kernel tree and objects"
	@echo "  distclean       remove build/"

deps:
	@scripts/deps

tree: deps
	@scripts/tree

export-patches:
	@scripts/tree export

kernel: tree
	@scripts/kconfig $(KSRC) $(KOBJ) $(addprefix $(TOP)/,$(KCONFIG))
	@echo "  KBUILD  $(notdir $(BZIMAGE)) (-j$(JOBS))"
	@$(MAKE) --no-print-directory -C $(KSRC) O=$(KOBJ) -j$(JOBS) bzImage | \
		{ grep --line-buffered -v "^make\[\|^  \(DESCEND\|CALL\|CHK\|UPD\)" || true; }
	@cmp -s $(KOBJ)/arch/x86/boot/bzImage $(BZIMAGE) || \
		cp $(KOBJ)/arch/x86/boot/bzImage $(BZIMAGE)
	@echo "  KERNEL  $(notdir $(BZIMAGE)): $$(cat $(KOBJ)/include/config/kernel.release)"

tools: deps
	@$(MAKE) -s -C guest-tools O=$(B)/guest-bin
	@$(MAKE) -s -C guest-tools O=$(B)/host HOST=1 all unit

initramfs: kernel tools
	@scripts/initramfs $(KOBJ)/usr/gen_init_cpio $(INITRAMFS) $(B)/guest-bin

run: kernel initramfs
	@scripts/qemu-run $(if $(TOPOLOGY),--topology "$$TOPOLOGY") $(if $(filter 1,$(DEBUG)),--debug) \
		--kernel $(BZIMAGE) $(if $(CMD),-- "$$CMD")

demo: initramfs
	@scripts/demo

generations: initramfs
	@$(MAKE) --no-print-directory kernel KVER=6.12
	@scripts/generations

checkpatch: tree
	@tests/checkpatch

build-matrix: tree
	@scripts/build-matrix

DURATION ?= 60
ITERATIONS ?= 10000
debug-kernel:
	@$(MAKE) --no-print-directory kernel DEBUG=1
torture: initramfs debug-kernel
	@scripts/qemu-run --debug --name torture-$(DURATION)s --timeout $$(( $(DURATION) + 600 )) \
		-- "asym-torture --duration $(DURATION) $(if $(SEED),--seed $(SEED))"
fuzz: initramfs debug-kernel
	@scripts/qemu-run --debug --name fuzz-$(ITERATIONS) --timeout 3600 \
		-- "asym-fuzz --iterations $(ITERATIONS) $(if $(SEED),--seed $(SEED))"

# KVER given: that tree's stages only (tests/run --help).
test:
	@KVER=$(if $(filter file,$(origin KVER)),,$(KVER)) tests/run $(T)

clean:
	rm -rf $(B)/guest-bin $(B)/host $(B)/logs $(INITRAMFS)* $(B)/bzImage*

distclean:
	rm -rf $(B)

.PHONY: help deps tree export-patches kernel tools initramfs run demo generations checkpatch \
	build-matrix \
	debug-kernel torture fuzz test clean distclean
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
