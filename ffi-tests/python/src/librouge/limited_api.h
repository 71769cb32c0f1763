/* What the extension needs from CPython beyond the limited API, as limited-API calls.
 *
 * The wheels are built with Py_LIMITED_API 0x03090000 (one `cp39-abi3` wheel serves every
 * CPython from 3.9: setup.py, build_wheels.py); a build from source uses the full API. Under
 * the limited API the access macros below do not exist (they read the objects' structs, which
 * the stable ABI keeps private): each becomes the function that does the same, checked, so the
 * code reads the same in both builds and only the limited build pays for the calls.
 * PySequence_Fast_GET_SIZE/ITEM are defined by 3.9's abstract.h in terms of the list and tuple
 * macros, so they come along; later headers leave them out of the limited API, and they are
 * defined here then. Nothing here is used without Py_LIMITED_API. */
#ifndef LIBROUGE_LIMITED_API_H
#define LIBROUGE_LIMITED_API_H

#ifdef Py_LIMITED_API

#define PyTuple_GET_SIZE(o) PyTuple_Size(o)
#define PyTuple_GET_ITEM(o, i) PyTuple_GetItem((o), (i))
/* Only ever on a tuple just made, whose reference count is 1 as PyTuple_SetItem requires. */
#define PyTuple_SET_ITEM(o, i, v) ((void)PyTuple_SetItem((o), (i), (v)))
#define PyList_GET_SIZE(o) PyList_Size(o)
#define PyList_GET_ITEM(o, i) PyList_GetItem((o), (i))
#define PyList_SET_ITEM(o, i, v) ((void)PyList_SetItem((o), (i), (v)))
#define PyBytes_AS_STRING(o) PyBytes_AsString(o)
#define PyBytes_GET_SIZE(o) PyBytes_Size(o)

#ifndef Py_XSETREF
#define Py_XSETREF(dst, src)     \
  do {                           \
    PyObject *old_ = (dst);      \
    (dst) = (src);               \
    Py_XDECREF(old_);            \
  } while (0)
#endif

#ifndef PySequence_Fast_GET_SIZE
#define PySequence_Fast_GET_SIZE(o) (PyList_Check(o) ? PyList_GET_SIZE(o) : PyTuple_GET_SIZE(o))
#endif
#ifndef PySequence_Fast_GET_ITEM
#define PySequence_Fast_GET_ITEM(o, i) \
  (PyList_Check(o) ? PyList_GET_ITEM((o), (i)) : PyTuple_GET_ITEM((o), (i)))
#endif

/* 3.9's limited API has neither METH_FASTCALL nor PyUnicode_AsUTF8AndSize (both joined it in
 * 3.10): methods then take their arguments as a tuple, and a str's UTF-8 comes as a copy
 * (_native.c, text_view). */
#if Py_LIMITED_API + 0 < 0x030A0000
#define LIBROUGE_NO_FASTCALL 1
#define LIBROUGE_UTF8_COPY 1
#endif

#endif /* Py_LIMITED_API */

#endif
