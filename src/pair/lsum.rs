//! ROUGE-Lsum (rouge-score `rougeLsum`, Perl's summary-level `ROUGE-L`): per reference
//! sentence, the union of its LCS with each candidate sentence, clipped by unigram counts.

use super::clip::{clear_clip_counts, dense_sentences, load_clip_counts};
use super::layout::Work;
use super::reference::PairCtx;
use super::sentence_index::SentenceIndex;
use crate::lcs::{self, words_for, LcsScratch};
use crate::slices::{at, head_mut};

/// Candidate sentences (as counted by their ends) from which [`union_lcs_hits`] indexes them.
pub(super) const INDEX_MIN_SENTENCES: usize = 12;

/// Summary-level LCS hits: union LCS per reference sentence, clipped by unigram counts.
pub(super) fn union_lcs_hits(ctx: &PairCtx, w: &mut Work) -> u64 {
    let (nc, nr) = (ctx.nc, ctx.nr);
    if nc == 0 || nr == 0 {
        // No budget either: an empty side takes no unigram hits.
        w.clip_budget_loaded = false;
        return 0;
    }
    let handed = core::mem::take(&mut w.clip_budget_loaded);
    if !handed {
        load_clip_counts(w, ctx);
    }
    let cand_ids = &w.cand_ids[..nc];
    let ref_ids = &w.ref_ids[..nr];
    // A short candidate's few sentences are cheaper to read out directly than to index.
    let index = (ctx.cand.sentence_ends.len() >= INDEX_MIN_SENTENCES).then(|| {
        let (sentences, starts) = w.spare_ids.sentence_index();
        SentenceIndex::build(
            &ctx.cand,
            cand_ids,
            ctx.vocab,
            w.id_counts,
            sentences,
            starts,
        )
    });
    let mut hits = 0u64;
    let mut bounds = ctx
        .refr
        .sentence_bounds()
        .filter(|b| !b.is_empty())
        .peekable();
    while let Some(b) = bounds.next() {
        // Consecutive short sentences that fit one word together are read out together, one
        // segment each (see `lcs::union_lcs_single`): a short reference's few sentences then
        // share each forward pass over a candidate sentence. Not with the index, which reads
        // out one sentence's tokens. `tops` holds the last row of each (0: a long sentence).
        let (range, tops) = if b.len() <= 64 {
            let (start, mut end) = (b.start, b.end);
            let mut tops = 1u64 << (b.len().max(1) - 1);
            while let Some(n) = bounds
                .peek()
                .filter(|n| index.is_none() && n.end - start <= 64)
            {
                tops |= 1u64 << (n.end - start - 1);
                end = n.end;
                bounds.next();
            }
            (start..end, tops)
        } else {
            (b, 0)
        };
        // The ranges are within the reference, and the layout sizes the regions below for its
        // longest sentence and the candidate's: `get` and `slices` keep them free of panic
        // paths.
        let r = ref_ids.get(range).unwrap_or(&[]);
        let marks = head_mut(w.sentence_marks, words_for(r.len()));
        marks.fill(0);
        if tops != 0 {
            // One word: the masks are set once for all candidate sentences.
            lcs::set_masks(r, w.match_masks);
            let word = match &index {
                Some(index) => {
                    index.union_single(r, w.match_masks, w.lcs_columns, w.sentences_read)
                }
                None => {
                    let mut m = 0;
                    for c in dense_sentences(&ctx.cand, cand_ids) {
                        lcs::union_lcs_single(c, tops, w.match_masks, w.lcs_columns, &mut m);
                    }
                    m
                }
            };
            if let Some(first) = marks.first_mut() {
                *first = word;
            }
            lcs::clear_masks(r, w.match_masks);
        } else {
            for c in dense_sentences(&ctx.cand, cand_ids) {
                if c.is_empty() {
                    continue;
                }
                let mut s = LcsScratch {
                    masks: w.match_masks,
                    local: w.lcs_local_ids,
                    table: w.lcs_block_table,
                    carry: w.lcs_carries,
                };
                let cols = head_mut(w.lcs_columns, c.len() * words_for(r.len()));
                if lcs::lcs_columns(r, c, &mut s, cols) > 0 {
                    lcs::mark_lcs(r, c, cols, marks);
                }
            }
        }
        // The marked positions in order, taking from the budget (`load_clip_counts`) without
        // a branch on whether a position is marked or its token still has budget.
        for (k, &word) in marks.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let t = at(r, k * 64 + bits.trailing_zeros() as usize) as usize;
                if let Some(b) = w.clip_budget.get_mut(t) {
                    let take = u32::from(*b > 0);
                    *b -= take;
                    hits += u64::from(take);
                }
                bits &= bits - 1;
            }
        }
    }
    if let Some(index) = index {
        index.clear();
    }
    if handed {
        // Only the budget was loaded (on reference tokens, no clipping tokens given).
        for &t in &w.ref_ids[..nr] {
            w.clip_budget[t as usize] = 0;
        }
    } else {
        clear_clip_counts(w, ctx);
    }
    hits
}

#[cfg(test)]
mod tests {
    use crate::pair::test_support::*;

    fn sentences<'a>(tokens: &'a [u32], ends: &[usize]) -> Vec<&'a [u32]> {
        Summary::new(tokens, ends)
            .sentence_bounds()
            .map(|r| &tokens[r])
            .collect()
    }

    /// Union LCS hits with unigram clipping, straight from the definition.
    fn oracle(c: (&[u32], &[usize]), r: (&[u32], &[usize])) -> u64 {
        let mut cr: HashMap<u32, u64> = HashMap::new();
        let mut cc: HashMap<u32, u64> = HashMap::new();
        for &t in r.0 {
            *cr.entry(t).or_default() += 1;
        }
        for &t in c.0 {
            *cc.entry(t).or_default() += 1;
        }
        let mut hits = 0;
        for rs in sentences(r.0, r.1) {
            let mut union = vec![false; rs.len()];
            for cs in sentences(c.0, c.1) {
                for p in crate::test_oracle::lcs_positions(rs, cs) {
                    union[p] = true;
                }
            }
            for (p, &t) in rs.iter().enumerate() {
                if union[p] && cr[&t] > 0 && cc.get(&t).copied().unwrap_or(0) > 0 {
                    *cr.get_mut(&t).unwrap() -= 1;
                    *cc.get_mut(&t).unwrap() -= 1;
                    hits += 1;
                }
            }
        }
        hits
    }

    #[test]
    #[cfg(feature = "rouge-s")] // Scores ROUGE-SU too.
    fn test_lsum_matches_union_lcs_oracle() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let lens = [0usize, 1, 2, 3, 7, 20, 47, 63, 64, 65, 100];
        // Sentence counts either side of INDEX_MIN_SENTENCES, odd and even.
        let counts = [0usize, 1, 2, 3, 5, 11, 12, 13, 30, 41];
        // N(2) and Su share scratch with the Lsum index (n-gram ids, zeroed counts).
        let metrics = [
            Metric::Lsum,
            Metric::N(2),
            Metric::Su(Some(4)),
            Metric::Lsum,
        ];
        for opts in [Options::rouge_score(), Options::perl()] {
            for &nc in &counts {
                for &nr in &counts {
                    for vocab in [3u64, 12, 60] {
                        let c = summary(&mut rng, nc, &lens, vocab);
                        let r = summary(&mut rng, nr, &lens[..lens.len() - 1 - (nr % 2)], vocab);
                        let cand = Summary::new(&c.0, &c.1);
                        let refs = [Summary::new(&r.0, &r.1)];
                        let dims = Dims::of(&cand, &refs[..]);
                        let mut scratch =
                            vec![0u64; scratch_words(&metrics, &opts, &dims).unwrap()];
                        let mut out = [MetricResult::default(); 4];
                        score_pair(&cand, &refs[..], &metrics, &opts, &mut scratch, &mut out)
                            .unwrap();
                        let want = oracle((&c.0, &c.1), (&r.0, &r.1));
                        assert_eq!(
                            out[0].counts.hit, want as f64,
                            "nc {nc} nr {nr} vocab {vocab}"
                        );
                        // The borrowed counts came back zeroed: later metrics and a second
                        // Lsum agree with separate calls.
                        assert_eq!(out[3].counts.hit, want as f64);
                        for (k, m) in metrics[1..3].iter().enumerate() {
                            let mut one = [MetricResult::default()];
                            let mut s = vec![0u64; scratch_words(&[*m], &opts, &dims).unwrap()];
                            score_pair(&cand, &refs[..], &[*m], &opts, &mut s, &mut one).unwrap();
                            assert_eq!(one[0].counts.hit, out[k + 1].counts.hit, "{m:?}");
                        }
                        // Twice the same reference: the index is rebuilt for the second one.
                        let twice = [refs[0], refs[0]];
                        let dims = Dims::of(&cand, &twice[..]);
                        let mut scratch =
                            vec![0u64; scratch_words(&metrics, &opts, &dims).unwrap()];
                        let mut again = [MetricResult::default(); 4];
                        score_pair(&cand, &twice[..], &metrics, &opts, &mut scratch, &mut again)
                            .unwrap();
                        // (Perl pools the counts of the references: compare the scores.)
                        for (a, b) in again.iter().zip(&out) {
                            assert!((a.score.fmeasure - b.score.fmeasure).abs() < 1e-12);
                            assert!((a.score.recall - b.score.recall).abs() < 1e-12);
                        }
                    }
                }
            }
        }
    }
}
