/* librouge._native's BatchScores: what Scorer.score_batch (batch.c) returns, a read-only
 * sequence over a batch's results that builds pair i's {key: Score} dict when it is first
 * read and keeps it (so the same dict comes back, and changes to it stay, as with a list).
 * Why lazy: batch.c's header comment.
 */
#include "_native.h"

#include <stdlib.h>

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

PyObject *batch_scores_new(Scorer *scorer, Py_ssize_t pairs, rouge_result *results) {
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
