//! NLTK 3.10.4's `FrenchStemmer` (`nltk/stem/snowball.py` L2128-2622, line numbers below are
//! that file's), built as the XL-Sum scorer builds it (`ignore_stopwords=True`).
//!
//! NLTK computes R1, R2 and RV once, as strings, and tests most suffixes with `suffix in r2`,
//! a substring test, where Snowball means "the suffix lies in R2". R1 and R2 are never updated
//! as the word is cut, RV only by some steps. So they are kept here as words of their own
//! (copies in `spare`), edited only where NLTK edits them, and tested as NLTK tests them.

// NLTK's branches are kept as NLTK writes them, even where two do the same.
#![allow(clippy::if_same_then_else, clippy::collapsible_if)]

use super::py;
use crate::stem::word::{ends_with, starts_with};
use crate::stem::{stopwords, Word};

/// `__vowels` (L2147).
const VOWELS: &str = "aeiouy\u{e2}\u{e0}\u{eb}\u{e9}\u{ea}\u{e8}\u{ef}\u{ee}\u{f4}\u{fb}\u{f9}";
/// `__step1_suffixes` (L2148-2192), in NLTK's order.
const STEP1_SUFFIXES: [&str; 43] = [
    "issements",
    "issement",
    "atrices",
    "atrice",
    "ateurs",
    "ations",
    "logies",
    "usions",
    "utions",
    "ements",
    "amment",
    "emment",
    "ances",
    "iqUes",
    "ismes",
    "ables",
    "istes",
    "ateur",
    "ation",
    "logie",
    "usion",
    "ution",
    "ences",
    "ement",
    "euses",
    "ments",
    "ance",
    "iqUe",
    "isme",
    "able",
    "iste",
    "ence",
    "it\u{e9}s",
    "ives",
    "eaux",
    "euse",
    "ment",
    "eux",
    "it\u{e9}",
    "ive",
    "ifs",
    "aux",
    "if",
];
/// `__step2a_suffixes` (L2193-2229).
const STEP2A_SUFFIXES: [&str; 35] = [
    "issaIent",
    "issantes",
    "iraIent",
    "issante",
    "issants",
    "issions",
    "irions",
    "issais",
    "issait",
    "issant",
    "issent",
    "issiez",
    "issons",
    "irais",
    "irait",
    "irent",
    "iriez",
    "irons",
    "iront",
    "isses",
    "issez",
    "\u{ee}mes",
    "\u{ee}tes",
    "irai",
    "iras",
    "irez",
    "isse",
    "ies",
    "ira",
    "\u{ee}t",
    "ie",
    "ir",
    "is",
    "it",
    "i",
];
/// `__step2b_suffixes` (L2230-2269).
const STEP2B_SUFFIXES: [&str; 38] = [
    "eraIent",
    "assions",
    "erions",
    "assent",
    "assiez",
    "\u{e8}rent",
    "erais",
    "erait",
    "eriez",
    "erons",
    "eront",
    "aIent",
    "antes",
    "asses",
    "ions",
    "erai",
    "eras",
    "erez",
    "\u{e2}mes",
    "\u{e2}tes",
    "ante",
    "ants",
    "asse",
    "\u{e9}es",
    "era",
    "iez",
    "ais",
    "ait",
    "ant",
    "\u{e9}e",
    "\u{e9}s",
    "er",
    "ez",
    "\u{e2}t",
    "ai",
    "as",
    "\u{e9}",
    "a",
];
/// Step 2b's suffixes deleted from the word only (L2492-2512).
const STEP2B_WORD_ONLY: [&str; 19] = [
    "eraIent",
    "erions",
    "\u{e8}rent",
    "erais",
    "erait",
    "eriez",
    "erons",
    "eront",
    "erai",
    "eras",
    "erez",
    "\u{e9}es",
    "era",
    "iez",
    "\u{e9}e",
    "\u{e9}s",
    "er",
    "ez",
    "\u{e9}",
];
/// Step 2b's suffixes deleted from the word and RV (L2516-2535).
const STEP2B_WORD_AND_RV: [&str; 18] = [
    "assions",
    "assent",
    "assiez",
    "aIent",
    "antes",
    "asses",
    "\u{e2}mes",
    "\u{e2}tes",
    "ante",
    "ants",
    "asse",
    "ais",
    "ait",
    "ant",
    "\u{e2}t",
    "ai",
    "as",
    "a",
];
/// `__step4_suffixes` (L2270).
const STEP4_SUFFIXES: [&str; 7] = ["i\u{e8}re", "I\u{e8}re", "ion", "ier", "Ier", "e", "\u{eb}"];

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| super::is_in(c, VOWELS))
}

fn one_of(s: &str, list: &[&str]) -> bool {
    list.contains(&s)
}

/// `__rv_french` (L2588-2622): the start of RV.
fn rv_french(word: &[char]) -> usize {
    if word.len() < 2 {
        return word.len();
    }
    let v = |i: usize| is_vowel(word.get(i).copied());
    if ["par", "col", "tap"].iter().any(|p| starts_with(word, p)) || (v(0) && v(1)) {
        return 3.min(word.len());
    }
    (1..word.len())
        .find(|&i| v(i))
        .map_or(word.len(), |i| i + 1)
}

/// `FrenchStemmer.stem` (L2272-2586) in place; `spare` holds R1, R2, RV and the lowercase
/// copy.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let (r1_buf, r2_buf, rv_buf) = py::thirds(spare);
    py::lower(word, r1_buf);
    if crate::stem::is_stopword(stopwords::FRENCH, word.chars()) {
        return;
    }
    let mut step1_success = false;
    let mut rv_ending_found = false;
    let mut step2a_success = false;
    let mut step2b_success = false;

    // L2291-2315: the letters kept from being vowels, upper-cased in place, each test seeing
    // the letters already changed.
    for i in 1..word.len() {
        if word.get(i - 1) == Some('q') && word.get(i) == Some('u') {
            word.set(i, 'U');
        }
    }
    for i in 1..word.len().saturating_sub(1) {
        let (before, after) = (is_vowel(word.get(i - 1)), is_vowel(word.get(i + 1)));
        if before && after {
            match word.get(i) {
                Some('u') => word.set(i, 'U'),
                Some('i') => word.set(i, 'I'),
                _ => {}
            }
        }
        if (before || after) && word.get(i) == Some('y') {
            word.set(i, 'Y');
        }
    }

    let (r1_start, r2_start) = super::r1r2_standard(word.chars(), VOWELS);
    let rv_start = rv_french(word.chars());
    let tail = |start: usize| word.chars().get(start..).unwrap_or(&[]);
    let r1 = Word::from_chars(r1_buf, tail(r1_start));
    let r2 = Word::from_chars(r2_buf, tail(r2_start));
    let mut rv = Word::from_chars(rv_buf, tail(rv_start));
    let (r1, r2) = (r1.chars(), r2.chars());

    // STEP 1: Standard suffix removal (L2320-2469)
    for suffix in STEP1_SUFFIXES {
        if !word.ends_with(suffix) {
            continue;
        }
        let n = suffix.chars().count();
        if suffix == "eaux" {
            word.drop_last(1);
            step1_success = true;
        } else if one_of(suffix, &["euse", "euses"]) {
            if py::contains(r2, suffix) {
                word.drop_last(n);
                step1_success = true;
            } else if py::contains(r1, suffix) {
                word.replace_suffix(n, "eux");
                step1_success = true;
            }
        } else if one_of(suffix, &["ement", "ements"]) && py::contains(rv.chars(), suffix) {
            word.drop_last(n);
            step1_success = true;
            if word.ends_with("iv") && py::contains(r2, "iv") {
                word.drop_last(2);
                if word.ends_with("at") && py::contains(r2, "at") {
                    word.drop_last(2);
                }
            } else if word.ends_with("eus") {
                if py::contains(r2, "eus") {
                    word.drop_last(3);
                } else if py::contains(r1, "eus") {
                    word.replace_suffix(1, "x");
                }
            } else if py::ends_with_any(word.chars(), &["abl", "iqU"]) {
                if py::contains(r2, "abl") || py::contains(r2, "iqU") {
                    word.drop_last(3);
                }
            } else if py::ends_with_any(word.chars(), &["i\u{e8}r", "I\u{e8}r"]) {
                if py::contains(rv.chars(), "i\u{e8}r") || py::contains(rv.chars(), "I\u{e8}r") {
                    word.replace_suffix(3, "i");
                }
            }
        } else if suffix == "amment" && py::contains(rv.chars(), suffix) {
            word.replace_suffix(6, "ant");
            rv.replace_suffix(6, "ant");
            rv_ending_found = true;
        } else if suffix == "emment" && py::contains(rv.chars(), suffix) {
            // NLTK quirk: RV is not updated here.
            word.replace_suffix(6, "ent");
            rv_ending_found = true;
        } else if one_of(suffix, &["ment", "ments"])
            && py::contains(rv.chars(), suffix)
            && !rv.starts_with(suffix)
            && is_vowel(
                py::rfind(rv.chars(), suffix).and_then(|i| py::at(rv.chars(), i as isize - 1)),
            )
        {
            word.drop_last(n);
            rv.drop_last(n);
            rv_ending_found = true;
        } else if suffix == "aux" && py::contains(r1, suffix) {
            word.replace_suffix(2, "l");
            step1_success = true;
        } else if one_of(suffix, &["issement", "issements"])
            && py::contains(r1, suffix)
            && !is_vowel(word.get_back(n))
        {
            word.drop_last(n);
            step1_success = true;
        } else if one_of(
            suffix,
            &[
                "ance", "iqUe", "isme", "able", "iste", "eux", "ances", "iqUes", "ismes", "ables",
                "istes",
            ],
        ) && py::contains(r2, suffix)
        {
            word.drop_last(n);
            step1_success = true;
        } else if one_of(
            suffix,
            &["atrice", "ateur", "ation", "atrices", "ateurs", "ations"],
        ) && py::contains(r2, suffix)
        {
            word.drop_last(n);
            step1_success = true;
            ic_suffix(word, r2);
        } else if one_of(suffix, &["logie", "logies"]) && py::contains(r2, suffix) {
            word.replace_suffix(n, "log");
            step1_success = true;
        } else if one_of(suffix, &["usion", "ution", "usions", "utions"])
            && py::contains(r2, suffix)
        {
            word.replace_suffix(n, "u");
            step1_success = true;
        } else if one_of(suffix, &["ence", "ences"]) && py::contains(r2, suffix) {
            word.replace_suffix(n, "ent");
            step1_success = true;
        } else if one_of(suffix, &["it\u{e9}", "it\u{e9}s"]) && py::contains(r2, suffix) {
            word.drop_last(n);
            step1_success = true;
            if word.ends_with("abil") {
                if py::contains(r2, "abil") {
                    word.drop_last(4);
                } else {
                    word.replace_suffix(2, "l");
                }
            } else if word.ends_with("ic") {
                ic_suffix(word, r2);
            } else if word.ends_with("iv") && py::contains(r2, "iv") {
                word.drop_last(2);
            }
        } else if one_of(suffix, &["if", "ive", "ifs", "ives"]) && py::contains(r2, suffix) {
            word.drop_last(n);
            step1_success = true;
            if word.ends_with("at") && py::contains(r2, "at") {
                word.drop_last(2);
                ic_suffix(word, r2);
            }
        }
        break;
    }

    // STEP 2a: Verb suffixes beginning 'i' (L2471-2482)
    if !step1_success || rv_ending_found {
        for suffix in STEP2A_SUFFIXES {
            if word.ends_with(suffix) {
                let n = suffix.chars().count();
                // NLTK quirk: where `suffix` starts RV, `rv[-1]`, its last letter, is tested.
                if py::contains(rv.chars(), suffix)
                    && rv.len() > n
                    && !is_vowel(
                        py::rfind(rv.chars(), suffix)
                            .and_then(|i| py::at(rv.chars(), i as isize - 1)),
                    )
                {
                    word.drop_last(n);
                    step2a_success = true;
                }
                break;
            }
        }

        // STEP 2b: Other verb suffixes (L2484-2541)
        if !step2a_success {
            for suffix in STEP2B_SUFFIXES {
                if rv.ends_with(suffix) {
                    let n = suffix.chars().count();
                    if suffix == "ions" && py::contains(r2, "ions") {
                        word.drop_last(4);
                        step2b_success = true;
                    } else if one_of(suffix, &STEP2B_WORD_ONLY) {
                        word.drop_last(n);
                        step2b_success = true;
                    } else if one_of(suffix, &STEP2B_WORD_AND_RV) {
                        word.drop_last(n);
                        rv.drop_last(n);
                        step2b_success = true;
                        if rv.ends_with("e") {
                            word.drop_last(1);
                        }
                    }
                    break;
                }
            }
        }
    }

    if step1_success || step2a_success || step2b_success {
        // STEP 3 (L2543-2548)
        if word.get_back(0) == Some('Y') {
            word.replace_suffix(1, "i");
        } else if word.get_back(0) == Some('\u{e7}') {
            word.replace_suffix(1, "c");
        }
    } else {
        // STEP 4: Residual suffixes (L2550-2569)
        if word.len() >= 2
            && word.get_back(0) == Some('s')
            && !word
                .get_back(1)
                .is_some_and(|c| super::is_in(c, "aiou\u{e8}s"))
        {
            word.drop_last(1);
        }
        for suffix in STEP4_SUFFIXES {
            // NLTK quirk: the loop goes on past a suffix the word ends with but RV lacks.
            if word.ends_with(suffix) && py::contains(rv.chars(), suffix) {
                if suffix == "ion"
                    && py::contains(r2, suffix)
                    && rv.get_back(3).is_some_and(|c| c == 's' || c == 't')
                {
                    word.drop_last(3);
                } else if one_of(suffix, &["ier", "i\u{e8}re", "Ier", "I\u{e8}re"]) {
                    word.replace_suffix(suffix.chars().count(), "i");
                } else if suffix == "e" {
                    word.drop_last(1);
                } else if suffix == "\u{eb}" && ends_with(py::back_slice(word.chars(), 3, 1), "gu")
                {
                    word.drop_last(1);
                }
                break;
            }
        }
    }

    // STEP 5: Undouble (L2571-2573)
    if py::ends_with_any(word.chars(), &["enn", "onn", "ett", "ell", "eill"]) {
        word.drop_last(1);
    }

    // STEP 6: Un-accent (L2575-2582): the last vowel, if not the last letter nor the first, loses
    // an acute or grave accent.
    for i in 1..word.len() {
        let c = word.get_back(i - 1);
        if is_vowel(c) {
            if i != 1 && matches!(c, Some('\u{e9}' | '\u{e8}')) {
                word.set(word.len() - i, 'e');
            }
            break;
        }
    }

    debug_assert!(!rv.overflowed(), "a region outgrew its buffer");
    for c in word.chars_mut() {
        *c = match *c {
            'I' => 'i',
            'U' => 'u',
            'Y' => 'y',
            other => other,
        };
    }
}

/// The `ic` rule of step 1 (L2419-2423, L2447-2451, L2464-2468): `ic` in R2 goes, otherwise it becomes
/// `iqU`. NLTK tests `word[-2:] == "ic"`; a word not ending in `ic` is left alone.
fn ic_suffix(word: &mut Word<'_>, r2: &[char]) {
    if word.ends_with("ic") {
        if py::contains(r2, "ic") {
            word.drop_last(2);
        } else {
            word.replace_suffix(2, "iqU");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // Values from NLTK 3.10.4: SnowballStemmer("french", ignore_stopwords=True).stem(word).
        for (word, stem) in [
            ("continuellement", "continuel"), // continuellement -> continuel
            ("Quelqu\u{2019}un", "quelqu\u{2019}un"), // Quelqu’un -> quelqu’un
            ("yeux", "yeux"),                 // yeux -> yeux
            ("ennuyeux", "ennui"),            // ennuyeux -> ennui
            ("\u{e9}l\u{e9}gamment", "\u{e9}leg"), // élégamment -> éleg
            ("patiemment", "patient"),        // patiemment -> patient
            ("nationalit\u{e9}s", "national"), // nationalités -> national
            ("chanterions", "chant"),         // chanterions -> chant
            ("gu\u{e9}", "gu"),               // gué -> gu
            ("Po\u{e9}sie", "poes"),          // Poésie -> poes
            ("les", "les"),                   // les -> les
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::French, word),
                stem,
                "{word}"
            );
        }
    }
}
