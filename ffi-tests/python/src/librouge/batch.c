/* librouge._native's batches: Scorer.score_batch scores many pairs in the library with the GIL
 * released once for the whole batch, on the extension's thread pool (pool.c: the threads pull
 * chunks of pairs from an atomic counter, each with a scratch of its own kept across
 * batches), and returns a BatchScores, a read-only sequence over the results that builds pair
 * i's {key: Score} dict when it is first read and keeps it (so the same dict comes back, and
 * changes to it stay, as with a list). Python objects are read before the GIL is released
 * and built after it is taken again, never by the pool's threads.
 *
 * Why lazy: on W1's short pairs the library scores a pair in about 1.3 us, and building its
 * dict of four Score tuples (twelve floats, four tuples, a dict) costs about half that again;
 * a batch that builds them all up front is 7.7x rouge-score-rs's batch, one that builds them
 * on access crosses the 10x goal (README.md, "Benchmark"). A caller that reads every pair
 * pays the same total as before, spread over its reads.
 */
#include "_native.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arrow.h"
#include "pool.h"

/* ------------------------------------------------------------------ score_batch */

/* At most this many pairs per pull from the counter: one library call each, the chunk's
 * reference offsets on the puller's stack. */
#define CHUNK_MAX 64
/* Chunks per thread aimed at: enough that a thread that drew long pairs does not hold up the
 * others at the end, few enough that the counter is not contended. */
#define CHUNKS_PER_THREAD 16
/* With `spread` (threads=None): at most one thread per this many bytes of text. Waking a pool
 * thread costs about what scoring this much text does (a W1 pair, ~800 bytes, is scored in
 * ~1.4 us; a wake-up is some 10 to 50 us), so a short batch stays on the caller's thread. */
#define SPREAD_BYTES ((size_t)32 << 10)

/* A batch's texts as the library takes them: pair i is cands[i] against
 * refs[offsets[i] .. offsets[i + 1]]; `cap` covers every pair. `held` are references to every
 * text object read, taken while reading: the GIL is released while the library reads their
 * bytes, and another thread may meanwhile change the caller's lists (a list holds its items
 * only while they stay in it). */
typedef struct {
  Py_ssize_t pairs;
  rouge_str *cands, *refs;
  size_t *offsets;
  size_t refs_cap;
  PyObject **held;
  size_t held_count, held_cap;
  char **owned; /* copies made for the library (NULs or lone surrogates replaced), to free */
  size_t owned_count, owned_cap;
  size_t total_bytes;
  rouge_text_dims cap;
} Texts;

/* How many items ahead the loops over a batch's texts ask the CPU to load: the str objects lie
 * scattered over the heap, and reading each one's header (type, length, kind) is a cache miss
 * that the GIL-held part of a batch would otherwise wait for one after another. */
#define PREFETCH_AHEAD 12
/* The same for the loop that drops the references, whose iterations are a few instructions
 * each: it must ask further ahead to cover a miss's latency. */
#define PREFETCH_AHEAD_RELEASE 64

static inline void prefetch(const void *p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p, 1); /* for writing: the reference count changes */
#else
  (void)p;
#endif
}

/* An object's header: its first bytes and, 32 bytes on, a str's kind and its first bytes of
 * text (a 16-byte aligned header straddles two cache lines as often as not). */
static inline void prefetch_header(const void *p) {
  prefetch(p);
  prefetch((const char *)p + 32);
}

/* Frees `*t`, dropping the references it holds (the GIL held). */
static void texts_free(Texts *t) {
  for (size_t i = 0; i < t->held_count; i++) {
    if (i + PREFETCH_AHEAD_RELEASE < t->held_count) prefetch(t->held[i + PREFETCH_AHEAD_RELEASE]);
    Py_DECREF(t->held[i]);
  }
  for (size_t i = 0; i < t->owned_count; i++) free(t->owned[i]);
  free(t->held);
  free(t->owned);
  free(t->cands);
  free(t->refs);
  free(t->offsets);
  memset(t, 0, sizeof *t);
}

/* Room for `more` further items in the array `*p` of `*count` used and `*cap` allocated. */
static int grow(void **p, size_t item, size_t count, size_t *cap, size_t more, const char *what) {
  if (count + more <= *cap) return 0;
  size_t c = max_z(count + more, max_z(2 * *cap, 16));
  void *q = c <= SIZE_MAX / item ? realloc(*p, c * item) : NULL;
  if (!q) {
    no_memory("cannot allocate a list of %zu %s", c, what);
    return -1;
  }
  *p = q;
  *cap = c;
  return 0;
}

/* One text of the batch into `*out`, holding `o` (a new reference, given to `t`): a view of
 * its UTF-8, or text_view's copy (lone surrogates; every str under 3.9's limited API), with
 * its NULs replaced when `nul_free`: the first pass leaves NULs to the library, which refuses
 * them (but for rouge-score-rs's and XL-Sum's tokenisers, which take them as their tools do),
 * and a second pass replaces them (in text_view's copy, or in one of its own). */
static int batch_text(PyObject *o, rouge_str *out, Texts *t, int nul_free) {
  if (grow((void **)&t->held, sizeof(PyObject *), t->held_count, &t->held_cap, 1, "texts") < 0) {
    Py_DECREF(o);
    return -1;
  }
  t->held[t->held_count++] = o;
  char *own = NULL;
  if (text_view(o, out, &own) < 0) return -1;
  if (nul_free && without_nul(out, &own) < 0) {
    free(own);
    return -1;
  }
  if (own && grow((void **)&t->owned, sizeof(char *), t->owned_count, &t->owned_cap, 1,
                  "copies of texts") < 0) {
    free(own);
    return -1;
  }
  if (own) t->owned[t->owned_count++] = own;
  return 0;
}

/* The common text, taken without a call to text_view: an exact str whose UTF-8 the API gives
 * without a copy (an ASCII str's own bytes in the full API; PyUnicode_AsUTF8AndSize's buffer,
 * kept in the str, under the limited API on CPython 3.10 and later), held by `t` (which has
 * room) unless `frozen`: an item of an exact tuple, which cannot change while the batch holds
 * the tuple, so the tuple's reference keeps it alive (no write to the object, and none to
 * drop after scoring: half the GIL-held memory traffic of a list's item); on CPython 3.9
 * under the limited API, a bytes copy of its UTF-8, held instead. 1 when taken; 0 for
 * batch_text's path (anything else, and the NUL-free pass), with nothing done. No Python code
 * runs here, so the lists cannot change meanwhile. */
static inline int str_fast(PyObject *o, rouge_str *out, Texts *t, int frozen) {
  if (Py_TYPE(o) != &PyUnicode_Type || t->held_count == t->held_cap) return 0;
#ifndef Py_LIMITED_API
  if (!PyUnicode_IS_COMPACT_ASCII(o)) return 0;
  out->ptr = (const char *)PyUnicode_DATA(o);
  out->len = (size_t)PyUnicode_GET_LENGTH(o);
#elif defined(LIBROUGE_UTF8_COPY)
  Py_ssize_t n;
  if (!utf8_view) {
    /* CPython 3.9: its UTF-8 only as a copy, a bytes object, which the batch holds (not a
     * second copy of it, as text_view makes for callers that cannot hold an object). */
    PyObject *b = PyUnicode_AsUTF8String(o); /* allocates no tracked object: no GC, no code */
    if (!b) {
      PyErr_Clear(); /* lone surrogates: text_view's path replaces them */
      return 0;
    }
    out->ptr = PyBytes_AS_STRING(b);
    out->len = (size_t)PyBytes_GET_SIZE(b);
    t->held[t->held_count++] = b;
    return 1;
  }
  const char *p = utf8_view(o, &n);
  if (!p) {
    PyErr_Clear(); /* lone surrogates: text_view's path replaces them */
    return 0;
  }
  out->ptr = p;
  out->len = (size_t)n;
#else
  Py_ssize_t n;
  const char *p = PyUnicode_AsUTF8AndSize(o, &n);
  if (!p) {
    PyErr_Clear();
    return 0;
  }
  out->ptr = p;
  out->len = (size_t)n;
#endif
  if (!frozen) {
    Py_INCREF(o);
    t->held[t->held_count++] = o;
  }
  return 1;
}

/* Reads the pairs (targets[i] a str or a sequence of str) into `*t`, in one pass over the
 * objects; a side given as an Arrow column (`tf` or `pf` NULL) is left to texts_prepare,
 * which also measures the texts, both with the GIL released. */
static int texts_read(PyObject *tf, PyObject *pf, Py_ssize_t n, int nul_free, Texts *t) {
  memset(t, 0, sizeof *t);
  t->pairs = n;
  t->cands = malloc(max_z((size_t)n, 1) * sizeof(rouge_str));
  t->offsets = malloc(((size_t)n + 1) * sizeof(size_t));
  if (!t->cands || !t->offsets) {
    no_memory("cannot allocate the list of the texts of %zd pairs", n);
    return -1;
  }
  if (grow((void **)&t->refs, sizeof(rouge_str), 0, &t->refs_cap, (size_t)n, "targets") < 0 ||
      grow((void **)&t->held, sizeof(PyObject *), 0, &t->held_cap,
           (size_t)(!!tf + !!pf) * (size_t)n, "texts") < 0)
    return -1;
  if (!tf && !pf) return 0;
  size_t r = 0;
  /* The lists' sizes, read again after anything that may run Python code (which may change
   * them): batch_text and a sequence of targets. */
  Py_ssize_t tn = tf ? PySequence_Fast_GET_SIZE(tf) : n, pn = pf ? PySequence_Fast_GET_SIZE(pf) : n;
  int t_frozen = tf && PyTuple_CheckExact(tf), p_frozen = pf && PyTuple_CheckExact(pf);
  for (Py_ssize_t i = 0; i < n; i++) {
    if (i >= tn || i >= pn) goto changed;
    if (pf) {
      if (i + PREFETCH_AHEAD < pn) prefetch_header(PySequence_Fast_GET_ITEM(pf, i + PREFETCH_AHEAD));
      PyObject *c = PySequence_Fast_GET_ITEM(pf, i);
      if (nul_free || !str_fast(c, &t->cands[i], t, p_frozen)) {
        Py_INCREF(c);
        if (batch_text(c, &t->cands[i], t, nul_free) < 0) return -1;
        tn = tf ? PySequence_Fast_GET_SIZE(tf) : n;
        pn = PySequence_Fast_GET_SIZE(pf);
        if (i >= tn) goto changed;
      }
    }
    if (!tf) continue;
    if (i + PREFETCH_AHEAD < tn) prefetch_header(PySequence_Fast_GET_ITEM(tf, i + PREFETCH_AHEAD));
    PyObject *x = PySequence_Fast_GET_ITEM(tf, i);
    t->offsets[i] = r;
    if (r < t->refs_cap && !nul_free && str_fast(x, &t->refs[r], t, t_frozen)) {
      r++;
      continue;
    }
    if (PyUnicode_Check(x) || PyBytes_Check(x)) {
      if (grow((void **)&t->refs, sizeof(rouge_str), r, &t->refs_cap, 1, "targets") < 0) return -1;
      Py_INCREF(x);
      if (batch_text(x, &t->refs[r++], t, nul_free) < 0) return -1;
    } else {
      Py_INCREF(x); /* held while its items are read (its __getitem__ may run Python code) */
      if (grow((void **)&t->held, sizeof(PyObject *), t->held_count, &t->held_cap, 1, "texts") < 0) {
        Py_DECREF(x);
        return -1;
      }
      t->held[t->held_count++] = x;
      Py_ssize_t k = PySequence_Size(x);
      if (k < 0) return -1;
      if (k == 0) {
        PyErr_SetString(PyExc_ValueError, "a pair has no targets");
        return -1;
      }
      if (grow((void **)&t->refs, sizeof(rouge_str), r, &t->refs_cap, (size_t)k, "targets") < 0)
        return -1;
      for (Py_ssize_t j = 0; j < k; j++) {
        PyObject *item = PySequence_GetItem(x, j); /* a new reference, given to t */
        if (!item) return -1;
        if (!(PyUnicode_Check(item) || PyBytes_Check(item))) {
          Py_DECREF(item);
          PyErr_SetString(PyExc_TypeError, "targets must be str or sequences of str");
          return -1;
        }
        if (batch_text(item, &t->refs[r++], t, nul_free) < 0) return -1;
      }
    }
    tn = PySequence_Fast_GET_SIZE(tf);
    pn = pf ? PySequence_Fast_GET_SIZE(pf) : n;
  }
  if (tf) t->offsets[n] = r;
  return 0;
changed:
  PyErr_SetString(PyExc_RuntimeError, "targets or predictions changed size during score_batch");
  return -1;
}

/* A batch's Arrow columns (NULL: that side is a list), and what texts_prepare found. */
typedef struct {
  const ArrowColumn *targets, *predictions;
  const ArrowColumn *failed; /* the column of `problem`, or NULL */
  ArrowProblem problem;
} ArrowSides;

/* Texts `v[0..count)` with NULs copied without them into `t->owned` (the GIL released: no
 * Python call): 0, or -1 when malloc fails. */
static int views_without_nul(rouge_str *v, size_t count, Texts *t) {
  for (size_t i = 0; i < count; i++) {
    if (v[i].len == 0 || !memchr(v[i].ptr, 0, v[i].len)) continue;
    if (t->owned_count == t->owned_cap) {
      size_t c = max_z(2 * t->owned_cap, 16);
      char **q = realloc(t->owned, c * sizeof *q);
      if (!q) return -1;
      t->owned = q;
      t->owned_cap = c;
    }
    char *c = malloc(v[i].len);
    if (!c) return -1;
    for (size_t k = 0; k < v[i].len; k++) c[k] = v[i].ptr[k] ? v[i].ptr[k] : ' ';
    t->owned[t->owned_count++] = c;
    v[i].ptr = c;
  }
  return 0;
}

/* With the GIL released: the Arrow sides' views into `*t` (NULs replaced when `nul_free`),
 * then the texts' dims and total size, which the scorer is sized by. The dims are byte
 * lengths, lines taken as long as their text: measuring lines would read every text once
 * more, and the library measures them as it scores (an upper bound is all the scorer needs).
 * 0, or -1 with `a->problem` set (`kind` ARROW_NO_MEMORY when a copy failed). */
static int texts_prepare(Texts *t, ArrowSides *a, int nul_free) {
  size_t n = (size_t)t->pairs;
  if (a->predictions) {
    a->failed = a->predictions;
    if (arrow_views(a->predictions, t->cands, &a->problem) < 0) return -1;
    if (nul_free && views_without_nul(t->cands, n, t) < 0) goto no_memory;
  }
  if (a->targets) {
    a->failed = a->targets;
    if (arrow_views(a->targets, t->refs, &a->problem) < 0) return -1;
    if (nul_free && views_without_nul(t->refs, n, t) < 0) goto no_memory;
    for (size_t i = 0; i <= n; i++) t->offsets[i] = i;
  }
  a->failed = NULL;
  rouge_text_dims cap = {1, 0, 0, 0, 0};
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    cap.reference_count = max_z(cap.reference_count, t->offsets[i + 1] - t->offsets[i]);
    cap.candidate_bytes = max_z(cap.candidate_bytes, t->cands[i].len);
    total += t->cands[i].len;
  }
  for (size_t j = 0; j < t->offsets[n]; j++) {
    cap.reference_bytes = max_z(cap.reference_bytes, t->refs[j].len);
    total += t->refs[j].len;
  }
  cap.candidate_line_bytes = cap.candidate_bytes;
  cap.reference_line_bytes = cap.reference_bytes;
  t->cap = cap;
  t->total_bytes = total;
  return 0;
no_memory:
  a->problem.kind = ARROW_NO_MEMORY;
  a->problem.at = 0;
  return -1;
}

/* One batch on the pool: the threads pull `chunk` pairs at a time from `next`. */
typedef struct {
  const rouge_text_scorer *scorer;
  const Texts *texts;
  size_t pairs, chunk;
  rouge_result *out; /* pairs * metric_count, pair-major */
  double *columns;   /* NULL, or metric_count * 3 columns of `pairs` values (score_columns) */
  atomic_size_t next;
  atomic_size_t next_touch; /* the next of texts->held to warm for texts_free (touch_held) */
  atomic_int stop; /* set at the first failure: no more chunks are taken */
  pthread_mutex_t failure_lock;
  size_t failed_at; /* the first pair of the lowest failed chunk, SIZE_MAX for none */
  rouge_status status;
} Job;

static void job_fail(Job *j, size_t at, rouge_status st) {
  pthread_mutex_lock(&j->failure_lock);
  if (at < j->failed_at) {
    j->failed_at = at;
    j->status = st;
  }
  pthread_mutex_unlock(&j->failure_lock);
  atomic_store_explicit(&j->stop, 1, memory_order_relaxed);
}

/* Objects per pull when warming them. */
#define TOUCH_CHUNK 256

/* The threads' last task, once the pairs are scored: the headers of the text objects, which
 * texts_free will write to (dropping its references) with the GIL held, loaded back into
 * the cache. Scoring has evicted them, and the misses cost the GIL-held release about what
 * reading the texts cost; here they are taken with the GIL released, shared among the
 * threads. Only hints: nothing is read or written. */
static void touch_held(Job *j) {
  const Texts *t = j->texts;
  for (;;) {
    size_t first = atomic_fetch_add_explicit(&j->next_touch, TOUCH_CHUNK, memory_order_relaxed);
    if (first >= t->held_count) return;
    size_t end = t->held_count - first < TOUCH_CHUNK ? t->held_count : first + TOUCH_CHUNK;
    for (size_t i = first; i < end; i++) prefetch(t->held[i]);
  }
}

/* A thread's share of a job (pool_work). A thread whose scratch cannot be allocated takes no
 * chunk: the others do its share (texts_score checks that some thread did). */
static void run_chunks(void *arg, pool_scratch *scratch) {
  Job *j = arg;
  const Texts *t = j->texts;
  size_t m = j->scorer->metric_count, words = j->scorer->scratch_words;
  size_t rel[CHUNK_MAX + 1];
  if (pool_scratch_reserve(scratch, words) < 0) return;
  for (;;) {
    if (atomic_load_explicit(&j->stop, memory_order_relaxed)) return;
    size_t first = atomic_fetch_add_explicit(&j->next, j->chunk, memory_order_relaxed);
    if (first >= j->pairs) {
      touch_held(j);
      return;
    }
    size_t count = j->pairs - first < j->chunk ? j->pairs - first : j->chunk;
    size_t base = t->offsets[first];
    for (size_t i = 0; i <= count; i++) rel[i] = t->offsets[first + i] - base;
    rouge_result *out = j->out + first * m;
    rouge_status st = rouge_text_scorer_score_batch(j->scorer, t->cands + first, t->refs + base,
                                                    rel, count, scratch->ptr, words, out,
                                                    count * m);
    if (st) {
      job_fail(j, first, st);
      return;
    }
    if (j->columns) {
      for (size_t k = 0; k < m; k++) {
        double *p = j->columns + (3 * k) * j->pairs + first;
        double *r = p + j->pairs, *f = r + j->pairs;
        for (size_t i = 0; i < count; i++) {
          const rouge_score *s = &out[i * m + k].score;
          p[i] = s->precision;
          r[i] = s->recall;
          f[i] = s->fmeasure;
        }
      }
    }
  }
}

/* Wall time; and the calling thread's CPU time, which another process's load on the machine
 * does not inflate (the GIL-held fraction of a 1-thread batch is measured in it). */
static uint64_t clock_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

typedef struct {
  uint64_t wall, cpu;
} Stamp;

static Stamp stamp(void) {
  Stamp s = {clock_ns(CLOCK_MONOTONIC), clock_ns(CLOCK_THREAD_CPUTIME_ID)};
  return s;
}

/* Time spent by phase: `end - start` added to `*into`. */
static void add_since(Stamp start, Stamp *into) {
  Stamp end = stamp();
  into->wall += end.wall - start.wall;
  into->cpu += end.cpu - start.cpu;
}

/* Prepares `*t` (texts_prepare) and scores it into `res` (and `columns`) on up to `threads`
 * threads, the GIL released once for both: 0 with `*status` the library's status (of the
 * lowest failed chunk), or -1 with a Python error set (an Arrow column's problem, no memory
 * for any thread's scratch). `*used` is how many threads ran. */
static int texts_score(Scorer *self, Texts *t, ArrowSides *arrow, int nul_free, unsigned threads,
                       int spread, rouge_result *res, double *columns, rouge_status *status,
                       unsigned *used, Stamp *nogil) {
  rouge_text_scorer scorer;
  size_t n = (size_t)t->pairs;
  *used = 0;
  *status = ROUGE_OK;
  Job j;
  j.scorer = &scorer;
  j.texts = t;
  j.pairs = n;
  j.out = res;
  j.columns = columns;
  atomic_init(&j.next, 0);
  atomic_init(&j.next_touch, 0);
  atomic_init(&j.stop, 0);
  j.failed_at = SIZE_MAX;
  j.status = ROUGE_OK;
  if (pthread_mutex_init(&j.failure_lock, NULL) != 0) {
    PyErr_SetString(PyExc_RuntimeError, "librouge: pthread_mutex_init failed");
    return -1;
  }
  int prepared;
  Stamp start = stamp();
  Py_BEGIN_ALLOW_THREADS
  prepared = texts_prepare(t, arrow, nul_free);
  if (prepared == 0)
    *status = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                                     &self->text_options, &t->cap, &scorer);
  if (prepared == 0 && *status == ROUGE_OK) {
    if (spread && threads > 1 + t->total_bytes / SPREAD_BYTES)
      threads = (unsigned)(1 + t->total_bytes / SPREAD_BYTES);
    if (threads > n) threads = n ? (unsigned)n : 1;
    size_t chunk = n / ((size_t)threads * CHUNKS_PER_THREAD);
    j.chunk = chunk < 1 ? 1 : chunk > CHUNK_MAX ? CHUNK_MAX : chunk;
    *used = pool_run(run_chunks, &j, threads);
  }
  Py_END_ALLOW_THREADS
  add_since(start, nogil);
  pthread_mutex_destroy(&j.failure_lock);
  if (prepared < 0) {
    if (arrow->problem.kind == ARROW_NO_MEMORY)
      no_memory("cannot allocate copies of texts without their NUL characters");
    else
      arrow_raise(arrow->failed, &arrow->problem);
    return -1;
  }
  if (*status) return 0;
  if (j.failed_at != SIZE_MAX) {
    *status = j.status;
    return 0;
  }
  if (atomic_load(&j.next) < n) {
    /* No thread could allocate its scratch. */
    raise_for_scratch(ROUGE_OK, scorer.scratch_words, &t->cap);
    return -1;
  }
  return 0;
}

/* score_batch(targets, predictions, threads=1, columns=False, spread=False, timings=None):
 * targets[i] a str or a sequence of str. Returns a BatchScores (a sequence of {key: Score},
 * built on access), or with `columns` a bytearray of float64 columns, metric-major: metric
 * k's precision, recall and fmeasure of every pair, at [(3k + field) * pairs + i] (no Python
 * object per pair; numpy views of it are writable). `threads` is the most threads to use
 * (at least 1); `spread` allows fewer for a short batch (one per 32 KiB of text: what
 * threads=None asks for). `timings`, a list, gets (ns reading the texts, ns with the GIL
 * released, ns of the rest: arguments, allocations, building the result; threads used; the
 * same three in the calling thread's CPU time) appended: the parts of the call that run with
 * the GIL held, measured (bench.py). */
PyObject *Scorer_score_batch(Scorer *self, PyObject *args, PyObject *kwargs) {
  static char *names[] = {"targets", "predictions", "threads", "columns", "spread", "timings", NULL};
  PyObject *targets, *preds, *timings = Py_None;
  Py_ssize_t threads = 1;
  int columns = 0, spread = 0;
  Stamp t0 = stamp(), nogil = {0, 0}, read = {0, 0};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|nppO", names, &targets, &preds, &threads,
                                   &columns, &spread, &timings))
    return NULL;
  if (threads < 1) {
    PyErr_Format(PyExc_ValueError, "threads must be at least 1, not %zd", threads);
    return NULL;
  }
  if (timings != Py_None && !PyList_Check(timings)) {
    PyErr_SetString(PyExc_TypeError, "timings must be a list or None");
    return NULL;
  }
  /* Each side a sequence (read here, the GIL held) or an Arrow string column (its chunks
   * gathered here, its texts viewed in place with the GIL released: arrow.c). */
  ArrowColumn at = {0}, ap = {0};
  ArrowSides arrow = {NULL, NULL, NULL, {0, 0}};
  PyObject *tf = NULL, *pf = NULL, *out = NULL, *cols = NULL;
  Texts texts = {0};
  rouge_result *res = NULL;
  double *col = NULL;
  unsigned used = 0;
  size_t m = self->metric_count;
  Py_ssize_t n = 0, nt = 0;
  int arrow_t = arrow_offered(targets), arrow_p = arrow_t < 0 ? -1 : arrow_offered(preds);
  if (arrow_t < 0 || arrow_p < 0) goto done;
  if (arrow_p) {
    if (arrow_open(preds, "predictions", &ap) < 0) goto done;
    arrow.predictions = &ap;
    n = (Py_ssize_t)ap.length;
  } else {
    if (!(pf = PySequence_Fast(preds, "predictions must be a sequence"))) goto done;
    n = PySequence_Fast_GET_SIZE(pf);
  }
  if (arrow_t) {
    if (arrow_open(targets, "targets", &at) < 0) goto done;
    arrow.targets = &at;
    nt = (Py_ssize_t)at.length;
  } else {
    if (!(tf = PySequence_Fast(targets, "targets must be a sequence"))) goto done;
    nt = PySequence_Fast_GET_SIZE(tf);
  }
  if (nt != n) {
    PyErr_SetString(PyExc_ValueError, "targets and predictions differ in length");
    goto done;
  }
  if ((size_t)n > SIZE_MAX / sizeof(rouge_result) / max_z(m, 1) / 3 ||
      !(res = malloc(max_z((size_t)n * m, 1) * sizeof(rouge_result)))) {
    no_memory("cannot allocate the results of %zd pairs (%zu metrics, %zu bytes each)", n, m,
              sizeof(rouge_result));
    goto done;
  }
  if (columns) {
    cols = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)((size_t)n * m * 3 * sizeof(double)));
    if (!cols) goto done;
    col = (double *)(void *)PyByteArray_AsString(cols);
    if (!col) goto done;
  }
  /* NULs are rare: the first pass takes the texts as they are (no copy, no scan), and only
   * if the library refuses a NUL are they read again with NULs as spaces. */
  rouge_status st = ROUGE_OK;
  for (int nul_free = 0; nul_free < 2; nul_free++) {
    Stamp r0 = stamp();
    texts_free(&texts);
    if (texts_read(tf, pf, n, nul_free, &texts) < 0) goto done;
    add_since(r0, &read);
    if (texts_score(self, &texts, &arrow, nul_free,
                    threads > POOL_MAX_THREADS ? POOL_MAX_THREADS : (unsigned)threads, spread, res,
                    col, &st, &used, &nogil) < 0)
      goto done;
    if (st != ROUGE_ERR_EMBEDDED_NUL) break;
  }
  rouge_text_dims cap = texts.cap;
  texts_free(&texts); /* the references to the texts: the library is done with them */
  arrow_free(&at);
  arrow_free(&ap);
  if (st == ROUGE_ERR_INPUT_TOO_LONG || st == ROUGE_ERR_SCRATCH_TOO_SMALL) {
    raise_for_scratch(st, 0, &cap);
    goto done;
  }
  if (st) {
    raise_status(st);
    goto done;
  }
  if (columns) {
    out = cols;
    cols = NULL;
  } else {
    out = batch_scores_new(self, n, res);
    res = NULL; /* the BatchScores' now */
  }
  if (out && timings != Py_None) {
    Stamp total = {0, 0};
    add_since(t0, &total);
    PyObject *row = Py_BuildValue(
        "(KKKIKKK)", (unsigned long long)read.wall, (unsigned long long)nogil.wall,
        (unsigned long long)(total.wall - read.wall - nogil.wall), used,
        (unsigned long long)read.cpu, (unsigned long long)nogil.cpu,
        (unsigned long long)(total.cpu - read.cpu - nogil.cpu));
    if (!row || PyList_Append(timings, row) < 0) Py_CLEAR(out);
    Py_XDECREF(row);
  }
done:
  free(res);
  texts_free(&texts);
  arrow_free(&at);
  arrow_free(&ap);
  Py_XDECREF(cols);
  Py_XDECREF(tf);
  Py_XDECREF(pf);
  return out;
}
