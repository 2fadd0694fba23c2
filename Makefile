# SPDX-License-Identifier: GPL-2.0
# asym-smt: the one entry point and the one build graph. `make help` lists
# the targets. Where each output lives: scripts/artifact.
#
# Variables: KVER=6.1|6.12 (the kernel tree: Debian's linux-source-KVER,
# default 6.1), TOPOLOGY=NAME|SPEC (guest topology: a name from the file
# topologies, or a spec, see guest-tools/topo.h), CMD='...' (run one
# command in the guest), DEBUG=1 (KASAN debug kernel, own build folder),
# KCSAN=1 (KCSAN debug kernel, own build folder), JOBS=N
# (kernel build jobs), T=NAME[,NAME...] (make test: only those stages).

TOP := $(CURDIR)
art = $(shell $(TOP)/scripts/artifact $(1))
KVERS := $(call art,kvers)
KVER ?= 6.1
ifneq ($(words $(KVER)) $(filter $(KVERS),$(KVER)),1 $(KVER))
$(error KVER=$(KVER): one of $(KVERS))
endif
ifeq ($(origin DEBUG),command line)
ifneq ($(DEBUG),$(filter 0 1,$(DEBUG)))
$(error DEBUG=$(DEBUG): 1 (debug kernel), 0 or unset)
endif
endif
ifeq ($(origin KCSAN),command line)
ifneq ($(KCSAN),$(filter 0 1,$(KCSAN)))
$(error KCSAN=$(KCSAN): 1 (KCSAN kernel), 0 or unset)
endif
endif
ifeq ($(DEBUG)$(KCSAN),11)
$(error DEBUG=1 and KCSAN=1: KASAN and KCSAN exclude each other, choose one)
endif
# The kernels of a tree, as DEBUG values (scripts/artifact flavours), and
# each as DEBUG=NAME: flavour_name DEBUG is its NAME (none for the lab's),
# kernel_target KVER DEBUG the make target that builds it, kernel-KVER-NAME.
FLAVOURS := $(call art,flavours)
FLAVOUR_NAMES := $(call art,flavour-names)
flavour_name = $(patsubst $(1)=%,%,$(filter $(1)=%,$(FLAVOUR_NAMES)))
kernel_target = kernel-$(1)$(if $(call flavour_name,$(2)),-$(call flavour_name,$(2)))
KERNELS := $(foreach v,$(KVERS),$(foreach d,$(FLAVOURS),$(call kernel_target,$(v),$(d))))
# The kernel that `make kernel` builds and `make run` boots, and the
# qemu-run option that boots it.
KDEBUG := $(if $(filter 1,$(DEBUG)),1,$(if $(filter 1,$(KCSAN)),kcsan,0))
KERNEL := $(call kernel_target,$(KVER),$(KDEBUG))
BOOT_FLAVOUR := $(if $(call flavour_name,$(KDEBUG)),--$(call flavour_name,$(KDEBUG)))
export TOPOLOGY CMD KVER

help:
	@echo "asym-smt targets:"
	@echo "  deps            install missing Debian packages (apt-get, no recommends)"
	@echo "  tree            unpack linux-source-KVER into build/linux[-KVER], apply its series"
	@echo "                  (kernel-patches/ for 6.1, kernel-patches-6.12/ for 6.12)"
	@echo "  export-patches  git format-patch the tree back into its series folder"
	@echo "  kernel          tinyconfig + kernel-config/ fragments, build build/bzImage[-KVER]"
	@echo "                  (DEBUG=1: KASAN build/bzImage[-KVER]-debug; KCSAN=1:"
	@echo "                  KCSAN build/bzImage[-KVER]-kcsan)"
	@echo "  tree-KVER, kernel-KVER, kernel-KVER-debug, kernel-KVER-kcsan"
	@echo "                  the same for one tree whatever KVER and DEBUG say, so that one"
	@echo "                  make builds several: make kernel-6.1 kernel-6.12 (KVER: $(KVERS))"
	@echo "  tools           guest tools (static) into build/guest-bin, host builds into build/host"
	@echo "  initramfs       busybox + tools + scenarios into build/initramfs.cpio.gz"
	@echo "  demo            start-state maps of the series' three generations (HALVES=1:"
	@echo "                  and the halves of two, 7 policies), N=2..6 on adl: STARTS=3"
	@echo "                  sampled starts (SEED=1), REPS=3 runs each, a guest a map,"
	@echo "                  as many at once as the host has cores (MAPS_JOBS=N); build/demo/"
	@echo "  run             boot the guest on TOPOLOGY with a shell; CMD='...' runs one command"
	@echo "                  (TOPOLOGY: a name from the file topologies, a part of catalogue/,"
	@echo "                  or a spec)"
	@echo "  map             start-state map: where the balancer takes N=N busy loops from"
	@echo "                  every start placement, under SET=POLICY (asym-ctl policies),"
	@echo "                  REPS=3 runs a start, on TOPOLOGY"
	@echo "  describe        this machine as a lab topology spec (asym-describe, read-only;"
	@echo "                  ROOT=DIR: a copy of another machine's sys/ and proc/)"
	@echo "  generations     start-state maps of N=1..CPUs on every lab topology: 6.1 series"
	@echo "                  defaults, sched_asym_smt=0, sched_asym_smt=2, stock 6.12 (STARTS=3,"
	@echo "                  REPS=3, SEED=1, FAMILY=full); build/generations/table.md;"
	@echo "                  FAMILY=catalogue: the real parts (PARTS='i9-14900k ...'), NS='1 8 16':"
	@echo "                  only those N; PARITY=1: only sysctl=2 and stock 6.12, the"
	@echo "                  parity column's two"
	@echo "  checkpatch      scripts/checkpatch.pl --strict on every patch"
	@echo "  build-matrix    build what the series touches with PROC_SYSCTL, SCHED_DEBUG,"
	@echo "                  X86_ITMT_EMULATION, KUNIT off and -Werror; kernel/sched/ for"
	@echo "                  arm64 and powerpc (not in 'make test'; about 2 min cold)"
	@echo "  torture         debug kernel of KVER, asym-torture for DURATION=60 s (SEED=N to replay);"
	@echo "                  KCSAN=1: on the KCSAN kernel, races sorted by scripts/kcsan-report"
	@echo "  fuzz            debug kernel of KVER, asym-fuzz with ITERATIONS=10000 per knob (SEED=N)"
	@echo "  test            build what the tests need, run every test; KTAP, ends"
	@echo "                  'N passed, N failed, N skipped'"
	@echo "  test-full       test, and the stages that need another kernel: fuzz and"
	@echo "                  torture on the KASAN kernel, torture on the KCSAN kernel,"
	@echo "                  the scenarios on stock 6.12 (make test KVER=6.12 runs those)"
	@echo "                  T=NAME[,NAME...]: only those stages (unit, checkpatch, a scenario...),"
	@echo "                  building only what they need; 'tests/run --help' lists the names;"
	@echo "                  stages run TEST_JOBS=N at once (default: the CPUs), and one whose"
	@echo "                  inputs are as when it last passed is reused (FORCE=1: run all)"
	@echo "  clean           remove build outputs, keep the kernel trees and objects"
	@echo "  distclean       remove build/"

deps:
	@scripts/deps

# Per tree: its patched tree, and a kernel of each flavour.
define tree_rules
tree-$(1): deps
	@KVER=$(1) scripts/tree
.PHONY: tree-$(1)
endef
define kernel_rules
$(call kernel_target,$(1),$(2)): tree-$(1)
	@scripts/kbuild $(1) $(2)
.PHONY: $(call kernel_target,$(1),$(2))
endef
$(foreach v,$(KVERS),$(eval $(call tree_rules,$(v))))
$(foreach v,$(KVERS),$(foreach d,$(FLAVOURS),$(eval $(call kernel_rules,$(v),$(d)))))

tree: tree-$(KVER)

kernel: $(KERNEL)

export-patches:
	@scripts/tree export

# The tool builds share the jobs of a make -j of this Makefile, or else run
# as many compilers as there are CPUs.
NPROC := $(shell nproc)
TOOLS_J = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))
tools: deps
	@$(MAKE) -s -C guest-tools $(TOOLS_J) O=$(call art,guest-tools)
	@$(MAKE) -s -C guest-tools $(TOOLS_J) O=$(call art,host-tools) HOST=1 all unit

# The initramfs is packed with the gen_init_cpio of a kernel build: that of
# the kernel KVER and DEBUG select or, when this make builds other kernels
# only (make test T=NAME@6.12), of the first of those.
IKERNEL := $(firstword $(filter $(KERNEL),$(MAKECMDGOALS)) \
	$(filter $(KERNELS),$(MAKECMDGOALS)) $(KERNEL))
IKVER := $(word 2,$(subst -, ,$(IKERNEL)))
IDEBUG := $(firstword $(foreach d,$(FLAVOURS),$(if $(filter $(IKERNEL),$(call kernel_target,$(IKVER),$(d))),$(d))))
initramfs: $(IKERNEL) tools
	@scripts/initramfs $(call art,objdir $(IKVER) $(IDEBUG))/usr/gen_init_cpio \
		$(call art,initramfs) $(call art,guest-tools)

# CMD goes to the guest as written: $(value) keeps make from expanding
# its $ (an exported CMD would reach the shell expanded).
run: $(KERNEL) initramfs
	@scripts/qemu-run $(if $(TOPOLOGY),--topology "$$TOPOLOGY") --kver $(KVER) \
		$(BOOT_FLAVOUR) $(if $(value CMD),-- '$(subst ','\'',$(value CMD))')

N ?=
SET ?=
REPS ?= 3
map: $(KERNEL) initramfs
	@scripts/qemu-run --kver $(KVER) $(if $(TOPOLOGY),--topology "$$TOPOLOGY") \
		--name map --timeout 3600 \
		-- "asym-map -n '$(N)' $(if $(SET),--set '$(SET)') --reps '$(REPS)'"

# This machine described as a lab spec (read-only); ROOT=DIR reads a copy
# of another machine's /sys and /proc instead.
ROOT ?=
describe: tools
	@$(call art,host-tools)/asym-describe $(if $(ROOT),--root '$(ROOT)')

demo: initramfs kernel-6.1
	@scripts/demo

generations: initramfs kernel-6.1 kernel-6.12
	@scripts/generations

checkpatch: tree-6.1
	@tests/checkpatch

build-matrix: tree-6.1
	@scripts/build-matrix

DURATION ?= 60
ITERATIONS ?= 10000
# torture: the KASAN debug kernel, or with KCSAN=1 the KCSAN one.
TORTURE_FLAVOUR := $(if $(filter 1,$(KCSAN)),kcsan,debug)
debug-kernel: kernel-$(KVER)-debug
torture: initramfs kernel-$(KVER)-$(TORTURE_FLAVOUR)
	@scripts/qemu-run --kver $(KVER) --$(TORTURE_FLAVOUR) \
		--name torture-$(TORTURE_FLAVOUR)-$(DURATION)s \
		--timeout $$(( $(DURATION) + 600 )) \
		-- "asym-torture --duration $(DURATION) $(if $(SEED),--seed $(SEED))$(if \
		$(filter 1,$(KCSAN)),; s=\$$?; sed '/^$$/q' /sys/kernel/debug/kcsan; exit \$$s)"
fuzz: initramfs kernel-$(KVER)-debug
	@scripts/qemu-run --kver $(KVER) --debug --name fuzz-$(ITERATIONS) --timeout 3600 \
		-- "asym-fuzz --iterations $(ITERATIONS) $(if $(SEED),--seed $(SEED))"

# tests/run names the make targets the chosen stages need; they are built
# here, in one make, as many targets at once as there are CPUs (the tools
# build while the tree unpacks; each kernel build runs its own jobs), then
# tests/run runs the stages. KVER=6.12 given: that tree's stages only
# (tests/run --help). A failed build is one failure, named as the
# build's, so that the closing lines are there for CI. The stages run as
# many at once as there are CPUs (TEST_JOBS=N: N), and a stage whose
# inputs did not change since it last passed is reused (FORCE=1: none).
# (Two recipe lines: 'make -n test' runs the first, which holds $(MAKE),
# but not the tests.)
TEST_KVER = $(if $(filter file,$(origin KVER)),,$(KVER))
FORCE ?=
TEST_JOBS ?=
test test-full:
	@needs=$$(KVER=$(TEST_KVER) tests/run --needs $(TEST_FULL) $(T)) || exit 2; \
	[ -z "$$needs" ] && exit 0; \
	echo "# build: $$needs"; \
	if ! $(MAKE) -j$(NPROC) --no-print-directory $$needs; then \
		echo "# build failed after $${SECONDS}s: no stage ran (the build's errors above)"; \
		echo "# failures by phase: build 1, boot 0, test 0"; \
		echo "0 passed, 1 failed, 0 skipped"; \
		exit 1; \
	fi; \
	echo "# build: done in $${SECONDS}s"
	@KVER=$(TEST_KVER) FORCE=$(FORCE) TEST_JOBS=$(TEST_JOBS) tests/run $(TEST_FULL) $(T)
# make test-full: also the stages of the sanitizer kernels and of stock 6.12
# (tests/run --full).
test-full: TEST_FULL := --full

# Every kernel image: each tree's, of each flavour scripts/artifact knows.
clean:
	rm -rf $(call art,guest-tools) $(call art,host-tools) $(call art,logs) \
		$(call art,initramfs)* \
		$(foreach v,$(KVERS),$(foreach d,$(FLAVOURS),$(call art,bzimage $(v) $(d))))

distclean:
	rm -rf $(TOP)/build

.PHONY: help deps tree export-patches kernel tools initramfs run map describe demo generations \
	checkpatch \
	build-matrix \
	debug-kernel torture fuzz test test-full clean distclean
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
