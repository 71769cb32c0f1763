/* What _native.c needs of multilingual.c (the XL-Sum part of the extension). */
#ifndef LIBROUGE_MULTILINGUAL_H
#define LIBROUGE_MULTILINGUAL_H

#include "_native.h"

#pragma GCC visibility push(hidden)

/* Adds XlsumScorer, xlsum_clean_text and TOKENIZER_XLSUM to the module `m`; -1 with an
 * exception set on failure. */
int multilingual_add(PyObject *m);

#pragma GCC visibility pop

#endif
