"""librouge's Python package against independent references: rouge-score 0.1.2 itself (installed
beside it in the venv) on generated text, ROUGE-1.5.5's printed values from the shared
conformance set for the Perl flavour, and rouge-score's own scorer for the evaluate-style
`compute`. Every comparison of floats is exact (==): the package is meant to be bit-identical."""

import json
import os
import random
import sys
import threading

import numpy as np
import pytest
from rouge_score import rouge_scorer as rs_scorer
from rouge_score import scoring as rs_scoring
from rouge_score import tokenize as rs_tokenize
from rouge_score import tokenizers as rs_tokenizers

import librouge
from librouge import io as lr_io
from librouge import rouge_scorer, scoring, tokenize, tokenizers

HERE = os.path.dirname(os.path.abspath(__file__))
CONFORMANCE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "shared", "conformance"))

WORDS = (
    "the a cat cats sat sitting on mat mats dog dogs running runs ran generously generous "
    "connection connected connecting police killed gunman 2024 42 x y z ponies caresses "
    "relational conditional rational valency hesitancy digitizer"
).split()
ODD = [
    "The", "CAT", "Running!", "e-mail", "don't", "U.S.", "naïve", "café", "straße", "\u212aelvin",
    "\u0130stanbul", "中文", "ß", "--", "...", "\t", "(x)", "a\x00b", "\x00", "$5.00", "😀",
]
TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"]

# `match` is 3.10 syntax: compiled only there, so that the rest of this file also runs on 3.9,
# the oldest CPython the abi3 wheels serve (tests/wheels.sh).
if sys.version_info >= (3, 10):
    exec(
        compile(
            "def match_first(seq):\n"
            "    match seq:\n"
            "        case [first, *_]:\n"
            "            return first\n"
            "    raise AssertionError('BatchScores does not match a sequence pattern')\n",
            __file__,
            "exec",
        )
    )


def sentence(rng):
    n = rng.randint(0, 14)
    words = [rng.choice(ODD) if rng.random() < 0.15 else rng.choice(WORDS) for _ in range(n)]
    return " ".join(words)


def text(rng):
    return rng.choice(["\n", " \n", ". "]).join(sentence(rng) for _ in range(rng.randint(1, 4)))


def pairs(count, seed):
    rng = random.Random(seed)
    return [(text(rng), text(rng)) for _ in range(count)]


def same(a, b):
    """Equal dicts of Score, bit for bit, same keys in the same order, same tuple type."""
    assert list(a) == list(b)
    for k in a:
        assert type(a[k]).__name__ == "Score"
        assert tuple(a[k]) == tuple(b[k]), (k, a[k], b[k])
        assert a[k]._fields == b[k]._fields


# ------------------------------------------------------------------ scores against rouge-score


@pytest.mark.parametrize("stem", [False, True])
def test_score_is_rouge_scores_bit_for_bit(stem):
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=stem)
    cases = pairs(400, 1 + stem)
    for target, prediction in cases:
        same(ours.score(target, prediction), theirs.score(target, prediction))
    assert len(cases) == 400


@pytest.mark.parametrize("stem", [False, True])
def test_score_multi_is_rouge_scores(stem):
    rng = random.Random(7)
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=stem)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=stem)
    for _ in range(200):
        targets = [text(rng) for _ in range(rng.randint(1, 4))]
        prediction = text(rng)
        same(ours.score_multi(targets, prediction), theirs.score_multi(targets, prediction))


def test_types_in_the_callers_order_and_repeated():
    types = ["rougeLsum", "rouge1", "rouge9", "rougeL"]
    ours = rouge_scorer.RougeScorer(types, use_stemmer=True)
    theirs = rs_scorer.RougeScorer(types, use_stemmer=True)
    for t, p in pairs(50, 3):
        same(ours.score(t, p), theirs.score(t, p))


def test_empty_texts_and_bytes():
    ours = rouge_scorer.RougeScorer(TYPES)
    theirs = rs_scorer.RougeScorer(TYPES)
    for t, p in [("", ""), ("", "a"), ("a", ""), ("...", "!!"), ("\n\n", "a\n\nb")]:
        same(ours.score(t, p), theirs.score(t, p))
    # rouge-score takes bytes through six.ensure_str (UTF-8).
    same(ours.score(b"the cat sat", "the cat"), theirs.score(b"the cat sat", "the cat"))


def test_nul_bytes_separate_words_as_in_rouge_score():
    ours = rouge_scorer.RougeScorer(TYPES)
    theirs = rs_scorer.RougeScorer(TYPES)
    for t, p in [("a\x00b c", "a b\x00c"), ("\x00", "a"), ("cat\x00\x00sat\nx\x00", "cat sat")]:
        same(ours.score(t, p), theirs.score(t, p))
    assert tokenize.tokenize("a\x00b", None) == rs_tokenize.tokenize("a\x00b", None) == ["a", "b"]


def test_long_texts_grow_the_scratch():
    rng = random.Random(11)
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    for n in [10, 800, 5, 1500]:
        t = " ".join(rng.choice(WORDS) for _ in range(n))
        p = "\n".join(rng.choice(WORDS) for _ in range(n // 2 + 1))
        same(ours.score(t, p), theirs.score(t, p))


# ------------------------------------------------------------------ tokenisers


@pytest.mark.parametrize("stem", [False, True])
def test_tokenize_is_rouge_scores(stem):
    theirs_stemmer = rs_tokenizers.DefaultTokenizer(use_stemmer=True)._stemmer if stem else None
    ours_tok = tokenizers.DefaultTokenizer(use_stemmer=stem)
    theirs_tok = rs_tokenizers.DefaultTokenizer(use_stemmer=stem)
    rng = random.Random(5)
    for _ in range(300):
        t = text(rng)
        expected = rs_tokenize.tokenize(t, theirs_stemmer)
        assert ours_tok.tokenize(t) == theirs_tok.tokenize(t) == expected
        # NLTK's own stemmer object goes through the Python path: same tokens.
        assert tokenize.tokenize(t, theirs_stemmer) == expected


def test_token_spans_point_into_the_utf8_text():
    t = "The Cats\u212a sat, naïve RUNNING"
    spans = tokenize.token_spans(t, stem=True)
    raw = t.encode("utf-8")
    assert [s[2] for s in spans] == rs_tokenize.tokenize(
        t, rs_tokenizers.DefaultTokenizer(True)._stemmer
    )
    assert [raw[a:b].decode() for a, b, _ in spans] == ["The", "Cats\u212a", "sat", "na", "ve", "RUNNING"]
    assert [s[2] for s in tokenize.token_spans("the cats of a and", tokenizer="perl", stopwords=True)] == ["cats"]


class WhitespaceTokenizer(object):
    def tokenize(self, text):
        return text.split()


@pytest.mark.parametrize("types", [["rouge1", "rougeL"], TYPES])
def test_custom_tokenizer_objects(types):
    ours = rouge_scorer.RougeScorer(types, tokenizer=WhitespaceTokenizer())
    theirs = rs_scorer.RougeScorer(types, tokenizer=WhitespaceTokenizer())
    for t, p in pairs(100, 9):
        same(ours.score(t, p), theirs.score(t, p))
        same(ours.score_multi([t, p + " x"], p), theirs.score_multi([t, p + " x"], p))
    # rouge-score's own DefaultTokenizer object as tokenizer=.
    ours = rouge_scorer.RougeScorer(types, tokenizer=tokenizers.DefaultTokenizer(True))
    theirs = rs_scorer.RougeScorer(types, tokenizer=rs_tokenizers.DefaultTokenizer(True))
    for t, p in pairs(50, 10):
        same(ours.score(t, p), theirs.score(t, p))


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    "name", ["rouge0", "rouge10", "ROUGE-1", "ROUGE-L", "rougeW-1.2", "rougeS4", "rouge", "rougel", "bleu"]
)
def test_names_rouge_score_refuses_are_refused_alike(name):
    def outcome(mod):
        try:
            scorer = mod.RougeScorer([name])
        except Exception as e:  # noqa: BLE001 - the type is what is compared
            return ("init", type(e))
        try:
            scorer.score("a b", "a b")
        except Exception as e:  # noqa: BLE001
            return ("score", type(e))
        return ("ok", None)

    theirs = outcome(rs_scorer)
    assert theirs[1] is ValueError
    assert outcome(rouge_scorer) == theirs


def ids_text(ids, ends):
    """Token ids as a text of words, one line per sentence (for a whitespace tokenizer)."""
    lines, start = [], 0
    for end in list(ends or []) + [len(ids)]:
        lines.append(" ".join("w%d" % i for i in ids[start:end]))
        start = end
    return "\n".join(lines)


def test_extended_flavour_scores_every_metric_as_the_reference_implementation():
    # The shared conformance set's id cases, expected values from an independent plain DP.
    with open(os.path.join(CONFORMANCE, "synthetic_ids.jsonl")) as f:
        cases = [json.loads(line) for line in f]
    checked = 0
    for case in cases:
        names = [n for n in case["expected"] if n != "rougeLsum" or "candidate_sentence_ends" in case]
        s = rouge_scorer.RougeScorer(names, flavour="rouge-score", tokenizer=WhitespaceTokenizer())
        got = s.score(
            ids_text(case["reference_ids"], case.get("reference_sentence_ends")),
            ids_text(case["candidate_ids"], case.get("candidate_sentence_ends")),
        )
        for n in names:
            for field in ("precision", "recall", "fmeasure"):
                assert getattr(got[n], field) == pytest.approx(case["expected"][n][field], abs=1e-12), (
                    case["id"], n, field)
                checked += 1
    assert len(cases) == 68 and checked > 68 * 30


def test_extended_flavour_refuses_unknown_names():
    with pytest.raises(ValueError):
        rouge_scorer.RougeScorer(["rougeX"], flavour="perl")
    with pytest.raises(ValueError):
        rouge_scorer.RougeScorer(["rouge1"], flavour="python")


def test_bad_arguments_raise():
    s = rouge_scorer.RougeScorer(["rouge1"])
    with pytest.raises(TypeError):
        s.score(1, "a")
    with pytest.raises(ValueError):
        s.score_multi([], "a")
    with pytest.raises(UnicodeDecodeError):
        s.score(b"\xff", "a")
    with pytest.raises(ValueError):
        s.score_batch(["a"], ["a", "b"])
    with pytest.raises(ValueError):
        scoring.BootstrapAggregator(confidence_interval=1.5)
    with pytest.raises(ValueError):
        scoring.BootstrapAggregator(n_samples=0)


# ------------------------------------------------------------------ bootstrap


def random_scores(seed, count):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        d = {}
        for k in ["rouge1", "rougeL", "rougeLsum"]:
            p, r = rng.random(), rng.random()
            d[k] = rs_scoring.Score(p, r, rs_scoring.fmeasure(p, r))
        out.append(d)
    return out


@pytest.mark.parametrize("confidence,samples,count", [(0.95, 1000, 37), (0.0, 50, 5), (1.0, 50, 9), (0.5, 10, 1), (0.9, 200, 300)])
def test_bootstrap_draws_as_rouge_score_and_leaves_numpys_state_alike(confidence, samples, count):
    scores = random_scores(count, count)

    def run(mod):
        np.random.seed(1234 + count)
        results = []
        for _ in range(2):  # consecutive aggregations draw on from where the last left off
            agg = mod.BootstrapAggregator(confidence_interval=confidence, n_samples=samples)
            for s in scores:
                agg.add_scores(s)
            results.append(agg.aggregate())
        return results, np.random.get_state(), np.random.random()

    ours, ours_state, ours_next = run(scoring)
    theirs, theirs_state, theirs_next = run(rs_scoring)
    for o, t in zip(ours, theirs):
        assert list(o) == list(t)
        for k in o:
            for field in ("low", "mid", "high"):
                assert tuple(getattr(o[k], field)) == tuple(getattr(t[k], field)), (k, field)
    assert ours_state[0] == theirs_state[0] and ours_state[2] == theirs_state[2]
    assert np.array_equal(ours_state[1], theirs_state[1])
    assert ours_next == theirs_next


def test_bootstrap_of_other_tuples_takes_numpys_path():
    # A score type of another arity (rouge-score accepts any tuple): numpy's own resampling.
    import collections

    Pair = collections.namedtuple("Pair", ["a", "b"])
    rows = [{"x": Pair(float(i), float(i * i))} for i in range(20)]

    def run(mod):
        np.random.seed(3)
        agg = mod.BootstrapAggregator(n_samples=100)
        for r in rows:
            agg.add_scores(r)
        return agg.aggregate()["x"]

    ours, theirs = run(scoring), run(rs_scoring)
    assert [tuple(x) for x in ours] == [tuple(x) for x in theirs]


# ------------------------------------------------------------------ batch, threads


def test_score_batch_equals_one_call_per_pair():
    rng = random.Random(21)
    targets = [text(rng) if i % 3 else [text(rng), text(rng)] for i in range(300)]
    predictions = [text(rng) for _ in range(300)]
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    expected = [
        theirs.score(t, p) if isinstance(t, str) else theirs.score_multi(t, p)
        for t, p in zip(targets, predictions)
    ]
    ours = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
    for threads in (1, 2, 7):
        got = ours.score_batch(targets, predictions, threads=threads)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            same(g, e)
    assert ours.score_batch([], []) == []


def test_score_batch_results_behave_as_rouge_score_rs_list_of_dicts():
    # score_batch returns a BatchScores whose dicts are built on first read: every use of the
    # list of dicts rouge-score-rs's batch returns, against rouge-score's values.
    import collections.abc
    import copy
    import gc
    import pickle
    import weakref

    cases = pairs(40, 83) + [("a\x00b c", "a b\x00c"), (b"cat sat", "the cat\x00sat")]
    targets, predictions = [t for t, _ in cases], [p for _, p in cases]
    theirs = rs_scorer.RougeScorer(TYPES)
    want = [theirs.score(t, p) for t, p in cases]
    ours = rouge_scorer.RougeScorer(TYPES)
    got = ours.score_batch(targets, predictions)
    assert type(got) is rouge_scorer.BatchScores
    assert isinstance(got, collections.abc.Sequence) and not isinstance(got, list)
    assert len(got) == len(want) == 42
    for g, w in zip(got, want):
        same(g, w)
    for i in (0, 41, -1, -42):
        same(got[i], want[i])
    for bad in (42, -43):
        with pytest.raises(IndexError):
            got[bad]
    with pytest.raises(TypeError):
        got["rouge1"]
    # Slices are lists; equality with a list of the same dicts either way round.
    assert got[3:9:2] == want[3:9:2] and type(got[3:9:2]) is list
    assert got[::-1] == want[::-1] and list(reversed(got)) == want[::-1]
    assert got == want and want == got and not (got != want)
    assert got != want[:-1] and got != want[::-1]
    assert got == ours.score_batch(targets, predictions)
    assert got.tolist() == want and list(got) == want and type(got.tolist()) is list
    # Built once, then kept: the same dict comes back, and a change to it stays.
    assert got[5] is got[5]
    got[5]["mine"] = 1
    assert got[5]["mine"] == 1 and got != want
    del got[5]["mine"]
    assert want[7] in got and got.index(want[7]) == 7 and got.count(want[7]) >= 1
    assert got + want[:2] == want + want[:2] and got + got == want + want
    with pytest.raises(TypeError):
        got + (1,)
    with pytest.raises(TypeError):
        hash(got)
    # Scores: equal to and hashed as rouge-score's Score tuples; each pickles.
    for k in TYPES:
        assert got[1][k] == want[1][k] and hash(got[1][k]) == hash(want[1][k])
        assert got[1][k]._asdict() == want[1][k]._asdict()
    # Pickled and copied as the list of dicts it stands for.
    back = pickle.loads(pickle.dumps(got))
    assert type(back) is list and back == want
    assert copy.deepcopy(got) == want and copy.copy(got) == want
    assert json.loads(json.dumps(got.tolist())) == json.loads(json.dumps(want))
    assert repr(got) == repr(list(got))
    if sys.version_info >= (3, 10):
        same(match_first(got), want[0])
    # Empty batches; a cycle through a kept dict is collected.
    empty = ours.score_batch([], [])
    assert empty == [] and len(empty) == 0 and list(empty) == []

    class Holder(object):
        pass

    h = Holder()
    h.results = ours.score_batch(targets, predictions)
    h.results[0]["holder"] = h
    alive = weakref.ref(h)
    del h
    gc.collect()
    assert alive() is None


def test_scorers_in_threads_at_once():
    cases = pairs(200, 31)
    theirs = rs_scorer.RougeScorer(TYPES, use_stemmer=True)
    expected = [theirs.score(t, p) for t, p in cases]
    failures = []

    def work():
        s = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
        for _ in range(3):
            for (t, p), e in zip(cases, expected):
                if tuple(map(tuple, s.score(t, p).values())) != tuple(map(tuple, e.values())):
                    failures.append((t, p))
            got = s.score_batch([c[0] for c in cases], [c[1] for c in cases], threads=2)
            if [tuple(map(tuple, g.values())) for g in got] != [tuple(map(tuple, e.values())) for e in expected]:
                failures.append("batch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


# ------------------------------------------------------------------ compute (evaluate's rouge)


def evaluate_rouge(predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False):
    """Hugging Face evaluate's `rouge` metric (_compute of metrics/rouge/rouge.py), over
    rouge-score itself."""
    if rouge_types is None:
        rouge_types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    multi_ref = isinstance(references[0], list)
    scorer = rs_scorer.RougeScorer(rouge_types=rouge_types, use_stemmer=use_stemmer)
    if use_aggregator:
        aggregator = rs_scoring.BootstrapAggregator()
    else:
        scores = []
    for ref, pred in zip(references, predictions):
        score = scorer.score_multi(ref, pred) if multi_ref else scorer.score(ref, pred)
        if use_aggregator:
            aggregator.add_scores(score)
        else:
            scores.append(score)
    if use_aggregator:
        result = aggregator.aggregate()
        for key in result:
            result[key] = result[key].mid.fmeasure
    else:
        result = {}
        for key in scores[0]:
            result[key] = list(score[key].fmeasure for score in scores)
    return result


@pytest.mark.parametrize("aggregate", [True, False])
@pytest.mark.parametrize("multi", [False, True])
def test_compute_returns_what_evaluate_returns(aggregate, multi):
    rng = random.Random(41)
    predictions = [text(rng) for _ in range(60)]
    references = [[text(rng), text(rng)] if multi else text(rng) for _ in range(60)]
    for types, stem in [(None, False), (["rouge1", "rougeLsum"], True)]:
        np.random.seed(8)
        theirs = evaluate_rouge(predictions, references, types, aggregate, stem)
        np.random.seed(8)
        ours = librouge.compute(predictions, references, types, aggregate, stem)
        assert ours == theirs


# ------------------------------------------------------------------ the Perl flavour


def rouge155_cases():
    path = os.path.join(CONFORMANCE, "real_rouge155.jsonl")
    with open(path) as f:
        return [json.loads(line) for line in f]


def test_perl_flavour_prints_what_rouge155_prints():
    cases = rouge155_cases()
    checked = 0
    for case in cases:
        src = case.get("tool_input", case)
        command = case["options"]["command"]
        multi = command.split(" -f ")[1].split(" ")[0]
        stem = " -m " in command
        names = list(case["expected"])
        scorer = rouge_scorer.RougeScorer(names, use_stemmer=stem, flavour="perl", multi=multi)
        got = scorer.score_multi(src["references"], src["candidate"])
        for name in names:
            for field in ("precision", "recall", "fmeasure"):
                value = "%.5f" % getattr(got[name], field)
                assert value == case["expected"][name][field], (case["id"], name, field)
                checked += 1
    assert len(cases) == 1344
    assert checked == 3 * sum(len(c["expected"]) for c in cases)


def test_perl_flavour_in_batch_and_jackknife():
    cases = rouge155_cases()[:40]
    names = ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"]
    for jackknife in (False, True):
        s = rouge_scorer.RougeScorer(names, flavour="perl", multi="B", jackknife=jackknife)
        refs = [c.get("tool_input", c)["references"] for c in cases]
        cands = [c.get("tool_input", c)["candidate"] for c in cases]
        batch = s.score_batch(refs, cands, threads=3)
        for b, r, c in zip(batch, refs, cands):
            same(b, s.score_multi(r, c))


# ------------------------------------------------------------------ io


def test_io_writes_the_csv_rouge_score_writes(tmp_path):
    rng = random.Random(51)
    (tmp_path / "t.txt").write_text("".join(sentence(rng) + "\n" for _ in range(30)))
    (tmp_path / "p.txt").write_text("".join(sentence(rng) + "\n" for _ in range(30)))
    from rouge_score import io as rs_io

    for aggregate in (False, True):
        outputs = []
        for io_mod, sc, sm in ((lr_io, rouge_scorer, scoring), (rs_io, rs_scorer, rs_scoring)):
            np.random.seed(2)
            out = tmp_path / ("%s-%d.csv" % (io_mod.__name__, aggregate))
            io_mod.compute_scores_and_write_to_csv(
                str(tmp_path / "t.txt"), str(tmp_path / "p.txt"), str(out),
                sc.RougeScorer(TYPES), sm.BootstrapAggregator() if aggregate else None)
            outputs.append(out.read_text())
        assert outputs[0] == outputs[1] and outputs[0].count("\n") > 3


def test_native_scorer_is_initialised_once():
    # A batch runs without the GIL on the scorer's metrics: re-initialising is refused.
    s = rouge_scorer.RougeScorer(["rouge1"])
    native = s._single
    with pytest.raises(TypeError):
        native.__init__(("rouge2",), ((1, 2, 0, 0.0),), 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0)
    assert tuple(s.score("a b", "a b")["rouge1"]) == (1.0, 1.0, 1.0)


def test_score_batch_takes_any_iterables():
    s = rouge_scorer.RougeScorer(["rouge1", "rougeL"])
    theirs = rs_scorer.RougeScorer(["rouge1", "rougeL"])
    cases = pairs(30, 61)
    got = s.score_batch((t for t, _ in cases), iter([p for _, p in cases]))
    for g, (t, p) in zip(got, cases):
        same(g, theirs.score(t, p))


@pytest.mark.parametrize("types", [TYPES, ["rouge1", "rougeLsum"]])
def test_score_columns_hold_rouge_scores_values(types):
    rng = random.Random(71)
    targets = [text(rng) if i % 4 else [text(rng), text(rng)] for i in range(120)]
    predictions = [text(rng) for _ in range(120)]
    theirs = rs_scorer.RougeScorer(types, use_stemmer=True)
    for ours in (rouge_scorer.RougeScorer(types, use_stemmer=True),
                 rouge_scorer.RougeScorer(types, use_stemmer=True, tokenizer=WhitespaceTokenizer())):
        cols = ours.score_columns(targets, predictions, threads=2)
        assert list(cols) == types
        for i, (t, p) in enumerate(zip(targets, predictions)):
            if ours._custom is not None:
                theirs = rs_scorer.RougeScorer(types, tokenizer=WhitespaceTokenizer())
            want = theirs.score(t, p) if isinstance(t, str) else theirs.score_multi(t, p)
            for k in types:
                assert (cols[k].precision[i], cols[k].recall[i], cols[k].fmeasure[i]) == tuple(want[k])


# rouge-score-rs's unicode-v1 and character-v1 profiles: its own values (the rougers crate
# 0.2.1's, as rouge-score-rs 0.2.1 gives them), and rouge-score-rs itself where installed.
RSRS_TEXTS = [
    ("Привет, мир! Don't pay $3.50 for e-mail.", "привет мир, don't pay 3.50 dollars"),
    ("我爱北京天安门。", "我爱上海。"),
    ("Cafe\u0301 ＧＰＵ ２０２４", "café gpu 2024 straße"),
    ("नमस्ते दुनिया\nक्षत्रिय", "नमस्ते\nदुनिया"),
    ("ΟΔΟΣ 👩\u200d💻 🇫🇷 ① ½", "οδος 👩\u200d💻 🇫🇷 1"),
    ("مرحبا بِسْمِ \ufdfa", "שלום צה\"ל"),
    # NUL, which both profiles take as a control character (a space is not one to UAX #29:
    # "\0\u0903" is two grapheme clusters, " \u0903" one).
    ("Привет\0мир! don't\0pay", "привет\0мир\0\0don't pay"),
    ("我\0爱\0\u0903北京", "我爱 \u0903北京"),
]


def test_rouge_score_rs_profiles_give_rougers_values():
    from librouge import rouge_scorer as lr, tokenizers as lt

    cand, ref = RSRS_TEXTS[0]
    for tok in ("unicode", "unicode-v1", lt.UnicodeTokenizer()):
        s = lr.RougeScorer(["rouge1", "rouge2"], tokenizer=tok).score(ref, cand)
        assert s["rouge1"].fmeasure == 0.7142857142857143, tok
        assert s["rouge2"].fmeasure == 0.6666666666666666, tok
    cand, ref = RSRS_TEXTS[1]
    for tok in ("character", "character-v1", lt.CharacterTokenizer()):
        s = lr.RougeScorer(["rouge1", "rouge2"], use_stemmer=True, tokenizer=tok).score(ref, cand)
        assert s["rouge1"].fmeasure == 0.36363636363636365, tok
        assert s["rouge2"].fmeasure == 0.2222222222222222, tok
    # NUL goes to the library as it is (rougers 0.2.1's values; with the NULs made spaces,
    # " \u0903" would be one cluster on both sides and every score 1.0), by score and by batch.
    cand, ref = RSRS_TEXTS[-1]
    for tok in ("character", lt.CharacterTokenizer()):
        scorer = lr.RougeScorer(["rouge1", "rouge2"], tokenizer=tok)
        for s in (scorer.score(ref, cand), scorer.score_batch([ref], [cand])[0]):
            assert tuple(s["rouge1"]) == (0.8, 0.8, 0.8000000000000002), tok
            assert tuple(s["rouge2"]) == (0.5, 0.5, 0.5), tok


def test_rouge_score_rs_profiles_equal_rouge_score_rs_itself():
    rsrs = pytest.importorskip("rouge_score_rs")
    from rouge_score_rs import rouge_scorer as rr, tokenizers as rt
    from librouge import rouge_scorer as lr, tokenizers as lt

    types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    assert rsrs.__version__ == "0.2.1"
    for ours_tok, theirs_tok in [
        (lt.UnicodeTokenizer(), rt.UnicodeTokenizer()),
        (lt.CharacterTokenizer(), rt.CharacterTokenizer()),
    ]:
        ours = lr.RougeScorer(types, tokenizer=ours_tok)
        theirs = rr.RougeScorer(types, tokenizer=theirs_tok)
        for cand, ref in RSRS_TEXTS:
            a, b = ours.score(ref, cand), theirs.score(ref, cand)
            for t in types:
                assert tuple(a[t]) == tuple(b[t]), (ours_tok, cand, t, a[t], b[t])
        refs = [r for _, r in RSRS_TEXTS]
        cands = [c for c, _ in RSRS_TEXTS]
        batch = ours.score_batch(refs, cands)
        for i, (cand, ref) in enumerate(RSRS_TEXTS):
            want = theirs.score(ref, cand)
            for t in types:
                assert tuple(batch[i][t]) == tuple(want[t]), (ours_tok, i, t)
