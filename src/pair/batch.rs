//! Many pairs in one call ([`Batch`]): the segments of one token array read in order, every
//! pair checked before any is scored, one scratch carved for the largest.

use super::layout::Layout;
use super::{check_weights, needs, score_validated, ClipDims};
use crate::model::{Batch, Dims, Metric, MetricResult, Options, References, Summary};
use crate::{Error, MAX_INPUT_LEN};

struct BatchRefs<'b> {
    batch: &'b Batch<'b>,
    first: usize,
    count: usize,
    /// Index in `sentence_ends` of the first end of segment `first`.
    ends_from: usize,
}

impl References for BatchRefs<'_> {
    fn count(&self) -> usize {
        self.count
    }
    fn get(&self, i: usize) -> Summary<'_> {
        // References are read in order and are few: walk from the first one's ends.
        let mut from = self.ends_from;
        for k in self.first..self.first + i {
            from = self.batch.segment_from(k, from).1;
        }
        self.batch.segment_from(self.first + i, from).0
    }
}

impl<'a> Batch<'a> {
    /// Number of pairs.
    pub fn pair_count(&self) -> usize {
        self.pair_segments.len().saturating_sub(1)
    }

    /// Segment `k`, whose sentence ends start at or after index `from` of `sentence_ends`
    /// (where the previous segment's stopped: segments are read in order, so each end is
    /// stepped over once instead of searched for), and the index after its ends.
    fn segment_from(&self, k: usize, from: usize) -> (Summary<'a>, usize) {
        // `validate` checked the ends (non-decreasing, within the tokens): read without a
        // panic path, as an empty segment where they did not hold.
        let at = |j: Option<usize>| j.and_then(|j| self.segment_ends.get(j).copied());
        let start = at(k.checked_sub(1)).unwrap_or(0);
        let end = at(Some(k)).unwrap_or(start);
        let ends = self.sentence_ends;
        let mut lo = from.min(ends.len());
        while lo < ends.len() && ends[lo] <= start {
            lo += 1;
        }
        let mut hi = lo;
        while hi < ends.len() && ends[hi] <= end {
            hi += 1;
        }
        let summary = Summary {
            tokens: self.tokens.get(start..end).unwrap_or(&[]),
            sentence_ends: ends.get(lo..hi).unwrap_or(&[]),
            ends_offset: start,
        };
        (summary, hi)
    }

    fn validate(&self) -> Result<(), Error> {
        let non_decreasing_within = |xs: &[usize], limit: usize| {
            let mut prev = 0;
            xs.iter().all(|&x| {
                let ok = x >= prev && x <= limit;
                prev = x;
                ok
            })
        };
        if self.tokens.len() > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        if self.pair_segments.is_empty()
            || !non_decreasing_within(self.segment_ends, self.tokens.len())
            || !non_decreasing_within(self.sentence_ends, self.tokens.len())
            || !non_decreasing_within(self.pair_segments, self.segment_ends.len())
            || self.pair_segments.windows(2).any(|p| p[1] - p[0] < 2)
        {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }

    /// Pair `p`, whose sentence ends start at or after index `from`, and the index after its
    /// ends (where pair `p + 1`'s start).
    fn pair_from(&self, p: usize, from: usize) -> (Summary<'a>, BatchRefs<'_>, usize) {
        let first = self.pair_segments[p];
        let last = self.pair_segments[p + 1];
        let (candidate, ends_from) = self.segment_from(first, from);
        let mut next = ends_from;
        for k in first + 1..last {
            next = self.segment_from(k, next).1;
        }
        let refs = BatchRefs {
            batch: self,
            first: first + 1,
            count: last - first - 1,
            ends_from,
        };
        (candidate, refs, next)
    }

    /// The dimensions covering every pair (validates the batch first).
    pub fn dims(&self) -> Result<Dims, Error> {
        self.validate()?;
        let mut d = Dims::default();
        let mut from = 0;
        for p in 0..self.pair_count() {
            let (c, r, next) = self.pair_from(p, from);
            d = d.max(Dims::of(&c, &r));
            from = next;
        }
        Ok(d)
    }
}

/// Scores every pair of `batch`: `out[p * metrics.len() + i]` is metric i of pair p. The whole
/// batch is checked before anything is computed, so nothing is written unless the call succeeds.
pub fn score_batch(
    batch: &Batch,
    metrics: &[Metric],
    opts: &Options,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    let k = metrics.len();
    if out.len()
        < batch
            .pair_count()
            .checked_mul(k)
            .ok_or(Error::InputTooLong)?
    {
        return Err(Error::OutputTooSmall);
    }
    score_batch_with(batch, metrics, opts, scratch, &mut |p, i, r| {
        out[p * k + i] = r
    })
}

/// [`score_batch`] handing each result to `sink(pair, metric, result)` instead. The whole batch
/// is checked first: `sink` is called only when every pair can be scored.
pub fn score_batch_with(
    batch: &Batch,
    metrics: &[Metric],
    opts: &Options,
    scratch: &mut [u64],
    sink: &mut dyn FnMut(usize, usize, MetricResult),
) -> Result<(), Error> {
    let n = needs(metrics, opts)?;
    let dims = batch.dims()?;
    check_weights(metrics, opts, &dims)?;
    let layout = Layout::new(&n, &dims, ClipDims::default(), metrics.len())?;
    let mut w = layout.carve_checked(scratch)?;
    let mut from = 0;
    for p in 0..batch.pair_count() {
        let (c, r, next) = batch.pair_from(p, from);
        score_validated(&c, &r, None, metrics, &n, opts, &mut w, &mut |i, res| {
            sink(p, i, res)
        });
        from = next;
    }
    Ok(())
}
