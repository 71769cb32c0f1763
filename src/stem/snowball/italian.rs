//! NLTK 3.10.4's `ItalianStemmer` (`nltk/stem/snowball.py` L3200-3576, line numbers below are
//! that file's), built as the XL-Sum scorer builds it (`ignore_stopwords=True`).
//!
//! NLTK keeps R1, R2 and RV as strings cut beside the word, each only where NLTK cuts it (and
//! once, after `logia`, sets RV to the word itself minus two letters); they are kept here as
//! words of their own (copies in `spare`).

use super::py;
use crate::stem::{stopwords, Word};

/// `__vowels` (L3218).
const VOWELS: &str = "aeiou\u{e0}\u{e8}\u{ec}\u{f2}\u{f9}";
// `__step0_suffixes`, `__step1_suffixes`, `__step2_suffixes` (L3219-3399), in NLTK's order.
const STEP0_SUFFIXES: [&str; 37] = [
    "gliela", "gliele", "glieli", "glielo", "gliene", "sene", "mela", "mele", "meli", "melo",
    "mene", "tela", "tele", "teli", "telo", "tene", "cela", "cele", "celi", "celo", "cene", "vela",
    "vele", "veli", "velo", "vene", "gli", "ci", "la", "le", "li", "lo", "mi", "ne", "si", "ti",
    "vi",
];
const STEP1_SUFFIXES: [&str; 51] = [
    "atrice",
    "atrici",
    "azione",
    "azioni",
    "uzione",
    "uzioni",
    "usione",
    "usioni",
    "amento",
    "amenti",
    "imento",
    "imenti",
    "amente",
    "abile",
    "abili",
    "ibile",
    "ibili",
    "mente",
    "atore",
    "atori",
    "logia",
    "logie",
    "anza",
    "anze",
    "iche",
    "ichi",
    "ismo",
    "ismi",
    "ista",
    "iste",
    "isti",
    "ist\u{e0}",
    "ist\u{e8}",
    "ist\u{ec}",
    "ante",
    "anti",
    "enza",
    "enze",
    "ico",
    "ici",
    "ica",
    "ice",
    "oso",
    "osi",
    "osa",
    "ose",
    "it\u{e0}",
    "ivo",
    "ivi",
    "iva",
    "ive",
];
const STEP2_SUFFIXES: [&str; 87] = [
    "erebbero", "irebbero", "assero", "assimo", "eranno", "erebbe", "eremmo", "ereste", "eresti",
    "essero", "iranno", "irebbe", "iremmo", "ireste", "iresti", "iscano", "iscono", "issero",
    "arono", "avamo", "avano", "avate", "eremo", "erete", "erono", "evamo", "evano", "evate",
    "iremo", "irete", "irono", "ivamo", "ivano", "ivate", "ammo", "ando", "asse", "assi", "emmo",
    "enda", "ende", "endi", "endo", "erai", "erei", "Yamo", "iamo", "immo", "irai", "irei", "isca",
    "isce", "isci", "isco", "ano", "are", "ata", "ate", "ati", "ato", "ava", "avi", "avo",
    "er\u{e0}", "ere", "er\u{f2}", "ete", "eva", "evi", "evo", "ir\u{e0}", "ire", "ir\u{f2}",
    "ita", "ite", "iti", "ito", "iva", "ivi", "ivo", "ono", "uta", "ute", "uti", "uto", "ar", "ir",
];

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| super::is_in(c, VOWELS))
}

fn one_of(s: &str, list: &[&str]) -> bool {
    list.contains(&s)
}

/// Whether `s` is one of `list` (`s in tuple`).
fn slice_one_of(s: &[char], list: &[&str]) -> bool {
    list.iter().any(|x| crate::stem::word::eq_str(s, x))
}

/// `ItalianStemmer.stem` (L3401-3576) in place; `spare` holds R1, R2, RV and the lowercase
/// copy.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let (r1_buf, r2_buf, rv_buf) = py::thirds(spare);
    py::lower(word, r1_buf);
    if crate::stem::is_stopword(stopwords::ITALIAN, word.chars()) {
        return;
    }
    let mut step1_success = false;

    // L3418-3426: acute accents become grave.
    for c in word.chars_mut() {
        *c = match *c {
            '\u{e1}' => '\u{e0}',
            '\u{e9}' => '\u{e8}',
            '\u{ed}' => '\u{ec}',
            '\u{f3}' => '\u{f2}',
            '\u{fa}' => '\u{f9}',
            other => other,
        };
    }
    // L3428-3444: `u` after `q`, and `u` and `i` between vowels, upper-cased in place, each
    // test seeing the letters already changed.
    for i in 1..word.len() {
        if word.get(i - 1) == Some('q') && word.get(i) == Some('u') {
            word.set(i, 'U');
        }
    }
    for i in 1..word.len().saturating_sub(1) {
        if is_vowel(word.get(i - 1)) && is_vowel(word.get(i + 1)) {
            match word.get(i) {
                Some('u') => word.set(i, 'U'),
                Some('i') => word.set(i, 'I'),
                _ => {}
            }
        }
    }

    let (r1_start, r2_start) = super::r1r2_standard(word.chars(), VOWELS);
    let rv_start = super::rv_standard(word.chars(), VOWELS);
    let tail = |start: usize| word.chars().get(start..).unwrap_or(&[]);
    let mut r1 = Word::from_chars(r1_buf, tail(r1_start));
    let mut r2 = Word::from_chars(r2_buf, tail(r2_start));
    let mut rv = Word::from_chars(rv_buf, tail(rv_start));

    // STEP 0: Attached pronoun (L3450-3464)
    for suffix in STEP0_SUFFIXES {
        if rv.ends_with(suffix) {
            let n = suffix.chars().count();
            if slice_one_of(py::back_slice(rv.chars(), n + 4, n), &["ando", "endo"]) {
                word.drop_last(n);
                r1.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
            } else if slice_one_of(py::back_slice(rv.chars(), n + 2, n), &["ar", "er", "ir"]) {
                word.replace_suffix(n, "e");
                r1.replace_suffix(n, "e");
                r2.replace_suffix(n, "e");
                rv.replace_suffix(n, "e");
            }
            break;
        }
    }

    // STEP 1: Standard suffix removal (L3466-3551)
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
            } else if py::ends_with_any(r2.chars(), &["os", "ic"]) {
                word.drop_last(2);
                rv.drop_last(2);
            } else if r2.ends_with("abil") {
                word.drop_last(4);
                rv.drop_last(4);
            }
        } else if one_of(suffix, &["amento", "amenti", "imento", "imenti"]) && rv.ends_with(suffix)
        {
            step1_success = true;
            word.drop_last(6);
            rv.drop_last(6);
        } else if r2.ends_with(suffix) {
            step1_success = true;
            if one_of(suffix, &["azione", "azioni", "atore", "atori"]) {
                word.drop_last(n);
                r2.drop_last(n);
                rv.drop_last(n);
                if r2.ends_with("ic") {
                    word.drop_last(2);
                    rv.drop_last(2);
                }
            } else if one_of(suffix, &["logia", "logie"]) {
                word.drop_last(2);
                // NLTK quirk: `rv = word[:-2]`, the word (not RV) minus two more letters.
                rv.assign(
                    word.chars()
                        .get(..word.len().saturating_sub(2))
                        .unwrap_or(&[]),
                );
            } else if one_of(suffix, &["uzione", "uzioni", "usione", "usioni"]) {
                word.drop_last(5);
                rv.drop_last(5);
            } else if one_of(suffix, &["enza", "enze"]) {
                word.replace_suffix(n, "te");
                rv.replace_suffix(n, "te");
            } else if suffix == "it\u{e0}" {
                word.drop_last(3);
                r2.drop_last(3);
                rv.drop_last(3);
                if py::ends_with_any(r2.chars(), &["ic", "iv"]) {
                    word.drop_last(2);
                    rv.drop_last(2);
                } else if r2.ends_with("abil") {
                    word.drop_last(4);
                    rv.drop_last(4);
                }
            } else if one_of(suffix, &["ivo", "ivi", "iva", "ive"]) {
                word.drop_last(3);
                r2.drop_last(3);
                rv.drop_last(3);
                if r2.ends_with("at") {
                    word.drop_last(2);
                    r2.drop_last(2);
                    rv.drop_last(2);
                    if r2.ends_with("ic") {
                        word.drop_last(2);
                        rv.drop_last(2);
                    }
                }
            } else {
                word.drop_last(n);
                rv.drop_last(n);
            }
        }
        break;
    }

    // STEP 2: Verb suffixes (L3553-3559)
    if !step1_success {
        for suffix in STEP2_SUFFIXES {
            if rv.ends_with(suffix) {
                let n = suffix.chars().count();
                word.drop_last(n);
                rv.drop_last(n);
                break;
            }
        }
    }

    // STEP 3a (L3561-3568)
    if py::ends_with_any(
        rv.chars(),
        &["a", "e", "i", "o", "\u{e0}", "\u{e8}", "\u{ec}", "\u{f2}"],
    ) {
        word.drop_last(1);
        rv.drop_last(1);
        if rv.ends_with("i") {
            word.drop_last(1);
            rv.drop_last(1);
        }
    }

    // STEP 3b (L3570-3572)
    if py::ends_with_any(rv.chars(), &["ch", "gh"]) {
        word.drop_last(1);
    }

    debug_assert!(
        !(r1.overflowed() || r2.overflowed() || rv.overflowed()),
        "a region outgrew its buffer"
    );
    for c in word.chars_mut() {
        *c = match *c {
            'I' => 'i',
            'U' => 'u',
            other => other,
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // Values from NLTK 3.10.4: SnowballStemmer("italian", ignore_stopwords=True).stem(word).
        for (word, stem) in [
            ("biologia", "biolog"),       // biologia -> biolog
            ("Qualit\u{e0}", "qualit"),   // Qualità -> qualit
            ("abbandonando", "abbandon"), // abbandonando -> abbandon
            ("mangiarlo", "mang"),        // mangiarlo -> mang
            ("\u{e8}", "\u{e8}"),         // è -> è
            ("quiete", "qui"),            // quiete -> qui
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::Italian, word),
                stem,
                "{word}"
            );
        }
    }
}
