"""score_batch and score_columns with Arrow string columns (the PyCapsule interface, arrow.c)
against the same texts as lists of str and against rouge-score 0.1.2 itself: every value
bit for bit. pyarrow is a test-only dependency (the package reads the C Data Interface's
structs itself); without it these tests skip (the wheel venvs of tests/wheels.sh)."""

import random

import numpy as np
import pytest
from rouge_score import rouge_scorer as rs_scorer

from librouge import _native, rouge_scorer
from arrow_raw import RawArrow, RawStream
from test_librouge import pairs, same

pa = pytest.importorskip("pyarrow")

# Every metric family of both flavours, and the rouge-score types with stemming.
CONFIGS = [
    (["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"], {}),
    (["rouge1", "rouge2", "rougeL", "rougeLsum"], {"use_stemmer": True}),
    (["rouge1", "rouge2", "rougeL", "rougeW-1.2", "rougeS4", "rougeSU4", "rougeS*"], {"flavour": "perl"}),
    (["rouge1", "rougeL", "rougeLsum", "rougeSU4"], {"flavour": "rouge-score", "tokenizer": "unicode"}),
]


def columns(texts, kind, chunks=1):
    """`texts` as an Arrow column: a string or large_string array, or a chunked one."""
    t = pa.large_string() if kind == "large" else pa.string()
    if chunks == 1:
        return pa.array(texts, type=t)
    step = max(1, len(texts) // chunks)
    parts = [texts[i:i + step] for i in range(0, len(texts), step)] or [[]]
    return pa.chunked_array([pa.array(p, type=t) for p in parts], type=t)


def assert_same_batch(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w)


@pytest.mark.parametrize("types,options", CONFIGS)
@pytest.mark.parametrize("kind", ["string", "large"])
@pytest.mark.parametrize("chunks", [1, 3])
def test_arrow_equals_lists(types, options, kind, chunks):
    data = pairs(300, 11) + [("", ""), ("", "a cat"), ("a cat", ""), ("naïve café 中文 😀", "café naïve")]
    targets = [t for t, _ in data]
    predictions = [p for _, p in data]
    scorer = rouge_scorer.RougeScorer(types, **options)
    want = scorer.score_batch(targets, predictions, threads=1)
    at, ap = columns(targets, kind, chunks), columns(predictions, kind, chunks)
    for threads in (1, 3):
        assert_same_batch(scorer.score_batch(at, ap, threads=threads), want)
    # Either side alone from Arrow, the other a list.
    assert_same_batch(scorer.score_batch(at, predictions, threads=2), want)
    assert_same_batch(scorer.score_batch(targets, ap, threads=2), want)
    cols = scorer.score_columns(at, ap, threads=2)
    ref = scorer.score_columns(targets, predictions, threads=1)
    for t in types:
        for field in range(3):
            assert np.array_equal(cols[t][field], ref[t][field])


def test_against_rouge_score():
    data = pairs(200, 5)
    targets = [t for t, _ in data]
    predictions = [p for _, p in data]
    for stem in (False, True):
        types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        theirs = rs_scorer.RougeScorer(types, use_stemmer=stem)
        ours = rouge_scorer.RougeScorer(types, use_stemmer=stem)
        got = ours.score_batch(pa.array(targets), pa.chunked_array([pa.array(predictions[:77]), pa.array(predictions[77:])]))
        for g, t, p in zip(got, targets, predictions):
            w = theirs.score(t, p)
            for k in types:
                assert tuple(g[k]) == tuple(w[k])


def test_sliced_and_offset_chunks():
    data = pairs(120, 7)
    targets = [t for t, _ in data]
    predictions = [p for _, p in data]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeLsum"])
    want = scorer.score_batch(targets[13:101], predictions[13:101])
    # A slice keeps its parent's buffers and sets the array's offset.
    at = pa.array(targets).slice(13, 88)
    ap = pa.array(predictions, type=pa.large_string()).slice(13, 88)
    assert at.offset == 13
    assert_same_batch(scorer.score_batch(at, ap), want)
    chunked = pa.chunked_array([pa.array(predictions[:50]).slice(13), pa.array(predictions[50:]).slice(0, 51)])
    assert_same_batch(scorer.score_batch(at, chunked), want)
    # A chunked array with empty chunks.
    empty = pa.chunked_array([pa.array([], pa.string()), at, pa.array([], pa.string())])
    assert_same_batch(scorer.score_batch(empty, ap), want)


def test_empty_and_nul():
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"])
    assert list(scorer.score_batch(pa.array([], pa.string()), pa.array([], pa.string()))) == []
    texts = ["a\x00cat sat", "\x00", "the\x00\x00mat", ""]
    want = scorer.score_batch(texts, list(reversed(texts)))
    for threads in (1, 2):
        assert_same_batch(scorer.score_batch(pa.array(texts), pa.array(list(reversed(texts))), threads=threads), want)
        assert_same_batch(scorer.score_batch(pa.array(texts), list(reversed(texts)), threads=threads), want)


def test_nulls_are_errors():
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    with pytest.raises(ValueError, match=r"predictions\[2\] is null"):
        scorer.score_batch(["a", "b", "c"], pa.array(["a", "b", None]))
    with pytest.raises(ValueError, match=r"targets\[4\] is null"):
        scorer.score_batch(pa.chunked_array([["a", "b"], ["c", "d", None]]), ["a"] * 5)
    with pytest.raises(ValueError, match=r"predictions\[0\] is null"):
        scorer.score_columns(["a"], pa.array([None], pa.large_string()))
    # A null outside the slice is not part of the column.
    assert len(scorer.score_batch(["a"], pa.array([None, "a"]).slice(1))) == 1
    # The scorer is still usable.
    assert scorer.score_batch(["a"], pa.array(["a"]))[0]["rouge1"].fmeasure == 1.0


def test_refused_columns():
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    with pytest.raises(TypeError, match="format 'l'"):
        scorer.score_batch(pa.array([1, 2]), ["a", "b"])
    with pytest.raises(TypeError, match="dictionary-encoded"):
        scorer.score_batch(pa.array(["a", "b"]).dictionary_encode(), ["a", "b"])
    with pytest.raises(TypeError, match="format"):
        scorer.score_batch(pa.array([["a"], ["b"]]), ["a", "b"])
    with pytest.raises(ValueError, match="differ in length"):
        scorer.score_batch(pa.array(["a", "b"]), pa.array(["a"]))
    with pytest.raises(ValueError, match="differ in length"):
        scorer.score_batch(pa.array(["a", "b"]), ["a"])


def test_malformed_offsets():
    """Offsets no producer should make: refused before any text is scored, never read out of
    bounds (ASan runs this file: tests/sanitize.sh)."""
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    data = b"a catthe mat"
    good = RawArrow([0, 5, 12], data, 2)
    assert scorer.score_batch(["a cat", "the mat"], good)[1]["rouge1"].fmeasure == 1.0
    assert scorer.score_batch(["the mat"], RawArrow([0, 5, 12], data, 1, offset=1, large=True))[0]["rouge1"].fmeasure == 1.0
    for offsets, at in (([0, 5, 3], 1), ([-1, 5, 12], 0), ([7, 5, 12], 0)):
        with pytest.raises(ValueError, match=r"predictions\[%d\]: malformed Arrow string array" % at):
            scorer.score_batch(["a", "b"], RawArrow(offsets, data, 2))
    with pytest.raises(ValueError, match=r"targets\[1\]: malformed"):
        scorer.score_batch(RawArrow([0, 5, 2], data, 2, large=True), ["a", "b"])
    with pytest.raises(ValueError, match="point into a missing data buffer"):
        scorer.score_batch(["a", "b"], RawArrow([0, 0, 3], None, 2))
    for bad in (dict(length=-1), dict(offset=-2), dict(n_buffers=2), dict(null_count=1)):
        kw = dict(length=2)
        kw.update(bad)
        with pytest.raises(ValueError, match="malformed Arrow string array"):
            scorer.score_batch(["a", "b"], RawArrow([0, 5, 12], data, **kw))
    # A validity bitmap: the second text (bit 1) null; null_count unknown (-1) is counted.
    with pytest.raises(ValueError, match=r"predictions\[1\] is null"):
        scorer.score_batch(["a", "b"], RawArrow([0, 5, 12], data, 2, null_count=-1, validity=b"\x01"))
    # The scorer is still usable.
    assert scorer.score_batch(["a cat"], RawArrow([0, 5], data, 1))[0]["rouge1"].fmeasure == 1.0


def test_invalid_utf8_is_an_error():
    """Bytes that are not UTF-8 in a `string` array (pyarrow does not check buffers given by
    hand): the library refuses them, as the str path's bytes are refused."""
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    bad = RawArrow([0, 3], b"a\xffb", 1)
    with pytest.raises(ValueError, match="UTF-8"):
        scorer.score_batch(["a b"], bad)


class Whitespace:
    """A custom tokenizer: scored through the package's Python path."""

    def tokenize(self, text):
        return text.split()


class Stream:
    """A producer with only __arrow_c_stream__ (as polars' and DuckDB's results may be)."""

    def __init__(self, column):
        self.column = column

    def __arrow_c_stream__(self, requested_schema=None):
        return self.column.__arrow_c_stream__(requested_schema)


def test_stream_only_and_python_paths():
    data = pairs(60, 3)
    targets = [t for t, _ in data]
    predictions = [p for _, p in data]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeLsum"])
    want = scorer.score_batch(targets, predictions)
    stream = Stream(pa.chunked_array([pa.array(predictions[:10]), pa.array(predictions[10:])]))
    assert _native.arrow_offered(stream) and not _native.arrow_offered(predictions)
    assert_same_batch(scorer.score_batch(targets, stream), want)
    # Paths that score in Python take the column as a list of str.
    assert _native.arrow_to_list(pa.array(predictions).slice(5)) == predictions[5:]
    custom = rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=Whitespace())
    assert custom.score_batch(pa.array(targets), pa.array(predictions)) == custom.score_batch(targets, predictions)
    with pytest.raises(ValueError, match="is null"):
        custom.score_batch(["a"], pa.array([None], pa.string()))


def test_random_mix():
    rng = random.Random(1)
    data = pairs(500, 9)
    targets = [t for t, _ in data]
    predictions = [p for _, p in data]
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"])
    want = scorer.score_batch(targets, predictions)
    for _ in range(10):
        cuts = sorted(rng.sample(range(1, len(data)), rng.randint(1, 8)))
        bounds = [0] + cuts + [len(data)]
        kind = rng.choice([pa.string(), pa.large_string()])
        chunked = pa.chunked_array([pa.array(predictions[a:b], kind) for a, b in zip(bounds, bounds[1:])], kind)
        assert_same_batch(scorer.score_batch(pa.array(targets), chunked, threads=rng.randint(1, 4)), want)


def test_hand_made_streams():
    """The stream path without pyarrow: chunks moved out of the stream and released by the
    batch; a failing get_schema or get_next is the producer's error, as a ValueError."""
    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"])
    data = b"a catthe matdogs"
    chunks = [RawArrow([0, 5, 12], data, 2), RawArrow([0, 5, 12, 16], data, 1, offset=2)]
    got = scorer.score_batch(["a cat", "the mat", "dogs"], RawStream(chunks))
    assert [d["rouge1"].fmeasure for d in got] == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="the producer failed"):
        scorer.score_batch(["a", "b", "c"], RawStream(chunks, fail_at=1))
    with pytest.raises(ValueError, match="error 5"):
        scorer.score_batch(["a", "b", "c"], RawStream(chunks, fail_schema=True))
    with pytest.raises(ValueError, match=r"predictions\[2\]: malformed"):
        scorer.score_batch(["a", "b", "c"], RawStream([chunks[0], RawArrow([0, 5, 3, 16], data, 1, offset=1)]))
