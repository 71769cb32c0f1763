//! Python 3.11's `str` methods as the XL-Sum scorer runs them, over Unicode 14.0 (Python 3.11's
//! `unicodedata.unidata_version`): `str.lower()` with its full mappings (not `core`'s, which
//! follow a newer Unicode), the character categories its BERT-style cleaning tests and the
//! white space `str.split()` splits on.
//!
//! Placeholder until the generated Unicode 14 tables land: `core`'s lowercase mapping, no
//! final-sigma rule yet. The stemmers call `lower_char` and `lower_into`: keep their signatures.

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

/// Python's `str.lower()` of a whole word (with the final-sigma rule, which depends on the
/// neighbours of a `Σ`), written into `out` after its current contents. Lowercasing at most
/// doubles the code points (`İ` becomes `i` + U+0307), so an `out` of twice the word's length
/// has room.
pub fn lower_into(word: &[char], out: &mut crate::stem::Word<'_>) {
    let mut buf = ['\0'; 3];
    for &c in word {
        let n = lower_char(c, &mut buf);
        out.push_chars(buf.get(..n).unwrap_or(&[]));
    }
}
