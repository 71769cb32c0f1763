"""Scorers crossing process boundaries: every scorer pickles (as its constructor's arguments)
to one that scores identically, and works where Python ships it: multiprocessing pools with
spawn and with fork, ProcessPoolExecutor, a child forked after score_batch's pool threads
ran. Values are rouge-score 0.1.2's own (the reference) wherever it has the scorer, else the
unpickled scorer's equal the original's."""

import concurrent.futures
import copy
import multiprocessing
import os
import pickle
import random

import pytest
from rouge_score import rouge_scorer as rs_scorer
from rouge_score import tokenizers as rs_tokenizers

from librouge import rouge_scorer, tokenizers
from test_librouge import TYPES, WhitespaceTokenizer, pairs, same, text


class LowerWordsTokenizer(tokenizers.Tokenizer):
    """A custom tokenizer with state of its own (pickled with the scorer)."""

    def __init__(self, drop):
        self.drop = set(drop)

    def tokenize(self, text):
        return [w for w in text.lower().split() if w not in self.drop]


# Every constructor option, both flavours: (args, kwargs) of RougeScorer.
SCORERS = [
    ((TYPES,), {}),
    ((TYPES, True), {}),
    ((["rouge1", "rougeLsum"], False, False, WhitespaceTokenizer()), {}),
    ((["rouge2", "rougeL"],), {"tokenizer": LowerWordsTokenizer(["the", "a"])}),
    ((["rouge1", "rougeL"],), {"tokenizer": rs_tokenizers.DefaultTokenizer(use_stemmer=True)}),
    ((["rouge1"],), {"tokenizer": tokenizers.DefaultTokenizer(use_stemmer=True)}),
    ((["rougeLsum", "rouge1"], True, True), {}),
    ((["rouge0", "rouge1"],), {}),  # refused when scoring, as rouge-score does
    ((["rougeW-1.2", "rougeS4", "rougeSU*", "rouge10"],), {"flavour": "rouge-score"}),
    ((["rouge1", "rougeL"],), {"flavour": "rouge-score", "tokenizer": "unicode"}),
    (
        (["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"], True),
        {"flavour": "perl", "multi": "B", "stopwords": True, "alpha": 0.3, "round": False},
    ),
    ((["ROUGE-1", "ROUGE-L"],), {"flavour": "perl", "jackknife": True, "word_limit": 7}),
    ((["ROUGE-2"],), {"flavour": "perl", "byte_limit": 40, "multi": "A"}),
    # rouge-score-rs's profiles (their values against rouge-score-rs: test_librouge.py).
    ((["rouge1", "rougeLsum"], True), {"tokenizer": tokenizers.UnicodeTokenizer()}),
    ((["rouge2", "rougeL"],), {"tokenizer": tokenizers.CharacterTokenizer()}),
    ((["rouge1"], True, False, "character-v1"), {}),
]


def outcome(scorer, cases):
    """Every pair's scores (single and multi-reference), or the exception's type and text."""
    out = []
    for t, p in cases:
        try:
            out.append(("score", scorer.score(t, p)))
            out.append(("multi", scorer.score_multi([t, p + " and more"], p)))
        except Exception as e:  # noqa: BLE001 - the refusal itself is compared
            out.append((type(e), str(e)))
    return out


def has_nltk_punkt():
    try:
        import nltk

        nltk.sent_tokenize("A b. C d.")
        return True
    except Exception:  # noqa: BLE001
        return False


def simple_sentences(text):
    """Stands for NLTK's sent_tokenize where its punkt data (not on PyPI) is absent: both
    rouge-score and librouge call nltk.sent_tokenize for split_summaries."""
    import re

    return [x for x in re.split(r"(?<=[.!?])\s+", text) if x]


@pytest.mark.parametrize("index", range(len(SCORERS)))
def test_every_scorer_round_trips_through_pickle(index, monkeypatch):
    args, kwargs = SCORERS[index]
    if len(args) > 2 and args[2] and not has_nltk_punkt():
        import nltk

        monkeypatch.setattr(nltk, "sent_tokenize", simple_sentences)
    scorer = rouge_scorer.RougeScorer(*args, **kwargs)
    cases = pairs(40, 100 + index)
    want = outcome(scorer, cases)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(scorer, protocol))
        assert type(back) is rouge_scorer.RougeScorer
        assert outcome(back, cases) == want
    for other in (copy.copy(scorer), copy.deepcopy(scorer)):
        assert outcome(other, cases) == want
    # Where rouge-score has the scorer, the values are its own.
    tokenizer = kwargs.get("tokenizer", args[3] if len(args) > 3 else None)
    if (
        not kwargs.get("flavour")
        and "rouge0" not in args[0]
        and not isinstance(tokenizer, (str, tokenizers.DefaultTokenizer, tokenizers.UnicodeTokenizer))
    ):
        theirs = rs_scorer.RougeScorer(*args, **kwargs)
        for (kind, ours), (t, p) in zip(want[::2], cases):
            same(ours, theirs.score(t, p))


def test_pickled_scorer_keeps_attributes_and_batches():
    scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    scorer.note = "mine"
    back = pickle.loads(pickle.dumps(scorer))
    assert back.note == "mine" and back.rouge_types == TYPES
    cases = pairs(50, 7)
    targets, predictions = [t for t, _ in cases], [p for _, p in cases]
    assert list(back.score_batch(targets, predictions)) == list(scorer.score_batch(targets, predictions, threads=1))
    # The native scorer alone pickles too (rebuilt from its arguments).
    native = pickle.loads(pickle.dumps(scorer._single))
    same(native.score("a b c", "a c"), scorer.score("a b c", "a c"))


def test_a_tokenizer_that_does_not_pickle_fails_loudly():
    class Local(object):  # a class defined in a function cannot be pickled by reference
        def tokenize(self, t):
            return t.split()

    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(rouge_scorer.RougeScorer(["rouge1"], tokenizer=Local()))


# ------------------------------------------------------------------ across processes

SCORER = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
CUSTOM = rouge_scorer.RougeScorer(["rouge1", "rougeLsum"], tokenizer=LowerWordsTokenizer(["the"]))


def score_pair(scorer, pair):
    """Runs in a worker: plain tuples back (what crosses the pipe is compared)."""
    t, p = pair
    return {k: tuple(v) for k, v in scorer.score(t, p).items()}


def score_chunk(scorer, chunk):
    return [{k: tuple(v) for k, v in d.items()} for d in scorer.score_batch([t for t, _ in chunk], [p for _, p in chunk], threads=2)]


def plain(d):
    return {k: tuple(v) for k, v in d.items()}


def expected(scorer, cases):
    return [plain(scorer.score(t, p)) for t, p in cases]


@pytest.mark.parametrize("method", ["spawn", "fork", "forkserver"])
def test_multiprocessing_pool_scores_as_the_plain_call(method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip("start method %s not on this platform" % method)
    cases = pairs(60, 201)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    want = [plain(theirs.score(t, p)) for t, p in cases]
    ctx = multiprocessing.get_context(method)
    # Scorers built here, then sent to the workers with every task (pickled each time).
    with ctx.Pool(2) as pool:
        assert pool.starmap(score_pair, [(SCORER, c) for c in cases]) == want
        assert pool.starmap(score_pair, [(CUSTOM, c) for c in cases]) == expected(CUSTOM, cases)
        chunks = [cases[i:i + 20] for i in range(0, len(cases), 20)]
        assert sum(pool.starmap(score_chunk, [(SCORER, c) for c in chunks]), []) == want


def test_process_pool_executor_scores_as_the_plain_call():
    cases = pairs(40, 202)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    want = [plain(theirs.score(t, p)) for t, p in cases]
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        assert list(ex.map(score_pair, [SCORER] * len(cases), cases)) == want
        assert list(ex.map(score_pair, [CUSTOM] * len(cases), cases)) == expected(CUSTOM, cases)


def child_scores(pipe_w, targets, predictions):
    """In a forked child: score_batch on 2 threads and on 1, written back as repr."""
    got = [plain(d) for d in SCORER.score_batch(targets, predictions, threads=2)]
    single = [plain(d) for d in SCORER.score_batch(targets, predictions, threads=1)]
    timings = []
    SCORER._single.score_batch(targets, predictions, 2, False, False, timings)
    os.write(pipe_w, repr((got, single, timings[0][3])).encode())


def test_a_child_forked_after_the_pool_ran_scores_correctly():
    rng = random.Random(203)
    cases = [(text(rng), text(rng)) for _ in range(400)]
    targets, predictions = [t for t, _ in cases], [p for _, p in cases]
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    want = [plain(theirs.score(t, p)) for t, p in cases]
    timings = []
    # The pool's threads exist (and hold scratch) in this process before the fork.
    SCORER._single.score_batch(targets, predictions, 2, False, False, timings)
    assert timings[0][3] == 2
    for _ in range(2):  # and a second fork, from a parent whose pool ran again meanwhile
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: no pool threads; its first batch starts its own
            try:
                child_scores(w, targets, predictions)
                os._exit(0)
            except BaseException:  # noqa: BLE001 - any failure is the child's exit code
                os._exit(1)
        os.close(w)
        data = b""
        while True:
            chunk = os.read(r, 1 << 16)
            if not chunk:
                break
            data += chunk
        os.close(r)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        got, single, used = eval(data.decode())  # noqa: S307 - our own child's repr of floats
        assert got == want and single == want and used == 2
        assert [plain(d) for d in SCORER.score_batch(targets, predictions, threads=2)] == want
