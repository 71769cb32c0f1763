//! Full case folding, as ICU's `CaseMapper::fold_string` (icu_casemap 2.3.0) applies it: each
//! code point to its CaseFolding.txt mapping of status C or F (one to three code points), with
//! no context and no Turkic special case.

use super::tables::{casefold as t, position};

/// The full case folding of `c`: up to three code points, and how many.
#[inline]
pub(crate) fn fold(c: char) -> ([char; 3], usize) {
    let u = c as u32;
    if u < 0x80 {
        return ([c.to_ascii_lowercase(), '\0', '\0'], 1);
    }
    let Some(i) = position(&t::FOLDED, u) else {
        return ([c, '\0', '\0'], 1);
    };
    let v = t::FOLDING.get(i).copied().unwrap_or(u);
    if v & 1 << 31 == 0 {
        return ([to_char(v), '\0', '\0'], 1);
    }
    let (at, len) = ((v >> 2 & 0xFFFF) as usize, (v & 3) as usize);
    let mut out = ['\0'; 3];
    for (o, &f) in out
        .iter_mut()
        .zip(t::FOLDINGS.get(at..at + len).unwrap_or(&[]))
    {
        *o = to_char(f);
    }
    (out, len)
}

/// A code point of the tables (always a scalar value; U+FFFD rather than a panic otherwise).
#[inline]
pub(crate) fn to_char(u: u32) -> char {
    char::from_u32(u).unwrap_or('\u{FFFD}')
}
