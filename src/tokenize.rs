//! The basic tokeniser: ASCII lowercase, tokens are the runs of `[a-z0-9]`, sentences end at
//! `\n`. On ASCII text both references tokenise this way when stemming and stop words are off
//! (every other byte, including every byte of a non-ASCII character, separates tokens).
//!
//! Several texts are tokenised in one call into one id space, so a candidate and its references
//! can be scored together. Ids are exact: words are interned by their bytes (kept in scratch),
//! never by a hash alone, so two different words never share an id.

use crate::text::{self, TextOptions};
use crate::Error;

pub use crate::text::{max_tokens, Texts, TokenizedText};

/// ROUGE-1.5.5's tokeniser without options is the basic tokeniser (on any bytes).
const BASIC: TextOptions = TextOptions::perl();

/// Exact scratch words to tokenise `texts` texts of `total_bytes` bytes in all.
pub fn tokenize_scratch_words(total_bytes: usize, texts: usize) -> Result<usize, Error> {
    text::tokenize_scratch_words(&BASIC, total_bytes, texts)
}

/// Tokenises every text into `ids` and `sentence_ends`, calling `on_text(i, span)` with where
/// text i went. Any bytes are accepted (they need not be UTF-8).
///
/// `ids` and `sentence_ends` need at most [`max_tokens`] entries; the sizes are checked before
/// anything is written, so a call that fails writes nothing.
pub fn tokenize_basic<T: Texts + ?Sized>(
    texts: &T,
    ids: &mut [u32],
    sentence_ends: &mut [usize],
    scratch: &mut [u64],
    on_text: &mut dyn FnMut(usize, TokenizedText),
) -> Result<(), Error> {
    text::tokenize_checked(
        texts,
        &BASIC,
        crate::Features::portable(),
        ids,
        sentence_ends,
        scratch,
        on_text,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(all(feature = "perl-text", feature = "unicode-tokenizer"))] // Uses every tokeniser.
    #[test]
    fn test_basic_tokeniser_lowercases_splits_and_interns_exactly() {
        let texts: [&[u8]; 2] = [
            b"The cat-sat, on THE mat.\nA second line\n\n",
            "caf\u{e9} the CAT 42".as_bytes(),
        ];
        let words = tokenize_scratch_words(texts.iter().map(|t| t.len()).sum(), 2).unwrap();
        let mut scratch = vec![0u64; words];
        let mut ids = vec![0u32; 32];
        let mut ends = vec![0usize; 32];
        let mut out = [TokenizedText::default(); 2];
        tokenize_basic(
            &texts[..],
            &mut ids,
            &mut ends,
            &mut scratch,
            &mut |i, t| out[i] = t,
        )
        .unwrap();
        // the cat sat on the mat | a second line || caf the cat 42
        assert_eq!(
            out[0],
            TokenizedText {
                token_start: 0,
                token_len: 9,
                sentence_start: 0,
                sentence_count: 2
            }
        );
        assert_eq!(&ends[..2], &[6, 9]);
        assert_eq!(&ids[..9], &[0, 1, 2, 3, 0, 4, 5, 6, 7]);
        assert_eq!(
            out[1],
            TokenizedText {
                token_start: 9,
                token_len: 4,
                sentence_start: 2,
                sentence_count: 1
            }
        );
        // "caf" is new (the é separates), "the" and "cat" keep their ids
        assert_eq!(&ids[9..13], &[8, 0, 1, 9]);
        assert_eq!(ends[2], 4);
        let mut small = vec![0u32; 12];
        let mut called = false;
        let r = tokenize_basic(
            &texts[..],
            &mut small,
            &mut ends,
            &mut scratch,
            &mut |_, _| called = true,
        );
        assert_eq!(r, Err(Error::OutputTooSmall));
        assert!(!called);
    }
}
