#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# topology: adl
# kernel: debug
# suite: full
# timeout: 900
#
# A short asym-fuzz on the debug kernel, KTAP one test per knob: 1000
# generated inputs per knob, each accepted or refused as documented.
# Longer: make fuzz ITERATIONS=N [SEED=N].
exec asym-fuzz --iterations 1000 --seed 1
