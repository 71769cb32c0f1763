//! rouge-score-rs's Unicode tokenisers, exactly: rougers 0.2.1's `unicode-v1` and
//! `character-v1` profiles (`rougers-0.2.1/src/tokenizer.rs`), at Unicode 17.0, with no
//! allocation and no dependency.
//!
//! Both normalise a line as rougers' `normalize` does ([`normalize`]: NFKC, full case folding,
//! NFKC again); then `unicode-v1` keeps the UAX #29 word segments that hold an Alphabetic or
//! General_Category=Number character (`unicode_words`, [`words`]), and `character-v1` the
//! extended grapheme clusters that hold one ([`graphemes`]). No stemming.
//!
//! A line is normalised into the vocabulary's free tail (the arena where words are built), and
//! its kept segments are interned where they lie. The normaliser's stage buffers (runs of
//! nonstarters) come from the vocabulary's work region. Both are sized by the text's bytes
//! ([`normalize::normalized_capacity`], [`normalize::work_len`]). Lines are independent: a
//! newline is a starter that composes with nothing, a hard word boundary (WB3a) and a hard
//! grapheme boundary (GB4), so rougers' tokens of a whole text are those of its lines, which
//! is also how it splits `rougeLsum` sentences.

pub(crate) mod casefold;
pub(crate) mod graphemes;
pub(crate) mod normalize;
pub(crate) mod tables;
mod utf8;
pub(crate) mod words;

use super::Sink;
use crate::Error;
use normalize::Utf8Out;
use tables::{run_value, segment as t};

/// Which of rougers' Unicode profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Profile {
    /// `unicode-v1`: UAX #29 words.
    Words,
    /// `character-v1`: extended grapheme clusters.
    Characters,
}

/// The class bits of `c` (`t::ALPHANUMERIC`, `t::EXTENDED_PICTOGRAPHIC`, `t::INCB_*`).
#[inline]
pub(crate) fn class(c: char) -> u8 {
    run_value(&t::CLASS_STARTS, &t::CLASS_VALUES, c as u32)
}

/// Alphabetic or General_Category=Number (`unicode_words`' filter; rougers' `is_alphanumeric`
/// for grapheme clusters, from ICU's data, is the same set).
#[inline]
pub(crate) fn is_alphanumeric(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    class(c) & t::ALPHANUMERIC != 0
}

/// Whether a segment (UTF-8) holds an alphanumeric character.
fn has_alphanumeric(segment: &[u8]) -> bool {
    let mut at = 0;
    while let Some((c, n)) = utf8::char_at(segment, at) {
        if is_alphanumeric(c) {
            return true;
        }
        at += n;
    }
    false
}

/// rougers' normalisation of `line` into `out` (its free bytes): ASCII text is only
/// lowercased (NFKC leaves it as it is, folding lowercases it); returns the bytes written.
pub(crate) fn normalize_line(line: &str, work: &mut [u32], out: &mut [u8]) -> Result<usize, Error> {
    if line.is_ascii() {
        let to = out.get_mut(..line.len()).ok_or(Error::InputTooLong)?;
        for (d, &b) in to.iter_mut().zip(line.as_bytes()) {
            *d = b.to_ascii_lowercase();
        }
        return Ok(line.len());
    }
    let mut o = Utf8Out { buf: out, len: 0 };
    normalize::normalize(line, work, &mut o)?;
    Ok(o.len)
}

/// Bytes of the first segment of normalised text `s` under `profile`.
pub(crate) fn segment_len(profile: Profile, s: &[u8]) -> usize {
    match profile {
        Profile::Words => words::segment_len(s),
        Profile::Characters => graphemes::cluster_len(s),
    }
}

/// Tokenises one line (no `\n`) into `sink`: normalised into the arena's free tail, then each
/// kept segment interned where it lies.
pub(super) fn scan_line(line: &str, profile: Profile, sink: &mut Sink) -> Result<(), Error> {
    let work = core::mem::take(&mut sink.vocab.work);
    let written = normalize_line(line, work, sink.vocab.tail());
    sink.vocab.work = work;
    let mut len = written?;
    let mut pos = 0;
    while pos < len {
        let text = sink.vocab.tail().get(pos..len).unwrap_or(&[]);
        let n = segment_len(profile, text).max(1);
        let next = pos + n;
        if has_alphanumeric(text.get(..n).unwrap_or(&[])) {
            // A new long word stays where it lies, and the free tail then starts after it:
            // the positions move back by `shift`.
            let shift = sink.word_at(pos, n)?;
            pos = next.saturating_sub(shift);
            len = len.saturating_sub(shift);
        } else {
            pos = next;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
