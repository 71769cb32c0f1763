"""librouge: ROUGE as rouge-score computes it (bit-identical), and as ROUGE-1.5.5 does, from
librouge's C library. A drop-in for rouge-score after one import change:

    from librouge import rouge_scorer, scoring
"""

from . import _native
from . import scoring
from . import tokenize
from . import tokenizers
from . import rouge_scorer
from . import io
from . import rewards

__version__ = _native.library_version
library_version = _native.library_version

__all__ = ["rouge_scorer", "scoring", "tokenize", "tokenizers", "io", "rewards", "compute"]


def compute(
    predictions,
    references,
    rouge_types=None,
    use_aggregator=True,
    use_stemmer=False,
    tokenizer=None,
):
    """What Hugging Face evaluate's `rouge` metric returns: {rouge_type: mid F} with the
    aggregator (its bootstrap, drawing from numpy's global state), else {rouge_type: [F per
    pair]}. `references[i]` may be a list of references (score_multi). `tokenizer` is a
    callable from text to tokens, as evaluate takes it."""
    if rouge_types is None:
        rouge_types = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
    multi_ref = isinstance(references[0], list)
    if tokenizer is not None:
        tokenizer = _CallableTokenizer(tokenizer)
    scorer = rouge_scorer.RougeScorer(
        rouge_types=rouge_types, use_stemmer=use_stemmer, tokenizer=tokenizer
    )
    if tokenizer is None and scorer._error is None:
        scores = scorer.score_batch(list(references), list(predictions))
    else:
        scores = [
            scorer.score_multi(ref, pred) if multi_ref else scorer.score(ref, pred)
            for ref, pred in zip(references, predictions)
        ]
    if use_aggregator:
        aggregator = scoring.BootstrapAggregator()
        for s in scores:
            aggregator.add_scores(s)
        result = aggregator.aggregate()
        return {key: result[key].mid.fmeasure for key in result}
    return {key: [s[key].fmeasure for s in scores] for key in scores[0]} if scores else {}


class _CallableTokenizer(object):
    """evaluate's `tokenizer` callable as a tokenizer object (pickles when `f` does)."""

    def __init__(self, f):
        self.f = f

    def tokenize(self, text):
        return self.f(text)
