//! Clipped n-gram overlap over dense token ids.
//!
//! Ids are dense (`0..vocab`), so a count array indexed by id replaces a hash map. Each level
//! n+1 is built from level n by interning the pair (id of the n-gram at i, token at i+n): exact,
//! linear time and memory, and the levels 1..N of one call share the work.

/// Number of n-grams in a sequence of `len` tokens.
pub const fn ngram_total(len: usize, n: usize) -> usize {
    if n == 0 || len < n {
        0
    } else {
        len - n + 1
    }
}

/// Σ over distinct ids g of min(count of g in `a`, count of g in `b`).
///
/// `counts` is indexed by id, must be all zero on entry, and is all zero again on return.
pub fn clipped_overlap(a: &[u32], b: &[u32], counts: &mut [u32]) -> u64 {
    overlap(a, b, counts, None)
}

/// [`clipped_overlap`] that also adds each token's hits to `budget` (indexed by id): where it
/// was zero, it ends as min(count in `a`, count in `b`) per id, nonzero on `b`'s tokens only.
/// The summary-level LCS clips by that budget, so the unigram pass hands it over for one more
/// store a token instead of a second counting pass.
pub fn clipped_overlap_budget(a: &[u32], b: &[u32], counts: &mut [u32], budget: &mut [u32]) -> u64 {
    overlap(a, b, counts, Some(budget))
}

/// The two above; inlined into each, so the budget's test is known at compile time.
#[inline(always)]
fn overlap(a: &[u32], b: &[u32], counts: &mut [u32], mut budget: Option<&mut [u32]>) -> u64 {
    for &t in b {
        counts[t as usize] += 1;
    }
    let mut hits = 0u64;
    for &t in a {
        let c = &mut counts[t as usize];
        // Taking one from b's count for each match in a sums min(count_a, count_b). Without a
        // branch: whether a token matches is data, and mispredicting it costs more than this.
        let take = u32::from(*c > 0);
        *c -= take;
        if let Some(budget) = budget.as_deref_mut() {
            budget[t as usize] += take;
        }
        hits += u64::from(take);
    }
    for &t in b {
        counts[t as usize] = 0;
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_clipped_overlap_takes_min_counts() {
        let mut counts = vec![0u32; 8];
        // a: 1 x3, 2 x1 ; b: 1 x2, 2 x2, 3 x1 -> min(3,2) + min(1,2) = 3
        assert_eq!(
            clipped_overlap(&[1, 1, 1, 2], &[1, 2, 1, 2, 3], &mut counts),
            3
        );
        assert!(counts.iter().all(|&c| c == 0));
    }

    #[test]
    fn test_clipped_overlap_budget_is_min_counts() {
        let (mut counts, mut budget) = (vec![0u32; 8], vec![0u32; 8]);
        let (a, b) = ([1u32, 1, 1, 2, 4], [1u32, 2, 1, 2, 3]);
        assert_eq!(clipped_overlap_budget(&a, &b, &mut counts, &mut budget), 3);
        assert_eq!(budget, [0, 2, 1, 0, 0, 0, 0, 0]);
        assert!(counts.iter().all(|&c| c == 0));
    }

    #[test]
    fn test_ngram_total_short_side_has_none() {
        assert_eq!(ngram_total(3, 4), 0);
        assert_eq!(ngram_total(4, 4), 1);
        assert_eq!(ngram_total(10, 1), 10);
    }
}
