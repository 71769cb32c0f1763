//! Bootstrap confidence intervals over per-pair results, as rouge-score's
//! `scoring.BootstrapAggregator` and ROUGE-1.5.5's `computeAverages` compute them (see the
//! parent module's docs for the generators each reproduces).

use super::generators::{
    numpy_bounded, numpy_percentile, numpy_quantiles, perl_index, perl_interval, perl_percent,
    Drand48, Mt19937, MT_N,
};
use super::{add, check_scores, div, PairResults};
use crate::score::Score;
use crate::scratch::{Carver, Size};
use crate::Error;

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
