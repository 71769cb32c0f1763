/* librouge._native: the CPython extension over librouge's C ABI (include/rouge.h).
 *
 * A C extension rather than ctypes because a short pair costs the library about a microsecond:
 * ctypes' argument conversion and struct building would cost several times that (README.md,
 * "Why a C extension", has the measurement). Everything here is a thin, checked translation:
 * Python str to (pointer, length), results to scoring.Score tuples, status codes to
 * exceptions. The GIL is released only by score_batch (batch.c), which never touches Python
 * objects while it runs.
 */
#include "_native.h"
#include "arrow.h"
#include "multilingual.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if ROUGE_ABI_VERSION != 2
#error "librouge._native is written for ROUGE_ABI_VERSION 2"
#endif

/* scoring.Score and scoring.AggregateScore, registered by scoring.py at import, with its
 * tp_alloc (read once: the limited API reads a slot through a call). */
static PyObject *score_type = NULL;
static allocfunc score_alloc = NULL;

/* The Scorer type, made by the module's init from its spec. */
static PyTypeObject *ScorerType = NULL;

/* ------------------------------------------------------------------ helpers */

PyObject *raise_status(rouge_status st) {
  PyObject *exc = PyExc_ValueError;
  if (st == ROUGE_ERR_INPUT_TOO_LONG || st == ROUGE_ERR_SCRATCH_TOO_SMALL)
    exc = PyExc_MemoryError;
  PyErr_Format(exc, "librouge: %s (status %u)", rouge_status_str(st), (unsigned)st);
  return NULL;
}

PyObject *no_memory(const char *format, ...) {
  va_list va;
  va_start(va, format);
  PyObject *text = PyUnicode_FromFormatV(format, va);
  va_end(va);
  if (text) {
    PyErr_Format(PyExc_MemoryError, "librouge: %U", text);
    Py_DECREF(text);
  }
  return NULL;
}

void human_bytes(size_t words, char out[32]) {
  static const char *units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  /* In tenths of the largest unit the size reaches (words are 8 bytes: 128 per KiB). */
  double v = (double)words * 8.0 / 1024.0;
  int u = 0;
  while (v >= 1024.0 && u < 5) {
    v /= 1024.0;
    u++;
  }
  snprintf(out, 32, "%.1f %s", v, units[u]);
}

PyObject *raise_for_scratch(rouge_status st, size_t words, const rouge_text_dims *d) {
  if (st != ROUGE_OK && st != ROUGE_ERR_INPUT_TOO_LONG && st != ROUGE_ERR_SCRATCH_TOO_SMALL)
    return raise_status(st);
  /* What was asked for, in the caller's terms: the texts' sizes, and the scratch they need
   * (when the library could size it: texts too long for that are named as such). */
  const char *why = st == ROUGE_ERR_INPUT_TOO_LONG ? "texts too long to score: the scratch they need is beyond the address space"
                                                   : "cannot allocate the scratch these texts need";
  if (st == ROUGE_ERR_INPUT_TOO_LONG || words == 0)
    return no_memory("%s (a candidate of %zu bytes, %zu reference(s) of up to %zu bytes, longest "
                     "lines %zu and %zu bytes)",
                     why, d->candidate_bytes, d->reference_count, d->reference_bytes,
                     d->candidate_line_bytes, d->reference_line_bytes);
  char size[32];
  human_bytes(words, size);
  return no_memory("%s: %zu words of 8 bytes (%s) for a candidate of %zu bytes, %zu "
                   "reference(s) of up to %zu bytes, longest lines %zu and %zu bytes",
                   why, words, size, d->candidate_bytes, d->reference_count,
                   d->reference_bytes, d->candidate_line_bytes, d->reference_line_bytes);
}

/* A text argument as UTF-8 bytes (str, or bytes taken as UTF-8 as six.ensure_str does), as
 * they are: a view of the str's cached UTF-8 or of the bytes; a copy instead for a str with
 * lone surrogates (which have no UTF-8: a copy with them as spaces, text.c) and for every str
 * where the API gives no view of its UTF-8 (3.9's limited API). */
/* NUL bytes, which rouge-score's tokeniser treats as separators and the C text API refuses
 * (a NUL there is most likely a length running past a C string), replaced by spaces in a
 * copy: the same separator for every tokeniser here. `*owned` is that copy (or NULL if `*t`
 * has no NUL and is left as it is). */
int without_nul(rouge_str *t, char **owned) {
  if (t->len == 0 || !memchr(t->ptr, 0, t->len)) return 0;
  if (*owned) {
    for (size_t i = 0; i < t->len; i++) (*owned)[i] = (*owned)[i] ? (*owned)[i] : ' ';
    return 0;
  }
  char *c = malloc(t->len);
  if (!c) {
    no_memory("cannot allocate %zu bytes for a copy of a text without its NULs", t->len);
    return -1;
  }
  for (size_t i = 0; i < t->len; i++) c[i] = t->ptr[i] ? t->ptr[i] : ' ';
  *owned = c;
  t->ptr = c;
  return 0;
}

int text_of(PyObject *o, rouge_str *out, char **owned) {
  return text_view(o, out, owned) < 0 ? -1 : without_nul(out, owned);
}

/* scoring.Score(precision, recall, fmeasure), built as tuple.__new__ builds a namedtuple. */
static PyObject *make_score(const rouge_score *s) {
  PyTypeObject *t = (PyTypeObject *)score_type;
  PyObject *p = PyFloat_FromDouble(s->precision);
  PyObject *r = PyFloat_FromDouble(s->recall);
  PyObject *f = PyFloat_FromDouble(s->fmeasure);
  PyObject *tup = (p && r && f) ? score_alloc(t, 3) : NULL;
  if (!tup) {
    Py_XDECREF(p);
    Py_XDECREF(r);
    Py_XDECREF(f);
    return NULL;
  }
  PyTuple_SET_ITEM(tup, 0, p);
  PyTuple_SET_ITEM(tup, 1, r);
  PyTuple_SET_ITEM(tup, 2, f);
  /* Three floats cannot be part of a cycle: untracked, the Score (and the dicts holding only
   * Scores, which the dict then leaves untracked too) cost the cyclic GC nothing. A batch of
   * results was spending a fifth of its time in GC passes over them otherwise. */
  if (PyType_IS_GC(t)) PyObject_GC_UnTrack(tup);
  return tup;
}

/* ------------------------------------------------------------------ Scorer */

static void Scorer_dealloc(Scorer *self) {
  PyTypeObject *type = Py_TYPE(self);
  free(self->metrics);
  free(self->scratch);
  Py_XDECREF(self->keys);
  Py_XDECREF(self->args);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type); /* an instance of a heap type holds a reference to it */
}

/* Scorer(keys, metrics, flavour, multi, jackknife, round, alpha, tokenizer, stem, stopwords,
 *        word_limit, byte_limit): metrics a sequence of (kind, n, skip, weight). */
static int Scorer_init(Scorer *self, PyObject *args, PyObject *kw) {
  PyObject *keys, *metrics;
  unsigned flavour, multi, jackknife, round_, tokenizer, stem, stopwords;
  double alpha;
  unsigned long long word_limit, byte_limit;
  static char *names[] = {"keys", "metrics", "flavour", "multi", "jackknife", "round", "alpha",
                          "tokenizer", "stem", "stopwords", "word_limit", "byte_limit", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O!IIIIdIIIKK", names, &PyTuple_Type, &keys,
                                   &PyTuple_Type, &metrics, &flavour, &multi, &jackknife,
                                   &round_, &alpha, &tokenizer, &stem, &stopwords, &word_limit,
                                   &byte_limit))
    return -1;
  Py_ssize_t n = PyTuple_GET_SIZE(metrics);
  /* Once only: a batch running without the GIL reads the metrics of this object. */
  if (self->metrics) {
    PyErr_SetString(PyExc_TypeError, "Scorer.__init__ called twice");
    return -1;
  }
  if (PyTuple_GET_SIZE(keys) != n) {
    PyErr_SetString(PyExc_ValueError, "keys and metrics differ in length");
    return -1;
  }
  self->metrics = calloc(n ? (size_t)n : 1, sizeof(rouge_metric));
  if (!self->metrics) {
    PyErr_NoMemory();
    return -1;
  }
  self->needs_lines = 0;
  for (Py_ssize_t i = 0; i < n; i++) {
    rouge_metric *m = &self->metrics[i];
    long long skip;
    if (!PyArg_ParseTuple(PyTuple_GET_ITEM(metrics, i), "IILd", &m->kind, &m->n, &skip,
                          &m->weight))
      return -1;
    m->skip = skip;
    if (m->kind == ROUGE_METRIC_LSUM || (m->kind == ROUGE_METRIC_W && flavour == ROUGE_FLAVOUR_PERL))
      self->needs_lines = 1;
  }
  self->metric_count = (size_t)n;
  Py_INCREF(keys);
  Py_XSETREF(self->keys, keys);
  rouge_status st = rouge_options_init(flavour, &self->options);
  if (st) return raise_status(st), -1;
  self->options.multi_reference = multi;
  self->options.jackknife = jackknife;
  self->options.round = round_;
  self->options.alpha = alpha;
  st = rouge_text_options_init(tokenizer, &self->text_options);
  if (st) return raise_status(st), -1;
  self->text_options.stem = stem;
  self->text_options.stopwords = stopwords;
  self->text_options.word_limit = word_limit;
  self->text_options.byte_limit = byte_limit;
  /* Checks the metrics and options once, at set-up. */
  rouge_text_dims dims = {1, 0, 0, 0, 0};
  st = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                              &self->text_options, &dims, &self->scorer);
  if (st) return raise_status(st), -1;
  self->ready = 0;
  /* Pickling rebuilds the scorer from these (every argument, positional), not from its memory. */
  self->args = Py_BuildValue("(OOIIIIdIIIKK)", keys, metrics, flavour, multi, jackknife, round_,
                             alpha, tokenizer, stem, stopwords, word_limit, byte_limit);
  return self->args ? 0 : -1;
}

/* Scorer(*args): what pickle and copy call to rebuild it, as re.Pattern and numpy's dtypes do. */
static PyObject *Scorer_reduce(Scorer *self, PyObject *unused) {
  (void)unused;
  if (!self->args) {
    PyErr_SetString(PyExc_TypeError, "cannot pickle a Scorer that was never initialised");
    return NULL;
  }
  return Py_BuildValue("(OO)", (PyObject *)Py_TYPE(self), self->args);
}

/* The dims of one call: byte lengths, and line lengths only when the scratch depends on them
 * (otherwise a line is taken as long as its text, which costs nothing then). */
static rouge_status dims_of(const Scorer *self, const rouge_str *cand, const rouge_str *refs,
                            size_t ref_count, rouge_text_dims *d) {
  if (self->needs_lines) return rouge_text_dims_of(cand, refs, ref_count, d);
  d->reference_count = ref_count;
  d->candidate_bytes = d->candidate_line_bytes = cand->len;
  d->reference_bytes = 0;
  for (size_t i = 0; i < ref_count; i++) d->reference_bytes = max_z(d->reference_bytes, refs[i].len);
  d->reference_line_bytes = d->reference_bytes;
  return ROUGE_OK;
}

static int within(const rouge_text_dims *d, const rouge_text_dims *cap) {
  return d->reference_count <= cap->reference_count && d->candidate_bytes <= cap->candidate_bytes &&
         d->reference_bytes <= cap->reference_bytes &&
         d->candidate_line_bytes <= cap->candidate_line_bytes &&
         d->reference_line_bytes <= cap->reference_line_bytes;
}

/* Grows the prepared scorer and its scratch to cover `d` (at least doubling what grows, so
 * that a stream of growing texts re-prepares O(log) times). */
static int same_dims(const rouge_text_dims *a, const rouge_text_dims *b) {
  return within(a, b) && within(b, a);
}

uint64_t *malloc_words(size_t words) {
  if (words > SIZE_MAX / sizeof(uint64_t)) return NULL;
  return malloc(max_z(words, 1) * sizeof(uint64_t));
}

/* Grows the prepared scorer and its scratch to cover `d`: at least doubling what grows, so
 * that a stream of growing texts re-prepares O(log) times; exactly `d` when the doubled size
 * cannot be had (a text near the memory's limit). MemoryError naming the sizes otherwise. */
static int ensure(Scorer *self, const rouge_text_dims *d) {
  if (self->ready && within(d, &self->scorer.dims)) return 0;
  rouge_text_dims c = self->ready ? self->scorer.dims : (rouge_text_dims){1, 256, 256, 256, 256};
#define GROW(f) c.f = d->f <= c.f ? c.f : max_z(d->f, 2 * c.f)
  GROW(reference_count);
  GROW(candidate_bytes);
  GROW(reference_bytes);
  GROW(candidate_line_bytes);
  GROW(reference_line_bytes);
#undef GROW
  const rouge_text_dims *tries[2] = {&c, d};
  rouge_status st = ROUGE_OK;
  size_t words = 0;
  for (int k = 0; k < 2; k++) {
    if (k == 1 && same_dims(&c, d)) break;
    rouge_text_scorer s;
    st = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                                &self->text_options, tries[k], &s);
    if (st) continue;
    if (s.scratch_words > self->scratch_words) {
      uint64_t *m = malloc_words(s.scratch_words);
      if (!m) {
        words = s.scratch_words;
        continue;
      }
      free(self->scratch);
      self->scratch = m;
      self->scratch_words = s.scratch_words;
    }
    self->scorer = s;
    self->ready = 1;
    return 0;
  }
  return raise_for_scratch(st, words, d), -1;
}

PyObject *result_dict(PyObject *keys, size_t metric_count, const rouge_result *res) {
  PyObject *d = PyDict_New();
  if (!d) return NULL;
  for (size_t i = 0; i < metric_count; i++) {
    PyObject *s = make_score(&res[i].score);
    if (!s || PyDict_SetItem(d, PyTuple_GET_ITEM(keys, i), s) < 0) {
      Py_XDECREF(s);
      Py_DECREF(d);
      return NULL;
    }
    Py_DECREF(s);
  }
  /* Only str keys and untracked Scores: nothing for the cyclic GC (an insertion of a container
   * later tracks the dict again). */
  PyObject_GC_UnTrack(d);
  return d;
}

#define STACK_METRICS 16

/* Scores one candidate against `refs` (already converted) into a dict. */
static PyObject *score_texts(Scorer *self, const rouge_str *cand, const rouge_str *refs,
                             size_t ref_count) {
  rouge_text_dims d;
  rouge_status st = dims_of(self, cand, refs, ref_count, &d);
  if (st) return raise_status(st);
  if (ensure(self, &d) < 0) return NULL;
  rouge_result stack[STACK_METRICS];
  rouge_result *res = self->metric_count <= STACK_METRICS
                          ? stack
                          : malloc(self->metric_count * sizeof(rouge_result));
  if (!res) return PyErr_NoMemory();
  st = rouge_text_scorer_score(&self->scorer, cand, refs, ref_count, self->scratch,
                               self->scratch_words, res);
  PyObject *out = st ? raise_status(st) : result_dict(self->keys, self->metric_count, res);
  if (res != stack) free(res);
  return out;
}

/* A text of a scorer's: as text_of, but NUL stays for the tokenisers that take it as their
 * reference tools do (rouge-score-rs's unicode-v1 and character-v1: a control character, which
 * a space is not to UAX #29; XL-Sum's: deleted, joining its neighbours). */
static int scorer_text(const Scorer *self, PyObject *o, rouge_str *out, char **owned) {
  uint32_t t = self->text_options.tokenizer;
  if (text_view(o, out, owned) < 0) return -1;
  if (t == ROUGE_TOKENIZER_UNICODE_V1 || t == ROUGE_TOKENIZER_CHARACTER_V1 || t == ROUGE_TOKENIZER_XLSUM)
    return 0;
  return without_nul(out, owned);
}

static PyObject *Scorer_score(Scorer *self, PyObject *const *args, Py_ssize_t nargs) {
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "score(target, prediction)");
    return NULL;
  }
  rouge_str ref, cand;
  char *own_r = NULL, *own_c = NULL;
  PyObject *out = NULL;
  if (scorer_text(self, args[0], &ref, &own_r) == 0 && scorer_text(self, args[1], &cand, &own_c) == 0)
    out = score_texts(self, &cand, &ref, 1);
  free(own_r);
  free(own_c);
  return out;
}

/* Converts a sequence of a scorer's texts; `owned` collects the copies to free. */
static int texts_of(const Scorer *self, PyObject *seq, rouge_str **out, char ***owned, size_t *count,
                    PyObject **keep) {
  PyObject *fast = PySequence_Fast(seq, "expected a sequence of str");
  if (!fast) return -1;
  *keep = fast; /* holds the str objects whose UTF-8 buffers are used */
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  *out = calloc(n ? (size_t)n : 1, sizeof(rouge_str));
  *owned = calloc(n ? (size_t)n : 1, sizeof(char *));
  *count = (size_t)n;
  if (!*out || !*owned) {
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++)
    if (scorer_text(self, PySequence_Fast_GET_ITEM(fast, i), &(*out)[i], &(*owned)[i]) < 0) return -1;
  return 0;
}

static void free_texts(rouge_str *t, char **owned, size_t count) {
  if (owned)
    for (size_t i = 0; i < count; i++) free(owned[i]);
  free(owned);
  free(t);
}

static PyObject *Scorer_score_multi(Scorer *self, PyObject *const *args, Py_ssize_t nargs) {
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "score_multi(targets, prediction)");
    return NULL;
  }
  rouge_str *refs = NULL, cand;
  char **owned = NULL, *own_c = NULL;
  size_t count = 0;
  PyObject *out = NULL, *keep = NULL;
  if (texts_of(self, args[0], &refs, &owned, &count, &keep) == 0 &&
      scorer_text(self, args[1], &cand, &own_c) == 0) {
    if (count == 0)
      PyErr_SetString(PyExc_ValueError, "score_multi needs at least one target");
    else
      out = score_texts(self, &cand, refs, count);
  }
  free_texts(refs, owned, count);
  free(own_c);
  Py_XDECREF(keep);
  return out;
}

/* Token ids of one summary: a sequence of int, and its sentence ends. */
static int ids_of(PyObject *ids, PyObject *ends, uint32_t **out_ids, size_t **out_ends,
                  rouge_summary *s) {
  PyObject *fi = PySequence_Fast(ids, "token ids must be a sequence of int");
  if (!fi) return -1;
  PyObject *fe = PySequence_Fast(ends, "sentence ends must be a sequence of int");
  if (!fe) {
    Py_DECREF(fi);
    return -1;
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fi), m = PySequence_Fast_GET_SIZE(fe);
  *out_ids = malloc((n ? (size_t)n : 1) * sizeof(uint32_t));
  *out_ends = malloc((m ? (size_t)m : 1) * sizeof(size_t));
  int rc = 0;
  if (!*out_ids || !*out_ends) {
    no_memory("cannot allocate %zd token ids and %zd sentence ends", n, m);
    rc = -1;
  }
  for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
    unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fi, i));
    if (v == (unsigned long)-1 && PyErr_Occurred()) rc = -1;
    (*out_ids)[i] = (uint32_t)v;
  }
  for (Py_ssize_t i = 0; rc == 0 && i < m; i++) {
    size_t v = PyLong_AsSize_t(PySequence_Fast_GET_ITEM(fe, i));
    if (v == (size_t)-1 && PyErr_Occurred()) rc = -1;
    (*out_ends)[i] = v;
  }
  s->tokens = *out_ids;
  s->len = (size_t)n;
  s->sentence_ends = *out_ends;
  s->sentence_count = (size_t)m;
  Py_DECREF(fi);
  Py_DECREF(fe);
  return rc;
}

/* score_ids((cand_ids, cand_ends), [(ref_ids, ref_ends), ...]) -> {key: Score}: the path of
 * custom tokenizers (token ids interned by the caller). */
static PyObject *Scorer_score_ids(Scorer *self, PyObject *args) {
  PyObject *cand_ids, *cand_ends, *refs;
  if (!PyArg_ParseTuple(args, "(OO)O", &cand_ids, &cand_ends, &refs)) return NULL;
  PyObject *rf = PySequence_Fast(refs, "references must be a sequence");
  if (!rf) return NULL;
  Py_ssize_t k = PySequence_Fast_GET_SIZE(rf);
  size_t parts = (size_t)k + 1;
  uint32_t **ids = calloc(parts, sizeof(uint32_t *));
  size_t **ends = calloc(parts, sizeof(size_t *));
  rouge_summary *sums = calloc(parts, sizeof(rouge_summary));
  rouge_result *res = malloc(max_z(self->metric_count, 1) * sizeof(rouge_result));
  uint64_t *scratch = NULL;
  PyObject *out = NULL;
  if (!ids || !ends || !sums || !res) {
    PyErr_NoMemory();
    goto done;
  }
  if (ids_of(cand_ids, cand_ends, &ids[0], &ends[0], &sums[0]) < 0) goto done;
  for (Py_ssize_t i = 0; i < k; i++) {
    PyObject *ids_o, *ends_o;
    if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(rf, i), "OO", &ids_o, &ends_o)) goto done;
    if (ids_of(ids_o, ends_o, &ids[i + 1], &ends[i + 1], &sums[i + 1]) < 0) goto done;
  }
  rouge_dims dims = {0, 0, 0, 0, 0};
  size_t words;
  rouge_status st = rouge_dims_of(&sums[0], sums + 1, (size_t)k, &dims);
  if (!st) st = rouge_scratch_words(self->metrics, self->metric_count, &self->options, &dims, &words);
  if (!st) {
    scratch = malloc_words(words);
    if (!scratch) {
      char size[32];
      human_bytes(words, size);
      no_memory("cannot allocate the scratch these token sequences need: %zu words of 8 bytes "
                "(%s) for a candidate of %zu tokens and %zu reference(s) of up to %zu tokens",
                words, size, dims.candidate_len, dims.reference_count, dims.reference_len);
      goto done;
    }
    st = rouge_score_pair(&sums[0], sums + 1, (size_t)k, self->metrics, self->metric_count,
                          &self->options, scratch, words, res);
  }
  if (st == ROUGE_ERR_INPUT_TOO_LONG)
    no_memory("token sequences too long to score: the scratch they need is beyond the address "
              "space (a candidate of %zu tokens and %zu reference(s) of up to %zu tokens)",
              dims.candidate_len, dims.reference_count, dims.reference_len);
  else
    out = st ? raise_status(st) : result_dict(self->keys, self->metric_count, res);
done:
  for (size_t i = 0; ids && ends && i < parts; i++) {
    free(ids[i]);
    free(ends[i]);
  }
  free(ids);
  free(ends);
  free(sums);
  free(res);
  free(scratch);
  Py_DECREF(rf);
  return out;
}

#ifdef LIBROUGE_NO_FASTCALL
/* 3.9's limited API: the arguments as a tuple, unpacked for the fastcall functions above. */
static PyObject *with_tuple(Scorer *self, PyObject *args,
                            PyObject *(*f)(Scorer *, PyObject *const *, Py_ssize_t)) {
  PyObject *a[2] = {NULL, NULL};
  Py_ssize_t n = PyTuple_GET_SIZE(args);
  for (Py_ssize_t i = 0; i < n && i < 2; i++) a[i] = PyTuple_GET_ITEM(args, i);
  return f(self, a, n);
}
static PyObject *Scorer_score_t(Scorer *self, PyObject *args) {
  return with_tuple(self, args, Scorer_score);
}
static PyObject *Scorer_score_multi_t(Scorer *self, PyObject *args) {
  return with_tuple(self, args, Scorer_score_multi);
}
#define FASTCALL(f) (PyCFunction) f##_t, METH_VARARGS
#else
#define FASTCALL(f) (PyCFunction)(void (*)(void)) f, METH_FASTCALL
#endif

static PyMethodDef Scorer_methods[] = {
    {"score", FASTCALL(Scorer_score), "score(target, prediction) -> {key: Score}"},
    {"score_multi", FASTCALL(Scorer_score_multi),
     "score_multi(targets, prediction) -> {key: Score}"},
    {"score_batch", (PyCFunction)(void (*)(void))Scorer_score_batch, METH_VARARGS | METH_KEYWORDS,
     "score_batch(targets, predictions, threads=1, columns=False, spread=False, timings=None) -> "
     "BatchScores or bytearray, GIL released"},
    {"__reduce__", (PyCFunction)Scorer_reduce, METH_NOARGS, "rebuilt from its arguments"},
    {"score_ids", (PyCFunction)Scorer_score_ids, METH_VARARGS,
     "score_ids((ids, ends), [(ids, ends), ...]) -> {key: Score}"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot Scorer_slots[] = {
    {Py_tp_doc, (void *)"A prepared text scorer (rouge_text_scorer) with its own scratch; not "
                        "for concurrent use from several threads (score_batch runs its own)."},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_init, Scorer_init},
    {Py_tp_dealloc, Scorer_dealloc},
    {Py_tp_methods, Scorer_methods},
    {0, NULL}};

static PyType_Spec Scorer_spec = {"librouge._native.Scorer", sizeof(Scorer), 0,
                                  Py_TPFLAGS_DEFAULT, Scorer_slots};

/* ------------------------------------------------------------------ module functions */

/* parse_metric(name) -> (kind, n, skip, weight), or ValueError. */
static PyObject *parse_metric(PyObject *mod, PyObject *arg) {
  /* A bytes copy: PyUnicode_AsUTF8AndSize is not in 3.9's limited API (and this is not hot). */
  PyObject *utf8 = PyUnicode_AsUTF8String(arg);
  if (!utf8) return NULL;
  rouge_metric m;
  rouge_status st = rouge_metric_parse(PyBytes_AS_STRING(utf8), (size_t)PyBytes_GET_SIZE(utf8), &m);
  Py_DECREF(utf8);
  if (st) {
    PyErr_Format(PyExc_ValueError, "Invalid rouge type: %U", arg);
    return NULL;
  }
  return Py_BuildValue("(IILd)", m.kind, m.n, (long long)m.skip, m.weight);
}

/* tokens(text, tokenizer, stem, stopwords, spans) -> [str] or [(start, end, str)], the spans in
 * bytes of the UTF-8 text. */
static PyObject *tokens(PyObject *mod, PyObject *args) {
  PyObject *text;
  unsigned tokenizer, stem, stopwords;
  int spans;
  if (!PyArg_ParseTuple(args, "OIIIp", &text, &tokenizer, &stem, &stopwords, &spans)) return NULL;
  rouge_str t;
  char *own = NULL;
  if (text_of(text, &t, &own) < 0) return NULL;
  rouge_text_options o;
  rouge_status st = rouge_text_options_init(tokenizer, &o);
  o.stem = stem;
  o.stopwords = stopwords;
  size_t max_tokens = 0, max_forms = 0;
  if (!st) st = rouge_text_tokens_sizes(t.len, &o, &max_tokens, &max_forms);
  PyObject *out = NULL;
  rouge_token *toks = NULL;
  char *forms = NULL;
  if (st) {
    raise_status(st);
    goto done;
  }
  toks = malloc(max_z(max_tokens, 1) * sizeof(rouge_token));
  forms = malloc(max_z(max_forms, 1));
  if (!toks || !forms) {
    PyErr_NoMemory();
    goto done;
  }
  size_t count, used;
  st = rouge_text_tokens(&t, &o, toks, max_tokens, (uint8_t *)forms, max_forms, &count, &used);
  if (st) {
    raise_status(st);
    goto done;
  }
  out = PyList_New((Py_ssize_t)count);
  for (size_t i = 0; out && i < count; i++) {
    PyObject *s = PyUnicode_FromStringAndSize(forms + toks[i].form_start, (Py_ssize_t)toks[i].form_len);
    if (s && spans) s = Py_BuildValue("(nnN)", (Py_ssize_t)toks[i].start, (Py_ssize_t)toks[i].end, s);
    if (!s) {
      Py_CLEAR(out);
      break;
    }
    PyList_SET_ITEM(out, (Py_ssize_t)i, s);
  }
done:
  free(toks);
  free(forms);
  free(own);
  return out;
}

/* bootstrap_numpy(scores: bytes of pair-major float64 triples, pairs, metrics, samples,
 * confidence, key: bytes of 624 uint32, pos) -> (bytes of metrics * 9 float64, key, pos). */
static PyObject *bootstrap_numpy(PyObject *mod, PyObject *args) {
  /* bytes as (pointer, length): y* and Py_buffer are not in 3.9's limited API. */
  struct {
    const char *buf;
    Py_ssize_t len;
  } scores, key;
  Py_ssize_t pairs, metrics, samples;
  double confidence;
  unsigned pos;
  if (!PyArg_ParseTuple(args, "y#nnndy#I", &scores.buf, &scores.len, &pairs, &metrics, &samples,
                        &confidence, &key.buf, &key.len, &pos))
    return NULL;
  PyObject *out = NULL;
  rouge_mt19937 mt;
  uint64_t *scratch = NULL;
  rouge_aggregate *agg = NULL;
  if (pairs < 0 || metrics < 0 || samples < 0 ||
      scores.len != pairs * metrics * (Py_ssize_t)sizeof(rouge_score) ||
      key.len != (Py_ssize_t)sizeof(mt.key)) {
    PyErr_SetString(PyExc_ValueError, "bootstrap_numpy: buffer sizes do not match");
    goto done;
  }
  memcpy(mt.key, key.buf, sizeof(mt.key));
  mt.pos = pos;
  scratch = malloc(max_z(3 * (size_t)samples, 1) * sizeof(uint64_t));
  agg = malloc(max_z((size_t)metrics, 1) * sizeof(rouge_aggregate));
  if (!scratch || !agg) {
    PyErr_NoMemory();
    goto done;
  }
  rouge_status st;
  Py_BEGIN_ALLOW_THREADS
  st = rouge_corpus_bootstrap_numpy((const rouge_score *)(const void *)scores.buf, (size_t)pairs, (size_t)metrics, (size_t)samples,
                                    confidence, &mt, scratch, 3 * (size_t)samples, agg);
  Py_END_ALLOW_THREADS
  if (st) {
    raise_status(st);
    goto done;
  }
  out = Py_BuildValue("(y#y#I)", (const char *)agg, (Py_ssize_t)(metrics * sizeof(rouge_aggregate)),
                      (const char *)mt.key, (Py_ssize_t)sizeof(mt.key), mt.pos);
done:
  free(scratch);
  free(agg);
  return out;
}

static PyObject *set_score_type(PyObject *mod, PyObject *arg) {
  if (!PyType_Check(arg) || !PyType_IsSubtype((PyTypeObject *)arg, &PyTuple_Type)) {
    PyErr_SetString(PyExc_TypeError, "a tuple subclass is needed");
    return NULL;
  }
  Py_INCREF(arg);
  Py_XSETREF(score_type, arg);
  score_alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)arg, Py_tp_alloc);
  Py_RETURN_NONE;
}

/* Registers rouge_scorer.BatchScores, the subclass score_batch returns. */
static PyObject *set_batch_scores_type(PyObject *mod, PyObject *arg) {
  (void)mod;
  if (!PyType_Check(arg) || !PyType_IsSubtype((PyTypeObject *)arg, BatchScoresType)) {
    PyErr_SetString(PyExc_TypeError, "a subclass of BatchScores is needed");
    return NULL;
  }
  Py_INCREF(arg);
  batch_scores_type = (PyTypeObject *)arg; /* held for the process's life */
  Py_RETURN_NONE;
}

static PyObject *arrow_offered_py(PyObject *module, PyObject *o) {
  (void)module;
  int r = arrow_offered(o);
  return r < 0 ? NULL : PyBool_FromLong(r);
}

static PyMethodDef module_methods[] = {
    {"parse_metric", parse_metric, METH_O, "parse_metric(name) -> (kind, n, skip, weight)"},
    {"arrow_to_list", arrow_to_list, METH_O,
     "arrow_to_list(column) -> list of str: an Arrow string column's texts"},
    {"arrow_offered", arrow_offered_py, METH_O,
     "arrow_offered(o) -> bool: whether score_batch takes `o` as an Arrow column"},
    {"tokens", tokens, METH_VARARGS, "tokens(text, tokenizer, stem, stopwords, spans)"},
    {"bootstrap_numpy", bootstrap_numpy, METH_VARARGS,
     "bootstrap_numpy(scores, pairs, metrics, samples, confidence, key, pos)"},
    {"_set_score_type", set_score_type, METH_O, "registers scoring.Score"},
    {"_set_batch_scores_type", set_batch_scores_type, METH_O,
     "registers rouge_scorer.BatchScores"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "librouge._native",
                                    "CPython binding of librouge's C ABI.", -1, module_methods};

PyMODINIT_FUNC PyInit__native(void) {
  if (rouge_abi_version() != ROUGE_ABI_VERSION) {
    PyErr_Format(PyExc_ImportError, "librouge ABI %u, built for %u", rouge_abi_version(),
                 ROUGE_ABI_VERSION);
    return NULL;
  }
  if (!ScorerType && !(ScorerType = (PyTypeObject *)PyType_FromSpec(&Scorer_spec))) return NULL;
  if (!BatchScoresType &&
      !(BatchScoresType = batch_scores_type = (PyTypeObject *)PyType_FromSpec(&BatchScoresSpec)))
    return NULL;
  text_view_init();
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  Py_INCREF(ScorerType);
  Py_INCREF(BatchScoresType);
  if (PyModule_AddObject(m, "Scorer", (PyObject *)ScorerType) < 0 ||
      PyModule_AddObject(m, "BatchScores", (PyObject *)BatchScoresType) < 0 ||
      PyModule_AddStringConstant(m, "library_version", rouge_version()) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_N", ROUGE_METRIC_N) < 0 ||
      /* 1 when every str is copied for the library (a wheel on CPython 3.9): bench.py says so */
      PyModule_AddIntConstant(m, "STR_COPIED", text_view_is_copy()) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_L", ROUGE_METRIC_L) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_LSUM", ROUGE_METRIC_LSUM) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_W", ROUGE_METRIC_W) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_S", ROUGE_METRIC_S) < 0 ||
      PyModule_AddIntConstant(m, "METRIC_SU", ROUGE_METRIC_SU) < 0 ||
      PyModule_AddIntConstant(m, "FLAVOUR_ROUGE_SCORE", ROUGE_FLAVOUR_ROUGE_SCORE) < 0 ||
      PyModule_AddIntConstant(m, "FLAVOUR_PERL", ROUGE_FLAVOUR_PERL) < 0 ||
      PyModule_AddIntConstant(m, "MULTI_BEST_F", ROUGE_MULTI_BEST_F) < 0 ||
      PyModule_AddIntConstant(m, "MULTI_PERL_A", ROUGE_MULTI_PERL_A) < 0 ||
      PyModule_AddIntConstant(m, "MULTI_PERL_B", ROUGE_MULTI_PERL_B) < 0 ||
      PyModule_AddIntConstant(m, "TOKENIZER_ROUGE_SCORE", ROUGE_TOKENIZER_ROUGE_SCORE) < 0 ||
      PyModule_AddIntConstant(m, "TOKENIZER_UNICODE", ROUGE_TOKENIZER_UNICODE) < 0 ||
      PyModule_AddIntConstant(m, "TOKENIZER_PERL", ROUGE_TOKENIZER_PERL) < 0 ||
      PyModule_AddIntConstant(m, "TOKENIZER_UNICODE_V1", ROUGE_TOKENIZER_UNICODE_V1) < 0 ||
      PyModule_AddIntConstant(m, "TOKENIZER_CHARACTER_V1", ROUGE_TOKENIZER_CHARACTER_V1) < 0 ||
      multilingual_add(m) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
