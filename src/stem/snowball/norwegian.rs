//! NLTK 3.10.4's `NorwegianStemmer` (`nltk/stem/snowball.py` L3579-3697), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`). NLTK keeps R1 as a string it shortens with the word;
//! here it is a copy in `spare`, shortened the same way.

use super::pystr::{self, at, ends_with_any, region, take};
use super::{is_in, r1_scandinavian};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyæåø";
const S_ENDING: &str = "bcdfghjlmnoprtvyz";
const STEP1_SUFFIXES: [&str; 29] = [
    "hetenes", "hetene", "hetens", "heter", "heten", "endes", "ande", "ende", "edes", "enes",
    "erte", "ede", "ane", "ene", "ens", "ers", "ets", "het", "ast", "ert", "en", "ar", "er", "as",
    "es", "et", "a", "e", "s",
];
const STEP2_SUFFIXES: [&str; 2] = ["dt", "vt"];
const STEP3_SUFFIXES: [&str; 11] = [
    "hetslov", "eleg", "elig", "elov", "slov", "leg", "eig", "lig", "els", "lov", "ig",
];

/// `NorwegianStemmer.stem`: stems `word` in place; `spare` holds R1 (at least twice the word's
/// code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::NORWEGIAN, word.chars()) {
        return;
    }
    let (buf, _) = take(spare, word.len());
    let mut r1 = region(buf, word.chars(), r1_scandinavian(word.chars(), VOWELS));

    // STEP 1
    for suffix in STEP1_SUFFIXES {
        if r1.ends_with(suffix) {
            if suffix == "erte" || suffix == "ert" {
                word.replace_suffix(char_count(suffix), "er");
                r1.replace_suffix(char_count(suffix), "er");
            } else if suffix == "s" {
                // `word[-2]` and `word[-3]` exist: a non-empty R1 has 3 letters before it.
                let w = word.chars();
                let before = at(w, -2);
                if before.is_some_and(|c| is_in(c, S_ENDING))
                    || (before == Some('k') && at(w, -3).is_some_and(|c| !is_in(c, VOWELS)))
                {
                    word.drop_last(1);
                    r1.drop_last(1);
                }
            } else {
                word.drop_last(char_count(suffix));
                r1.drop_last(char_count(suffix));
            }
            break;
        }
    }

    // STEP 2
    if ends_with_any(&r1, &STEP2_SUFFIXES) {
        word.drop_last(1);
        r1.drop_last(1);
    }

    // STEP 3 (R1 is not needed after it: NLTK leaves it as it is).
    if let Some(suffix) = STEP3_SUFFIXES.into_iter().find(|s| r1.ends_with(s)) {
        word.drop_last(char_count(suffix));
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("norwegian", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Norwegian,
            &[
                ("kjærlighet", "kjær"),
                ("opplevelse", "opplev"),
                ("studerte", "studer"), // erte -> er
                ("ferskt", "ferskt"),
                ("bildene", "bild"),
            ],
        );
    }
}
