//! Token ids in, scores out: one pair (`rouge_score_pair`) or a batch of pairs in one array
//! (`rouge_score_batch`), their size queries (`rouge_dims_of`, `rouge_scratch_words`,
//! `rouge_batch_scratch_words`), and filling the options and metrics they take
//! (`rouge_options_init`, `rouge_metric_parse`).

use core::ffi::c_char;

use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_ptr, read, scratch, slice, slice_mut};
use super::status::{
    rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_OUTPUT_TOO_SMALL, ROUGE_ERR_SCRATCH_TOO_SMALL,
};
use super::types::{
    c_result, metric_chunks, options_of, rouge_metric, rouge_options, rouge_result, rouge_summary,
    summary_of, ROUGE_FLAVOUR_PERL, ROUGE_FLAVOUR_ROUGE_SCORE, ROUGE_METRIC_L, ROUGE_METRIC_LSUM,
    ROUGE_METRIC_N, ROUGE_METRIC_S, ROUGE_METRIC_SU, ROUGE_METRIC_W, ROUGE_MULTI_BEST_F,
    ROUGE_MULTI_PERL_A,
};
use crate::{Batch, Dims, Metric, MetricResult, Options, References, Summary};

/// Sizes that determine the scratch need (maxima over the pairs of a call or of many calls).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_dims {
    /// References per candidate.
    pub reference_count: usize,
    /// Candidate tokens.
    pub candidate_len: usize,
    /// Tokens of the longest reference.
    pub reference_len: usize,
    /// Tokens of the longest candidate sentence.
    pub candidate_sentence_len: usize,
    /// Tokens of the longest reference sentence.
    pub reference_sentence_len: usize,
}

/// Many pairs in one array (CSR layout), borrowed for the call only.
///
/// Segment k is `tokens[segment_ends[k-1] .. segment_ends[k]]` (the first starts at 0). Pair p
/// is the segments `pair_segments[p] .. pair_segments[p+1]`: the first is the candidate, the
/// others (at least one) its references. `sentence_ends` are absolute offsets into `tokens`,
/// non-decreasing; a segment takes those in (start, end].
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_batch {
    /// All token ids.
    pub tokens: *const u32,
    /// Number of token ids.
    pub tokens_len: usize,
    /// End of each segment, non-decreasing, at most `tokens_len`.
    pub segment_ends: *const usize,
    /// Number of segments.
    pub segment_count: usize,
    /// Absolute sentence ends (may be NULL with length 0).
    pub sentence_ends: *const usize,
    /// Number of sentence ends.
    pub sentence_ends_len: usize,
    /// `pair_count + 1` segment indices.
    pub pair_segments: *const usize,
    /// Number of pairs.
    pub pair_count: usize,
}

/// Metrics are converted in fixed-size chunks on the stack: no allocation, any count.
pub(crate) const METRIC_CHUNK: usize = 32;

/// Runs `f` over the converted metrics, `METRIC_CHUNK` at a time, with the chunk's offset.
fn with_metrics(
    metrics: &[rouge_metric],
    f: impl FnMut(usize, &[Metric]) -> Result<(), rouge_status>,
) -> Result<(), rouge_status> {
    metric_chunks::<METRIC_CHUNK, _>(metrics, |s| s, f)
}

/// References given as a C array, every element checked when the wrapper is built.
struct CRefs<'a> {
    items: &'a [rouge_summary],
}

impl<'a> CRefs<'a> {
    /// # Safety
    /// Every element's arrays satisfy [`slice`]'s contract.
    unsafe fn new(items: &'a [rouge_summary]) -> Result<Self, rouge_status> {
        for s in items {
            // SAFETY: forwarded contract.
            unsafe { summary_of(s) }?;
        }
        Ok(CRefs { items })
    }
}

impl References for CRefs<'_> {
    fn count(&self) -> usize {
        self.items.len()
    }
    fn get(&self, i: usize) -> Summary<'_> {
        // SAFETY: checked in `new`; the arrays outlive the call that built `self`.
        unsafe { summary_of(&self.items[i]) }.unwrap_or(Summary::new(&[], &[]))
    }
}

/// Fills `*out` with the defaults of a flavour: rouge-score (best F over references, no
/// rounding) or ROUGE-1.5.5 (`-f A`, alpha 0.5, rounding to 5 decimals as printed).
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (out), `ROUGE_ERR_INVALID_ARGUMENT` (flavour).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_options_init(flavour: u32, out: *mut rouge_options) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        let o = match flavour {
            ROUGE_FLAVOUR_ROUGE_SCORE => rouge_options {
                flavour,
                multi_reference: ROUGE_MULTI_BEST_F,
                jackknife: 0,
                round: 0,
                alpha: 0.5,
            },
            ROUGE_FLAVOUR_PERL => rouge_options {
                flavour,
                multi_reference: ROUGE_MULTI_PERL_A,
                jackknife: 0,
                round: 1,
                alpha: 0.5,
            },
            _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
        };
        // SAFETY: checked non-null and aligned; the caller owns the storage.
        unsafe { out.write(o) };
        Ok(())
    })())
}

/// Parses a metric name as rouge-score and ROUGE-1.5.5 users write it: `rouge1`..`rougeN`,
/// `rougeL`, `rougeLsum`, `rougeW-1.2` (any weight), `rougeS4`, `rougeS*`, `rougeSU4`,
/// `rougeSU*` (case of the `rouge` prefix ignored), and ROUGE-1.5.5's spellings `ROUGE-1`,
/// `ROUGE-L`, `ROUGE-W-1.2`, `ROUGE-S4`, `ROUGE-SU*`. Note that ROUGE-1.5.5's `ROUGE-L` is the
/// summary-level LCS, so `ROUGE-L` parses to `ROUGE_METRIC_LSUM` while `rougeL` parses to
/// `ROUGE_METRIC_L`. `name` is `name_len` bytes, no NUL needed.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (unknown name).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_metric_parse(
    name: *const c_char,
    name_len: usize,
    out: *mut rouge_metric,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY: caller's contract for (name, name_len).
        let bytes = unsafe { slice(name.cast::<u8>(), name_len) }?;
        let m = parse_metric(bytes).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(m) };
        Ok(())
    })())
}

/// Name parser behind `rouge_metric_parse`.
pub fn parse_metric(name: &[u8]) -> Option<rouge_metric> {
    let name = core::str::from_utf8(name).ok()?;
    // Compared as bytes: `name[..5]` would panic when byte 5 falls inside a multi-byte
    // character ("rougé"). Once the five bytes are ASCII, byte 5 is a character boundary.
    if name.len() < 5 || !name.as_bytes()[..5].eq_ignore_ascii_case(b"rouge") {
        return None;
    }
    // ROUGE-1.5.5 spells its names `ROUGE-...`; its ROUGE-L is the summary-level LCS.
    let perl_spelling = name.starts_with("ROUGE-");
    let rest = name[5..].strip_prefix('-').unwrap_or(&name[5..]);
    if perl_spelling && rest == "L" {
        return Some(rouge_metric {
            kind: ROUGE_METRIC_LSUM,
            n: 0,
            skip: 0,
            weight: 0.0,
        });
    }
    let skip = |s: &str| -> Option<i64> {
        if s == "*" {
            Some(-1)
        } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    let m = |kind, n, skip, weight| {
        Some(rouge_metric {
            kind,
            n,
            skip,
            weight,
        })
    };
    if rest == "L" {
        m(ROUGE_METRIC_L, 0, 0, 0.0)
    } else if rest == "Lsum" {
        m(ROUGE_METRIC_LSUM, 0, 0, 0.0)
    } else if let Some(w) = rest.strip_prefix("W-").or_else(|| rest.strip_prefix("W")) {
        let w: f64 = w.parse().ok()?;
        (w >= 1.0 && w.is_finite()).then_some(rouge_metric {
            kind: ROUGE_METRIC_W,
            n: 0,
            skip: 0,
            weight: w,
        })
    } else if let Some(s) = rest.strip_prefix("SU") {
        m(ROUGE_METRIC_SU, 0, skip(s)?, 0.0)
    } else if let Some(s) = rest.strip_prefix('S') {
        m(ROUGE_METRIC_S, 0, skip(s)?, 0.0)
    } else if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = rest.parse().ok()?;
        (n >= 1).then_some(rouge_metric {
            kind: ROUGE_METRIC_N,
            n,
            skip: 0,
            weight: 0.0,
        })
    } else {
        None
    }
}

/// Computes the dimensions of one candidate and its references into `*out`, for
/// `rouge_scratch_words`. Combine several with the element-wise maximum to size one scratch
/// buffer for many calls.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (sentence ends),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_dims_of(
    candidate: *const rouge_summary,
    references: *const rouge_summary,
    reference_count: usize,
    out: *mut rouge_dims,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY: caller's contract.
        let cand = unsafe { summary_of(&read(candidate)?) }?;
        // SAFETY: caller's contract.
        let refs = unsafe { CRefs::new(slice(references, reference_count)?) }?;
        let d = Dims::checked(&cand, &refs).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_dims {
                reference_count: d.references,
                candidate_len: d.candidate_len,
                reference_len: d.reference_len,
                candidate_sentence_len: d.candidate_sentence_len,
                reference_sentence_len: d.reference_sentence_len,
            })
        };
        Ok(())
    })())
}

/// Writes to `*out_words` the exact number of `uint64_t` scratch words a call of `rouge_score_pair`
/// (or of `rouge_score_batch`) with these metrics and options needs for inputs within `dims`.
/// The need grows linearly with the lengths, except for the summary-level metrics (Lsum, and
/// ROUGE-W in the Perl flavour), which add one bit per cell of the largest sentence pair.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_scratch_words(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    dims: *const rouge_dims,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        // SAFETY: caller's contract.
        let opts = options_of(&unsafe { read(options) }?)?;
        // SAFETY: caller's contract.
        let d = unsafe { read(dims) }?;
        let dims = Dims {
            references: d.reference_count,
            candidate_len: d.candidate_len,
            reference_len: d.reference_len,
            candidate_sentence_len: d.candidate_sentence_len,
            reference_sentence_len: d.reference_sentence_len,
        };
        let words = words_for_metrics(metrics, &opts, &dims)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Scratch words for all metrics: the chunks share one buffer in turn, so the need is the
/// largest chunk's.
fn words_for_metrics(
    metrics: &[rouge_metric],
    opts: &Options,
    dims: &Dims,
) -> Result<usize, rouge_status> {
    let mut words = 0usize;
    with_metrics(metrics, |_, ms| {
        words = words.max(crate::scratch_words(ms, opts, dims).map_err(status)?);
        Ok(())
    })?;
    Ok(words)
}

/// Scores `candidate` against `reference_count` references for each of `metric_count`
/// metrics, writing `out[i]` for `metrics[i]` (`out` holds `metric_count` results). The metrics
/// share work (one interning pass per reference, n-gram levels built once). All arrays are
/// borrowed for the call only; `scratch` holds `scratch_words` words as `rouge_scratch_words`
/// answered. Reentrant and thread-safe; `out` is written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no references, bad metric or
/// options, bad sentence ends, `out` or the scratch overlapping a summary's arrays, the
/// `references` or `metrics` array, or each other), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_pair(
    candidate: *const rouge_summary,
    references: *const rouge_summary,
    reference_count: usize,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let cand_c = unsafe { read(candidate) }?;
        let cand = unsafe { summary_of(&cand_c) }?;
        let refs = unsafe { CRefs::new(slice(references, reference_count)?) }?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(&unsafe { read(options) }?)?;
        // The candidate and options structs are copied; the arrays are read throughout.
        let outputs = [
            bytes_of(out, metric_count),
            bytes_of(scratch_ptr, scratch_words),
        ];
        let arrays = |s: &rouge_summary| {
            [
                bytes_of(s.tokens, s.len),
                bytes_of(s.sentence_ends, s.sentence_count),
            ]
        };
        let inputs = refs
            .items
            .iter()
            .flat_map(arrays)
            .chain(arrays(&cand_c))
            .chain([
                bytes_of(references, reference_count),
                bytes_of(metrics.as_ptr(), metrics.len()),
            ]);
        check_apart(&outputs, inputs)?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        if refs.count() == 0 {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        // Check the whole call (every chunk) before the first result is written.
        let needed = words_for_metrics(metrics, &opts, &Dims::of(&cand, &refs))?;
        if scratch.len() < needed {
            return Err(ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let out = unsafe { slice_mut(out, metric_count) }?;
        let mut results = [MetricResult::default(); METRIC_CHUNK];
        with_metrics(metrics, |offset, ms| {
            crate::score_pair(&cand, &refs, ms, &opts, scratch, &mut results[..ms.len()])
                .map_err(status)?;
            for (d, r) in out[offset..offset + ms.len()].iter_mut().zip(&results) {
                *d = c_result(r);
            }
            Ok(())
        })
    })())
}

fn batch_of<'a>(b: &rouge_batch) -> Result<Batch<'a>, rouge_status> {
    // SAFETY (all blocks): the caller's contract for the batch's arrays.
    let tokens = unsafe { slice(b.tokens, b.tokens_len) }?;
    let segment_ends = unsafe { slice(b.segment_ends, b.segment_count) }?;
    let sentence_ends = unsafe { slice(b.sentence_ends, b.sentence_ends_len) }?;
    let pairs1 = b
        .pair_count
        .checked_add(1)
        .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
    let pair_segments = unsafe { slice(b.pair_segments, pairs1) }?;
    Ok(Batch {
        tokens,
        segment_ends,
        sentence_ends,
        pair_segments,
    })
}

fn dims_of_batch(b: &Batch) -> Result<Dims, rouge_status> {
    b.dims().map_err(status)
}

/// Writes to `*out_words` the exact scratch words `rouge_score_batch` needs for this batch.
///
/// Errors: as `rouge_score_batch`, except scratch and output errors.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_batch_scratch_words(
    batch: *const rouge_batch,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let b = batch_of(&unsafe { read(batch) }?)?;
        // SAFETY: caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        // SAFETY: caller's contract.
        let opts = options_of(&unsafe { read(options) }?)?;
        let words = words_for_metrics(metrics, &opts, &dims_of_batch(&b)?)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Scores every pair of `batch` (see `rouge_batch`) for each metric: `out[p * metric_count + i]`
/// is metric i of pair p; `out_len` must be at least `pair_count * metric_count`. The whole
/// batch is checked before anything is written; `out` is written only on `ROUGE_OK`.
///
/// Errors: as `rouge_score_pair`, plus `ROUGE_ERR_OUTPUT_TOO_SMALL` and `ROUGE_ERR_INVALID_ARGUMENT`
/// for segment, sentence or pair offsets out of order or out of range, or `out` or the scratch
/// overlapping the batch's arrays, `metrics` or each other.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_batch(
    batch: *const rouge_batch,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
    out_len: usize,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let b = batch_of(&unsafe { read(batch) }?)?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(&unsafe { read(options) }?)?;
        let total = b
            .pair_count()
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        // The batch and options structs are copied; the arrays are read throughout.
        // `out` as the caller sized it (an `out_len` short of `total` is refused after this
        // check with OUTPUT_TOO_SMALL; measuring it by `total` would reach past the buffer).
        let outputs = [
            bytes_of(out, out_len.min(total)),
            bytes_of(scratch_ptr, scratch_words),
        ];
        let inputs = [
            bytes_of(b.tokens.as_ptr(), b.tokens.len()),
            bytes_of(b.segment_ends.as_ptr(), b.segment_ends.len()),
            bytes_of(b.sentence_ends.as_ptr(), b.sentence_ends.len()),
            bytes_of(b.pair_segments.as_ptr(), b.pair_segments.len()),
            bytes_of(metrics.as_ptr(), metrics.len()),
        ];
        check_apart(&outputs, inputs)?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let dims = dims_of_batch(&b)?;
        let needed = words_for_metrics(metrics, &opts, &dims)?;
        if out_len < total {
            return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
        }
        if scratch.len() < needed {
            return Err(ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let out = unsafe { slice_mut(out, total) }?;
        // One pass over the batch per chunk of metrics (one in practice): everything was
        // checked above, so no chunk can fail after an earlier one wrote.
        with_metrics(metrics, |offset, ms| {
            crate::score_batch_with(&b, ms, &opts, scratch, &mut |p, i, r| {
                out[p * metric_count + offset + i] = c_result(&r)
            })
            .map_err(status)
        })
    })())
}
