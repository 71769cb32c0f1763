"""librouge.multilingual against XL-Sum's scorer (multilingual-rouge 0.0.1): every case of the
shared conformance set (../shared/multilingual/cases.jsonl, 3,236 pairs, P/R/F as float.hex,
made by the fork itself) and the 800 pairs the fork scored for tests/xlsum/diff_scores.jsonl,
bit for bit through RougeScorer(...).score; Chinese, Japanese and Thai through jieba, fugashi
and pythainlp when installed (the Makefile's venv has them) and through the segmenter tokens
the cases record; the cases' tokens through the `tokenize` module; every word of stems.jsonl
(179,578) through MultiStemmer; a callable_stemmer (the fork's code path) and pickling on the
cases; score_batch and score_columns equal to score; the errors. Counts are printed (-s)."""

import collections
import contextlib
import importlib.util
import os
import pickle
import sys
import warnings

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import multilingual_check as mc  # noqa: E402
from librouge import _native  # noqa: E402
from librouge.multilingual import rouge_scorer, scoring, tokenize, tokenizers  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SHARED = os.environ.get("ROUGE_SHARED", os.path.join(ROOT, "..", "shared"))
CASES = os.path.join(SHARED, "multilingual", "cases.jsonl")
STEMS = os.path.join(SHARED, "multilingual", "stems.jsonl")
DIFF_SCORES = os.path.join(ROOT, "tests", "xlsum", "diff_scores.jsonl")

SEGMENTERS = {"chinese": "jieba", "japanese": "fugashi", "thai": "pythainlp"}
HAVE = {lang: importlib.util.find_spec(m) is not None for lang, m in SEGMENTERS.items()}


@pytest.fixture(scope="module")
def cases():
    return mc.load(CASES)


@contextlib.contextmanager
def _quiet():
    """The fork's warnings (unknown stemmer language, no segmenter tokens) silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _segmented_here(lang):
    return mc.host_segmented(lang) and HAVE[tokenizers.resolve(lang)]


def test_cases_bit_for_bit(cases):
    """Every case, the segmenters themselves for zh/ja/th where installed (else those cases
    are counted apart, through their recorded tokens, below)."""
    run = [c for c in cases if not mc.host_segmented(c["lang"]) or _segmented_here(c["lang"])]
    counts, bad = mc.check(run)
    assert mc.report(counts, bad, "cases.jsonl (segmenters run here)")
    assert len(run) == len(cases) or not all(HAVE.values())
    assert len(cases) == 3236


def test_cases_with_recorded_segmenter_tokens(cases):
    """zh/ja/th with the tokens the fork's segmenters gave (the cases' `tokens`) as a
    callable_tokenizer: the rest of the pipeline, whatever is installed."""
    run = [c for c in cases if mc.host_segmented(c["lang"])]
    counts, bad = mc.check(run, given_tokens=True)
    assert mc.report(counts, bad, "cases.jsonl zh/ja/th (recorded segmenter tokens)")
    assert len(run) == 5 * 62


def test_diff_scores_bit_for_bit():
    """tests/xlsum/diff_scores.jsonl: 800 generated pairs of every language and edge kind,
    scored by the fork (tests/xlsum/gen_diff.py --pairs)."""
    run = [c for c in mc.load(DIFF_SCORES) if not mc.host_segmented(c["lang"]) or _segmented_here(c["lang"])]
    counts, bad = mc.check(run)
    assert mc.report(counts, bad, "diff_scores.jsonl")
    assert len(run) >= 700


@pytest.mark.parametrize("lang", sorted(SEGMENTERS))
def test_segmenters_give_the_recorded_tokens(cases, lang):
    if not HAVE[lang]:
        pytest.skip("%s not installed" % SEGMENTERS[lang])
    with _quiet():
        tok = tokenizers.MultiTokenizer(lang)
    n = same = 0
    for c in cases:
        if tokenizers.resolve(c["lang"]) != lang:
            continue
        for side in ("target", "prediction"):
            got = tokenize.tokenize(c[side], None, tok)
            n += 1
            same += got == c["tokens"][side]
            assert got == c["tokens"][side], (c["id"], side)
    print("%s: %s gives the recorded tokens of %d of %d texts" % (lang, SEGMENTERS[lang], same, n))


def test_tokenize_module_gives_the_cases_tokens(cases):
    """`tokenize.tokenize` with the scorer's own tokenizer and stemmer: the main path's tokens
    (`tokens`) and the Lsum path's (`lsum_tokens`) of every case."""
    n = 0
    with _quiet():
        for c in cases:
            lang = tokenizers.resolve(c["lang"])
            if lang in tokenizers.LANG2TOKENIZER and not HAVE[lang]:
                continue
            scorer = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=c["use_stemmer"], lang=c["lang"])
            for side in ("target", "prediction"):
                main = tokenize.tokenize(c[side], scorer._stemmer, scorer._tokenizer)
                assert main == c["tokens"][side], (c["id"], side)
                lsum = [tokenize.tokenize(s, scorer._stemmer) for s in c[side].split("\n") if len(s)]
                assert lsum == c["lsum_tokens"][side], (c["id"], side)
                n += 2
    print("tokenize: main and Lsum tokens of %d texts as the cases'" % n)
    assert n >= 2 * (3236 - 5 * 62)


def test_stems_jsonl():
    """Every word of stems.jsonl: the stemmer object's output (`MultiStemmer(lang).stemmer`)
    and the scorer's (`MultiStemmer(lang)(word)`, nothing stemmed up to 3 code points)."""
    stemmers = {}
    counts = collections.Counter()
    bad = []
    with open(STEMS, encoding="utf-8") as f:
        for line in f:
            e = mc.json.loads(line)
            name = e["stemmer"]
            if name not in stemmers:
                stemmers[name] = tokenizers.MultiStemmer(None if name == "porter" else name)
            s = stemmers[name]
            raw, scorer = s.stemmer(e["word"]), s(e["word"])
            counts[name] += 1
            if raw != e["stem"] or scorer != e.get("scorer_stem", e["stem"]):
                bad.append((name, e["word"], e["stem"], raw, scorer))
    print("stems.jsonl: %d of %d words exact over %d stemmers" % (sum(counts.values()) - len(bad), sum(counts.values()), len(counts)))
    assert not bad, bad[:10]
    assert sum(counts.values()) == 179578 and len(counts) == 19


def test_callable_stemmer_runs_the_forks_path(cases):
    """A callable_stemmer (here the library's stemmer of the case's language, handed over as a
    plain function) takes the fork's code path in Python: the stemmed cases, bit for bit."""
    run = [c for c in cases if c["use_stemmer"] and not mc.host_segmented(c["lang"])]
    counts = collections.Counter()
    with _quiet():
        for c in run:
            lang = tokenizers.resolve(c["lang"])
            known = lang in tokenizers.STEMMER_LANGUAGES or not lang
            stem = (lambda w, lang=lang or None: _native.xlsum_stem(w, lang)) if known else (lambda w: w)
            scorer = rouge_scorer.RougeScorer(mc.TYPES, use_stemmer=True, lang=c["lang"], callable_stemmer=stem)
            assert scorer._python_stems
            assert not mc.differences(c, scorer.score(c["target"], c["prediction"])), c["id"]
            counts[str(c["lang"])] += 1
    print("callable_stemmer: %d stemmed cases of %d languages exact" % (sum(counts.values()), len(counts)))
    assert sum(counts.values()) == len(run) > 1400


def test_batch_and_columns_equal_score(cases):
    import numpy as np

    by_lang = collections.defaultdict(list)
    for c in cases:
        if not mc.host_segmented(c["lang"]) or _segmented_here(c["lang"]):
            by_lang[(c["lang"], c["use_stemmer"])].append(c)
    langs = set()
    with _quiet():
        for (lang, stem), group in by_lang.items():
            scorer = rouge_scorer.RougeScorer(mc.TYPES, use_stemmer=stem, lang=lang)
            ts, ps = [c["target"] for c in group], [c["prediction"] for c in group]
            one = [scorer.score(t, p) for t, p in zip(ts, ps)]
            assert scorer.score_batch(ts, ps) == one
            assert scorer.score_batch(iter(ts), iter(ps)) == one
            cols = scorer.score_columns(ts, ps)
            for t in mc.TYPES:
                for j, f in enumerate(mc.FIELDS):
                    assert np.array_equal(getattr(cols[t], f), np.array([o[t][j] for o in one]))
            langs.add(lang)
    print("score_batch and score_columns equal score for %d language names" % len(langs))
    assert len(langs) >= 50


def test_pickle_round_trip(cases):
    c = next(c for c in cases if c["lang"] == "arabic" and c["use_stemmer"] and c["kind"] == "combo")
    with _quiet():
        scorer = rouge_scorer.RougeScorer(mc.TYPES, use_stemmer=True, lang="arabic")
        again = pickle.loads(pickle.dumps(scorer))
    assert type(again) is rouge_scorer.RougeScorer
    assert not mc.differences(c, again.score(c["target"], c["prediction"]))
    assert again.score(c["target"], c["prediction"]) == scorer.score(c["target"], c["prediction"])


@pytest.mark.parametrize(
    "lang, hidden, package",
    [
        ("chinese", ["jieba"], "jieba"),
        ("chinese_traditional", ["jieba"], "jieba"),
        ("japanese", ["fugashi"], "fugashi"),
        ("japanese", ["unidic_lite", "unidic"], "unidic-lite"),
        ("thai", ["pythainlp", "pythainlp.tokenize"], "pythainlp"),
    ],
)
def test_missing_segmenter_names_the_package(monkeypatch, lang, hidden, package):
    """A segmenter hidden (None in sys.modules makes its import fail, as when it is not
    installed): ImportError naming the package to pip install, when the scorer is made (the
    fork imports it there too)."""
    for m in hidden:
        monkeypatch.setitem(sys.modules, m, None)
    if package == "unidic-lite":
        real = importlib.util.find_spec
        monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n in hidden else real(n, *a))
        if not HAVE["japanese"]:
            pytest.skip("fugashi not installed")
    with pytest.raises(ImportError, match="pip install %s" % package):
        rouge_scorer.RougeScorer(["rouge1"], lang=lang)
    # Other languages need nothing.
    assert rouge_scorer.RougeScorer(["rouge1"], lang="english").score("a b", "a")["rouge1"].recall == 0.5


def test_errors_and_the_forks_quirks():
    s = rouge_scorer.RougeScorer(["rouge1", "rougeX"], lang="english")
    with pytest.raises(ValueError, match="Invalid rouge type: rougeX"):
        s.score("a", "a")
    with pytest.raises(ValueError, match="rougen requires positive n"):
        rouge_scorer.RougeScorer(["rouge0"]).score("a", "a")
    with pytest.raises(TypeError):
        rouge_scorer.RougeScorer(["rouge1"], lang=5)
    with pytest.raises(TypeError):
        rouge_scorer.RougeScorer(["rouge1"]).score(None, "a")
    with pytest.raises(UnicodeDecodeError):
        rouge_scorer.RougeScorer(["rouge1"]).score(b"\xff", "a")
    with pytest.raises(TypeError, match="token must be a str"):
        rouge_scorer.RougeScorer(["rouge1"], callable_tokenizer=lambda t: [1, 2]).score("a b", "a")
    # An unknown name stems nothing (with the fork's warning); None stems with Porter.
    with pytest.warns(UserWarning, match="unknown stemmer language-> klingon"):
        k = rouge_scorer.RougeScorer(["rouge1"], use_stemmer=True, lang="klingon")
    assert k.score("running", "run")["rouge1"].fmeasure == 0.0
    assert rouge_scorer.RougeScorer(["rouge1"], use_stemmer=True).score("running", "run")["rouge1"].fmeasure == 1.0
    # A callable_tokenizer that finds nothing: an empty list falls back to pyonmttok, an empty
    # generator (truthy) does not. The values are what multilingual-rouge 0.0.1 returned.
    with _quiet():
        gen = rouge_scorer.RougeScorer(["rouge1", "rougeLsum"], callable_tokenizer=lambda t: iter([]))
        r = gen.score("a b", "a b")
        assert (r["rouge1"].fmeasure, r["rougeLsum"].fmeasure) == (0.0, 1.0)
        empty = rouge_scorer.RougeScorer(["rouge1", "rougeLsum"], callable_tokenizer=lambda t: [])
        r = empty.score("a b covid19", "a b")
        assert tuple(r["rouge1"]) == (1.0, 0.5, float.fromhex("0x1.5555555555555p-1"))
        assert tuple(r["rougeLsum"]) == (1.0, float.fromhex("0x1.5555555555555p-1"), 0.8)
    # NUL is deleted (joining its neighbours), not a separator.
    assert rouge_scorer.RougeScorer(["rouge1"]).score("ab", "a\0b")["rouge1"].fmeasure == 1.0
    assert scoring.Score is rouge_scorer.scoring.Score
