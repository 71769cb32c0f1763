//! ROUGE-1.5.5's ROUGE-W: summary level, like its ROUGE-L, with the weighted LCS per sentence
//! pair (Perl's `wlcs_inner` and `markLCS`) and its own clipped scan of the marked positions.

use super::clip::{clear_clip_counts, dense_sentences, load_clip_counts};
use super::layout::{wlcs_rows, Work};
use super::reference::PairCtx;
use crate::lcs::words_for;
use crate::slices::{head, head_mut};
use crate::wlcs;

/// ROUGE-1.5.5's ROUGE-W hit and its single-weighted base Σ f(|sentence|).
pub(super) fn perl_wlcs(ctx: &PairCtx, wt: f64, w: &mut Work) -> (f64, f64) {
    let (nc, nr) = (ctx.nc, ctx.nr);
    let mut base = 0.0;
    let mut hit = 0.0;
    let mut f = wlcs::WeightTable::new(wt);
    load_clip_counts(w, ctx);
    // The regions below are the layout's, long enough for the pair, its longest sentences and
    // its ids: `slices` and `get` keep them free of panic paths.
    let cand_ids = head(w.cand_ids, nc);
    let ref_ids = head(w.ref_ids, nr);
    for r in dense_sentences(&ctx.refr, ref_ids) {
        base += f.get(r.len() as u32);
        if r.is_empty() {
            continue;
        }
        let marks = head_mut(w.sentence_marks, words_for(r.len()));
        marks.fill(0);
        for c in dense_sentences(&ctx.cand, cand_ids) {
            if c.is_empty() {
                continue;
            }
            let mut rows = wlcs_rows(w.wlcs_values, w.wlcs_runs, c.len());
            wlcs::wlcs_perl_mark(
                r,
                c,
                &mut f,
                &mut rows,
                head_mut(w.wlcs_up_bits, r.len() * words_for(c.len())),
                marks,
            );
        }
        // Perl's scan: a masked, unclipped position extends the run; the run is added when the
        // next position is unmasked or the sentence ends. A clipped position does nothing, so a
        // run pending at a clipped sentence end is dropped.
        let masked = |p: usize| marks.get(p / 64).is_some_and(|m| (m >> (p % 64)) & 1 == 1);
        let mut run = 0u32;
        for (p, &t) in r.iter().enumerate() {
            if !masked(p) {
                continue;
            }
            let t = t as usize;
            let (Some(count), Some(budget)) =
                (w.clip_ref_counts.get_mut(t), w.clip_budget.get_mut(t))
            else {
                continue;
            };
            if *count > 0 && *budget > 0 {
                run += 1;
                if p + 1 == r.len() || !masked(p + 1) {
                    hit += f.get(run);
                    run = 0;
                }
                *count -= 1;
                *budget -= 1;
            }
        }
    }
    clear_clip_counts(w, ctx);
    (hit, base)
}
