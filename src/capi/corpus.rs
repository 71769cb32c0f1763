//! Corpus aggregation: macro and micro means and bootstrap confidence intervals over the
//! per-pair `rouge_result`s a scoring call produced.
//!
//! Results are passed pair-major, as `rouge_score_batch` writes them: metric m of pair p is
//! `results[p * metric_count + m]`.

use super::overlap::{bytes_of, check_apart, Bytes};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice};
use super::status::{rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT};
use super::types::{
    c_result, c_score, metric_of, options_of, result_of, rouge_metric, rouge_options, rouge_result,
    rouge_score,
};
use crate::corpus::{self, Aggregate, Bootstrap, Method, PairResults};
use crate::MetricResult;

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
