//! Reading characters out of the normalised text, which this module's normaliser wrote as
//! UTF-8 itself: decoded by position, with no validation pass (a malformed sequence, which
//! cannot occur, reads as U+FFFD rather than panicking).

/// The character at byte `i` of `s` and its length in bytes; `None` at or past the end.
#[inline]
pub(crate) fn char_at(s: &[u8], i: usize) -> Option<(char, usize)> {
    let b0 = *s.get(i)?;
    let (len, init) = match b0 {
        0..=0x7F => return Some((b0 as char, 1)),
        0xC0..=0xDF => (2, b0 & 0x1F),
        0xE0..=0xEF => (3, b0 & 0x0F),
        _ => (4, b0 & 0x07),
    };
    let mut u = init as u32;
    for k in 1..len {
        u = u << 6 | (*s.get(i + k)? & 0x3F) as u32;
    }
    Some((char::from_u32(u).unwrap_or('\u{FFFD}'), len))
}
