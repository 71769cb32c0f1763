"""Arrow string arrays and streams made by hand through ctypes, as a producer of the Arrow
PyCapsule interface that checks nothing would export them: for the tests of malformed arrays
(pyarrow validates what it builds) and for the entry points run under a debug CPython, where
pyarrow does not load (tests/entry_points.py)."""

import ctypes


class ArrowSchema(ctypes.Structure):
    pass


class ArrowArray(ctypes.Structure):
    pass


RELEASE_SCHEMA = ctypes.CFUNCTYPE(None, ctypes.POINTER(ArrowSchema))
RELEASE_ARRAY = ctypes.CFUNCTYPE(None, ctypes.POINTER(ArrowArray))
ArrowSchema._fields_ = [
    ("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_char_p),
    ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64), ("children", ctypes.c_void_p),
    ("dictionary", ctypes.c_void_p), ("release", RELEASE_SCHEMA), ("private_data", ctypes.c_void_p),
]
ArrowArray._fields_ = [
    ("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64), ("buffers", ctypes.POINTER(ctypes.c_void_p)),
    ("children", ctypes.c_void_p), ("dictionary", ctypes.c_void_p), ("release", RELEASE_ARRAY),
    ("private_data", ctypes.c_void_p),
]
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


@RELEASE_SCHEMA
def _release_schema(p):
    p.contents.release = RELEASE_SCHEMA()


@RELEASE_ARRAY
def _release_array(p):
    p.contents.release = RELEASE_ARRAY()


class RawArrow:
    """An Arrow string array made by hand, as a producer that checks nothing would export it
    (pyarrow validates arrays built from buffers): `offsets` and `data` as given, `validity`
    a bytes bitmap or None."""

    def __init__(self, offsets, data, length, offset=0, large=False, null_count=0, validity=None, n_buffers=3):
        width = ctypes.c_int64 if large else ctypes.c_int32
        self.keep = [(width * len(offsets))(*offsets), ctypes.create_string_buffer(data or b"", max(len(data or b""), 1))]
        self.keep.append(ctypes.create_string_buffer(validity) if validity is not None else None)
        self.buffers = (ctypes.c_void_p * 3)(
            ctypes.cast(self.keep[2], ctypes.c_void_p).value if validity is not None else None,
            ctypes.cast(self.keep[0], ctypes.c_void_p).value,
            ctypes.cast(self.keep[1], ctypes.c_void_p).value if data is not None else None,
        )
        self.schema = ArrowSchema(b"U" if large else b"u", None, None, 0, 0, None, None, _release_schema, None)
        self.array = ArrowArray(length, null_count, offset, n_buffers, 0, self.buffers, None, None, _release_array, None)

    def __arrow_c_array__(self, requested_schema=None):
        return (_capsule_new(ctypes.addressof(self.schema), b"arrow_schema", None),
                _capsule_new(ctypes.addressof(self.array), b"arrow_array", None))



class ArrowArrayStream(ctypes.Structure):
    pass


GET_SCHEMA = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ArrowArrayStream), ctypes.POINTER(ArrowSchema))
GET_NEXT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ArrowArrayStream), ctypes.POINTER(ArrowArray))
GET_LAST_ERROR = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.POINTER(ArrowArrayStream))
LAST_ERROR = ctypes.create_string_buffer(b"the producer failed")
RELEASE_STREAM = ctypes.CFUNCTYPE(None, ctypes.POINTER(ArrowArrayStream))
ArrowArrayStream._fields_ = [
    ("get_schema", GET_SCHEMA), ("get_next", GET_NEXT), ("get_last_error", GET_LAST_ERROR),
    ("release", RELEASE_STREAM), ("private_data", ctypes.c_void_p),
]


class RawStream:
    """A stream of RawArrow chunks (their schema the first one's); `fail_at` makes get_next
    fail (errno 5, EIO) at that chunk, `fail_schema` get_schema."""

    def __init__(self, chunks, fail_at=None, fail_schema=False):
        self.chunks, self.fail_at, self.fail_schema = chunks, fail_at, fail_schema
        self.next = 0

        def get_schema(stream, out):
            if self.fail_schema:
                return 5
            ctypes.memmove(out, ctypes.addressof(self.chunks[0].schema), ctypes.sizeof(ArrowSchema))
            return 0

        def get_next(stream, out):
            if self.next == self.fail_at:
                return 5
            if self.next == len(self.chunks):
                out.contents.release = RELEASE_ARRAY()
                return 0
            ctypes.memmove(out, ctypes.addressof(self.chunks[self.next].array), ctypes.sizeof(ArrowArray))
            self.next += 1
            return 0

        def release(stream):
            stream.contents.release = RELEASE_STREAM()

        self.callbacks = (GET_SCHEMA(get_schema), GET_NEXT(get_next),
                          GET_LAST_ERROR(lambda stream: ctypes.addressof(LAST_ERROR)), RELEASE_STREAM(release))
        self.stream = ArrowArrayStream(*self.callbacks, None)

    def __arrow_c_stream__(self, requested_schema=None):
        self.next = 0
        self.stream.release = self.callbacks[3]
        return _capsule_new(ctypes.addressof(self.stream), b"arrow_array_stream", None)
