//! Scoring text: `rouge_score_text` tokenises the candidate and its references with one of the
//! tokenisers (`tokenize`) and scores them as token ids; `rouge_text_scorer_init` prepares it
//! once for many calls, and `rouge_text_scorer_score_batch` scores many pairs with it in one
//! call (for hosts whose calls are costly). Sized from byte lengths (`rouge_text_dims_of`,
//! `rouge_text_scratch_words`).

use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice, slice_mut};
use super::status::{
    rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_OUTPUT_TOO_SMALL,
};
use super::tokenize::{text_options_of, text_options_with, texts, Language as TokenLanguage};
use super::types::{
    c_result, metric_chunks, metric_of, options_of, rouge_metric, rouge_options, rouge_result,
    rouge_str,
};
use crate::arch::Features;
use crate::text::{self, MetricSource, Prepared, TextDims};
use crate::Error;

// `rouge::capi_text` (this module) named the tokenisers' options and calls before they moved
// to `tokenize`: kept for compatibility.
pub use super::tokenize::{
    rouge_text_options, rouge_text_options_init, rouge_tokenize, rouge_tokenize_scratch_words,
    ROUGE_TOKENIZER_PERL, ROUGE_TOKENIZER_ROUGE_SCORE, ROUGE_TOKENIZER_UNICODE,
};

/// Byte sizes that determine the scratch need of `rouge_score_text` (maxima over the calls a
/// buffer is meant for); fill with `rouge_text_dims_of`, or by hand from byte lengths.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_text_dims {
    /// References per candidate.
    pub reference_count: usize,
    /// Bytes of the candidate.
    pub candidate_bytes: usize,
    /// Bytes of the longest reference.
    pub reference_bytes: usize,
    /// Bytes of the candidate's longest line (a larger value counts as `candidate_bytes`; pass
    /// that when unknown: the summary-level metrics then size for one line).
    pub candidate_line_bytes: usize,
    /// Bytes of the longest line of any reference (capped at `reference_bytes` likewise).
    pub reference_line_bytes: usize,
}

/// The core's dims for C ones.
pub(super) fn text_dims_of(d: &rouge_text_dims) -> TextDims {
    TextDims {
        references: d.reference_count,
        candidate_bytes: d.candidate_bytes,
        reference_bytes: d.reference_bytes,
        candidate_line_bytes: d.candidate_line_bytes,
        reference_line_bytes: d.reference_line_bytes,
    }
}

/// The metrics of a C array, converted on the stack in chunks.
pub(super) struct CMetrics<'a>(pub(super) &'a [rouge_metric]);

impl MetricSource for CMetrics<'_> {
    fn chunks(&self, f: &mut text::ChunkFn) -> Result<(), Error> {
        // Checked by `check_metrics` before any call.
        metric_chunks::<{ text::CHUNK }, _>(self.0, |_| Error::InvalidArgument, f)
    }
}

/// Every metric converts (a `CMetrics` walk cannot fail on one after this).
pub(super) fn check_metrics(metrics: &[rouge_metric]) -> Result<(), rouge_status> {
    for m in metrics {
        metric_of(m)?;
    }
    Ok(())
}

/// Computes the byte sizes of one candidate text and its references into `*out`, for
/// `rouge_text_scratch_words`. Combine several with the element-wise maximum to size one
/// scratch buffer for many calls.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_dims_of(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    out: *mut rouge_text_dims,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY (both blocks): the caller's contract.
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr.cast::<u8>(), cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let d = TextDims::of(cand, &refs);
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

/// Writes to `*out_words` the exact number of `uint64_t` scratch words `rouge_score_text`
/// needs with these metrics and options for texts within `dims`. It grows linearly with the
/// byte lengths, except for the summary-level metrics (Lsum, and ROUGE-W in the Perl flavour),
/// which add one bit per pair of tokens of the longest lines (about `candidate_line_bytes *
/// reference_line_bytes / 256` words).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scratch_words(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    dims: *const rouge_text_dims,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY (all blocks): the caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        check_metrics(metrics)?;
        let opts = options_of(&unsafe { read(options) }?)?;
        let topts = unsafe { text_options_of(&read(text_options)?) }?;
        let dims = text_dims_of(&unsafe { read(dims) }?);
        let words =
            text::scratch_words_chunks(&CMetrics(metrics), &opts, &topts, &dims).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Scores the text `*candidate` against `reference_count` reference texts (at least one) for
/// each of `metric_count` metrics, writing `out[i]` for `metrics[i]`: the texts are tokenised
/// with `*text_options` into one id space in `scratch` and scored as `rouge_score_pair` scores
/// token ids (the sentences are the lines). With the Perl tokeniser and a `byte_limit` (-b),
/// ROUGE-N, S and SU read the text as ROUGE-1.5.5's `readText` cuts it, ROUGE-L and W as its
/// `readText_LCS` does, with the clipping counts and candidate total from `readText`, exactly
/// as ROUGE-1.5.5 computes them. Texts are UTF-8, need not be NUL-terminated and must not
/// contain NUL, but for `ROUGE_TOKENIZER_UNICODE_V1`, `ROUGE_TOKENIZER_CHARACTER_V1` and
/// `ROUGE_TOKENIZER_XLSUM`, which take it as their reference tools do. `scratch` holds `scratch_words` words as `rouge_text_scratch_words` answered for
/// `rouge_text_dims_of` these texts (or larger dims). Reentrant and thread-safe; `out` is
/// written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no references, bad metric or
/// options; `scratch` or `out` over a text, an array the call reads, or each other),
/// `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_UTF8`, `ROUGE_ERR_EMBEDDED_NUL`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_text(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
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
        let ref_items = unsafe { slice(references, reference_count) }?;
        let (refs, _) = unsafe { texts(ref_items) }?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        check_metrics(metrics)?;
        let opts = options_of(&unsafe { read(options) }?)?;
        let topts = unsafe { text_options_of(&read(text_options)?) }?;
        // The scratch and `out` over a text, an array read or each other are refused before
        // either becomes a slice (two `&mut` over the same bytes are undefined behaviour).
        let outputs = [
            bytes_of(scratch_ptr, scratch_words),
            bytes_of(out, metric_count),
        ];
        let inputs = [
            bytes_of(cand.as_ptr(), cand.len()),
            bytes_of(references, reference_count),
            bytes_of(metrics.as_ptr(), metrics.len()),
        ];
        let texts = ref_items.iter().map(|t| bytes_of(t.ptr, t.len));
        check_apart(&outputs, inputs.into_iter().chain(texts))?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = unsafe { out_array(out, metric_count) }?;
        text::score_text_chunks(
            cand,
            &refs,
            &CMetrics(metrics),
            &opts,
            &topts,
            None,
            None,
            scratch,
            &mut |i, r| out[i] = c_result(r),
        )
        .map_err(status)
    })())
}

/// `rouge_score_text` prepared once for many calls with the same metrics and options and texts
/// within the same dims: the metrics and options are checked and the scratch need worked out
/// once, by `rouge_text_scorer_init`, instead of on every call (which matters most for short
/// pairs). Lives in caller memory; the fields are for reading.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_text_scorer {
    /// The metrics, not copied: the array must stay valid and unchanged while the scorer is
    /// used.
    pub metrics: *const rouge_metric,
    /// Number of metrics.
    pub metric_count: usize,
    /// Scoring options (copied).
    pub options: rouge_options,
    /// Tokeniser options (copied, but for `lang`: NULL in the copy; the language it named is
    /// resolved into `language`).
    pub text_options: rouge_text_options,
    /// The texts of every call must be within these (copied).
    pub dims: rouge_text_dims,
    /// Scratch words every `rouge_text_scorer_score` call needs.
    pub scratch_words: usize,
    /// Internal, set by `rouge_text_scorer_init`: the processor features it detected and a
    /// check of them keyed by where the library is loaded. A value changed by hand, or copied
    /// from a process with the library loaded elsewhere, fails the check and reads as no
    /// optional feature: the same results, slower. Copy a scorer only within a process.
    pub cpu_features: u32,
    /// Internal, set by `rouge_text_scorer_init`: with `ROUGE_TOKENIZER_XLSUM`, the language
    /// `text_options.lang` named, resolved (its segmenter and stemmer); 0 otherwise. A value
    /// no language has is `ROUGE_ERR_INVALID_ARGUMENT` when scoring.
    pub language: u32,
}

/// What a prepared scorer stores of its tokeniser's language ([`rouge_text_scorer::language`]).
fn language_code(t: &text::TextOptions) -> u32 {
    #[cfg(feature = "multilingual")]
    if let text::Tokenizer::XlSum(l) = t.tokenizer {
        return super::tokenize::xlsum_language_code(&l);
    }
    let _ = t;
    0
}

/// Prepares `*out` to score text with `metric_count` metrics (the array must outlive the
/// scorer, unchanged) and these options, for texts within `*dims`, and sets its
/// `scratch_words`, what `rouge_text_scratch_words` answers for them.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scorer_init(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    dims: *const rouge_text_dims,
    out: *mut rouge_text_scorer,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY (all blocks): the caller's contract.
        let list = unsafe { slice(metrics, metric_count) }?;
        check_metrics(list)?;
        let c_options = unsafe { read(options) }?;
        let opts = options_of(&c_options)?;
        let c_text = unsafe { read(text_options) }?;
        let topts = unsafe { text_options_of(&c_text) }?;
        let c_dims = unsafe { read(dims) }?;
        let prepared = Prepared::new(&CMetrics(list), &opts, &topts, &text_dims_of(&c_dims))
            .map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_text_scorer {
                metrics,
                metric_count,
                options: c_options,
                text_options: rouge_text_options {
                    lang: core::ptr::null(),
                    lang_len: 0,
                    ..c_text
                },
                dims: c_dims,
                scratch_words: prepared.words,
                cpu_features: prepared.features.to_stored(),
                language: language_code(&topts),
            })
        };
        Ok(())
    })())
}

/// `rouge_score_text` with a prepared scorer: the text `*candidate` against `reference_count`
/// references, `out[i]` for the scorer's metric i (`out` holds `metric_count` results). The
/// results are `rouge_score_text`'s. `scratch` holds at least the scorer's `scratch_words`.
/// Reentrant and thread-safe (the scorer is only read); `out` is written only on `ROUGE_OK`.
///
/// Errors: as `rouge_score_text` (`scratch` or `out` over the scorer or its metrics too), and
/// `ROUGE_ERR_INVALID_ARGUMENT` for texts beyond the scorer's dims.
///
/// # Safety
/// As `rouge_score_text`; `*scorer` must come from `rouge_text_scorer_init`, its metric array
/// still valid and unchanged.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scorer_score(
    scorer: *const rouge_text_scorer,
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
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
        // As in `rouge_score_text`: outputs over what is read, or over each other, refused
        // before they become slices.
        let outputs = [
            bytes_of(scratch_ptr, scratch_words),
            bytes_of(out, s.metric_count),
        ];
        let inputs = [
            bytes_of(scorer, 1),
            bytes_of(s.metrics, s.metric_count),
            bytes_of(references, reference_count),
        ];
        let texts = core::iter::once(&cand)
            .chain(refs)
            .map(|t| bytes_of(t.ptr, t.len));
        check_apart(&outputs, inputs.into_iter().chain(texts))?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = unsafe { out_array(out, s.metric_count) }?;
        unsafe { ready.score(&cand, refs, scratch, out) }
    })())
}

/// What scoring with a prepared scorer derives from it before any text: read once per
/// `rouge_text_scorer_score` call, and once per batch by `rouge_text_scorer_score_batch`
/// (per pair, a few percent of a short pair's time in a profile of the Python batch).
pub(super) struct Ready<'m> {
    metrics: CMetrics<'m>,
    opts: crate::Options,
    topts: text::TextOptions,
    prepared: Prepared,
}

impl Ready<'_> {
    /// # Safety
    /// `s.metrics` points to `s.metric_count` metrics, valid and unchanged while the result
    /// is used.
    pub(super) unsafe fn of(s: &rouge_text_scorer) -> Result<Self, rouge_status> {
        // SAFETY: the caller's contract.
        let metrics = CMetrics(unsafe { slice(s.metrics, s.metric_count) }?);
        let prepared = Prepared {
            dims: text_dims_of(&s.dims),
            words: s.scratch_words,
            short: text::short_plan(&metrics),
            features: Features::from_stored(s.cpu_features),
        };
        Ok(Ready {
            opts: options_of(&s.options)?,
            topts: text_options_with(&s.text_options, TokenLanguage::Code(s.language))?,
            metrics,
            prepared,
        })
    }

    /// One pair: `*cand` against `refs`, `out[i]` for metric i.
    ///
    /// # Safety
    /// Every text's (ptr, len) satisfies `slice`'s contract.
    unsafe fn score(
        &self,
        cand: &rouge_str,
        refs: &[rouge_str],
        scratch: &mut [u64],
        out: &mut [rouge_result],
    ) -> Result<(), rouge_status> {
        // SAFETY: the caller's contract.
        unsafe { self.score_with(cand, refs, None, scratch, out) }
    }

    /// [`Ready::score`] with the texts' segmenter tokens (XL-Sum).
    ///
    /// # Safety
    /// As [`Ready::score`].
    pub(super) unsafe fn score_with(
        &self,
        cand: &rouge_str,
        refs: &[rouge_str],
        segments: Option<&dyn text::Segmented>,
        scratch: &mut [u64],
        out: &mut [rouge_result],
    ) -> Result<(), rouge_status> {
        // SAFETY (both blocks): the caller's contract.
        let cand = unsafe { slice(cand.ptr.cast::<u8>(), cand.len) }?;
        let (refs, _) = unsafe { texts(refs) }?;
        text::score_text_chunks(
            cand,
            &refs,
            &self.metrics,
            &self.opts,
            &self.topts,
            Some(&self.prepared),
            segments,
            scratch,
            &mut |i, r| {
                if let Some(o) = out.get_mut(i) {
                    *o = c_result(r)
                }
            },
        )
        .map_err(status)
    }
}

/// Scores `pair_count` text pairs with a prepared scorer in one call: pair p is the candidate
/// `candidates[p]` against the references `references[reference_offsets[p] ..
/// reference_offsets[p + 1]]` (at least one; `reference_offsets` holds `pair_count + 1`
/// non-decreasing indices into `references`, which holds `reference_offsets[pair_count]`
/// texts). `out[p * metric_count + i]` is the scorer's metric i of pair p (`out_len` at least
/// `pair_count * metric_count`); every text must be within the scorer's dims. The results are
/// `rouge_text_scorer_score`'s. Reentrant and thread-safe (split a batch across threads, one
/// scratch each); `out` is written only on `ROUGE_OK` (pairs scored before a failing pair
/// excepted: on an error `out` is unspecified).
///
/// Errors: as `rouge_text_scorer_score`, plus `ROUGE_ERR_OUTPUT_TOO_SMALL` and
/// `ROUGE_ERR_INVALID_ARGUMENT` for offsets out of order or out of range, and for `out` or the
/// scratch overlapping each other, `*scorer`, its metrics, `candidates`, `references`,
/// `reference_offsets` or any text's bytes (refused before anything is written).
///
/// # Safety
/// As `rouge_text_scorer_score`, for every pair.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_text_scorer_score_batch(
    scorer: *const rouge_text_scorer,
    candidates: *const rouge_str,
    references: *const rouge_str,
    reference_offsets: *const usize,
    pair_count: usize,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
    out_len: usize,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let s = unsafe { read(scorer) }?;
        let metric_count = s.metric_count;
        let offsets_len = pair_count.checked_add(1).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let offsets = unsafe { slice(reference_offsets, offsets_len) }?;
        let cands = unsafe { slice(candidates, pair_count) }?;
        let refs_len = *offsets.last().ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let refs = unsafe { slice(references, refs_len) }?;
        if offsets.windows(2).any(|w| w[0] >= w[1]) || offsets.first() != Some(&0) {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        let need = pair_count
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        // The scorer, the arrays and the texts are read for every pair; `out` measured as the
        // caller sized it (a short `out_len` is refused next with OUTPUT_TOO_SMALL).
        let outputs = [
            bytes_of(out, out_len.min(need)),
            bytes_of(scratch_ptr, scratch_words),
        ];
        let text_bytes = |t: &rouge_str| bytes_of(t.ptr, t.len);
        let inputs = [
            bytes_of(scorer, 1),
            bytes_of(s.metrics, s.metric_count),
            bytes_of(candidates, pair_count),
            bytes_of(references, refs_len),
            bytes_of(reference_offsets, offsets_len),
        ];
        let texts = cands.iter().chain(refs).map(text_bytes);
        check_apart(&outputs, inputs.into_iter().chain(texts))?;
        if out_len < need {
            return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
        }
        let out = if need == 0 { out } else { out_ptr(out)? };
        let out = unsafe { slice_mut(out, need) }?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        if pair_count == 0 {
            return Ok(());
        }
        let ready = unsafe { Ready::of(&s) }?;
        for (p, (cand, w)) in cands.iter().zip(offsets.windows(2)).enumerate() {
            // In range: offsets checked increasing up to refs_len, p < pair_count.
            let r = refs.get(w[0]..w[1]).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
            let o = out
                .get_mut(p * metric_count..(p + 1) * metric_count)
                .ok_or(ROUGE_ERR_OUTPUT_TOO_SMALL)?;
            unsafe { ready.score(cand, r, scratch, o) }?;
        }
        Ok(())
    })())
}
