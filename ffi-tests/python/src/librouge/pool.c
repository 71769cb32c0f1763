/* The extension's thread pool (pool.h): threads started at the first batch that asks for them
 * and kept, so a batch pays for waking them (a few microseconds), not for creating them, and
 * each keeps its scratch across batches (a W1 batch's scratch is a few hundred kilobytes per
 * thread: allocating and faulting it in on every call cost more than a short batch's
 * scoring). rayon's idea in C: the job divides itself, each thread pulling chunks of pairs
 * from an atomic counter until none are left (batch.c), so a chunk of long pairs keeps one
 * thread busy while the others take the rest.
 *
 * One job at a time owns the pool threads; a second caller meanwhile (another Python thread's
 * batch) runs its job alone on its own thread rather than wait. The pool is the process's
 * (like rayon's global pool): it holds no Python object, and after fork() the child, which
 * has none of the parent's threads, starts its own at its first job (the pthread_atfork
 * handlers below).
 */
/* pthread_sigmask and sigset_t under -std=c11 (the extension's other files get it from Python.h). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "pool.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

/* A pool thread's stack: explicit because musl's default (128 KiB) is far below glibc's
 * (8 MiB), and the library's scoring runs on it as it runs on the main thread. */
#define STACK_BYTES ((size_t)4 << 20)

/* Scratch kept by a thread after a job: up to 8 MiB. A batch of huge texts frees its
 * buffers at the end rather than pin them for the process's life. */
#define KEEP_WORDS ((size_t)1 << 20)

static struct {
  pthread_mutex_t owner; /* held by the pool_run whose job the pool threads run */
  pthread_mutex_t lock;  /* guards the fields below */
  pthread_cond_t posted; /* a job was posted */
  pthread_cond_t done;   /* the job's last pool thread finished it */
  unsigned started;      /* pool threads alive, numbered 1..started */
  unsigned helpers;      /* pool threads 1..helpers take part in the current job */
  unsigned running;      /* of those, how many have not finished it */
  unsigned long job;     /* the current job's number, one more for each */
  unsigned long served[POOL_MAX_THREADS]; /* the last job number thread i took */
  pool_work work;
  void *arg;
  pool_scratch scratch[POOL_MAX_THREADS]; /* [0] the owner's, [i] pool thread i's */
} pool = {.owner = PTHREAD_MUTEX_INITIALIZER,
          .lock = PTHREAD_MUTEX_INITIALIZER,
          .posted = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

int pool_scratch_reserve(pool_scratch *s, size_t words) {
  if (words <= s->words && s->ptr) return 0;
  if (words > SIZE_MAX / sizeof(uint64_t)) return -1;
  uint64_t *p = malloc((words ? words : 1) * sizeof(uint64_t));
  if (!p) return -1;
  free(s->ptr);
  s->ptr = p;
  s->words = words;
  return 0;
}

static void scratch_trim(pool_scratch *s) {
  if (s->words > KEEP_WORDS) {
    free(s->ptr);
    s->ptr = NULL;
    s->words = 0;
  }
}

static void *pool_thread(void *arg) {
  unsigned id = (unsigned)(uintptr_t)arg;
  pthread_mutex_lock(&pool.lock);
  for (;;) {
    /* A job this thread has not taken, and that wants it. */
    while (pool.served[id] == pool.job || id > pool.helpers)
      pthread_cond_wait(&pool.posted, &pool.lock);
    pool.served[id] = pool.job;
    pool_work work = pool.work;
    void *job_arg = pool.arg;
    pthread_mutex_unlock(&pool.lock);
    work(job_arg, &pool.scratch[id]);
    pthread_mutex_lock(&pool.lock);
    if (--pool.running == 0) pthread_cond_signal(&pool.done);
  }
  return NULL;
}

/* Starts pool threads up to `count` (pool.lock held); stops at the first that cannot be. */
static void start_threads(unsigned count) {
  if (pool.started >= count) return;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, STACK_BYTES);
  /* Every signal blocked in the pool threads (they inherit the mask): Python's handlers run on
   * the main thread, and a pool thread never runs Python code. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  while (pool.started < count) {
    unsigned id = pool.started + 1;
    pool.served[id] = pool.job; /* takes the next job posted, not the current one */
    pthread_t t;
    if (pthread_create(&t, &attr, pool_thread, (void *)(uintptr_t)id) != 0) break;
    pool.started = id;
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&attr);
}

/* fork() while a job runs would leave the child a pool whose locks are held and whose threads
 * are gone: the prepare handler waits for the job to end (holding both locks across the fork),
 * and the child starts with no pool threads. */
static void before_fork(void) {
  pthread_mutex_lock(&pool.owner);
  pthread_mutex_lock(&pool.lock);
}

static void after_fork_in_parent(void) {
  pthread_mutex_unlock(&pool.lock);
  pthread_mutex_unlock(&pool.owner);
}

static void after_fork_in_child(void) {
  /* The forking thread holds both locks here, and is the child's only thread. The condition
   * variables may count the parent's waiting threads: new ones. The scratch buffers are the
   * child's copies: kept. */
  pool.started = pool.helpers = pool.running = 0;
  pthread_cond_t fresh = PTHREAD_COND_INITIALIZER;
  pool.posted = fresh;
  pool.done = fresh;
  pthread_mutex_unlock(&pool.lock);
  pthread_mutex_unlock(&pool.owner);
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void register_atfork(void) {
  pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
}

unsigned pool_run(pool_work work, void *arg, unsigned threads) {
  if (threads < 1) threads = 1;
  if (threads > POOL_MAX_THREADS) threads = POOL_MAX_THREADS;
  pthread_once(&atfork_once, register_atfork);
  if (pthread_mutex_trylock(&pool.owner) != 0) {
    pool_scratch own = {NULL, 0};
    work(arg, &own);
    free(own.ptr);
    return 1;
  }
  unsigned helpers = 0;
  if (threads > 1) {
    pthread_mutex_lock(&pool.lock);
    start_threads(threads - 1);
    helpers = pool.started < threads - 1 ? pool.started : threads - 1;
    if (helpers) {
      pool.work = work;
      pool.arg = arg;
      pool.helpers = helpers;
      pool.running = helpers;
      pool.job++;
      pthread_cond_broadcast(&pool.posted);
    }
    pthread_mutex_unlock(&pool.lock);
  }
  work(arg, &pool.scratch[0]);
  if (helpers) {
    pthread_mutex_lock(&pool.lock);
    while (pool.running) pthread_cond_wait(&pool.done, &pool.lock);
    pool.helpers = 0;
    pthread_mutex_unlock(&pool.lock);
  }
  for (unsigned i = 0; i <= helpers; i++) scratch_trim(&pool.scratch[i]);
  pthread_mutex_unlock(&pool.owner);
  return helpers + 1;
}
