#!/bin/sh
# Compares Popeye's printed solutions with arbiter's `puzzle solve --format popeye`:
#
#     scripts/popeye-diff.sh [--ordered] POPEYE_OUTPUT ARBITER_OUTPUT
#
# POPEYE_OUTPUT: what Popeye printed for an input file (or the .ref / .out / .tst / .reg file
# of its REGRESSIONTESTS); ARBITER_OUTPUT: `arbiter puzzle solve FILE --format popeye` for the
# same file. Each problem is compared from its stipulation line ("  #2    3 + 1") to "solution
# finished.": the header and diagram before it, Popeye's "Time = ..." and the counters of
# `popeye -regression` are left out. Popeye lists moves in its move generator's order and
# arbiter in its own, so the keys, tries, defences, threats and solution lines of each level
# are sorted before the comparison (--ordered: compared in the order printed).
# Prints a unified diff; exit status 0 when the outputs are the same, 1 when they differ, 2 for
# bad arguments (docs/popeye-input.md, "Popeye's printed solution").
here=$(dirname "$0")
exec python3 "$here/popeye-examples.py" --diff "$@"
