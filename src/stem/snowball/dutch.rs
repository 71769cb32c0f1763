//! NLTK 3.10.4's `DutchStemmer` (`nltk/stem/snowball.py` L1070-1263), as the XL-Sum scorer
//! builds it (`ignore_stopwords=True`). It is NLTK's own port of the Snowball project's old
//! Dutch algorithm (today's `dutch_porter`), not the current Snowball Dutch stemmer.
//!
//! NLTK keeps R1 and R2 as strings it shortens with the word, but not always together (step
//! 3b shortens only some of them, and step 1 rewrites `heden` in R2 only when R2 holds all of
//! it): here they are copies in `spare`, edited exactly as NLTK edits its strings.

use super::pystr::{self, at, ends_with_any, region, slice, take};
use super::{is_in, r1r2_standard};
use crate::stem::word::char_count;
use crate::stem::{is_stopword, stopwords, Word};

const VOWELS: &str = "aeiouyè";
const STEP1_SUFFIXES: [&str; 5] = ["heden", "ene", "en", "se", "s"];
const STEP3B_SUFFIXES: [&str; 6] = ["baar", "lijk", "bar", "end", "ing", "ig"];
const UNDOUBLE: [&str; 3] = ["kk", "dd", "tt"];
/// NLTK's chain of `word.replace(accented, plain)`: each replaces one code point by one that
/// no later pair replaces, so one pass over the code points gives the same word.
const ACCENTS: [(char, char); 10] = [
    ('ä', 'a'),
    ('á', 'a'),
    ('ë', 'e'),
    ('é', 'e'),
    ('í', 'i'),
    ('ï', 'i'),
    ('ö', 'o'),
    ('ó', 'o'),
    ('ü', 'u'),
    ('ú', 'u'),
];

/// Whether `word[-k]` exists and is not a vowel (NLTK's `word[-k] not in self.__vowels`; each
/// site below reads a letter that exists, since R1 has 3 letters before it).
fn consonant_at(word: &Word<'_>, k: isize) -> bool {
    at(word.chars(), -k).is_some_and(|c| !is_in(c, VOWELS))
}

/// `DutchStemmer.stem`: stems `word` in place; `spare` holds R1 and R2 (at least four times
/// the word's code points).
pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char]) {
    pystr::lower(word, spare);
    if is_stopword(stopwords::DUTCH, word.chars()) {
        return;
    }
    let mut step2_success = false;

    // Vowel accents are removed.
    for c in word.chars_mut() {
        if let Some(&(_, plain)) = ACCENTS.iter().find(|(accented, _)| accented == c) {
            *c = plain;
        }
    }

    // An initial 'y', a 'y' after a vowel and an 'i' between vowels are put into upper case
    // (consonants from now on). Each test reads the letters as already changed, as NLTK's loop
    // over its list does.
    if word.starts_with("y") {
        word.set(0, 'Y');
    }
    let mut prev_vowel = false;
    for c in word.chars_mut() {
        if prev_vowel && *c == 'y' {
            *c = 'Y';
        }
        prev_vowel = is_in(*c, VOWELS);
    }
    let chars = word.chars_mut();
    let mut prev_vowel = false;
    for i in 0..chars.len() {
        // The next letter is read before this loop changes it; the previous one after.
        let next_vowel = chars.get(i + 1).is_some_and(|&c| is_in(c, VOWELS));
        if let Some(c) = chars.get_mut(i) {
            if prev_vowel && *c == 'i' && next_vowel {
                *c = 'I';
            }
            prev_vowel = is_in(*c, VOWELS);
        }
    }

    let (mut r1_start, r2_start) = r1r2_standard(word.chars(), VOWELS);
    // R1 is adjusted so that the region before it contains at least 3 letters: NLTK's
    // `r1 = word[3:]` when the first vowel-consonant pair ends at the second letter (R1 starts
    // at 2). NLTK quirk: R2 stays as `_r1r2_standard` found it from the unadjusted R1.
    if r1_start == 2 {
        r1_start = word.len().min(3);
    }
    let n = word.len();
    let (buf1, rest) = take(spare, n);
    let (buf2, _) = take(rest, n);
    let mut r1 = region(buf1, word.chars(), r1_start);
    let mut r2 = region(buf2, word.chars(), r2_start);

    // STEP 1
    for suffix in STEP1_SUFFIXES {
        if !r1.ends_with(suffix) {
            continue;
        }
        let len = char_count(suffix);
        let k = len as isize;
        if suffix == "heden" {
            word.replace_suffix(len, "heid");
            r1.replace_suffix(len, "heid");
            // NLTK quirk: R2 is rewritten only when it holds the whole suffix; a shorter R2
            // keeps its letters while the word's change.
            if r2.ends_with("heden") {
                r2.replace_suffix(len, "heid");
            }
        } else if (suffix == "ene" || suffix == "en")
            && !word.ends_with("heden")
            && consonant_at(word, k + 1)
            && !pystr::eq(slice(word.chars(), -k - 3, -k), "gem")
        {
            word.drop_last(len);
            r1.drop_last(len);
            r2.drop_last(len);
            if ends_with_any(word, &UNDOUBLE) {
                word.drop_last(1);
                r1.drop_last(1);
                r2.drop_last(1);
            }
        } else if (suffix == "se" || suffix == "s")
            && consonant_at(word, k + 1)
            && at(word.chars(), -k - 1) != Some('j')
        {
            word.drop_last(len);
            r1.drop_last(len);
            r2.drop_last(len);
        }
        break;
    }

    // STEP 2
    if r1.ends_with("e") && consonant_at(word, 2) {
        step2_success = true;
        word.drop_last(1);
        r1.drop_last(1);
        r2.drop_last(1);
        if ends_with_any(word, &UNDOUBLE) {
            word.drop_last(1);
            r1.drop_last(1);
            r2.drop_last(1);
        }
    }

    // STEP 3a
    if r2.ends_with("heid") && at(word.chars(), -5) != Some('c') {
        word.drop_last(4);
        r1.drop_last(4);
        r2.drop_last(4);
        if r1.ends_with("en")
            && consonant_at(word, 3)
            && !pystr::eq(slice(word.chars(), -5, -2), "gem")
        {
            word.drop_last(2);
            r1.drop_last(2);
            r2.drop_last(2);
            if ends_with_any(word, &UNDOUBLE) {
                word.drop_last(1);
                r1.drop_last(1);
                r2.drop_last(1);
            }
        }
    }

    // STEP 3b: Derivational suffixes. NLTK quirk: from here it shortens only some of R1 and
    // R2 (none is read after the step's own test).
    if let Some(suffix) = STEP3B_SUFFIXES.into_iter().find(|s| r2.ends_with(s)) {
        match suffix {
            "end" | "ing" => {
                word.drop_last(3);
                r2.drop_last(3);
                if r2.ends_with("ig") && at(word.chars(), -3) != Some('e') {
                    word.drop_last(2);
                } else if ends_with_any(word, &UNDOUBLE) {
                    word.drop_last(1);
                }
            }
            "ig" => {
                if at(word.chars(), -3) != Some('e') {
                    word.drop_last(2);
                }
            }
            "lijk" => {
                word.drop_last(4);
                r1.drop_last(4);
                if r1.ends_with("e") && consonant_at(word, 2) {
                    word.drop_last(1);
                    if ends_with_any(word, &UNDOUBLE) {
                        word.drop_last(1);
                    }
                }
            }
            "baar" => word.drop_last(4),
            // "bar"
            _ => {
                if step2_success {
                    word.drop_last(3);
                }
            }
        }
    }

    // STEP 4: Undouble vowel: `word[:-3] + word[-3] + word[-1]` drops the next-to-last letter.
    let w = word.chars();
    if w.len() >= 4
        && consonant_at(word, 1)
        && at(w, -1) != Some('I')
        && pystr::eq_any(slice(w, -3, -1), &["aa", "ee", "oo", "uu"])
        && consonant_at(word, 4)
    {
        let last = at(w, -1);
        word.drop_last(2);
        if let Some(c) = last {
            word.push(c);
        }
    }

    // All occurrences of 'I' and 'Y' are put back into lower case.
    for c in word.chars_mut() {
        match *c {
            'I' => *c = 'i',
            'Y' => *c = 'y',
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::stem::Stemmer;

    #[test]
    fn test_stems_as_nltk() {
        // NLTK 3.10.4's outputs: SnowballStemmer("dutch", ignore_stopwords=True).stem(word).
        super::super::pystr::assert_stems(
            Stemmer::Dutch,
            &[
                ("mogelijkheden", "mogelijk"),
                ("vrijheden", "vrijheid"),
                ("beëindigen", "beeindig"), // accents removed
                ("kooien", "kooi"),         // i between vowels kept
                ("maaien", "maai"),
                ("gemene", "gemen"), // no -ene after "gem"
                ("Yoghurt", "yoghurt"),
            ],
        );
    }
}
