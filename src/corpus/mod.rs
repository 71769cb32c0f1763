//! Corpus aggregation over per-pair results: the macro mean of the scores, the micro score of
//! the pooled counts, and bootstrap confidence intervals, as rouge-score's
//! `scoring.BootstrapAggregator` and ROUGE-1.5.5 compute them.
//!
//! The input is the per-pair output of the scorer ([`PairResults`], e.g. [`PairMajor`] over
//! what `score_batch` writes). Nothing allocates: the bootstrap works in caller scratch sized by
//! [`bootstrap_scratch_words`], and both random generators are reproduced bit for bit so that a
//! seed gives the reference tool's intervals:
//!
//! - [`Method::RougeScore`]: numpy's legacy `RandomState` (MT19937 seeded as
//!   `np.random.seed(seed)`, `randint`'s masked rejection sampling behind `np.random.choice`),
//!   the per-sample means of P, R and F, and `np.percentile`'s linear interpolation at
//!   `(1 - c)/2`, 1/2 and `(1 + c)/2`.
//! - [`Method::Perl`]: ROUGE-1.5.5's `computeAverages`: resample `i` seeded with
//!   `srand(seed + i)` (Perl's own drand48; seed 0 is the script), index `int(rand(n))`, the mean
//!   of the sorted resampled means and its interpolated interval, each rounded to five decimals
//!   as the script prints them.

//!
//! The module's parts: this file (the inputs, their checks, macro and micro), [`bootstrap`]
//! (the resampling and its intervals) and `generators` (numpy's and Perl's random generators
//! and percentiles, reproduced bit for bit).

mod bootstrap;
mod generators;
#[cfg(test)]
mod tests;

pub use bootstrap::{
    bootstrap, bootstrap_each, bootstrap_scratch_words, Aggregate, Bootstrap, Method,
};
pub(crate) use generators::{numpy_bounded, numpy_percentile, numpy_quantiles, Mt19937, MT_N};

use crate::model::{Metric, MetricResult, Options};
use crate::pair::{score_of, validate_metrics};
use crate::score::{Counts, Score};
use crate::Error;

/// Per-pair results of one or more metrics, as the scorer produced them.
pub trait PairResults {
    /// Number of pairs (candidates).
    fn pair_count(&self) -> usize;
    /// Number of metrics per pair.
    fn metric_count(&self) -> usize;
    /// The result of metric `metric` for pair `pair` (`pair < pair_count()`,
    /// `metric < metric_count()`).
    fn get(&self, pair: usize, metric: usize) -> MetricResult;
}

/// Results stored pair-major, as `score_batch` writes them: metric `m` of pair `p` is
/// `results[p * metric_count + m]`.
#[derive(Clone, Copy, Debug)]
pub struct PairMajor<'a> {
    results: &'a [MetricResult],
    metric_count: usize,
}

impl<'a> PairMajor<'a> {
    /// Wraps `results`; its length must be a multiple of `metric_count` (>= 1).
    pub fn new(results: &'a [MetricResult], metric_count: usize) -> Result<Self, Error> {
        if metric_count == 0 || !results.len().is_multiple_of(metric_count) {
            return Err(Error::InvalidArgument);
        }
        Ok(PairMajor {
            results,
            metric_count,
        })
    }
}

impl PairResults for PairMajor<'_> {
    fn pair_count(&self) -> usize {
        self.results.len() / self.metric_count
    }
    fn metric_count(&self) -> usize {
        self.metric_count
    }
    fn get(&self, pair: usize, metric: usize) -> MetricResult {
        self.results[pair * self.metric_count + metric]
    }
}

fn finite_score(s: &Score) -> bool {
    s.precision.is_finite() && s.recall.is_finite() && s.fmeasure.is_finite()
}

fn finite_counts(c: &Counts) -> bool {
    c.hit.is_finite() && c.reference_total.is_finite() && c.candidate_total.is_finite()
}

/// At least one pair, and every score finite.
fn check_scores<R: PairResults + ?Sized>(results: &R) -> Result<(), Error> {
    let n = results.pair_count();
    if n == 0 {
        return Err(Error::InvalidArgument);
    }
    let all_finite =
        (0..n).all(|p| (0..results.metric_count()).all(|m| finite_score(&results.get(p, m).score)));
    if all_finite {
        Ok(())
    } else {
        Err(Error::InvalidArgument)
    }
}

fn add(a: Score, b: Score) -> Score {
    Score {
        precision: a.precision + b.precision,
        recall: a.recall + b.recall,
        fmeasure: a.fmeasure + b.fmeasure,
    }
}

fn div(a: Score, d: f64) -> Score {
    Score {
        precision: a.precision / d,
        recall: a.recall / d,
        fmeasure: a.fmeasure / d,
    }
}

/// The macro average: `out[m]` is the mean over pairs of metric m's P, R and F (summed in pair
/// order, then divided by the pair count).
///
/// Errors: `InvalidArgument` (no pairs, a non-finite score), `OutputTooSmall`.
pub fn macro_mean<R: PairResults + ?Sized>(results: &R, out: &mut [Score]) -> Result<(), Error> {
    if out.len() < results.metric_count() {
        return Err(Error::OutputTooSmall);
    }
    macro_mean_each(results, &mut |m, s| out[m] = s)
}

/// [`macro_mean`] handing metric m's mean to `sink(m, mean)`, in metric order, once every
/// input has been checked (so `sink` is never called when the call fails).
pub fn macro_mean_each<R: PairResults + ?Sized>(
    results: &R,
    sink: &mut dyn FnMut(usize, Score),
) -> Result<(), Error> {
    check_scores(results)?;
    let n = results.pair_count();
    for m in 0..results.metric_count() {
        let sum = (0..n).fold(Score::default(), |s, p| add(s, results.get(p, m).score));
        sink(m, div(sum, n as f64));
    }
    Ok(())
}

/// The micro average: `out[m]` holds metric m's counts summed over the pairs (hits, reference
/// and candidate totals; weighted for ROUGE-W) and the one score the flavour of `opts` derives
/// from them (`metrics[m]` must be the metric the results were computed for: ROUGE-W applies
/// its inverse weighting to the pooled ratios). With the Perl flavour and `round`, R and P are
/// rounded before F as for a pair.
///
/// Errors: `InvalidArgument` (no pairs, `metrics.len()` not the metric count, a bad metric or
/// option, counts that are NaN, infinite or negative, or whose sums overflow), `OutputTooSmall`.
pub fn micro<R: PairResults + ?Sized>(
    results: &R,
    metrics: &[Metric],
    opts: &Options,
    out: &mut [MetricResult],
) -> Result<(), Error> {
    if metrics.len() != results.metric_count() {
        return Err(Error::InvalidArgument);
    }
    if out.len() < metrics.len() {
        return Err(Error::OutputTooSmall);
    }
    micro_each(results, &|m| metrics.get(m).copied(), opts, &mut |m, r| {
        out[m] = r
    })
}

/// [`micro`] with metric m given by `metric_at(m)` (`None` is an invalid argument) and handed
/// to `sink(m, result)`, in metric order, once every input has been checked.
pub fn micro_each<R: PairResults + ?Sized>(
    results: &R,
    metric_at: &dyn Fn(usize) -> Option<Metric>,
    opts: &Options,
    sink: &mut dyn FnMut(usize, MetricResult),
) -> Result<(), Error> {
    let (n, k) = (results.pair_count(), results.metric_count());
    if n == 0 {
        return Err(Error::InvalidArgument);
    }
    validate_metrics(&[], opts)?;
    for m in 0..k {
        validate_metrics(&[metric_at(m).ok_or(Error::InvalidArgument)?], opts)?;
    }
    let counts_valid = |c: &Counts| {
        finite_counts(c) && c.hit >= 0.0 && c.reference_total >= 0.0 && c.candidate_total >= 0.0
    };
    let pooled = |m: usize| {
        (0..n).fold(Counts::default(), |c, p| {
            let x = results.get(p, m).counts;
            Counts {
                hit: c.hit + x.hit,
                reference_total: c.reference_total + x.reference_total,
                candidate_total: c.candidate_total + x.candidate_total,
            }
        })
    };
    // Every count finite and non-negative, and every sum finite (finite counts can overflow to
    // infinity when added), before anything reaches the sink: the sums are computed twice
    // rather than kept, as there is no memory to keep k of them in.
    // So is the score of every sum: a hit count vastly above a total (no scorer gives one)
    // would make a ratio overflow to infinity.
    let score_finite = |m: usize| {
        let counts = pooled(m);
        finite_counts(&counts)
            && metric_at(m).is_some_and(|metric| {
                let s = score_of(&metric, &counts, opts);
                s.precision.is_finite() && s.recall.is_finite() && s.fmeasure.is_finite()
            })
    };
    let all_valid = (0..n).all(|p| (0..k).all(|m| counts_valid(&results.get(p, m).counts)))
        && (0..k).all(score_finite);
    if !all_valid {
        return Err(Error::InvalidArgument);
    }
    for m in 0..k {
        let metric = metric_at(m).ok_or(Error::InvalidArgument)?;
        let counts = pooled(m);
        sink(
            m,
            MetricResult {
                score: score_of(&metric, &counts, opts),
                counts,
            },
        );
    }
    Ok(())
}
