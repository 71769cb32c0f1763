//! Caller scratch words viewed as code points, for the XL-Sum tokeniser and its stemmers,
//! which work on `[char]` buffers (Python's indexing is by code point). Not an instruction
//! set: it lives here because `arch` and `capi` are the crate's only modules with `unsafe`,
//! and `char`, unlike the scratch's other element types, has invalid bit patterns, so
//! `scratch::Carver` cannot hand it out.

/// The words, zeroed, as `2 * words.len()` code points (`'\0'` each).
pub(crate) fn chars_zeroed(words: &mut [u64]) -> &mut [char] {
    words.fill(0);
    let n = words.len() * 2;
    // SAFETY: every word was just set to 0, so each of the `2 * len` 4-byte halves is the
    // code point U+0000, a valid `char`; a `char` is 4 bytes with alignment 4, which divides a
    // `u64`'s; the view borrows `words` exclusively for its lifetime, and only valid `char`s
    // can be written through it.
    unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<char>(), n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_chars_zeroed_views_every_half_word() {
        let mut w = [u64::MAX; 3];
        let c = chars_zeroed(&mut w);
        assert_eq!(c, &['\0'; 6]);
        c[5] = '€';
        assert_ne!(w[2], 0);
        assert_eq!(chars_zeroed(&mut w[2..]), &['\0'; 2]);
    }
}
