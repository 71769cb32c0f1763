//! The unigram clipping of the summary-level metrics (Lsum and Perl's W): per id, the
//! reference's counts and the budget min(reference count, candidate count), from the pair's
//! tokens or from clipping tokens of their own (Perl `-b`).

use super::layout::Work;
use super::reference::PairCtx;
use crate::model::Summary;
use crate::slices::{add_at, at, head, set_at};

/// Loads the unigram counts the clipping consumes: `clip_ref_counts` the reference's,
/// `clip_budget` min(reference count, candidate count). A hit takes one from both, so
/// `clip_budget <= clip_ref_counts` holds throughout and "both positive" is "`clip_budget`
/// positive": `clip_budget` alone is the clipping budget. It is counted up to the reference's count without a branch, and is
/// nonzero only on reference tokens.
pub(super) fn load_clip_counts(w: &mut Work, ctx: &PairCtx) {
    if core::mem::take(&mut w.clip_budget_loaded) {
        // `clip_budget` holds the budget already; start from zero.
        clear_clip_counts(w, ctx);
    }
    let (cand, refr) = clip_tokens(w.cand_ids, w.ref_ids, w.clip_cand_ids, w.clip_ref_ids, ctx);
    // Every id is below the per-id regions' length (the layout's), so the writes are never
    // dropped (`slices`).
    for &t in refr {
        add_at(w.clip_ref_counts, t as usize, 1);
    }
    for &t in cand {
        let t = t as usize;
        add_at(
            w.clip_budget,
            t,
            u32::from(at(w.clip_ref_counts, t) > at(w.clip_budget, t)),
        );
    }
}

/// The dense ids clipping counts come from: the clipping tokens when given, else the pair's.
pub(super) fn clip_tokens<'w>(
    cand_ids: &'w [u32],
    ref_ids: &'w [u32],
    clip_cand_ids: &'w [u32],
    clip_ref_ids: &'w [u32],
    ctx: &PairCtx,
) -> (&'w [u32], &'w [u32]) {
    match ctx.clip {
        Some((c, r)) => (head(clip_cand_ids, c), head(clip_ref_ids, r)),
        None => (head(cand_ids, ctx.nc), head(ref_ids, ctx.nr)),
    }
}

/// The candidate total of Lsum and Perl's W: the clipping tokens' count when given.
pub(super) fn clip_candidate_len(ctx: &PairCtx) -> usize {
    ctx.clip.map_or(ctx.nc, |(c, _)| c)
}

pub(super) fn clear_clip_counts(w: &mut Work, ctx: &PairCtx) {
    // Both counts are nonzero on reference tokens only (see `load_clip_counts`).
    let (_, refr) = clip_tokens(w.cand_ids, w.ref_ids, w.clip_cand_ids, w.clip_ref_ids, ctx);
    for &t in refr {
        set_at(w.clip_ref_counts, t as usize, 0);
        set_at(w.clip_budget, t as usize, 0);
    }
}

/// The sentences of `s`, as slices of its dense ids.
pub(super) fn dense_sentences<'a>(
    s: &Summary<'a>,
    ids: &'a [u32],
) -> impl Iterator<Item = &'a [u32]> + 'a {
    s.sentence_bounds().map(move |r| ids.get(r).unwrap_or(&[]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::test_support::*;

    /// The unigram pass hands Lsum its clipping budget: a Perl W before the Lsum, or a second
    /// Lsum, must load its own counts and find the same as a call of its own.
    #[test]
    #[cfg(feature = "rouge-w")] // Scores ROUGE-W too.
    fn test_lsum_budget_from_unigram_pass_in_any_metric_order() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let lens = [0usize, 1, 4, 9, 17, 30, 70];
        let orders: [&[Metric]; 4] = [
            &[Metric::N(1), Metric::W(1.2), Metric::Lsum],
            &[Metric::Lsum, Metric::N(2), Metric::W(1.2), Metric::Lsum],
            &[Metric::W(1.2), Metric::N(1), Metric::Lsum, Metric::W(1.2)],
            &[Metric::N(1), Metric::Lsum, Metric::Lsum],
        ];
        for case in 0..300 {
            let vocab = [3u64, 10, 40][case % 3];
            let (nc, nr) = (rng.below(5) as usize, rng.below(6) as usize);
            let c = summary(&mut rng, nc, &lens, vocab);
            let r = summary(&mut rng, nr, &lens, vocab);
            let r2 = summary(&mut rng, nr + 1, &lens, vocab);
            let cand = Summary::new(&c.0, &c.1);
            let refs = [Summary::new(&r.0, &r.1), Summary::new(&r2.0, &r2.1)];
            let opts = Options::perl();
            let dims = Dims::of(&cand, &refs[..]);
            for metrics in orders {
                let mut scratch = vec![7u64; scratch_words(metrics, &opts, &dims).unwrap()];
                let mut out = vec![MetricResult::default(); metrics.len()];
                score_pair(&cand, &refs[..], metrics, &opts, &mut scratch, &mut out).unwrap();
                for (m, got) in metrics.iter().zip(&out) {
                    let mut one = [MetricResult::default()];
                    let mut s = vec![0u64; scratch_words(&[*m], &opts, &dims).unwrap()];
                    score_pair(&cand, &refs[..], &[*m], &opts, &mut s, &mut one).unwrap();
                    assert_eq!(one[0], *got, "case {case} {m:?} in {metrics:?}");
                }
            }
        }
    }
}
