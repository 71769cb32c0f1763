//! Each metric's outcome against one reference (counts and Perl's `-f B` ranking key), from the
//! hits the reference's preparation left or computed here.

use super::clip::clip_candidate_len;
use super::combine::{b_key_rounded, PerRef};
use super::layout::{wlcs_rows, Work};
use super::lsum::union_lcs_hits;
use super::perl_w::perl_wlcs;
use super::reference::{PairCtx, RefMasks};
use crate::lcs::{self, LcsScratch};
use crate::model::{Flavour, Metric, Options};
use crate::ngram::{clipped_overlap, ngram_total};
use crate::score::{ratio, Counts};
use crate::skip::{skip_hits, skip_total, SkipScratch};
use crate::slices::{at, head, set_at};
use crate::wlcs::{self, weight};

/// ROUGE-N's outcome against one reference: `hit` clipped n-gram hits, `nr` and `nc` tokens.
pub(super) fn ngram_per_ref(opts: &Options, n: usize, hit: u64, nr: usize, nc: usize) -> PerRef {
    let counts = Counts {
        hit: hit as f64,
        reference_total: ngram_total(nr, n) as f64,
        candidate_total: ngram_total(nc, n) as f64,
    };
    PerRef {
        counts,
        perl_b_key: b_key_rounded(opts, ratio(counts.hit, counts.reference_total)),
    }
}

/// ROUGE-L's or Lsum's outcome against one reference: `hit` LCS hits, `nr` reference tokens,
/// `nc` the candidate total.
pub(super) fn lcs_per_ref(hit: u64, nr: usize, nc: usize) -> PerRef {
    let counts = Counts {
        hit: hit as f64,
        reference_total: nr as f64,
        candidate_total: nc as f64,
    };
    PerRef {
        counts,
        perl_b_key: ratio(counts.hit, counts.reference_total),
    }
}

/// `metric`'s outcome against the current reference (metric `i` of the call): read from the
/// hits the reference's preparation left (N, and L and Lsum on the short path) or computed
/// here, one function per metric family.
pub(super) fn per_metric(
    i: usize,
    metric: &Metric,
    ctx: &PairCtx,
    opts: &Options,
    w: &mut Work,
) -> PerRef {
    let (nc, nr) = (ctx.nc, ctx.nr);
    match *metric {
        Metric::N(k) => ngram_per_ref(opts, k, at(w.ngram_hits, i), nr, nc),
        Metric::L if w.ref_masks != RefMasks::None => lcs_per_ref(short_lcs_hits(ctx, w), nr, nc),
        Metric::L => lcs_per_ref(lcs_hits(ctx, w), nr, nc),
        Metric::Lsum => {
            let hit = match ctx.fused {
                Some((_, lsum)) => lsum,
                None => union_lcs_hits(ctx, w),
            };
            lcs_per_ref(hit, nr, clip_candidate_len(ctx))
        }
        #[cfg(feature = "rouge-w")]
        Metric::W(wt) => match opts.flavour {
            Flavour::Perl => perl_w_per_ref(ctx, wt, w),
            Flavour::RougeScore => lin_w_per_ref(ctx, wt, w),
        },
        #[cfg(feature = "rouge-s")]
        Metric::S(d) => skip_per_ref(ctx, opts, d, false, w),
        #[cfg(feature = "rouge-s")]
        Metric::Su(d) => skip_per_ref(ctx, opts, d, true, w),
        // Refused by `needs` in a build that leaves them out.
        #[cfg(not(feature = "rouge-w"))]
        Metric::W(_) => PerRef::default(),
        #[cfg(not(feature = "rouge-s"))]
        Metric::S(_) | Metric::Su(_) => PerRef::default(),
    }
}

/// Sentence-level LCS hits of a reference on the short path, whose match masks are set: the
/// fused pass's when it ran, else one pass of the one- or two-word kernel.
fn short_lcs_hits(ctx: &PairCtx, w: &Work) -> u64 {
    let (cand, lo, hi) = (
        head(w.cand_ids, ctx.nc),
        &*w.match_masks,
        &*w.match_masks_hi,
    );
    match (ctx.fused, w.ref_masks) {
        (Some((l, _)), _) => l,
        (None, RefMasks::Narrow) => lcs::lcs_length_rows::<u64>(ctx.nr, cand, lo, hi) as u64,
        (None, _) => lcs::lcs_length_rows::<u128>(ctx.nr, cand, lo, hi) as u64,
    }
}

/// Sentence-level LCS hits (ROUGE-L) off the short path: the bit-parallel LCS of the whole
/// sequences (Hyyrö 2004, see `lcs`), on large pairs over the tokens both sides hold only.
fn lcs_hits(ctx: &PairCtx, w: &mut Work) -> u64 {
    let (nc, nr) = (ctx.nc, ctx.nr);
    let (mut refr, mut cand) = (head(w.ref_ids, nr), head(w.cand_ids, nc));
    // A token that only one side holds can be on no common subsequence: dropping those leaves
    // the LCS length as it is and shrinks the DP. Worth its linear passes on large pairs only;
    // the spare id regions are free here.
    let (cand_common, ref_common) = w.spare_ids.common_tokens();
    if lcs_filters(nc, nr) && cand_common.len() >= nc && ref_common.len() >= nr {
        let (kc, kr) = common_tokens(cand, refr, ctx.vocab, w.id_counts, cand_common, ref_common);
        (cand, refr) = (head(cand_common, kc), head(ref_common, kr));
    }
    let (nc, nr) = (cand.len(), refr.len());
    let mut s = LcsScratch {
        masks: w.match_masks,
        local: w.lcs_local_ids,
        table: w.lcs_block_table,
        carry: w.lcs_carries,
    };
    // The LCS length is symmetric: a reference over one word with a candidate within one takes
    // the one-word kernel with the candidate as the pattern (the text needs no carries there,
    // so the scratch sized for the candidate as text serves).
    let (pattern, text) = if nr > 64 && nc <= 64 {
        (cand, refr)
    } else {
        (refr, cand)
    };
    lcs::lcs_length_lazy(pattern, text, &mut s, &mut w.lcs_features) as u64
}

/// Perl's ROUGE-W (summary level, see `perl_w`): hits and the reference's weighted base, with
/// f(k) = k^w applied to the totals as ROUGE-1.5.5 does.
fn perl_w_per_ref(ctx: &PairCtx, wt: f64, w: &mut Work) -> PerRef {
    let (hit, base) = perl_wlcs(ctx, wt, w);
    let c = Counts {
        hit,
        reference_total: weight_f(base, wt),
        candidate_total: weight(clip_candidate_len(ctx) as u32, wt),
    };
    PerRef {
        counts: c,
        perl_b_key: ratio(hit, base),
    }
}

/// ROUGE-W as Lin (2004) defines it (rouge-score has none; its flavour uses this): the
/// weighted LCS of the whole sequences over two DP rows.
fn lin_w_per_ref(ctx: &PairCtx, wt: f64, w: &mut Work) -> PerRef {
    let (nc, nr) = (ctx.nc, ctx.nr);
    let mut rows = wlcs_rows(w.wlcs_values, w.wlcs_runs, nc);
    let mut f = wlcs::WeightTable::new(wt);
    let hit = wlcs::wlcs_lin(head(w.ref_ids, nr), head(w.cand_ids, nc), &mut f, &mut rows);
    let c = Counts {
        hit,
        reference_total: weight(nr as u32, wt),
        candidate_total: weight(nc as u32, wt),
    };
    PerRef {
        counts: c,
        perl_b_key: ratio(c.hit, c.reference_total),
    }
}

/// ROUGE-S(d), or ROUGE-SU(d) with `unigrams`: skip-bigrams with at most `d` tokens between
/// (Lin 2004), counted grouped by their first token (`skip`); SU adds the clipped unigrams.
fn skip_per_ref(
    ctx: &PairCtx,
    opts: &Options,
    d: Option<usize>,
    unigrams: bool,
    w: &mut Work,
) -> PerRef {
    let (nc, nr) = (ctx.nc, ctx.nr);
    let s = SkipScratch {
        start_a: w.skip_cand_starts,
        pos_a: w.skip_cand_positions,
        start_b: w.skip_ref_starts,
        pos_b: w.skip_ref_positions,
        counts: w.skip_counts,
    };
    let (cand, refr) = (head(w.cand_ids, nc), head(w.ref_ids, nr));
    let mut c = Counts {
        hit: skip_hits(cand, refr, ctx.vocab, d, s) as f64,
        reference_total: skip_total(nr, d) as f64,
        candidate_total: skip_total(nc, d) as f64,
    };
    if unigrams {
        // Perl's loop adds the unigram of every token but the last of each text.
        let (uc, ur) = if opts.flavour == Flavour::Perl {
            (nc.saturating_sub(1), nr.saturating_sub(1))
        } else {
            (nc, nr)
        };
        c.hit += clipped_overlap(head(cand, uc), head(refr, ur), w.id_counts) as f64;
        c.reference_total += ur as f64;
        c.candidate_total += uc as f64;
    }
    PerRef {
        counts: c,
        perl_b_key: b_key_rounded(opts, ratio(c.hit, c.reference_total)),
    }
}

/// f applied to a (possibly fractional) weighted length.
fn weight_f(x: f64, w: f64) -> f64 {
    crate::arch::pow(x, w)
}

/// Whether sentence-level L filters a pair of these lengths (see `common_tokens`): both over
/// one word and 65,536 cells or more.
pub(super) fn lcs_filters(nc: usize, nr: usize) -> bool {
    nc.min(nr) > 64 && nc.saturating_mul(nr) >= 1 << 16
}

/// Copies into `a_out` and `b_out` the tokens of `a` and `b` that the other one holds too,
/// in order; returns how many each kept. `seen` (per id; every id is below `vocab`) is zero on
/// entry and on return.
pub(super) fn common_tokens(
    a: &[u32],
    b: &[u32],
    vocab: usize,
    seen: &mut [u32],
    a_out: &mut [u32],
    b_out: &mut [u32],
) -> (usize, usize) {
    // Every id is below `seen.len()` and the outputs hold their inputs' lengths: the
    // accesses are in range, through `get` so that none is a panic path.
    let mut mark = |from: &[u32], bit: u32| {
        for &t in from {
            if let Some(s) = seen.get_mut(t as usize) {
                *s |= bit;
            }
        }
    };
    mark(a, 1);
    mark(b, 2);
    // Compaction without a branch: every token is written, the count moves on when it stays.
    let keep = |from: &[u32], to: &mut [u32]| {
        let mut n = 0;
        for &t in from {
            set_at(to, n, t);
            n += usize::from(at(seen, t as usize) == 3);
        }
        n
    };
    let (ka, kb) = (keep(a, a_out), keep(b, b_out));
    // The ids are dense: clearing them all at once (a memset) is cheaper than a store per token.
    match seen.get_mut(..vocab) {
        Some(ids) if vocab <= a.len() + b.len() => ids.fill(0),
        _ => {
            for &t in a.iter().chain(b) {
                set_at(seen, t as usize, 0);
            }
        }
    }
    (ka, kb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pair::test_support::*;

    /// Sentence-level L with the pattern either way round (a candidate of one word against a
    /// longer reference takes the one-word kernel), on dirty scratch.
    #[test]
    fn test_lcs_length_either_way_round_matches_oracle() {
        let mut rng = Rng(0x6a09_e667_f3bc_c908);
        let opts = Options::rouge_score();
        for case in 0..600 {
            let vocab = [2u64, 6, 30][case % 3];
            let nc = [0usize, 1, 30, 63, 64, 65, 100][case % 7];
            let nr = [0usize, 1, 50, 64, 65, 90, 130, 200][rng.below(8) as usize];
            let gen = |rng: &mut Rng, n: usize| -> Vec<u32> {
                (0..n).map(|_| rng.below(vocab) as u32 * 3).collect()
            };
            let (c, r) = (gen(&mut rng, nc), gen(&mut rng, nr));
            let cand = Summary::new(&c, &[]);
            let refs = [Summary::new(&r, &[])];
            let dims = Dims::of(&cand, &refs[..]);
            let metrics = [Metric::L, Metric::N(1)];
            let mut scratch = vec![!0u64; scratch_words(&metrics, &opts, &dims).unwrap()];
            let mut out = [MetricResult::default(); 2];
            score_pair(&cand, &refs[..], &metrics, &opts, &mut scratch, &mut out).unwrap();
            let want = crate::test_oracle::lcs_table(&r, &c)[nr][nc] as f64;
            assert_eq!(out[0].counts.hit, want, "case {case} nc {nc} nr {nr}");
        }
    }
}
