//! Whether two caller buffers overlap, for the C entry points whose outputs must not alias
//! their inputs (an output written while an input is still being read gives wrong results
//! silently): `rouge_tokenize_basic` and `rouge_tokenize` (ids, sentence ends, summaries and
//! scratch over the text bytes, the texts array or each other), `rouge_corpus_bootstrap` and
//! `rouge_corpus_bootstrap_numpy` (out, scratch or state over the results or each other),
//! `rouge_corpus_macro` and `_micro`, `rouge_text_tokens`, `rouge_score_pair`,
//! `rouge_score_batch`, `rouge_score_text`, `rouge_text_scorer_score` and
//! `rouge_text_scorer_score_batch` (outputs over the arrays, texts or scorer they read), `rouge_stream_words`, `rouge_stream_init` and `rouge_stream_score` (the
//! size, the state or out over the reference's arrays, the states or their arrays). Such a call
//! answers
//! `ROUGE_ERR_INVALID_ARGUMENT` before it writes anything or makes a slice of an output.
//! Structs passed by pointer and copied before anything is written (options, the candidate
//! summary, the batch) are not checked: an output over them cannot change the result.
//!
//! Only addresses are compared, never dereferenced, so the check is sound for any pointers.

use super::status::{rouge_status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT};

/// A buffer as its first byte's address and its length in bytes.
pub(crate) type Bytes = (*const u8, usize);

/// The bytes of `len` elements of `T` at `ptr` (the length saturates: a buffer that large
/// cannot exist, and saturating keeps the comparison conservative).
pub(crate) fn bytes_of<T>(ptr: *const T, len: usize) -> Bytes {
    (
        ptr.cast::<u8>(),
        len.saturating_mul(core::mem::size_of::<T>()),
    )
}

/// Whether the byte ranges `a` and `b` share at least one byte. An empty range overlaps
/// nothing, and neither does NULL with a length (the pointer checks refuse it after this one).
pub(crate) fn overlaps(a: Bytes, b: Bytes) -> bool {
    let (a0, b0) = (a.0 as usize, b.0 as usize);
    if a.1 == 0 || b.1 == 0 || a0 == 0 || b0 == 0 {
        return false;
    }
    let a1 = a0.saturating_add(a.1);
    let b1 = b0.saturating_add(b.1);
    a0 < b1 && b0 < a1
}

/// Whether any two of `buffers` overlap (a handful of buffers per call: pairwise).
pub(crate) fn any_overlap(buffers: &[Bytes]) -> bool {
    buffers
        .iter()
        .enumerate()
        .any(|(i, &a)| buffers[i + 1..].iter().any(|&b| overlaps(a, b)))
}

/// Refuses a call whose outputs (its scratch among them) overlap each other or any of its
/// `inputs`: `ROUGE_ERR_INVALID_ARGUMENT`. Inputs may share bytes with each other: they are
/// only read. An output too long for any buffer is `ROUGE_ERR_INPUT_TOO_LONG` first, as the
/// slice checks after this one would answer (its saturated length would overlap everything).
pub(crate) fn check_apart(
    outputs: &[Bytes],
    inputs: impl IntoIterator<Item = Bytes>,
) -> Result<(), rouge_status> {
    if outputs.iter().any(|o| o.1 > isize::MAX as usize) {
        return Err(ROUGE_ERR_INPUT_TOO_LONG);
    }
    let mut inputs = inputs.into_iter();
    if any_overlap(outputs) || inputs.any(|i| outputs.iter().any(|&o| overlaps(i, o))) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Byte ranges from offsets into one buffer.
    fn at(base: &[u8], start: usize, len: usize) -> Bytes {
        (base[start..].as_ptr(), len)
    }

    /// A naive oracle: the two ranges as sets of addresses.
    fn share_a_byte(a: (usize, usize), b: (usize, usize)) -> bool {
        (a.0..a.0 + a.1).any(|x| (b.0..b.0 + b.1).contains(&x))
    }

    #[test]
    fn test_overlaps_matches_the_sets_of_addresses() {
        let buf = [0u8; 64];
        for a0 in 0..12 {
            for a1 in 0..12 {
                for b0 in 0..12 {
                    for b1 in 0..12 {
                        let got = overlaps(at(&buf, a0, a1), at(&buf, b0, b1));
                        let want = share_a_byte((a0, a1), (b0, b1));
                        assert_eq!(got, want, "[{a0}, +{a1}) and [{b0}, +{b1})");
                        assert_eq!(got, overlaps(at(&buf, b0, b1), at(&buf, a0, a1)));
                    }
                }
            }
        }
    }

    #[test]
    fn test_adjacent_empty_null_and_huge_ranges() {
        let buf = [0u8; 32];
        // Touching is not overlapping.
        assert!(!overlaps(at(&buf, 0, 8), at(&buf, 8, 8)));
        assert!(overlaps(at(&buf, 0, 9), at(&buf, 8, 8)));
        // Empty ranges, NULL with length 0 among them, overlap nothing.
        assert!(!overlaps(at(&buf, 4, 0), at(&buf, 0, 32)));
        assert!(!overlaps((core::ptr::null(), 0), at(&buf, 0, 32)));
        // A length reaching past the end of the address space saturates instead of wrapping.
        let top = (usize::MAX - 3) as *const u8;
        assert!(overlaps((top, 100), ((usize::MAX - 1) as *const u8, 1)));
        assert!(!overlaps((top, 100), at(&buf, 0, 32)));
    }

    #[test]
    fn test_typed_buffers_in_bytes() {
        // ids (u32) written over the text bytes they are read from: the aliasing of
        // rouge_tokenize_basic.
        let words = [0u64; 8];
        let text = bytes_of(words.as_ptr().cast::<u8>(), 40);
        let ids = bytes_of(words[4..].as_ptr().cast::<u32>(), 2);
        assert_eq!(ids.1, 8);
        assert!(overlaps(text, ids));
        let after = bytes_of(words[5..].as_ptr().cast::<u32>(), 6);
        assert!(!overlaps(text, after));
        // A results array and an out array of aggregates over it: rouge_corpus_bootstrap.
        assert!(any_overlap(&[text, after, ids]));
        assert!(!any_overlap(&[text, after]));
        assert_eq!(bytes_of(words.as_ptr(), usize::MAX).1, usize::MAX);
    }

    #[test]
    fn test_check_apart_refuses_outputs_over_inputs_or_outputs_only() {
        let buf = [0u8; 64];
        let (in_a, in_b) = (at(&buf, 0, 16), at(&buf, 8, 16));
        let (out_a, out_b) = (at(&buf, 24, 8), at(&buf, 32, 8));
        let refused = Err(ROUGE_ERR_INVALID_ARGUMENT);
        // Two inputs over each other are fine; disjoint outputs too.
        assert_eq!(check_apart(&[out_a, out_b], [in_a, in_b]), Ok(()));
        // An output over an input, or over another output, is not.
        assert_eq!(
            check_apart(&[out_a, at(&buf, 20, 8)], [in_a, in_b]),
            refused
        );
        assert_eq!(check_apart(&[out_a, at(&buf, 28, 8)], [in_a]), refused);
        assert_eq!(check_apart(&[at(&buf, 15, 1)], [in_a]), refused);
        assert_eq!(check_apart(&[at(&buf, 24, 1)], [in_a, in_b]), Ok(()));
        // NULL with a length is left to the pointer checks; a length past isize::MAX is too
        // long before it overlaps.
        assert_eq!(check_apart(&[(core::ptr::null(), 64)], [in_a]), Ok(()));
        let huge = at(&buf, 40, isize::MAX as usize + 1);
        assert_eq!(
            check_apart(&[out_a, huge], [in_a]),
            Err(ROUGE_ERR_INPUT_TOO_LONG)
        );
    }
}
