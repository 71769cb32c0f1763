//! The stemmers of XL-Sum's multilingual ROUGE (csebuetnlp's fork of rouge-score, PyPI
//! `multilingual-rouge` 0.0.1, `stemmers.py`), ported so that every word stems exactly as
//! there: NLTK 3.10.4's Porter (`nltk/stem/porter.py`, NLTK_EXTENSIONS mode: what the fork
//! uses without a `lang`), NLTK 3.10.4's own Snowball stemmers (`nltk/stem/snowball.py`, built
//! with `ignore_stopwords=True`: hand ports that differ from the Snowball project's
//! algorithms, ported with their quirks), the Bengali RafiStemmer, TurkishStemmer 1.3 and the
//! fork's Hindi suffix stripper.
//!
//! Words are code points ([`Word`]), as the Python code indexes them; every stemmer works in a
//! caller-provided `[char]` buffer of [`scratch_chars`] code points and allocates nothing.
//! `tests/multilingual_stems.rs` checks each against the XL-Sum scorer's own output on every
//! word of `../shared/multilingual/stems.jsonl`.
//!
//! The fork stems only tokens of more than 3 code points (`MultiStemmer.__call__`); that rule
//! is the caller's (the XL-Sum tokeniser), not a stemmer's: [`stem`] stems any word.

pub(crate) mod bengali;
pub(crate) mod hindi;
pub(crate) mod snowball;
// Generated (see the file's first line): kept as its generator writes it.
#[rustfmt::skip]
pub(crate) mod stopwords;
pub(crate) mod turkish;
pub mod word;

pub use word::Word;

/// A stemmer the XL-Sum scorer can build (`stemmers.py` `LANG2STEMMER`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stemmer {
    /// NLTK's `PorterStemmer()` (NLTK_EXTENSIONS), the fork's stemmer when no `lang` is given
    /// (`SnowballStemmer("porter")`; no stop words).
    Porter,
    /// NLTK's `ArabicStemmer`, in the steady state of its class-level flag (see its module).
    Arabic,
    /// NLTK's `DanishStemmer`.
    Danish,
    /// NLTK's `DutchStemmer`.
    Dutch,
    /// NLTK's `EnglishStemmer` (Porter2 as NLTK writes it).
    English,
    /// NLTK's `FinnishStemmer`.
    Finnish,
    /// NLTK's `FrenchStemmer`.
    French,
    /// NLTK's `GermanStemmer`.
    German,
    /// NLTK's `HungarianStemmer`.
    Hungarian,
    /// NLTK's `ItalianStemmer`.
    Italian,
    /// NLTK's `NorwegianStemmer`.
    Norwegian,
    /// NLTK's `PortugueseStemmer`.
    Portuguese,
    /// NLTK's `RomanianStemmer`.
    Romanian,
    /// NLTK's `RussianStemmer`.
    Russian,
    /// NLTK's `SpanishStemmer`.
    Spanish,
    /// NLTK's `SwedishStemmer`.
    Swedish,
    /// The Bengali RafiStemmer with `common.rules`.
    Bengali,
    /// TurkishStemmer 1.3.
    Turkish,
    /// The fork's Hindi suffix stripper.
    Hindi,
}

impl Stemmer {
    /// Every stemmer, in the order of the enum.
    pub const ALL: [Stemmer; 19] = [
        Stemmer::Porter,
        Stemmer::Arabic,
        Stemmer::Danish,
        Stemmer::Dutch,
        Stemmer::English,
        Stemmer::Finnish,
        Stemmer::French,
        Stemmer::German,
        Stemmer::Hungarian,
        Stemmer::Italian,
        Stemmer::Norwegian,
        Stemmer::Portuguese,
        Stemmer::Romanian,
        Stemmer::Russian,
        Stemmer::Spanish,
        Stemmer::Swedish,
        Stemmer::Bengali,
        Stemmer::Turkish,
        Stemmer::Hindi,
    ];

    /// The name `stems.jsonl` and NLTK give the stemmer (`"porter"`, `"arabic"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Stemmer::Porter => "porter",
            Stemmer::Arabic => "arabic",
            Stemmer::Danish => "danish",
            Stemmer::Dutch => "dutch",
            Stemmer::English => "english",
            Stemmer::Finnish => "finnish",
            Stemmer::French => "french",
            Stemmer::German => "german",
            Stemmer::Hungarian => "hungarian",
            Stemmer::Italian => "italian",
            Stemmer::Norwegian => "norwegian",
            Stemmer::Portuguese => "portuguese",
            Stemmer::Romanian => "romanian",
            Stemmer::Russian => "russian",
            Stemmer::Spanish => "spanish",
            Stemmer::Swedish => "swedish",
            Stemmer::Bengali => "bengali",
            Stemmer::Turkish => "turkish",
            Stemmer::Hindi => "hindi",
        }
    }

    /// The stemmer of a name as [`Stemmer::name`] gives it.
    pub fn from_name(name: &str) -> Option<Stemmer> {
        Stemmer::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Code points of scratch [`stem`] needs for a word of `word_chars` code points: the word
/// itself with room to grow (a stem can be longer than its word: German `ß` becomes `ss`)
/// and the copies some ports keep of its regions (NLTK's `r1`, `r2`, `rv` are strings that
/// some steps update apart from the word).
///
/// `14n + 64`: the Russian port needs the most, three strings of `4n + 16` after the word's
/// `2n + 16` (NLTK stems a Latin transliteration up to 4 times as long as the word, `щ` ->
/// `shch`, and keeps RV and R2 as strings of it beside the word).
pub const fn scratch_chars(word_chars: usize) -> usize {
    word_chars.saturating_mul(14).saturating_add(64)
}

/// Code points of the word buffer (the first part of the scratch): the most a stem can grow to.
const fn word_capacity(word_chars: usize) -> usize {
    word_chars.saturating_mul(2).saturating_add(16)
}

/// Stems `word` as `stemmer`, in `scratch`; the stem is returned as a slice of it. `None` when
/// `scratch` is shorter than [`scratch_chars`]`(word.len())`.
pub fn stem<'s>(stemmer: Stemmer, word: &[char], scratch: &'s mut [char]) -> Option<&'s [char]> {
    if scratch.len() < scratch_chars(word.len()) {
        return None;
    }
    // Checked (never `None` past the test above): `split_at_mut` would leave a panic site.
    let (buf, spare) = scratch.split_at_mut_checked(word_capacity(word.len()))?;
    let mut w = Word::from_chars(buf, word);
    stem_word(stemmer, &mut w, spare);
    debug_assert!(!w.overflowed(), "{stemmer:?} outgrew its buffer");
    let len = w.len();
    buf_prefix(scratch, len)
}

fn buf_prefix(scratch: &[char], len: usize) -> Option<&[char]> {
    scratch.get(..len)
}

/// Dispatch: each port stems `word` in place, with `spare` (at least
/// `scratch_chars(n) - word_capacity(n)` code points for a word of `n`) for its own buffers.
fn stem_word(stemmer: Stemmer, word: &mut Word<'_>, spare: &mut [char]) {
    match stemmer {
        Stemmer::Danish => snowball::danish::stem(word, spare),
        Stemmer::Dutch => snowball::dutch::stem(word, spare),
        Stemmer::Finnish => snowball::finnish::stem(word, spare),
        Stemmer::German => snowball::german::stem(word, spare),
        Stemmer::Hungarian => snowball::hungarian::stem(word, spare),
        Stemmer::Norwegian => snowball::norwegian::stem(word, spare),
        Stemmer::Russian => snowball::russian::stem(word, spare),
        Stemmer::Swedish => snowball::swedish::stem(word, spare),
        Stemmer::Bengali => bengali::stem(word),
        Stemmer::Turkish => turkish::stem(word, spare),
        Stemmer::Hindi => hindi::stem(word),
        Stemmer::Porter => snowball::porter::stem(word, spare),
        Stemmer::Arabic => snowball::arabic::stem(word),
        Stemmer::English => snowball::english::stem(word, spare),
        Stemmer::French => snowball::french::stem(word, spare),
        Stemmer::Italian => snowball::italian::stem(word, spare),
        Stemmer::Portuguese => snowball::portuguese::stem(word, spare),
        Stemmer::Romanian => snowball::romanian::stem(word, spare),
        Stemmer::Spanish => snowball::spanish::stem(word, spare),
    }
}

/// Whether `word` is in `list` (a sorted stopword table of [`stopwords`]).
pub(crate) fn is_stopword(list: &[&str], word: &[char]) -> bool {
    list.binary_search_by(|s| cmp_str_chars(s, word)).is_ok()
}

/// Orders `s` against `word` by code points (Python's string order).
fn cmp_str_chars(s: &str, word: &[char]) -> core::cmp::Ordering {
    let mut a = s.chars();
    let mut b = word.iter();
    loop {
        match (a.next(), b.next()) {
            (None, None) => return core::cmp::Ordering::Equal,
            (None, Some(_)) => return core::cmp::Ordering::Less,
            (Some(_), None) => return core::cmp::Ordering::Greater,
            (Some(x), Some(&y)) if x != y => return x.cmp(&y),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_stopword_tables_are_sorted_sets() {
        for list in [
            stopwords::ARABIC,
            stopwords::DANISH,
            stopwords::DUTCH,
            stopwords::ENGLISH,
            stopwords::FINNISH,
            stopwords::FRENCH,
            stopwords::GERMAN,
            stopwords::HUNGARIAN,
            stopwords::ITALIAN,
            stopwords::NORWEGIAN,
            stopwords::PORTUGUESE,
            stopwords::ROMANIAN,
            stopwords::RUSSIAN,
            stopwords::SPANISH,
            stopwords::SWEDISH,
        ] {
            for w in list.windows(2) {
                assert!(w[0] < w[1], "{w:?}");
            }
            for s in list {
                let chars: Vec<char> = s.chars().collect();
                assert!(is_stopword(list, &chars), "{s}");
            }
        }
        let the: Vec<char> = "the".chars().collect();
        let cat: Vec<char> = "cat".chars().collect();
        assert!(is_stopword(stopwords::ENGLISH, &the) && !is_stopword(stopwords::ENGLISH, &cat));
        assert_eq!(stopwords::ARABIC.len(), 701);
        assert_eq!(stopwords::FINNISH.len(), 229);
    }

    #[test]
    fn test_names_round_trip() {
        for s in Stemmer::ALL {
            assert_eq!(Stemmer::from_name(s.name()), Some(s));
        }
        assert_eq!(Stemmer::from_name("klingon"), None);
    }
}
