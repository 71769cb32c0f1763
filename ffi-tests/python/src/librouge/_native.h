/* What the extension's two files share: _native.c (the module, the Scorer type and its
 * per-call scoring, tokens, the bootstrap) and batch.c (score_batch and the lazy BatchScores
 * sequence it returns). Hidden: nothing here is exported from the extension's .so. */
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
} Scorer;

static inline size_t max_z(size_t a, size_t b) { return a > b ? a : b; }

/* Raises the exception for a status (MemoryError for sizes, ValueError otherwise); NULL. */
PyObject *raise_status(rouge_status st);

/* A text argument (str, or bytes as UTF-8) as a view of its UTF-8 bytes; `*owned` is set to a
 * copy to free when the view is one (only where the API gives no view of a str: 3.9's limited
 * API), else to NULL. */
int text_view(PyObject *o, rouge_str *out, char **owned);

/* NULs of `*t` as spaces in a copy, `*owned` (NULL when there is none: `*t` unchanged); a
 * copy already in `*owned` (text_view's) is changed in place. */
int without_nul(rouge_str *t, char **owned);

/* text_view then without_nul: what the library takes for a Python text. */
int text_of(PyObject *o, rouge_str *out, char **owned);

/* {keys[i]: Score(results[i])} for the `metric_count` results of one pair. */
PyObject *result_dict(PyObject *keys, size_t metric_count, const rouge_result *results);

/* Scorer.score_batch (batch.c). */
PyObject *Scorer_score_batch(Scorer *self, PyObject *args);

/* The BatchScores type, made by the module's init from its spec (batch.c). Heap types from
 * specs, not static PyTypeObjects, which the limited API has no struct for. */
extern PyType_Spec BatchScoresSpec;
extern PyTypeObject *BatchScoresType;

/* The Python subclass score_batch returns (rouge_scorer.BatchScores, which adds the
 * collections.abc.Sequence methods), registered at import; BatchScoresType until then. */
extern PyTypeObject *batch_scores_type;

#pragma GCC visibility pop

#endif
