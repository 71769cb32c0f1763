"""rouge-score's `rouge_scorer` module: `RougeScorer` over librouge.

`RougeScorer(rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None)` is
rouge-score 0.1.2's, bit-identical, and refuses what it refuses (`rouge0`, `rouge10`,
`ROUGE-1`, ... raise ValueError when scoring). Keyword-only arguments go beyond it:

- `flavour="rouge-score"` or `"perl"` accepts every metric the library has (`rougeW-1.2`,
  `rougeS4`, `rougeSU*`, `rouge10`, ROUGE-1.5.5's `ROUGE-L`, ...); `"perl"` scores as
  ROUGE-1.5.5 does, with its tokeniser (`stopwords` is -s, `word_limit` -l, `byte_limit` -b,
  `use_stemmer` -m), `multi="A"` (-f A, the default) or `"B"`, `alpha` (-p), `jackknife`,
  `round` (5-decimal rounding as printed, on by default).
- `tokenizer="unicode"` (extended flavours): the library's Unicode tokeniser.
- rouge-score-rs's Unicode profiles (Unicode 17.0, never stemming, exactly its tokens and
  scores): `tokenizer=tokenizers.UnicodeTokenizer()` or `"unicode-v1"` (`"unicode"` without
  `flavour`), and `tokenizer=tokenizers.CharacterTokenizer()`, `"character-v1"` or
  `"character"`; as in rouge-score-rs, `use_stemmer` does not apply to them.
- `score_batch(targets, predictions, threads=None)`: many pairs in one call, GIL released, on
  every CPU this process may run on by default; a `BatchScores`, whose per-pair dicts are
  built when first read.

A scorer pickles (and copies) as its constructor's arguments: it is rebuilt, with a custom
tokenizer pickled as itself, so it crosses to `multiprocessing` workers, Spark's Python
workers and the like.
"""

import collections.abc
import os
import re

from . import _native
from . import scoring
from . import tokenizers

_MULTI = {
    "best-f": _native.MULTI_BEST_F,
    "A": _native.MULTI_PERL_A,
    "B": _native.MULTI_PERL_B,
}
_TOKENIZERS = {
    "rouge-score": _native.TOKENIZER_ROUGE_SCORE,
    "unicode": _native.TOKENIZER_UNICODE,
    "perl": _native.TOKENIZER_PERL,
}
# rouge-score-rs's profiles, by its names (its `profile` strings and short forms).
_RSRS_TOKENIZERS = {
    "unicode-v1": _native.TOKENIZER_UNICODE_V1,
    "character-v1": _native.TOKENIZER_CHARACTER_V1,
    "character": _native.TOKENIZER_CHARACTER_V1,
}
_RSPEC = (_native.METRIC_LSUM, 0, 0, 0.0)


class BatchScores(_native.BatchScores, collections.abc.Sequence):
    """What `score_batch` returns: a read-only sequence with one {rouge_type: Score} dict per
    pair, as the list of dicts rouge-score-rs's batch returns, except that pair i's dict is
    built when it is first read (then kept: the same dict comes back, and changes to it stay).
    Indexing, slicing (a list), iteration, len, `in`, `index`, `count`, `reversed`, `+` with a
    list, and equality with a list of the same dicts behave as a list's; it pickles as a list,
    and `tolist()` or `list(...)` gives one (what `json.dumps` and code checking
    `isinstance(x, list)` need). Reading every pair costs what building them all at once did."""

    __slots__ = ()


_native._set_batch_scores_type(BatchScores)


def _cpu_count():
    """The CPUs this process may run on (its affinity mask: a container's or taskset's
    limit, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _threads(threads):
    """score_batch's `threads` as (most threads, whether a short batch may use fewer).

    None: LIBROUGE_NUM_THREADS if set, else the CPUs this process may run on, and fewer for a
    short batch (the library takes one thread per 32 KiB of text at most: waking a thread
    costs about what scoring that much does). An int: exactly that many at most (never more
    than the pairs)."""
    if threads is None:
        env = os.environ.get("LIBROUGE_NUM_THREADS", "").strip()
        if env:
            try:
                count = int(env)
            except ValueError:
                count = 0
            if count < 1:
                raise ValueError(
                    "LIBROUGE_NUM_THREADS must be a positive integer, not %r" % (os.environ["LIBROUGE_NUM_THREADS"],)
                )
            return count, True
        return _cpu_count(), True
    if isinstance(threads, bool) or not hasattr(threads, "__index__"):
        raise TypeError("threads must be an int or None, not %s" % type(threads).__name__)
    threads = threads.__index__()
    if threads < 1:
        raise ValueError("threads must be at least 1 (or None for every CPU), not %d" % threads)
    return threads, False


def _columns(single, targets, predictions):
    """score_batch's two sides as the extension takes them: lists and tuples as they are, an
    Arrow column as it is for the library's path (`single`), else as a list of str (the paths
    that score in Python), any other iterable as a list."""
    sides = []
    for side in (targets, predictions):
        if not isinstance(side, (list, tuple)):
            if _native.arrow_offered(side):
                side = side if single is not None else _native.arrow_to_list(side)
            else:
                side = list(side)
        sides.append(side)
    targets, predictions = sides
    if (
        isinstance(targets, (list, tuple))
        and isinstance(predictions, (list, tuple))
        and len(targets) != len(predictions)
    ):
        raise ValueError("targets and predictions differ in length")
    return targets, predictions


def _rebuild(cls, args, kwargs, state):
    """Unpickles a RougeScorer: its constructor called again with the same arguments."""
    scorer = cls(*args, **kwargs)
    if state:
        scorer.__dict__.update(state)
    return scorer


def _rsrs_tokenizer(tokenizer, flavour):
    """The library's constant for one of rouge-score-rs's profiles, or None: its tokenizer
    objects, its profile names, and "unicode" where the library's own Unicode tokeniser is not
    meant (no `flavour`)."""
    if type(tokenizer) in (tokenizers.UnicodeTokenizer, tokenizers.CharacterTokenizer):
        return _RSRS_TOKENIZERS[tokenizer.profile]
    if isinstance(tokenizer, str):
        if tokenizer == "unicode" and flavour is None:
            return _native.TOKENIZER_UNICODE_V1
        return _RSRS_TOKENIZERS.get(tokenizer)
    return None


def _rouge_score_metric(rouge_type):
    """rouge-score 0.1.2's accepted names, with its errors (raised when scoring)."""
    if rouge_type == "rougeL":
        return (_native.METRIC_L, 0, 0, 0.0)
    if rouge_type == "rougeLsum":
        return _RSPEC
    if re.match(r"rouge[0-9]$", str(rouge_type)):
        n = int(rouge_type[5:])
        if n <= 0:
            raise ValueError("rougen requires positive n: %s" % rouge_type)
        return (_native.METRIC_N, n, 0, 0.0)
    raise ValueError("Invalid rouge type: %s" % rouge_type)


def _sentences_nltk(text):
    import nltk

    sents = [s.replace("\n", " ") for s in nltk.sent_tokenize(text) if len(s)]
    return "\n".join(sents)


class RougeScorer(scoring.BaseScorer):
    """Calculate rouge scores between two blobs of text (rouge-score's API)."""

    def __init__(
        self,
        rouge_types,
        use_stemmer=False,
        split_summaries=False,
        tokenizer=None,
        *,
        flavour=None,
        multi=None,
        jackknife=False,
        alpha=0.5,
        round=None,
        stopwords=False,
        word_limit=0,
        byte_limit=0,
    ):
        # What pickling rebuilds the scorer from (rouge-score's arguments as given).
        self._init_args = (rouge_types, use_stemmer, split_summaries, tokenizer)
        self._init_kwargs = dict(
            flavour=flavour, multi=multi, jackknife=jackknife, alpha=alpha, round=round,
            stopwords=stopwords, word_limit=word_limit, byte_limit=byte_limit,
        )
        self.rouge_types = rouge_types
        self._timings = None  # bench.py: a list to get each batch's phase times (batch.c)
        self._split_summaries = split_summaries
        self._error = None
        self._single = None
        perl = flavour == "perl"
        if flavour not in (None, "rouge-score", "perl"):
            raise ValueError("flavour must be None, 'rouge-score' or 'perl': %r" % (flavour,))
        kind = _native.TOKENIZER_PERL if perl else _native.TOKENIZER_ROUGE_SCORE
        custom = None
        rsrs = _rsrs_tokenizer(tokenizer, flavour)
        if rsrs is not None:
            kind, use_stemmer = rsrs, False
        elif isinstance(tokenizer, str) and flavour is not None:
            kind = _TOKENIZERS[tokenizer]
        elif tokenizer and type(tokenizer) is tokenizers.DefaultTokenizer:
            # rouge-score's own tokenizer object: the library's tokeniser, same stemming.
            use_stemmer = tokenizer._stemmer is not None
        elif tokenizer:
            custom = tokenizer
        self._tokenizer = custom or tokenizers.DefaultTokenizer(use_stemmer)
        self._custom = custom
        specs = []
        try:
            for t in rouge_types:
                specs.append(
                    _rouge_score_metric(t) if flavour is None else _native.parse_metric(t)
                )
        except ValueError as e:
            if flavour is not None:
                raise
            # rouge-score refuses a type when scoring, not when constructing.
            self._error = e
            return
        if multi is None:
            multi = "A" if perl else "best-f"
        options = dict(
            flavour=_native.FLAVOUR_PERL if perl else _native.FLAVOUR_ROUGE_SCORE,
            multi=_MULTI[multi],
            jackknife=int(bool(jackknife)),
            round=int(perl if round is None else bool(round)),
            alpha=float(alpha),
            tokenizer=kind,
            stem=int(bool(use_stemmer)),
            stopwords=int(bool(stopwords)),
            word_limit=int(word_limit),
            byte_limit=int(byte_limit),
        )
        # Groups of metrics scored together: (indices into rouge_types, native scorer, text
        # transform). Lsum reads sentences: with split_summaries (or a custom tokenizer) it
        # is scored apart, on NLTK's sentences.
        lsum_apart = split_summaries or custom is not None
        groups = {}
        for i, spec in enumerate(specs):
            apart = lsum_apart and spec[0] == _native.METRIC_LSUM
            groups.setdefault(apart, []).append(i)
        self._groups = []
        for apart, idx in sorted(groups.items()):
            scorer = _native.Scorer(
                tuple(rouge_types[i] for i in idx), tuple(specs[i] for i in idx), **options
            )
            self._groups.append((apart, scorer))
        self._single = self._groups[0][1] if len(self._groups) == 1 and not self._groups[0][0] and custom is None else None

    def __reduce__(self):
        """Pickled as the constructor's arguments (a custom tokenizer as itself), and public
        attributes set since, not as the library's prepared state: the scorer is rebuilt."""
        state = {k: v for k, v in self.__dict__.items() if not k.startswith("_") and k != "rouge_types"}
        return (_rebuild, (type(self), self._init_args, self._init_kwargs, state))

    # -- rouge-score's API

    def score(self, target, prediction):
        """{rouge_type: Score} of `prediction` against `target`."""
        if self._single is not None:
            return self._single.score(target, prediction)
        return self._score([target], prediction, multi=False)

    def score_multi(self, targets, prediction):
        """{rouge_type: Score} against the target with the best F, per type."""
        if self._single is not None:
            return self._single.score_multi(targets, prediction)
        return self._score(list(targets), prediction, multi=True)

    # -- beyond

    def score_batch(self, targets, predictions, threads=None):
        """[score(t, p) or score_multi(t, p)] for each pair (a target may be a list of
        targets); the pairs are scored in the library with the GIL released, on up to
        `threads` threads pulling chunks of pairs as they go (None: LIBROUGE_NUM_THREADS, or
        every CPU this process may run on, and fewer for a short batch; 1: the calling thread
        only; below 1: ValueError). A `BatchScores` (each pair's dict built when first read),
        or a list with `split_summaries` or a custom tokenizer.

        `targets` and `predictions` may each be an Arrow string column (a pyarrow, polars, ...
        `string` or `large_string` array, or a chunked one: anything with
        `__arrow_c_array__` or `__arrow_c_stream__`), read in place with no Python object
        per text; a null is a ValueError."""
        targets, predictions = _columns(self._single, targets, predictions)
        return self._score_batch(targets, predictions, _threads(threads))

    def score_columns(self, targets, predictions, threads=None):
        """score_batch's values as columns, with no Python object per pair: {rouge_type:
        Score(precision, recall, fmeasure)} whose fields are numpy arrays with one value per
        pair (pair i's value at [i]; what `scoring.BootstrapAggregator` and numpy take).
        `threads` as score_batch's."""
        import numpy as np

        threads = _threads(threads)
        targets, predictions = _columns(self._single, targets, predictions)
        if self._single is None:
            rows = self._score_batch(targets, predictions, threads)
            values = np.array(
                [[tuple(r[t]) for t in self.rouge_types] for r in rows], dtype=np.float64
            ).reshape(len(rows), len(self.rouge_types), 3).transpose(1, 2, 0).copy()
        else:
            # Metric-major columns written by the library's threads: each field one contiguous
            # (writable) view, no copy.
            raw = self._single.score_batch(targets, predictions, threads[0], True, threads[1])
            values = np.frombuffer(raw, dtype=np.float64).reshape(len(self.rouge_types), 3, -1)
        return {
            t: scoring.Score(values[i, 0], values[i, 1], values[i, 2])
            for i, t in enumerate(self.rouge_types)
        }

    def _score_batch(self, targets, predictions, threads):
        """score_batch with `threads` as _threads returns it."""
        count, spread = threads
        if self._single is not None:
            return self._single.score_batch(targets, predictions, count, False, spread, self._timings)
        if self._error is None and self._custom is None:
            out = [dict() for _ in predictions]
            parts = []
            for apart, scorer in self._groups:
                if apart:
                    ts = [
                        _sentences_nltk(t) if isinstance(t, str) else [_sentences_nltk(x) for x in t]
                        for t in targets
                    ]
                    ps = [_sentences_nltk(p) for p in predictions]
                    parts.append(scorer.score_batch(ts, ps, count, False, spread))
                else:
                    parts.append(scorer.score_batch(targets, predictions, count, False, spread))
            for i in range(len(out)):
                merged = {}
                for p in parts:
                    merged.update(p[i])
                out[i] = {t: merged[t] for t in self.rouge_types}
            return out
        return [
            self.score(t, p) if isinstance(t, str) else self.score_multi(t, p)
            for t, p in zip(targets, predictions)
        ]

    def _score(self, targets, prediction, multi):
        if self._error is not None:
            # rouge-score tokenises first, then refuses the type.
            for t in targets:
                self._tokenizer.tokenize(t)
            raise self._error
        if multi and not targets:
            raise ValueError("attempt to get argmax of an empty sequence")
        merged = {}
        for apart, scorer in self._groups:
            if self._custom is not None:
                merged.update(self._score_custom(scorer, apart, targets, prediction))
            elif apart:
                merged.update(
                    scorer.score_multi(
                        [_sentences_nltk(t) for t in targets], _sentences_nltk(prediction)
                    )
                )
            else:
                merged.update(scorer.score_multi(targets, prediction))
        return {t: merged[t] for t in self.rouge_types}

    def _sentences(self, text):
        if self._split_summaries:
            import nltk

            sents = nltk.sent_tokenize(text)
        else:
            sents = str(text).split("\n")
        return [x for x in sents if len(x)]

    def _score_custom(self, scorer, apart, targets, prediction):
        """A custom tokenizer's tokens, interned to ids here, scored by the library."""
        vocab = {}

        def summary(text):
            if not apart:
                ids = [vocab.setdefault(t, len(vocab)) for t in self._tokenizer.tokenize(text)]
                return ids, [len(ids)]
            ids, ends = [], []
            for s in self._sentences(text):
                ids.extend(vocab.setdefault(t, len(vocab)) for t in self._tokenizer.tokenize(s))
                ends.append(len(ids))
            return ids, ends

        return scorer.score_ids(summary(prediction), [summary(t) for t in targets])


def _summary_level_lcs(ref_sent, can_sent):
    """rouge-score's summary-level LCS over lists of token sentences: Score of the union LCS
    (its tests call it; here it is the library's Lsum over interned tokens)."""
    vocab = {}

    def summary(sents):
        ids, ends = [], []
        for s in sents:
            ids.extend(vocab.setdefault(t, len(vocab)) for t in s)
            ends.append(len(ids))
        return ids, ends

    scorer = _native.Scorer(("rougeLsum",), (_RSPEC,), **_DEFAULT_OPTIONS)
    return scorer.score_ids(summary(can_sent), [summary(ref_sent)])["rougeLsum"]


_DEFAULT_OPTIONS = dict(
    flavour=_native.FLAVOUR_ROUGE_SCORE,
    multi=_native.MULTI_BEST_F,
    jackknife=0,
    round=0,
    alpha=0.5,
    tokenizer=_native.TOKENIZER_ROUGE_SCORE,
    stem=0,
    stopwords=0,
    word_limit=0,
    byte_limit=0,
)
