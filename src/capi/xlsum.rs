//! XL-Sum's multilingual ROUGE where the host segments (`ROUGE_TOKENIZER_XLSUM` for Chinese,
//! Japanese and Thai, or any language with a `callable_tokenizer` of the host's): the text a
//! segmenter must cut (`rouge_xlsum_clean_text`), and scoring with each text's segmenter
//! tokens (`rouge_score_text_segmented`, `rouge_text_scorer_score_segmented`, sized by
//! `rouge_text_dims_of_segmented`). Every other language scores with `rouge_score_text` and
//! `rouge_text_scorer_*` as they are.
//!
//! The order for a segmenter language: for each text, `rouge_xlsum_clean_text` (what the fork
//! hands jieba, fugashi or pythainlp: the text lowered, its controls and punctuation deleted,
//! its words joined by single spaces); the segmenter's tokens of it, as the fork takes them
//! (`list(jieba.cut(t))`, `Tagger("-O wakati -b 50000").parse(t).split()` with unidic-lite,
//! `word_tokenize(t, engine="newmm")`; jieba's and newmm's `" "` tokens included); then one
//! `rouge_tokens` per text, the candidate's first, to the scoring call. The Lsum path
//! (rougeLsum) reads the texts themselves: the fork runs no segmenter there.

use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice};
use super::status::{
    rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_INVALID_UTF8, ROUGE_ERR_OUTPUT_TOO_SMALL,
};
use super::text::{check_metrics, rouge_text_dims, rouge_text_scorer, CMetrics, Ready};
use super::tokenize::{rouge_text_options, text_options_of, texts};
use super::types::{c_result, options_of, rouge_metric, rouge_options, rouge_result, rouge_str};
use crate::text::{self, Segmented, TextDims};
use core::ffi::c_char;

/// One text's segmenter tokens: `count` tokens of UTF-8 one after another in `bytes`, token
/// `i` from `ends[i - 1]` (0 for the first) to `ends[i]`; `ends` is non-decreasing, and `bytes`
/// holds `ends[count - 1]` bytes. An empty token is dropped (as the fork drops `""`); with no
/// token at all the fork's fallback, pyonmttok on the cleaned text, runs.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_tokens {
    /// The tokens' bytes (NULL allowed when there are none).
    pub bytes: *const c_char,
    /// `count` exclusive end offsets into `bytes`.
    pub ends: *const usize,
    /// Number of tokens.
    pub count: usize,
}

/// Writes to `*out_bytes` the most bytes `rouge_xlsum_clean_text` writes for a text of
/// `text_len` bytes (lowercasing grows UTF-8 by at most half: `text_len + ceil(text_len / 2)`).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`.
///
/// # Safety
/// `out_bytes` must be NULL or point to a writable `size_t`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_xlsum_clean_text_bytes(
    text_len: usize,
    out_bytes: *mut usize,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out_bytes)?;
        #[cfg(feature = "multilingual")]
        let n = text::xlsum::clean_text_bytes(text_len);
        #[cfg(not(feature = "multilingual"))]
        let n = text_len.saturating_add(text_len.div_ceil(2));
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(n) };
        Ok(())
    })())
}

/// Writes into `out` (`out_len` bytes) the text XL-Sum's scorer hands a host segmenter for the
/// UTF-8 text `*text` (`" ".join(BasicTokenizer(text.lower().strip()))`: Python 3.11's
/// `str.lower()`, controls and format characters and NUL deleted, punctuation deleted and
/// splitting words, words joined by single spaces; no NUL terminator), and its length in bytes
/// to `*out_written`. `rouge_xlsum_clean_text_bytes` answers a length that always suffices.
/// Reentrant; `out` and `*out_written` are written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_UTF8`, `ROUGE_ERR_OUTPUT_TOO_SMALL`
/// (`out_len` shorter than this text needs), `ROUGE_ERR_INVALID_ARGUMENT` (`out` overlapping
/// the text, `*text` or `*out_written`; or a build without the feature `multilingual`).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_xlsum_clean_text(
    text: *const rouge_str,
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> rouge_status {
    code((|| {
        let written = out_ptr(out_written)?;
        // SAFETY (all blocks): the caller's contract.
        let t = unsafe { read(text) }?;
        let bytes = unsafe { slice(t.ptr.cast::<u8>(), t.len) }?;
        check_apart(
            &[bytes_of(out, out_len)],
            [
                bytes_of(t.ptr, t.len),
                bytes_of(text, 1),
                bytes_of(out_written, 1),
            ]
            .into_iter(),
        )?;
        let s = core::str::from_utf8(bytes).map_err(|_| ROUGE_ERR_INVALID_UTF8)?;
        clean_into(s, out, out_len, written)
    })())
}

#[cfg(feature = "multilingual")]
fn clean_into(
    s: &str,
    out: *mut c_char,
    out_len: usize,
    written: *mut usize,
) -> Result<(), rouge_status> {
    // Nothing is written unless all of it fits.
    let n = text::xlsum::clean_text_len(s);
    if out_len < n {
        return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
    }
    let out = if n == 0 { out } else { out_ptr(out)? };
    // SAFETY: the caller's contract (`out_len >= n` writable bytes), checked apart from the
    // inputs.
    let out = unsafe { super::ptr::slice_mut(out.cast::<u8>(), n) }?;
    let len = text::xlsum::clean_text(s, out).map_err(status)?;
    // SAFETY: checked non-null and aligned.
    unsafe { written.write(len) };
    Ok(())
}

#[cfg(not(feature = "multilingual"))]
fn clean_into(_: &str, _: *mut c_char, _: usize, _: *mut usize) -> Result<(), rouge_status> {
    Err(ROUGE_ERR_INVALID_ARGUMENT)
}

/// The segmenter tokens of a call's texts, each checked by [`CSegments::checked`].
struct CSegments<'a> {
    texts: &'a [rouge_tokens],
}

impl<'a> CSegments<'a> {
    /// Checks every text's tokens: pointers, `ends` non-decreasing. `count` texts.
    ///
    /// # Safety
    /// `tokens` points to `count` readable `rouge_tokens` (or is NULL with 0), each with
    /// `ends` readable for `count` offsets and `bytes` for the last of them, valid while the
    /// result is used.
    unsafe fn checked(
        tokens: *const rouge_tokens,
        count: usize,
    ) -> Result<CSegments<'a>, rouge_status> {
        // SAFETY (both blocks): the caller's contract.
        let texts = unsafe { slice(tokens, count) }?;
        for t in texts {
            let ends = unsafe { slice(t.ends, t.count) }?;
            if ends.windows(2).any(|w| w[0] > w[1]) {
                return Err(ROUGE_ERR_INVALID_ARGUMENT);
            }
            let last = ends.last().copied().unwrap_or(0);
            unsafe { slice(t.bytes.cast::<u8>(), last) }?;
        }
        Ok(CSegments { texts })
    }

    fn parts(&self, t: usize) -> (&[usize], &[u8]) {
        let Some(x) = self.texts.get(t) else {
            return (&[], &[]);
        };
        // SAFETY: both checked by `checked` for this text, valid for `'a` by its contract.
        let ends = unsafe { slice(x.ends, x.count) }.unwrap_or(&[]);
        let last = ends.last().copied().unwrap_or(0);
        let bytes = unsafe { slice(x.bytes.cast::<u8>(), last) }.unwrap_or(&[]);
        (ends, bytes)
    }
}

impl Segmented for CSegments<'_> {
    fn texts(&self) -> usize {
        self.texts.len()
    }
    fn count(&self, t: usize) -> usize {
        self.texts.get(t).map_or(0, |x| x.count)
    }
    fn get(&self, t: usize, i: usize) -> &[u8] {
        let (ends, bytes) = self.parts(t);
        let start = match i.checked_sub(1) {
            Some(j) => ends.get(j).copied().unwrap_or(0),
            None => 0,
        };
        let end = ends.get(i).copied().unwrap_or(start);
        bytes.get(start..end).unwrap_or(&[])
    }
}

/// Computes into `*out` the byte sizes of one candidate text and its references with their
/// segmenter tokens (`tokens`: `reference_count + 1` of them, the candidate's first), for
/// `rouge_text_scratch_words` and `rouge_text_scorer_init`: as `rouge_text_dims_of`, but each
/// text counts the larger of its bytes and its tokens' bytes in all.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (`ends` out of order).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_dims_of_segmented(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    tokens: *const rouge_tokens,
    out: *mut rouge_text_dims,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY (all blocks): the caller's contract.
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr.cast::<u8>(), cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let n = reference_count
            .checked_add(1)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let segs = unsafe { CSegments::checked(tokens, n) }?;
        let d = segmented_dims(cand, &refs, &segs);
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_text_dims {
                reference_count: d.references,
                candidate_bytes: d.candidate_bytes,
                reference_bytes: d.reference_bytes,
                candidate_line_bytes: d.candidate_line_bytes,
                reference_line_bytes: d.reference_line_bytes,
            })
        };
        Ok(())
    })())
}

/// `TextDims::of` with each text's size its segmented bytes (lines stay the text's).
fn segmented_dims<R: text::Texts + ?Sized>(cand: &[u8], refs: &R, segs: &CSegments) -> TextDims {
    let d = TextDims::of(cand, refs);
    let size = |t: usize, bytes: &[u8]| {
        let mut total = bytes.len();
        let mut sum = 0usize;
        for i in 0..segs.count(t) {
            sum = sum.saturating_add(segs.get(t, i).len());
        }
        total = total.max(sum);
        total
    };
    let mut r = 0;
    for i in 0..refs.count() {
        r = size(i + 1, refs.get(i)).max(r);
    }
    TextDims {
        candidate_bytes: size(0, cand),
        reference_bytes: r,
        ..d
    }
}

/// `rouge_score_text` with XL-Sum's tokeniser (`text_options->tokenizer` is
/// `ROUGE_TOKENIZER_XLSUM`, any language) given each text's segmenter tokens in `tokens`
/// (`reference_count + 1` of them: the candidate's, then each reference's): they are the main
/// path's tokens before stemming (the fork's segmenter output, or a `callable_tokenizer`'s),
/// stemmed as the language says; the Lsum path reads the texts. `scratch` holds what
/// `rouge_text_scratch_words` answers for `rouge_text_dims_of_segmented` these inputs (or
/// larger dims). Reentrant and thread-safe; `out` is written only on `ROUGE_OK`.
///
/// Errors: as `rouge_score_text` (NUL is allowed in the texts), and
/// `ROUGE_ERR_INVALID_ARGUMENT` for another tokeniser or `ends` out of order,
/// `ROUGE_ERR_INVALID_UTF8` for a token that is not UTF-8.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_score_text_segmented(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    tokens: *const rouge_tokens,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr.cast::<u8>(), cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let n = reference_count
            .checked_add(1)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let segs = unsafe { CSegments::checked(tokens, n) }?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        check_metrics(metrics)?;
        let opts = options_of(&unsafe { read(options) }?)?;
        let topts = unsafe { text_options_of(&read(text_options)?) }?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = unsafe { out_array(out, metric_count) }?;
        text::score_text_chunks(
            cand,
            &refs,
            &CMetrics(metrics),
            &opts,
            &topts,
            None,
            Some(&segs),
            scratch,
            &mut |i, r| out[i] = c_result(r),
        )
        .map_err(status)
    })())
}

/// `rouge_text_scorer_score` with each text's segmenter tokens (`tokens`, `reference_count +
/// 1` of them, the candidate's first), as `rouge_score_text_segmented`: for a scorer prepared
/// with `ROUGE_TOKENIZER_XLSUM`, its dims from `rouge_text_dims_of_segmented` (maxima over the
/// calls). The results are `rouge_score_text_segmented`'s.
///
/// Errors: as `rouge_text_scorer_score` and `rouge_score_text_segmented`.
///
/// # Safety
/// As `rouge_text_scorer_score`.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_text_scorer_score_segmented(
    scorer: *const rouge_text_scorer,
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    tokens: *const rouge_tokens,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let s = unsafe { read(scorer) }?;
        let ready = unsafe { Ready::of(&s) }?;
        let cand = unsafe { read(candidate) }?;
        let refs = unsafe { slice(references, reference_count) }?;
        let n = reference_count
            .checked_add(1)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let segs = unsafe { CSegments::checked(tokens, n) }?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = unsafe { out_array(out, s.metric_count) }?;
        unsafe { ready.score_with(&cand, refs, Some(&segs), scratch, out) }
    })())
}
