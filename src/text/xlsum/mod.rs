//! The tokeniser of csebuetnlp's XL-Sum multilingual ROUGE (PyPI `multilingual-rouge` 0.0.1, a
//! fork of Google's rouge-score), ported exactly: both of its paths, for every language it
//! names, allocating nothing.
//!
//! **Main path** (rouge1, rouge2, rougeL; `tokenization_wrapper.py` L24-47,
//! `rouge_scorer.py` L66-83, L113-118): Python 3.11's `text.lower()` ([`crate::pyunicode`]),
//! `BasicTokenizer`'s cleaning (`clean`), the words joined by single spaces; then the
//! language's segmenter ([`Segmenter`]): pyonmttok's aggressive mode plus the Han split
//! ([`onmt`], `han`) for most languages, the fork's Burmese syllable rules (`burmese`), or for
//! Chinese, Japanese and Thai a dictionary segmenter that the host runs ([`segmented_tokens`]);
//! when that returns no token for a non-empty text, pyonmttok instead. Each token of more than
//! 3 code points is stemmed ([`crate::stem`]) and empty tokens are dropped.
//!
//! **Lsum path** (rougeLsum; `rouge_scorer.py` L188-198): the text's lines (split at `\n`
//! only; an empty line is skipped, a line of white space is a sentence with no tokens), each
//! lowered and cleaned on its own; the words are the tokens, stemmed as above. No segmenter,
//! no pyonmttok, no Han split.
//!
//! Every function works in caller memory: a `[char]` scratch of [`scratch_chars`] code points
//! for the text's length, and the tokens are handed one at a time, as code points, to a
//! [`TokenSink`]. Time and scratch are linear in the text's length.

mod burmese;
mod clean;
mod han;
mod ids;
mod lang;
pub mod onmt;
mod onmt_tables;
pub(crate) mod read;

pub use han::is_han;
pub use lang::{canonical, Language, Segmenter};
pub use read::segmented_bytes;

use super::Texts;
use crate::stem::{self, Stemmer};
use crate::Error;

/// Receives the tokens of a text, in order.
pub trait TokenSink {
    /// One token (never empty).
    fn token(&mut self, token: &[char]) -> Result<(), Error>;
    /// The end of a sentence (Lsum path only): after the tokens of each non-empty line, also
    /// when the line had none.
    fn end_sentence(&mut self) -> Result<(), Error> {
        Ok(())
    }
}

/// Code points of scratch every function here needs for a text of `text_bytes` bytes: the
/// cleaned text (no more code points than the text has bytes), a token, and the stemmer's
/// scratch for the longest token.
pub const fn scratch_chars(text_bytes: usize) -> usize {
    let token = onmt::token_chars(text_bytes);
    text_bytes
        .saturating_add(token)
        .saturating_add(stem::scratch_chars(token))
}

/// Bytes [`clean_text`] may write for a text of `text_bytes` bytes: lowercasing grows UTF-8
/// by at most half (U+023A `Ⱥ`, 2 bytes, lowers to U+2C65, 3 bytes).
pub const fn clean_text_bytes(text_bytes: usize) -> usize {
    text_bytes.saturating_add(text_bytes.div_ceil(2))
}

/// The regions of the scratch.
struct Scratch<'s> {
    text: &'s mut [char],
    token: &'s mut [char],
    stem: &'s mut [char],
}

fn carve(scratch: &mut [char], text_bytes: usize) -> Result<Scratch<'_>, Error> {
    let needed = scratch_chars(text_bytes);
    if scratch.len() < needed || needed == usize::MAX {
        return Err(Error::ScratchTooSmall { needed });
    }
    let too_small = Error::ScratchTooSmall { needed };
    let (text, rest) = scratch.split_at_mut_checked(text_bytes).ok_or(too_small)?;
    let (token, stem) = rest
        .split_at_mut_checked(onmt::token_chars(text_bytes))
        .ok_or(too_small)?;
    Ok(Scratch { text, token, stem })
}

/// The last steps of both paths for one token: the stemmer on tokens of more than 3 code
/// points (`MultiStemmer.__call__`, `rouge_scorer.py` L113-118), empty tokens dropped
/// (`tokenization_wrapper.py` L46).
fn finish(
    stemmer: Option<Stemmer>,
    token: &[char],
    stem_scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    let out = match stemmer {
        Some(s) if token.len() > 3 => {
            stem::stem(s, token, stem_scratch).ok_or(Error::InvalidArgument)?
        }
        _ => token,
    };
    if out.is_empty() {
        return Ok(());
    }
    sink.token(out)
}

/// pyonmttok then the Han split, on the cleaned text `text`.
fn onmt_path(
    stemmer: Option<Stemmer>,
    text: &[char],
    token: &mut [char],
    stem_scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    onmt::tokenize(text, token, |t| {
        han::split(t, &mut |h| finish(stemmer, h, stem_scratch, sink))
    })
}

/// The main path's tokens of `text` (rouge1, rouge2, rougeL) for a language whose segmenter
/// is in the core; `InvalidArgument` for Chinese, Japanese and Thai, whose segmenter the host
/// runs ([`segmented_tokens`]). Fails only for a short `scratch` ([`scratch_chars`]) or an
/// error of the sink.
pub fn main_tokens(
    lang: &Language,
    text: &str,
    scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    if lang.segmenter.in_host() {
        return Err(Error::InvalidArgument);
    }
    let s = carve(scratch, text.len())?;
    let n = clean::clean_words(text, s.text).ok_or(Error::InvalidArgument)?;
    let cleaned = s.text.get_mut(..n).unwrap_or(&mut []);
    match lang.segmenter {
        // A non-empty cleaned text has a code point that is not white space, hence a token,
        // so the fork's fallback to pyonmttok never happens here.
        Segmenter::Burmese => {
            burmese::segment(cleaned, &mut |t| finish(lang.stemmer, t, s.stem, sink))
        }
        _ => onmt_path(lang.stemmer, cleaned, s.token, s.stem, sink),
    }
}

/// Writes the text a host segmenter must segment (`" ".join(BasicTokenizer(text.lower()
/// .strip()))`, what the fork hands jieba, fugashi or pythainlp) into `out` as UTF-8, and
/// returns its length in bytes. `out` needs [`clean_text_bytes`] of the text's length at most;
/// `OutputTooSmall` when it is shorter than this text needs (nothing useful is written then).
pub fn clean_text(text: &str, out: &mut [u8]) -> Result<usize, Error> {
    let mut len = 0;
    let mut ok = true;
    clean::for_each_clean(text, |c| {
        match out.get_mut(len..).and_then(|dst| ids::put_utf8(c, dst)) {
            Some(n) => len += n,
            None => ok = false,
        }
    });
    if ok {
        Ok(len)
    } else {
        Err(Error::OutputTooSmall)
    }
}

/// Bytes [`clean_text`] writes for `text` (what it needs of `out`).
pub fn clean_text_len(text: &str) -> usize {
    let mut len = 0;
    clean::for_each_clean(text, |c| len += c.len_utf8());
    len
}

/// Code points of scratch [`segmented_tokens`] needs for a text of `text_bytes` bytes and
/// these segmenter tokens: [`scratch_chars`] of the longer of the text and the longest token.
pub fn segmented_scratch_chars<T: Texts + ?Sized>(text_bytes: usize, tokens: &T) -> usize {
    let longest = (0..tokens.count())
        .map(|i| tokens.get(i).len())
        .max()
        .unwrap_or(0);
    scratch_chars(text_bytes.max(longest))
}

/// The main path's tokens of `text` given the tokens a host segmenter made of its cleaned text
/// ([`clean_text`]): jieba's for Chinese, fugashi's for Japanese, pythainlp's for Thai, as
/// UTF-8 (jieba's and newmm's `" "` tokens included: they are tokens to the fork). They are
/// stemmed as the language says (none of those three has a stemmer) and empty ones dropped;
/// when there are none and the cleaned text is not empty, the fork falls back to pyonmttok,
/// and so does this. Any language is accepted, which is also the fork's `callable_tokenizer`.
///
/// Every token is checked before any is handed on: `InvalidUtf8` for one that is not UTF-8.
/// `scratch` needs [`segmented_scratch_chars`] code points.
pub fn segmented_tokens<T: Texts + ?Sized>(
    lang: &Language,
    text: &str,
    tokens: &T,
    scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    let mut longest = text.len();
    for i in 0..tokens.count() {
        let t = tokens.get(i);
        core::str::from_utf8(t).map_err(|_| Error::InvalidUtf8)?;
        longest = longest.max(t.len());
    }
    let s = carve(scratch, longest)?;
    if tokens.count() == 0 {
        let n = clean::clean_words(text, s.text).ok_or(Error::InvalidArgument)?;
        let cleaned = s.text.get(..n).unwrap_or(&[]);
        return onmt_path(lang.stemmer, cleaned, s.token, s.stem, sink);
    }
    for i in 0..tokens.count() {
        let t = core::str::from_utf8(tokens.get(i)).map_err(|_| Error::InvalidUtf8)?;
        let mut n = 0;
        for c in t.chars() {
            *s.token.get_mut(n).ok_or(Error::InvalidArgument)? = c;
            n += 1;
        }
        finish(lang.stemmer, s.token.get(..n).unwrap_or(&[]), s.stem, sink)?;
    }
    Ok(())
}

/// The Lsum path's tokens of `text` (rougeLsum): for each non-empty line (split at `\n`), its
/// tokens, then [`TokenSink::end_sentence`]. The same for every language.
pub fn lsum_tokens(
    lang: &Language,
    text: &str,
    scratch: &mut [char],
    sink: &mut impl TokenSink,
) -> Result<(), Error> {
    let s = carve(scratch, text.len())?;
    for line in text.split('\n') {
        if line.is_empty() {
            continue;
        }
        let n = clean::clean_words(line, s.text).ok_or(Error::InvalidArgument)?;
        for word in s.text.get(..n).unwrap_or(&[]).split(|&c| c == ' ') {
            finish(lang.stemmer, word, s.stem, sink)?;
        }
        sink.end_sentence()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
