"""The fork's tokenisers: `MultiTokenizer` (its main path: cleaning, then the language's
segmenter or pyonmttok's aggressive mode), `MultiStemmer`, and the segmenters the library
leaves to Python, called exactly as the fork calls them (`tokenizers.py` of
multilingual-rouge 0.0.1): jieba for Chinese, fugashi with unidic-lite for Japanese,
pythainlp's newmm for Thai. Each is imported when a scorer for its language is made; when it
is missing, ImportError names the package to install."""

import warnings

from .. import _native

# The fork's language names (rouge_scorer.py SPECIAL_LANGID_CONVERSION_MAP, tokenizers.py
# LANG2TOKENIZER, stemmers.py LANG2STEMMER with NLTK's SnowballStemmer.languages).
SPECIAL_LANGID_CONVERSION_MAP = {
    "bangla": "bengali",
    "turkce": "turkish",
    "chinese_simplified": "chinese",
    "chinese_traditional": "chinese",
    "mundo": "spanish",
}
STEMMER_LANGUAGES = frozenset(
    "bengali turkish hindi arabic danish dutch english finnish french german hungarian "
    "italian norwegian porter portuguese romanian russian spanish swedish".split()
)


def _missing(package, module, error):
    return ImportError(
        "librouge.multilingual needs %s for this language, as XL-Sum's scorer does: "
        "pip install %s (or pip install 'librouge[multilingual]')" % (module, package),
        name=module,
    )


class ThaiTokenizer:
    """pythainlp's `word_tokenize(text, engine="newmm")` (pythainlp 5.4.0 for the fork's
    tokens: its dictionary changes between releases)."""

    def __init__(self):
        try:
            from pythainlp.tokenize import word_tokenize
        except ImportError as e:
            raise _missing("pythainlp", "pythainlp", e) from e
        self._word_tokenize = word_tokenize

    def __call__(self, text):
        return self._word_tokenize(text, engine="newmm")


class ChineseTokenizer:
    """jieba's `cut(text)` (default dictionary, HMM on), as a list."""

    def __init__(self):
        try:
            import jieba
        except ImportError as e:
            raise _missing("jieba", "jieba", e) from e
        jieba.initialize()
        self._jieba = jieba

    def __call__(self, text):
        return list(self._jieba.cut(text))


class JapaneseTokenizer:
    """fugashi's `Tagger("-O wakati -b 50000")`, its output split at white space. fugashi
    takes the `unidic` package's dictionary when that is installed, else unidic-lite's; the
    fork's published scores are unidic-lite 1.0.8's."""

    def __init__(self):
        try:
            from fugashi import Tagger
        except ImportError as e:
            raise _missing("fugashi", "fugashi", e) from e
        import importlib.util

        if importlib.util.find_spec("unidic") is None and importlib.util.find_spec("unidic_lite") is None:
            raise _missing("unidic-lite", "unidic_lite", None)
        self._tagger = Tagger("-O wakati -b 50000")

    def __call__(self, text):
        return self._tagger.parse(text).split()


# The segmenters that run in Python; Burmese's rules are in the library.
LANG2TOKENIZER = {
    "thai": ThaiTokenizer,
    "chinese": ChineseTokenizer,
    "japanese": JapaneseTokenizer,
}


def resolve(lang):
    """The fork's name resolution: its aliases, case-sensitive; other names as they are."""
    if lang and lang in SPECIAL_LANGID_CONVERSION_MAP:
        return SPECIAL_LANGID_CONVERSION_MAP[lang]
    return lang


class BasicTokenizer:
    """The fork's BasicTokenizer (BERT's cleaning): NUL, U+FFFD, control and format characters
    deleted, white space split, punctuation deleted and splitting words; in the library
    (Python 3.11's Unicode 14.0 categories, whatever Python runs this)."""

    def __call__(self, text):
        # Lowering first changes nothing the fork's callers see: they lower before calling.
        return _native.xlsum_clean_text(text).split()


class MultiTokenizer:
    """The fork's main-path tokeniser for `lang` (or `callable_tokenizer`): called with a
    lowercased text, returns its tokens before stemming."""

    def __init__(self, lang=None, callable_tokenizer=None):
        self.lang = lang
        self.tokenizer = None
        if callable_tokenizer:
            self.tokenizer = callable_tokenizer
        elif lang:
            tokenizer_class = LANG2TOKENIZER.get(lang)
            self.tokenizer = tokenizer_class() if tokenizer_class else None

    def segment(self, text):
        """The segmenter's tokens of the cleaned `text`, or None when the library segments
        (no segmenter in Python, or it found nothing: the fork then runs pyonmttok)."""
        if not self.tokenizer:
            return None
        cleaned = _native.xlsum_clean_text(text)
        tokens = self.tokenizer(cleaned)
        if not tokens and cleaned:
            warnings.warn(
                "-" * 5 + "No tokens found using inferred tokenizer," + " switching to default tokenizer" + "-" * 5
            )
            return []
        tokens = list(tokens)
        # A truthy result with no tokens in it (an empty generator of a callable_tokenizer):
        # the fork neither falls back nor finds tokens; one empty token (dropped) says so.
        return tokens if tokens or not cleaned else [""]

    def __call__(self, text):
        tokens = self.segment(text)
        if tokens:
            return tokens
        lang = None if self.tokenizer else self.lang
        return _native.xlsum_tokens(text, lang, False, False)


class MultiStemmer:
    """The fork's stemmer wrapper: `lang`'s stemmer (NLTK's Porter for None, NLTK's Snowball,
    the Bengali, Turkish or Hindi one, in the library) or `callable_stemmer`, applied to tokens
    longer than `min_char_length` code points; a language without a stemmer stems nothing (the
    fork warns)."""

    def __init__(self, lang=None, callable_stemmer=None, min_char_length=3):
        self.min_char_length = min_char_length
        self.lang = lang
        self.stemmer = lambda token: _native.xlsum_stem(token, None)
        if callable_stemmer:
            self.stemmer = callable_stemmer
        elif lang:
            if lang not in STEMMER_LANGUAGES:
                self.stemmer = None
                warnings.warn("-" * 5 + f"unknown stemmer language-> {lang}" + "-" * 5)
            else:
                self.stemmer = lambda token: _native.xlsum_stem(token, lang)

    def __call__(self, token):
        if self.stemmer and len(token) > self.min_char_length:
            return self.stemmer(token)
        return token
