//! NLTK 3.10.4's `SpanishStemmer` (`nltk/stem/snowball.py` L5370-5766, line numbers below are
//! that file's), built as the XL-Sum scorer builds it (`ignore_stopwords=True`).
//!
//! NLTK keeps R1, R2 and RV as strings cut beside the word, each only where NLTK cuts it (R2
//! is cut after `amente` or `idad` but RV alone after `ico`; step 1's `idad` tests R2 after the
//! word has been cut from it); they are kept here as words of their own (copies in `spare`).

use super::py;
use crate::stem::word::eq_str;
use crate::stem::{stopwords, Word};

/// `__vowels` (L5392).
const VOWELS: &str = "aeiou\u{e1}\u{e9}\u{ed}\u{f3}\u{fa}\u{fc}";
// `__step0_suffixes` .. `__step3_suffixes` (L5393-5570), in NLTK's order.
const STEP0_SUFFIXES: [&str; 13] = [
    "selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo",
];
const STEP1_SUFFIXES: [&str; 48] = [
    "amientos",
    "imientos",
    "amiento",
    "imiento",
    "acion",
    "aciones",
    "uciones",
    "ucion",
    "adoras",
    "adores",
    "ancias",
    "log\u{ed}as",
    "encias",
    "amente",
    "idades",
    "anzas",
    "ismos",
    "ables",
    "ibles",
    "istas",
    "adora",
    "aci\u{f3}n",
    "antes",
    "ancia",
    "log\u{ed}a",
    "uci\u{f3}n",
    "encia",
    "mente",
    "anza",
    "icos",
    "icas",
    "ismo",
    "able",
    "ible",
    "ista",
    "osos",
    "osas",
    "ador",
    "ante",
    "idad",
    "ivas",
    "ivos",
    "ico",
    "ica",
    "oso",
    "osa",
    "iva",
    "ivo",
];
const STEP2A_SUFFIXES: [&str; 12] = [
    "yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo", "y\u{f3}",
];
const STEP2B_SUFFIXES: [&str; 96] = [
    "ar\u{ed}amos",
    "er\u{ed}amos",
    "ir\u{ed}amos",
    "i\u{e9}ramos",
    "i\u{e9}semos",
    "ar\u{ed}ais",
    "aremos",
    "er\u{ed}ais",
    "eremos",
    "ir\u{ed}ais",
    "iremos",
    "ierais",
    "ieseis",
    "asteis",
    "isteis",
    "\u{e1}bamos",
    "\u{e1}ramos",
    "\u{e1}semos",
    "ar\u{ed}an",
    "ar\u{ed}as",
    "ar\u{e9}is",
    "er\u{ed}an",
    "er\u{ed}as",
    "er\u{e9}is",
    "ir\u{ed}an",
    "ir\u{ed}as",
    "ir\u{e9}is",
    "ieran",
    "iesen",
    "ieron",
    "iendo",
    "ieras",
    "ieses",
    "abais",
    "arais",
    "aseis",
    "\u{e9}amos",
    "ar\u{e1}n",
    "ar\u{e1}s",
    "ar\u{ed}a",
    "er\u{e1}n",
    "er\u{e1}s",
    "er\u{ed}a",
    "ir\u{e1}n",
    "ir\u{e1}s",
    "ir\u{ed}a",
    "iera",
    "iese",
    "aste",
    "iste",
    "aban",
    "aran",
    "asen",
    "aron",
    "ando",
    "abas",
    "adas",
    "idas",
    "aras",
    "ases",
    "\u{ed}ais",
    "ados",
    "idos",
    "amos",
    "imos",
    "emos",
    "ar\u{e1}",
    "ar\u{e9}",
    "er\u{e1}",
    "er\u{e9}",
    "ir\u{e1}",
    "ir\u{e9}",
    "aba",
    "ada",
    "ida",
    "ara",
    "ase",
    "\u{ed}an",
    "ado",
    "ido",
    "\u{ed}as",
    "\u{e1}is",
    "\u{e9}is",
    "\u{ed}a",
    "ad",
    "ed",
    "id",
    "an",
    "i\u{f3}",
    "ar",
    "er",
    "ir",
    "as",
    "\u{ed}s",
    "en",
    "es",
];
const STEP3_SUFFIXES: [&str; 8] = ["os", "a", "e", "o", "\u{e1}", "\u{e9}", "\u{ed}", "\u{f3}"];
/// What step 0 wants before an attached pronoun in RV (L5600-5609).
const STEP0_BEFORE: [&str; 10] = [
    "ando",
    "\u{e1}ndo",
    "ar",
    "\u{e1}r",
    "er",
    "\u{e9}r",
    "iendo",
    "i\u{e9}ndo",
    "ir",
    "\u{ed}r",
];
/// Step 1's suffixes deleted with a following `ic` in R2 (L5649-5659).
const STEP1_IC: [&str; 11] = [
    "adora",
    "ador",
    "aci\u{f3}n",
    "adoras",
    "adores",
    "acion",
    "aciones",
    "ante",
    "antes",
    "ancia",
    "ancias",
];

fn one_of(s: &str, list: &[&str]) -> bool {
    list.contains(&s)
}

/// `__replace_accented` (L5748-5766): `á é í ó ú` lose their accents (`ü` keeps its).
fn replace_accented(w: &mut Word<'_>) {
    for c in w.chars_mut() {
        *c = match *c {
            '\u{e1}' => 'a',
            '\u{e9}' => 'e',
            '\u{ed}' => 'i',
            '\u{f3}' => 'o',
            '\u{fa}' => 'u',
            other => other,
        };
    }
}

/// `w = self.__replace_accented(w[: -n])`.
fn cut_replace_accented(w: &mut Word<'_>, n: usize) {
    w.drop_last(n);
    replace_accented(w);
}

/// `SpanishStemmer.stem` (L5572-5746) in place; `spare` holds R1, R2, RV and the lowercase
/// copy.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let (r1_buf, r2_buf, rv_buf) = py::thirds(spare);
    py::lower(word, r1_buf);
    if crate::stem::is_stopword(stopwords::SPANISH, word.chars()) {
        return;
    }
    let mut step1_success = false;

    let (r1_start, r2_start) = super::r1r2_standard(word.chars(), VOWELS);
    let rv_start = super::rv_standard(word.chars(), VOWELS);
    let tail = |start: usize| word.chars().get(start..).unwrap_or(&[]);
    let mut r1 = Word::from_chars(r1_buf, tail(r1_start));
    let mut r2 = Word::from_chars(r2_buf, tail(r2_start));
    let mut rv = Word::from_chars(rv_buf, tail(rv_start));

    // STEP 0: Attached pronoun (L5592-5620)
    for suffix in STEP0_SUFFIXES {
        if !(word.ends_with(suffix) && rv.ends_with(suffix)) {
            continue;
        }
        let n = suffix.chars().count();
        let rv_before = rv.chars().get(..rv.len() - n).unwrap_or(&[]);
        let word_before = word.chars().get(..word.len() - n).unwrap_or(&[]);
        if py::ends_with_any(rv_before, &STEP0_BEFORE)
            || (py::ends_with_any(rv_before, &["yendo"])
                && py::ends_with_any(word_before, &["uyendo"]))
        {
            cut_replace_accented(word, n);
            cut_replace_accented(&mut r1, n);
            cut_replace_accented(&mut r2, n);
            cut_replace_accented(&mut rv, n);
        }
        break;
    }

    // STEP 1: Standard suffix removal (L5622-5710)
    for suffix in STEP1_SUFFIXES {
        if !word.ends_with(suffix) {
            continue;
        }
        let n = suffix.chars().count();
        if suffix == "amente" && r1.ends_with(suffix) {
            step1_success = true;
            word.drop_last(6);
            r2.drop_last(6);
            rv.drop_last(6);
            if r2.ends_with("iv") {
                word.drop_last(2);
                r2.drop_last(2);
                rv.drop_last(2);
                if r2.ends_with("at") {
                    word.drop_last(2);
                    rv.drop_last(2);
                }
            } else if py::ends_with_any(r2.chars(), &["os", "ic", "ad"]) {
                word.drop_last(2);
                rv.drop_last(2);
            }
        } else if r2.ends_with(suffix) {
            step1_success = true;
            if one_of(suffix, &STEP1_IC) {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                if r2.ends_with("ic") {
                    word.drop_last(2);
                    rv.drop_last(2);
                }
            } else if one_of(suffix, &["log\u{ed}a", "log\u{ed}as"]) {
                word.replace_suffix(n, "log");
                rv.replace_suffix(n, "log");
            } else if one_of(suffix, &["uci\u{f3}n", "uciones", "ucion"]) {
                word.replace_suffix(n, "u");
                rv.replace_suffix(n, "u");
            } else if one_of(suffix, &["encia", "encias"]) {
                word.replace_suffix(n, "ente");
                rv.replace_suffix(n, "ente");
            } else if suffix == "mente" {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                if py::ends_with_any(r2.chars(), &["ante", "able", "ible"]) {
                    word.drop_last(4);
                    rv.drop_last(4);
                }
            } else if one_of(suffix, &["idad", "idades"]) {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                // NLTK quirk: R2 is not cut with the word, so each test sees the same R2.
                for pre_suff in ["abil", "ic", "iv"] {
                    if r2.ends_with(pre_suff) {
                        word.drop_last(pre_suff.len());
                        rv.drop_last(pre_suff.len());
                    }
                }
            } else if one_of(suffix, &["ivo", "iva", "ivos", "ivas"]) {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                if r2.ends_with("at") {
                    word.drop_last(2);
                    rv.drop_last(2);
                }
            } else {
                word.drop_last(n);
                rv.drop_last(n);
            }
        }
        break;
    }

    if !step1_success {
        // STEP 2a: Verb suffixes beginning 'y' (L5712-5718)
        for suffix in STEP2A_SUFFIXES {
            let n = suffix.chars().count();
            if rv.ends_with(suffix) && eq_str(py::back_slice(word.chars(), n + 1, n), "u") {
                word.drop_last(n);
                rv.drop_last(n);
                break;
            }
        }

        // STEP 2b: Other verb suffixes (L5720-5731), whether or not 2a removed one.
        for suffix in STEP2B_SUFFIXES {
            if rv.ends_with(suffix) {
                let n = suffix.chars().count();
                word.drop_last(n);
                rv.drop_last(n);
                if one_of(suffix, &["en", "es", "\u{e9}is", "emos"]) {
                    if word.ends_with("gu") {
                        word.drop_last(1);
                    }
                    if rv.ends_with("gu") {
                        rv.drop_last(1);
                    }
                }
                break;
            }
        }
    }

    // STEP 3: Residual suffix (L5733-5742)
    for suffix in STEP3_SUFFIXES {
        if rv.ends_with(suffix) {
            let n = suffix.chars().count();
            word.drop_last(n);
            if suffix == "e" || suffix == "\u{e9}" {
                rv.drop_last(n);
                if word.ends_with("gu") && rv.ends_with("u") {
                    word.drop_last(1);
                }
            }
            break;
        }
    }

    debug_assert!(
        !(r1.overflowed() || r2.overflowed() || rv.overflowed()),
        "a region outgrew its buffer"
    );
    replace_accented(word);
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // Values from NLTK 3.10.4: SnowballStemmer("spanish", ignore_stopwords=True).stem(word).
        for (word, stem) in [
            ("cant\u{e1}ndoselo", "cant"),        // cantándoselo -> cant
            ("haci\u{e9}ndolo", "hac"),           // haciéndolo -> hac
            ("Nacionalidades", "nacional"),       // Nacionalidades -> nacional
            ("huyendo", "huyend"),                // huyendo -> huyend
            ("averig\u{fc}emos", "averig\u{fc}"), // averigüemos -> averigü
            ("l\u{f3}gicamente", "logic"),        // lógicamente -> logic
            ("el", "el"),                         // el -> el
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::Spanish, word),
                stem,
                "{word}"
            );
        }
    }
}
