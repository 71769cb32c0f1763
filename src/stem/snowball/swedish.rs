//! NLTK 3.10.4's `SwedishStemmer` (`nltk/stem/snowball.py` L5768-5877), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`). NLTK keeps R1 as a string it shortens with the word;
//! here it is a copy in `spare`, shortened the same way.

use super::pystr::{self, at, ends_with_any, region, take};
use super::{is_in, r1_scandinavian};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyäåö";
const S_ENDING: &str = "bcdfghjklmnoprtvy";
const STEP1_SUFFIXES: [&str; 37] = [
    "heterna", "hetens", "heter", "heten", "anden", "arnas", "ernas", "ornas", "andes", "andet",
    "arens", "arna", "erna", "orna", "ande", "arne", "aste", "aren", "ades", "erns", "ade", "are",
    "ern", "ens", "het", "ast", "ad", "en", "ar", "er", "or", "as", "es", "at", "a", "e", "s",
];
const STEP2_SUFFIXES: [&str; 7] = ["dd", "gd", "nn", "dt", "gt", "kt", "tt"];
const STEP3_SUFFIXES: [&str; 5] = ["fullt", "löst", "els", "lig", "ig"];

/// `SwedishStemmer.stem`: stems `word` in place; `spare` holds R1 (at least twice the word's
/// code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::SWEDISH, word.chars()) {
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

    // STEP 3 (R1 is not needed after it: NLTK leaves it as it is).
    if let Some(suffix) = STEP3_SUFFIXES.into_iter().find(|s| r1.ends_with(s)) {
        match suffix {
            "els" | "lig" | "ig" => word.drop_last(char_count(suffix)),
            // "fullt", "löst"
            _ => word.drop_last(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("swedish", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Swedish,
            &[
                ("klockorna", "klock"),
                ("löst", "löst"),
                ("kärlekens", "kärlek"),
                ("lyckligt", "lyck"),
            ],
        );
    }
}
