//! Scoring one candidate against its references, for a list of metrics at once, and batches of
//! such pairs. The metrics of one call share the work: one interning pass per reference, the
//! n-gram levels built once up to the largest n.
//!
//! This module holds the entry points and their checks; the rest is split by idea:
//! - `layout`: the scratch's regions, listed once for the size query and the carving;
//! - `reference`: each reference's preparation (interning, the short path's masks);
//! - `ngram_levels`: clipped n-gram hits, level by level;
//! - `short`: the short-reference path (ROUGE-1, 2, L and Lsum over one or two mask words);
//! - `metric`: each metric's outcome against one reference;
//! - `clip`, `lsum`, `sentence_index`, `perl_w`: the summary-level metrics and their clipping;
//! - `combine`: the multi-reference policies and the scores;
//! - `batch`: many pairs in one call.

mod batch;
mod clip;
mod combine;
mod layout;
mod lsum;
mod metric;
mod ngram_levels;
mod perl_w;
mod reference;
mod sentence_index;
mod short;
#[cfg(test)]
mod test_support;

pub use batch::{score_batch, score_batch_with};
pub(crate) use combine::{b_key_rounded, combine_references, score_of, PerRef};
// The public types, also by their old paths (`crate::pair::Metric`, ...).
#[allow(unused_imports)]
pub use crate::model::{
    Batch, Dims, Flavour, Metric, MetricResult, MultiRef, Options, References, Summary,
};
pub(crate) use short::{short_result, ShortPass};

use crate::arch::{Features, LazyFeatures};
use crate::score::Counts;
use crate::Error;
use combine::PER_REF_WORDS;
use layout::{Layout, Work};
use metric::per_metric;
use reference::{finish_reference, prepare_reference};

/// What a list of metrics needs computed.
#[derive(Clone, Copy, Default)]
struct Needs {
    max_n: usize,
    lcs: bool,
    lsum: bool,
    w_lin: bool,
    w_perl: bool,
    skip: bool,
}

impl Needs {
    /// Whether the short-reference path can serve these metrics (it needs the match masks):
    /// n-grams up to bigrams, with or without L and Lsum, or Lsum. ROUGE-1 or ROUGE-2
    /// without L then gets masks of its own, a word per id: clipping bigrams over the masks
    /// (`short_levels`) takes a fraction of the interning table's work. L alone keeps its
    /// own path (which may take the candidate as the pattern).
    fn short_masks(&self) -> bool {
        self.max_n <= 2 && (self.max_n >= 1 || self.lsum)
    }

    /// Whether the short-reference path (`short_reference`) computes every metric: no W, S
    /// or SU, whose per-id regions it leaves alone.
    fn short_only(&self) -> bool {
        !(self.w_lin || self.w_perl || self.skip)
    }
}

fn needs(metrics: &[Metric], opts: &Options) -> Result<Needs, Error> {
    opts.validate()?;
    let mut n = Needs::default();
    for m in metrics {
        match *m {
            Metric::N(0) => return Err(Error::InvalidArgument),
            Metric::N(k) => n.max_n = n.max_n.max(k),
            Metric::L => n.lcs = true,
            Metric::Lsum => n.lsum = true,
            #[cfg(feature = "rouge-w")]
            Metric::W(w) => {
                // Also rejects NaN and infinities.
                if !(w >= 1.0 && w.is_finite()) {
                    return Err(Error::InvalidArgument);
                }
                match opts.flavour {
                    Flavour::RougeScore => n.w_lin = true,
                    Flavour::Perl => n.w_perl = true,
                }
            }
            #[cfg(feature = "rouge-s")]
            Metric::S(_) | Metric::Su(_) => n.skip = true,
            // Left out of this build (cargo features `rouge-w`, `rouge-s`): refused here, so
            // that no call path reaches their code and the linker drops it.
            #[cfg(not(feature = "rouge-w"))]
            Metric::W(_) => return Err(Error::InvalidArgument),
            #[cfg(not(feature = "rouge-s"))]
            Metric::S(_) | Metric::Su(_) => return Err(Error::InvalidArgument),
        }
    }
    Ok(n)
}

/// ROUGE-W weights so large that f(k) = k^w overflows for these lengths would turn scores
/// into NaN: refuse them up front. (Perl's reference total is f(Σ f(|sentence|)) <= f(f(m)).)
fn check_weights(metrics: &[Metric], opts: &Options, d: &Dims) -> Result<(), Error> {
    let longest = d.candidate_len.max(d.reference_len) as f64;
    for m in metrics {
        #[cfg(feature = "rouge-w")]
        if let Metric::W(w) = *m {
            let f = crate::arch::pow(longest, w);
            let ff = if opts.flavour == Flavour::Perl {
                crate::arch::pow(f, w)
            } else {
                f
            };
            if !ff.is_finite() {
                return Err(Error::InvalidArgument);
            }
        }
    }
    Ok(())
}

/// Checks a metric list and options as a scoring call does (n >= 1, weight >= 1, alpha in
/// [0, 1]).
pub(crate) fn validate_metrics(metrics: &[Metric], opts: &Options) -> Result<(), Error> {
    needs(metrics, opts).map(|_| ())
}

/// Separate token sequences for the unigram clipping of the summary-level metrics (Lsum and
/// Perl's W) and for their candidate total: ROUGE-1.5.5 with `-b` reads them with `readText`
/// while the LCS itself reads `readText_LCS`. Ids share the pair's id space.
pub(crate) trait Clip {
    /// The candidate's clipping tokens.
    fn candidate(&self) -> &[u32];
    /// Reference `i`'s clipping tokens.
    fn reference(&self, i: usize) -> &[u32];
}

/// Longest clipping sequences of a call (0 when there are none).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClipDims {
    pub(crate) candidate_len: usize,
    pub(crate) reference_len: usize,
}

/// [`scratch_words`] for a call of [`score_pair_clipped`].
pub(crate) fn scratch_words_clipped(
    metrics: &[Metric],
    opts: &Options,
    dims: &Dims,
    clip: ClipDims,
) -> Result<usize, Error> {
    let n = needs(metrics, opts)?;
    check_weights(metrics, opts, dims)?;
    Layout::new(&n, dims, clip, metrics.len())?.words()
}

/// [`score_pair`] with clipping sequences (see [`Clip`]); `dims` and `clip` bound the inputs and
/// set the scratch need (as [`scratch_words_clipped`] answers); the LCS kernels run with
/// `features`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_pair_clipped<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    clip: Option<&dyn Clip>,
    metrics: &[Metric],
    opts: &Options,
    bounds: (&Dims, ClipDims),
    dense_vocab: Option<usize>,
    features: LazyFeatures,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    score_checked(
        candidate,
        references,
        clip,
        metrics,
        opts,
        Some(bounds),
        dense_vocab,
        features,
        scratch,
        out,
    )
}

/// Checks a call, then scores it. `bounds` (dims and clipping lengths the inputs must fit)
/// sets the scratch need; without it the pair's own dims do. The LCS kernels run with
/// `features`.
#[allow(clippy::too_many_arguments)]
fn score_checked<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    clip: Option<&dyn Clip>,
    metrics: &[Metric],
    opts: &Options,
    bounds: Option<(&Dims, ClipDims)>,
    dense_vocab: Option<usize>,
    features: LazyFeatures,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    let n = needs(metrics, opts)?;
    if references.count() == 0 {
        return Err(Error::InvalidArgument);
    }
    if out.len() < metrics.len() {
        return Err(Error::OutputTooSmall);
    }
    // Checks every summary and takes the call's dimensions in the same pass (as `Dims::of`).
    let mut actual = Dims {
        references: references.count(),
        candidate_len: candidate.tokens.len(),
        candidate_sentence_len: candidate.checked_longest_sentence()?,
        ..Dims::default()
    };
    for i in 0..references.count() {
        let r = references.get(i);
        let longest = r.checked_longest_sentence()?;
        actual.reference_len = actual.reference_len.max(r.tokens.len());
        actual.reference_sentence_len = actual.reference_sentence_len.max(longest);
    }
    debug_assert_eq!(actual, Dims::of(candidate, references));
    let mut clip_actual = ClipDims::default();
    if let Some(c) = clip {
        clip_actual.candidate_len = c.candidate().len();
        for i in 0..references.count() {
            clip_actual.reference_len = clip_actual.reference_len.max(c.reference(i).len());
        }
    }
    if let Some((dims, clip_dims)) = bounds {
        let fits = actual.max(*dims) == *dims
            && clip_actual.candidate_len <= clip_dims.candidate_len
            && clip_actual.reference_len <= clip_dims.reference_len;
        if !fits {
            return Err(Error::InvalidArgument);
        }
    }
    check_weights(metrics, opts, &actual)?;
    // The scratch is carved for the inputs at hand, never more than the bounds it was sized
    // for: fewer words to clear on every call.
    let layout = Layout::new(&n, &actual, clip_actual, metrics.len())?;
    let mut w = layout.carve_checked(scratch)?;
    // Dense ids are usable as they are only when the per-id regions cover them.
    w.dense_vocab = dense_vocab.filter(|&v| v <= w.id_counts.len());
    w.lcs_features = features;
    score_validated(
        candidate,
        references,
        clip,
        metrics,
        &n,
        opts,
        &mut w,
        // `out` holds a result per metric (checked above).
        &mut |i, r| crate::slices::set_at(out, i, r),
    );
    Ok(())
}

/// Exact scratch words a call with these metrics, options and dimensions needs.
pub fn scratch_words(metrics: &[Metric], opts: &Options, dims: &Dims) -> Result<usize, Error> {
    let n = needs(metrics, opts)?;
    check_weights(metrics, opts, dims)?;
    Layout::new(&n, dims, ClipDims::default(), metrics.len())?.words()
}

/// Scores `candidate` against `references` for every metric in `metrics`, writing
/// `out[i]` for `metrics[i]`. Nothing is written unless the call succeeds.
pub fn score_pair<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    metrics: &[Metric],
    opts: &Options,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    let features = LazyFeatures::undetected();
    score_checked(
        candidate, references, None, metrics, opts, None, None, features, scratch, out,
    )
}

/// [`score_pair`] with the optional instruction sets of `features` only (detected ones, or a
/// subset: [`Features::restrict`]) instead of those it detects itself: how a test or benchmark
/// forces a variant. The same results whatever `features` holds.
#[doc(hidden)]
pub fn score_pair_with_features<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    metrics: &[Metric],
    opts: &Options,
    features: Features,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    let features = LazyFeatures::known(features);
    score_checked(
        candidate, references, None, metrics, opts, None, None, features, scratch, out,
    )
}

#[allow(clippy::too_many_arguments)]
fn score_validated<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    clip: Option<&dyn Clip>,
    metrics: &[Metric],
    n: &Needs,
    opts: &Options,
    w: &mut Work,
    sink: &mut dyn FnMut(usize, MetricResult),
) {
    let k = metrics.len();
    let refs = references.count();
    for r in 0..refs {
        let reference = references.get(r);
        let clip = clip.map(|c| (c.candidate(), c.reference(r)));
        let ctx = prepare_reference(candidate, &reference, clip, metrics, n, w);
        for (i, metric) in metrics.iter().enumerate() {
            let res = per_metric(i, metric, &ctx, opts, w);
            // The layout holds `refs * k` outcomes: the slot is there (`get_mut`: no panic
            // path).
            let (outcomes, _) = w.per_ref_outcomes.as_chunks_mut::<PER_REF_WORDS>();
            if let Some(slot) = outcomes.get_mut(r * k + i) {
                *slot = [
                    res.counts.hit,
                    res.counts.reference_total,
                    res.counts.candidate_total,
                    res.perl_b_key,
                ];
            }
        }
        finish_reference(&ctx, w);
    }
    let (per_ref, _) = w.per_ref_outcomes.as_chunks::<PER_REF_WORDS>();
    for (i, metric) in metrics.iter().enumerate() {
        let get = |r: usize| {
            let [hit, reference_total, candidate_total, perl_b_key] =
                per_ref.get(r * k + i).copied().unwrap_or_default();
            PerRef {
                counts: Counts {
                    hit,
                    reference_total,
                    candidate_total,
                },
                perl_b_key,
            }
        };
        let result = combine_references(metric, opts, refs, &get);
        sink(i, result);
    }
}
