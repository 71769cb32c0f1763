//! Corpus aggregation: macro and micro means and bootstrap confidence intervals over the
//! per-pair `rouge_result`s a scoring call produced.
//!
//! Results are passed pair-major, as `rouge_score_batch` writes them: metric m of pair p is
//! `results[p * metric_count + m]`.
//!
//! `rouge_corpus_bootstrap_numpy` is rouge-score's bootstrap over a numpy MT19937 state the
//! caller holds (`rouge_mt19937`, `rouge_mt19937_seed`), at any confidence in [0, 1]: the
//! generator, its bounded draw and the percentiles are `crate::corpus`'s.

use super::overlap::{bytes_of, check_apart, Bytes};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice, slice_mut};
use super::status::{rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT};
use super::types::{
    c_result, c_score, metric_of, options_of, result_of, rouge_metric, rouge_options, rouge_result,
    rouge_score,
};
use crate::corpus::{
    self, numpy_bounded, numpy_percentile, numpy_quantiles, Aggregate, Bootstrap, Method, Mt19937,
    PairResults, MT_N,
};
use crate::{Error, MetricResult};

/// rouge-score 0.1.2 `BootstrapAggregator` after `np.random.seed(seed)`: numpy's MT19937 and
/// `np.random.choice` draws, `low`/`high` the `np.percentile` (linear) of the resampled means at
/// (1 - confidence)/2 and (1 + confidence)/2, `mid` their median. The metrics of one call draw
/// from one stream in order, as one aggregator over those metrics does.
pub const ROUGE_BOOTSTRAP_ROUGE_SCORE: u32 = 0;
/// ROUGE-1.5.5 `-r samples -c 100*confidence`: resample i seeded with Perl's `srand(seed + i)`
/// (seed 0 is the script), `mid` the mean of the resampled means, `low`/`high` its interval;
/// all rounded to 5 decimals as printed. Feed the pairs in the string order of their EVAL ids
/// and the per-pair scores of the Perl flavour with rounding.
pub const ROUGE_BOOTSTRAP_PERL: u32 = 1;

/// Parameters of a bootstrap; fill with `rouge_bootstrap_options_init`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_bootstrap_options {
    /// `ROUGE_BOOTSTRAP_ROUGE_SCORE` or `ROUGE_BOOTSTRAP_PERL`.
    pub method: u32,
    /// rouge-score: the seed of `np.random.seed`; Perl: added to each resample's `srand` seed.
    pub seed: u32,
    /// Resamples, at least 1 (1000 by default).
    pub samples: usize,
    /// Confidence level, strictly between 0 and 1 (0.95 by default).
    pub confidence: f64,
}

/// Bootstrap result of one metric: each of P, R, F at the low end, middle and high end.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_aggregate {
    /// Lower end of the confidence interval.
    pub low: rouge_score,
    /// rouge-score: the median of the resampled means; Perl: their mean.
    pub mid: rouge_score,
    /// Upper end of the confidence interval.
    pub high: rouge_score,
}

/// The core's bootstrap method for a C one.
fn method_of(m: u32) -> Result<Method, rouge_status> {
    match m {
        ROUGE_BOOTSTRAP_ROUGE_SCORE => Ok(Method::RougeScore),
        ROUGE_BOOTSTRAP_PERL => Ok(Method::Perl),
        _ => Err(ROUGE_ERR_INVALID_ARGUMENT),
    }
}

/// The core's bootstrap parameters for C ones.
fn bootstrap_of(o: &rouge_bootstrap_options) -> Result<Bootstrap, rouge_status> {
    Ok(Bootstrap {
        method: method_of(o.method)?,
        samples: o.samples,
        confidence: o.confidence,
        seed: o.seed,
    })
}

/// A core aggregate as a C one.
fn c_aggregate(a: &Aggregate) -> rouge_aggregate {
    rouge_aggregate {
        low: c_score(a.low),
        mid: c_score(a.mid),
        high: c_score(a.high),
    }
}

/// The caller's pair-major results (`pairs * metrics` elements).
#[derive(Clone, Copy)]
struct CResults<'a> {
    items: &'a [rouge_result],
    pairs: usize,
    metrics: usize,
}

impl<'a> CResults<'a> {
    /// # Safety
    /// `(ptr, pairs * metrics)` satisfies [`slice`]'s contract.
    unsafe fn new(
        ptr: *const rouge_result,
        pairs: usize,
        metrics: usize,
    ) -> Result<Self, rouge_status> {
        let len = pairs.checked_mul(metrics).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        // SAFETY: forwarded contract.
        let items = unsafe { slice(ptr, len) }?;
        Ok(CResults {
            items,
            pairs,
            metrics,
        })
    }

    /// The results' bytes, for the overlap checks.
    fn bytes(&self) -> Bytes {
        bytes_of(self.items.as_ptr(), self.items.len())
    }
}

impl PairResults for CResults<'_> {
    fn pair_count(&self) -> usize {
        self.pairs
    }
    fn metric_count(&self) -> usize {
        self.metrics
    }
    fn get(&self, pair: usize, metric: usize) -> MetricResult {
        result_of(&self.items[pair * self.metrics + metric])
    }
}

/// Fills `*out` with the defaults of a bootstrap method: 1000 resamples, confidence 0.95,
/// seed 0 (rouge-score's `BootstrapAggregator()` defaults; ROUGE-1.5.5's `-r 1000 -c 95`).
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (out), `ROUGE_ERR_INVALID_ARGUMENT` (method).
///
/// # Safety
/// `out` is NULL or points to a writable `rouge_bootstrap_options`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_bootstrap_options_init(
    method: u32,
    out: *mut rouge_bootstrap_options,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        let b = Bootstrap::new(method_of(method)?);
        // SAFETY: checked non-null and aligned; the caller owns the storage.
        unsafe {
            out.write(rouge_bootstrap_options {
                method,
                seed: b.seed,
                samples: b.samples,
                confidence: b.confidence,
            })
        };
        Ok(())
    })())
}

/// Writes to `*out_words` the exact number of `uint64_t` scratch words `rouge_corpus_bootstrap`
/// needs with these options: 3 * samples, plus 312 for `ROUGE_BOOTSTRAP_ROUGE_SCORE` (the
/// MT19937 state). It does not depend on the number of pairs or metrics.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (method, samples 0,
/// confidence not strictly between 0 and 1), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to one valid struct (readable, or writable for
/// `out_words`) for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_bootstrap_scratch_words(
    options: *const rouge_bootstrap_options,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let b = bootstrap_of(&unsafe { read(options) }?)?;
        let words = corpus::bootstrap_scratch_words(&b).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Bootstrap confidence intervals over a corpus: resamples the `pair_count` pairs with
/// replacement `samples` times and writes, for each of the `metric_count` metrics, the low,
/// middle and high P, R and F of the resampled means to `out[m]` (`out` holds `metric_count`
/// aggregates). `results` holds `pair_count * metric_count` results, pair-major (metric m of
/// pair p at `p * metric_count + m`), as `rouge_score_batch` writes them; only their scores are
/// read. Deterministic for a given seed; see `ROUGE_BOOTSTRAP_*` for what each method
/// reproduces. `scratch` holds `scratch_words` words as `rouge_bootstrap_scratch_words`
/// answered. Reentrant; `out` is written only on `ROUGE_OK`. `ROUGE_BOOTSTRAP_PERL` keeps
/// ROUGE-1.5.5's interpolation as the script runs it: with very few samples or a tiny
/// confidence its ends can leave [0, 1] (1.025 for one resample of 1.0), the low end can be
/// above the high end, and the mid (a mean) can lie outside them.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no pairs, unknown method,
/// samples 0, confidence not strictly between 0 and 1, a score that is NaN or infinite, `out`
/// or the scratch overlapping `results` or each other), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_corpus_bootstrap(
    results: *const rouge_result,
    pair_count: usize,
    metric_count: usize,
    options: *const rouge_bootstrap_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_aggregate,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let b = bootstrap_of(&unsafe { read(options) }?)?;
        let rs = unsafe { CResults::new(results, pair_count, metric_count) }?;
        let outputs = [
            bytes_of(out, metric_count),
            bytes_of(scratch_ptr, scratch_words),
        ];
        check_apart(&outputs, [rs.bytes()])?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = unsafe { out_array(out, metric_count) }?;
        corpus::bootstrap_each(&rs, &b, scratch, &mut |m, a| out[m] = c_aggregate(&a))
            .map_err(status)
    })())
}

/// The macro average of a corpus: for each of the `metric_count` metrics, the mean over the
/// `pair_count` pairs of their precision, recall and F, written to `out[m]` (`out` holds
/// `metric_count` scores). `results` is pair-major as for `rouge_corpus_bootstrap`. Reentrant;
/// `out` is written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (no pairs, a score that is
/// NaN or infinite, `out` overlapping `results`), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says, readable,
/// or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_corpus_macro(
    results: *const rouge_result,
    pair_count: usize,
    metric_count: usize,
    out: *mut rouge_score,
) -> rouge_status {
    code((|| {
        // SAFETY (both blocks): the caller's contract for each pointer and length.
        let rs = unsafe { CResults::new(results, pair_count, metric_count) }?;
        check_apart(&[bytes_of(out, metric_count)], [rs.bytes()])?;
        let out = unsafe { out_array(out, metric_count) }?;
        corpus::macro_mean_each(&rs, &mut |m, s| out[m] = c_score(s)).map_err(status)
    })())
}

/// The micro average of a corpus: for each metric, the counts summed over the `pair_count`
/// pairs (hits, reference totals, candidate totals; weighted for ROUGE-W) and the one score
/// that `options`' flavour derives from them (its F-measure, Perl's rounding when `round` is
/// set, ROUGE-W's inverse weighting), written to `out[m]` (`out` holds `metric_count`
/// results). `metrics[m]` must be the metric the results of column m were computed with.
/// `results` is pair-major as for `rouge_corpus_bootstrap`. Reentrant; `out` is written only
/// on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (no pairs, a bad metric or
/// options, counts that are NaN, infinite or negative, or whose sums or scores overflow, `out`
/// overlapping `results` or `metrics`), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_corpus_micro(
    results: *const rouge_result,
    pair_count: usize,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks): the caller's contract for each pointer and length.
        let rs = unsafe { CResults::new(results, pair_count, metric_count) }?;
        let ms = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(&unsafe { read(options) }?)?;
        // The options are copied before anything is written; the metrics are read throughout.
        let inputs = [rs.bytes(), bytes_of(ms.as_ptr(), ms.len())];
        check_apart(&[bytes_of(out, metric_count)], inputs)?;
        let out = unsafe { out_array(out, metric_count) }?;
        for m in ms {
            metric_of(m)?;
        }
        let metric_at = |i: usize| ms.get(i).and_then(|m| metric_of(m).ok());
        corpus::micro_each(&rs, &metric_at, &opts, &mut |m, r| out[m] = c_result(&r))
            .map_err(status)
    })())
}

// ------------------------------------------------------------------ numpy's state held by the caller

/// numpy's legacy MT19937 state as `np.random.get_state()` gives it (`'MT19937'`, `key`, `pos`;
/// the Gaussian cache it also returns is not touched by the bootstrap and is not kept here).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_mt19937 {
    /// The 624 state words.
    pub key: [u32; 624],
    /// Index of the next word to temper; 624 means the state is reloaded first.
    pub pos: u32,
}

/// Fills `*out` with the state `np.random.seed(seed)` sets (integer seed).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`.
///
/// # Safety
/// `out` is NULL or points to a writable `rouge_mt19937`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_mt19937_seed(seed: u32, out: *mut rouge_mt19937) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        let mut s = rouge_mt19937 {
            key: [0; MT_N],
            pos: MT_N as u32,
        };
        Mt19937::new(&mut s.key, seed);
        // SAFETY: checked non-NULL and aligned above.
        unsafe { *out = s };
        Ok(())
    })())
}

/// rouge-score's `BootstrapAggregator.aggregate()` drawing from the caller's numpy state:
/// `scores` holds `pair_count * metric_count` scores, pair-major (metric m of pair p at
/// `p * metric_count + m`); for each metric in order, `samples` resamples of `pair_count`
/// pairs are drawn as `np.random.choice(np.arange(pair_count), size=pair_count)` draws them
/// from `*state`, and `out[m]` gets the `np.percentile` (linear) of the resampled means at
/// 100 (1 - confidence) / 2, 50 and 100 (1 + confidence) / 2. `confidence` is in [0, 1]
/// (closed, as rouge-score accepts). On success `*state` is left as numpy's would be after
/// the same draws (set it back with `np.random.set_state`), so consecutive aggregations
/// match rouge-score's too. `scratch` holds at least 3 * `samples` words. Reentrant; `out`
/// and `*state` are written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no pairs, samples 0,
/// confidence outside [0, 1], a state position above 624, a score that is NaN or infinite,
/// `out`, `*state` or the scratch overlapping `scores` or each other),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_corpus_bootstrap_numpy(
    scores: *const rouge_score,
    pair_count: usize,
    metric_count: usize,
    samples: usize,
    confidence: f64,
    state: *mut rouge_mt19937,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_aggregate,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let len = pair_count
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let scores = unsafe { slice(scores, len) }?;
        let state = out_ptr(state)?;
        let mut mt = unsafe { read(state as *const rouge_mt19937) }?;
        let words = samples.checked_mul(3).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let outputs = [
            bytes_of(out, metric_count),
            bytes_of(scratch_ptr, scratch_words),
            bytes_of(state, 1),
        ];
        check_apart(&outputs, [bytes_of(scores.as_ptr(), scores.len())])?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        let out = unsafe { slice_mut(out, metric_count) }?;
        let finite = |s: &rouge_score| {
            s.precision.is_finite() && s.recall.is_finite() && s.fmeasure.is_finite()
        };
        if pair_count == 0
            || samples == 0
            || !(0.0..=1.0).contains(&confidence)
            || mt.pos as usize > MT_N
            || !scores.iter().all(finite)
        {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        if scratch.len() < words {
            return Err(status(Error::ScratchTooSmall { needed: words }));
        }
        let cols: &mut [f64] = bytemuck_f64(&mut scratch[..words]);
        let (p, rest) = cols
            .split_at_mut_checked(samples)
            .ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let (r, f) = rest
            .split_at_mut_checked(samples)
            .ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let high = (pair_count - 1) as u64;
        let q = numpy_quantiles(confidence);
        let mut gen = Mt19937::resume(&mut mt.key, mt.pos as usize);
        for (m, o) in out.iter_mut().enumerate() {
            for ((pi, ri), fi) in p.iter_mut().zip(r.iter_mut()).zip(f.iter_mut()) {
                let (mut sp, mut sr, mut sf) = (0.0, 0.0, 0.0);
                for _ in 0..pair_count {
                    let at = numpy_bounded(&mut gen, high) as usize * metric_count + m;
                    // In range (the draw is below pair_count); checked all the same.
                    let s = scores.get(at).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
                    sp += s.precision;
                    sr += s.recall;
                    sf += s.fmeasure;
                }
                let n = pair_count as f64;
                (*pi, *ri, *fi) = (sp / n, sr / n, sf / n);
            }
            for c in [&mut *p, &mut *r, &mut *f] {
                c.sort_unstable_by(f64::total_cmp);
            }
            let at = |k: usize| rouge_score {
                precision: numpy_percentile(p, q[k]),
                recall: numpy_percentile(r, q[k]),
                fmeasure: numpy_percentile(f, q[k]),
            };
            *o = rouge_aggregate {
                low: at(0),
                mid: at(1),
                high: at(2),
            };
        }
        mt.pos = gen.pos() as u32;
        // SAFETY: checked non-NULL and aligned above.
        unsafe { *state = mt };
        Ok(())
    })())
}

/// The scratch words as `f64` (same size and alignment; every bit pattern is a valid f64).
fn bytemuck_f64(words: &mut [u64]) -> &mut [f64] {
    // SAFETY: u64 and f64 have the same size and alignment and no invalid bit patterns; the
    // borrow is carried over.
    unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut f64, words.len()) }
}
