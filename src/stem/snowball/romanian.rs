//! NLTK 3.10.4's `RomanianStemmer` (`nltk/stem/snowball.py` L4045-4527, line numbers below are
//! that file's), built as the XL-Sum scorer builds it (`ignore_stopwords=True`). Its letters
//! are those NLTK writes: `ş` and `ţ` with cedilla (U+015F, U+0163), not the comma-below
//! `ș` and `ț` of today's Romanian text, which it leaves alone.
//!
//! NLTK tests suffixes with `suffix in r1` (a substring test) against regions it computed
//! once and updates only now and then: R1 never, R2 in two groups of step 1, RV in step 0 and
//! step 3. They are kept here as words of their own (copies in `spare`). Step 1 runs until no
//! suffix is replaced, and a final pass that finds a suffix outside R1 resets its success
//! flag (NLTK quirk), which decides whether step 3 runs.

use super::py;
use crate::stem::{stopwords, Word};

/// `__vowels` (L4065).
const VOWELS: &str = "aeiou\u{103}\u{e2}\u{ee}";
// `__step0_suffixes` .. `__step3_suffixes` (L4066-4291), in NLTK's order.
const STEP0_SUFFIXES: [&str; 16] = [
    "iilor",
    "ului",
    "elor",
    "iile",
    "ilor",
    "atei",
    "a\u{163}ie",
    "a\u{163}ia",
    "aua",
    "ele",
    "iua",
    "iei",
    "ile",
    "ul",
    "ea",
    "ii",
];
const STEP1_SUFFIXES: [&str; 46] = [
    "abilitate",
    "abilitati",
    "abilit\u{103}\u{163}i",
    "ibilitate",
    "abilit\u{103}i",
    "ivitate",
    "ivitati",
    "ivit\u{103}\u{163}i",
    "icitate",
    "icitati",
    "icit\u{103}\u{163}i",
    "icatori",
    "ivit\u{103}i",
    "icit\u{103}i",
    "icator",
    "a\u{163}iune",
    "atoare",
    "\u{103}toare",
    "i\u{163}iune",
    "itoare",
    "iciva",
    "icive",
    "icivi",
    "iciv\u{103}",
    "icala",
    "icale",
    "icali",
    "ical\u{103}",
    "ativa",
    "ative",
    "ativi",
    "ativ\u{103}",
    "atori",
    "\u{103}tori",
    "itiva",
    "itive",
    "itivi",
    "itiv\u{103}",
    "itori",
    "iciv",
    "ical",
    "ativ",
    "ator",
    "\u{103}tor",
    "itiv",
    "itor",
];
const STEP2_SUFFIXES: [&str; 62] = [
    "abila",
    "abile",
    "abili",
    "abil\u{103}",
    "ibila",
    "ibile",
    "ibili",
    "ibil\u{103}",
    "atori",
    "itate",
    "itati",
    "it\u{103}\u{163}i",
    "abil",
    "ibil",
    "oasa",
    "oas\u{103}",
    "oase",
    "anta",
    "ante",
    "anti",
    "ant\u{103}",
    "ator",
    "it\u{103}i",
    "iune",
    "iuni",
    "isme",
    "ista",
    "iste",
    "isti",
    "ist\u{103}",
    "i\u{15f}ti",
    "ata",
    "at\u{103}",
    "ati",
    "ate",
    "uta",
    "ut\u{103}",
    "uti",
    "ute",
    "ita",
    "it\u{103}",
    "iti",
    "ite",
    "ica",
    "ice",
    "ici",
    "ic\u{103}",
    "osi",
    "o\u{15f}i",
    "ant",
    "iva",
    "ive",
    "ivi",
    "iv\u{103}",
    "ism",
    "ist",
    "at",
    "ut",
    "it",
    "ic",
    "os",
    "iv",
];
const STEP3_SUFFIXES: [&str; 94] = [
    "seser\u{103}\u{163}i",
    "aser\u{103}\u{163}i",
    "iser\u{103}\u{163}i",
    "\u{e2}ser\u{103}\u{163}i",
    "user\u{103}\u{163}i",
    "seser\u{103}m",
    "aser\u{103}m",
    "iser\u{103}m",
    "\u{e2}ser\u{103}m",
    "user\u{103}m",
    "ser\u{103}\u{163}i",
    "sese\u{15f}i",
    "seser\u{103}",
    "easc\u{103}",
    "ar\u{103}\u{163}i",
    "ur\u{103}\u{163}i",
    "ir\u{103}\u{163}i",
    "\u{e2}r\u{103}\u{163}i",
    "ase\u{15f}i",
    "aser\u{103}",
    "ise\u{15f}i",
    "iser\u{103}",
    "\u{e2}se\u{15f}i",
    "\u{e2}ser\u{103}",
    "use\u{15f}i",
    "user\u{103}",
    "ser\u{103}m",
    "sesem",
    "indu",
    "\u{e2}ndu",
    "eaz\u{103}",
    "e\u{15f}ti",
    "e\u{15f}te",
    "\u{103}\u{15f}ti",
    "\u{103}\u{15f}te",
    "ea\u{163}i",
    "ia\u{163}i",
    "ar\u{103}m",
    "ur\u{103}m",
    "ir\u{103}m",
    "\u{e2}r\u{103}m",
    "asem",
    "isem",
    "\u{e2}sem",
    "usem",
    "se\u{15f}i",
    "ser\u{103}",
    "sese",
    "are",
    "ere",
    "ire",
    "\u{e2}re",
    "ind",
    "\u{e2}nd",
    "eze",
    "ezi",
    "esc",
    "\u{103}sc",
    "eam",
    "eai",
    "eau",
    "iam",
    "iai",
    "iau",
    "a\u{15f}i",
    "ar\u{103}",
    "u\u{15f}i",
    "ur\u{103}",
    "i\u{15f}i",
    "ir\u{103}",
    "\u{e2}\u{15f}i",
    "\u{e2}r\u{103}",
    "ase",
    "ise",
    "\u{e2}se",
    "use",
    "a\u{163}i",
    "e\u{163}i",
    "i\u{163}i",
    "\u{e2}\u{163}i",
    "sei",
    "ez",
    "am",
    "ai",
    "au",
    "ea",
    "ia",
    "ui",
    "\u{e2}i",
    "\u{103}m",
    "em",
    "im",
    "\u{e2}m",
    "se",
];

/// Step 1's groups of suffixes (L4375-4451), replaced by `abil`, `iv`, `ic`, `at` and `it`
/// (R2 too for the last two, where the suffix lies in it).
const STEP1_ABIL: [&str; 4] = [
    "abilitate",
    "abilitati",
    "abilit\u{103}i",
    "abilit\u{103}\u{163}i",
];
const STEP1_IV: [&str; 4] = ["ivitate", "ivitati", "ivit\u{103}i", "ivit\u{103}\u{163}i"];
const STEP1_IC: [&str; 16] = [
    "icitate",
    "icitati",
    "icit\u{103}i",
    "icit\u{103}\u{163}i",
    "icator",
    "icatori",
    "iciv",
    "iciva",
    "icive",
    "icivi",
    "iciv\u{103}",
    "ical",
    "icala",
    "icale",
    "icali",
    "ical\u{103}",
];
const STEP1_AT: [&str; 12] = [
    "ativ",
    "ativa",
    "ative",
    "ativi",
    "ativ\u{103}",
    "a\u{163}iune",
    "atoare",
    "ator",
    "atori",
    "\u{103}toare",
    "\u{103}tor",
    "\u{103}tori",
];
const STEP1_IT: [&str; 9] = [
    "itiv",
    "itiva",
    "itive",
    "itivi",
    "itiv\u{103}",
    "i\u{163}iune",
    "itoare",
    "itor",
    "itori",
];
/// Step 2's suffixes that become `ist` (L4465-4474).
const STEP2_IST: [&str; 8] = [
    "ism",
    "isme",
    "ist",
    "ista",
    "iste",
    "isti",
    "ist\u{103}",
    "i\u{15f}ti",
];
/// Step 3's suffixes deleted wherever they lie in RV (L4486-4507); the others only after a
/// non-vowel.
const STEP3_ANYWHERE: [&str; 20] = [
    "seser\u{103}\u{163}i",
    "seser\u{103}m",
    "ser\u{103}\u{163}i",
    "sese\u{15f}i",
    "seser\u{103}",
    "ser\u{103}m",
    "sesem",
    "se\u{15f}i",
    "ser\u{103}",
    "sese",
    "a\u{163}i",
    "e\u{163}i",
    "i\u{163}i",
    "\u{e2}\u{163}i",
    "sei",
    "\u{103}m",
    "em",
    "im",
    "\u{e2}m",
    "se",
];

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| super::is_in(c, VOWELS))
}

fn one_of(s: &str, list: &[&str]) -> bool {
    list.contains(&s)
}

/// `RomanianStemmer.stem` (L4293-4527) in place; `spare` holds R1, R2, RV and the lowercase
/// copy.
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    let (r1_buf, r2_buf, rv_buf) = py::thirds(spare);
    py::lower(word, r1_buf);
    if crate::stem::is_stopword(stopwords::ROMANIAN, word.chars()) {
        return;
    }
    let mut step1_success = false;
    let mut step2_success = false;

    // L4313-4321: `u` and `i` between vowels upper-cased in place, each test seeing the
    // letters already changed.
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
    let r1 = Word::from_chars(r1_buf, tail(r1_start));
    let mut r2 = Word::from_chars(r2_buf, tail(r2_start));
    let mut rv = Word::from_chars(rv_buf, tail(rv_start));

    // STEP 0: Removal of plurals and other simplifications (L4326-4363)
    for suffix in STEP0_SUFFIXES {
        if !word.ends_with(suffix) {
            continue;
        }
        if py::contains(r1.chars(), suffix) {
            let n = suffix.chars().count();
            let in_rv = py::contains(rv.chars(), suffix);
            if one_of(suffix, &["ul", "ului"]) {
                word.drop_last(n);
                // NLTK quirk: RV is cut by the suffix's length wherever the suffix lies in it.
                if in_rv {
                    rv.drop_last(n);
                } else {
                    rv.clear();
                }
            } else if suffix == "aua"
                || suffix == "atei"
                || (suffix == "ile"
                    && !crate::stem::word::eq_str(py::back_slice(word.chars(), 5, 3), "ab"))
            {
                word.drop_last(2);
            } else if one_of(suffix, &["ea", "ele", "elor"]) {
                word.replace_suffix(n, "e");
                if in_rv {
                    rv.replace_suffix(n, "e");
                } else {
                    rv.clear();
                }
            } else if one_of(suffix, &["ii", "iua", "iei", "iile", "iilor", "ilor"]) {
                word.replace_suffix(n, "i");
                if in_rv {
                    rv.replace_suffix(n, "i");
                } else {
                    rv.clear();
                }
            } else if one_of(suffix, &["a\u{163}ie", "a\u{163}ia"]) {
                word.drop_last(1);
            }
        }
        break;
    }

    // STEP 1: Reduction of combining suffixes (L4365-4453)
    loop {
        let mut replacement_done = false;
        for suffix in STEP1_SUFFIXES {
            if !word.ends_with(suffix) {
                continue;
            }
            // NLTK quirk: R1 is the region of the word as it was before step 0.
            if py::contains(r1.chars(), suffix) {
                step1_success = true;
                replacement_done = true;
                let n = suffix.chars().count();
                if one_of(suffix, &STEP1_ABIL) {
                    word.replace_suffix(n, "abil");
                } else if suffix == "ibilitate" {
                    word.drop_last(5);
                } else if one_of(suffix, &STEP1_IV) {
                    word.replace_suffix(n, "iv");
                } else if one_of(suffix, &STEP1_IC) {
                    word.replace_suffix(n, "ic");
                } else if one_of(suffix, &STEP1_AT) {
                    word.replace_suffix(n, "at");
                    if py::contains(r2.chars(), suffix) {
                        r2.replace_suffix(n, "at");
                    }
                } else if one_of(suffix, &STEP1_IT) {
                    word.replace_suffix(n, "it");
                    if py::contains(r2.chars(), suffix) {
                        r2.replace_suffix(n, "it");
                    }
                }
            } else {
                // NLTK quirk: undoes the success of an earlier pass.
                step1_success = false;
            }
            break;
        }
        // Every replacement shortens the word, so this ends.
        if !replacement_done {
            break;
        }
    }

    // STEP 2: Removal of standard suffixes (L4455-4479)
    for suffix in STEP2_SUFFIXES {
        if !word.ends_with(suffix) {
            continue;
        }
        if py::contains(r2.chars(), suffix) {
            step2_success = true;
            if one_of(suffix, &["iune", "iuni"]) {
                if word.get_back(4) == Some('\u{163}') {
                    word.replace_suffix(5, "t");
                }
            } else if one_of(suffix, &STEP2_IST) {
                word.replace_suffix(suffix.chars().count(), "ist");
            } else {
                word.drop_last(suffix.chars().count());
            }
        }
        break;
    }

    // STEP 3: Removal of verb suffixes (L4481-4516)
    if !step1_success && !step2_success {
        for suffix in STEP3_SUFFIXES {
            // NLTK quirk: the loop goes on past a suffix the word ends with but RV lacks.
            if word.ends_with(suffix) && py::contains(rv.chars(), suffix) {
                let n = suffix.chars().count();
                if one_of(suffix, &STEP3_ANYWHERE) {
                    word.drop_last(n);
                    rv.drop_last(n);
                } else if !rv.starts_with(suffix)
                    && !py::find(rv.chars(), suffix)
                        .and_then(|i| py::at(rv.chars(), i as isize - 1))
                        .is_some_and(|c| super::is_in(c, "aeio\u{103}\u{e2}\u{ee}"))
                {
                    word.drop_last(n);
                }
                break;
            }
        }
    }

    // STEP 4: Removal of final vowel (L4518-4523)
    for suffix in ["ie", "a", "e", "i", "\u{103}"] {
        if word.ends_with(suffix) {
            if py::contains(rv.chars(), suffix) {
                word.drop_last(suffix.chars().count());
            }
            break;
        }
    }

    debug_assert!(
        !(r2.overflowed() || rv.overflowed()),
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
        // Values from NLTK 3.10.4: SnowballStemmer("romanian", ignore_stopwords=True).stem(word).
        for (word, stem) in [
            ("posibilit\u{103}\u{163}ilor", "posibil"), // posibilităţilor -> posibil
            ("omului", "om"),                           // omului -> om
            ("\u{15f}tiin\u{163}\u{103}", "\u{15f}tiin\u{163}"), // ştiinţă -> ştiinţ
            ("\u{219}tiin\u{21b}\u{103}", "\u{219}tiin\u{21b}"), // știință -> științ
            ("copiii", "copii"),                        // copiii -> copii
            ("\u{219}i", "\u{219}i"),                   // și -> și
        ] {
            assert_eq!(
                super::super::py::stem_str(Stemmer::Romanian, word),
                stem,
                "{word}"
            );
        }
    }
}
