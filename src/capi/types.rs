//! The `repr(C)` types several families of entry points share (results, metrics, options,
//! token sequences, texts), the constants their fields take, and their conversions to and from
//! the core's types.

use core::ffi::c_char;

use super::ptr::slice;
use super::status::{rouge_status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT};
use crate::{Counts, Flavour, Metric, MetricResult, MultiRef, Options, Score, Summary};

/// ROUGE-N (`n` >= 1).
pub const ROUGE_METRIC_N: u32 = 1;
/// ROUGE-L, sentence level (rouge-score `rougeL`).
pub const ROUGE_METRIC_L: u32 = 2;
/// ROUGE-L, summary level (rouge-score `rougeLsum`, ROUGE-1.5.5 `ROUGE-L`).
pub const ROUGE_METRIC_LSUM: u32 = 3;
/// ROUGE-W with `weight` >= 1.
pub const ROUGE_METRIC_W: u32 = 4;
/// ROUGE-S with `skip` (negative: unlimited, S*).
pub const ROUGE_METRIC_S: u32 = 5;
/// ROUGE-SU with `skip` (negative: unlimited, SU*).
pub const ROUGE_METRIC_SU: u32 = 6;

/// rouge-score 0.1.2 definitions (Lin 2004 ROUGE-W, SU with every unigram), F = 2PR/(P+R).
pub const ROUGE_FLAVOUR_ROUGE_SCORE: u32 = 0;
/// ROUGE-1.5.5 definitions (its ROUGE-W and SU), F = PR/((1-alpha)P + alpha R).
pub const ROUGE_FLAVOUR_PERL: u32 = 1;

/// Per metric, the reference with the highest F (rouge-score `score_multi`; first on ties).
pub const ROUGE_MULTI_BEST_F: u32 = 0;
/// Pooled counts over the references (ROUGE-1.5.5 `-f A`).
pub const ROUGE_MULTI_PERL_A: u32 = 1;
/// The reference with the best recall as ROUGE-1.5.5 ranks them (`-f B`; first on ties).
pub const ROUGE_MULTI_PERL_B: u32 = 2;

/// Longest accepted token sequence (positions inside the kernels are 32-bit).
pub const ROUGE_MAX_INPUT_LEN: usize = 4_294_967_294;

/// Precision, recall and F-measure.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_score {
    /// Hits over the candidate total (inverse-weighted for ROUGE-W).
    pub precision: f64,
    /// Hits over the reference total (inverse-weighted for ROUGE-W).
    pub recall: f64,
    /// The flavour's F-measure.
    pub fmeasure: f64,
}

/// Raw counts behind a score (weighted for ROUGE-W; pooled for ROUGE_MULTI_PERL_A).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_counts {
    /// Clipped matches.
    pub hit: f64,
    /// Reference (model) total.
    pub reference_total: f64,
    /// Candidate (peer) total.
    pub candidate_total: f64,
}

/// Score and counts of one metric.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_result {
    /// Precision, recall, F.
    pub score: rouge_score,
    /// The counts the score comes from.
    pub counts: rouge_counts,
}

/// One metric to compute. Fields a kind does not use are ignored.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_metric {
    /// One of `ROUGE_METRIC_*`.
    pub kind: u32,
    /// n of ROUGE-N.
    pub n: u32,
    /// Skip distance of ROUGE-S/SU: at most `skip` tokens between the pair; negative: unlimited.
    pub skip: i64,
    /// Weight of ROUGE-W (1.2 is usual).
    pub weight: f64,
}

/// Options of a scoring call; fill with `rouge_options_init`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct rouge_options {
    /// `ROUGE_FLAVOUR_ROUGE_SCORE` or `ROUGE_FLAVOUR_PERL`.
    pub flavour: u32,
    /// One of `ROUGE_MULTI_*`.
    pub multi_reference: u32,
    /// Non-zero: with two or more references, average the scores over the leave-one-out subsets
    /// (jackknifing); the counts stay those over all references.
    pub jackknife: u32,
    /// Non-zero (Perl flavour): round R and P to 5 decimals before F and F after, as ROUGE-1.5.5
    /// prints them.
    pub round: u32,
    /// Perl flavour: alpha of F = PR/((1-alpha)P + alpha R), in [0, 1].
    pub alpha: f64,
}

/// A token sequence and its sentence boundaries, borrowed for the call only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_summary {
    /// `len` token ids (NULL allowed when `len` is 0).
    pub tokens: *const u32,
    /// Number of tokens.
    pub len: usize,
    /// `sentence_count` exclusive end offsets into `tokens`, non-decreasing, at most `len`;
    /// tokens after the last end form one more sentence (none: one sentence). Only the
    /// summary-level metrics read sentences.
    pub sentence_ends: *const usize,
    /// Number of sentence ends.
    pub sentence_count: usize,
}

/// A UTF-8 (or ASCII) text, borrowed for the call only; need not be NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_str {
    /// `len` bytes (NULL allowed when `len` is 0).
    pub ptr: *const c_char,
    /// Number of bytes.
    pub len: usize,
}

/// The core's metric for a C one.
pub(crate) fn metric_of(m: &rouge_metric) -> Result<Metric, rouge_status> {
    let skip = if m.skip < 0 {
        None
    } else {
        Some(usize::try_from(m.skip).map_err(|_| ROUGE_ERR_INPUT_TOO_LONG)?)
    };
    match m.kind {
        ROUGE_METRIC_N => Ok(Metric::N(m.n as usize)),
        ROUGE_METRIC_L => Ok(Metric::L),
        ROUGE_METRIC_LSUM => Ok(Metric::Lsum),
        ROUGE_METRIC_W => Ok(Metric::W(m.weight)),
        ROUGE_METRIC_S => Ok(Metric::S(skip)),
        ROUGE_METRIC_SU => Ok(Metric::Su(skip)),
        _ => Err(ROUGE_ERR_INVALID_ARGUMENT),
    }
}

/// Converts `metrics` on the stack, `N` at a time (no allocation, any count), and calls
/// `f(offset, chunk)` on each chunk in order; a metric that does not convert stops the walk
/// with `invalid(its status)`.
pub(crate) fn metric_chunks<const N: usize, E>(
    metrics: &[rouge_metric],
    invalid: impl Fn(rouge_status) -> E,
    mut f: impl FnMut(usize, &[Metric]) -> Result<(), E>,
) -> Result<(), E> {
    let mut buf = [Metric::L; N];
    for (c, chunk) in metrics.chunks(N).enumerate() {
        for (d, m) in buf.iter_mut().zip(chunk) {
            *d = metric_of(m).map_err(&invalid)?;
        }
        f(c * N, &buf[..chunk.len()])?;
    }
    Ok(())
}

/// The core's options for C ones.
pub(crate) fn options_of(o: &rouge_options) -> Result<Options, rouge_status> {
    let flavour = match o.flavour {
        ROUGE_FLAVOUR_ROUGE_SCORE => Flavour::RougeScore,
        ROUGE_FLAVOUR_PERL => Flavour::Perl,
        _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
    };
    let multi_ref = match o.multi_reference {
        ROUGE_MULTI_BEST_F => MultiRef::BestF,
        ROUGE_MULTI_PERL_A => MultiRef::PerlA,
        ROUGE_MULTI_PERL_B => MultiRef::PerlB,
        _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
    };
    if !(0.0..=1.0).contains(&o.alpha) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    Ok(Options {
        flavour,
        multi_ref,
        jackknife: o.jackknife != 0,
        round: o.round != 0,
        alpha: o.alpha,
    })
}

/// A core score as a C one.
pub(crate) fn c_score(s: Score) -> rouge_score {
    let Score {
        precision,
        recall,
        fmeasure,
    } = s;
    rouge_score {
        precision,
        recall,
        fmeasure,
    }
}

/// A core result as a C one.
pub(crate) fn c_result(r: &MetricResult) -> rouge_result {
    let Counts {
        hit,
        reference_total,
        candidate_total,
    } = r.counts;
    rouge_result {
        score: c_score(r.score),
        counts: rouge_counts {
            hit,
            reference_total,
            candidate_total,
        },
    }
}

/// A C result as the core's.
pub(crate) fn result_of(r: &rouge_result) -> MetricResult {
    MetricResult {
        score: Score {
            precision: r.score.precision,
            recall: r.score.recall,
            fmeasure: r.score.fmeasure,
        },
        counts: Counts {
            hit: r.counts.hit,
            reference_total: r.counts.reference_total,
            candidate_total: r.counts.candidate_total,
        },
    }
}

/// A C token sequence as the core's, both arrays checked.
///
/// # Safety
/// As [`slice`] for both arrays of `s`.
pub(crate) unsafe fn summary_of<'a>(s: &rouge_summary) -> Result<Summary<'a>, rouge_status> {
    // SAFETY: forwarded contract.
    let tokens = unsafe { slice(s.tokens, s.len) }?;
    // SAFETY: forwarded contract.
    let ends = unsafe { slice(s.sentence_ends, s.sentence_count) }?;
    Ok(Summary::new(tokens, ends))
}
