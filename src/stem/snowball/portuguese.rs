//! NLTK 3.10.4's `PortugueseStemmer` (`nltk/stem/snowball.py` L3700-4042, line numbers below
//! are that file's), built as the XL-Sum scorer builds it (`ignore_stopwords=True`).
//!
//! As in NLTK, `ã` and `õ` are written `a~` and `o~` while the word is stemmed (so a word
//! that holds a literal `a~` comes back with `ã`), and R1, R2 and RV are strings cut beside
//! the word, each only where NLTK cuts it; they are kept here as words of their own (copies
//! in `spare`).

use super::py;
use crate::stem::word::eq_str;
use crate::stem::{stopwords, Word};

/// `__vowels` (L3718).
const VOWELS: &str = "aeiou\u{e1}\u{e9}\u{ed}\u{f3}\u{fa}\u{e2}\u{ea}\u{f4}";
// `__step1_suffixes`, `__step2_suffixes`, `__step4_suffixes` (L3719-3890), in NLTK's order.
const STEP1_SUFFIXES: [&str; 47] = [
    "amentos",
    "imentos",
    "u\u{e7}o~es",
    "amento",
    "imento",
    "adoras",
    "adores",
    "a\u{e7}o~es",
    "logias",
    "\u{ea}ncias",
    "amente",
    "idades",
    "an\u{e7}as",
    "ismos",
    "istas",
    "adora",
    "a\u{e7}a~o",
    "antes",
    "\u{e2}ncia",
    "logia",
    "u\u{e7}a~o",
    "\u{ea}ncia",
    "mente",
    "idade",
    "an\u{e7}a",
    "ezas",
    "icos",
    "icas",
    "ismo",
    "\u{e1}vel",
    "\u{ed}vel",
    "ista",
    "osos",
    "osas",
    "ador",
    "ante",
    "ivas",
    "ivos",
    "iras",
    "eza",
    "ico",
    "ica",
    "oso",
    "osa",
    "iva",
    "ivo",
    "ira",
];
const STEP2_SUFFIXES: [&str; 120] = [
    "ar\u{ed}amos",
    "er\u{ed}amos",
    "ir\u{ed}amos",
    "\u{e1}ssemos",
    "\u{ea}ssemos",
    "\u{ed}ssemos",
    "ar\u{ed}eis",
    "er\u{ed}eis",
    "ir\u{ed}eis",
    "\u{e1}sseis",
    "\u{e9}sseis",
    "\u{ed}sseis",
    "\u{e1}ramos",
    "\u{e9}ramos",
    "\u{ed}ramos",
    "\u{e1}vamos",
    "aremos",
    "eremos",
    "iremos",
    "ariam",
    "eriam",
    "iriam",
    "assem",
    "essem",
    "issem",
    "ara~o",
    "era~o",
    "ira~o",
    "arias",
    "erias",
    "irias",
    "ardes",
    "erdes",
    "irdes",
    "asses",
    "esses",
    "isses",
    "astes",
    "estes",
    "istes",
    "\u{e1}reis",
    "areis",
    "\u{e9}reis",
    "ereis",
    "\u{ed}reis",
    "ireis",
    "\u{e1}veis",
    "\u{ed}amos",
    "armos",
    "ermos",
    "irmos",
    "aria",
    "eria",
    "iria",
    "asse",
    "esse",
    "isse",
    "aste",
    "este",
    "iste",
    "arei",
    "erei",
    "irei",
    "aram",
    "eram",
    "iram",
    "avam",
    "arem",
    "erem",
    "irem",
    "ando",
    "endo",
    "indo",
    "adas",
    "idas",
    "ar\u{e1}s",
    "aras",
    "er\u{e1}s",
    "eras",
    "ir\u{e1}s",
    "avas",
    "ares",
    "eres",
    "ires",
    "\u{ed}eis",
    "ados",
    "idos",
    "\u{e1}mos",
    "amos",
    "emos",
    "imos",
    "iras",
    "ada",
    "ida",
    "ar\u{e1}",
    "ara",
    "er\u{e1}",
    "era",
    "ir\u{e1}",
    "ava",
    "iam",
    "ado",
    "ido",
    "ias",
    "ais",
    "eis",
    "ira",
    "ia",
    "ei",
    "am",
    "em",
    "ar",
    "er",
    "ir",
    "as",
    "es",
    "is",
    "eu",
    "iu",
    "ou",
];
const STEP4_SUFFIXES: [&str; 7] = ["os", "a", "i", "o", "\u{e1}", "\u{ed}", "\u{f3}"];

fn one_of(s: &str, list: &[&str]) -> bool {
    list.contains(&s)
}

/// `PortugueseStemmer.stem` (L3892-4042) in place; `spare` holds R1, R2, RV and the lowercase
/// copy.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let (r1_buf, r2_buf, rv_buf) = py::thirds(spare);
    py::lower(word, r1_buf);
    if crate::stem::is_stopword(stopwords::PORTUGUESE, word.chars()) {
        return;
    }
    let mut step1_success = false;
    let mut step2_success = false;

    // L3910-3915 (`ã` and `õ` become two code points: the word buffer has room for twice the
    // word, and a lowercase word is at most twice the word given).
    word.replace_all("\u{e3}", "a~");
    word.replace_all("\u{f5}", "o~");
    word.replace_all("q\u{fc}", "qu");
    word.replace_all("g\u{fc}", "gu");

    let (r1_start, r2_start) = super::r1r2_standard(word.chars(), VOWELS);
    let rv_start = super::rv_standard(word.chars(), VOWELS);
    let tail = |start: usize| word.chars().get(start..).unwrap_or(&[]);
    let r1 = Word::from_chars(r1_buf, tail(r1_start));
    let mut r2 = Word::from_chars(r2_buf, tail(r2_start));
    let mut rv = Word::from_chars(rv_buf, tail(rv_start));

    // STEP 1: Standard suffix removal (L3920-4001)
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
        } else if one_of(suffix, &["ira", "iras"])
            && rv.ends_with(suffix)
            && eq_str(py::back_slice(word.chars(), n + 1, n), "e")
        {
            step1_success = true;
            word.replace_suffix(n, "ir");
            rv.replace_suffix(n, "ir");
        } else if r2.ends_with(suffix) {
            step1_success = true;
            if one_of(suffix, &["logia", "logias"]) {
                word.replace_suffix(n, "log");
                rv.replace_suffix(n, "log");
            } else if one_of(suffix, &["u\u{e7}a~o", "u\u{e7}o~es"]) {
                word.replace_suffix(n, "u");
                rv.replace_suffix(n, "u");
            } else if one_of(suffix, &["\u{ea}ncia", "\u{ea}ncias"]) {
                word.replace_suffix(n, "ente");
                rv.replace_suffix(n, "ente");
            } else if suffix == "mente" {
                word.drop_last(5);
                r2.drop_last(5);
                rv.drop_last(5);
                if py::ends_with_any(r2.chars(), &["ante", "avel", "ivel"]) {
                    word.drop_last(4);
                    rv.drop_last(4);
                }
            } else if one_of(suffix, &["idade", "idades"]) {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                if py::ends_with_any(r2.chars(), &["ic", "iv"]) {
                    word.drop_last(2);
                    rv.drop_last(2);
                } else if r2.ends_with("abil") {
                    word.drop_last(4);
                    rv.drop_last(4);
                }
            } else if one_of(suffix, &["iva", "ivo", "ivas", "ivos"]) {
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

    // STEP 2: Verb suffixes (L4003-4011)
    if !step1_success {
        for suffix in STEP2_SUFFIXES {
            if rv.ends_with(suffix) {
                step2_success = true;
                let n = suffix.chars().count();
                word.drop_last(n);
                rv.drop_last(n);
                break;
            }
        }
    }

    // STEP 3 (L4013-4017)
    if (step1_success || step2_success) && rv.ends_with("i") && word.get_back(1) == Some('c') {
        word.drop_last(1);
        rv.drop_last(1);
    }

    // STEP 4: Residual suffix (L4019-4025)
    if !step1_success && !step2_success {
        for suffix in STEP4_SUFFIXES {
            if rv.ends_with(suffix) {
                let n = suffix.chars().count();
                word.drop_last(n);
                rv.drop_last(n);
                break;
            }
        }
    }

    // STEP 5 (L4027-4038)
    if py::ends_with_any(rv.chars(), &["e", "\u{e9}", "\u{ea}"]) {
        word.drop_last(1);
        rv.drop_last(1);
        if (word.ends_with("gu") && rv.ends_with("u"))
            || (word.ends_with("ci") && rv.ends_with("i"))
        {
            word.drop_last(1);
        }
    } else if word.ends_with("\u{e7}") {
        word.replace_suffix(1, "c");
    }

    debug_assert!(
        !(r2.overflowed() || rv.overflowed()),
        "a region outgrew its buffer"
    );
    word.replace_all("a~", "\u{e3}");
    word.replace_all("o~", "\u{f5}");
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // Values from NLTK 3.10.4: SnowballStemmer("portuguese", ignore_stopwords=True).stem(word).
        for (word, stem) in [
            ("Informa\u{e7}\u{f5}es", "inform"), // Informações -> inform
            ("cidad\u{e3}o", "cidad\u{e3}"),     // cidadão -> cidadã
            ("ma~o", "m\u{e3}"),                 // ma~o -> mã
            ("inteligentemente", "inteligent"),  // inteligentemente -> inteligent
            ("ling\u{fc}i\u{e7}a", "linguic"),   // lingüiça -> linguic
            ("o", "o"),                          // o -> o
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::Portuguese, word),
                stem,
                "{word}"
            );
        }
    }
}
