/* Arrow string columns for score_batch (arrow.c): a pyarrow (or polars, DuckDB, nanoarrow, ...)
 * `string` or `large_string` array, or a chunked one, taken through the Arrow PyCapsule
 * interface (`__arrow_c_array__`, `__arrow_c_stream__`) as the Arrow C Data Interface's
 * structs, so no Arrow library is needed to build or import the package. The texts are read
 * in place from the arrays' offsets and data buffers: with the GIL held only the chunks are
 * gathered (O(chunks)); the views of the texts are made, and the offsets and nulls checked,
 * with the GIL released (arrow_views).
 * Hidden: nothing here is exported from the extension's .so. */
#ifndef LIBROUGE_ARROW_H
#define LIBROUGE_ARROW_H

#include "_native.h"

#pragma GCC visibility push(hidden)

/* The Arrow C Data Interface's structs, as its specification defines them (the guards are the
 * specification's, so a producer's header included first is taken as it is). */
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
struct ArrowSchema {
  const char *format;
  const char *name;
  const char *metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema **children;
  struct ArrowSchema *dictionary;
  void (*release)(struct ArrowSchema *);
  void *private_data;
};

struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void **buffers;
  struct ArrowArray **children;
  struct ArrowArray *dictionary;
  void (*release)(struct ArrowArray *);
  void *private_data;
};
#endif

#ifndef ARROW_C_STREAM_INTERFACE
#define ARROW_C_STREAM_INTERFACE
struct ArrowArrayStream {
  int (*get_schema)(struct ArrowArrayStream *, struct ArrowSchema *out);
  int (*get_next)(struct ArrowArrayStream *, struct ArrowArray *out);
  const char *(*get_last_error)(struct ArrowArrayStream *);
  void (*release)(struct ArrowArrayStream *);
  void *private_data;
};
#endif

/* One array of a column: read in place, valid while `capsule` (the array's, from
 * __arrow_c_array__) is alive, or, for a stream's chunk, until `*owned` is released. */
typedef struct {
  const struct ArrowArray *array;
  struct ArrowArray *owned; /* a stream's chunk, malloc'd: released and freed by arrow_free */
  PyObject *capsule;        /* __arrow_c_array__'s array capsule, or NULL */
} ArrowChunk;

/* A column of texts: its chunks in order, `length` texts in all; `large` for int64 offsets
 * (`large_string`). */
typedef struct {
  ArrowChunk *chunks;
  size_t count, cap;
  size_t length;
  int large;
  const char *what; /* "targets" or "predictions", for messages */
} ArrowColumn;

/* Whether `o` offers the Arrow PyCapsule interface (an array or a stream). */
int arrow_offered(PyObject *o);

/* `o`'s chunks into `*col` (zeroed first), the GIL held: 0, or -1 with an exception set
 * (TypeError for a type other than string or large_string, ValueError for a malformed array,
 * the producer's error for a failed stream). `*col` is freed by arrow_free either way. */
int arrow_open(PyObject *o, const char *what, ArrowColumn *col);

/* Releases `*col`'s chunks (the GIL held: a producer's release may take it) and zeroes it. */
void arrow_free(ArrowColumn *col);

/* What arrow_views found wrong, for arrow_raise. */
typedef struct {
  int kind; /* 0: nothing; ARROW_NULL, ARROW_BAD_OFFSETS */
  size_t at; /* the text's index in the column */
} ArrowProblem;

#define ARROW_NULL 1
#define ARROW_BAD_OFFSETS 2
#define ARROW_NO_MEMORY 3 /* batch.c: a copy of a text without its NULs failed */

/* Views of `col`'s texts, `out[i * stride]` the i-th, from the offsets and data buffers, with
 * the GIL released (no Python call): 0, or -1 with `*problem` set (a null; offsets that
 * decrease, are negative or have no data buffer) at the first such text. */
int arrow_views(const ArrowColumn *col, rouge_str *out, ArrowProblem *problem);

/* The exception for `*problem` (the GIL held): NULL. */
PyObject *arrow_raise(const ArrowColumn *col, const ArrowProblem *problem);

/* _native.arrow_to_list(column): the texts of an Arrow string column as a list of str (a
 * null is arrow_views' ValueError, as in score_batch): for the paths that score in Python
 * (custom tokenizers, split_summaries). */
PyObject *arrow_to_list(PyObject *module, PyObject *column);

#pragma GCC visibility pop

#endif
