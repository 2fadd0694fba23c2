#!/bin/bash
cd /work/main
opts=(--max-starts 3 --seed 1 --reps 3 --duration 2 --interval 200 --real)
t0=$SECONDS
scripts/maps build/tbm3 series --name tbm3-series --kver 6.1 --topology i9-10920x --timeout 3600 -- "-" 1-24 "${opts[@]}"
echo "series done at $((SECONDS - t0)) s"
scripts/maps build/tbm3 no0002 --name tbm3-no0002 --kver 6.1 --kernel build/kbuild-no0002/arch/x86/boot/bzImage --topology i9-10920x --timeout 3600 -- "-" 1-24 "${opts[@]}"
echo "all done at $((SECONDS - t0)) s"
