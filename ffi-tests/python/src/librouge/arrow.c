/* Arrow string columns for score_batch through the Arrow PyCapsule interface (arrow.h).
 *
 * Follows the Arrow C Data Interface and C Stream Interface specifications (Apache Arrow
 * format/CDataInterface.rst and CStreamInterface.rst, the ABI stable since Arrow 1.0 and 5.0)
 * and the PyCapsule interface (format/CDataInterface/PyCapsuleInterface.rst, Arrow 14): the
 * capsules are named "arrow_schema", "arrow_array" and "arrow_array_stream", and a consumer
 * that leaves a struct in its capsule leaves its release to the capsule's destructor.
 *
 * What is checked: the type (`u` string or `U` large_string, no dictionary), every array's
 * shape (three buffers, no children, a non-negative offset and length), and, while making
 * the views, that the offsets never decrease, the first is not negative, and a non-empty text
 * has a data buffer; a null is an error. The interface gives no buffer sizes: that the
 * offsets buffer holds offset + length + 1 entries and the data buffer reaches the last
 * offset is the producer's promise, as for every consumer of it.
 */
#include "arrow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int arrow_offered(PyObject *o) {
  if (PyList_CheckExact(o) || PyTuple_CheckExact(o) || PyUnicode_Check(o)) return 0;
  return PyObject_HasAttrString(o, "__arrow_c_array__") ||
         PyObject_HasAttrString(o, "__arrow_c_stream__");
}

void arrow_free(ArrowColumn *col) {
  /* A producer's release may run Python code (a ctypes or Python-level producer), which must
   * not see the exception this batch may be raising. */
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  for (size_t i = 0; i < col->count; i++) {
    ArrowChunk *c = &col->chunks[i];
    if (c->owned) {
      if (c->owned->release) c->owned->release(c->owned);
      free(c->owned);
    }
    Py_XDECREF(c->capsule);
  }
  free(col->chunks);
  memset(col, 0, sizeof *col);
  PyErr_Restore(type, value, traceback);
}

/* A schema's string type: 0 for `u` (string), 1 for `U` (large_string), -1 for another. */
static int schema_kind(const struct ArrowSchema *s) {
  const char *f = s->format ? s->format : "";
  if (s->dictionary || s->n_children != 0 || (strcmp(f, "u") && strcmp(f, "U"))) return -1;
  return f[0] == 'U';
}

/* The TypeError for a schema schema_kind refuses: -1. */
static int schema_error(const ArrowColumn *col, const char *format, int dictionary) {
  PyErr_Format(PyExc_TypeError,
               "%s: an Arrow array of strings is needed (format 'u', string, or 'U', "
               "large_string), not format '%s'%s",
               col->what, format, dictionary ? " (dictionary-encoded: decode it first)" : "");
  return -1;
}

/* One more chunk `a` (its shape checked): 0, or -1 with an exception (the chunk not kept). */
static int add_chunk(ArrowColumn *col, const struct ArrowArray *a, struct ArrowArray *owned,
                     PyObject *capsule) {
  if (a->length < 0 || a->offset < 0 || a->n_buffers != 3 || a->n_children != 0 ||
      !a->buffers || (a->length > 0 && !a->buffers[1]) ||
      (a->null_count != 0 && a->length > 0 && !a->buffers[0] && a->null_count != -1)) {
    PyErr_Format(PyExc_ValueError,
                 "%s: malformed Arrow string array (length %lld, offset %lld, %lld buffers, "
                 "%lld children)",
                 col->what, (long long)a->length, (long long)a->offset, (long long)a->n_buffers,
                 (long long)a->n_children);
    return -1;
  }
  if ((uint64_t)a->length > (uint64_t)PY_SSIZE_T_MAX - col->length) {
    PyErr_Format(PyExc_OverflowError, "%s: too many texts", col->what);
    return -1;
  }
  if (col->count == col->cap) {
    size_t c = col->cap ? 2 * col->cap : 4;
    ArrowChunk *q = realloc(col->chunks, c * sizeof *q);
    if (!q) {
      no_memory("cannot allocate the list of %zu Arrow chunks", c);
      return -1;
    }
    col->chunks = q;
    col->cap = c;
  }
  ArrowChunk *k = &col->chunks[col->count++];
  k->array = a;
  k->owned = owned;
  k->capsule = capsule;
  Py_XINCREF(capsule);
  col->length += (size_t)a->length;
  return 0;
}

/* From __arrow_c_array__: (schema capsule, array capsule); the array read in its capsule. */
static int open_array(PyObject *o, ArrowColumn *col) {
  PyObject *pair = PyObject_CallMethod(o, "__arrow_c_array__", NULL);
  if (!pair) return -1;
  int rc = -1;
  if (!PyTuple_Check(pair) || PyTuple_Size(pair) != 2) {
    PyErr_Format(PyExc_TypeError, "%s: __arrow_c_array__ must return (schema, array) capsules",
                 col->what);
    goto done;
  }
  PyObject *sc = PyTuple_GetItem(pair, 0), *ac = PyTuple_GetItem(pair, 1);
  const struct ArrowSchema *s = PyCapsule_GetPointer(sc, "arrow_schema");
  if (!s) goto done;
  const struct ArrowArray *a = PyCapsule_GetPointer(ac, "arrow_array");
  if (!a) goto done;
  if (!s->release || !a->release) {
    PyErr_Format(PyExc_ValueError, "%s: the Arrow array was already released", col->what);
    goto done;
  }
  if ((col->large = schema_kind(s)) < 0) {
    schema_error(col, s->format ? s->format : "", s->dictionary != NULL);
    goto done;
  }
  rc = add_chunk(col, a, NULL, ac);
done:
  Py_DECREF(pair);
  return rc;
}

/* The stream's last error as a Python exception (`errno_` from its call). */
static int stream_error(struct ArrowArrayStream *st, int errno_, const char *what) {
  const char *msg = st->get_last_error ? st->get_last_error(st) : NULL;
  PyErr_Format(PyExc_ValueError, "%s: the Arrow stream failed (error %d): %s", what, errno_,
               msg ? msg : "no message");
  return -1;
}

/* From __arrow_c_stream__: every chunk moved out of the stream into memory of our own. */
static int open_stream(PyObject *o, ArrowColumn *col) {
  PyObject *cap = PyObject_CallMethod(o, "__arrow_c_stream__", NULL);
  if (!cap) return -1;
  int rc = -1;
  struct ArrowArrayStream *st = PyCapsule_GetPointer(cap, "arrow_array_stream");
  if (!st) goto done;
  if (!st->release) {
    PyErr_Format(PyExc_ValueError, "%s: the Arrow stream was already released", col->what);
    goto done;
  }
  struct ArrowSchema s;
  memset(&s, 0, sizeof s);
  int e = st->get_schema(st, &s);
  if (e) {
    stream_error(st, e, col->what);
    goto done;
  }
  /* Read, then released before any exception is set (see arrow_free). */
  char format[32];
  snprintf(format, sizeof format, "%s", s.format ? s.format : "");
  int dictionary = s.dictionary != NULL;
  col->large = schema_kind(&s);
  if (s.release) s.release(&s);
  if (col->large < 0) {
    schema_error(col, format, dictionary);
    goto done;
  }
  for (;;) {
    struct ArrowArray *a = calloc(1, sizeof *a);
    if (!a) {
      no_memory("cannot allocate an Arrow chunk");
      goto done;
    }
    e = st->get_next(st, a);
    if (e || !a->release) {
      free(a); /* the end of the stream (release NULL), or an error: nothing to release */
      if (e) stream_error(st, e, col->what);
      else rc = 0;
      goto done;
    }
    if (add_chunk(col, a, a, NULL) < 0) {
      a->release(a);
      free(a);
      goto done;
    }
  }
done:
  Py_DECREF(cap); /* the stream; its chunks live on (the interface makes them independent) */
  return rc;
}

int arrow_open(PyObject *o, const char *what, ArrowColumn *col) {
  memset(col, 0, sizeof *col);
  col->what = what;
  if (PyObject_HasAttrString(o, "__arrow_c_array__")) return open_array(o, col);
  return open_stream(o, col);
}

/* Chunk `c`'s texts into out[0], out[1], ... with offsets of type T: 0, or -1 with `*p`'s
 * index relative to the chunk. */
#define VIEWS(T)                                                                       \
  static int views_##T(const struct ArrowArray *a, rouge_str *out, ArrowProblem *p) {  \
    size_t n = (size_t)a->length, first = (size_t)a->offset;                           \
    if (n == 0) return 0;                                                              \
    const T *off = (const T *)a->buffers[1] + first;                                   \
    const char *data = a->buffers[2];                                                  \
    const uint8_t *valid = a->null_count != 0 ? a->buffers[0] : NULL;                  \
    T prev = off[0];                                                                   \
    if (prev < 0) {                                                                    \
      p->kind = ARROW_BAD_OFFSETS;                                                     \
      p->at = 0;                                                                       \
      return -1;                                                                       \
    }                                                                                  \
    for (size_t i = 0; i < n; i++) {                                                   \
      T next = off[i + 1];                                                             \
      if (next < prev || (next > prev && !data)) {                                     \
        p->kind = ARROW_BAD_OFFSETS;                                                   \
        p->at = i;                                                                     \
        return -1;                                                                     \
      }                                                                                \
      if (valid && !((valid[(first + i) >> 3] >> ((first + i) & 7)) & 1)) {            \
        p->kind = ARROW_NULL;                                                          \
        p->at = i;                                                                     \
        return -1;                                                                     \
      }                                                                                \
      out[i].ptr = next > prev ? data + prev : "";                                     \
      out[i].len = (size_t)(next - prev);                                              \
      prev = next;                                                                     \
    }                                                                                  \
    return 0;                                                                          \
  }
VIEWS(int32_t)
VIEWS(int64_t)

int arrow_views(const ArrowColumn *col, rouge_str *out, ArrowProblem *problem) {
  size_t at = 0;
  problem->kind = 0;
  for (size_t i = 0; i < col->count; i++) {
    const struct ArrowArray *a = col->chunks[i].array;
    int rc = col->large ? views_int64_t(a, out + at, problem) : views_int32_t(a, out + at, problem);
    if (rc < 0) {
      problem->at += at;
      return -1;
    }
    at += (size_t)a->length;
  }
  return 0;
}

PyObject *arrow_raise(const ArrowColumn *col, const ArrowProblem *problem) {
  if (problem->kind == ARROW_NULL)
    PyErr_Format(PyExc_ValueError,
                 "%s[%zu] is null: a missing text has no ROUGE score (fill the nulls first, "
                 "e.g. pyarrow.compute.fill_null(column, \"\") to score them as empty texts)",
                 col->what, problem->at);
  else
    PyErr_Format(PyExc_ValueError,
                 "%s[%zu]: malformed Arrow string array (its offsets decrease, are negative, "
                 "or point into a missing data buffer)",
                 col->what, problem->at);
  return NULL;
}

PyObject *arrow_to_list(PyObject *module, PyObject *column) {
  (void)module;
  ArrowColumn col;
  PyObject *out = NULL;
  rouge_str *views = NULL;
  if (arrow_open(column, "texts", &col) < 0) goto done;
  views = malloc(max_z(col.length, 1) * sizeof *views);
  if (!views) {
    no_memory("cannot allocate the views of %zu texts", col.length);
    goto done;
  }
  ArrowProblem problem;
  if (arrow_views(&col, views, &problem) < 0) {
    arrow_raise(&col, &problem);
    goto done;
  }
  out = PyList_New((Py_ssize_t)col.length);
  for (size_t i = 0; out && i < col.length; i++) {
    PyObject *s = PyUnicode_DecodeUTF8(views[i].ptr, (Py_ssize_t)views[i].len, "strict");
    if (!s) Py_CLEAR(out);
    else PyList_SET_ITEM(out, (Py_ssize_t)i, s);
  }
done:
  free(views);
  arrow_free(&col);
  return out;
}
