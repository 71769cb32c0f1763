//! Each reference's preparation: its tokens (and the candidate's) as dense ids, the per-id
//! regions zeroed as far as they reach, the short path's match masks when it applies, and the
//! n-gram hits; and what is undone after the reference's metrics.

use super::layout::Work;
use super::lsum::INDEX_MIN_SENTENCES;
use super::ngram_levels::{direct_ngram_hits, ngram_levels, store_ngram_hits};
use super::short::{short_levels, short_pass};
use super::Needs;
use crate::intern::Packed;
use crate::lcs;
use crate::model::{Metric, Summary};
use crate::slices::{copy_to_head, head, head_mut};

/// Interns the pair's tokens and counts the n-gram hits of every N metric.
pub(super) fn prepare_reference<'s>(
    candidate: &Summary<'s>,
    reference: &Summary<'s>,
    clip: Option<(&[u32], &[u32])>,
    metrics: &[Metric],
    n: &Needs,
    w: &mut Work,
) -> PairCtx<'s> {
    let (nc, nr) = (candidate.tokens.len(), reference.tokens.len());
    // ROUGE-1 or ROUGE-2 alone on a reference too long for the short path: counted on the
    // tokens themselves, with no ids. Left out of 32-bit builds (microcontrollers, wasm32),
    // where its 2 KB of code would take the minimal firmware past its flash goal.
    let single_n = cfg!(target_pointer_width = "64")
        && n.max_n <= 2
        && metrics.iter().all(|m| *m == Metric::N(n.max_n));
    if single_n && w.dense_vocab.is_none() && clip.is_none() && nr > SHORT_MAX_REFERENCE {
        if let Some(hits) = direct_ngram_hits(n.max_n, candidate.tokens, reference.tokens, w) {
            w.ngram_hits.fill(0);
            store_ngram_hits(metrics, n.max_n, hits, w.ngram_hits);
            return PairCtx {
                vocab: 0,
                nc,
                nr,
                clip: None,
                cand: *candidate,
                refr: *reference,
                fused: None,
            };
        }
    }
    let vocab = match w.dense_vocab {
        Some(v) => {
            copy_to_head(w.cand_ids, candidate.tokens);
            copy_to_head(w.ref_ids, reference.tokens);
            if let Some((c, r)) = clip {
                copy_to_head(w.clip_cand_ids, c);
                copy_to_head(w.clip_ref_ids, r);
            }
            v
        }
        None => {
            let keys = nc + nr + clip.map_or(0, |(c, r)| c.len() + r.len());
            // Tokens are 32-bit keys and ids stay below MAX_INPUT_LEN < 2^32 - 1: always packed.
            let mut table = Packed::new(w.intern_keys, keys, 32);
            for (d, &t) in w.cand_ids.iter_mut().zip(candidate.tokens) {
                *d = table.intern(t as u64);
            }
            for (d, &t) in w.ref_ids.iter_mut().zip(reference.tokens) {
                *d = table.intern(t as u64);
            }
            if let Some((c, r)) = clip {
                for (d, &t) in w.clip_cand_ids.iter_mut().zip(c) {
                    *d = table.intern(t as u64);
                }
                for (d, &t) in w.clip_ref_ids.iter_mut().zip(r) {
                    *d = table.intern(t as u64);
                }
            }
            table.len()
        }
    };
    let short = short_reference(candidate, n, nr, clip.is_none(), vocab, w);
    if short != RefMasks::None && n.short_only() {
        w.zero_masks_below(vocab);
    } else {
        // Token ids are below `vocab`, n-gram ids below the candidate's length.
        w.zero_ids_below(vocab.max(nc));
    }
    set_ref_masks(short, nr, w);
    let clip = clip.map(|(c, r)| (c.len(), r.len()));
    let mut ctx = PairCtx {
        vocab,
        nc,
        nr,
        clip,
        cand: *candidate,
        refr: *reference,
        fused: None,
    };
    match short {
        RefMasks::Narrow if n.lsum => ctx.fused = Some(short_pass::<u64>(metrics, &ctx, w)),
        RefMasks::Wide if n.lsum => ctx.fused = Some(short_pass::<u128>(metrics, &ctx, w)),
        RefMasks::Narrow => short_levels::<u64>(metrics, w, nc),
        RefMasks::Wide => short_levels::<u128>(metrics, w, nc),
        RefMasks::None => {}
    }
    if w.ref_masks == RefMasks::None && n.max_n >= 1 {
        // Lsum clips by the unigram pass's budget unless clipping tokens of their own are given.
        let budget = n.lsum && clip.is_none();
        ngram_levels(metrics, n.max_n, w, nc, nr, vocab, budget);
    }
    ctx
}

/// The longest reference the short-reference path takes (two mask words).
const SHORT_MAX_REFERENCE: usize = 128;

/// What the metrics of one reference read besides the scratch: the pair's sizes, its
/// summaries (for their sentences) and the hits the preparation already computed.
#[derive(Clone, Copy)]
pub(super) struct PairCtx<'a> {
    /// Dense ids of the pair (tokens and clipping tokens) are below this.
    pub(super) vocab: usize,
    /// Tokens of the candidate and of the reference.
    pub(super) nc: usize,
    pub(super) nr: usize,
    /// Lengths of the clipping token sequences (candidate, reference), when given: Perl's
    /// unigram counts and candidate total for Lsum and W then come from them.
    pub(super) clip: Option<(usize, usize)>,
    pub(super) cand: Summary<'a>,
    pub(super) refr: Summary<'a>,
    /// The L and Lsum hits, when [`short_pass`] computed them with the n-gram hits.
    pub(super) fused: Option<(u64, u64)>,
}

/// Which masks [`prepare_reference`] left set for the metrics of a reference.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RefMasks {
    /// None: each metric sets what it needs.
    None,
    /// A reference of at most 64 tokens, in `match_masks`.
    Narrow,
    /// 65 to 128 tokens, the rows from 64 on in `match_masks_hi` (see `lcs::Rows`).
    Wide,
}

/// Whether the pair takes the short-reference path, and with which masks: a reference of
/// at most 64 tokens (one word of match masks, `lcs::set_masks`) or, when the layout has the
/// high halves, 128 (two words), n-grams up to bigrams, no clipping tokens, and, with Lsum, a
/// candidate read out without the sentence index. The reference's masks then serve ROUGE-1,
/// ROUGE-2 (`short_levels`), L and Lsum alike, set and cleared once (`finish_reference`)
/// instead of per metric.
pub(super) fn short_reference(
    candidate: &Summary,
    n: &Needs,
    nr: usize,
    unclipped: bool,
    vocab: usize,
    w: &Work,
) -> RefMasks {
    let fits = n.short_masks()
        && unclipped
        && vocab <= w.match_masks.len()
        && !(n.lsum && candidate.sentence_ends.len() >= INDEX_MIN_SENTENCES);
    if fits && nr <= 64 {
        RefMasks::Narrow
    } else if fits && nr <= SHORT_MAX_REFERENCE && vocab <= w.match_masks_hi.len() {
        RefMasks::Wide
    } else {
        RefMasks::None
    }
}

/// Sets the masks [`short_reference`] chose (zero up to the vocabulary).
pub(super) fn set_ref_masks(short: RefMasks, nr: usize, w: &mut Work) {
    let r = head(w.ref_ids, nr);
    match short {
        RefMasks::None => {}
        RefMasks::Narrow => lcs::set_masks(r, w.match_masks),
        RefMasks::Wide => lcs::set_masks_wide(r, w.match_masks, w.match_masks_hi),
    }
    w.ref_masks = short;
}

/// Undoes what [`prepare_reference`] left for the metrics of one reference.
pub(super) fn finish_reference(ctx: &PairCtx, w: &mut Work) {
    let r = head(w.ref_ids, ctx.nr);
    // Every id is below the vocabulary: when it is no larger than the reference, clearing
    // all of it (a memset) is cheaper than a store per reference token.
    let all = ctx.vocab <= r.len();
    match core::mem::replace(&mut w.ref_masks, RefMasks::None) {
        RefMasks::None => {}
        RefMasks::Narrow if all => head_mut(w.match_masks, ctx.vocab).fill(0),
        RefMasks::Narrow => lcs::clear_masks(r, w.match_masks),
        RefMasks::Wide if all => {
            head_mut(w.match_masks, ctx.vocab).fill(0);
            head_mut(w.match_masks_hi, ctx.vocab).fill(0);
        }
        RefMasks::Wide => lcs::clear_masks_wide(r, w.match_masks, w.match_masks_hi),
    }
}
