//! NLTK 3.10.4's Snowball stemmers (`nltk/stem/snowball.py`, Apache-2.0), ported function by
//! function with NLTK's quirks kept where exactness needs them (each marked `NLTK quirk:`).
//! They are NLTK's hand ports, not the Snowball project's generated algorithms, and differ from
//! those on up to 42% of the words of some languages (`../shared/multilingual/README.md` 7.11).
//!
//! Each language is a module with `pub(crate) fn stem(word: &mut Word<'_>, spare: &mut [char])`,
//! built as the XL-Sum scorer builds it (`SnowballStemmer(lang, ignore_stopwords=True)`: a
//! stopword of NLTK's list, `super::stopwords`, is returned as it is).

pub(crate) mod arabic;
pub(crate) mod danish;
pub(crate) mod dutch;
pub(crate) mod english;
pub(crate) mod finnish;
pub(crate) mod french;
pub(crate) mod german;
pub(crate) mod hungarian;
pub(crate) mod italian;
pub(crate) mod norwegian;
pub(crate) mod porter;
pub(crate) mod portuguese;
pub(crate) mod py;
pub(crate) mod pystr;
pub(crate) mod romanian;
pub(crate) mod russian;
pub(crate) mod spanish;
pub(crate) mod swedish;

/// `_StandardStemmer._r1r2_standard` (snowball.py): the starts of the regions R1 and R2 of
/// `word` (`word.len()` for an empty region). R1 begins after the first non-vowel that follows
/// a vowel; R2 is R1 of R1.
pub(crate) fn r1r2_standard(word: &[char], vowels: &str) -> (usize, usize) {
    let r1 = region_after_vowel_consonant(word, 0, vowels);
    let r2 = region_after_vowel_consonant(word, r1, vowels);
    (r1, r2)
}

/// The start of the region after the first non-vowel that follows a vowel, searching
/// `word[from..]` (its first code point is never the non-vowel); `word.len()` when none.
fn region_after_vowel_consonant(word: &[char], from: usize, vowels: &str) -> usize {
    let w = word.get(from..).unwrap_or(&[]);
    // The first pair (vowel, non-vowel) at `w[i]`, `w[i + 1]`: the region starts after it.
    let pair = w.windows(2).position(|p| match p {
        [v, c] => is_in(*v, vowels) && !is_in(*c, vowels),
        _ => false,
    });
    pair.map_or(word.len(), |i| from + i + 2)
}

/// `_ScandinavianStemmer._r1_scandinavian` (snowball.py L180-212, Danish, Norwegian, Swedish):
/// the start of R1, `word.len()` when empty. R1 is the region after the first non-vowel that
/// follows a vowel, moved right so that at least 3 code points precede it.
pub(crate) fn r1_scandinavian(word: &[char], vowels: &str) -> usize {
    let after = region_after_vowel_consonant(word, 0, vowels);
    if after == word.len() {
        // No vowel-consonant pair: NLTK's `r1 = ""`.
        return word.len();
    }
    // NLTK: `r1 = word[3:]` when the pair ends before the third letter, else `word[i + 1:]`.
    after.max(3).min(word.len())
}

/// `_StandardStemmer._rv_standard` (snowball.py): the start of the region RV (the Romance
/// languages'), `word.len()` when empty.
pub(crate) fn rv_standard(word: &[char], vowels: &str) -> usize {
    if word.len() < 2 {
        return word.len();
    }
    if !is_in(word[1], vowels) {
        for i in 2..word.len() {
            if is_in(word[i], vowels) {
                return i + 1;
            }
        }
        word.len()
    } else if is_in(word[0], vowels) && is_in(word[1], vowels) {
        for i in 2..word.len() {
            if !is_in(word[i], vowels) {
                return i + 1;
            }
        }
        word.len()
    } else {
        3.min(word.len())
    }
}

/// Python's `c in s` for one code point and a string of code points.
pub(crate) fn is_in(c: char, s: &str) -> bool {
    s.chars().any(|x| x == c)
}
