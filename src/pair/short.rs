//! The short-reference path: a reference of at most 128 tokens as one or two words of match
//! masks, over which ROUGE-1, ROUGE-2, L and Lsum are counted in one pass over the candidate
//! (also fed token by token by the text path, `text::short`).

use super::combine::{combine_references, score_of};
use super::layout::Work;
use super::metric::{lcs_per_ref, ngram_per_ref};
use super::ngram_levels::store_ngram_hits;
use super::reference::PairCtx;
use crate::lcs::Rows;
use crate::model::{Metric, MetricResult, MultiRef, Options};

/// ROUGE-1 and ROUGE-2 hits over the reference's match masks (a bit per reference position
/// holding the token): each candidate n-gram takes the lowest reference occurrence of it that
/// no earlier one took, if any (`x & -x`, no branch). Per n-gram that is min(candidate count,
/// reference count) hits, the clipped count, without a count table, an interning table for the
/// bigrams, or passes to clear them: a bigram (a, b) occurs at reference position j when bit j
/// of `masks[a] & masks[b] >> 1` is set.
pub(super) fn short_levels<W: Rows>(metrics: &[Metric], w: &mut Work, nc: usize) {
    let (lo, hi) = (&*w.match_masks, &*w.match_masks_hi);
    let (mut free1, mut free2) = (W::ONES, W::ONES);
    // The first token's "previous" mask is empty: no bigram ends there.
    let mut prev = W::ZERO;
    for &t in &w.cand_ids[..nc] {
        let m = W::mask(lo, hi, t as usize);
        let x = m & free1;
        free1 ^= x & x.wrapping_neg();
        let x = prev & (m >> 1) & free2;
        free2 ^= x & x.wrapping_neg();
        prev = m;
    }
    w.ngram_hits.fill(0);
    // A hit is a position taken: no counters in the loop.
    store_ngram_hits(metrics, 1, taken(free1), w.ngram_hits);
    store_ngram_hits(metrics, 2, taken(free2), w.ngram_hits);
}

/// Positions taken from all-free (see [`short_levels`]).
pub(super) fn taken<W: Rows>(free: W) -> u64 {
    u64::from((!free).count_ones())
}

/// The result of `metric` (ROUGE-1, ROUGE-2, L or Lsum) for a candidate of `nc` tokens
/// against one reference of `nr`, from the hits of a [`ShortPass`] over them: what
/// [`score_pair`] gives for that pair (its short-reference path counts the same hits).
pub(crate) fn short_result(
    metric: &Metric,
    opts: &Options,
    hits: &ShortHits,
    nc: usize,
    nr: usize,
) -> MetricResult {
    let per_ref = || match *metric {
        Metric::N(1) => ngram_per_ref(opts, 1, hits.unigrams, nr, nc),
        Metric::N(2) => ngram_per_ref(opts, 2, hits.bigrams, nr, nc),
        Metric::L => lcs_per_ref(hits.lcs, nr, nc),
        _ => lcs_per_ref(hits.union_lcs, nr, nc),
    };
    if matches!(opts.multi_ref, MultiRef::BestF | MultiRef::PerlA) {
        // `combine_references`' own shortcut for one reference, without the ranking key.
        let counts = per_ref().counts;
        return MetricResult {
            score: score_of(metric, &counts, opts),
            counts,
        };
    }
    let per_ref = per_ref();
    combine_references(metric, opts, 1, &|_| per_ref)
}

/// ROUGE-1 and ROUGE-2 hits (into `w.ngram_hits`), and the L and Lsum hits, of a pair on the
/// short-reference path with Lsum (`short_reference`), in one pass over the candidate: each
/// token's mask is loaded once for all four.
///
/// - ROUGE-1 and ROUGE-2 as in [`short_levels`].
/// - L: the one-word (or two-word) kernel over the whole candidate (`lcs::single_word`).
/// - Lsum: the reference's sentences fit the word together, so each candidate sentence's
///   forward pass covers them all, one segment each (as `lcs::union_lcs_single`), keeping
///   what [`ShortPass::end_sentence`] reads out right after the sentence. The marked positions are then
///   clipped against the positions the unigrams took, `U`: per token t exactly its budget
///   min(counts) of them (each candidate occurrence took one while any was free). The budget
///   walk of [`union_lcs_hits`] yields min(|U_t|, |K_t|) hits for t, K the marked positions,
///   whatever the order, which is |K_t & U_t| + min(|U_t \ K_t|, |K_t \ U_t|): a popcount,
///   and a walk over the marked positions outside U taking from U's positions outside K.
pub(super) fn short_pass<W: Rows>(metrics: &[Metric], ctx: &PairCtx, w: &mut Work) -> (u64, u64) {
    let (nc, nr) = (ctx.nc, ctx.nr);
    w.ngram_hits.fill(0);
    if nc == 0 || nr == 0 {
        return (0, 0);
    }
    let (lo, hi) = (&*w.match_masks, &*w.match_masks_hi);
    let (cand, r) = (&w.cand_ids[..nc], &w.ref_ids[..nr]);
    let mut tops = W::ZERO;
    for b in ctx.refr.sentence_bounds() {
        if !b.is_empty() {
            tops |= W::ONE << (b.end - 1) as u32;
        }
    }
    let mut pass = ShortPass::new(tops);
    for s in ctx.cand.sentence_bounds() {
        let text = &cand[s];
        // The layout keeps 2 * WORDS words per token of the longest candidate sentence.
        let Some(cols) = w.lcs_columns.get_mut(..text.len() * 2 * W::WORDS) else {
            continue;
        };
        for (&t, col) in text.iter().zip(cols.chunks_exact_mut(2 * W::WORDS)) {
            let m = W::mask(lo, hi, t as usize);
            pass.push(m);
            pass.push_sentence(m, m.reverse(), col);
        }
        pass.end_sentence(cols);
    }
    let hits = pass.finish(nr, |pos| W::mask(lo, hi, r[pos] as usize));
    store_ngram_hits(metrics, 1, hits.unigrams, w.ngram_hits);
    store_ngram_hits(metrics, 2, hits.bigrams, w.ngram_hits);
    (hits.lcs, hits.union_lcs)
}

/// The hits [`ShortPass`] counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShortHits {
    pub(crate) unigrams: u64,
    pub(crate) bigrams: u64,
    pub(crate) lcs: u64,
    pub(crate) union_lcs: u64,
}

/// The state of [`short_pass`] as the candidate's masks arrive one token at a time (the text
/// path feeds it straight from its tokeniser): [`ShortPass::push`] for ROUGE-1, 2 and L,
/// [`ShortPass::push_sentence`] and [`ShortPass::end_sentence`] for Lsum, which needs the
/// reference's sentence ends (`tops`, the last row of each non-empty sentence).
pub(crate) struct ShortPass<W> {
    /// Rows of all but the sentences' last ones: the segmented addition of
    /// `lcs::union_lcs_single`, also with a single segment (its carry out would only reach
    /// rows above the pattern, which no result reads).
    low: W,
    /// The sentences' rows in reverse order (see [`ShortPass::end_sentence`]): all of them,
    /// and the lowest and the highest bit of each.
    fields: W,
    fields_low: W,
    fields_high: W,
    free1: W,
    free2: W,
    /// The previous token's mask (empty before the first: no bigram ends there).
    prev: W,
    /// The whole-candidate LCS column (`lcs::single_word`).
    vl: W,
    /// The current candidate sentence's column.
    v: W,
    /// Reference positions on some sentence's union LCS, in reverse order.
    marks: W,
}

impl<W: Rows> ShortPass<W> {
    #[inline(always)]
    pub(crate) fn new(tops: W) -> Self {
        // The sentences cover rows 0 to the last top; each starts after the previous one's
        // last row (the first at row 0).
        let (rows, bottoms) = if tops == W::ZERO {
            (W::ZERO, W::ZERO)
        } else {
            let rows = W::ONES >> tops.leading_zeros();
            (rows, (tops << 1 | W::ONE) & rows)
        };
        ShortPass {
            low: !tops,
            fields: rows.reverse(),
            fields_low: tops.reverse(),
            fields_high: bottoms.reverse(),
            free1: W::ONES,
            free2: W::ONES,
            prev: W::ZERO,
            vl: W::ONES,
            v: W::ONES,
            marks: W::ZERO,
        }
    }

    /// The next candidate token, by its match mask `m`: ROUGE-1 and 2 as in [`short_levels`],
    /// L as `lcs::single_word`.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: W) {
        let x = m & self.free1;
        self.free1 ^= x & x.wrapping_neg();
        let x = self.prev & (m >> 1) & self.free2;
        self.free2 ^= x & x.wrapping_neg();
        self.prev = m;
        self.vl = self.vl.wrapping_add(self.vl & m) | (self.vl & !m);
    }

    /// The same token's step of its sentence's forward pass (`rm`: its mask in reverse row
    /// order), kept in `col` (2 * WORDS words) for the walk: the rows where the walk can stop,
    /// `!V | M` (a match or a step up), and the match rows, both in reverse order.
    #[inline(always)]
    pub(crate) fn push_sentence(&mut self, m: W, rm: W, col: &mut [u64]) {
        let vlow = self.v & self.low;
        self.v = vlow.wrapping_add(vlow & m) | (self.v & !m);
        let (stops, matches) = col.split_at_mut(W::WORDS);
        (!self.v.reverse() | rm).set_column(stops);
        rm.set_column(matches);
    }

    /// Ends a candidate sentence whose columns are `cols`: the union LCS read-out of
    /// `lcs::union_lcs_single` (rouge-score's traceback), for all the reference's sentences at
    /// once.
    ///
    /// Each sentence's walk starts at its last row in the last column; in each column it goes
    /// to the highest stop row at or below its row, marks that row if it is a match and goes on
    /// below it, else from it, in the column before. With the rows in reverse order a sentence
    /// is a field of bits whose lowest is its last row, and "the highest stop row at or below"
    /// is the field's lowest set bit of `x = stops & below`: `x & (!(x | high) + low)`, the
    /// carry of `+ low` running up the field's clear bits to its lowest set one and stopping
    /// at its highest bit `high` at the latest, so that no field's carry reaches the next
    /// (the segmented arithmetic of the forward pass, turned around). The rows from there to
    /// the field's end are `(high - top) ^ high`, none for a field without a set bit: every
    /// walk takes one step a column, with no branch, and a walk that has ended stays so. A
    /// walk that goes on after `union_lcs_single`'s would have stopped (no needed row left)
    /// marks only rows marked already, so the marks are the same.
    #[inline(always)]
    pub(crate) fn end_sentence(&mut self, cols: &[u64]) {
        let (low, high) = (self.fields_low, self.fields_high);
        let mut below = self.fields;
        let mut marked = W::ZERO;
        for col in cols.chunks_exact(2 * W::WORDS).rev() {
            let (stops, matches) = (W::column(col), W::column(&col[W::WORDS..]));
            let x = stops & below;
            let top = x & (!(x | high)).wrapping_add(low);
            let hit = top & matches;
            marked |= hit;
            below = (high.wrapping_sub(top) ^ high) & !hit;
        }
        self.marks |= marked;
        self.v = W::ONES;
    }

    /// The hits against a reference of `nr` tokens, `mask_at(j)` the mask of its token at
    /// position j.
    #[inline(always)]
    pub(crate) fn finish(self, nr: usize, mask_at: impl Fn(usize) -> W) -> ShortHits {
        let valid = if nr as u32 >= W::BITS {
            W::ONES
        } else {
            (W::ONE << nr as u32).wrapping_sub(W::ONE)
        };
        let lcs = nr as u64 - u64::from((self.vl & valid).count_ones());
        let took = !self.free1;
        let marks = self.marks.reverse();
        let mut union_lcs = u64::from((marks & took).count_ones());
        let mut left = took & !marks;
        let mut rest = marks & !took;
        while rest != W::ZERO {
            let x = left & mask_at(rest.trailing_zeros() as usize);
            let low = x & x.wrapping_neg();
            left ^= low;
            union_lcs += u64::from(low != W::ZERO);
            rest &= rest.wrapping_sub(W::ONE);
        }
        ShortHits {
            unigrams: taken(self.free1),
            bigrams: taken(self.free2),
            lcs,
            union_lcs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::test_support::*;

    /// The short-reference path (references up to 64 and 128 tokens, one and two mask words,
    /// ROUGE-1/2, L and Lsum over the same masks in one pass) against the general path, which
    /// a ROUGE-3 in the list forces, and the n-gram oracle: bit-identical results, for several
    /// metric subsets and orders, one and two references, dense and interned ids, dirty scratch.
    #[test]
    #[cfg(all(feature = "rouge-w", feature = "rouge-s"))] // Scores ROUGE-W and SU too.
    fn test_short_reference_path_matches_general_path() {
        let mut rng = Rng(0x3c6e_f372_fe94_f82b);
        let lens = [0usize, 1, 2, 5, 13, 31, 40, 63, 64, 65, 90];
        let lists: [&[Metric]; 6] = [
            &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum],
            &[Metric::Lsum, Metric::L],
            &[Metric::Lsum, Metric::N(1)],
            &[Metric::N(2), Metric::L],
            &[
                Metric::L,
                Metric::Lsum,
                Metric::N(2),
                Metric::Lsum,
                Metric::N(1),
            ],
            &[
                Metric::Lsum,
                Metric::Su(Some(4)),
                Metric::W(1.2),
                Metric::N(1),
            ],
        ];
        let (mut narrow, mut wide) = (0, 0);
        for case in 0..1500 {
            let vocab = [2u64, 5, 20, 80][case % 4];
            let (sc, sr) = (rng.below(5) as usize, rng.below(5) as usize);
            let c = summary(&mut rng, sc, &lens, vocab);
            let r = summary(&mut rng, sr, &lens, vocab);
            let s2 = 1 + rng.below(3) as usize;
            let r2 = summary(&mut rng, s2, &lens[..8], vocab);
            match r.0.len() {
                0..=64 => narrow += 1,
                65..=128 => wide += 1,
                _ => {}
            }
            let cand = Summary::new(&c.0, &c.1);
            let (a, b) = (Summary::new(&r.0, &r.1), Summary::new(&r2.0, &r2.1));
            // A second reference after a short one or before it (a long one takes the
            // general path, whose per-id regions the short path may have left unzeroed).
            let all = if case % 4 == 3 { [b, a] } else { [a, b] };
            let refs = &all[..1 + case % 2];
            let opts = [Options::rouge_score(), Options::perl()][case / 2 % 2];
            let dense =
                c.0.iter()
                    .chain(&r.0)
                    .chain(&r2.0)
                    .max()
                    .map_or(0, |&m| m as usize + 1);
            let metrics = lists[case % lists.len()];
            let mut general = metrics.to_vec();
            general.push(Metric::N(3));
            let run = |metrics: &[Metric], dense_vocab: Option<usize>| {
                score_dense(&cand, refs, metrics, &opts, dense_vocab, !0u64 / 5)
            };
            for dense_vocab in [None, Some(dense)] {
                let got = run(metrics, dense_vocab);
                let want = run(&general, dense_vocab);
                assert_eq!(got[..], want[..metrics.len()], "case {case} {metrics:?}");
                for (m, g) in metrics.iter().zip(&got) {
                    if let (Metric::N(n), 1) = (*m, refs.len()) {
                        // One reference: `r`.
                        let hit = ngram_oracle(&c.0, &r.0, n) as f64;
                        assert_eq!(g.counts.hit, hit, "case {case} N({n})");
                    }
                }
            }
        }
        assert!(narrow > 200 && wide > 200, "{narrow} {wide}");
    }
}
