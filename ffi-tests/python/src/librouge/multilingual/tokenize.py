"""The fork's `tokenize` module (multilingual-rouge's `tokenization_wrapper`):
`tokenize(text, stemmer=None, tokenizer=None)` lowers the text, tokenises it (`tokenizer`,
by default the fork's BasicTokenizer: the rougeLsum path), stems each token with `stemmer`
(a `tokenizers.MultiStemmer` or any callable) and drops empty tokens.

Beyond the fork, `lang=` (keyword) without a `tokenizer` gives the main path of that language
(`tokenizers.MultiTokenizer(lang)`: what rouge1, rouge2 and rougeL read). The library does the
cleaning, pyonmttok's and Burmese's segmentation and the stemmers."""

from .tokenizers import BasicTokenizer, MultiTokenizer

_UNSET = object()


def tokenize(text, stemmer=None, tokenizer=None, *, lang=_UNSET):
    """Tokenize input text into a list of tokens, as the fork's `tokenize`."""
    if tokenizer is None:
        tokenizer = BasicTokenizer() if lang is _UNSET else MultiTokenizer(lang)
    text = text.lower()
    tokens = tokenizer(text)
    if stemmer:
        tokens = [stemmer(x) for x in tokens]
    return [x for x in tokens if x]
