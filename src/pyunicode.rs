//! Python 3.11's `str` methods as the XL-Sum scorer runs them, over Unicode 14.0 (Python 3.11's
//! `unicodedata.unidata_version`): `str.lower()` with its full mappings (not `core`'s, which
//! follow a newer Unicode), the character categories its BERT-style cleaning tests and the
//! white space `str.split()` splits on.
//!
//! Placeholder until the generated Unicode 14 tables land: `core`'s lowercase mapping.

/// Python's `str.lower()` of one code point, written into `out`; returns how many code points
/// (1 to 3).
pub fn lower_char(c: char, out: &mut [char; 3]) -> usize {
    let mut n = 0;
    for l in c.to_lowercase() {
        if let Some(slot) = out.get_mut(n) {
            *slot = l;
            n += 1;
        }
    }
    n
}
