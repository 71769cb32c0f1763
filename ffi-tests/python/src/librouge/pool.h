/* The extension's thread pool (pool.c): score_batch's workers, started at first use and kept
 * for the process's life, each with a scratch buffer kept across batches. Plain C and
 * pthreads, no Python: a job runs with the GIL released and must not touch Python objects.
 * Hidden: nothing here is exported from the extension's .so. */
#ifndef LIBROUGE_POOL_H
#define LIBROUGE_POOL_H

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden)

/* The most threads one job runs on (the caller and POOL_MAX_THREADS - 1 pool threads). */
#define POOL_MAX_THREADS 256

/* A worker's scratch: `words` 8-byte words at `ptr` (NULL and 0 until first grown). */
typedef struct {
  uint64_t *ptr;
  size_t words;
} pool_scratch;

/* At least `words` words in `*s` (grown, old contents dropped): 0, or -1 when malloc fails
 * (`*s` unchanged). */
int pool_scratch_reserve(pool_scratch *s, size_t words);

/* What a job runs on each of its threads: `arg` as given to pool_run, the thread's scratch. */
typedef void (*pool_work)(void *arg, pool_scratch *scratch);

/* Runs `work(arg, scratch)` on the calling thread and on up to `threads - 1` pool threads at
 * once (starting those not started yet), and returns when every one of them has returned:
 * the work divides itself (the threads pull chunks from a counter in `arg`). Returns how many
 * threads ran it, at least 1: fewer than asked when threads could not be started, and 1
 * when another job holds the pool (the caller then runs it alone, with a scratch of its own,
 * rather than wait). Call it with the GIL released. After fork() the child has no pool
 * threads (pthread_atfork): its first job starts them again. */
unsigned pool_run(pool_work work, void *arg, unsigned threads);

#pragma GCC visibility pop

#endif
