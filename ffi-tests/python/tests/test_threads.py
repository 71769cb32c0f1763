"""score_batch's threads: how many (threads=None: the CPUs this process may run on, or
LIBROUGE_NUM_THREADS; fewer for a short batch; an int exactly), refusals, and the values on
any number of threads against rouge-score's, pairs of very different lengths mixed (the
threads pull chunks as they go), batches in several Python threads at once."""

import os
import random
import threading

import numpy as np
import pytest
from rouge_score import rouge_scorer as rs_scorer

from librouge import rouge_scorer
from test_librouge import TYPES, WORDS, same, text


def used_threads(scorer, targets, predictions, threads, spread):
    timings = []
    scorer._single.score_batch(targets, predictions, threads, False, spread, timings)
    read_ns, nogil_ns, rest_ns, used = timings[0][:4]
    assert read_ns > 0 and nogil_ns > 0 and rest_ns >= 0
    return used


def mixed_pairs(seed, count):
    """Mostly short pairs, with long ones here and there (a chunk of them is slow)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        if i % 37 == 5:
            t = " ".join(rng.choice(WORDS) for _ in range(rng.randint(300, 900)))
            p = "\n".join(" ".join(rng.choice(WORDS) for _ in range(12)) for _ in range(rng.randint(5, 40)))
        else:
            t, p = text(rng), text(rng)
        out.append((t, p))
    return [t for t, _ in out], [p for _, p in out]


def test_threads_none_takes_the_affinity_mask_and_the_variable(monkeypatch):
    cpus = len(os.sched_getaffinity(0))
    monkeypatch.delenv("LIBROUGE_NUM_THREADS", raising=False)
    assert rouge_scorer._threads(None) == (cpus, True)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5})
    assert rouge_scorer._threads(None) == (3, True)
    monkeypatch.setenv("LIBROUGE_NUM_THREADS", "6")
    assert rouge_scorer._threads(None) == (6, True)
    monkeypatch.setenv("LIBROUGE_NUM_THREADS", " ")
    assert rouge_scorer._threads(None) == (3, True)
    for bad in ("0", "-2", "two", "1.5"):
        monkeypatch.setenv("LIBROUGE_NUM_THREADS", bad)
        with pytest.raises(ValueError, match="LIBROUGE_NUM_THREADS"):
            rouge_scorer.RougeScorer(["rouge1"]).score_batch(["a"], ["a"])
    assert rouge_scorer._threads(1) == (1, False) and rouge_scorer._threads(np.int64(3)) == (3, False)


def test_thread_counts_below_one_and_non_ints_are_refused():
    s = rouge_scorer.RougeScorer(["rouge1"])
    for bad in (0, -1, -16):
        with pytest.raises(ValueError, match="threads"):
            s.score_batch(["a b"], ["a"], threads=bad)
        with pytest.raises(ValueError, match="threads"):
            s.score_columns(["a b"], ["a"], threads=bad)
        with pytest.raises(ValueError, match="threads"):
            s._single.score_batch(["a b"], ["a"], bad)
    for bad in (1.5, "2", True):
        with pytest.raises(TypeError):
            s.score_batch(["a b"], ["a"], threads=bad)


def test_how_many_threads_a_batch_runs_on():
    s = rouge_scorer.RougeScorer(TYPES)
    targets, predictions = mixed_pairs(1, 300)
    assert used_threads(s, targets, predictions, 1, False) == 1
    assert used_threads(s, targets, predictions, 2, False) == 2
    assert used_threads(s, targets, predictions, 3, False) == 3
    # Never more threads than pairs.
    assert used_threads(s, targets[:2], predictions[:2], 8, False) == 2
    # Spread (threads=None): one thread per 32 KiB of text at most.
    assert used_threads(s, ["a b"] * 10, ["a"] * 10, 8, True) == 1
    total = sum(len(x.encode()) for x in targets + predictions)
    assert used_threads(s, targets, predictions, 64, True) == min(64, 300, 1 + total // (32 << 10))


@pytest.mark.parametrize("threads", [1, 2, 3, 5, None])
def test_any_thread_count_gives_rouge_scores_values(threads):
    targets, predictions = mixed_pairs(2, 260)
    targets = [t if i % 4 else [t, predictions[i - 1]] for i, t in enumerate(targets)]
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    want = [
        theirs.score(t, p) if isinstance(t, str) else theirs.score_multi(t, p)
        for t, p in zip(targets, predictions)
    ]
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    got = ours.score_batch(targets, predictions, threads=threads)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        same(g, w)
    cols = ours.score_columns(targets, predictions, threads=threads)
    for i, w in enumerate(want):
        for k in TYPES:
            assert (cols[k].precision[i], cols[k].recall[i], cols[k].fmeasure[i]) == tuple(w[k])
    # The columns are writable arrays of their own values.
    cols["rouge1"].fmeasure[0] = -1.0
    assert cols["rouge1"].fmeasure[0] == -1.0 and cols["rouge2"].fmeasure[0] == want[0]["rouge2"].fmeasure


def test_a_failing_pair_on_several_threads_raises_and_a_nul_retries():
    s = rouge_scorer.RougeScorer(["rouge1", "rougeL"])
    targets, predictions = mixed_pairs(3, 200)
    predictions[150] = "a\x00b " + predictions[150]  # the library refuses NUL: retried with spaces
    theirs = rs_scorer.RougeScorer(["rouge1", "rougeL"])
    for threads in (1, 2, 4):
        got = s.score_batch(targets, predictions, threads=threads)
        same(got[150], theirs.score(targets[150], predictions[150]))
    bad = list(targets)
    bad[120] = 5
    for threads in (1, 4):
        with pytest.raises(TypeError):
            s.score_batch(bad, predictions, threads=threads)


def test_batches_in_several_python_threads_at_once():
    # Each batch asks for 2 threads; while one holds the pool the others run alone.
    targets, predictions = mixed_pairs(4, 150)
    theirs = rs_scorer.RougeScorer(TYPES)
    want = [tuple(map(tuple, theirs.score(t, p).values())) for t, p in zip(targets, predictions)]
    failures = []
    ours = rouge_scorer.RougeScorer(TYPES)

    def work():
        for _ in range(4):
            got = ours.score_batch(targets, predictions, threads=2)
            if [tuple(map(tuple, g.values())) for g in got] != want:
                failures.append("batch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def fresh(s):
    """An equal str that is a new object (so that the lists hold its only reference)."""
    return (s + " ")[:-1]


def test_lists_changed_by_another_thread_while_the_gil_is_released():
    # While a batch runs without the GIL, another thread replaces every item of the very lists
    # it was given, with equal texts that are new objects: the old ones are freed unless the
    # batch holds them. The batch holds its own references to
    # the texts it read: under ASan (tests/sanitize.sh) a text freed under it would be
    # reported; here the values must be rouge-score's whatever the timing.
    targets, predictions = mixed_pairs(6, 300)
    theirs = rs_scorer.RougeScorer(["rouge1", "rougeLsum"])
    want = [tuple(map(tuple, theirs.score(t, p).values())) for t, p in zip(targets, predictions)]
    originals = (targets, predictions)
    ours = rouge_scorer.RougeScorer(["rouge1", "rougeLsum"])
    stop = threading.Event()

    def mutate(ts, ps):
        i = 0
        while not stop.is_set():
            k = i % 300
            ts[k] = fresh(originals[0][k])
            ps[k] = fresh(originals[1][k])
            i += 1

    for _ in range(8):
        ts, ps = [fresh(t) for t in targets], [fresh(p) for p in predictions]
        th = threading.Thread(target=mutate, args=(ts, ps))
        th.start()
        try:
            got = ours.score_batch(ts, ps, threads=2)
        finally:
            stop.set()
            th.join()
            stop.clear()
        assert [tuple(map(tuple, g.values())) for g in got] == want


def test_tuples_as_lists():
    """Exact tuples' str items are read without a reference each (the tuple, held by the batch,
    keeps them): the same values as lists, for every kind of text (ASCII, non-ASCII, NULs, lone
    surrogates, bytes, a str subclass, multi-reference targets), on 1 and 3 threads."""

    class Text(str):
        pass

    rng = random.Random(4)
    targets = [text(rng) for _ in range(300)]
    predictions = [text(rng) for _ in range(300)]
    targets[3] = "a \ud800 cat"
    predictions[4] = b"the cat sat"
    predictions[5] = Text("the mat")
    targets[6] = ["a cat", "the \x00 mat", "naïve café"]
    scorer = rouge_scorer.RougeScorer(TYPES)
    want = scorer.score_batch(targets, predictions, threads=1)
    for threads in (1, 3):
        got = scorer.score_batch(tuple(targets), tuple(predictions), threads=threads)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
        got = scorer.score_batch(tuple(targets), predictions, threads=threads)
        for g, w in zip(got, want):
            same(g, w)
