"""XL-Sum's multilingual ROUGE (csebuetnlp's fork of rouge-score, PyPI `multilingual-rouge`
0.0.1) over librouge, bit for bit: `rouge_scorer.RougeScorer(rouge_types, use_stemmer=False,
lang=None, callable_tokenizer=None, callable_stemmer=None)` as the fork's, and its `scoring`
and `tokenize` modules. After one import change:

    from librouge.multilingual import rouge_scorer, scoring

Chinese, Japanese and Thai are segmented by jieba, fugashi (with unidic-lite) and pythainlp,
as the fork does: `pip install librouge[multilingual]`.
"""

from . import scoring
from . import tokenizers
from . import tokenize
from . import rouge_scorer

__all__ = ["rouge_scorer", "scoring", "tokenize", "tokenizers"]
