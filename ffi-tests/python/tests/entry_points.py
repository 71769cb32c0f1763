"""Every entry point of the package called once, the same way each round: what the leak test
(leak_check.py: RSS and tracemalloc over thousands of rounds) and the debug-CPython reference
count check (refcount_check.py: sys.gettotalrefcount() over rounds) repeat. Successes and
every error path the C code has: bad arguments, refused names, undecodable bytes, lone
surrogates, NULs, texts too large for memory, custom tokenizers that raise, return non-strings
or return huge lists (inside score and score_batch), pickling. `numpy` False leaves out what
needs numpy (score_columns, BootstrapAggregator, the TRL reward), for a debug CPython that
numpy's wheels do not load into."""

import pickle

from arrow_raw import RawArrow, RawStream
from librouge import _native, rewards, rouge_scorer, scoring, tokenize, tokenizers

try:
    import pyarrow
except ImportError:  # a debug CPython: the hand-made columns only
    pyarrow = None

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
TARGETS = ["the cat sat on the mat\nit was warm", "a dog ran \ud800 home", "caf\u00e9 na\u00efve x\x00y", ""]
PREDICTIONS = ["the cat sat", "dogs ran home\nfast", "cafe naive x y", "nothing"]
MULTI = [[t, p] for t, p in zip(TARGETS, PREDICTIONS)]
# A text whose rougeLsum scratch is far beyond any malloc (MemoryError naming the sizes).
HUGE = " ".join("w%d" % i for i in range(300_000))


class Words(object):
    def tokenize(self, text):
        return text.split()


class Raises(object):
    def tokenize(self, text):
        raise RuntimeError("no")


class NotStrings(object):
    def tokenize(self, text):
        return [len(w) for w in text.split()]


class NotAList(object):
    def tokenize(self, text):
        return None


class Many(object):
    def tokenize(self, text):
        return ["w%d" % (i % 50) for i in range(2_000)]


def expect(exc, f, *args, **kwargs):
    try:
        f(*args, **kwargs)
    except exc:
        return
    raise AssertionError("%s did not raise %s" % (f, exc))


def read_all(results):
    for d in results:
        for s in d.values():
            s.fmeasure


def exercise(scorers, numpy=True, huge=True):
    """One round over every entry point. `scorers` from make_scorers() (kept across rounds, as
    a program keeps them)."""
    plain, stem, perl, custom, many, raises, not_str, not_list, lsum_huge = scorers
    for s in (plain, stem, perl):
        for t, p in zip(TARGETS, PREDICTIONS):
            s.score(t, p)
            s.score_multi([t, p], p)
        for threads in (1, 2, None):
            b = s.score_batch(TARGETS, PREDICTIONS, threads=threads)
            read_all(b)
            b[1:3], b[-1], list(reversed(b)), b == list(b), repr(b), b + [], b.tolist()
            pickle.loads(pickle.dumps(b))
            read_all(s.score_batch(MULTI, PREDICTIONS, threads=threads))
        if numpy:
            s.score_columns(TARGETS, PREDICTIONS, threads=2)
            s.score_columns(MULTI, PREDICTIONS, threads=1)
    for t, p in zip(TARGETS, PREDICTIONS):
        custom.score(t, p)
        custom.score_multi([t, "x"], p)
        many.score(t, p)
        not_str.score(t, p)
    read_all(custom.score_batch(TARGETS, PREDICTIONS))
    read_all(many.score_batch(TARGETS, PREDICTIONS))
    expect(RuntimeError, raises.score, "a", "b")
    expect(RuntimeError, raises.score_batch, ["a"], ["b"])
    expect(TypeError, not_list.score, "a", "b")
    expect(TypeError, not_list.score_batch, ["a"], ["b"])
    # Bad arguments and refused inputs: each raises, nothing is kept.
    expect(TypeError, plain.score, 1, "a")
    expect(ValueError, plain.score_multi, [], "a")
    expect(UnicodeDecodeError, plain.score, b"\xff", "a")
    expect(UnicodeDecodeError, plain.score_batch, [b"\xff"], ["a"])
    expect(ValueError, plain.score_batch, ["a"], ["a", "b"])
    expect(TypeError, plain.score_batch, [["a", 3]], ["a"])
    expect(ValueError, plain.score_batch, [[]], ["a"])
    expect(ValueError, plain.score_batch, ["a"], ["a"], threads=-1)
    expect(TypeError, plain._single.score_batch, ["a"], ["a"], 1, False, False, "not a list")
    expect(ValueError, rouge_scorer.RougeScorer(["rouge0"]).score, "a", "b")
    expect(ValueError, rouge_scorer.RougeScorer, ["rougeX"], flavour="perl")
    if huge:
        expect(MemoryError, lsum_huge.score, HUGE, HUGE)
        expect(MemoryError, lsum_huge.score_batch, [HUGE, "a"], ["b", HUGE], threads=2)
    # Tokens, tokenizers, the native scorer's own pickling, timings.
    for t in TARGETS:
        tokenize.tokenize(t, None)
        tokenize.tokenize(t, tokenizers.PorterStemmer())
        tokenize.token_spans(t, stem=True)
        tokenize.token_spans(t, tokenizer="perl", stopwords=True)
        tokenizers.DefaultTokenizer(True).tokenize(t)
    pickle.loads(pickle.dumps(plain)).score("a b", "a")
    pickle.loads(pickle.dumps(custom)).score("a b", "a")
    pickle.loads(pickle.dumps(plain._single)).score("a b", "a")
    timings = []
    plain._single.score_batch(TARGETS, PREDICTIONS, 2, True, False, timings)
    arrow_columns(plain, perl, custom, numpy)
    rewards.compute_score("d", "the cat", "the cat sat", None, rouge_type=["rouge1", "rougeL"])
    if numpy:
        rewards.compute_score_batch(["d"] * 4, PREDICTIONS, MULTI, None)
        rewards.RougeReward("rougeLsum")(completions=[[{"role": "assistant", "content": p}] for p in PREDICTIONS],
                                         reference=TARGETS, prompts=["p"] * 4)
        agg = scoring.BootstrapAggregator(n_samples=50)
        for d in plain.score_batch(TARGETS, PREDICTIONS):
            agg.add_scores(d)
        agg.aggregate()


ARROW_DATA = b"the cat sat on the matdogs ran home\x00fast"


def arrow_columns(plain, perl, custom, numpy):
    """score_batch's Arrow path (arrow.c): hand-made arrays and streams (no pyarrow needed),
    pyarrow's when it loads, and every error of the path."""
    column = RawArrow([0, 22, 31, 40], ARROW_DATA, 3)
    for threads in (1, 2):
        read_all(plain.score_batch(column, RawStream([RawArrow([0, 22, 31], ARROW_DATA, 2), RawArrow([0, 22, 31, 40], ARROW_DATA, 1, offset=2)]), threads=threads))
        read_all(perl.score_batch(["a", "b", "c"], column, threads=threads))
    read_all(custom.score_batch(column, ["a", "b", "c"]))
    _native.arrow_to_list(column)
    expect(ValueError, plain.score_batch, ["a", "b", "c"], RawArrow([0, 22, 3, 40], ARROW_DATA, 3))
    expect(ValueError, plain.score_batch, ["a", "b"], RawArrow([0, 22, 31], ARROW_DATA, 2, null_count=-1, validity=b"\x01"))
    expect(ValueError, plain.score_batch, ["a", "b"], RawArrow([0, 22, 31], ARROW_DATA, 2, n_buffers=2))
    expect(ValueError, plain.score_batch, ["a", "b", "c"], RawArrow([0, 22, 31], ARROW_DATA, 2))
    expect(ValueError, plain.score_batch, ["a"] * 3, RawStream([column], fail_at=0))
    expect(ValueError, plain.score_batch, ["a"] * 3, RawStream([column], fail_schema=True))
    expect(ValueError, plain.score_batch, ["a"], RawArrow([0, 3], b"a\xffb", 1))
    expect(ValueError, custom.score_batch, ["a"], RawArrow([0, 1], b"a", 1, null_count=1, validity=b"\x00"))
    if pyarrow is not None:
        texts = pyarrow.chunked_array([PREDICTIONS[:1], PREDICTIONS[1:]])
        read_all(plain.score_batch(texts, pyarrow.array(PREDICTIONS, pyarrow.large_string()).slice(0), threads=2))
        expect(TypeError, plain.score_batch, pyarrow.array([1, 2, 3, 4]), PREDICTIONS)
        if numpy:
            plain.score_columns(texts, PREDICTIONS, threads=2)


def make_scorers():
    return (
        rouge_scorer.RougeScorer(TYPES),
        rouge_scorer.RougeScorer(TYPES + ["rouge3"], use_stemmer=True),
        rouge_scorer.RougeScorer(["ROUGE-1", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"], flavour="perl", multi="B"),
        rouge_scorer.RougeScorer(TYPES, tokenizer=Words()),
        rouge_scorer.RougeScorer(["rouge1", "rouge2"], tokenizer=Many()),
        rouge_scorer.RougeScorer(["rouge1"], tokenizer=Raises()),
        rouge_scorer.RougeScorer(["rouge1", "rougeL"], tokenizer=NotStrings()),
        rouge_scorer.RougeScorer(["rouge1"], tokenizer=NotAList()),
        rouge_scorer.RougeScorer(["rougeLsum"]),
    )
