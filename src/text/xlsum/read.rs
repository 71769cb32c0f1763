//! XL-Sum's tokeniser in a text call (`Tokenizer::XlSum`): one of a text's two paths read
//! into the call's vocabulary, and the bounds the call's scratch is sized from.
//!
//! Each text is read twice, as the scorer reads it: the main path (rouge1..9, rougeL, and
//! whatever else is asked on it) and the Lsum path (rougeLsum). Both intern into one
//! vocabulary, so a token has one id whichever path found it; the paths' token sequences are
//! scored apart.
//!
//! Bounds, for a text of `b` bytes (for a text with a host segmenter's tokens, `b` is the
//! larger of the text's bytes and its tokens' bytes: [`segmented_bytes`]):
//! - main path: at most `b` tokens (a token holds at least one code point of the cleaned
//!   text, which has no more code points than the text has bytes: `"1a1a"` gives 4), with a
//!   sentence end after the last; their UTF-8 at most `3b` bytes (an escaped separator: `" "`
//!   and a 2-byte mark, 3 bytes, become `"％0020"` and the mark, 9);
//! - Lsum path: at most `b / 2 + 1` tokens (a word and the separator after it take two bytes)
//!   and as many sentence ends; their UTF-8 at most [`clean_text_bytes`]`(b)` bytes (the
//!   cleaned lines; lowercasing grows UTF-8 by at most half);
//! - a stemmer at most doubles a token's UTF-8 (NLTK's Russian stemmer writes the Latin
//!   letters of a mixed word back as Cyrillic ones, 1 byte to 2; every other stemmer of the
//!   scorer keeps or shortens it, `tests/xlsum_score.rs` checks this on generated words); the
//!   vocabulary refuses a word past its arena with `InputTooLong` rather than write beyond it.

use super::ids::Interner;
use super::{clean_text_bytes, lsum_tokens, main_tokens, scratch_chars, segmented_tokens};
use super::{Language, TokenSink};
use crate::text::vocab::Vocabulary;
use crate::text::{max_tokens, Out, Texts};
use crate::Error;

/// Most tokens (and sentence ends) of one path of `texts` texts of `bytes` bytes in all.
pub(crate) const fn ids_bound(lsum: bool, bytes: usize, texts: usize) -> usize {
    if lsum {
        max_tokens(bytes, texts)
    } else {
        // The main path's one sentence end per text is within its tokens.
        bytes
    }
}

/// Bytes of vocabulary arena one path of `texts` texts of `bytes` bytes in all can fill, plus
/// the vocabulary's 16 bytes of slack.
pub(crate) fn arena_bytes(lsum: bool, stem: bool, bytes: usize, _texts: usize) -> Option<usize> {
    let words = if lsum {
        clean_text_bytes(bytes)
    } else {
        bytes.checked_mul(3)?
    };
    let words = if stem { words.checked_mul(2)? } else { words };
    words.checked_add(16)
}

/// Scratch words of code points the tokeniser needs for texts of at most `longest` bytes
/// (each, or the [`segmented_bytes`] of each).
pub(crate) const fn char_words(longest: usize) -> usize {
    scratch_chars(longest).div_ceil(2)
}

/// The size a text with a host segmenter's `tokens` is measured by: the larger of its bytes
/// and its tokens' bytes in all (a segmenter's tokens are the cleaned text cut into pieces,
/// at most [`clean_text_bytes`] of the text; a `callable_tokenizer` may return anything).
pub fn segmented_bytes<T: Texts + ?Sized>(text: &[u8], tokens: &T) -> usize {
    let mut total = 0usize;
    for i in 0..tokens.count() {
        total = total.saturating_add(tokens.get(i).len());
    }
    total.max(text.len())
}

/// Counts tokens and sentence ends without interning (the counting pass of a call whose
/// outputs are smaller than the bounds).
struct Count {
    tokens: usize,
    ends: usize,
    last_end: usize,
}

impl TokenSink for Count {
    fn token(&mut self, _: &[char]) -> Result<(), Error> {
        self.tokens += 1;
        Ok(())
    }
    fn end_sentence(&mut self) -> Result<(), Error> {
        if self.tokens > self.last_end {
            self.ends += 1;
            self.last_end = self.tokens;
        }
        Ok(())
    }
}

/// Reads one path of `text` (checked UTF-8; NUL allowed, the scorer deletes it): the main
/// path when `lsum` is false (with `segments`, a host segmenter's tokens of the cleaned text,
/// which a language whose segmenter the host runs needs), else the Lsum path. Tokens are
/// interned into `vocab` and written to `out` (counted only when `out` is `None`); the main
/// path ends one sentence after its last token. `chars` is scratch of [`char_words`] of the
/// text's size (its [`segmented_bytes`] with `segments`). Returns the numbers of tokens and
/// sentence ends.
pub(crate) fn read(
    lang: &Language,
    lsum: bool,
    text: &[u8],
    segments: Option<&dyn Texts>,
    vocab: &mut Vocabulary<'_>,
    out: Option<Out<'_>>,
    chars: &mut [u64],
) -> Result<(usize, usize), Error> {
    let text = core::str::from_utf8(text).map_err(|_| Error::InvalidUtf8)?;
    let size = segments.map_or(text.len(), |s| segmented_bytes(text.as_bytes(), s));
    let words = chars
        .get_mut(..char_words(size))
        .ok_or(Error::ScratchTooSmall {
            needed: char_words(size),
        })?;
    let scratch = crate::arch::chars_zeroed(words);
    match out {
        None => {
            let mut count = Count {
                tokens: 0,
                ends: 0,
                last_end: 0,
            };
            path(lang, lsum, text, segments, scratch, &mut count)?;
            Ok((count.tokens, count.ends))
        }
        Some(out) => {
            let mut sink = Interner {
                vocab,
                ids: out.ids,
                ends: out.ends,
                n_ids: 0,
                n_ends: 0,
            };
            path(lang, lsum, text, segments, scratch, &mut sink)?;
            Ok((sink.n_ids, sink.n_ends))
        }
    }
}

/// One path of `text` into `sink`, the main path's sentence end included.
fn path(
    lang: &Language,
    lsum: bool,
    text: &str,
    segments: Option<&dyn Texts>,
    scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    if lsum {
        return lsum_tokens(lang, text, scratch, sink);
    }
    match segments {
        Some(tokens) => segmented_tokens(lang, text, tokens, scratch, sink)?,
        None => main_tokens(lang, text, scratch, sink)?,
    }
    sink.end_sentence()
}
