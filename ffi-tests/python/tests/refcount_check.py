#!/usr/bin/env python3
"""Reference counts under a debug CPython (Py_DEBUG: sys.gettotalrefcount(), and the
interpreter's own checks of reference counts and object states): every numpy-free entry point
(entry_points.exercise) run ROUNDS times; after WARMUP rounds the total reference count must
not move by more than SLACK (a reference leaked by a call that runs once a round would add
ROUNDS - WARMUP). Needs the extension built for the debug interpreter (`make refcount`).

    PYTHONPATH=build/dbg/site python3.11-dbg tests/refcount_check.py [ROUNDS]    (default 100)
"""

import array
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import entry_points  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 100
WARMUP = 20
SLACK = 10


def total():
    gc.collect()
    return sys.gettotalrefcount()


def main():
    if not hasattr(sys, "gettotalrefcount"):
        print("refcount_check: needs a debug CPython (sys.gettotalrefcount)")
        return 1
    import librouge

    print("refcount_check: %s, librouge from %s" % (sys.version.split()[0] + " debug", librouge._native.__file__))
    scorers = entry_points.make_scorers()
    # The counts go into an array of machine integers, preallocated: keeping them as Python
    # objects would itself add references between two counts.
    at = [n for n in range(WARMUP, ROUNDS + 1, 20)]
    counts = array.array("q", [0] * len(at))
    k = 0
    for i in range(ROUNDS):
        entry_points.exercise(scorers, numpy=False, huge=i % 20 == 0)
        if k < len(at) and i + 1 == at[k]:
            counts[k] = total()
            k += 1
    base, last = counts[0], counts[k - 1]
    print("refcount_check: sys.gettotalrefcount() after rounds %s" % ", ".join("%d: %d" % c for c in zip(at, counts)))
    print("refcount_check: %+d references from round %d to %d (allowed %d)" % (last - base, WARMUP, ROUNDS, SLACK))
    ok = abs(last - base) <= SLACK
    print("refcount_check: %d passed, %d failed" % (int(ok), int(not ok)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
