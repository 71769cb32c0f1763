//! The public types of a scoring call: the summaries and their references, the metrics and
//! options, the results, the dimensions that size the scratch, and a batch of pairs.

use crate::score::{Counts, Score};
use crate::{Error, MAX_INPUT_LEN};

/// A token sequence with optional sentence boundaries.
///
/// Sentence `i` ends (exclusive) at `sentence_ends[i] - ends_offset`; the ends are
/// non-decreasing and at most `tokens.len()`. Tokens after the last end form one more sentence,
/// so no ends at all means one sentence. Only the summary-level metrics (Lsum, Perl's W) look at
/// sentences; everything else reads the whole token stream.
#[derive(Clone, Copy, Debug)]
pub struct Summary<'a> {
    /// Token ids.
    pub tokens: &'a [u32],
    /// Sentence end offsets (see `ends_offset`).
    pub sentence_ends: &'a [usize],
    /// Subtracted from every sentence end: lets a batch share one absolute array.
    pub ends_offset: usize,
}

impl<'a> Summary<'a> {
    /// A summary with sentence ends relative to its own tokens.
    pub const fn new(tokens: &'a [u32], sentence_ends: &'a [usize]) -> Self {
        Summary {
            tokens,
            sentence_ends,
            ends_offset: 0,
        }
    }

    fn validate(&self) -> Result<(), Error> {
        self.checked_longest_sentence().map(|_| ())
    }

    /// [`Summary::validate`], returning what [`Summary::longest_sentence`] would: one pass over
    /// the ends for a scoring call's checks and dimensions.
    pub(crate) fn checked_longest_sentence(&self) -> Result<usize, Error> {
        if self.tokens.len() > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        let (mut prev, mut longest) = (0usize, 0usize);
        for &e in self.sentence_ends {
            let e = e
                .checked_sub(self.ends_offset)
                .ok_or(Error::InvalidArgument)?;
            if e < prev || e > self.tokens.len() {
                return Err(Error::InvalidArgument);
            }
            longest = longest.max(e - prev);
            prev = e;
        }
        // The tokens after the last end (all of them without ends; none adds nothing).
        Ok(longest.max(self.tokens.len() - prev))
    }

    /// The sentences as token ranges, in order; empty sentences included.
    pub(crate) fn sentence_bounds(&self) -> impl Iterator<Item = core::ops::Range<usize>> + 'a {
        let len = self.tokens.len();
        let offset = self.ends_offset;
        let ends = self.sentence_ends.iter().map(move |&e| e - offset);
        let last_end = self.sentence_ends.last().map_or(0, |&e| e - offset);
        let tail = (last_end < len || self.sentence_ends.is_empty()).then_some(len);
        let mut start = 0usize;
        ends.chain(tail).map(move |end| {
            let r = start..end;
            start = end;
            r
        })
    }

    pub(crate) fn longest_sentence(&self) -> usize {
        self.sentence_bounds().map(|r| r.len()).max().unwrap_or(0)
    }
}

/// The references of one candidate.
pub trait References {
    /// Number of references.
    fn count(&self) -> usize;
    /// Reference `i`, `i < count()`.
    fn get(&self, i: usize) -> Summary<'_>;
}

impl References for [Summary<'_>] {
    fn count(&self) -> usize {
        self.len()
    }
    fn get(&self, i: usize) -> Summary<'_> {
        self[i]
    }
}

/// One ROUGE variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Metric {
    /// ROUGE-N: clipped n-gram overlap over the whole token stream, n >= 1.
    N(usize),
    /// ROUGE-L, sentence level (rouge-score `rougeL`): one LCS over the whole sequences.
    L,
    /// ROUGE-L, summary level (rouge-score `rougeLsum`, Perl's `ROUGE-L`): union LCS per
    /// reference sentence with clipping.
    Lsum,
    /// ROUGE-W with weight w >= 1 (1.2 is usual): Lin 2004 in the rouge-score flavour, Perl's
    /// summary-level definition in the Perl flavour.
    W(f64),
    /// ROUGE-S(d): skip-bigrams with at most d tokens between; `None` is unlimited (S*).
    S(Option<usize>),
    /// ROUGE-SU(d): skip-bigrams plus unigrams (Perl: every unigram but the last).
    Su(Option<usize>),
}

/// Which reference implementation's definitions to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavour {
    /// Google's rouge-score 0.1.2 (and Lin 2004 W, plain SU): F = 2PR/(P+R).
    RougeScore,
    /// ROUGE-1.5.5.pl: Perl's W and SU, F = PR/((1-a)P + aR), optional 5-decimal rounding.
    Perl,
}

/// How several references combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiRef {
    /// rouge-score `score_multi`: per metric, the reference with the highest F (first on ties).
    BestF,
    /// Perl `-f A`: pooled counts (hits, reference totals and candidate totals summed).
    PerlA,
    /// Perl `-f B`: the reference with the best recall as Perl ranks it (first on ties).
    PerlB,
}

/// Options of a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Definitions and F-measure.
    pub flavour: Flavour,
    /// Multi-reference policy.
    pub multi_ref: MultiRef,
    /// With two or more references, average the scores over the leave-one-out subsets.
    pub jackknife: bool,
    /// Perl flavour only: round R and P to five decimals before F, and F after (as Perl prints).
    pub round: bool,
    /// Perl flavour only: the F-measure's alpha in [0, 1] (`-p`, 0.5 by default).
    pub alpha: f64,
}

impl Options {
    /// rouge-score's defaults: best F over references.
    pub const fn rouge_score() -> Self {
        Options {
            flavour: Flavour::RougeScore,
            multi_ref: MultiRef::BestF,
            jackknife: false,
            round: false,
            alpha: 0.5,
        }
    }
    /// ROUGE-1.5.5's defaults: `-f A`, alpha 0.5, rounding as printed.
    pub const fn perl() -> Self {
        Options {
            flavour: Flavour::Perl,
            multi_ref: MultiRef::PerlA,
            jackknife: false,
            round: true,
            alpha: 0.5,
        }
    }
    pub(crate) fn validate(&self) -> Result<(), Error> {
        if !(0.0..=1.0).contains(&self.alpha) {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }
}

/// The score and counts of one metric.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MetricResult {
    /// Precision, recall, F.
    pub score: Score,
    /// The counts behind it (pooled for Perl `-f A`, the chosen reference's otherwise).
    pub counts: Counts,
}

/// The sizes that determine a call's scratch need: maxima over the pairs it will score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dims {
    /// References per candidate.
    pub references: usize,
    /// Candidate tokens.
    pub candidate_len: usize,
    /// Tokens of the longest reference.
    pub reference_len: usize,
    /// Tokens of the longest candidate sentence.
    pub candidate_sentence_len: usize,
    /// Tokens of the longest reference sentence.
    pub reference_sentence_len: usize,
}

impl Dims {
    /// The dimensions of one candidate and its references.
    pub fn of<R: References + ?Sized>(candidate: &Summary, references: &R) -> Dims {
        let mut d = Dims {
            references: references.count(),
            candidate_len: candidate.tokens.len(),
            candidate_sentence_len: candidate.longest_sentence(),
            ..Dims::default()
        };
        for i in 0..references.count() {
            let r = references.get(i);
            d.reference_len = d.reference_len.max(r.tokens.len());
            d.reference_sentence_len = d.reference_sentence_len.max(r.longest_sentence());
        }
        d
    }

    /// [`Dims::of`] after checking every summary (sentence ends in order and within the tokens,
    /// lengths within [`MAX_INPUT_LEN`]).
    pub fn checked<R: References + ?Sized>(
        candidate: &Summary,
        references: &R,
    ) -> Result<Dims, Error> {
        candidate.validate()?;
        for i in 0..references.count() {
            references.get(i).validate()?;
        }
        Ok(Dims::of(candidate, references))
    }

    /// The element-wise maximum: scratch for `max(a, b)` serves both.
    pub fn max(self, o: Dims) -> Dims {
        Dims {
            references: self.references.max(o.references),
            candidate_len: self.candidate_len.max(o.candidate_len),
            reference_len: self.reference_len.max(o.reference_len),
            candidate_sentence_len: self.candidate_sentence_len.max(o.candidate_sentence_len),
            reference_sentence_len: self.reference_sentence_len.max(o.reference_sentence_len),
        }
    }
}

/// Many pairs in one call, for hosts whose calls are costly (cgo, JNI).
///
/// All token ids live in one array, cut into segments by `segment_ends` (segment k is
/// `tokens[segment_ends[k-1]..segment_ends[k]]`, the first starting at 0). Pair p is the
/// segments `pair_segments[p]..pair_segments[p+1]`: the first is the candidate, the rest (at
/// least one) its references. `sentence_ends` holds absolute sentence end offsets into `tokens`,
/// ascending; each segment takes those in `(start, end]` (none: one sentence).
#[derive(Clone, Copy, Debug)]
pub struct Batch<'a> {
    /// Every token of every segment.
    pub tokens: &'a [u32],
    /// Exclusive end of each segment in `tokens`, non-decreasing.
    pub segment_ends: &'a [usize],
    /// Absolute sentence ends, non-decreasing (may be empty).
    pub sentence_ends: &'a [usize],
    /// `pair_count + 1` segment indices, each pair spanning at least two segments.
    pub pair_segments: &'a [usize],
}
