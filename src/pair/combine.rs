//! The multi-reference policies (rouge-score's best F, Perl's `-f A` and `-f B`, jackknifing)
//! over each reference's outcome, and the score of a metric's counts in each flavour.

use crate::model::{Flavour, Metric, MetricResult, MultiRef, Options};
use crate::score::{f1, f_alpha, ratio, round5, Counts, Score};
use crate::wlcs::weight_inverse;

/// Per-reference outcome of one metric, kept in scratch until the references are combined.
#[derive(Clone, Copy, Default)]
pub(crate) struct PerRef {
    pub(crate) counts: Counts,
    /// The value Perl's `-f B` ranks references by.
    pub(crate) perl_b_key: f64,
}

pub(super) const PER_REF_WORDS: usize = 4;

/// The result of `metric` over `refs` references whose outcomes `get` returns: the
/// multi-reference policy, then jackknifing when asked for (scores averaged over the
/// leave-one-out subsets; counts those over all references).
pub(crate) fn combine_references(
    metric: &Metric,
    opts: &Options,
    refs: usize,
    get: &dyn Fn(usize) -> PerRef,
) -> MetricResult {
    if refs == 1 && matches!(opts.multi_ref, MultiRef::BestF | MultiRef::PerlA) {
        // What `combine` makes of one reference under these policies (counts pooled from
        // none plus this one are its own: they are never -0.0), without the jackknife, which
        // needs two: the common single-reference call skips the policy loop.
        let counts = get(0).counts;
        return MetricResult {
            score: score_of(metric, &counts, opts),
            counts,
        };
    }
    let all = combine(metric, opts, refs, None, get);
    if !(opts.jackknife && refs >= 2) {
        return all;
    }
    let mut sum = Score::default();
    for left_out in 0..refs {
        let s = combine(metric, opts, refs, Some(left_out), get).score;
        sum.precision += s.precision;
        sum.recall += s.recall;
        sum.fmeasure += s.fmeasure;
    }
    let m = refs as f64;
    MetricResult {
        score: Score {
            precision: sum.precision / m,
            recall: sum.recall / m,
            fmeasure: sum.fmeasure / m,
        },
        counts: all.counts,
    }
}

/// The score of `counts` for `metric` in the flavour of `opts`.
pub(crate) fn score_of(metric: &Metric, counts: &Counts, opts: &Options) -> Score {
    let mut recall = ratio(counts.hit, counts.reference_total);
    let mut precision = ratio(counts.hit, counts.candidate_total);
    #[cfg(feature = "rouge-w")]
    if let Metric::W(w) = *metric {
        recall = weight_inverse(recall, w);
        precision = weight_inverse(precision, w);
    }
    match opts.flavour {
        Flavour::RougeScore => Score {
            precision,
            recall,
            fmeasure: f1(precision, recall),
        },
        Flavour::Perl => {
            if opts.round {
                recall = round5(recall);
                precision = round5(precision);
            }
            let mut fmeasure = f_alpha(precision, recall, opts.alpha);
            if opts.round {
                fmeasure = round5(fmeasure);
            }
            Score {
                precision,
                recall,
                fmeasure,
            }
        }
    }
}

/// Applies the multi-reference policy over references `0..refs` except `left_out`.
fn combine(
    metric: &Metric,
    opts: &Options,
    refs: usize,
    left_out: Option<usize>,
    get: &dyn Fn(usize) -> PerRef,
) -> MetricResult {
    let used = (0..refs).filter(|&r| Some(r) != left_out);
    match opts.multi_ref {
        MultiRef::PerlA => {
            let mut c = Counts::default();
            for r in used {
                let p = get(r).counts;
                c.hit += p.hit;
                c.reference_total += p.reference_total;
                c.candidate_total += p.candidate_total;
            }
            MetricResult {
                score: score_of(metric, &c, opts),
                counts: c,
            }
        }
        MultiRef::PerlB => {
            // Perl starts from -1 and takes only a strictly better key: first on ties.
            let mut best = (-1.0f64, Counts::default());
            for r in used {
                let p = get(r);
                if p.perl_b_key > best.0 {
                    best = (p.perl_b_key, p.counts);
                }
            }
            MetricResult {
                score: score_of(metric, &best.1, opts),
                counts: best.1,
            }
        }
        MultiRef::BestF => {
            let mut best: Option<MetricResult> = None;
            for r in used {
                let c = get(r).counts;
                let s = score_of(metric, &c, opts);
                if best.is_none_or(|b| s.fmeasure > b.score.fmeasure) {
                    best = Some(MetricResult {
                        score: s,
                        counts: c,
                    });
                }
            }
            best.unwrap_or_default()
        }
    }
}

/// Perl's `-f B` ranks N and S by the recall it printed (5 decimals); only that policy pays for
/// the rounding.
pub(crate) fn b_key_rounded(opts: &Options, recall: f64) -> f64 {
    if opts.multi_ref == MultiRef::PerlB {
        round5(recall)
    } else {
        recall
    }
}
