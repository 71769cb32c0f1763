/* What the extension's files share: _native.c (the module, the Scorer type and its
 * per-call scoring, tokens, the bootstrap), text.c (a Python text as UTF-8), batch.c
 * (score_batch), batch_scores.c (the lazy BatchScores sequence it returns) and arrow.c (Arrow
 * columns). Hidden: nothing here is exported from the extension's .so. */
#ifndef LIBROUGE_NATIVE_H
#define LIBROUGE_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "limited_api.h"
#include "rouge.h"

#pragma GCC visibility push(hidden)

/* A prepared text scorer (rouge_text_scorer) with its metrics, options and own scratch. */
typedef struct {
  PyObject_HEAD
  rouge_metric *metrics;
  size_t metric_count;
  PyObject *keys; /* tuple of str, one per metric */
  rouge_options options;
  rouge_text_options text_options;
  int needs_lines; /* the scratch depends on line lengths (Lsum, Perl W) */
  rouge_text_scorer scorer;
  int ready;
  uint64_t *scratch;
  size_t scratch_words;
  PyObject *args; /* the constructor's arguments, normalised: what __reduce__ rebuilds it from */
} Scorer;

static inline size_t max_z(size_t a, size_t b) { return a > b ? a : b; }

/* `words` 8-byte words from malloc, or NULL (also when their byte count overflows size_t). */
uint64_t *malloc_words(size_t words);

/* Raises the exception for a status (MemoryError for sizes, ValueError otherwise); NULL. */
PyObject *raise_status(rouge_status st);

/* A text argument (str, or bytes as UTF-8) as a view of its UTF-8 bytes; `*owned` is set to a
 * copy to free when the view is one, else to NULL: a str with lone surrogates, each as spaces
 * (text.c), and every str where the API gives no view of its UTF-8 (3.9's limited API). */
int text_view(PyObject *o, rouge_str *out, char **owned);

/* At import: how text_view reads a str under the limited API of 3.9 (a view of its UTF-8
 * when the interpreter is 3.10 or later, else a copy); nothing to do in a full-API build. */
void text_view_init(void);

#ifdef LIBROUGE_UTF8_COPY
/* PyUnicode_AsUTF8AndSize when the interpreter has it (text_view_init), else NULL. */
typedef const char *(*utf8_view_fn)(PyObject *, Py_ssize_t *);
extern utf8_view_fn utf8_view;
#endif

/* Whether text_view copies every str (a 3.9-limited-API build on CPython 3.9): 0 or 1. */
int text_view_is_copy(void);

/* NULs of `*t` as spaces: in place when `*owned` holds `*t`'s bytes (text_view's copy), else
 * in a copy that becomes `*owned` (none when `*t` has no NUL: `*t` unchanged). */
int without_nul(rouge_str *t, char **owned);

/* text_view then without_nul: what the library takes for a Python text. */
int text_of(PyObject *o, rouge_str *out, char **owned);

/* The UTF-8 of a str that has lone surrogates (text_view's slow path, text.c): encoded with
 * "surrogatepass", each surrogate's 3 bytes then replaced by 3 spaces, in a copy `*owned`. */
int text_surrogates_as_spaces(PyObject *o, rouge_str *out, char **owned);

/* `words` 8-byte words as a size a person reads ("19.1 TiB"). */
void human_bytes(size_t words, char out[32]);

/* MemoryError("librouge: ...") with a message from `format` (PyErr_Format's): NULL. */
PyObject *no_memory(const char *format, ...);

/* MemoryError naming the scratch `words` asked for and the texts' `dims`, for `st` (0: malloc
 * failed) or another status (raise_status): NULL. */
PyObject *raise_for_scratch(rouge_status st, size_t words, const rouge_text_dims *dims);

/* {keys[i]: Score(results[i])} for the `metric_count` results of one pair. */
PyObject *result_dict(PyObject *keys, size_t metric_count, const rouge_result *results);

/* A BatchScores over `pairs` pairs' `results` (pairs * scorer's metric_count, pair-major),
 * taking ownership of `results` (freed on failure too) (batch_scores.c). */
PyObject *batch_scores_new(Scorer *scorer, Py_ssize_t pairs, rouge_result *results);

/* Scorer.score_batch (batch.c). */
PyObject *Scorer_score_batch(Scorer *self, PyObject *args, PyObject *kwargs);

/* The BatchScores type, made by the module's init from its spec (batch.c). Heap types from
 * specs, not static PyTypeObjects, which the limited API has no struct for. */
extern PyType_Spec BatchScoresSpec;
extern PyTypeObject *BatchScoresType;

/* The Python subclass score_batch returns (rouge_scorer.BatchScores, which adds the
 * collections.abc.Sequence methods), registered at import; BatchScoresType until then. */
extern PyTypeObject *batch_scores_type;

#pragma GCC visibility pop

#endif
