/* librouge._native's batches: Scorer.score_batch scores many pairs in the library with the GIL
 * released (split into slices across threads, one scratch each), and returns a BatchScores, a
 * read-only sequence over the results that builds pair i's {key: Score} dict when it is first
 * read and keeps it (so the same dict comes back, and changes to it stay, as with a list).
 *
 * Why lazy: on W1's short pairs the library scores a pair in about 1.3 us, and building its
 * dict of four Score tuples (twelve floats, four tuples, a dict) costs about half that again;
 * a batch that builds them all up front is 7.7x rouge-score-rs's batch, one that builds them
 * on access crosses the 10x goal (README.md, "Benchmark"). A caller that reads every pair
 * pays the same total as before, spread over its reads.
 */
#include "_native.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ BatchScores */

typedef struct {
  PyObject_HEAD
  Py_ssize_t pairs;
  size_t metric_count;
  PyObject *keys;         /* tuple of str, one per metric */
  rouge_result *results;  /* pairs * metric_count, pair-major; owned */
  PyObject **dicts;       /* pairs slots, NULL until pair i is read; allocated at first read */
} BatchScores;

PyTypeObject *BatchScoresType = NULL;
PyTypeObject *batch_scores_type = NULL;

/* Takes ownership of `results` (freed on failure too). */
static PyObject *batch_scores_new(Scorer *scorer, Py_ssize_t pairs, rouge_result *results) {
  allocfunc alloc = (allocfunc)PyType_GetSlot(batch_scores_type, Py_tp_alloc);
  BatchScores *self = (BatchScores *)alloc(batch_scores_type, 0);
  if (!self) {
    free(results);
    return NULL;
  }
  self->pairs = pairs;
  self->metric_count = scorer->metric_count;
  Py_INCREF(scorer->keys);
  self->keys = scorer->keys;
  self->results = results;
  self->dicts = NULL;
  return (PyObject *)self;
}

static int BatchScores_traverse(BatchScores *self, visitproc visit, void *arg) {
  Py_VISIT(Py_TYPE(self)); /* a heap type's instances refer to it (3.9+) */
  Py_VISIT(self->keys);
  for (Py_ssize_t i = 0; self->dicts && i < self->pairs; i++) Py_VISIT(self->dicts[i]);
  return 0;
}

static int BatchScores_clear(BatchScores *self) {
  Py_CLEAR(self->keys);
  for (Py_ssize_t i = 0; self->dicts && i < self->pairs; i++) Py_CLEAR(self->dicts[i]);
  return 0;
}

static void BatchScores_dealloc(BatchScores *self) {
  PyTypeObject *type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  BatchScores_clear(self);
  free(self->dicts);
  free(self->results);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type); /* an instance of a heap type holds a reference to it */
}

static Py_ssize_t BatchScores_len(BatchScores *self) { return self->pairs; }

/* Pair i's {key: Score}, built at its first read and kept. */
static PyObject *BatchScores_item(BatchScores *self, Py_ssize_t i) {
  if (i < 0 || i >= self->pairs) {
    PyErr_SetString(PyExc_IndexError, "BatchScores index out of range");
    return NULL;
  }
  if (!self->dicts && !(self->dicts = calloc((size_t)self->pairs, sizeof(PyObject *))))
    return PyErr_NoMemory();
  PyObject *d = self->dicts[i];
  if (!d) {
    d = result_dict(self->keys, self->metric_count, self->results + (size_t)i * self->metric_count);
    if (!d) return NULL;
    self->dicts[i] = d;
  }
  Py_INCREF(d);
  return d;
}

/* Pairs [start, stop) by step as a list. */
static PyObject *BatchScores_slice(BatchScores *self, PyObject *slice) {
  Py_ssize_t start, stop, step;
  if (PySlice_Unpack(slice, &start, &stop, &step) < 0) return NULL;
  Py_ssize_t n = PySlice_AdjustIndices(self->pairs, &start, &stop, step);
  PyObject *out = PyList_New(n);
  for (Py_ssize_t k = 0; out && k < n; k++) {
    PyObject *d = BatchScores_item(self, start + k * step);
    if (!d) Py_CLEAR(out);
    else PyList_SET_ITEM(out, k, d);
  }
  return out;
}

static PyObject *BatchScores_subscript(BatchScores *self, PyObject *key) {
  if (PySlice_Check(key)) return BatchScores_slice(self, key);
  Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
  if (i == -1 && PyErr_Occurred()) return NULL;
  return BatchScores_item(self, i < 0 ? i + self->pairs : i);
}

static PyObject *BatchScores_list(PyObject *self) { return PySequence_List(self); }

/* Equal to a list (or another BatchScores) of equal dicts, as a list is. */
static PyObject *BatchScores_richcompare(PyObject *self, PyObject *other, int op) {
  if ((op != Py_EQ && op != Py_NE) ||
      !(PyList_Check(other) || PyObject_TypeCheck(other, BatchScoresType)))
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *mine = PySequence_List(self);
  PyObject *theirs = mine ? PySequence_List(other) : NULL;
  PyObject *out = theirs ? PyObject_RichCompare(mine, theirs, op) : NULL;
  Py_XDECREF(mine);
  Py_XDECREF(theirs);
  return out;
}

static PyObject *BatchScores_repr(PyObject *self) {
  PyObject *l = PySequence_List(self);
  if (!l) return NULL;
  PyObject *r = PyObject_Repr(l);
  Py_DECREF(l);
  return r;
}

static PyObject *BatchScores_iter(PyObject *self) { return PySeqIter_New(self); }

/* self + a list or a BatchScores: a list, as list + list is. */
static PyObject *BatchScores_concat(PyObject *self, PyObject *other) {
  if (!(PyList_Check(other) || PyObject_TypeCheck(other, BatchScoresType))) {
    PyErr_Format(PyExc_TypeError, "can only concatenate a list or BatchScores (not %S)",
                 (PyObject *)Py_TYPE(other));
    return NULL;
  }
  PyObject *l = PySequence_List(self);
  PyObject *more = l ? PySequence_InPlaceConcat(l, other) : NULL;
  Py_XDECREF(l);
  return more;
}

/* Pickled (and copied) as the list of dicts it stands for. */
static PyObject *BatchScores_reduce(PyObject *self, PyObject *unused) {
  (void)unused;
  PyObject *l = PySequence_List(self);
  if (!l) return NULL;
  return Py_BuildValue("(O(N))", (PyObject *)&PyList_Type, l);
}

static PyMethodDef BatchScores_methods[] = {
    {"__reduce__", BatchScores_reduce, METH_NOARGS, "pickled as a list of dicts"},
    {"tolist", (PyCFunction)BatchScores_list, METH_NOARGS, "the list of {key: Score} dicts"},
    {NULL, NULL, 0, NULL}};

/* Py_TPFLAGS_SEQUENCE (`case [a, b]:` matches as a list does) is not in the limited API:
 * rouge_scorer.BatchScores inherits it from collections.abc.Sequence. */
static PyType_Slot BatchScores_slots[] = {
    {Py_tp_doc, (void *)"score_batch's results: a read-only sequence of {rouge_type: Score}, "
                        "one per pair, each dict built when first read and then kept."},
    {Py_tp_dealloc, BatchScores_dealloc},
    {Py_tp_traverse, BatchScores_traverse},
    {Py_tp_clear, BatchScores_clear},
    {Py_tp_repr, BatchScores_repr},
    {Py_sq_length, BatchScores_len},
    {Py_sq_concat, BatchScores_concat},
    {Py_sq_item, BatchScores_item},
    {Py_mp_length, BatchScores_len},
    {Py_mp_subscript, BatchScores_subscript},
    {Py_tp_hash, PyObject_HashNotImplemented},
    {Py_tp_richcompare, BatchScores_richcompare},
    {Py_tp_iter, BatchScores_iter},
    {Py_tp_methods, BatchScores_methods},
    {0, NULL}};

PyType_Spec BatchScoresSpec = {"librouge._native.BatchScores", sizeof(BatchScores), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_BASETYPE,
                               BatchScores_slots};

/* ------------------------------------------------------------------ score_batch */

/* A batch's texts as the library takes them: pair i is cands[i] against
 * refs[offsets[i] .. offsets[i + 1]]; `cap` covers every pair. */
typedef struct {
  Py_ssize_t pairs;
  rouge_str *cands, *refs;
  size_t *offsets;
  char **owned; /* NUL-free copies, owned_count of them (NULL entries for texts without NUL) */
  size_t owned_count;
  rouge_text_dims cap;
} Texts;

static void texts_free(Texts *t) {
  for (size_t i = 0; t->owned && i < t->owned_count; i++) free(t->owned[i]);
  free(t->owned);
  free(t->cands);
  free(t->refs);
  free(t->offsets);
  memset(t, 0, sizeof *t);
}

/* One text of the batch: a view, with its NULs replaced in a copy when `nul_free` (the first
 * pass leaves them to the library, which refuses them: a second pass replaces them). */
static int batch_text(PyObject *o, rouge_str *out, Texts *t, int nul_free) {
  char *copy;
  if (text_view(o, out, &copy) < 0) return -1;
  if (copy) t->owned[t->owned_count++] = copy; /* text_view's copy (3.9's limited API) */
  if (!nul_free) return 0;
  if (copy) return without_nul(out, &copy); /* in place */
  return without_nul(out, &t->owned[t->owned_count++]);
}

/* Reads the pairs (targets[i] a str or a sequence of str) into `*t`. The dims are byte
 * lengths, lines taken as long as their text: measuring lines would read every text once
 * more, and the library measures them as it scores (an upper bound is all the scorer needs).
 * `keep` holds the items of targets that are not lists or tuples. */
static int texts_read(PyObject *tf, PyObject *pf, Py_ssize_t n, int nul_free, PyObject *keep,
                      Texts *t) {
  size_t nrefs = 0;
  memset(t, 0, sizeof *t);
  t->pairs = n;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *x = PySequence_Fast_GET_ITEM(tf, i);
    if (PyUnicode_Check(x) || PyBytes_Check(x)) {
      nrefs += 1;
    } else {
      Py_ssize_t k = PySequence_Size(x);
      if (k < 0) return -1;
      if (k == 0) {
        PyErr_SetString(PyExc_ValueError, "a pair has no targets");
        return -1;
      }
      nrefs += (size_t)k;
    }
  }
  t->cands = malloc(max_z((size_t)n, 1) * sizeof(rouge_str));
  t->refs = malloc(max_z(nrefs, 1) * sizeof(rouge_str));
  t->offsets = malloc(((size_t)n + 1) * sizeof(size_t));
#ifdef LIBROUGE_UTF8_COPY
  int copies = 1; /* text_view copies every str */
#else
  int copies = nul_free;
#endif
  t->owned = copies ? calloc((size_t)n + nrefs + 1, sizeof(char *)) : NULL;
  if (!t->cands || !t->refs || !t->offsets || (copies && !t->owned)) {
    PyErr_NoMemory();
    return -1;
  }
  rouge_text_dims cap = {1, 0, 0, 0, 0};
  size_t r = 0;
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *x = PySequence_Fast_GET_ITEM(tf, i);
    t->offsets[i] = r;
    if (batch_text(PySequence_Fast_GET_ITEM(pf, i), &t->cands[i], t, nul_free) < 0) return -1;
    if (PyUnicode_Check(x) || PyBytes_Check(x)) {
      /* The count above may have changed if another thread changed a target meanwhile. */
      if (r >= nrefs) goto changed;
      if (batch_text(x, &t->refs[r++], t, nul_free) < 0) return -1;
    } else {
      Py_ssize_t k = PySequence_Size(x);
      if (k < 0) return -1;
      for (Py_ssize_t j = 0; j < k; j++) {
        if (r >= nrefs) goto changed;
        PyObject *item = PySequence_GetItem(x, j);
        if (!item) return -1;
        /* str items of a list or tuple stay alive with it; others are refused below. */
        int bad = !(PyUnicode_Check(item) || PyBytes_Check(item));
        int rc = bad ? -1 : batch_text(item, &t->refs[r++], t, nul_free);
        if (rc == 0 && PyList_Append(keep, item) < 0) rc = -1;
        Py_DECREF(item);
        if (bad) PyErr_SetString(PyExc_TypeError, "targets must be str or sequences of str");
        if (rc < 0) return -1;
      }
    }
    size_t refs_here = r - t->offsets[i];
    cap.reference_count = max_z(cap.reference_count, refs_here);
    cap.candidate_bytes = max_z(cap.candidate_bytes, t->cands[i].len);
    for (size_t j = t->offsets[i]; j < r; j++)
      cap.reference_bytes = max_z(cap.reference_bytes, t->refs[j].len);
  }
  t->offsets[n] = r;
  if (r != nrefs) goto changed;
  cap.candidate_line_bytes = cap.candidate_bytes;
  cap.reference_line_bytes = cap.reference_bytes;
  t->cap = cap;
  return 0;
changed:
  PyErr_SetString(PyExc_RuntimeError, "targets changed size during score_batch");
  return -1;
}

/* Pairs split into contiguous slices, one thread and one scratch each. */
typedef struct {
  rouge_text_scorer scorer;
  const Texts *texts;
  size_t first, count;
  rouge_result *out;
  rouge_status status;
} Slice;

static void *run_slice(void *arg) {
  Slice *s = arg;
  const Texts *t = s->texts;
  s->status = ROUGE_OK;
  if (s->count == 0) return NULL;
  uint64_t *scratch = malloc(max_z(s->scorer.scratch_words, 1) * sizeof(uint64_t));
  /* Offsets relative to this slice's first reference. */
  size_t *rel = malloc((s->count + 1) * sizeof(size_t));
  if (!scratch || !rel) {
    free(scratch);
    free(rel);
    s->status = ROUGE_ERR_SCRATCH_TOO_SMALL;
    return NULL;
  }
  size_t base = t->offsets[s->first];
  for (size_t i = 0; i <= s->count; i++) rel[i] = t->offsets[s->first + i] - base;
  s->status = rouge_text_scorer_score_batch(
      &s->scorer, t->cands + s->first, t->refs + base, rel, s->count, scratch,
      s->scorer.scratch_words, s->out + s->first * s->scorer.metric_count,
      s->count * s->scorer.metric_count);
  free(rel);
  free(scratch);
  return NULL;
}

/* Scores `*t` into `res` on `threads` threads, the GIL released; the first failing slice's
 * status (a Python error is set only for failures outside the library). */
static int texts_score(Scorer *self, const Texts *t, Py_ssize_t threads, rouge_result *res,
                       rouge_status *status) {
  rouge_text_scorer scorer;
  Py_ssize_t n = t->pairs;
  *status = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                                   &self->text_options, &t->cap, &scorer);
  if (*status) return 0;
  if (threads < 1) threads = 1;
  if (threads > n) threads = n > 0 ? n : 1;
  Slice *slices = calloc((size_t)threads, sizeof(Slice));
  pthread_t *tids = calloc((size_t)threads, sizeof(pthread_t));
  if (!slices || !tids) {
    free(slices);
    free(tids);
    PyErr_NoMemory();
    return -1;
  }
  size_t per = (size_t)n / (size_t)threads, extra = (size_t)n % (size_t)threads, at = 0;
  for (Py_ssize_t k = 0; k < threads; k++) {
    size_t c = per + ((size_t)k < extra);
    slices[k] = (Slice){scorer, t, at, c, res, ROUGE_OK};
    at += c;
  }
  int started = 0;
  Py_BEGIN_ALLOW_THREADS
  for (Py_ssize_t k = 1; k < threads; k++)
    if (pthread_create(&tids[k], NULL, run_slice, &slices[k]) == 0) started = (int)k;
    else break;
  run_slice(&slices[0]);
  for (int k = 1; k <= started; k++) pthread_join(tids[k], NULL);
  /* Slices whose thread could not start run here. */
  for (Py_ssize_t k = started + 1; k < threads; k++) run_slice(&slices[k]);
  Py_END_ALLOW_THREADS
  for (Py_ssize_t k = 0; k < threads && !*status; k++) *status = slices[k].status;
  free(slices);
  free(tids);
  return 0;
}

/* score_batch(targets, predictions, threads, columns): targets[i] a str or a sequence of str.
 * Returns a BatchScores (a sequence of {key: Score}, built on access), or with `columns` the
 * bytes of pair-major float64 (precision, recall, fmeasure) triples, metric-minor: no Python
 * object per pair. */
PyObject *Scorer_score_batch(Scorer *self, PyObject *args) {
  PyObject *targets, *preds;
  Py_ssize_t threads = 1;
  int columns = 0;
  if (!PyArg_ParseTuple(args, "OO|np", &targets, &preds, &threads, &columns)) return NULL;
  PyObject *tf = PySequence_Fast(targets, "targets must be a sequence");
  if (!tf) return NULL;
  PyObject *pf = PySequence_Fast(preds, "predictions must be a sequence");
  if (!pf) {
    Py_DECREF(tf);
    return NULL;
  }
  PyObject *out = NULL;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(pf);
  Texts texts = {0};
  rouge_result *res = NULL;
  /* Holds every text object while the GIL is released (another thread may change the
   * caller's lists meanwhile): tf and pf hold the lists' items, `keep` the items of other
   * sequences of targets. */
  PyObject *keep = PyList_New(0);
  if (!keep) goto done;
  if (PySequence_Fast_GET_SIZE(tf) != n) {
    PyErr_SetString(PyExc_ValueError, "targets and predictions differ in length");
    goto done;
  }
  res = malloc(max_z((size_t)n * self->metric_count, 1) * sizeof(rouge_result));
  if (!res) {
    PyErr_NoMemory();
    goto done;
  }
  /* NULs are rare: the first pass takes the texts as they are (no copy, no scan), and only
   * if the library refuses a NUL are they read again with NULs as spaces. */
  rouge_status st = ROUGE_OK;
  for (int nul_free = 0; nul_free < 2; nul_free++) {
    texts_free(&texts);
    if (PyList_SetSlice(keep, 0, PY_SSIZE_T_MAX, NULL) < 0) goto done;
    if (texts_read(tf, pf, n, nul_free, keep, &texts) < 0) goto done;
    if (texts_score(self, &texts, threads, res, &st) < 0) goto done;
    if (st != ROUGE_ERR_EMBEDDED_NUL) break;
  }
  if (st) {
    raise_status(st);
    goto done;
  }
  if (columns) {
    size_t count = (size_t)n * self->metric_count;
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * sizeof(rouge_score)));
    if (!out) goto done;
    rouge_score *dst = (rouge_score *)(void *)PyBytes_AS_STRING(out);
    for (size_t i = 0; i < count; i++) dst[i] = res[i].score;
    goto done;
  }
  out = batch_scores_new(self, n, res);
  res = NULL; /* the BatchScores' now */
done:
  free(res);
  texts_free(&texts);
  Py_XDECREF(keep);
  Py_DECREF(tf);
  Py_DECREF(pf);
  return out;
}
