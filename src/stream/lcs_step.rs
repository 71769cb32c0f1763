//! The bit-parallel LCS step a push takes over the reference (ROUGE-L) or over each reference
//! sentence (ROUGE-Lsum), and the lookups of the reference sentences in the state's tables.

use super::state::State;
use crate::lcs::words_for;

/// One bit-parallel LCS step over the bit vector `v` (rows `base..base + 64 * v.len()` of the
/// reference) for a token occurring at the reference positions `occ` (ascending, all in
/// range): only words holding an occurrence, or receiving a carry, change. Positions outside
/// the rows (only in an overwritten state) change nothing: the subtraction wraps to a word
/// beyond `v`.
#[inline]
pub(super) fn sparse_step(v: &mut [u64], base: usize, occ: &[u32]) {
    let mut carry = 0u64;
    let mut k = 0;
    let mut w = match occ.first() {
        Some(&p) => (p as usize).wrapping_sub(base) / 64,
        None => return,
    };
    while w < v.len() {
        let mut m = 0u64;
        while k < occ.len() && (occ[k] as usize).wrapping_sub(base) / 64 == w {
            m |= 1u64 << ((occ[k] as usize).wrapping_sub(base) % 64);
            k += 1;
        }
        let x = v[w];
        let (sum, c1) = x.overflowing_add(x & m);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = (c1 | c2) as u64;
        v[w] = sum | (x & !m);
        if carry == 0 {
            match occ.get(k) {
                Some(&p) => w = (p as usize).wrapping_sub(base) / 64,
                None => return,
            }
        } else {
            w += 1;
        }
    }
}

/// The occurrences `occ[k..end]` of a token that lie in the reference sentence of `occ[k]`.
pub(super) struct Run {
    /// The sentence's first position.
    pub(super) start: usize,
    /// The sentence's words in the Lsum vectors.
    pub(super) words: core::ops::Range<usize>,
    pub(super) end: usize,
}

/// The run of `occ` from `k` within one reference sentence, `None` at the end of `occ` or when
/// the state's sentence tables do not hold it (an overwritten state).
pub(super) fn sentence_run(s: &State, occ: &[u32], k: usize) -> Option<Run> {
    let p = *occ.get(k)?;
    let sent = *s.pos_sent.get(p as usize)? as usize;
    let (start, end) = (*s.sent_start.get(sent)?, *s.sent_start.get(sent + 1)?);
    let (lo, hi) = (
        *s.sent_off.get(sent)? as usize,
        *s.sent_off.get(sent + 1)? as usize,
    );
    if !(start <= p && p < end && lo <= hi && hi <= s.sent_v.len()) {
        return None;
    }
    let mut e = k + 1;
    while e < occ.len() && start <= occ[e] && occ[e] < end {
        e += 1;
    }
    Some(Run {
        start: start as usize,
        words: lo..hi,
        end: e,
    })
}

/// Reference sentence `i`: its positions and its words in the Lsum vectors, `None` when the
/// state's tables do not hold it (an overwritten state): positions within the reference, words
/// within the vectors and enough of them. O(1): token ids are checked where they index.
pub(super) fn sentence(
    s: &State,
    i: usize,
) -> Option<(core::ops::Range<usize>, core::ops::Range<usize>)> {
    let (start, end) = (
        *s.sent_start.get(i)? as usize,
        *s.sent_start.get(i + 1)? as usize,
    );
    let (lo, hi) = (
        *s.sent_off.get(i)? as usize,
        *s.sent_off.get(i + 1)? as usize,
    );
    let rows = s.ref_ids.get(start..end)?;
    let fits = lo <= hi && hi <= s.sent_v.len() && hi - lo >= words_for(rows.len());
    fits.then_some((start..end, lo..hi))
}
