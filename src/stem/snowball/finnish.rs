//! NLTK 3.10.4's `FinnishStemmer` (`nltk/stem/snowball.py` L1786-2125), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`).
//!
//! NLTK keeps R1 and R2 as strings it edits beside the word, and not always as the word
//! (step 2 rewrites `kse` in each only where each ends with it; step 5 shortens R2 only on one
//! branch): here they are copies in `spare`, edited exactly as NLTK edits its strings.

use super::pystr::{self, at, region, slice, take};
use super::{is_in, r1r2_standard};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyäö";
const RESTRICTED_VOWELS: &str = "aeiouäö";
const LONG_VOWELS: [&str; 7] = ["aa", "ee", "ii", "oo", "uu", "ää", "öö"];
const CONSONANTS: &str = "bcdfghjklmnpqrstvwxz";
const DOUBLE_CONSONANTS: [&str; 20] = [
    "bb", "cc", "dd", "ff", "gg", "hh", "jj", "kk", "ll", "mm", "nn", "pp", "qq", "rr", "ss", "tt",
    "vv", "ww", "xx", "zz",
];
const STEP1_SUFFIXES: [&str; 10] = [
    "kaan", "kään", "sti", "kin", "han", "hän", "ko", "kö", "pa", "pä",
];
const STEP2_SUFFIXES: [&str; 9] = ["nsa", "nsä", "mme", "nne", "si", "ni", "an", "än", "en"];
const STEP3_SUFFIXES: [&str; 30] = [
    "siin", "tten", "seen", "han", "hen", "hin", "hon", "hän", "hön", "den", "tta", "ttä", "ssa",
    "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "ine", "ta", "tä", "na", "nä",
    "a", "ä", "n",
];
const STEP4_SUFFIXES: [&str; 14] = [
    "impi", "impa", "impä", "immi", "imma", "immä", "mpi", "mpa", "mpä", "mmi", "mma", "mmä",
    "eja", "ejä",
];

/// The word and its two regions, shortened together.
struct Regions<'w, 'a, 'b, 'c> {
    word: &'w mut Word<'a>,
    r1: Word<'b>,
    r2: Word<'c>,
}

impl Regions<'_, '_, '_, '_> {
    /// `word = word[:-n]; r1 = r1[:-n]; r2 = r2[:-n]`.
    fn drop_all(&mut self, n: usize) {
        self.word.drop_last(n);
        self.r1.drop_last(n);
        self.r2.drop_last(n);
    }

    /// `word[-k]` (every site reads a letter that exists: R1 starts after the second letter).
    fn at(&self, k: isize) -> Option<char> {
        at(self.word.chars(), -k)
    }
}

/// `if x.endswith("kse"): x = suffix_replace(x, "kse", "ksi")`.
fn kse_to_ksi(x: &mut Word<'_>) {
    if x.ends_with("kse") {
        x.replace_suffix(3, "ksi");
    }
}

/// `FinnishStemmer.stem`: stems `word` in place; `spare` holds R1 and R2 (at least four times
/// the word's code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::FINNISH, word.chars()) {
        return;
    }
    let mut step3_success = false;
    let (r1_start, r2_start) = r1r2_standard(word.chars(), VOWELS);
    let n = word.len();
    let (buf1, rest) = take(spare, n);
    let (buf2, _) = take(rest, n);
    let r1 = region(buf1, word.chars(), r1_start);
    let r2 = region(buf2, word.chars(), r2_start);
    let mut s = Regions { word, r1, r2 };

    // STEP 1: Particles etc.
    if let Some(suffix) = STEP1_SUFFIXES.into_iter().find(|x| s.r1.ends_with(x)) {
        let len = char_count(suffix);
        if suffix == "sti" {
            // NLTK quirk: `"sti" in r2` anywhere, not at its end.
            if pystr::contains(s.r2.chars(), suffix) {
                s.drop_all(3);
            }
        } else if s
            .at(len as isize + 1)
            .is_some_and(|c| is_in(c, "ntaeiouyäö"))
        {
            s.drop_all(len);
        }
    }

    // STEP 2: Possessives
    if let Some(suffix) = STEP2_SUFFIXES.into_iter().find(|x| s.r1.ends_with(x)) {
        let w = s.word.chars();
        match suffix {
            "si" => {
                if s.at(3) != Some('k') {
                    s.drop_all(2);
                }
            }
            "ni" => {
                s.drop_all(2);
                // NLTK quirk: each string gets `kse` -> `ksi` only if it ends with it itself.
                kse_to_ksi(s.word);
                kse_to_ksi(&mut s.r1);
                kse_to_ksi(&mut s.r2);
            }
            "an" => {
                if pystr::eq_any(slice(w, -4, -2), &["ta", "na"])
                    || pystr::eq_any(slice(w, -5, -2), &["ssa", "sta", "lla", "lta"])
                {
                    s.drop_all(2);
                }
            }
            "än" => {
                if pystr::eq_any(slice(w, -4, -2), &["tä", "nä"])
                    || pystr::eq_any(slice(w, -5, -2), &["ssä", "stä", "llä", "ltä"])
                {
                    s.drop_all(2);
                }
            }
            "en" => {
                if pystr::eq_any(slice(w, -5, -2), &["lle", "ine"]) {
                    s.drop_all(2);
                }
            }
            // "nsa", "nsä", "mme", "nne"
            _ => s.drop_all(3),
        }
    }

    // STEP 3: Cases
    for suffix in STEP3_SUFFIXES {
        if !s.r1.ends_with(suffix) {
            continue;
        }
        let len = char_count(suffix);
        match suffix {
            "han" | "hen" | "hin" | "hon" | "hän" | "hön" => {
                // The vowel of the suffix doubled before it (`word[-4]`).
                if s.at(4) == suffix.chars().nth(1) {
                    s.drop_all(3);
                    step3_success = true;
                }
            }
            "siin" | "den" | "tten" => {
                let k = len as isize;
                if s.at(k + 1) == Some('i')
                    && s.at(k + 2).is_some_and(|c| is_in(c, RESTRICTED_VOWELS))
                {
                    s.drop_all(len);
                    step3_success = true;
                } else {
                    // NLTK quirk: `continue`, so a shorter suffix of the list may still match.
                    continue;
                }
            }
            "seen" => {
                if pystr::eq_any(slice(s.word.chars(), -6, -4), &LONG_VOWELS) {
                    s.drop_all(4);
                    step3_success = true;
                } else {
                    continue;
                }
            }
            "a" | "ä" => {
                if s.at(2).is_some_and(|c| is_in(c, VOWELS))
                    && s.at(3).is_some_and(|c| is_in(c, CONSONANTS))
                {
                    s.drop_all(1);
                    step3_success = true;
                }
            }
            "tta" | "ttä" => {
                if s.at(4) == Some('e') {
                    s.drop_all(3);
                    step3_success = true;
                }
            }
            "n" => {
                s.drop_all(1);
                step3_success = true;
                let end = slice(s.word.chars(), -2, isize::MAX);
                if pystr::eq(end, "ie") || pystr::eq_any(end, &LONG_VOWELS) {
                    s.drop_all(1);
                }
            }
            _ => {
                s.drop_all(len);
                step3_success = true;
            }
        }
        break;
    }

    // STEP 4: Other endings
    if let Some(suffix) = STEP4_SUFFIXES.into_iter().find(|x| s.r2.ends_with(x)) {
        if matches!(suffix, "mpi" | "mpa" | "mpä" | "mmi" | "mma" | "mmä") {
            if !pystr::eq(slice(s.word.chars(), -5, -3), "po") {
                s.drop_all(3);
            }
        } else {
            s.drop_all(char_count(suffix));
        }
    }

    // STEP 5: Plurals
    let Regions {
        word,
        mut r1,
        mut r2,
    } = s;
    let r1_last = at(r1.chars(), -1);
    if step3_success && r1_last.is_some_and(|c| is_in(c, "ij")) {
        // NLTK quirk: R2 is not shortened here.
        word.drop_last(1);
        r1.drop_last(1);
    } else if !step3_success
        && r1_last == Some('t')
        && at(r1.chars(), -2).is_some_and(|c| is_in(c, VOWELS))
    {
        word.drop_last(1);
        r1.drop_last(1);
        r2.drop_last(1);
        if r2.ends_with("imma") {
            word.drop_last(4);
            r1.drop_last(4);
        } else if r2.ends_with("mma") && !pystr::eq(slice(r2.chars(), -5, -3), "po") {
            word.drop_last(3);
            r1.drop_last(3);
        }
    }

    // STEP 6: Tidying up
    if pystr::eq_any(slice(r1.chars(), -2, isize::MAX), &LONG_VOWELS) {
        word.drop_last(1);
        r1.drop_last(1);
    }
    if at(r1.chars(), -2).is_some_and(|c| is_in(c, CONSONANTS))
        && at(r1.chars(), -1).is_some_and(|c| is_in(c, "aäei"))
    {
        word.drop_last(1);
        r1.drop_last(1);
    }
    if r1.ends_with("oj") || r1.ends_with("uj") {
        word.drop_last(1);
        r1.drop_last(1);
    }
    if r1.ends_with("jo") {
        word.drop_last(1);
        r1.drop_last(1);
    }

    // A double consonant followed by zero or more vowels at the end of the word loses its last
    // consonant: `i` counts code points from the end, up to `len(word) - 1`.
    let w = word.chars();
    let Some(i) = (1..w.len()).find(|&i| at(w, -(i as isize)).is_some_and(|c| !is_in(c, VOWELS)))
    else {
        return;
    };
    let i = i as isize;
    if i == 1 {
        if pystr::eq_any(slice(w, -2, isize::MAX), &DOUBLE_CONSONANTS) {
            word.drop_last(1);
        }
    } else if pystr::eq_any(slice(w, -i - 1, -i + 1), &DOUBLE_CONSONANTS) {
        // `word[:-i] + word[-i + 1:]`: the code point `word[-i]` is removed.
        let at_i = w.len() - i as usize;
        if let Some(tail) = word.chars_mut().get_mut(at_i..) {
            tail.rotate_left(1);
        }
        word.drop_last(1);
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("finnish", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Finnish,
            &[
                ("kirjastissa", "kirjast"),
                ("taloissani", "talo"),
                ("linnasti", "linnast"),
                ("kadehdittavasti", "kadehdittav"),
                ("kauneimmiksi", "kauneim"),
                ("taloksesi", "taloks"),
                ("talossaan", "talo"),
            ],
        );
    }
}
