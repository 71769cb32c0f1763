/* Python texts with lone surrogates. A str may hold code points U+D800..U+DFFF alone (from
 * "surrogateescape" decoding of bytes that are not UTF-8, a JSON "\ud800", an emoji's UTF-16
 * pair cut in two); such a str has no UTF-8, and the library takes UTF-8. rouge-score 0.1.2's
 * tokeniser (tokenize.py) lowercases the str and replaces every run of characters outside
 * [a-z0-9] by a space with re.sub: a surrogate is one of those, a separator. So is a space,
 * for every tokeniser of the library (rouge-score's, Perl's, the Unicode one), and no
 * neighbour's lowercasing depends on what stands beside it in a way that could make a
 * [a-z0-9] character (Python's one context-dependent lowercasing, the final sigma, gives a
 * sigma either way). The str is therefore encoded with "surrogatepass" (each surrogate as its
 * 3-byte form ED A0..BF 80..BF, so byte offsets, token spans and Perl's -b limit count it as
 * 3 bytes) and those 3 bytes become 3 spaces in the copy handed to the library.
 *
 * Rare inputs: this is the slow path of text_view (below), taken only when a str has no
 * UTF-8. Limited API only (PyUnicode_AsEncodedString, PyBytes_AsStringAndSize).
 *
 * Also here: text_view itself, a Python text as the UTF-8 the library takes, and how it
 * reads a str under the wheels' limited API (text_view_init).
 */
#include "_native.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#ifdef LIBROUGE_UTF8_COPY
/* PyUnicode_AsUTF8AndSize when the interpreter running this 3.9-limited-API build is 3.10 or
 * later, whose stable ABI has it (the wheels serve every CPython from 3.9 with one build),
 * found at import in the process's global symbols (dlsym: no import of it in the .so, which
 * abi3audit checks against 3.9's stable ABI); NULL on 3.9, or where the interpreter's symbols
 * are not global (an embedding that loaded it RTLD_LOCAL): each str is then copied. Without
 * it a W1 batch spent a quarter of its time with the GIL held, copying and freeing texts. */
utf8_view_fn utf8_view = NULL;

void text_view_init(void) {
  const char *v = Py_GetVersion(); /* "3.11.7 (main, ...": the interpreter's, not the headers' */
  const char *dot = strchr(v, '.');
  int major = atoi(v), minor = dot ? atoi(dot + 1) : 0;
  if (major < 3 || (major == 3 && minor < 10)) return;
  void *self = dlopen(NULL, RTLD_LAZY);
  if (!self) return;
  void *f = dlsym(self, "PyUnicode_AsUTF8AndSize");
  memcpy(&utf8_view, &f, sizeof f); /* ISO C has no cast from void * to a function pointer */
  dlclose(self);
}

int text_view_is_copy(void) { return utf8_view == NULL; }
#else
void text_view_init(void) {}
int text_view_is_copy(void) { return 0; }
#endif

int text_view(PyObject *o, rouge_str *out, char **owned) {
  const char *p;
  Py_ssize_t n;
  *owned = NULL;
#ifndef Py_LIMITED_API
  if (PyUnicode_Check(o) && PyUnicode_IS_COMPACT_ASCII(o)) {
    /* ASCII: the str's own bytes are its UTF-8 (what PyUnicode_AsUTF8AndSize returns for
     * it, without the call; a batch of short pairs spends 2% there otherwise). */
    p = (const char *)PyUnicode_DATA(o);
    n = PyUnicode_GET_LENGTH(o);
  } else
#endif
  if (PyUnicode_Check(o)) {
#ifdef LIBROUGE_UTF8_COPY
    /* 3.9's limited API has no view of a str's UTF-8 (3.10's has: utf8_view): a bytes copy,
     * copied again into memory the caller frees (the bytes object cannot outlive this call). */
    PyObject *b = utf8_view ? NULL : PyUnicode_AsUTF8String(o);
    p = utf8_view ? utf8_view(o, &n) : NULL;
    if (b) {
      n = PyBytes_GET_SIZE(b);
      char *c = malloc(n ? (size_t)n : 1);
      if (c) memcpy(c, PyBytes_AS_STRING(b), (size_t)n);
      Py_DECREF(b);
      if (!c) return no_memory("cannot allocate %zd bytes for a copy of a text", n), -1;
      *owned = c;
      p = c;
    }
#else
    p = PyUnicode_AsUTF8AndSize(o, &n);
#endif
    if (!p) {
      /* No UTF-8: lone surrogates (UnicodeEncodeError), which become separators. */
      if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return -1;
      PyErr_Clear();
      return text_surrogates_as_spaces(o, out, owned);
    }
  } else if (PyBytes_Check(o)) {
    p = PyBytes_AS_STRING(o);
    n = PyBytes_GET_SIZE(o);
    /* Decoded once to raise rouge-score's error (six.ensure_str: UnicodeDecodeError). */
    PyObject *check = PyUnicode_DecodeUTF8(p, n, "strict");
    if (!check) return -1;
    Py_DECREF(check);
  } else {
    PyErr_Format(PyExc_TypeError, "expected a str, got %S", (PyObject *)Py_TYPE(o));
    return -1;
  }
  out->ptr = p;
  out->len = (size_t)n;
  return 0;
}

int text_surrogates_as_spaces(PyObject *o, rouge_str *out, char **owned) {
  *owned = NULL;
  PyObject *b = PyUnicode_AsEncodedString(o, "utf-8", "surrogatepass");
  if (!b) return -1;
  char *p;
  Py_ssize_t n;
  if (PyBytes_AsStringAndSize(b, &p, &n) < 0) {
    Py_DECREF(b);
    return -1;
  }
  char *c = malloc(n ? (size_t)n : 1);
  if (!c) {
    Py_DECREF(b);
    no_memory("cannot allocate %zd bytes for a copy of a text with lone surrogates", n);
    return -1;
  }
  memcpy(c, p, (size_t)n);
  Py_DECREF(b);
  /* In valid UTF-8 a byte ED is followed by 80..9F; A0..BF after it is a surrogate's form
   * (surrogatepass writes nothing else there). */
  for (Py_ssize_t i = 0; i + 2 < n; i++) {
    if ((unsigned char)c[i] == 0xED && (unsigned char)c[i + 1] >= 0xA0 &&
        (unsigned char)c[i + 1] <= 0xBF) {
      c[i] = c[i + 1] = c[i + 2] = ' ';
      i += 2;
    }
  }
  *owned = c;
  out->ptr = c;
  out->len = (size_t)n;
  return 0;
}
