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
 * Rare inputs: this is the slow path of text_view (_native.c), taken only when a str has no
 * UTF-8. Limited API only (PyUnicode_AsEncodedString, PyBytes_AsStringAndSize).
 */
#include "_native.h"

#include <stdlib.h>
#include <string.h>

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
