//! NLTK's `SnowballStemmer("porter")` as the XL-Sum scorer builds it (`stemmers.py`
//! `NLTKStemmer`: `ignore_stopwords=False` for porter, so no stopword list): the class
//! `nltk.stem.snowball.PorterStemmer` (snowball.py L155-170), whose `stem` is
//! `nltk.stem.porter.PorterStemmer.stem` (porter.py L681-705) unchanged. The algorithm is
//! [`crate::text::porter`]'s, run on code points.

use crate::stem::Word;
use crate::text::porter::nltk_stem_chars;

/// Stems `word` in place; `spare` (at least twice the word's length) holds its lowercase copy
/// meanwhile.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let original_len = word.len();
    // porter.py L685: `stem = word.lower()`; L690 tests `len(word)`, the length before.
    super::py::lower(word, spare);
    let n = nltk_stem_chars(word.chars_mut(), original_len);
    word.truncate(n);
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // Values from NLTK 3.10.4: SnowballStemmer("porter").stem(word).
        for (word, stem) in [
            ("\u{130}s", "i\u{307}s"),      // İs -> i̇s
            ("Running", "run"),             // Running -> run
            ("SKIES", "sky"),               // SKIES -> sky
            ("na\u{ef}ve", "na\u{ef}v"),    // naïve -> naïv
            ("se\u{f1}ores", "se\u{f1}or"), // señores -> señor
            ("Stra\u{df}e", "stra\u{df}e"), // Straße -> straße
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::Porter, word),
                stem,
                "{word}"
            );
        }
    }
}
