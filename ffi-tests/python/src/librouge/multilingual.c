/* librouge._native's XL-Sum part (librouge.multilingual): the XlsumScorer type over
 * ROUGE_TOKENIZER_XLSUM and xlsum_clean_text, kept apart from _native.c, which only registers
 * them (multilingual_add).
 *
 * XlsumScorer(keys, metrics, lang, stem) scores as csebuetnlp's fork of rouge-score
 * (`multilingual-rouge` 0.0.1) with `RougeScorer(keys, use_stemmer=stem, lang=lang)`:
 * `score(target, prediction)` for the languages whose segmenter is in the library, and
 * `score_segmented(target, prediction, target_tokens, prediction_tokens)` for the others
 * (jieba, fugashi, pythainlp run in Python on xlsum_clean_text's text) and for a
 * callable_tokenizer. xlsum_tokens and xlsum_stem list the library's tokens and stems (the
 * fork's `tokenize` module and `MultiStemmer`). Texts are taken as they are: the fork deletes NUL, so it is not turned
 * into a space here as _native.c's text_of does for the other tokenisers.
 */
#include "multilingual.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  PyObject_HEAD
  rouge_metric *metrics;
  size_t metric_count;
  PyObject *keys; /* tuple of str, one per metric */
  PyObject *lang; /* bytes (UTF-8) or NULL (Python's None): text_options.lang points into it */
  rouge_options options;
  rouge_text_options text_options;
  rouge_text_scorer scorer;
  int ready;
  uint64_t *scratch;
  size_t scratch_words;
} XlsumScorer;

static PyTypeObject *XlsumScorerType = NULL;

static void XlsumScorer_dealloc(XlsumScorer *self) {
  PyTypeObject *type = Py_TYPE(self);
  free(self->metrics);
  free(self->scratch);
  Py_XDECREF(self->keys);
  Py_XDECREF(self->lang);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type);
}

/* XlsumScorer(keys, metrics, lang, stem): metrics a tuple of (kind, n, skip, weight) as
 * _native.Scorer's; lang a str or None. */
static int XlsumScorer_init(XlsumScorer *self, PyObject *args, PyObject *kw) {
  PyObject *keys, *metrics, *lang;
  int stem;
  static char *names[] = {"keys", "metrics", "lang", "stem", NULL};
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O!Op", names, &PyTuple_Type, &keys,
                                   &PyTuple_Type, &metrics, &lang, &stem))
    return -1;
  if (self->metrics) {
    PyErr_SetString(PyExc_TypeError, "XlsumScorer.__init__ called twice");
    return -1;
  }
  Py_ssize_t n = PyTuple_GET_SIZE(metrics);
  if (PyTuple_GET_SIZE(keys) != n) {
    PyErr_SetString(PyExc_ValueError, "keys and metrics differ in length");
    return -1;
  }
  PyObject *lang_bytes = NULL;
  if (lang != Py_None) {
    if (!PyUnicode_Check(lang)) {
      PyErr_Format(PyExc_TypeError, "lang must be a str or None, not %S", (PyObject *)Py_TYPE(lang));
      return -1;
    }
    if (!(lang_bytes = PyUnicode_AsUTF8String(lang))) return -1;
  }
  self->metrics = calloc(n ? (size_t)n : 1, sizeof(rouge_metric));
  if (!self->metrics) {
    Py_XDECREF(lang_bytes);
    PyErr_NoMemory();
    return -1;
  }
  Py_XSETREF(self->lang, lang_bytes);
  for (Py_ssize_t i = 0; i < n; i++) {
    rouge_metric *m = &self->metrics[i];
    long long skip;
    if (!PyArg_ParseTuple(PyTuple_GET_ITEM(metrics, i), "IILd", &m->kind, &m->n, &skip,
                          &m->weight))
      return -1;
    m->skip = skip;
  }
  self->metric_count = (size_t)n;
  Py_INCREF(keys);
  Py_XSETREF(self->keys, keys);
  rouge_status st = rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &self->options);
  if (!st) st = rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, &self->text_options);
  if (st) return raise_status(st), -1;
  self->text_options.stem = (uint32_t)stem;
  if (self->lang) {
    self->text_options.lang = PyBytes_AS_STRING(self->lang);
    self->text_options.lang_len = (size_t)PyBytes_GET_SIZE(self->lang);
  }
  /* Checks the metrics, options and language once, at set-up. */
  rouge_text_dims dims = {1, 0, 0, 0, 0};
  st = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                              &self->text_options, &dims, &self->scorer);
  if (st) return raise_status(st), -1;
  self->ready = 0;
  return 0;
}

static int within(const rouge_text_dims *d, const rouge_text_dims *cap) {
  return d->reference_count <= cap->reference_count && d->candidate_bytes <= cap->candidate_bytes &&
         d->reference_bytes <= cap->reference_bytes &&
         d->candidate_line_bytes <= cap->candidate_line_bytes &&
         d->reference_line_bytes <= cap->reference_line_bytes;
}

/* Grows the prepared scorer and its scratch to cover `d`, at least doubling what grows. */
static int ensure(XlsumScorer *self, const rouge_text_dims *d) {
  if (self->ready && within(d, &self->scorer.dims)) return 0;
  rouge_text_dims c = self->ready ? self->scorer.dims : (rouge_text_dims){1, 256, 256, 256, 256};
#define GROW(f) c.f = d->f <= c.f ? c.f : max_z(d->f, 2 * c.f)
  GROW(reference_count);
  GROW(candidate_bytes);
  GROW(reference_bytes);
  GROW(candidate_line_bytes);
  GROW(reference_line_bytes);
#undef GROW
  rouge_text_scorer s;
  rouge_status st = rouge_text_scorer_init(self->metrics, self->metric_count, &self->options,
                                           &self->text_options, &c, &s);
  if (st) return raise_status(st), -1;
  if (s.scratch_words > self->scratch_words) {
    uint64_t *m = malloc(max_z(s.scratch_words, 1) * sizeof(uint64_t));
    if (!m) return PyErr_NoMemory(), -1;
    free(self->scratch);
    self->scratch = m;
    self->scratch_words = s.scratch_words;
  }
  self->scorer = s;
  self->ready = 1;
  return 0;
}

/* One pair's results as a {key: Score} dict; `tokens` NULL for the library's own segmenter. */
static PyObject *score_pair(XlsumScorer *self, const rouge_str *cand, const rouge_str *ref,
                            const rouge_tokens *tokens) {
  rouge_text_dims d;
  rouge_status st = tokens ? rouge_text_dims_of_segmented(cand, ref, 1, tokens, &d)
                           : rouge_text_dims_of(cand, ref, 1, &d);
  if (st) return raise_status(st);
  if (ensure(self, &d) < 0) return NULL;
  rouge_result *res = malloc(max_z(self->metric_count, 1) * sizeof(rouge_result));
  if (!res) return PyErr_NoMemory();
  st = tokens ? rouge_text_scorer_score_segmented(&self->scorer, cand, ref, 1, tokens,
                                                  self->scratch, self->scratch_words, res)
              : rouge_text_scorer_score(&self->scorer, cand, ref, 1, self->scratch,
                                        self->scratch_words, res);
  PyObject *out = st ? raise_status(st) : result_dict(self->keys, self->metric_count, res);
  free(res);
  return out;
}

static PyObject *XlsumScorer_score(XlsumScorer *self, PyObject *args) {
  PyObject *target, *prediction;
  if (!PyArg_ParseTuple(args, "OO:score", &target, &prediction)) return NULL;
  rouge_str ref, cand;
  char *own_r = NULL, *own_c = NULL;
  PyObject *out = NULL;
  if (text_view(target, &ref, &own_r) == 0 && text_view(prediction, &cand, &own_c) == 0)
    out = score_pair(self, &cand, &ref, NULL);
  free(own_r);
  free(own_c);
  return out;
}

/* Segmenter tokens (a sequence of str) appended to `*buf` (UTF-8) with their end offsets. */
typedef struct {
  char *bytes;
  size_t len, cap;
  size_t *ends;
  size_t count, ends_cap;
} TokenBuf;

static int append_tokens(TokenBuf *b, PyObject *seq) {
  PyObject *fast = PySequence_Fast(seq, "segmenter tokens must be a sequence of str");
  if (!fast) return -1;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *t = PySequence_Fast_GET_ITEM(fast, i);
    if (!PyUnicode_Check(t)) {
      PyErr_Format(PyExc_TypeError, "a token must be a str, not %S", (PyObject *)Py_TYPE(t));
      Py_DECREF(fast);
      return -1;
    }
    PyObject *u = PyUnicode_AsUTF8String(t);
    if (!u) {
      Py_DECREF(fast);
      return -1;
    }
    size_t len = (size_t)PyBytes_GET_SIZE(u);
    if (b->len + len > b->cap) {
      size_t cap = max_z(b->len + len, 2 * b->cap + 64);
      char *m = realloc(b->bytes, cap);
      if (!m) goto nomem;
      b->bytes = m;
      b->cap = cap;
    }
    if (b->count == b->ends_cap) {
      size_t cap = 2 * b->ends_cap + 16;
      size_t *m = realloc(b->ends, cap * sizeof(size_t));
      if (!m) goto nomem;
      b->ends = m;
      b->ends_cap = cap;
    }
    memcpy(b->bytes + b->len, PyBytes_AS_STRING(u), len);
    b->len += len;
    b->ends[b->count++] = b->len;
    Py_DECREF(u);
    continue;
  nomem:
    Py_DECREF(u);
    Py_DECREF(fast);
    PyErr_NoMemory();
    return -1;
  }
  Py_DECREF(fast);
  return 0;
}

static PyObject *XlsumScorer_score_segmented(XlsumScorer *self, PyObject *args) {
  PyObject *target, *prediction, *target_tokens, *prediction_tokens;
  if (!PyArg_ParseTuple(args, "OOOO:score_segmented", &target, &prediction, &target_tokens,
                        &prediction_tokens))
    return NULL;
  rouge_str ref, cand;
  char *own_r = NULL, *own_c = NULL;
  TokenBuf cb = {0}, rb = {0};
  PyObject *out = NULL;
  if (text_view(target, &ref, &own_r) == 0 && text_view(prediction, &cand, &own_c) == 0 &&
      append_tokens(&cb, prediction_tokens) == 0 && append_tokens(&rb, target_tokens) == 0) {
    /* The candidate's tokens first, then the reference's. */
    rouge_tokens toks[2] = {{cb.bytes, cb.ends, cb.count}, {rb.bytes, rb.ends, rb.count}};
    out = score_pair(self, &cand, &ref, toks);
  }
  free(cb.bytes);
  free(cb.ends);
  free(rb.bytes);
  free(rb.ends);
  free(own_r);
  free(own_c);
  return out;
}

static PyMethodDef XlsumScorer_methods[] = {
    {"score", (PyCFunction)XlsumScorer_score, METH_VARARGS,
     "score(target, prediction) -> {key: Score} (languages segmented by the library)"},
    {"score_segmented", (PyCFunction)XlsumScorer_score_segmented, METH_VARARGS,
     "score_segmented(target, prediction, target_tokens, prediction_tokens) -> {key: Score}"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot XlsumScorer_slots[] = {
    {Py_tp_dealloc, (void *)XlsumScorer_dealloc},
    {Py_tp_init, (void *)XlsumScorer_init},
    {Py_tp_new, (void *)PyType_GenericNew},
    {Py_tp_methods, XlsumScorer_methods},
    {Py_tp_doc, "XlsumScorer(keys, metrics, lang, stem): XL-Sum's scorer for one language."},
    {0, NULL}};

static PyType_Spec XlsumScorer_spec = {"librouge._native.XlsumScorer", sizeof(XlsumScorer), 0,
                                       Py_TPFLAGS_DEFAULT, XlsumScorer_slots};

/* xlsum_clean_text(text) -> str: what the fork hands jieba, fugashi or pythainlp
 * (" ".join(BasicTokenizer(text.lower().strip()))). */
static PyObject *xlsum_clean_text(PyObject *mod, PyObject *text) {
  (void)mod;
  rouge_str t;
  char *own = NULL;
  if (text_view(text, &t, &own) < 0) return NULL;
  size_t cap = 0, written = 0;
  PyObject *out = NULL;
  rouge_status st = rouge_xlsum_clean_text_bytes(t.len, &cap);
  char *buf = st ? NULL : malloc(max_z(cap, 1));
  if (st)
    raise_status(st);
  else if (!buf)
    PyErr_NoMemory();
  else if ((st = rouge_xlsum_clean_text(&t, buf, cap, &written)))
    raise_status(st);
  else
    out = PyUnicode_DecodeUTF8(buf, (Py_ssize_t)written, "strict");
  free(buf);
  free(own);
  return out;
}

/* What a sink call appends to: the tokens (`list`) and, on the Lsum path, the sentences. */
typedef struct {
  PyObject *list;
  PyObject *sentences; /* NULL: the main path */
  int failed;          /* a Python error is set: later tokens are ignored */
} Collect;

static PyObject *str_of_code_points(const uint32_t *cps, size_t len) {
  const uint16_t probe = 1;
  int order = *(const unsigned char *)&probe ? -1 : 1; /* native order, a BOM kept as a char */
  if (len > (size_t)PY_SSIZE_T_MAX / 4) return PyErr_NoMemory();
  return PyUnicode_DecodeUTF32((const char *)cps, (Py_ssize_t)(len * 4), "strict", &order);
}

static void collect(void *ctx, const uint32_t *token, size_t len) {
  Collect *c = ctx;
  if (c->failed) return;
  if (len == 0 && c->sentences) { /* end of an Lsum sentence */
    PyObject *fresh = PyList_New(0);
    if (!fresh || PyList_Append(c->sentences, c->list) < 0) {
      Py_XDECREF(fresh);
      c->failed = 1;
      return;
    }
    Py_XSETREF(c->list, fresh);
    return;
  }
  PyObject *s = str_of_code_points(token, len);
  if (!s || PyList_Append(c->list, s) < 0) c->failed = 1;
  Py_XDECREF(s);
}

/* XL-Sum text options for `lang` (str or None) with `stem`; `*lang_bytes` holds the name. */
static int xlsum_options(PyObject *lang, int stem, rouge_text_options *o, PyObject **lang_bytes) {
  *lang_bytes = NULL;
  rouge_status st = rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, o);
  if (st) return raise_status(st), -1;
  o->stem = (uint32_t)stem;
  if (lang == Py_None) return 0;
  if (!PyUnicode_Check(lang)) {
    PyErr_Format(PyExc_TypeError, "lang must be a str or None, not %S", (PyObject *)Py_TYPE(lang));
    return -1;
  }
  if (!(*lang_bytes = PyUnicode_AsUTF8String(lang))) return -1;
  o->lang = PyBytes_AS_STRING(*lang_bytes);
  o->lang_len = (size_t)PyBytes_GET_SIZE(*lang_bytes);
  return 0;
}

/* xlsum_tokens(text, lang, stem, lsum, segments=None) -> [str] (main path) or [[str]] (Lsum
 * path: one list per non-empty line); `segments` a host segmenter's tokens of the text. */
static PyObject *xlsum_tokens(PyObject *mod, PyObject *args) {
  (void)mod;
  PyObject *text, *lang, *segments = Py_None;
  int stem, lsum;
  if (!PyArg_ParseTuple(args, "OOpp|O:xlsum_tokens", &text, &lang, &stem, &lsum, &segments))
    return NULL;
  rouge_text_options o;
  PyObject *lang_bytes = NULL, *out = NULL;
  rouge_str t;
  char *own = NULL;
  TokenBuf tb = {0};
  uint64_t *scratch = NULL;
  Collect c = {NULL, NULL, 0};
  if (xlsum_options(lang, stem, &o, &lang_bytes) < 0 || text_view(text, &t, &own) < 0) goto done;
  rouge_tokens seg, *segp = NULL;
  if (segments != Py_None) {
    if (append_tokens(&tb, segments) < 0) goto done;
    seg = (rouge_tokens){tb.bytes, tb.ends, tb.count};
    segp = &seg;
  }
  size_t words = 0;
  rouge_status st = rouge_xlsum_tokens_scratch_words(t.len, segp, &words);
  if (st) {
    raise_status(st);
    goto done;
  }
  if (!(scratch = malloc(max_z(words, 1) * sizeof(uint64_t)))) {
    PyErr_NoMemory();
    goto done;
  }
  if (!(c.list = PyList_New(0)) || (lsum && !(c.sentences = PyList_New(0)))) goto done;
  st = rouge_xlsum_tokens(&t, &o, (uint32_t)lsum, segp, scratch, words, collect, &c);
  if (c.failed) goto done;
  if (st) {
    raise_status(st);
    goto done;
  }
  out = lsum ? c.sentences : c.list;
  Py_INCREF(out);
done:
  Py_XDECREF(c.list);
  Py_XDECREF(c.sentences);
  free(scratch);
  free(tb.bytes);
  free(tb.ends);
  free(own);
  Py_XDECREF(lang_bytes);
  return out;
}

/* xlsum_stem(word, lang) -> str: the stem `lang`'s stemmer makes (the word for a language with
 * none), whatever the word's length. */
static PyObject *xlsum_stem(PyObject *mod, PyObject *args) {
  (void)mod;
  PyObject *word, *lang;
  if (!PyArg_ParseTuple(args, "OO:xlsum_stem", &word, &lang)) return NULL;
  rouge_text_options o;
  PyObject *lang_bytes = NULL, *out = NULL;
  rouge_str w;
  char *own = NULL;
  uint64_t *scratch = NULL;
  Collect c = {NULL, NULL, 0};
  if (xlsum_options(lang, 1, &o, &lang_bytes) < 0 || text_view(word, &w, &own) < 0) goto done;
  size_t words = 0;
  rouge_status st = rouge_xlsum_stem_scratch_words(w.len, &words);
  if (st) {
    raise_status(st);
    goto done;
  }
  if (!(scratch = malloc(max_z(words, 1) * sizeof(uint64_t)))) {
    PyErr_NoMemory();
    goto done;
  }
  if (!(c.list = PyList_New(0))) goto done;
  st = rouge_xlsum_stem(&w, &o, scratch, words, collect, &c);
  if (c.failed) goto done;
  if (st) {
    raise_status(st);
    goto done;
  }
  if (PyList_Size(c.list) == 1) {
    out = PyList_GetItem(c.list, 0);
    Py_XINCREF(out);
  } else {
    PyErr_SetString(PyExc_RuntimeError, "librouge: rouge_xlsum_stem gave no stem");
  }
done:
  Py_XDECREF(c.list);
  free(scratch);
  free(own);
  Py_XDECREF(lang_bytes);
  return out;
}

static PyMethodDef multilingual_functions[] = {
    {"xlsum_tokens", xlsum_tokens, METH_VARARGS,
     "xlsum_tokens(text, lang, stem, lsum, segments=None) -> [str] or [[str]]"},
    {"xlsum_stem", xlsum_stem, METH_VARARGS, "xlsum_stem(word, lang) -> str"},
    {"xlsum_clean_text", xlsum_clean_text, METH_O,
     "xlsum_clean_text(text) -> str: the text XL-Sum's scorer hands a segmenter"},
    {NULL, NULL, 0, NULL}};

int multilingual_add(PyObject *m) {
  if (!XlsumScorerType &&
      !(XlsumScorerType = (PyTypeObject *)PyType_FromSpec(&XlsumScorer_spec)))
    return -1;
  Py_INCREF(XlsumScorerType);
  if (PyModule_AddObject(m, "XlsumScorer", (PyObject *)XlsumScorerType) < 0) {
    Py_DECREF(XlsumScorerType);
    return -1;
  }
  if (PyModule_AddFunctions(m, multilingual_functions) < 0) return -1;
  return PyModule_AddIntConstant(m, "TOKENIZER_XLSUM", ROUGE_TOKENIZER_XLSUM);
}
