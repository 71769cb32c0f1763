//! Skip-bigram (ROUGE-S) counting in linear memory.
//!
//! A skip-bigram is an ordered pair (t[i], t[j]), i < j, with at most `d` tokens between them
//! (j - i - 1 <= d; `None` means no limit). Materialising all pairs costs O(n*d) or O(n^2)
//! memory. Instead the pairs are grouped by their first token `a`: for each `a` present in both
//! sequences, count the second tokens of the candidate's pairs starting with `a` in an array
//! indexed by id, then consume those counts with the reference's pairs starting with `a`. Each
//! consumed count is one clipped hit (Σ min(count_c, count_r)). Memory: occurrence lists and one
//! count array, all linear in the input; time: the number of pairs, as for the references.

use crate::slices::{add_at, set_at};

/// Number of skip-bigrams in a sequence of `len` tokens with skip distance `skip`.
pub fn skip_total(len: usize, skip: Option<usize>) -> u64 {
    let len = len as u64;
    let t = match skip {
        None => len,
        Some(d) => len.min(d as u64 + 1),
    };
    // The first len - t positions see a full window of min(d+1, ..) followers; the last t
    // positions see t-1, t-2, ..., 0.
    (len - t) * t + t * t.saturating_sub(1) / 2
}

/// Occurrence lists by id (CSR): `start[v]..start[v+1]` indexes `pos` for id `v`.
fn occurrences(ids: &[u32], start: &mut [u32], pos: &mut [u32]) {
    // Ids are below `start.len() - 1` and `pos` holds `ids.len()` entries (the documented
    // sizes): every access is in range, through `slices` and `get` so that none is a panic
    // path.
    start.fill(0);
    for &t in ids {
        add_at(start, t as usize + 1, 1);
    }
    let mut sum = 0u32;
    for s in start.iter_mut() {
        sum = sum.wrapping_add(*s);
        *s = sum;
    }
    // Fill by walking backwards so each list ends up ascending; start[v] is left pointing at
    // the list's first element.
    for (i, &t) in ids.iter().enumerate().rev() {
        if let Some(s) = start.get_mut(t as usize + 1) {
            *s -= 1;
            set_at(pos, *s as usize, i as u32);
        }
    }
    // After the backward fill start[v+1] is the start of list v; shift back by one slot.
    if !start.is_empty() {
        start.copy_within(1.., 0);
    }
    if let Some(last) = start.last_mut() {
        *last = ids.len() as u32;
    }
}

/// The occurrence list of id `v` (see [`occurrences`]), empty where the lists do not reach.
#[inline(always)]
fn list<'p>(start: &[u32], pos: &'p [u32], v: usize) -> &'p [u32] {
    match start.get(v..v + 2) {
        Some(&[from, to]) => pos.get(from as usize..to as usize).unwrap_or(&[]),
        _ => &[],
    }
}

#[inline]
fn window(i: usize, len: usize, skip: Option<usize>) -> core::ops::Range<usize> {
    let end = match skip {
        None => len,
        Some(d) => len.min(i.saturating_add(d).saturating_add(2)),
    };
    (i + 1)..end
}

/// Scratch of [`skip_hits`], carved by the caller.
pub struct SkipScratch<'a> {
    /// `vocab + 1` entries.
    pub start_a: &'a mut [u32],
    /// `a.len()` entries.
    pub pos_a: &'a mut [u32],
    /// `vocab + 1` entries.
    pub start_b: &'a mut [u32],
    /// `b.len()` entries.
    pub pos_b: &'a mut [u32],
    /// `vocab` entries, all zero on entry (left zero on return).
    pub counts: &'a mut [u64],
}

/// Clipped skip-bigram hits between `a` and `b` (dense ids below `vocab`).
pub fn skip_hits(a: &[u32], b: &[u32], vocab: usize, skip: Option<usize>, s: SkipScratch) -> u64 {
    // Scratch shorter than documented counts nothing (checked once: no panic path).
    let (Some(start_a), Some(start_b)) = (s.start_a.get_mut(..=vocab), s.start_b.get_mut(..=vocab))
    else {
        return 0;
    };
    occurrences(a, start_a, s.pos_a);
    occurrences(b, start_b, s.pos_b);
    let counts = s.counts;
    let mut hits = 0u64;
    for v in 0..vocab {
        let (occ_a, occ_b) = (list(start_a, s.pos_a, v), list(start_b, s.pos_b, v));
        if occ_a.is_empty() || occ_b.is_empty() {
            continue;
        }
        for &i in occ_a {
            for j in window(i as usize, a.len(), skip) {
                if let Some(c) = counts.get_mut(a[j] as usize) {
                    *c += 1;
                }
            }
        }
        for &i in occ_b {
            for j in window(i as usize, b.len(), skip) {
                if let Some(c) = counts.get_mut(b[j] as usize) {
                    if *c > 0 {
                        *c -= 1;
                        hits += 1;
                    }
                }
            }
        }
        for &i in occ_a {
            for j in window(i as usize, a.len(), skip) {
                set_at(counts, a[j] as usize, 0);
            }
        }
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_total(len: usize, skip: Option<usize>) -> u64 {
        let mut t = 0;
        for i in 0..len {
            t += window(i, len, skip).len() as u64;
        }
        t
    }

    #[test]
    fn test_skip_total_matches_window_count() {
        for len in 0..40 {
            for d in [None, Some(0), Some(1), Some(4), Some(100)] {
                assert_eq!(skip_total(len, d), naive_total(len, d), "len {len} d {d:?}");
            }
        }
    }
}
