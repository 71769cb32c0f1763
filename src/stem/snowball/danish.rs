//! NLTK 3.10.4's `DanishStemmer` (`nltk/stem/snowball.py` L909-1067), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`). NLTK keeps R1 as a string it shortens with the word;
//! here it is a copy in `spare`, shortened the same way.

use super::pystr::{self, at, ends_with_any, region, take};
use super::{is_in, r1_scandinavian};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyæåø";
const DOUBLE_CONSONANTS: [&str; 20] = [
    "bb", "cc", "dd", "ff", "gg", "hh", "jj", "kk", "ll", "mm", "nn", "pp", "qq", "rr", "ss", "tt",
    "vv", "ww", "xx", "zz",
];
const S_ENDING: &str = "abcdfghjklmnoprtvyzå";
const STEP1_SUFFIXES: [&str; 32] = [
    "erendes", "erende", "hedens", "ethed", "erede", "heden", "heder", "endes", "ernes", "erens",
    "erets", "ered", "ende", "erne", "eren", "erer", "heds", "enes", "eres", "eret", "hed", "ene",
    "ere", "ens", "ers", "ets", "en", "er", "es", "et", "e", "s",
];
const STEP2_SUFFIXES: [&str; 4] = ["gd", "dt", "gt", "kt"];
const STEP3_SUFFIXES: [&str; 5] = ["elig", "løst", "lig", "els", "ig"];

/// `DanishStemmer.stem`: stems `word` in place; `spare` holds R1 (at least twice the word's
/// code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::DANISH, word.chars()) {
        return;
    }
    let (buf, _) = take(spare, word.len());
    let mut r1 = region(buf, word.chars(), r1_scandinavian(word.chars(), VOWELS));

    // STEP 1
    for suffix in STEP1_SUFFIXES {
        if r1.ends_with(suffix) {
            if suffix == "s" {
                // `word[-2]` exists: a non-empty R1 has 3 letters before it.
                if at(word.chars(), -2).is_some_and(|c| is_in(c, S_ENDING)) {
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

    // STEP 3
    if r1.ends_with("igst") {
        word.drop_last(2);
        r1.drop_last(2);
    }
    for suffix in STEP3_SUFFIXES {
        if r1.ends_with(suffix) {
            if suffix == "løst" {
                word.drop_last(1);
                r1.drop_last(1);
            } else {
                word.drop_last(char_count(suffix));
                r1.drop_last(char_count(suffix));
                if ends_with_any(&r1, &STEP2_SUFFIXES) {
                    word.drop_last(1);
                    r1.drop_last(1);
                }
            }
            break;
        }
    }

    // STEP 4: Undouble
    if word.len() > 3 && ends_with_any(word, &DOUBLE_CONSONANTS) {
        word.drop_last(1);
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("danish", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Danish,
            &[
                ("løst", "løst"),
                ("kærligst", "kær"), // igst, then lig
                ("bogens", "bog"),
                ("hjemmets", "hjem"), // undouble
                ("ALLE", "alle"),     // lowercased, a stopword
            ],
        );
    }
}
