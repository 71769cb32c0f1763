//! ROUGE-N's clipped hits for every n up to the largest asked for, level n+1 built from
//! level n by interning (id of the n-gram at i, token at i+n).

use super::layout::Work;
use crate::intern::{Counter, Interner, Packed};
use crate::model::Metric;
use crate::ngram::{clipped_overlap, clipped_overlap_budget, ngram_total};
use crate::slices::{add_at, copy_to_head, head, head_mut, set_at};

/// Clipped hits of every N metric into `w.ngram_hits`, building level n+1 from level n by
/// interning (id of the n-gram at i, token at i+n).
pub(super) fn ngram_levels(
    metrics: &[Metric],
    max_n: usize,
    w: &mut Work,
    nc: usize,
    nr: usize,
    vocab: usize,
    budget: bool,
) {
    w.ngram_hits.fill(0);
    // The regions' lengths are the layout's, at least `nc`, `nr`, and (per id) the vocabulary
    // or the level's n-gram count: every access below is in range, through `slices` so that
    // none is a panic path.
    let (cand, refr) = (head(w.cand_ids, nc), head(w.ref_ids, nr));
    let hits = if budget {
        w.clip_budget_loaded = true;
        clipped_overlap_budget(cand, refr, w.id_counts, w.clip_budget)
    } else {
        clipped_overlap(cand, refr, w.id_counts)
    };
    store_ngram_hits(metrics, 1, hits, w.ngram_hits);
    if max_n < 2 {
        return;
    }
    {
        // Level 1's ids are the tokens'.
        let (cand_grams, ref_grams) = w.spare_ids.ngram_ids();
        copy_to_head(cand_grams, head(w.cand_ids, nc));
        copy_to_head(ref_grams, head(w.ref_ids, nr));
    }
    for level in 2..=max_n {
        let (lc, lr) = (ngram_total(nc, level), ngram_total(nr, level));
        if lc == 0 || lr == 0 {
            // No n-grams at this length, nor at any longer one: the hits stay 0.
            break;
        }
        // Candidate n-grams are interned and counted; reference n-grams are only looked up: one
        // that the candidate lacks can match at no longer length either, so it stays dead.
        if let Some(bits) = packed_level_bits(vocab, nc) {
            if level == max_n {
                let hits = packed_last_level(w, level, lc, lr, bits);
                store_ngram_hits(metrics, level, hits, w.ngram_hits);
                break;
            }
            let hits = packed_level(w, level, lc, lr, bits);
            store_ngram_hits(metrics, level, hits.0, w.ngram_hits);
            if !hits.1 {
                break;
            }
            continue;
        }
        let (cand_grams, ref_grams) = w.spare_ids.ngram_ids();
        let mut table = Interner::unready(w.intern_keys, w.intern_ids);
        table.clear_for(lc);
        let next = w.cand_ids.get(level - 1..).unwrap_or(&[]);
        for (gram, &t) in head_mut(cand_grams, lc).iter_mut().zip(next) {
            let id = table.intern((*gram as u64) << 32 | t as u64);
            *gram = id;
            add_at(w.id_counts, id as usize, 1);
        }
        let (mut hits, mut alive) = (0u64, false);
        let next = w.ref_ids.get(level - 1..).unwrap_or(&[]);
        for (gram, &t) in head_mut(ref_grams, lr).iter_mut().zip(next) {
            let below = *gram;
            let id = if below == DEAD {
                DEAD
            } else {
                table.get((below as u64) << 32 | t as u64).unwrap_or(DEAD)
            };
            if let Some(c) = w.id_counts.get_mut(id as usize) {
                alive = true;
                let take = u32::from(*c > 0);
                *c -= take;
                hits += u64::from(take);
            }
            *gram = id;
        }
        for &id in head(cand_grams, lc) {
            set_at(w.id_counts, id as usize, 0);
        }
        store_ngram_hits(metrics, level, hits, w.ngram_hits);
        if !alive {
            break;
        }
    }
}

/// The clipped hits of one n-gram length counted on the pair's own tokens, when ROUGE-1 or
/// ROUGE-2 is all a call asks for: no ids (no interning pass, no per-id regions to zero, no
/// counting passes over ids), one probe a token: the candidate's n-grams counted in a table,
/// the reference's taken from it ([`Packed::count`] and `take` for tokens, [`Counter`] for
/// bigrams of two tokens, 64 bits). `None` for other lengths.
#[inline(never)]
pub(super) fn direct_ngram_hits(n: usize, cand: &[u32], refr: &[u32], w: &mut Work) -> Option<u64> {
    match n {
        1 => {
            // Tokens are 32-bit keys; counts (at most the candidate's length + 1, below
            // 2^32 - 1) fill the upper half.
            let mut table = Packed::new(w.intern_keys, cand.len(), 32);
            for &t in cand {
                table.count(u64::from(t));
            }
            Some(refr.iter().map(|&t| table.take(u64::from(t))).sum())
        }
        2 => {
            let bigram = |a: &u32, b: &u32| u64::from(*a) << 32 | u64::from(*b);
            let lc = ngram_total(cand.len(), 2);
            let mut table = Counter::new(w.intern_keys, w.intern_ids, lc);
            let (a, b) = (cand, cand.get(1..).unwrap_or(&[]));
            for (x, y) in a.iter().zip(b) {
                table.count(bigram(x, y));
            }
            let (a, b) = (refr, refr.get(1..).unwrap_or(&[]));
            Some(a.iter().zip(b).map(|(x, y)| table.take(bigram(x, y))).sum())
        }
        _ => None,
    }
}

/// A reference n-gram absent from the candidate.
const DEAD: u32 = u32::MAX;

/// Widest field (in bits) of an n-gram level's packed key `(lower id, token)`. Three fields
/// (two key halves, the id) share 64 bits. Unit tests lower it so that they also run the
/// [`Interner`] path, which otherwise only inputs of millions of tokens take.
const PACKED_FIELD_BITS: u32 = if cfg!(test) { 6 } else { 21 };

/// Bits of each half of a packed level key, when both halves and the ids fit: lower ids (below
/// `nc`) and tokens (below `vocab`) must be below all ones in `bits`, so that all ones can
/// stand for a dead reference n-gram and match no key.
pub(super) fn packed_level_bits(vocab: usize, nc: usize) -> Option<u32> {
    let bits = usize::BITS - vocab.max(nc).leading_zeros();
    (bits <= PACKED_FIELD_BITS).then_some(bits.max(1))
}

/// One n-gram level through a [`Packed`] table, without a branch on data: a dead reference
/// n-gram looks up a key no n-gram has (all ones in its upper half) and so stays dead. The ids
/// of the live ones are gathered (branch-free filtering: always store, advance by the
/// predicate) into the table's id region (`intern_ids`, unused by packed tables), and clipped
/// from there: clipping every reference n-gram with the dead ones on one spare count would
/// chain their loads and stores through that one address (each store forwarded to the next
/// load, one after the other).
/// Returns the hits and whether any reference n-gram is still alive.
fn packed_level(w: &mut Work, level: usize, lc: usize, lr: usize, bits: u32) -> (u64, bool) {
    let dead_key = (1u32 << bits) - 1;
    let (cand_grams, ref_grams) = w.spare_ids.ngram_ids();
    let mut table = Packed::new(w.intern_keys, lc, 2 * bits);
    // Every access below is in range (the layout's lengths, as in `ngram_levels`), through
    // `slices` and iterators so that none is a panic path.
    let next = w.cand_ids.get(level - 1..).unwrap_or(&[]);
    for (g, &t) in head_mut(cand_grams, lc).iter_mut().zip(next) {
        let id = table.intern(u64::from(*g) << bits | u64::from(t));
        *g = id;
        add_at(w.id_counts, id as usize, 1);
    }
    let next = w.ref_ids.get(level - 1..).unwrap_or(&[]);
    // lr < nr <= the layout's vocabulary <= the table's slots.
    let live = head_mut(w.intern_ids, lr);
    let mut alive = 0;
    for (g, &t) in head_mut(ref_grams, lr).iter_mut().zip(next) {
        let id = table.get_or_max(u64::from((*g).min(dead_key)) << bits | u64::from(t));
        *g = id;
        set_at(live, alive, id);
        alive += usize::from(id != DEAD);
    }
    let mut hits = 0u64;
    for &id in head(live, alive) {
        if let Some(c) = w.id_counts.get_mut(id as usize) {
            let take = u32::from(*c > 0);
            *c -= take;
            hits += u64::from(take);
        }
    }
    for &id in head(cand_grams, lc) {
        set_at(w.id_counts, id as usize, 0);
    }
    (hits, alive > 0)
}

/// The last n-gram level through a [`Packed`] table that counts in its slots
/// ([`Packed::count`], [`Packed::take`]): no level is built on it, so its n-grams need no ids,
/// and the counting, the clipping and the reset that [`packed_level`] does through
/// `id_counts` (three more passes, a load and a store a gram each) fold into the probes. A
/// dead reference n-gram looks up a key no n-gram has, as there. Returns the hits.
fn packed_last_level(w: &mut Work, level: usize, lc: usize, lr: usize, bits: u32) -> u64 {
    let dead_key = (1u32 << bits) - 1;
    let (cand_grams, ref_grams) = w.spare_ids.ngram_ids();
    // Counts up to lc + 1 < 2^(PACKED_FIELD_BITS + 1) in the bits above the key's 2 * bits.
    let mut table = Packed::new(w.intern_keys, lc, 2 * bits);
    let next = w.cand_ids.get(level - 1..).unwrap_or(&[]);
    for (&g, &t) in head(cand_grams, lc).iter().zip(next) {
        table.count(u64::from(g) << bits | u64::from(t));
    }
    let next = w.ref_ids.get(level - 1..).unwrap_or(&[]);
    let mut hits = 0u64;
    for (&g, &t) in head(ref_grams, lr).iter().zip(next) {
        hits += table.take(u64::from(g.min(dead_key)) << bits | u64::from(t));
    }
    hits
}

pub(super) fn store_ngram_hits(
    metrics: &[Metric],
    level: usize,
    hits: u64,
    ngram_hits: &mut [u64],
) {
    for (m, h) in metrics.iter().zip(ngram_hits) {
        if *m == Metric::N(level) {
            *h = hits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::test_support::*;

    /// Both ways of building the n-gram levels: the packed table (pairs whose tokens and
    /// lengths fit `PACKED_FIELD_BITS`, lowered to 6 bits in unit tests) and the `Interner`
    /// (longer pairs), with dense ids and interned ones, on dirty scratch.
    #[test]
    fn test_ngram_levels_match_oracle_packed_and_interned() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let metrics = [
            Metric::N(3),
            Metric::N(1),
            Metric::N(2),
            Metric::N(5),
            Metric::N(4),
        ];
        let opts = Options::rouge_score();
        let (mut packed, mut interned) = (0, 0);
        for case in 0..400 {
            let vocab = [2u64, 3, 5, 20, 200][case % 5];
            let (nc, nr) = (rng.below(90) as usize, rng.below(90) as usize);
            let mut gen = |n: usize| -> Vec<u32> {
                (0..n)
                    .map(|_| {
                        let x = rng.below(vocab);
                        (x * x / vocab) as u32
                    })
                    .collect()
            };
            let (c, r) = (gen(nc), gen(nr));
            let cand = Summary::new(&c, &[]);
            let refs = [Summary::new(&r, &[])];
            let dense = c.iter().chain(&r).max().map_or(0, |&m| m as usize + 1);
            if packed_level_bits(dense, nc).is_some() {
                packed += 1;
            } else {
                interned += 1;
            }
            for dense_vocab in [None, Some(dense)] {
                let out = score_dense(&cand, &refs, &metrics, &opts, dense_vocab, !0u64 / 3);
                for (m, o) in metrics.iter().zip(&out) {
                    let Metric::N(n) = *m else { unreachable!() };
                    assert_eq!(
                        o.counts.hit,
                        ngram_oracle(&c, &r, n) as f64,
                        "case {case} n {n} nc {nc} nr {nr} vocab {vocab} dense {dense_vocab:?}"
                    );
                }
            }
        }
        assert!(packed > 50 && interned > 50, "{packed} {interned}");
    }

    /// ROUGE-1 or ROUGE-2 alone on references past the short path (`direct_ngram_hits`: no
    /// ids), against the oracle: tokens of any value (0 and all ones included), few or many
    /// distinct, with multiple references; and the same pairs asked with ROUGE-3 beside (the
    /// levels path) agree.
    #[test]
    fn test_direct_ngram_hits_match_oracle() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let opts = Options::rouge_score();
        for case in 0..120 {
            let vocab = [2u64, 5, 60, 3000][case % 4];
            let mut gen = |n: usize| -> Vec<u32> {
                (0..n)
                    .map(|_| match rng.below(vocab) {
                        0 => u32::MAX,
                        x => (x as u32).wrapping_mul(0x9e37_79b9),
                    })
                    .collect()
            };
            let nc = [0usize, 1, 2, 129, 300, 700][case % 6];
            let c = gen(nc);
            let refs_tokens: Vec<Vec<u32>> = (0..1 + case % 2)
                .map(|i| gen(129 + 97 * i + case))
                .collect();
            let cand = Summary::new(&c, &[]);
            let refs: Vec<Summary> = refs_tokens.iter().map(|r| Summary::new(r, &[])).collect();
            for n in [1usize, 2] {
                let alone = score_dense(&cand, &refs, &[Metric::N(n)], &opts, None, !0u64 / 3);
                let mixed = [Metric::N(n), Metric::N(3)];
                let levels = score_dense(&cand, &refs, &mixed, &opts, None, !0u64 / 3);
                let best = refs_tokens
                    .iter()
                    .map(|r| ngram_oracle(&c, r, n))
                    .collect::<Vec<_>>();
                let hit = alone[0].counts.hit as u64;
                if best.len() == 1 {
                    assert_eq!(hit, best[0], "case {case} n {n}");
                } else {
                    assert!(best.contains(&hit), "case {case} n {n}");
                }
                assert_eq!(alone[0], levels[0], "case {case} n {n}");
            }
        }
    }
}
