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

use crate::pair::{score_of, validate_metrics, Metric, MetricResult, Options};
use crate::score::{round5, Counts, Score};
use crate::scratch::{Carver, Size};
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

/// Which reference implementation's bootstrap to reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// rouge-score 0.1.2 `scoring.BootstrapAggregator` after `np.random.seed(seed)`: `low`,
    /// `mid` (the median, not the mean) and `high` percentiles of the resampled means.
    RougeScore,
    /// ROUGE-1.5.5 `computeAverages` (`-r samples -c 100*confidence`): resample i seeded with
    /// `srand(seed + i)` (seed 0 is the script), `mid` the mean of the resampled means; all
    /// three rounded to five decimals as printed.
    Perl,
}

/// Parameters of a bootstrap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bootstrap {
    /// Whose resampling and interval to reproduce.
    pub method: Method,
    /// Resamples (>= 1): rouge-score's `n_samples`, ROUGE-1.5.5's `-r`; 1000 by default.
    pub samples: usize,
    /// Confidence level in (0, 1), 0.95 by default. ROUGE-1.5.5 reads it as a percentage
    /// (`-c`): 100 * confidence, taken as the nearest integer when within 1e-9 of one, as a
    /// command-line `-c 95` would be.
    pub confidence: f64,
    /// rouge-score: the seed of `np.random.seed`; Perl: added to the resample index before
    /// `srand` (0 reproduces the script).
    pub seed: u32,
}

impl Bootstrap {
    /// The reference tools' defaults: 1000 resamples, 95% confidence, seed 0.
    pub const fn new(method: Method) -> Self {
        Bootstrap {
            method,
            samples: 1000,
            confidence: 0.95,
            seed: 0,
        }
    }

    fn validate(&self) -> Result<(), Error> {
        // Also rejects NaN.
        if self.samples == 0 || !(self.confidence > 0.0 && self.confidence < 1.0) {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }
}

/// Low, middle and high values of P, R and F over the resampled means.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Aggregate {
    /// Lower end of the confidence interval.
    pub low: Score,
    /// rouge-score: the median; ROUGE-1.5.5: the mean of the resampled means.
    pub mid: Score,
    /// Upper end of the confidence interval.
    pub high: Score,
}

/// MT19937 state words (32-bit).
pub(crate) const MT_N: usize = 624;
const MT_M: usize = 397;

fn layout_size(b: &Bootstrap) -> Size {
    let mut s = Size::default();
    if b.method == Method::RougeScore {
        s.add_u32(Some(MT_N));
    }
    s.add_u64(b.samples.checked_mul(3));
    s
}

/// Exact scratch words [`bootstrap`] needs: three columns of `samples` means (3 * samples
/// words), plus the MT19937 state (624 32-bit words, 312 scratch words) for
/// [`Method::RougeScore`]. Independent of the number of pairs and metrics.
///
/// Errors: `InvalidArgument` (samples 0, confidence outside (0, 1)), `InputTooLong`.
pub fn bootstrap_scratch_words(b: &Bootstrap) -> Result<usize, Error> {
    b.validate()?;
    layout_size(b).finish()
}

/// Bootstrap confidence intervals: `out[m]` for metric m, resampling the pairs with
/// replacement `b.samples` times. With [`Method::RougeScore`] the metrics draw, in order, from
/// one generator stream seeded once, as one `BootstrapAggregator` over these metrics does
/// (aggregate one metric per call to seed each afresh). With [`Method::Perl`] every metric
/// restarts the seeds, and pairs count in the order given: ROUGE-1.5.5 resamples its
/// evaluations in the string order of their `EVAL` ids (`"10" < "9"`), so give them in that
/// order, with the per-evaluation values it prints (the Perl flavour with `round`).
///
/// Errors: `InvalidArgument` (no pairs, samples 0, confidence outside (0, 1), a non-finite
/// score), `ScratchTooSmall`, `OutputTooSmall`, `InputTooLong`. Nothing is written on error.
pub fn bootstrap<R: PairResults + ?Sized>(
    results: &R,
    b: &Bootstrap,
    scratch: &mut [u64],
    out: &mut [Aggregate],
) -> Result<(), Error> {
    if out.len() < results.metric_count() {
        return Err(Error::OutputTooSmall);
    }
    bootstrap_each(results, b, scratch, &mut |m, a| out[m] = a)
}

/// [`bootstrap`] handing metric m's aggregate to `sink(m, aggregate)`, in metric order, once
/// every input has been checked (so `sink` is never called when the call fails).
pub fn bootstrap_each<R: PairResults + ?Sized>(
    results: &R,
    b: &Bootstrap,
    scratch: &mut [u64],
    sink: &mut dyn FnMut(usize, Aggregate),
) -> Result<(), Error> {
    let needed = bootstrap_scratch_words(b)?;
    check_scores(results)?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let mut carver = Carver::new(&mut scratch[..needed]);
    let mut mt = match b.method {
        Method::RougeScore => {
            let key = carver.u32s(MT_N).try_into();
            Some(Mt19937::new(
                key.map_err(|_| Error::ScratchTooSmall { needed })?,
                b.seed,
            ))
        }
        Method::Perl => None,
    };
    let columns = carver.f64s(3 * b.samples);
    let (cp, rest) = columns.split_at_mut(b.samples);
    let (cr, cf) = rest.split_at_mut(b.samples);
    let mut cols = Columns {
        p: cp,
        r: cr,
        f: cf,
    };
    for m in 0..results.metric_count() {
        let a = match mt.as_mut() {
            Some(mt) => rouge_score_metric(results, m, b, mt, &mut cols),
            None => perl_metric(results, m, b, &mut cols),
        };
        sink(m, a);
    }
    Ok(())
}

/// The resampled means of P, R and F, one column each.
struct Columns<'a> {
    p: &'a mut [f64],
    r: &'a mut [f64],
    f: &'a mut [f64],
}

impl Columns<'_> {
    fn set(&mut self, i: usize, s: Score) {
        self.p[i] = s.precision;
        self.r[i] = s.recall;
        self.f[i] = s.fmeasure;
    }

    /// Sorts every column and reduces each with `f` to (low, mid, high).
    fn reduce(&mut self, f: impl Fn(&[f64]) -> [f64; 3]) -> Aggregate {
        let one = |c: &mut [f64]| {
            c.sort_unstable_by(f64::total_cmp);
            f(c)
        };
        let (p, r, fm) = (one(self.p), one(self.r), one(self.f));
        let at = |i: usize| Score {
            precision: p[i],
            recall: r[i],
            fmeasure: fm[i],
        };
        Aggregate {
            low: at(0),
            mid: at(1),
            high: at(2),
        }
    }
}

/// The mean of one resample of metric `m`: `n` pairs drawn by `draw`, summed in draw order,
/// divided by `n` (numpy's `mean(axis=0)` and Perl's loop agree on this order).
fn resampled_mean<R: PairResults + ?Sized>(
    results: &R,
    m: usize,
    n: usize,
    mut draw: impl FnMut() -> usize,
) -> Score {
    let sum = (0..n).fold(Score::default(), |s, _| {
        add(s, results.get(draw(), m).score)
    });
    div(sum, n as f64)
}

fn rouge_score_metric<R: PairResults + ?Sized>(
    results: &R,
    m: usize,
    b: &Bootstrap,
    mt: &mut Mt19937,
    cols: &mut Columns,
) -> Aggregate {
    let n = results.pair_count();
    let high = (n - 1) as u64;
    for i in 0..b.samples {
        let s = resampled_mean(results, m, n, || numpy_bounded(mt, high) as usize);
        cols.set(i, s);
    }
    let q = numpy_quantiles(b.confidence);
    cols.reduce(|c| q.map(|q| numpy_percentile(c, q)))
}

fn perl_metric<R: PairResults + ?Sized>(
    results: &R,
    m: usize,
    b: &Bootstrap,
    cols: &mut Columns,
) -> Aggregate {
    let n = results.pair_count();
    for i in 0..b.samples {
        let mut rng = Drand48::srand(b.seed.wrapping_add(i as u32));
        let s = resampled_mean(results, m, n, || perl_index(n, rng.next()));
        cols.set(i, s);
    }
    let percent = perl_percent(b.confidence);
    cols.reduce(|c| perl_interval(c, percent))
}

// ------------------------------------------------------------------ numpy (rouge-score)

/// MT19937 as numpy's legacy `RandomState` runs it, its state in caller scratch.
pub(crate) struct Mt19937<'a> {
    key: &'a mut [u32; MT_N],
    pos: usize,
}

impl<'a> Mt19937<'a> {
    /// `np.random.seed(seed)` for an integer seed: Knuth's linear initialisation
    /// (`init_genrand` of the reference implementation). `key` holds 624 words.
    pub(crate) fn new(key: &'a mut [u32; MT_N], seed: u32) -> Self {
        let mut x = seed;
        for (i, k) in key.iter_mut().enumerate() {
            *k = x;
            x = 1_812_433_253u32
                .wrapping_mul(x ^ (x >> 30))
                .wrapping_add(i as u32 + 1);
        }
        Mt19937 { key, pos: MT_N }
    }

    /// A state `np.random.get_state()` gave (`key` of 624 words, `pos` at most 624), drawn
    /// from where it stopped.
    pub(crate) fn resume(key: &'a mut [u32; MT_N], pos: usize) -> Self {
        Mt19937 { key, pos }
    }

    /// Index of the next word to temper (624: the state is reloaded first).
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    fn reload(&mut self) {
        let k = &mut *self.key;
        for i in 0..MT_N {
            let y = (k[i] & 0x8000_0000) | (k[(i + 1) % MT_N] & 0x7fff_ffff);
            let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
            k[i] = k[(i + MT_M) % MT_N] ^ (y >> 1) ^ mag;
        }
        self.pos = 0;
    }

    /// The next tempered 32-bit output (`genrand_int32`).
    fn next_u32(&mut self) -> u32 {
        let mut y = match self.key.get(self.pos) {
            Some(&word) => word,
            None => {
                self.reload();
                self.key[0]
            }
        };
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// numpy's `mt19937_next64`: the high word is drawn first (checked against
    /// `randint(0, 2**40)`).
    fn next_u64(&mut self) -> u64 {
        let hi = u64::from(self.next_u32());
        (hi << 32) | u64::from(self.next_u32())
    }
}

/// The smallest all-ones mask covering `x`.
fn mask_for(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        u64::MAX >> x.leading_zeros()
    }
}

/// A uniform integer in `[0, high]` as legacy `RandomState.randint(0, high + 1)` draws it
/// (`random_bounded_uint64_fill` with `use_masked`): no draw when `high` is 0; below 2^32, 32-bit
/// outputs masked to the smallest covering power of two and rejected above `high`; 64-bit
/// outputs above that.
pub(crate) fn numpy_bounded(mt: &mut Mt19937, high: u64) -> u64 {
    let mask = mask_for(high);
    if high == 0 {
        0
    } else if high <= u64::from(u32::MAX) {
        loop {
            let v = u64::from(mt.next_u32()) & mask;
            if v <= high {
                return v;
            }
        }
    } else {
        loop {
            let v = mt.next_u64() & mask;
            if v <= high {
                return v;
            }
        }
    }
}

/// The quantiles rouge-score asks `np.percentile` for, computed with its operations:
/// `100 * [d, 0.5, 1 - d] / 100` with `d = (1 - confidence) / 2`.
pub(crate) fn numpy_quantiles(confidence: f64) -> [f64; 3] {
    let d = (1.0 - confidence) / 2.0;
    [d, 0.5, 1.0 - d].map(|x| 100.0 * x / 100.0)
}

/// `np.percentile(sorted, 100 * quantile)` with the default `linear` method: virtual index
/// `(n - 1) * q`, neighbours `floor` and `floor + 1` (both the last past the end), and numpy's
/// two-sided `_lerp` (from the upper neighbour when the weight is at least 1/2).
pub(crate) fn numpy_percentile(sorted: &[f64], quantile: f64) -> f64 {
    let last = sorted.len().saturating_sub(1);
    let virtual_index = last as f64 * quantile;
    if virtual_index >= last as f64 {
        return sorted.get(last).copied().unwrap_or(0.0);
    }
    let below = libm::floor(virtual_index);
    let i = below as usize;
    let (Some(&a), Some(&b)) = (sorted.get(i), sorted.get(i + 1)) else {
        return sorted.get(last).copied().unwrap_or(0.0);
    };
    let t = virtual_index - below;
    let diff = b - a;
    if t >= 0.5 {
        b - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

// ------------------------------------------------------------------ ROUGE-1.5.5

/// Perl's own drand48 (perl >= 5.20): x' = (0x5DEECE66D x + 0xB) mod 2^48.
struct Drand48(u64);

impl Drand48 {
    const MASK: u64 = (1 << 48) - 1;

    /// `srand(seed)`: x = (seed << 16) + 0x330E.
    fn srand(seed: u32) -> Self {
        Drand48((u64::from(seed) << 16) + 0x330e)
    }

    /// `rand()`: the next state over 2^48.
    fn next(&mut self) -> f64 {
        self.0 = (0x5_deec_e66d_u64.wrapping_mul(self.0).wrapping_add(0xb)) & Self::MASK;
        libm::ldexp(self.0 as f64, -48)
    }
}

/// `int(rand(n))`: n times the draw, truncated (always below n; clamped for safety).
fn perl_index(n: usize, draw: f64) -> usize {
    ((n as f64 * draw) as usize).min(n - 1)
}

/// The `-c` percentage for a confidence level: 100 * confidence, snapped to an integer within
/// 1e-9 (0.68 * 100 is 68.00000000000001 in binary, where `-c 68` is 68).
fn perl_percent(confidence: f64) -> f64 {
    let p = confidence * 100.0;
    let r = libm::round(p);
    if (p - r).abs() < 1e-9 {
        r
    } else {
        p
    }
}

/// ROUGE-1.5.5's interval over the sorted resampled means: `delta = R * ((100 - c) / 2) / 100`,
/// lower index `int(delta)`, upper `int(R - delta - 1)`, both interpolated towards the next
/// value by the upper index's fraction (an index past the end reads Perl's undefined, 0); the
/// middle is the mean of the sorted values summed in order. All rounded to five decimals.
fn perl_interval(sorted: &[f64], percent: f64) -> [f64; 3] {
    let r = sorted.len() as f64;
    let delta = r * ((100.0 - percent) / 2.0) / 100.0;
    let upper = libm::trunc(r - delta - 1.0);
    let lower = libm::trunc(delta);
    let ratio = r - delta - 1.0 - upper;
    let at = |i: f64| sorted.get(i as usize).copied().unwrap_or(0.0);
    let interpolate = |i: f64| at(i) + (at(i + 1.0) - at(i)) * ratio;
    let mean = sorted.iter().fold(0.0, |s, x| s + x) / r;
    [interpolate(lower), mean, interpolate(upper)].map(round5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mr(p: f64, r: f64, f: f64) -> MetricResult {
        MetricResult {
            score: Score {
                precision: p,
                recall: r,
                fmeasure: f,
            },
            counts: Counts {
                hit: 1.0,
                reference_total: 2.0,
                candidate_total: 4.0,
            },
        }
    }

    #[test]
    fn test_mt19937_matches_the_reference_outputs() {
        // init_genrand(5489): the reference implementation's default seed.
        let mut key = [0u32; MT_N];
        let mut mt = Mt19937::new(&mut key, 5489);
        assert_eq!(mt.next_u32(), 3_499_211_612);
        assert_eq!(mt.next_u32(), 581_869_302);
        // np.random.seed(0); np.random.randint(0, 2**32 - 1 + 1, dtype=np.uint32)[0]
        let mut mt = Mt19937::new(&mut key, 0);
        assert_eq!(mt.next_u32(), 2_357_136_044);
    }

    #[test]
    fn test_numpy_bounded_matches_legacy_randint() {
        let mut key = [0u32; MT_N];
        let draws = |seed: u32, high: u64, k: usize, key: &mut [u32; MT_N]| {
            let mut mt = Mt19937::new(key, seed);
            (0..k)
                .map(|_| numpy_bounded(&mut mt, high))
                .collect::<Vec<_>>()
        };
        // np.random.seed(9); np.random.randint(0, 1000, size=5)
        assert_eq!(draws(9, 999, 5, &mut key), [382, 348, 638, 501, 950]);
        // np.random.seed(0); np.random.randint(0, 2**40, size=3): the 64-bit path.
        assert_eq!(
            draws(0, (1 << 40) - 1, 3, &mut key),
            [741_280_623_151, 506_137_267_392, 291_447_657_211]
        );
        // np.random.seed(3); np.random.randint(0, 5 * 2**32 + 3, size=4): 64-bit rejections.
        assert_eq!(
            draws(3, 5 * (1 << 32) + 2, 4, &mut key),
            [8_893_695_640, 7_902_520_963, 521_102_280, 2_445_173_525]
        );
    }

    #[test]
    fn test_numpy_bounded_uses_no_draw_for_one_value() {
        let mut key = [0u32; MT_N];
        let mut mt = Mt19937::new(&mut key, 7);
        assert_eq!(numpy_bounded(&mut mt, 0), 0);
        assert_eq!(mt.pos, MT_N);
    }

    #[test]
    fn test_drand48_matches_perl() {
        // perl -e 'srand(0); printf "%.17g", rand()'
        let mut r = Drand48::srand(0);
        assert_eq!(r.next(), 0.170_828_036_106_289_72);
        // perl -e 'srand(1); rand(); rand(); print int(rand(121))'
        let mut r = Drand48::srand(1);
        r.next();
        r.next();
        assert_eq!(perl_index(121, r.next()), 101);
    }

    #[test]
    fn test_numpy_percentile_interpolates_linearly() {
        let a = [1.0, 2.0, 4.0, 8.0];
        assert_eq!(numpy_percentile(&a, 0.0), 1.0);
        assert_eq!(numpy_percentile(&a, 0.5), 3.0);
        assert_eq!(numpy_percentile(&a, 1.0), 8.0);
        assert_eq!(numpy_percentile(&a, 0.25), 1.75);
        assert_eq!(numpy_percentile(&[5.0], 0.025), 5.0);
    }

    #[test]
    fn test_perl_interval_of_1000_sorted_values_reads_ranks_25_and_974() {
        let v: [f64; 1000] = core::array::from_fn(|i| i as f64 / 1000.0);
        let [lo, mean, hi] = perl_interval(&v, perl_percent(0.95));
        assert_eq!((lo, hi), (0.025, 0.974));
        assert_eq!(mean, 0.4995);
        assert_eq!(perl_percent(0.68), 68.0);
    }

    #[test]
    fn test_macro_and_micro_of_two_pairs() {
        let rs = [mr(1.0, 0.5, 0.25), mr(0.0, 0.5, 0.75)];
        let t = PairMajor::new(&rs, 1).unwrap();
        let mut out = [Score::default()];
        macro_mean(&t, &mut out).unwrap();
        assert_eq!(
            out[0],
            Score {
                precision: 0.5,
                recall: 0.5,
                fmeasure: 0.5
            }
        );
        let mut micro_out = [MetricResult::default()];
        micro(&t, &[Metric::N(1)], &Options::rouge_score(), &mut micro_out).unwrap();
        assert_eq!(micro_out[0].counts.hit, 2.0);
        assert_eq!(micro_out[0].score.recall, 0.5);
        assert_eq!(micro_out[0].score.precision, 0.25);
    }

    #[test]
    fn test_micro_refuses_negative_counts_and_overflowing_sums_leaving_out_untouched() {
        let with_counts = |hit: f64, reference_total: f64, candidate_total: f64| MetricResult {
            counts: Counts {
                hit,
                reference_total,
                candidate_total,
            },
            ..mr(0.5, 0.5, 0.5)
        };
        let sentinel = with_counts(7.0, 7.0, 7.0);
        let big = f64::MAX / 1.5;
        let bad: [[MetricResult; 2]; 6] = [
            [with_counts(-1.0, 2.0, 4.0), mr(0.5, 0.5, 0.5)],
            // Finite sums whose ratio overflows (found by fuzzing: F was infinite).
            [
                with_counts(4.0, 1e-300, 1e-300),
                with_counts(4.0, 1e-300, 1e-300),
            ],
            [mr(0.5, 0.5, 0.5), with_counts(1.0, -2.0, 4.0)],
            [with_counts(1.0, 2.0, -0.5), mr(0.5, 0.5, 0.5)],
            // Each finite; their sums overflow to infinity (once P = R = inf, F = NaN).
            [with_counts(big, big, big), with_counts(big, big, big)],
            [with_counts(1.0, big, 4.0), with_counts(1.0, big, 4.0)],
        ];
        for rs in &bad {
            let t = PairMajor::new(rs, 1).unwrap();
            let mut out = [sentinel];
            let got = micro(&t, &[Metric::N(1)], &Options::rouge_score(), &mut out);
            assert_eq!(got, Err(Error::InvalidArgument), "{rs:?}");
            assert_eq!(out[0], sentinel);
        }
        // Large but summable counts are fine, and give finite scores.
        let rs = [with_counts(big / 4.0, big / 2.0, big / 2.0); 2];
        let t = PairMajor::new(&rs, 1).unwrap();
        let mut out = [sentinel];
        micro(&t, &[Metric::N(1)], &Options::rouge_score(), &mut out).unwrap();
        assert_eq!(out[0].score.recall, 0.5);
        assert!(out[0].score.fmeasure.is_finite());
    }

    #[test]
    fn test_bootstrap_of_one_pair_is_that_pair() {
        let rs = [mr(0.25, 0.5, 0.75)];
        let t = PairMajor::new(&rs, 1).unwrap();
        for method in [Method::RougeScore, Method::Perl] {
            let b = Bootstrap::new(method);
            let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
            let mut out = [Aggregate::default()];
            bootstrap(&t, &b, &mut scratch, &mut out).unwrap();
            for s in [out[0].low, out[0].mid, out[0].high] {
                assert_eq!(s, rs[0].score, "{method:?}");
            }
        }
    }

    /// ROUGE-1.5.5's own interval, as its `computeAverages` prints it (values seen running the
    /// script's subs with tests/corpus_diff/perl_averages.pl): with one resample it reads past
    /// the end (Perl's undefined, 0) with a negative fraction, so the ends leave [0, 1] and the
    /// mean lies outside them; at a 1% level with three resamples the low end is above the high.
    #[test]
    fn test_perl_interval_is_the_script_s_even_outside_0_1_and_crossed() {
        let s = |p: f64, r: f64, f: f64| Score {
            precision: p,
            recall: r,
            fmeasure: f,
        };
        let one = [mr(0.9, 1.0, 0.99)];
        let b = Bootstrap {
            samples: 1,
            ..Bootstrap::new(Method::Perl)
        };
        let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
        let mut out = [Aggregate::default()];
        bootstrap(
            &PairMajor::new(&one, 1).unwrap(),
            &b,
            &mut scratch,
            &mut out,
        )
        .unwrap();
        assert_eq!(out[0].low, s(0.9225, 1.025, 1.01475));
        assert_eq!(out[0].mid, s(0.9, 1.0, 0.99));
        assert_eq!(out[0].high, s(0.9225, 1.025, 1.01475));
        // Evaluations "1", "2", "3" (R, P, F): (.1, .5, .9), (.2, .6, .3), (.7, .4, .8).
        let three = [mr(0.5, 0.1, 0.9), mr(0.6, 0.2, 0.3), mr(0.4, 0.7, 0.8)];
        let b = Bootstrap {
            samples: 3,
            confidence: 0.01,
            ..Bootstrap::new(Method::Perl)
        };
        let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
        bootstrap(
            &PairMajor::new(&three, 1).unwrap(),
            &b,
            &mut scratch,
            &mut out,
        )
        .unwrap();
        assert_eq!(out[0].low, s(0.5, 0.33333, 0.76967));
        assert_eq!(out[0].mid, s(0.48889, 0.32222, 0.73333));
        assert_eq!(out[0].high, s(0.48383, 0.31717, 0.66667));
    }

    #[test]
    fn test_bootstrap_errors() {
        let rs = [mr(0.25, 0.5, 0.75)];
        let t = PairMajor::new(&rs, 1).unwrap();
        let b = Bootstrap::new(Method::RougeScore);
        let words = bootstrap_scratch_words(&b).unwrap();
        assert_eq!(words, 312 + 3000);
        let mut scratch = vec![0u64; words];
        let mut out = [Aggregate::default()];
        assert_eq!(
            bootstrap(&t, &b, &mut scratch[..words - 1], &mut out),
            Err(Error::ScratchTooSmall { needed: words })
        );
        assert_eq!(
            bootstrap(&t, &b, &mut scratch, &mut []),
            Err(Error::OutputTooSmall)
        );
        let empty = PairMajor::new(&[], 1).unwrap();
        assert_eq!(
            bootstrap(&empty, &b, &mut scratch, &mut out),
            Err(Error::InvalidArgument)
        );
        for bad in [
            Bootstrap { samples: 0, ..b },
            Bootstrap {
                confidence: 0.0,
                ..b
            },
            Bootstrap {
                confidence: 1.0,
                ..b
            },
            Bootstrap {
                confidence: f64::NAN,
                ..b
            },
        ] {
            assert_eq!(bootstrap_scratch_words(&bad), Err(Error::InvalidArgument));
        }
        let nan = [mr(f64::NAN, 0.0, 0.0)];
        assert_eq!(
            bootstrap(
                &PairMajor::new(&nan, 1).unwrap(),
                &b,
                &mut scratch,
                &mut out
            ),
            Err(Error::InvalidArgument)
        );
        assert_eq!(
            bootstrap_scratch_words(&Bootstrap {
                samples: usize::MAX,
                ..b
            }),
            Err(Error::InputTooLong)
        );
        assert_eq!(PairMajor::new(&rs, 0).unwrap_err(), Error::InvalidArgument);
    }
}
