#!/usr/bin/env python3
"""Leak test: every entry point of the package (entry_points.exercise: scoring, batches on
threads, columns, tokens, bootstrap, rewards, custom tokenizers that misbehave, every error
path, pickling) called ROUNDS times in one process. After WARMUP rounds (caches, the thread
pool and its scratch, numpy's lazy imports settle), the process's resident memory (RSS,
/proc/self/statm) and tracemalloc's count of Python-allocated bytes must stay flat to the end:
growth of at most RSS_SLACK and TRACED_SLACK. Some growth is no leak: CPython's free lists
(tuples, floats, dict keys) are allocations to tracemalloc, and fill up slowly towards their
bounds (some 20 bytes a round here); a leak of one small object in each of a round's ~150
calls would be ~8 KiB a round. The exact check of objects is the debug interpreter's
reference count (refcount_check.py). Prints the figures; exits non-zero when either grew
more.

    build/venv/bin/python tests/leak_check.py [ROUNDS]      (default 3000)
"""

import gc
import os
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import entry_points  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
WARMUP = max(ROUNDS // 10, 20)
RSS_SLACK = 1 << 20  # 1 MiB
TRACED_SLACK = 128 << 10  # 128 KiB
PAGE = os.sysconf("SC_PAGE_SIZE")


def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def main():
    scorers = entry_points.make_scorers()
    start = time.time()
    tracemalloc.start()
    samples = []
    for i in range(ROUNDS):
        # The huge-text path (a MemoryError) every 10th round: building the text is slow.
        entry_points.exercise(scorers, numpy=True, huge=i % 10 == 0)
        if i + 1 == WARMUP or i + 1 == ROUNDS or (i + 1) % (ROUNDS // 5 or 1) == 0:
            gc.collect()
            samples.append((i + 1, rss(), tracemalloc.get_traced_memory()[0]))
    tracemalloc.stop()
    base = [s for s in samples if s[0] == WARMUP][0]
    last = samples[-1]
    for n, r, t in samples:
        print("leak_check: after %5d rounds: RSS %8.1f KiB, tracemalloc %8.1f KiB" % (n, r / 1024, t / 1024))
    rss_growth, traced_growth = last[1] - base[1], last[2] - base[2]
    print("leak_check: %d rounds in %.0f s; from round %d to %d: RSS %+.1f KiB (allowed %d), "
          "tracemalloc %+.1f KiB (allowed %d)" % (
              ROUNDS, time.time() - start, WARMUP, ROUNDS, rss_growth / 1024, RSS_SLACK // 1024,
              traced_growth / 1024, TRACED_SLACK // 1024))
    ok = rss_growth <= RSS_SLACK and traced_growth <= TRACED_SLACK
    print("leak_check: %d passed, %d failed" % (int(ok), int(not ok)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
