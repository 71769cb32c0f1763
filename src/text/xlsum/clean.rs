//! The scorer's text cleaning, what every path runs first: `text.lower()` then `BasicTokenizer`
//! (multilingual-rouge 0.0.1 `tokenization_wrapper.py` L39-41, `tokenizers.py` L113-154,
//! L193-204), with `MultiTokenizer`'s `" ".join(...)` (`rouge_scorer.py` L69) on the main path.
//!
//! `BasicTokenizer` deletes the code points `_clean_text` drops (so ZWJ, ZWSP, soft hyphens join
//! their neighbours), splits on white space (tab, newline, carriage return and `Zs` become
//! spaces; `str.split()` also splits at U+2028 and U+2029) and at punctuation, which it
//! deletes. Its words joined by single spaces are the main path's cleaned text; on the Lsum
//! path the words are the tokens. `MultiTokenizer` strips the text first (`text.strip()`),
//! which changes nothing here: every code point `str.strip()` removes is one the cleaning
//! drops or splits at.

use crate::pyunicode::{self, Clean};

/// Calls `out` with each code point of the words of `text.lower()` that `BasicTokenizer`
/// finds, joined by single spaces.
pub(super) fn for_each_clean(text: &str, mut out: impl FnMut(char)) {
    let mut any = false;
    let mut boundary = false;
    for c in pyunicode::lower(text) {
        match pyunicode::clean_class(c) {
            Clean::Keep => {
                if boundary && any {
                    out(' ');
                }
                boundary = false;
                any = true;
                out(c);
            }
            Clean::Drop => {}
            Clean::Space | Clean::Break | Clean::Punct => boundary = true,
        }
    }
}

/// Writes the words of `text.lower()` that `BasicTokenizer` finds into `out`, joined by single
/// spaces, and returns how many code points that took. `out` needs at most as many code points
/// as `text` has bytes (lowercasing makes no more code points than UTF-8 bytes); `None` when it
/// is shorter than the words need.
pub(super) fn clean_words(text: &str, out: &mut [char]) -> Option<usize> {
    let mut len = 0;
    let mut fits = true;
    for_each_clean(text, |c| match out.get_mut(len) {
        Some(slot) => {
            *slot = c;
            len += 1;
        }
        None => fits = false,
    });
    fits.then_some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(s: &str) -> String {
        let mut out = vec!['\0'; s.len()];
        let n = clean_words(s, &mut out).unwrap();
        out[..n].iter().collect()
    }

    #[test]
    fn test_clean_follows_basic_tokenizer() {
        // What `" ".join(BasicTokenizer()(text.lower()))` gives in multilingual-rouge 0.0.1.
        assert_eq!(clean("  Hello, World!!  "), "hello world");
        assert_eq!(clean("a\u{200B}b\u{AD}c"), "abc");
        assert_eq!(clean("x\u{A0}y\u{2028}z\tw"), "x y z w");
        assert_eq!(clean("«COVID-19»"), "covid 19");
        assert_eq!(clean("€5 © 2°"), "€5 © 2°");
        assert_eq!(clean("\u{0}\u{FFFD}"), "");
        assert_eq!(clean("ΣΑΣ."), "σας");
        assert_eq!(clean("\u{130}"), "i\u{307}");
    }

    #[test]
    fn test_short_buffer_is_none() {
        let mut out = ['\0'; 2];
        assert_eq!(clean_words("abc", &mut out), None);
    }
}
