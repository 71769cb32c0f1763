//! The candidate's sentences indexed by token, for the summary-level LCS of long candidates.

use crate::lcs::{self, words_for};
use crate::model::Summary;
use crate::slices::{add_at, at, head, head_mut, set_at};

/// The candidate's non-empty sentences indexed by token: the sentences holding token `t` are
/// `sentences[first[t]..end(t)]` (ascending, one entry per occurrence), sentence `s` is
/// `tokens[starts[s]..starts[s + 1]]`. Built by a counting sort, O(candidate + vocabulary).
pub(super) struct SentenceIndex<'a> {
    tokens: &'a [u32],
    /// Per dense id, borrowed from the all-zero `Work::id_counts` and zeroed again by `clear`.
    first: &'a mut [u32],
    sentences: &'a [u32],
    starts: &'a [u32],
}

impl<'a> SentenceIndex<'a> {
    /// `first` must be all zero over `vocab` ids; `sentences` and `starts` hold at least
    /// `tokens.len()` and `tokens.len() + 1` entries.
    pub(super) fn build(
        cand: &Summary,
        tokens: &'a [u32],
        vocab: usize,
        first: &'a mut [u32],
        sentences: &'a mut [u32],
        starts: &'a mut [u32],
    ) -> Self {
        // The lengths above hold (the layout's) and every token is below `vocab`: the
        // accesses below are in range, through `slices` and `get` so that none is a panic path.
        let mut count = 0;
        for r in cand.sentence_bounds() {
            if !r.is_empty() {
                set_at(starts, count, r.start as u32);
                count += 1;
            }
        }
        set_at(starts, count, tokens.len() as u32);
        let starts = head(starts, count + 1);
        let first_v = head_mut(first, vocab);
        for &t in tokens {
            add_at(first_v, t as usize, 1);
        }
        let mut sum = 0;
        for f in first_v.iter_mut() {
            sum += *f;
            *f = sum;
        }
        // Backwards, so that each token's sentences come out ascending.
        for (s, bounds) in starts.windows(2).enumerate().rev() {
            let sentence = tokens.get(bounds[0] as usize..bounds[1] as usize);
            for &t in sentence.unwrap_or(&[]).iter().rev() {
                if let Some(f) = first_v.get_mut(t as usize) {
                    *f -= 1;
                    set_at(sentences, *f as usize, s as u32);
                }
            }
        }
        SentenceIndex {
            tokens,
            first: first_v,
            sentences: head(sentences, tokens.len()),
            starts,
        }
    }

    /// The sentences holding token `t` (one entry per occurrence).
    fn holding(&self, t: usize) -> &[u32] {
        let end = self
            .first
            .get(t + 1)
            .map_or(self.sentences.len(), |&e| e as usize);
        let start = at(self.first, t) as usize;
        self.sentences.get(start..end).unwrap_or(&[])
    }

    fn sentence(&self, s: usize) -> &[u32] {
        let (start, end) = (at(self.starts, s) as usize, at(self.starts, s + 1) as usize);
        self.tokens.get(start..end).unwrap_or(&[])
    }

    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The union LCS hits (as a bit per position) of a reference sentence `r` of at most 64
    /// tokens whose masks are set.
    ///
    /// The union over candidate sentences does not depend on their order, and a sentence can
    /// only mark positions whose token it holds. So the sentences are visited token by token
    /// of `r`: for each token with unmarked positions, the sentences holding it (through the
    /// index) are read out, each at most once, until those positions are marked or the
    /// sentences run out. A position left unmarked then has had every sentence holding its
    /// token read out, so no sentence left out would mark it: the union is exact. On long
    /// documents most positions are marked after a few sentences (their tokens are common),
    /// so most of the m*n candidate-sentence pairs are never looked at.
    #[inline(never)]
    pub(super) fn union_single(
        &self,
        r: &[u32],
        masks: &[u64],
        columns: &mut [u64],
        done: &mut [u64],
    ) -> u64 {
        let done = head_mut(done, words_for(self.count()));
        done.fill(0);
        let mut marks = 0u64;
        let mut todo = if r.len() >= 64 {
            !0u64
        } else {
            (1u64 << r.len()) - 1
        };
        while todo != 0 {
            // `todo` has bits below `r.len()` only, and tokens are below `masks.len()`.
            let t = at(r, todo.trailing_zeros() as usize) as usize;
            let rows = at(masks, t);
            // A token without rows (none, where the above holds) would loop forever.
            todo &= !rows & !(todo & todo.wrapping_neg());
            for &s in self.holding(t) {
                if rows & !marks == 0 {
                    break;
                }
                let (word, bit) = (s as usize / 64, 1u64 << (s % 64));
                let Some(done_word) = done.get_mut(word) else {
                    continue;
                };
                if *done_word & bit == 0 {
                    *done_word |= bit;
                    lcs::union_lcs_single(
                        self.sentence(s as usize),
                        1u64 << (r.len() - 1),
                        masks,
                        columns,
                        &mut marks,
                    );
                }
            }
            todo &= !marks;
        }
        marks
    }

    /// Restores the borrowed counts to zero.
    pub(super) fn clear(self) {
        self.first.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_sentence_index_lists_every_occurrence() {
        let tokens = [2u32, 0, 2, 1, 1, 2, 2, 0];
        // Sentences [2 0] [] [2 1] [1 2 2 0], the empty one skipped in the numbering.
        let ends = [2usize, 2, 4];
        let cand = Summary::new(&tokens, &ends);
        let (mut first, mut sentences, mut starts) = ([0u32; 4], [9u32; 8], [9u32; 9]);
        let index =
            SentenceIndex::build(&cand, &tokens, 3, &mut first, &mut sentences, &mut starts);
        assert_eq!(index.count(), 3);
        assert_eq!(index.holding(0), &[0, 2]);
        assert_eq!(index.holding(1), &[1, 2]);
        assert_eq!(index.holding(2), &[0, 1, 2, 2]);
        assert_eq!(index.sentence(0), &[2, 0]);
        assert_eq!(index.sentence(2), &[1, 2, 2, 0]);
        index.clear();
        assert_eq!(first, [0; 4]);
    }
}
