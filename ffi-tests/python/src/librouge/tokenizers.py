"""rouge-score's `tokenizers` module: the `Tokenizer` base class for custom tokenizers and
`DefaultTokenizer`, whose stemmer is NLTK's Porter stemmer (NLTK_EXTENSIONS mode) as built into
the library."""

import abc

from . import _native
from . import tokenize


class Tokenizer(abc.ABC):
    """Abstract base class for a tokenizer: subclasses implement tokenize(text)."""

    @abc.abstractmethod
    def tokenize(self, text):
        raise NotImplementedError("Tokenizer must override tokenize() method")


class PorterStemmer(object):
    """NLTK's PorterStemmer (NLTK_EXTENSIONS mode) as the library runs it; `stem(word)` for a
    lowercase `[a-z0-9]` word, the words rouge-score stems."""

    _librouge_native = True

    def stem(self, word):
        out = _native.tokens(word, _native.TOKENIZER_ROUGE_SCORE, 1, 0, False)
        return out[0] if len(out) == 1 else word


class UnicodeTokenizer(Tokenizer):
    """rouge-score-rs's `UnicodeTokenizer` (profile `unicode-v1`): NFKC, full case folding,
    NFKC again, then the UAX #29 words that hold a letter or number (Unicode 17.0, no
    stemming). Pass it to `RougeScorer(tokenizer=...)`: the library tokenises natively, with
    rouge-score-rs's tokens and scores. Its token strings are not listed (`tokenize` raises)."""

    profile = "unicode-v1"

    def tokenize(self, text):
        raise NotImplementedError(
            "librouge scores with %s natively (RougeScorer(tokenizer=...)) but does not list "
            "its token strings" % self.profile
        )

    def __repr__(self):
        return "UnicodeTokenizer()"


class CharacterTokenizer(UnicodeTokenizer):
    """rouge-score-rs's `CharacterTokenizer` (profile `character-v1`): the same
    normalisation, then every grapheme cluster that holds a letter or number is a token."""

    profile = "character-v1"

    def __repr__(self):
        return "CharacterTokenizer()"


class DefaultTokenizer(Tokenizer):
    """Default tokenizer: rouge-score's, optionally with the Porter stemmer."""

    def __init__(self, use_stemmer=False):
        self._stemmer = PorterStemmer() if use_stemmer else None

    def tokenize(self, text):
        return tokenize.tokenize(text, self._stemmer)
