//! ROUGE-1.5.5's stemmer (its Porter variant plus the WordNet-2.0 exception table) and the
//! SMART stop-word list, as its `-m` and `-s` options use them.
//!
//! **STUB.** This file is a placeholder with the final interface; another developer writes the
//! real module in parallel. Until it is merged, [`perl_stem`] copies its input and
//! [`is_smart_stopword`] says no, and [`IS_STUB`] is `true` so that the conformance runner counts
//! the `-m` and `-s` cases as not yet supported instead of failing them.

/// `true` while this module is the placeholder (the real module sets it to `false`).
pub const IS_STUB: bool = true;

/// Longest stem [`perl_stem`] writes, in bytes.
pub const PERL_STEM_MAX_LEN: usize = 64;

/// Stems `token` (lowercase ASCII, longer than 3 bytes) as ROUGE-1.5.5's `MorphStem` does
/// (WordNet exception table first, then its Porter stemmer), writing the stem to `out` and
/// returning its length.
///
/// STUB: copies the token, truncated at [`PERL_STEM_MAX_LEN`] bytes.
pub fn perl_stem(token: &[u8], out: &mut [u8; PERL_STEM_MAX_LEN]) -> usize {
    let n = token.len().min(PERL_STEM_MAX_LEN);
    out[..n].copy_from_slice(&token[..n]);
    n
}

/// Whether `token` (lowercase ASCII) is in ROUGE-1.5.5's `smart_common_words.txt`.
///
/// STUB: always `false`.
pub fn is_smart_stopword(token: &[u8]) -> bool {
    let _ = token;
    false
}
