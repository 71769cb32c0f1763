"""rouge-score's `tokenize` module: `tokenize(text, stemmer)` with the library's tokeniser
(`rouge_text_tokens`), the same tokens as rouge-score's for every text."""

import re

from . import _native

NON_ALPHANUM_PATTERN = r"[^a-z0-9]+"
NON_ALPHANUM_RE = re.compile(NON_ALPHANUM_PATTERN)
SPACES_PATTERN = r"\s+"
SPACES_RE = re.compile(SPACES_PATTERN)
VALID_TOKEN_PATTERN = r"^[a-z0-9]+$"
VALID_TOKEN_RE = re.compile(VALID_TOKEN_PATTERN)


def tokenize(text, stemmer):
    """Tokenize input text into a list of tokens (rouge-score's tokeniser).

    `stemmer` is None, the library's `tokenizers.PorterStemmer` (stemmed in the library), or
    any object with a `stem(word)` method (applied to tokens longer than 3 characters, as
    rouge-score does, e.g. NLTK's PorterStemmer).
    """
    if stemmer is None or getattr(stemmer, "_librouge_native", False):
        return _native.tokens(text, _native.TOKENIZER_ROUGE_SCORE, stemmer is not None, 0, False)
    tokens = _native.tokens(text, _native.TOKENIZER_ROUGE_SCORE, 0, 0, False)
    tokens = [str(stemmer.stem(x)) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if VALID_TOKEN_RE.match(x)]


def token_spans(text, stem=False, tokenizer="rouge-score", stopwords=False):
    """Beyond rouge-score: [(start, end, token)] with the span of each token in the UTF-8
    bytes of `text` (`tokenizer` "rouge-score" or "perl"; `stopwords` is Perl's -s)."""
    kind = {"rouge-score": _native.TOKENIZER_ROUGE_SCORE, "perl": _native.TOKENIZER_PERL}[tokenizer]
    return _native.tokens(text, kind, bool(stem), bool(stopwords), True)
