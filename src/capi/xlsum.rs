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
    if !cfg!(feature = "multilingual") {
        // Refused before anything is read: with the rest of the body unreachable, a minimal
        // build compiles none of it (the symbol and the header stay the same).
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
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
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (`ends` out of order; or a
/// build without the feature `multilingual`, which refuses the call before reading anything).
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
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
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
/// `ROUGE_ERR_INVALID_ARGUMENT` for another tokeniser or `ends` out of order (and for any call
/// to a build without the feature `multilingual`, before anything is read),
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
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
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
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
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

/// Receives the tokens `rouge_xlsum_tokens` and `rouge_xlsum_stem` list, one call each:
/// `len` Unicode code points at `token` (the caller's `ctx` passed through). From
/// `rouge_xlsum_tokens` a token is never empty, and `len` 0 (with `token` NULL) ends a sentence
/// of the Lsum path; from `rouge_xlsum_stem` it is the stem, which may be empty. The pointer is
/// valid only during the call.
pub type rouge_xlsum_sink =
    Option<unsafe extern "C" fn(ctx: *mut core::ffi::c_void, token: *const u32, len: usize)>;

/// Writes to `*out_words` the `uint64_t` scratch words `rouge_xlsum_tokens` needs for a text of
/// `text_len` bytes and, when `tokens` is not NULL, those segmenter tokens (one
/// `rouge_tokens`).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (`ends` out of order; or a
/// build without the feature `multilingual`, before anything is read),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_xlsum_tokens_scratch_words(
    text_len: usize,
    tokens: *const rouge_tokens,
    out_words: *mut usize,
) -> rouge_status {
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
    code((|| {
        let out = out_ptr(out_words)?;
        let count = usize::from(!tokens.is_null());
        // SAFETY: the caller's contract.
        let segs = unsafe { CSegments::checked(tokens, count) }?;
        let words = words_of(tokens_scratch_chars(text_len, &segs))?;
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(words) };
        Ok(())
    })())
}

/// Lists XL-Sum's tokens of the UTF-8 text `*text` as the fork (`multilingual-rouge` 0.0.1)
/// makes them for the language and stemming of `*text_options` (`ROUGE_TOKENIZER_XLSUM`), each
/// to `sink`: with `lsum` 0 the main path's (rouge1, rouge2, rougeL: `tokenize(text, stemmer,
/// MultiTokenizer(lang))`), with `lsum` non-zero the Lsum path's (rougeLsum: each non-empty
/// line's tokens then an end of sentence). `tokens` NULL: the library segments (refused with
/// `ROUGE_ERR_INVALID_ARGUMENT` for Chinese, Japanese and Thai, whose segmenter the host runs);
/// otherwise the main path takes these segmenter tokens of the text (one `rouge_tokens`, as
/// `rouge_score_text_segmented` does; not with `lsum`). `scratch` holds what
/// `rouge_xlsum_tokens_scratch_words` answers. Reentrant; a failure can come after some tokens
/// were listed.
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (`sink` too), `ROUGE_ERR_INVALID_UTF8`,
/// `ROUGE_ERR_SCRATCH_TOO_SMALL`, `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT`
/// (another tokeniser, a language the host segments, `tokens` with `lsum`, `ends` out of
/// order, `scratch` over an input; or a build without the feature `multilingual`).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call;
/// `sink` must be safe to call with `ctx` and any token.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_xlsum_tokens(
    text: *const rouge_str,
    text_options: *const rouge_text_options,
    lsum: u32,
    tokens: *const rouge_tokens,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    sink: rouge_xlsum_sink,
    ctx: *mut core::ffi::c_void,
) -> rouge_status {
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
    code((|| {
        let sink = sink.ok_or(super::status::ROUGE_ERR_NULL_POINTER)?;
        // SAFETY (all blocks): the caller's contract for each pointer and length.
        let t = unsafe { read(text) }?;
        let bytes = unsafe { slice(t.ptr.cast::<u8>(), t.len) }?;
        let o = unsafe { read(text_options) }?;
        let lang = unsafe { xlsum_language(&o, true) }?;
        let count = usize::from(!tokens.is_null());
        if lsum != 0 && count != 0 {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        let segs = unsafe { CSegments::checked(tokens, count) }?;
        check_apart(
            &[bytes_of(scratch_ptr, scratch_words)],
            [
                bytes_of(t.ptr, t.len),
                bytes_of(text, 1),
                bytes_of(text_options, 1),
            ],
        )?;
        let s = core::str::from_utf8(bytes).map_err(|_| ROUGE_ERR_INVALID_UTF8)?;
        let needed = words_of(tokens_scratch_chars(t.len, &segs))?;
        if scratch_words < needed {
            return Err(super::status::ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let chars = chars_of(scratch);
        let mut out = CSink { sink, ctx };
        list_tokens(lang, s, lsum != 0, count != 0, &segs, chars, &mut out)
    })())
}

/// Writes to `*out_words` the `uint64_t` scratch words `rouge_xlsum_stem` needs for a word of
/// `word_len` bytes.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_ARGUMENT`
/// (a build without the feature `multilingual`, before anything is read).
///
/// # Safety
/// `out_words` must be NULL or point to a writable `size_t`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_xlsum_stem_scratch_words(
    word_len: usize,
    out_words: *mut usize,
) -> rouge_status {
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
    code((|| {
        let out = out_ptr(out_words)?;
        let words = words_of(stem_scratch_chars(word_len))?;
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(words) };
        Ok(())
    })())
}

/// Stems the UTF-8 word `*word` with the stemmer of the language `text_options->lang` names,
/// as the fork builds it for `use_stemmer=True` (`MultiStemmer.stemmer(word)`: NLTK's Porter
/// for NULL, NLTK's Snowball with its stop words, the Bengali, Turkish or Hindi one; the
/// word unchanged for a language without one), and hands the stem to `sink` once. The
/// fork's rule of stemming only tokens longer than 3 code points is the caller's (the
/// scoring calls apply it); `stem` is not read. NLTK's Arabic stemmer is in its steady state
/// (a flag it never resets, set once any word took its verb-suffix step). `scratch` holds
/// what `rouge_xlsum_stem_scratch_words` answers.
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (`sink` too), `ROUGE_ERR_INVALID_UTF8`,
/// `ROUGE_ERR_SCRATCH_TOO_SMALL`, `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT`
/// (another tokeniser, `scratch` over an input; or a build without the feature
/// `multilingual`).
///
/// # Safety
/// As `rouge_xlsum_tokens`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_xlsum_stem(
    word: *const rouge_str,
    text_options: *const rouge_text_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    sink: rouge_xlsum_sink,
    ctx: *mut core::ffi::c_void,
) -> rouge_status {
    if !cfg!(feature = "multilingual") {
        return ROUGE_ERR_INVALID_ARGUMENT;
    }
    code((|| {
        let sink = sink.ok_or(super::status::ROUGE_ERR_NULL_POINTER)?;
        // SAFETY (all blocks): the caller's contract for each pointer and length.
        let w = unsafe { read(word) }?;
        let bytes = unsafe { slice(w.ptr.cast::<u8>(), w.len) }?;
        let o = unsafe { read(text_options) }?;
        let lang = unsafe { xlsum_language(&o, false) }?;
        check_apart(
            &[bytes_of(scratch_ptr, scratch_words)],
            [
                bytes_of(w.ptr, w.len),
                bytes_of(word, 1),
                bytes_of(text_options, 1),
            ],
        )?;
        let s = core::str::from_utf8(bytes).map_err(|_| ROUGE_ERR_INVALID_UTF8)?;
        if scratch_words < words_of(stem_scratch_chars(w.len))? {
            return Err(super::status::ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let chars = chars_of(scratch);
        stem_into(lang, s, chars, &mut CSink { sink, ctx })
    })())
}

/// The sink of the C caller.
struct CSink {
    sink: unsafe extern "C" fn(*mut core::ffi::c_void, *const u32, usize),
    ctx: *mut core::ffi::c_void,
}

impl CSink {
    fn send(&mut self, token: &[char]) {
        let ptr = if token.is_empty() {
            core::ptr::null()
        } else {
            token.as_ptr().cast::<u32>()
        };
        // SAFETY: the caller's contract for `sink` and `ctx`; a `char` is a `u32` holding a
        // code point, and `token` outlives the call.
        unsafe { (self.sink)(self.ctx, ptr, token.len()) }
    }
}

/// 64-bit words holding `chars` code points.
fn words_of(chars: usize) -> Result<usize, rouge_status> {
    if chars == usize::MAX {
        return Err(ROUGE_ERR_INPUT_TOO_LONG);
    }
    Ok(chars.div_ceil(2))
}

/// The caller's scratch as code points (zeroed first: every value in a `[char]` must be one).
fn chars_of(scratch: &mut [u64]) -> &mut [char] {
    scratch.fill(0);
    let n = scratch.len().saturating_mul(2);
    // SAFETY: the memory is `scratch`'s, borrowed mutably for the result's lifetime; `u64`'s
    // alignment covers `char`'s; two zero `u32`s per word, and 0 is a `char`.
    unsafe { core::slice::from_raw_parts_mut(scratch.as_mut_ptr().cast::<char>(), n) }
}

#[cfg(feature = "multilingual")]
mod listing {
    use super::{status, CSegments, CSink, ROUGE_ERR_INVALID_ARGUMENT};
    use crate::capi::status::rouge_status;
    use crate::capi::tokenize::{rouge_text_options, text_options_of};
    use crate::text::xlsum::{self, Language, TokenSink};
    use crate::text::{Segmented, Texts, Tokenizer};
    use crate::Error;

    /// The XL-Sum language of C options (refused for another tokeniser): with `as_run`, as
    /// the options run it (no stemmer without `stem`), else with its stemmer.
    ///
    /// # Safety
    /// As `text_options_of`.
    pub(super) unsafe fn xlsum_language(
        o: &rouge_text_options,
        as_run: bool,
    ) -> Result<Language, rouge_status> {
        // SAFETY: the caller's contract.
        let t = unsafe { text_options_of(o) }?;
        match (t.tokenizer, t.xlsum_language()) {
            (_, Some(l)) if as_run => Ok(l),
            (Tokenizer::XlSum(l), _) => Ok(l),
            _ => Err(ROUGE_ERR_INVALID_ARGUMENT),
        }
    }

    impl TokenSink for CSink {
        fn token(&mut self, token: &[char]) -> Result<(), Error> {
            self.send(token);
            Ok(())
        }
        fn end_sentence(&mut self) -> Result<(), Error> {
            self.send(&[]);
            Ok(())
        }
    }

    /// One text's segmenter tokens as `Texts`.
    struct First<'a, 'b>(&'a CSegments<'b>);

    impl Texts for First<'_, '_> {
        fn count(&self) -> usize {
            self.0.count(0)
        }
        fn get(&self, i: usize) -> &[u8] {
            self.0.get(0, i)
        }
    }

    pub(super) fn tokens_scratch_chars(text_len: usize, segs: &CSegments) -> usize {
        if segs.texts() == 0 {
            xlsum::scratch_chars(text_len)
        } else {
            xlsum::segmented_scratch_chars(text_len, &First(segs))
        }
    }

    pub(super) fn stem_scratch_chars(word_len: usize) -> usize {
        word_len.saturating_add(crate::stem::scratch_chars(word_len))
    }

    pub(super) fn list_tokens(
        lang: Language,
        text: &str,
        lsum: bool,
        segmented: bool,
        segs: &CSegments,
        chars: &mut [char],
        out: &mut CSink,
    ) -> Result<(), rouge_status> {
        let r = if lsum {
            xlsum::lsum_tokens(&lang, text, chars, out)
        } else if segmented {
            xlsum::segmented_tokens(&lang, text, &First(segs), chars, out)
        } else {
            xlsum::main_tokens(&lang, text, chars, out)
        };
        r.map_err(status)
    }

    pub(super) fn stem_into(
        lang: Language,
        word: &str,
        chars: &mut [char],
        out: &mut CSink,
    ) -> Result<(), rouge_status> {
        let (w, rest) = chars.split_at_mut(word.len().min(chars.len()));
        let mut n = 0;
        for (slot, c) in w.iter_mut().zip(word.chars()) {
            *slot = c;
            n += 1;
        }
        let w = w.get(..n).unwrap_or(&[]);
        match lang.stemmer {
            Some(s) => {
                let stem = crate::stem::stem(s, w, rest).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
                out.send(stem);
            }
            None => out.send(w),
        }
        Ok(())
    }
}

#[cfg(feature = "multilingual")]
use listing::{list_tokens, stem_into, stem_scratch_chars, tokens_scratch_chars, xlsum_language};

#[cfg(not(feature = "multilingual"))]
mod listing {
    use super::{rouge_status, CSegments, CSink, ROUGE_ERR_INVALID_ARGUMENT};
    use crate::capi::tokenize::rouge_text_options;

    /// No XL-Sum without the feature.
    pub(super) unsafe fn xlsum_language(
        _: &rouge_text_options,
        _: bool,
    ) -> Result<(), rouge_status> {
        Err(ROUGE_ERR_INVALID_ARGUMENT)
    }
    pub(super) fn tokens_scratch_chars(text_len: usize, _: &CSegments) -> usize {
        text_len
    }
    pub(super) fn stem_scratch_chars(word_len: usize) -> usize {
        word_len
    }
    pub(super) fn list_tokens(
        _: (),
        _: &str,
        _: bool,
        _: bool,
        _: &CSegments,
        _: &mut [char],
        _: &mut CSink,
    ) -> Result<(), rouge_status> {
        Err(ROUGE_ERR_INVALID_ARGUMENT)
    }
    pub(super) fn stem_into(
        _: (),
        _: &str,
        _: &mut [char],
        _: &mut CSink,
    ) -> Result<(), rouge_status> {
        Err(ROUGE_ERR_INVALID_ARGUMENT)
    }
}

#[cfg(not(feature = "multilingual"))]
use listing::{list_tokens, stem_into, stem_scratch_chars, tokens_scratch_chars, xlsum_language};
