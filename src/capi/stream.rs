//! The streaming scorer (`src/stream/`): state in caller memory, set up once with a
//! reference, then one call per generated token.

use super::overlap::{bytes_of, check_apart, Bytes};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice};
use super::status::{rouge_status, status, ROUGE_ERR_INVALID_ARGUMENT, ROUGE_ERR_NULL_POINTER};
use super::types::{
    c_result, metric_of, options_of, rouge_metric, rouge_options, rouge_result, rouge_summary,
    summary_of,
};
use crate::stream::{self, StreamConfig};
use crate::MetricResult;

/// The largest n of ROUGE-N a stream tracks (`rouge_stream_config.max_n`).
pub const ROUGE_STREAM_MAX_N: usize = 32;
// The C name and the core's limit are one number.
const _: () = assert!(ROUGE_STREAM_MAX_N == stream::STREAM_MAX_N);

/// What a stream tracks.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_stream_config {
    /// ROUGE-N for every n in 1..=max_n (0: none; at most `ROUGE_STREAM_MAX_N`).
    pub max_n: u32,
    /// Non-zero: sentence-level ROUGE-L (O(reference length / 64) per token).
    pub lcs: u32,
    /// Non-zero: summary-level ROUGE-Lsum, updated by `rouge_stream_end_sentence`.
    pub lsum: u32,
    /// With `lsum`: the longest candidate sentence accepted, in tokens (its columns are kept,
    /// one bit per cell, until the sentence ends).
    pub max_sentence_len: usize,
}

/// The arrays of a reference the stream calls read (its struct is copied first).
fn arrays_of(r: &rouge_summary) -> [Bytes; 2] {
    [
        bytes_of(r.tokens, r.len),
        bytes_of(r.sentence_ends, r.sentence_count),
    ]
}

/// The core's stream configuration for a C one.
fn stream_config_of(c: &rouge_stream_config) -> StreamConfig {
    StreamConfig {
        max_n: c.max_n as usize,
        lcs: c.lcs != 0,
        lsum: c.lsum != 0,
        max_sentence_len: c.max_sentence_len,
    }
}

/// Writes to `*out_words` the exact size, in `uint64_t` words, of the state of a stream over
/// `reference` tracking `config`. Linear in the reference length (plus, with Lsum, one bit per
/// cell of the reference against `max_sentence_len` candidate tokens).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (max_n above 32, bad sentence
/// ends, `out_words` over the reference's tokens or sentence ends), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_words(
    reference: *const rouge_summary,
    config: *const rouge_stream_config,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let r_c = unsafe { read(reference) }?;
        check_apart(&[bytes_of(out_words, 1)], arrays_of(&r_c))?;
        // SAFETY: caller's contract.
        let r = unsafe { summary_of(&r_c) }?;
        // SAFETY: caller's contract.
        let cfg = stream_config_of(&unsafe { read(config) }?);
        let words = stream::stream_words(&r, &cfg).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(words) };
        Ok(())
    })())
}

/// Sets up a stream over `reference` in `state` (`state_words` words, at least what
/// `rouge_stream_words` answered; pass the same pointer and size to every later call). The
/// reference is copied in: it need not outlive the call. The candidate starts empty.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (a bad reference or
/// configuration, or `state` over the reference's tokens or sentence ends: nothing written),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// As `rouge_stream_words`; `state` must not be used by another thread during the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_init(
    state: *mut u64,
    state_words: usize,
    reference: *const rouge_summary,
    config: *const rouge_stream_config,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks): caller's contract.
        let r_c = unsafe { read(reference) }?;
        let r = unsafe { summary_of(&r_c) }?;
        let cfg = stream_config_of(&unsafe { read(config) }?);
        // The structs are copied; the arrays are read while the state is written.
        check_apart(&[bytes_of(state, state_words)], arrays_of(&r_c))?;
        let st = unsafe { scratch(state, state_words) }?;
        stream::stream_init(st, &r, &cfg).map_err(status)
    })())
}

/// Appends one candidate token: O(1) expected per tracked n, O(reference length / 64) for L
/// and Lsum. With Lsum, a sentence longer than `max_sentence_len` is refused with
/// `ROUGE_ERR_INPUT_TOO_LONG` and the stream is left unchanged.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_MISALIGNED`,
/// `ROUGE_ERR_INVALID_ARGUMENT` (not a stream set up by `rouge_stream_init`, or its header
/// overwritten since; the state is then left unchanged: no content makes a call abort, loop or
/// touch memory outside the state),
/// `ROUGE_ERR_INPUT_TOO_LONG`. The state is the only array the call touches (the token comes
/// by value): there is nothing for it to overlap.
///
/// # Safety
/// As `rouge_stream_init`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_push(
    state: *mut u64,
    state_words: usize,
    token: u32,
) -> rouge_status {
    code((|| {
        // SAFETY: caller's contract.
        let st = unsafe { scratch(state, state_words) }?;
        stream::stream_push(st, token).map_err(status)
    })())
}

/// Ends the current candidate sentence: ROUGE-Lsum is brought up to date with the candidate so
/// far (O(reference length + reference sentences x sentence length)). Call it after the last
/// sentence too. Without Lsum it does nothing.
///
/// Errors: as `rouge_stream_push`.
///
/// # Safety
/// As `rouge_stream_init`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_end_sentence(
    state: *mut u64,
    state_words: usize,
) -> rouge_status {
    code((|| {
        // SAFETY: caller's contract.
        let st = unsafe { scratch(state, state_words) }?;
        stream::stream_end_sentence(st).map_err(status)
    })())
}

/// Empties the candidate, keeping the reference, for the next generation.
///
/// Errors: as `rouge_stream_push`.
///
/// # Safety
/// As `rouge_stream_init`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_reset(state: *mut u64, state_words: usize) -> rouge_status {
    code((|| {
        // SAFETY: caller's contract.
        let st = unsafe { scratch(state, state_words) }?;
        stream::stream_reset(st).map_err(status)
    })())
}

/// Scores the candidate pushed so far into `state_count` streams (one per reference, all fed
/// the same tokens; `states[i]` holds `state_words[i]` words) for each metric, combining the
/// references with the options' policy: `out[i]` is `metrics[i]`. Metrics: ROUGE-N with
/// n <= max_n, ROUGE-L when tracked, ROUGE-Lsum when tracked (as of the last sentence end).
/// Read-only: streams may be read from several threads at once. `out` is written only on
/// `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (no streams, not a stream, a
/// metric the streams do not track, a bad option, `out` over a state, the `states` or
/// `state_words` array or the metrics: nothing written), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// As `rouge_stream_words`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_stream_score(
    states: *const *const u64,
    state_words: *const usize,
    state_count: usize,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks): caller's contract.
        let ptrs = unsafe { slice(states, state_count) }?;
        let sizes = unsafe { slice(state_words, state_count) }?;
        for (&p, &n) in ptrs.iter().zip(sizes) {
            if p.is_null() {
                return Err(ROUGE_ERR_NULL_POINTER);
            }
            unsafe { slice(p, n) }?;
        }
        let metrics = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(&unsafe { read(options) }?)?;
        // The options are copied; the states and arrays are read while `out` is written.
        let inputs = ptrs
            .iter()
            .zip(sizes)
            .map(|(&p, &n)| bytes_of(p, n))
            .chain([
                bytes_of(states, state_count),
                bytes_of(state_words, state_count),
                bytes_of(metrics.as_ptr(), metrics.len()),
            ]);
        check_apart(&[bytes_of(out, metric_count)], inputs)?;
        let out = unsafe { out_array(out, metric_count) }?;
        let view = |i: usize| -> &[u64] { unsafe { slice(ptrs[i], sizes[i]) }.unwrap_or(&[]) };
        if state_count == 0 {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        // Check every metric first so that nothing is written on failure.
        let mut results = [MetricResult::default(); 1];
        for m in metrics {
            let m = metric_of(m)?;
            stream::stream_score(&view, state_count, &[m], &opts, &mut results).map_err(status)?;
        }
        for (d, m) in out.iter_mut().zip(metrics) {
            let m = metric_of(m)?;
            stream::stream_score(&view, state_count, &[m], &opts, &mut results).map_err(status)?;
            *d = c_result(&results[0]);
        }
        Ok(())
    })())
}
