//! The byte sizes that determine a text call's scratch need ([`TextDims`]), and how they are
//! measured: the bytes of each text and of its longest line, found in the same pass as the
//! checks of [`check_text`].
//!
//! Both the general text path (`score`) and the short one (`short`) size their scratch from
//! these, so they live here, below both.

use super::vocab;
use super::{check_text, Texts};
use crate::Error;

/// The byte sizes that determine the scratch need of [`score_text`](super::score_text) (maxima over the calls a
/// buffer is meant for).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextDims {
    /// References per candidate.
    pub references: usize,
    /// Bytes of the candidate.
    pub candidate_bytes: usize,
    /// Bytes of the longest reference.
    pub reference_bytes: usize,
    /// Bytes of the candidate's longest line (at most `candidate_bytes`; use that if unknown).
    pub candidate_line_bytes: usize,
    /// Bytes of the longest line of any reference (at most `reference_bytes`).
    pub reference_line_bytes: usize,
}

/// Bytes of the longest line, and whether the text is plain ASCII (no NUL, no byte of 0x80 or
/// above). Sixteen bytes are tested at once ([`vocab::newlines_and_odd`]: three compares and
/// three mask moves with SSE2), and the newlines are visited by their bit positions, so a line
/// costs a few operations per 16 bytes plus a few per newline.
fn lines(text: &[u8]) -> (usize, bool) {
    let (mut longest, mut start, mut odd) = (0usize, 0usize, 0u32);
    let mut chunks = text.chunks_exact(16);
    let mut at = 0;
    for c in &mut chunks {
        let (lo, hi) = c.split_at(8);
        let (mut nl, bad) = vocab::newlines_and_odd(
            u64::from_le_bytes(lo.try_into().unwrap_or_default()),
            u64::from_le_bytes(hi.try_into().unwrap_or_default()),
        );
        odd |= bad;
        while nl != 0 {
            let k = at + nl.trailing_zeros() as usize;
            longest = longest.max(k - start);
            start = k + 1;
            nl &= nl - 1;
        }
        at += 16;
    }
    let mut plain = odd == 0;
    for (k, &b) in chunks.remainder().iter().enumerate() {
        plain &= b != 0 && b < 0x80;
        if b == b'\n' {
            longest = longest.max(at + k - start);
            start = at + k + 1;
        }
    }
    (longest.max(text.len() - start), plain)
}

/// Bytes of the longest line.
pub(super) fn longest_line(text: &[u8]) -> usize {
    lines(text).0
}

/// The checks of [`check_text`] (UTF-8 only with `nul_ok`) and the bytes of the longest line,
/// in one pass (text that is plain ASCII needs no further check).
fn checked_lines(text: &[u8], nul_ok: bool) -> Result<usize, Error> {
    let (longest, plain) = lines(text);
    if !plain {
        if nul_ok {
            core::str::from_utf8(text).map_err(|_| Error::InvalidUtf8)?;
        } else {
            check_text(text)?;
        }
    }
    Ok(longest)
}

impl TextDims {
    /// The sizes of one candidate and its references.
    pub fn of<R: Texts + ?Sized>(candidate: &[u8], references: &R) -> TextDims {
        match TextDims::measure(candidate, references, |t| {
            Ok::<_, core::convert::Infallible>(longest_line(t))
        }) {
            Ok(d) => d,
            Err(never) => match never {},
        }
    }

    /// [`TextDims::of`] with the checks of [`check_text`] on every text, in the same pass (the
    /// candidate first, then the references in order; the first refusal is returned); with
    /// `nul_ok` (a tokeniser that [accepts NUL](super::TextOptions::accepts_nul)) only UTF-8 is
    /// checked.
    pub(crate) fn checked<R: Texts + ?Sized>(
        candidate: &[u8],
        references: &R,
        nul_ok: bool,
    ) -> Result<TextDims, Error> {
        let dims = TextDims::measure(candidate, references, |t| checked_lines(t, nul_ok))?;
        debug_assert_eq!(dims, TextDims::of(candidate, references));
        Ok(dims)
    }

    /// The sizes, with `line(text)` giving the bytes of a text's longest line.
    fn measure<R: Texts + ?Sized, E>(
        candidate: &[u8],
        references: &R,
        line: impl Fn(&[u8]) -> Result<usize, E>,
    ) -> Result<TextDims, E> {
        let mut d = TextDims {
            references: references.count(),
            candidate_bytes: candidate.len(),
            candidate_line_bytes: line(candidate)?,
            ..TextDims::default()
        };
        for i in 0..references.count() {
            let r = references.get(i);
            let line_bytes = line(r)?;
            d.reference_bytes = d.reference_bytes.max(r.len());
            d.reference_line_bytes = d.reference_line_bytes.max(line_bytes);
        }
        Ok(d)
    }

    /// The element-wise maximum: scratch for `max(a, b)` serves both.
    pub fn max(self, o: TextDims) -> TextDims {
        TextDims {
            references: self.references.max(o.references),
            candidate_bytes: self.candidate_bytes.max(o.candidate_bytes),
            reference_bytes: self.reference_bytes.max(o.reference_bytes),
            candidate_line_bytes: self.candidate_line_bytes.max(o.candidate_line_bytes),
            reference_line_bytes: self.reference_line_bytes.max(o.reference_line_bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn test_longest_line_matches_split() {
        let mut rng = crate::test_rng::Rng(7);
        for len in 0..200 {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    let seed = rng.next();
                    if (seed >> 60) < 2 {
                        b'\n'
                    } else if (seed >> 60) < 4 {
                        // 0x0B after a newline is what the zero-byte test flags falsely.
                        0x0B
                    } else {
                        b'a' + (seed >> 59) as u8 % 26
                    }
                })
                .collect();
            let want = text
                .split(|&b| b == b'\n')
                .map(<[u8]>::len)
                .max()
                .unwrap_or(0);
            assert_eq!(super::longest_line(&text), want, "{text:?}");
        }
    }

    /// `lines`' plain-ASCII flag against a byte test, on texts with NUL and high bytes at
    /// every position of the 16-byte chunks and of the tail; the SWAR classifier of its chunks
    /// against the SSE2 one.
    #[test]
    fn test_lines_plain_flag_and_classifiers() {
        for len in 0..70 {
            for pos in 0..len {
                for odd in [0u8, 0x80, 0xC3, 0xFF, b'\n', b'a'] {
                    let mut text = vec![b'w'; len];
                    text[pos] = odd;
                    let plain = text.iter().all(|&b| b != 0 && b < 0x80);
                    assert_eq!(super::lines(&text).1, plain, "{text:?}");
                }
            }
        }
        let mut rng = crate::test_rng::Rng(3);
        for _ in 0..100_000 {
            let seed = rng.next();
            let (c0, c1) = (seed, seed.rotate_left(29) ^ 0x0A0A_0000_8000_0A00);
            assert_eq!(
                super::vocab::newlines_and_odd(c0, c1),
                crate::arch::portable::newlines_and_odd(c0, c1),
                "{c0:x} {c1:x}"
            );
        }
    }
}
