#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The scenario lp-vs-die on the series before issue 30 (kernel-patches/
# and kernel-config/ of main at ee996ae: 22 patches, no cluster level, no
# v6.6 SMT balancing): the series applied with git am on asym-smt-base in
# a worktree of its own (build/linux-before30), built with that day's
# configuration into build/kbuild-before30, then three boots of the
# scenario of today's tree with that kernel, one guest at a time; the
# logs are kept here as lp-vs-die-before30-bootN.log.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
rev=ee996ae
src=$top/build/linux-before30 obj=$top/build/kbuild-before30
image=$top/build/bzImage-before30
. "$top/scripts/lib.sh"
git=(git -c user.name="asym-smt developers" -c user.email=asym-smt@localhost)

if [ ! -f "$image" ]; then
	echo "before30: the series of $rev on asym-smt-base in $src" >&2
	[ -d "$src" ] || "${git[@]}" -C "$top/build/linux" worktree add --detach "$src" asym-smt-base
	"${git[@]}" -C "$src" am --abort 2>/dev/null || true
	"${git[@]}" -C "$src" checkout -q --detach asym-smt-base
	tmp=$(mktemp -d)
	git -C "$top" archive "$rev" kernel-patches kernel-config | tar -x -C "$tmp"
	(cd "$tmp/kernel-patches" && grep -v '^#' series) | sed "s#^#$tmp/kernel-patches/#" |
		xargs "${git[@]}" -C "$src" am -q
	echo "before30: $("${git[@]}" -C "$src" log --oneline asym-smt-base.. | wc -l) patches; building" >&2
	"$top/scripts/kconfig" "$src" "$obj" "$tmp/kernel-config/lab.config" "$tmp/kernel-config/6.1.config"
	make_alone
	make -s -C "$src" O="$obj" -j"$(($(nproc) + 1))" bzImage
	cp "$obj/arch/x86/boot/bzImage" "$image"
	rm -rf "$tmp"
fi
for boot in 1 2 3; do
	echo "boot $boot: lp-vs-die on the series before issue 30" >&2
	"$top/scripts/qemu-run" --kernel "$image" --scenario lp-vs-die \
		--name "lp-vs-die-before30-$boot" > "$here/lp-vs-die-before30-boot$boot.log" 2>&1 &&
		echo "  exit 0" >&2 || echo "  exit $?" >&2
done
