//! What the pair modules' tests share: a small random generator, random summaries, an n-gram
//! oracle, and scoring on dirty scratch of exactly the queried size.

pub(super) use super::{score_checked, score_pair, scratch_words};
use crate::arch::LazyFeatures;
pub(super) use crate::model::{Dims, Metric, MetricResult, Options, Summary};
pub(super) use std::collections::HashMap;

pub(super) use crate::test_rng::Rng;

/// Random sentences, lengths drawn from `lens` (empty sentences and the 63/64/65 token
/// edges of the one-word kernel included).
pub(super) fn summary(
    rng: &mut Rng,
    sentences: usize,
    lens: &[usize],
    vocab: u64,
) -> (Vec<u32>, Vec<usize>) {
    let (mut tokens, mut ends) = (vec![], vec![]);
    for _ in 0..sentences {
        let len = lens[rng.below(lens.len() as u64) as usize];
        // Skewed ids: a few common tokens, as in text.
        tokens.extend((0..len).map(|_| {
            let x = rng.below(vocab);
            (x * x / vocab) as u32 * 11 + 5
        }));
        ends.push(tokens.len());
    }
    (tokens, ends)
}

/// `score_checked` with `dense_vocab` on scratch of exactly the size query's words, all
/// set to `fill` first (dirty scratch).
pub(super) fn score_dense(
    cand: &Summary,
    refs: &[Summary],
    metrics: &[Metric],
    opts: &Options,
    dense_vocab: Option<usize>,
    fill: u64,
) -> Vec<MetricResult> {
    let words = scratch_words(metrics, opts, &Dims::of(cand, refs)).unwrap();
    let mut scratch = vec![fill; words];
    let mut out = vec![MetricResult::default(); metrics.len()];
    score_checked(
        cand,
        refs,
        None,
        metrics,
        opts,
        None,
        dense_vocab,
        LazyFeatures::undetected(),
        &mut scratch,
        &mut out,
    )
    .unwrap();
    out
}

/// Clipped n-gram hits straight from the definition.
pub(super) fn ngram_oracle(c: &[u32], r: &[u32], n: usize) -> u64 {
    fn count(t: &[u32], n: usize) -> HashMap<&[u32], u64> {
        let mut m: HashMap<&[u32], u64> = HashMap::new();
        for g in t.windows(n) {
            *m.entry(g).or_default() += 1;
        }
        m
    }
    let (cc, rc) = (count(c, n), count(r, n));
    cc.iter()
        .map(|(g, &k)| k.min(rc.get(g).copied().unwrap_or(0)))
        .sum()
}
