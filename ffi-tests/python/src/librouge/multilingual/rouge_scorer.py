"""The fork's `rouge_scorer` module: `RougeScorer` scoring as XL-Sum's multilingual ROUGE
(csebuetnlp's fork of rouge-score, PyPI `multilingual-rouge` 0.0.1) does, bit for bit.

`RougeScorer(rouge_types, use_stemmer=False, lang=None, callable_tokenizer=None,
callable_stemmer=None, min_char_length=3)`: the fork's keyword arguments (it takes them as
`**kwargs`; an unknown one is a TypeError here, not ignored). `lang` is one of its 45
languages, an alias (`bangla`, `turkce`, `mundo`, `chinese_simplified`, `chinese_traditional`),
None (pyonmttok's tokens, NLTK's Porter stemmer), or any other string (accepted as the fork
accepts it: pyonmttok, no stemmer, a warning with `use_stemmer`).

The library tokenises, stems and scores; Chinese, Japanese and Thai text is cleaned by the
library, segmented by jieba, fugashi (unidic-lite) or pythainlp here, exactly as the fork
calls them, and scored by the library from those tokens, as is a `callable_tokenizer`'s
output. A `callable_stemmer` (or another `min_char_length` with stemming) runs the fork's
code path: the library's tokens, stemmed here, scored by the library.

Beyond the fork: `score_batch(targets, predictions)` and `score_columns(targets,
predictions)` as `librouge.rouge_scorer.RougeScorer`'s (every language), pickling (as the
constructor's arguments).

One difference is left: where the fork returns `Score(0, 0, 0)` with Python ints (rougeL and
rougeLsum when a side has no tokens) this returns `0.0`s, equal values.
"""

import collections.abc

from .. import _native
from ..rouge_scorer import _DEFAULT_OPTIONS, _RSPEC, _rouge_score_metric
from . import scoring
from . import tokenize
from .tokenizers import MultiStemmer, MultiTokenizer, resolve


class RougeScorer(scoring.BaseScorer):
    """Calculate rouge scores between two blobs of text, as XL-Sum's scorer.

    Sample usage:
        scorer = RougeScorer(['rouge1', 'rougeL'], use_stemmer=True, lang="english")
        scores = scorer.score('The quick brown fox jumps over the lazy dog',
                              'The quick brown dog jumps on the log.')
    """

    def __init__(
        self,
        rouge_types,
        use_stemmer=False,
        lang=None,
        callable_tokenizer=None,
        callable_stemmer=None,
        min_char_length=3,
    ):
        self._args = (rouge_types, use_stemmer, lang, callable_tokenizer, callable_stemmer,
                      min_char_length)
        if lang is not None and not isinstance(lang, str):
            raise TypeError("lang must be a str or None, not %s" % type(lang).__name__)
        lang = resolve(lang)
        self.rouge_types = rouge_types
        self._tokenizer = MultiTokenizer(lang, callable_tokenizer)
        self._stemmer = MultiStemmer(lang, callable_stemmer, min_char_length) if use_stemmer else None
        # The fork's code path for stems the library does not make.
        self._python_stems = bool(use_stemmer) and (bool(callable_stemmer) or min_char_length != 3)
        self._error = None
        types = list(rouge_types)
        try:
            specs = [_rouge_score_metric(t) for t in types]
        except ValueError as e:
            # The fork refuses a type when scoring, after tokenising.
            self._error = e
            return
        if self._python_stems:
            self._groups = []
            for lsum in (False, True):
                keys = tuple(t for t, s in zip(types, specs) if (s == _RSPEC) == lsum)
                if keys:
                    specs_of = tuple(_rouge_score_metric(t) for t in keys)
                    self._groups.append((lsum, _native.Scorer(keys, specs_of, **_DEFAULT_OPTIONS)))
        else:
            self._native = _native.XlsumScorer(tuple(types), tuple(specs), lang, bool(use_stemmer))
        self._types = types

    def __reduce__(self):
        return (type(self), self._args)

    def score(self, target, prediction):
        """{rouge_type: Score} of `prediction` against `target`."""
        if self._error is not None:
            tokenize.tokenize(target, self._stemmer, self._tokenizer)
            tokenize.tokenize(prediction, self._stemmer, self._tokenizer)
            raise self._error
        if self._python_stems:
            return self._score_python(target, prediction)
        tokens = self._tokenizer.segment(_text(target))
        if tokens is None:
            return self._native.score(target, prediction)
        return self._native.score_segmented(
            target, prediction, tokens, self._tokenizer.segment(_text(prediction))
        )

    def score_batch(self, targets, predictions, threads=1):
        """[score(t, p) for each pair], as `librouge.rouge_scorer.RougeScorer.score_batch`
        (a list). `threads` is accepted for the same signature; the pairs are scored on the
        calling thread (the segmenters of Chinese, Japanese and Thai are Python code)."""
        if not isinstance(threads, int) or threads < 1:
            raise ValueError("threads must be a positive int: %r" % (threads,))
        if not isinstance(targets, (list, tuple)):
            targets = list(targets)
        if not isinstance(predictions, (list, tuple)):
            predictions = list(predictions)
        if len(targets) != len(predictions):
            raise ValueError("targets and predictions differ in length")
        return [self.score(t, p) for t, p in zip(targets, predictions)]

    def score_columns(self, targets, predictions, threads=1):
        """score_batch's values as columns: {rouge_type: Score(precision, recall, fmeasure)}
        whose fields are numpy float64 arrays with one value per pair."""
        import numpy as np

        rows = self.score_batch(targets, predictions, threads)
        values = np.array(
            [[tuple(r[t]) for t in self.rouge_types] for r in rows], dtype=np.float64
        ).reshape(len(rows), len(self.rouge_types), 3)
        return {
            t: scoring.Score(*(values[:, i, j].copy() for j in range(3)))
            for i, t in enumerate(self.rouge_types)
        }

    def _score_python(self, target, prediction):
        """The fork's code path with the tokens interned to ids, scored by the library."""
        vocab = {}

        def ids(tokens):
            return [vocab.setdefault(t, len(vocab)) for t in tokens]

        def summary(text, lsum):
            if not lsum:
                got = ids(tokenize.tokenize(text, self._stemmer, self._tokenizer))
                return got, [len(got)]
            out, ends = [], []
            for s in _text(text).split("\n"):
                if len(s):
                    out.extend(ids(tokenize.tokenize(s, self._stemmer)))
                    ends.append(len(out))
            return out, ends

        merged = {}
        for lsum, scorer in self._groups:
            merged.update(scorer.score_ids(summary(prediction, lsum), [summary(target, lsum)]))
        return {t: merged[t] for t in self._types}


def _text(text):
    """six.ensure_str, as the fork reads a text."""
    if isinstance(text, bytes):
        return text.decode("utf-8")
    return text
