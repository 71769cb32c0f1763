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

/// Writes `c` as UTF-8 at byte `at` of `buf`; returns its length, `None` (nothing written) when
/// it does not fit. (`char::encode_utf8` would panic there instead.)
#[inline]
pub(crate) fn put_char(buf: &mut [u8], at: usize, c: char) -> Option<usize> {
    let u = c as u32;
    let n = c.len_utf8();
    match buf.get_mut(at..at.checked_add(n)?)? {
        [a] => *a = u as u8,
        [a, b] => {
            *a = 0xC0 | (u >> 6) as u8;
            *b = 0x80 | (u & 0x3F) as u8;
        }
        [a, b, c] => {
            *a = 0xE0 | (u >> 12) as u8;
            *b = 0x80 | (u >> 6 & 0x3F) as u8;
            *c = 0x80 | (u & 0x3F) as u8;
        }
        [a, b, c, d] => {
            *a = 0xF0 | (u >> 18) as u8;
            *b = 0x80 | (u >> 12 & 0x3F) as u8;
            *c = 0x80 | (u >> 6 & 0x3F) as u8;
            *d = 0x80 | (u & 0x3F) as u8;
        }
        _ => return None,
    }
    Some(n)
}
