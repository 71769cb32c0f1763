//! NLTK 3.10.4's `GermanStemmer` (`nltk/stem/snowball.py` L2625-2781), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`).
//!
//! `ß` becomes `ss` after the stopword test, so a stem can be longer than its word (the word
//! buffer of `crate::stem` leaves room for that). NLTK keeps R1 and R2 as strings it shortens
//! with the word in steps 1 and 2 and only reads in step 3: here they are copies in `spare`.

use super::pystr::{self, at, region, slice, take};
use super::{is_in, r1r2_standard};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyäöü";
const S_ENDING: &str = "bdfghklmnrt";
const ST_ENDING: &str = "bdfghklmnt";
const STEP1_SUFFIXES: [&str; 7] = ["ern", "em", "er", "en", "es", "e", "s"];
const STEP2_SUFFIXES: [&str; 4] = ["est", "en", "er", "st"];
const STEP3_SUFFIXES: [&str; 8] = ["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"];

/// `GermanStemmer.stem`: stems `word` in place (it may grow: `ß` -> `ss`); `spare` holds R1 and
/// R2 (at least four times the word's code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::GERMAN, word.chars()) {
        return;
    }
    word.replace_all("ß", "ss");

    // Every 'u' and 'y' between vowels is put into upper case; each test reads the letters as
    // already changed, as NLTK's loop over its list does.
    let chars = word.chars_mut();
    let mut prev_vowel = false;
    for i in 0..chars.len() {
        // The next letter is read before this loop changes it; the previous one after.
        let next_vowel = chars.get(i + 1).is_some_and(|&c| is_in(c, VOWELS));
        if let Some(c) = chars.get_mut(i) {
            if prev_vowel && next_vowel {
                match *c {
                    'u' => *c = 'U',
                    'y' => *c = 'Y',
                    _ => {}
                }
            }
            prev_vowel = is_in(*c, VOWELS);
        }
    }

    let (mut r1_start, r2_start) = r1r2_standard(word.chars(), VOWELS);
    // R1 is adjusted so that the region before it contains at least 3 letters: NLTK's
    // `r1 = word[3:]` when the first vowel-consonant pair ends at the second letter (R1 starts
    // at 2). R2 is not adjusted.
    if r1_start == 2 {
        r1_start = word.len().min(3);
    }
    let n = word.len();
    let (buf1, rest) = take(spare, n);
    let (buf2, _) = take(rest, n);
    let mut r1 = region(buf1, word.chars(), r1_start);
    let mut r2 = region(buf2, word.chars(), r2_start);

    // STEP 1
    if let Some(suffix) = STEP1_SUFFIXES.into_iter().find(|x| r1.ends_with(x)) {
        let len = char_count(suffix);
        let k = len as isize;
        if matches!(suffix, "en" | "es" | "e") && pystr::eq(slice(word.chars(), -k - 4, -k), "niss")
        {
            word.drop_last(len + 1);
            r1.drop_last(len + 1);
            r2.drop_last(len + 1);
        } else if suffix == "s" {
            // `word[-2]` exists: a non-empty R1 has 3 letters before it.
            if at(word.chars(), -2).is_some_and(|c| is_in(c, S_ENDING)) {
                word.drop_last(1);
                r1.drop_last(1);
                r2.drop_last(1);
            }
        } else {
            word.drop_last(len);
            r1.drop_last(len);
            r2.drop_last(len);
        }
    }

    // STEP 2
    if let Some(suffix) = STEP2_SUFFIXES.into_iter().find(|x| r1.ends_with(x)) {
        if suffix == "st" {
            if at(word.chars(), -3).is_some_and(|c| is_in(c, ST_ENDING))
                && word.len().saturating_sub(3) >= 3
            {
                word.drop_last(2);
                r1.drop_last(2);
                r2.drop_last(2);
            }
        } else {
            let len = char_count(suffix);
            word.drop_last(len);
            r1.drop_last(len);
            r2.drop_last(len);
        }
    }

    // STEP 3: Derivational suffixes (R1 and R2 are only read from here on).
    if let Some(suffix) = STEP3_SUFFIXES.into_iter().find(|x| r2.ends_with(x)) {
        let len = char_count(suffix);
        let k = len as isize;
        // NLTK tests `"ig" in r2[a:b]` on slices that may be shorter than the string sought
        // (never found then) or empty (`"e" not in ""` is true): `pystr::contains` keeps that.
        let (r1, r2) = (r1.chars(), r2.chars());
        match suffix {
            "end" | "ung" => {
                if pystr::contains(slice(r2, -k - 2, -k), "ig")
                    && !pystr::contains(slice(r2, -k - 3, -k - 2), "e")
                {
                    word.drop_last(len + 2);
                } else {
                    word.drop_last(len);
                }
            }
            "ig" | "ik" | "isch" => {
                if !pystr::contains(slice(r2, -k - 1, -k), "e") {
                    word.drop_last(len);
                }
            }
            "lich" | "heit" => {
                let before = slice(r1, -k - 2, -k);
                if pystr::contains(before, "er") || pystr::contains(before, "en") {
                    word.drop_last(len + 2);
                } else {
                    word.drop_last(len);
                }
            }
            // "keit"
            _ => {
                if pystr::contains(slice(r2, -k - 4, -k), "lich") {
                    word.drop_last(len + 4);
                } else if pystr::contains(slice(r2, -k - 2, -k), "ig") {
                    word.drop_last(len + 2);
                } else {
                    word.drop_last(len);
                }
            }
        }
    }

    // Umlaut accents are removed and 'u' and 'y' are put back into lower case (NLTK's chain of
    // one-code-point `replace` calls, none of which makes a letter a later one replaces).
    for c in word.chars_mut() {
        *c = match *c {
            'ä' => 'a',
            'ö' => 'o',
            'ü' | 'U' => 'u',
            'Y' => 'y',
            other => other,
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("german", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::German,
            &[
                ("Maß", "mass"), // longer than the word
                ("ẞ", "ss"),
                ("Straße", "strass"),
                ("Kenntnissen", "kenntnis"),
                ("Möglichkeiten", "moglich"),
                ("Bauer", "bau"),
                ("daß", "daß"), // a stopword, before ß -> ss
            ],
        );
    }
}
