//! Scoring one candidate against its references, for a list of metrics at once, and batches of
//! such pairs. The metrics of one call share the work: one interning pass per reference, the
//! n-gram levels built once up to the largest n.

use crate::intern::{capacity_for, Interner, Packed};
use crate::lcs::{self, words_for, LcsScratch, Rows};
use crate::ngram::{clipped_overlap, clipped_overlap_budget, ngram_total};
use crate::score::{f1, f_alpha, ratio, round5, Counts, Score};
use crate::scratch::{Carver, Size};
#[cfg(feature = "rouge-s")]
use crate::skip::{skip_hits, skip_total, SkipScratch};
#[cfg(feature = "rouge-w")]
use crate::wlcs::{self, weight, weight_inverse, WlcsRows};
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
    fn checked_longest_sentence(&self) -> Result<usize, Error> {
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

    fn longest_sentence(&self) -> usize {
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
    fn validate(&self) -> Result<(), Error> {
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
            // Left out of this build (cargo features `rouge-w`, `rouge-s`).
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
            let f = libm::pow(longest, w);
            let ff = if opts.flavour == Flavour::Perl {
                libm::pow(f, w)
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

/// Per-reference outcome of one metric, kept in scratch until the references are combined.
#[derive(Clone, Copy, Default)]
pub(crate) struct PerRef {
    pub(crate) counts: Counts,
    /// The value Perl's `-f B` ranks references by.
    pub(crate) perl_b_key: f64,
}

const PER_REF_WORDS: usize = 4;

/// Region sizes of one call, in elements. Counted by `words`, carved by `carve`.
struct Layout {
    table: usize,
    cand: usize,
    refl: usize,
    clip_c: usize,
    clip_r: usize,
    vocab: usize,
    grams: bool,
    clip: bool,
    lcs_masks: bool,
    /// Entries of the masks' high halves, for references of 65 to 128 tokens on the short
    /// path (`short_reference`): one word per id such a pair can hold.
    masks_hi: usize,
    /// Words of the LCS kernels' block tables (0: no pattern longer than one word).
    lcs_table: usize,
    carry: usize,
    columns: usize,
    marks: usize,
    /// Whether sentence-level L drops the tokens one side lacks (large pairs), into the n-gram
    /// regions.
    lcs_filter: bool,
    /// Candidate tokens the summary-level LCS's sentence index covers (0 without Lsum); the
    /// index lives in the n-gram regions (see `gram_sizes`).
    lsum_index: usize,
    w_rows: usize,
    w_up: usize,
    skip: bool,
    metrics: usize,
    per_ref: usize,
}

impl Layout {
    fn new(n: &Needs, d: &Dims, clip: ClipDims, metric_count: usize) -> Result<Layout, Error> {
        let too_long = |x: usize| {
            if x > MAX_INPUT_LEN {
                Err(Error::InputTooLong)
            } else {
                Ok(x)
            }
        };
        let cand = too_long(d.candidate_len)?;
        let refl = too_long(d.reference_len)?;
        let clip_c = too_long(clip.candidate_len)?;
        let clip_r = too_long(clip.reference_len)?;
        let vocab = too_long(cand + refl + clip_c + clip_r)?;
        let (sc, sr) = (
            d.candidate_sentence_len.min(cand),
            d.reference_sentence_len.min(refl),
        );
        let mut carry = 0;
        let mut columns = 0;
        let mut marks = 0;
        let mut lsum_index = 0;
        let mut w_rows = 0;
        let mut w_up = 0;
        // Patterns (the reference, or a reference sentence) longer than one word use the block
        // kernel's local ids and table.
        let mut longest_pattern = 0;
        if n.lcs {
            carry = cand;
            longest_pattern = refl;
        }
        if n.lsum {
            carry = carry.max(sc);
            longest_pattern = longest_pattern.max(sr);
            columns = sc.checked_mul(words_for(sr)).ok_or(Error::InputTooLong)?;
            marks = words_for(sr);
            lsum_index = cand;
        }
        // References up to 128 tokens take the short path (`short_reference`), with two-word
        // masks beyond 64; its Lsum keeps two columns per candidate token
        // (`ShortPass::end_sentence`), of two words each with two-word masks. Dimensions that allow
        // a longer reference keep both (sized for a reference of 128 tokens), so that the
        // scratch for the maximum of two dimensions serves both (`Dims::max`).
        let wide_masks = n.short_masks() && refl > 64;
        let masks_hi = if wide_masks {
            vocab.min(cand + 128 + clip_c + clip_r)
        } else {
            0
        };
        if n.lsum && n.max_n <= 2 {
            let per_token = if wide_masks { 4 } else { 2 };
            columns = columns.max(sc.checked_mul(per_token).ok_or(Error::InputTooLong)?);
        }
        if n.w_lin {
            w_rows = cand + 1;
        }
        if n.w_perl {
            w_rows = w_rows.max(sc + 1);
            w_up = sr.checked_mul(words_for(sc)).ok_or(Error::InputTooLong)?;
            marks = words_for(sr);
        }
        let per_ref = d
            .references
            .checked_mul(metric_count)
            .and_then(|x| x.checked_mul(PER_REF_WORDS))
            .ok_or(Error::InputTooLong)?;
        Ok(Layout {
            table: table_slots(vocab)?,
            cand,
            refl,
            clip_c,
            clip_r,
            vocab,
            grams: n.max_n >= 2,
            clip: n.lsum || n.w_perl,
            lcs_masks: n.lcs || n.lsum || n.short_masks(),
            masks_hi,
            lcs_table: lcs::block_table_words_for(longest_pattern),
            lcs_filter: n.lcs && lcs_filters(cand, refl),
            carry,
            columns,
            marks,
            lsum_index,
            w_rows,
            w_up,
            skip: n.skip,
            metrics: metric_count,
            per_ref,
        })
    }

    /// Entries of `gram_c` and `gram_r`: the n-gram ids of candidate and reference, and the
    /// Lsum sentence index (a sentence number per candidate token, and the starts of the
    /// candidate's non-empty sentences plus its end), which reuses them.
    fn gram_sizes(&self) -> (usize, usize) {
        let (mut gc, mut gr) = if self.grams {
            (self.cand, self.refl)
        } else {
            (0, 0)
        };
        if self.lsum_index > 0 {
            gc = gc.max(self.lsum_index);
            gr = gr.max(self.lsum_index + 1);
        }
        if self.lcs_filter {
            gc = gc.max(self.cand);
            gr = gr.max(self.refl);
        }
        (gc, gr)
    }

    fn words(&self) -> Result<usize, Error> {
        let mut s = Size::default();
        let v1 = self.vocab.checked_add(1);
        s.add_u64(Some(self.table));
        s.add_u32(Some(self.table));
        s.add_u32(Some(self.cand));
        s.add_u32(Some(self.refl));
        s.add_u32(Some(self.clip_c));
        s.add_u32(Some(self.clip_r));
        s.add_u32(Some(self.vocab));
        let (gc, gr) = self.gram_sizes();
        s.add_u32(Some(gc));
        s.add_u32(Some(gr));
        if self.clip {
            s.add_u32(Some(self.vocab));
            s.add_u32(Some(self.vocab));
        }
        if self.lcs_masks {
            s.add_u64(Some(self.vocab));
        }
        s.add_u64(Some(self.masks_hi));
        if self.lcs_table > 0 {
            s.add_u32(Some(self.vocab));
            s.add_u64(Some(self.lcs_table));
        }
        s.add_u8(Some(self.carry));
        s.add_u64(Some(self.columns));
        s.add_u64(Some(self.marks));
        s.add_u64(Some(words_for(self.lsum_index)));
        s.add_u64(self.w_rows.checked_mul(2));
        s.add_u32(self.w_rows.checked_mul(2));
        s.add_u64(Some(self.w_up));
        if self.skip {
            s.add_u32(v1);
            s.add_u32(Some(self.cand));
            s.add_u32(v1);
            s.add_u32(Some(self.refl));
            s.add_u64(Some(self.vocab));
        }
        s.add_u64(Some(self.metrics));
        s.add_u64(Some(self.per_ref));
        s.finish()
    }

    fn carve<'a>(&self, scratch: &'a mut [u64]) -> Work<'a> {
        let mut c = Carver::new(scratch);
        let keys = c.u64s(self.table);
        let ids = c.u32s(self.table);
        let cand_ids = c.u32s(self.cand);
        let ref_ids = c.u32s(self.refl);
        let clip_cand_ids = c.u32s(self.clip_c);
        let clip_ref_ids = c.u32s(self.clip_r);
        let counts = c.u32s(self.vocab);
        let (gc, gr) = self.gram_sizes();
        let (gram_c, gram_r) = (c.u32s(gc), c.u32s(gr));
        let (clip_r, clip_c) = if self.clip {
            (c.u32s(self.vocab), c.u32s(self.vocab))
        } else {
            (c.u32s(0), c.u32s(0))
        };
        let masks = c.u64s(if self.lcs_masks { self.vocab } else { 0 });
        let masks_hi = c.u64s(self.masks_hi);
        let (local, table) = if self.lcs_table > 0 {
            (c.u32s(self.vocab), c.u64s(self.lcs_table))
        } else {
            (c.u32s(0), c.u64s(0))
        };
        let carry = c.u8s(self.carry);
        let columns = c.u64s(self.columns);
        let marks = c.u64s(self.marks);
        let lsum_done = c.u64s(words_for(self.lsum_index));
        let w_c = c.f64s(self.w_rows * 2);
        let w_k = c.u32s(self.w_rows * 2);
        let w_up = c.u64s(self.w_up);
        let v1 = if self.skip { self.vocab + 1 } else { 0 };
        let sk_start_a = c.u32s(v1);
        let sk_pos_a = c.u32s(if self.skip { self.cand } else { 0 });
        let sk_start_b = c.u32s(v1);
        let sk_pos_b = c.u32s(if self.skip { self.refl } else { 0 });
        let sk_counts = c.u64s(if self.skip { self.vocab } else { 0 });
        let ngram_hits = c.u64s(self.metrics);
        let per_ref = c.f64s(self.per_ref);
        // The per-id regions are zeroed as far as the ids of the inputs reach
        // (`Work::zero_ids_below`), and the table is cleared for each use.
        Work {
            keys,
            ids,
            dense_vocab: None,
            zeroed: 0,
            masks_zeroed: 0,
            budget_loaded: false,
            ref_masks: RefMasks::None,
            cand_ids,
            ref_ids,
            clip_cand_ids,
            clip_ref_ids,
            counts,
            gram_c,
            gram_r,
            clip_r,
            clip_c,
            masks,
            masks_hi,
            lcs_local: local,
            lcs_table: table,
            carry,
            columns,
            marks,
            lsum_done,
            w_c,
            w_k,
            w_up,
            sk_start_a,
            sk_pos_a,
            sk_start_b,
            sk_pos_b,
            sk_counts,
            ngram_hits,
            per_ref,
        }
    }
}

/// Vocabularies (token and clipping token counts of a pair) up to which the interning table
/// gets twice the slots [`capacity_for`] asks: at most a third full, the probes of short pairs
/// rarely collide (each collision a mispredicted branch, see `Packed`), for a few KiB more;
/// long pairs keep the smaller table (it is the largest part of their scratch).
const ROOMY_TABLE_MAX_VOCAB: usize = 1024;

/// Slots of the interning table for a vocabulary of `vocab` ids. Never fewer for a larger
/// vocabulary (the roomy table's size is kept past its limit until the plain one outgrows it),
/// so that the scratch for the maximum of two dimensions serves both.
fn table_slots(vocab: usize) -> Result<usize, Error> {
    let c = capacity_for(vocab).ok_or(Error::InputTooLong)?;
    let roomy = capacity_for(vocab.min(ROOMY_TABLE_MAX_VOCAB)).ok_or(Error::InputTooLong)?;
    Ok(c.max(2 * roomy))
}

/// The carved scratch of one call.
struct Work<'a> {
    /// The interning table's regions: one word a slot for [`Packed`] (tokens, and the n-gram
    /// levels of pairs short enough for packed keys), both for an [`Interner`] (longer levels).
    keys: &'a mut [u64],
    ids: &'a mut [u32],
    /// Set when the tokens are already dense ids below this bound (the tokenisers' ids): they
    /// are then used as they are instead of being interned again.
    dense_vocab: Option<usize>,
    /// The per-id regions (counts, masks, local ids, skip counts, clipping counts) are zero
    /// below this id (they are left zero after every use).
    zeroed: usize,
    /// As `zeroed`, for `masks` and `masks_hi` (ahead of it when only they were needed).
    masks_zeroed: usize,
    /// `clip_c` holds the summary-level clipping budget of the current reference, handed over
    /// by the unigram pass (`clipped_overlap_budget`) and not yet consumed: the first Lsum
    /// takes it, any other user of the clipping counts clears it first.
    budget_loaded: bool,
    /// Whether `masks` (and `masks_hi`) hold the current reference's match masks
    /// ([`short_reference`]).
    ref_masks: RefMasks,
    cand_ids: &'a mut [u32],
    ref_ids: &'a mut [u32],
    /// Dense ids of the clipping tokens (Perl `-b`), when given.
    clip_cand_ids: &'a mut [u32],
    clip_ref_ids: &'a mut [u32],
    counts: &'a mut [u32],
    /// N-gram ids while the n-gram levels are counted; then, free until the next reference,
    /// the Lsum [`SentenceIndex`]'s token-grouped sentence numbers (`gram_c`) and sentence
    /// starts (`gram_r`).
    gram_c: &'a mut [u32],
    gram_r: &'a mut [u32],
    clip_r: &'a mut [u32],
    clip_c: &'a mut [u32],
    masks: &'a mut [u64],
    /// High halves of two-word masks (`RefMasks::Wide`), zero between uses like `masks`.
    masks_hi: &'a mut [u64],
    lcs_local: &'a mut [u32],
    lcs_table: &'a mut [u64],
    carry: &'a mut [u8],
    columns: &'a mut [u64],
    marks: &'a mut [u64],
    /// A bit per candidate sentence: already read out for the current reference sentence.
    lsum_done: &'a mut [u64],
    w_c: &'a mut [f64],
    w_k: &'a mut [u32],
    w_up: &'a mut [u64],
    sk_start_a: &'a mut [u32],
    sk_pos_a: &'a mut [u32],
    sk_start_b: &'a mut [u32],
    sk_pos_b: &'a mut [u32],
    sk_counts: &'a mut [u64],
    ngram_hits: &'a mut [u64],
    per_ref: &'a mut [f64],
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
/// set the scratch need (as [`scratch_words_clipped`] answers).
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_pair_clipped<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    clip: Option<&dyn Clip>,
    metrics: &[Metric],
    opts: &Options,
    bounds: (&Dims, ClipDims),
    dense_vocab: Option<usize>,
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
        scratch,
        out,
    )
}

/// Checks a call, then scores it. `bounds` (dims and clipping lengths the inputs must fit)
/// sets the scratch need; without it the pair's own dims do.
#[allow(clippy::too_many_arguments)]
fn score_checked<R: References + ?Sized>(
    candidate: &Summary,
    references: &R,
    clip: Option<&dyn Clip>,
    metrics: &[Metric],
    opts: &Options,
    bounds: Option<(&Dims, ClipDims)>,
    dense_vocab: Option<usize>,
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
    let needed = layout.words()?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let mut w = layout.carve(&mut scratch[..needed]);
    // Dense ids are usable as they are only when the per-id regions cover them.
    w.dense_vocab = dense_vocab.filter(|&v| v <= w.counts.len());
    score_validated(
        candidate,
        references,
        clip,
        metrics,
        &n,
        opts,
        &mut w,
        &mut |i, r| out[i] = r,
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
    score_checked(
        candidate, references, None, metrics, opts, None, None, scratch, out,
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
            let slot = &mut w.per_ref[(r * k + i) * PER_REF_WORDS..][..PER_REF_WORDS];
            slot.copy_from_slice(&[
                res.counts.hit,
                res.counts.reference_total,
                res.counts.candidate_total,
                res.perl_b_key,
            ]);
        }
        finish_reference(&ctx, w);
    }
    let per_ref = &*w.per_ref;
    for (i, metric) in metrics.iter().enumerate() {
        let get = |r: usize| {
            let s = &per_ref[(r * k + i) * PER_REF_WORDS..][..PER_REF_WORDS];
            PerRef {
                counts: Counts {
                    hit: s[0],
                    reference_total: s[1],
                    candidate_total: s[2],
                },
                perl_b_key: s[3],
            }
        };
        let result = combine_references(metric, opts, refs, &get);
        sink(i, result);
    }
}

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

/// Interns the pair's tokens and counts the n-gram hits of every N metric.
fn prepare_reference<'s>(
    candidate: &Summary<'s>,
    reference: &Summary<'s>,
    clip: Option<(&[u32], &[u32])>,
    metrics: &[Metric],
    n: &Needs,
    w: &mut Work,
) -> PairCtx<'s> {
    let (nc, nr) = (candidate.tokens.len(), reference.tokens.len());
    let vocab = match w.dense_vocab {
        Some(v) => {
            w.cand_ids[..nc].copy_from_slice(candidate.tokens);
            w.ref_ids[..nr].copy_from_slice(reference.tokens);
            if let Some((c, r)) = clip {
                w.clip_cand_ids[..c.len()].copy_from_slice(c);
                w.clip_ref_ids[..r.len()].copy_from_slice(r);
            }
            v
        }
        None => {
            let keys = nc + nr + clip.map_or(0, |(c, r)| c.len() + r.len());
            // Tokens are 32-bit keys and ids stay below MAX_INPUT_LEN < 2^32 - 1: always packed.
            let mut table = Packed::new(w.keys, keys, 32);
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

#[derive(Clone, Copy)]
struct PairCtx<'a> {
    vocab: usize,
    nc: usize,
    nr: usize,
    /// Lengths of the clipping token sequences (candidate, reference), when given: Perl's
    /// unigram counts and candidate total for Lsum and W then come from them.
    clip: Option<(usize, usize)>,
    cand: Summary<'a>,
    refr: Summary<'a>,
    /// The L and Lsum hits, when [`short_pass`] computed them with the n-gram hits.
    fused: Option<(u64, u64)>,
}

impl Work<'_> {
    /// Zeroes the per-id regions up to id `n` (at most the layout's vocabulary), once per call.
    fn zero_ids_below(&mut self, n: usize) {
        self.zero_masks_below(n);
        let from = self.zeroed;
        if n <= from {
            return;
        }
        for region in [
            &mut *self.counts,
            &mut *self.lcs_local,
            &mut *self.clip_r,
            &mut *self.clip_c,
        ] {
            if let Some(r) = region.get_mut(from..n) {
                r.fill(0);
            }
        }
        if let Some(r) = self.sk_counts.get_mut(from..n) {
            r.fill(0);
        }
        self.zeroed = n;
    }

    /// [`Work::zero_ids_below`] for the match masks only: all that a reference on the short
    /// path uses when every metric is one of its own (`Needs::short_only`).
    fn zero_masks_below(&mut self, n: usize) {
        let from = self.masks_zeroed;
        if n <= from {
            return;
        }
        for region in [&mut *self.masks, &mut *self.masks_hi] {
            if let Some(r) = region.get_mut(from..n) {
                r.fill(0);
            }
        }
        self.masks_zeroed = n;
    }
}

/// Which masks [`prepare_reference`] left set for the metrics of a reference.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RefMasks {
    /// None: each metric sets what it needs.
    None,
    /// A reference of at most 64 tokens, in `masks`.
    Narrow,
    /// 65 to 128 tokens, the rows from 64 on in `masks_hi` (see `lcs::Rows`).
    Wide,
}

/// Whether the pair takes the short-reference path, and with which masks: a reference of
/// at most 64 tokens (one word of match masks, `lcs::set_masks`) or, when the layout has the
/// high halves, 128 (two words), n-grams up to bigrams, no clipping tokens, and, with Lsum, a
/// candidate read out without the sentence index. The reference's masks then serve ROUGE-1,
/// ROUGE-2 (`short_levels`), L and Lsum alike, set and cleared once (`finish_reference`)
/// instead of per metric.
fn short_reference(
    candidate: &Summary,
    n: &Needs,
    nr: usize,
    unclipped: bool,
    vocab: usize,
    w: &Work,
) -> RefMasks {
    let fits = n.short_masks()
        && unclipped
        && vocab <= w.masks.len()
        && !(n.lsum && candidate.sentence_ends.len() >= INDEX_MIN_SENTENCES);
    if fits && nr <= 64 {
        RefMasks::Narrow
    } else if fits && nr <= 128 && vocab <= w.masks_hi.len() {
        RefMasks::Wide
    } else {
        RefMasks::None
    }
}

/// Sets the masks [`short_reference`] chose (zero up to the vocabulary).
fn set_ref_masks(short: RefMasks, nr: usize, w: &mut Work) {
    let r = &w.ref_ids[..nr];
    match short {
        RefMasks::None => {}
        RefMasks::Narrow => lcs::set_masks(r, w.masks),
        RefMasks::Wide => lcs::set_masks_wide(r, w.masks, w.masks_hi),
    }
    w.ref_masks = short;
}

/// ROUGE-1 and ROUGE-2 hits over the reference's match masks (a bit per reference position
/// holding the token): each candidate n-gram takes the lowest reference occurrence of it that
/// no earlier one took, if any (`x & -x`, no branch). Per n-gram that is min(candidate count,
/// reference count) hits, the clipped count, without a count table, an interning table for the
/// bigrams, or passes to clear them: a bigram (a, b) occurs at reference position j when bit j
/// of `masks[a] & masks[b] >> 1` is set.
fn short_levels<W: Rows>(metrics: &[Metric], w: &mut Work, nc: usize) {
    let (lo, hi) = (&*w.masks, &*w.masks_hi);
    let (mut free1, mut free2) = (W::ONES, W::ONES);
    // The first token's "previous" mask is empty: no bigram ends there.
    let mut prev = W::ZERO;
    for &t in &w.cand_ids[..nc] {
        let m = W::mask(lo, hi, t as usize);
        let x = m & free1;
        free1 ^= x & x.wrapping_neg();
        let x = prev & (m >> 1) & free2;
        free2 ^= x & x.wrapping_neg();
        prev = m;
    }
    w.ngram_hits.fill(0);
    // A hit is a position taken: no counters in the loop.
    store_ngram_hits(metrics, 1, taken(free1), w.ngram_hits);
    store_ngram_hits(metrics, 2, taken(free2), w.ngram_hits);
}

/// Positions taken from all-free (see [`short_levels`]).
fn taken<W: Rows>(free: W) -> u64 {
    u64::from((!free).count_ones())
}

/// Undoes what [`prepare_reference`] left for the metrics of one reference.
fn finish_reference(ctx: &PairCtx, w: &mut Work) {
    let r = &w.ref_ids[..ctx.nr];
    // Every id is below the vocabulary: when it is no larger than the reference, clearing
    // all of it (a memset) is cheaper than a store per reference token.
    let all = ctx.vocab <= r.len();
    match core::mem::replace(&mut w.ref_masks, RefMasks::None) {
        RefMasks::None => {}
        RefMasks::Narrow if all => w.masks[..ctx.vocab].fill(0),
        RefMasks::Narrow => lcs::clear_masks(r, w.masks),
        RefMasks::Wide if all => {
            w.masks[..ctx.vocab].fill(0);
            w.masks_hi[..ctx.vocab].fill(0);
        }
        RefMasks::Wide => lcs::clear_masks_wide(r, w.masks, w.masks_hi),
    }
}

/// Clipped hits of every N metric into `w.ngram_hits`, building level n+1 from level n by
/// interning (id of the n-gram at i, token at i+n).
fn ngram_levels(
    metrics: &[Metric],
    max_n: usize,
    w: &mut Work,
    nc: usize,
    nr: usize,
    vocab: usize,
    budget: bool,
) {
    w.ngram_hits.fill(0);
    let (cand, refr) = (&w.cand_ids[..nc], &w.ref_ids[..nr]);
    let hits = if budget {
        w.budget_loaded = true;
        clipped_overlap_budget(cand, refr, w.counts, w.clip_c)
    } else {
        clipped_overlap(cand, refr, w.counts)
    };
    store_ngram_hits(metrics, 1, hits, w.ngram_hits);
    if max_n < 2 {
        return;
    }
    w.gram_c[..nc].copy_from_slice(&w.cand_ids[..nc]);
    w.gram_r[..nr].copy_from_slice(&w.ref_ids[..nr]);
    for level in 2..=max_n {
        let (lc, lr) = (ngram_total(nc, level), ngram_total(nr, level));
        if lc == 0 || lr == 0 {
            // No n-grams at this length, nor at any longer one: the hits stay 0.
            break;
        }
        // Candidate n-grams are interned and counted; reference n-grams are only looked up: one
        // that the candidate lacks can match at no longer length either, so it stays dead.
        if let Some(bits) = packed_level_bits(vocab, nc) {
            let hits = packed_level(w, level, lc, lr, bits);
            store_ngram_hits(metrics, level, hits.0, w.ngram_hits);
            if !hits.1 {
                break;
            }
            continue;
        }
        let mut table = Interner::unready(w.keys, w.ids);
        table.clear_for(lc);
        for i in 0..lc {
            let id = table.intern((w.gram_c[i] as u64) << 32 | w.cand_ids[i + level - 1] as u64);
            w.gram_c[i] = id;
            w.counts[id as usize] += 1;
        }
        let (mut hits, mut alive) = (0u64, false);
        for i in 0..lr {
            let below = w.gram_r[i];
            let id = if below == DEAD {
                DEAD
            } else {
                table
                    .get((below as u64) << 32 | w.ref_ids[i + level - 1] as u64)
                    .unwrap_or(DEAD)
            };
            if id != DEAD {
                alive = true;
                let c = &mut w.counts[id as usize];
                let take = u32::from(*c > 0);
                *c -= take;
                hits += u64::from(take);
            }
            w.gram_r[i] = id;
        }
        for &id in &w.gram_c[..lc] {
            w.counts[id as usize] = 0;
        }
        store_ngram_hits(metrics, level, hits, w.ngram_hits);
        if !alive {
            break;
        }
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
fn packed_level_bits(vocab: usize, nc: usize) -> Option<u32> {
    let bits = usize::BITS - vocab.max(nc).leading_zeros();
    (bits <= PACKED_FIELD_BITS).then_some(bits.max(1))
}

/// One n-gram level through a [`Packed`] table, without a branch on data: a dead reference
/// n-gram looks up a key no n-gram has (all ones in its upper half) and so stays dead. The ids
/// of the live ones are gathered (branch-free filtering: always store, advance by the
/// predicate) into the table's id region, unused by packed tables, and clipped from there:
/// clipping every reference n-gram with the dead ones on one spare count would chain their
/// loads and stores through that one address (store-to-load forwarding, several cycles each).
/// Returns the hits and whether any reference n-gram is still alive.
fn packed_level(w: &mut Work, level: usize, lc: usize, lr: usize, bits: u32) -> (u64, bool) {
    let dead_key = (1u32 << bits) - 1;
    let mut table = Packed::new(w.keys, lc, 2 * bits);
    let next = &w.cand_ids[level - 1..][..lc];
    for (g, &t) in w.gram_c[..lc].iter_mut().zip(next) {
        let id = table.intern(u64::from(*g) << bits | u64::from(t));
        *g = id;
        w.counts[id as usize] += 1;
    }
    let next = &w.ref_ids[level - 1..][..lr];
    // lr < nr <= the layout's vocabulary <= the table's slots.
    let live = &mut w.ids[..lr];
    let mut alive = 0;
    for (g, &t) in w.gram_r[..lr].iter_mut().zip(next) {
        let id = table.get_or_max(u64::from((*g).min(dead_key)) << bits | u64::from(t));
        *g = id;
        live[alive] = id;
        alive += usize::from(id != DEAD);
    }
    let mut hits = 0u64;
    for &id in &live[..alive] {
        let c = &mut w.counts[id as usize];
        let take = u32::from(*c > 0);
        *c -= take;
        hits += u64::from(take);
    }
    for &id in &w.gram_c[..lc] {
        w.counts[id as usize] = 0;
    }
    (hits, alive > 0)
}

fn store_ngram_hits(metrics: &[Metric], level: usize, hits: u64, ngram_hits: &mut [u64]) {
    for (i, m) in metrics.iter().enumerate() {
        if *m == Metric::N(level) {
            ngram_hits[i] = hits;
        }
    }
}

/// ROUGE-N's outcome against one reference: `hit` clipped n-gram hits, `nr` and `nc` tokens.
fn ngram_per_ref(opts: &Options, n: usize, hit: u64, nr: usize, nc: usize) -> PerRef {
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
fn lcs_per_ref(hit: u64, nr: usize, nc: usize) -> PerRef {
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

/// The result of `metric` (ROUGE-1, ROUGE-2, L or Lsum) for a candidate of `nc` tokens
/// against one reference of `nr`, from the hits of a [`ShortPass`] over them: what
/// [`score_pair`] gives for that pair (its short-reference path counts the same hits).
pub(crate) fn short_result(
    metric: &Metric,
    opts: &Options,
    hits: &ShortHits,
    nc: usize,
    nr: usize,
) -> MetricResult {
    let per_ref = || match *metric {
        Metric::N(1) => ngram_per_ref(opts, 1, hits.unigrams, nr, nc),
        Metric::N(2) => ngram_per_ref(opts, 2, hits.bigrams, nr, nc),
        Metric::L => lcs_per_ref(hits.lcs, nr, nc),
        _ => lcs_per_ref(hits.union_lcs, nr, nc),
    };
    if matches!(opts.multi_ref, MultiRef::BestF | MultiRef::PerlA) {
        // `combine_references`' own shortcut for one reference, without the ranking key.
        let counts = per_ref().counts;
        return MetricResult {
            score: score_of(metric, &counts, opts),
            counts,
        };
    }
    let per_ref = per_ref();
    combine_references(metric, opts, 1, &|_| per_ref)
}

fn per_metric(i: usize, metric: &Metric, ctx: &PairCtx, opts: &Options, w: &mut Work) -> PerRef {
    let (nc, nr) = (ctx.nc, ctx.nr);
    #[cfg(any(feature = "rouge-w", feature = "rouge-s"))]
    let perl = opts.flavour == Flavour::Perl;
    #[cfg(feature = "rouge-s")]
    let int = |hit: u64, rt: u64, ct: u64| Counts {
        hit: hit as f64,
        reference_total: rt as f64,
        candidate_total: ct as f64,
    };
    match *metric {
        Metric::N(k) => ngram_per_ref(opts, k, w.ngram_hits[i], nr, nc),
        Metric::L if w.ref_masks != RefMasks::None => {
            let (cand, lo, hi) = (&w.cand_ids[..nc], &*w.masks, &*w.masks_hi);
            let hit = match (ctx.fused, w.ref_masks) {
                (Some((l, _)), _) => l,
                (None, RefMasks::Narrow) => lcs::lcs_length_rows::<u64>(nr, cand, lo, hi) as u64,
                (None, _) => lcs::lcs_length_rows::<u128>(nr, cand, lo, hi) as u64,
            };
            lcs_per_ref(hit, nr, nc)
        }
        Metric::L => {
            let (mut refr, mut cand) = (&w.ref_ids[..nr], &w.cand_ids[..nc]);
            // A token that only one side holds can be on no common subsequence: dropping those
            // leaves the LCS length as it is and shrinks the DP (by a fifth on W3). Worth its
            // linear passes on large pairs only; the n-gram regions are free here.
            if lcs_filters(nc, nr) && w.gram_c.len() >= nc && w.gram_r.len() >= nr {
                let (kc, kr) = common_tokens(cand, refr, ctx.vocab, w.counts, w.gram_c, w.gram_r);
                (cand, refr) = (&w.gram_c[..kc], &w.gram_r[..kr]);
            }
            let (nc, nr) = (cand.len(), refr.len());
            let mut s = LcsScratch {
                masks: w.masks,
                local: w.lcs_local,
                table: w.lcs_table,
                carry: w.carry,
            };
            // The LCS length is symmetric: a reference over one word with a candidate within
            // one takes the one-word kernel with the candidate as the pattern (the text needs
            // no carries there, so the scratch sized for the candidate as text serves).
            let (pattern, text) = if nr > 64 && nc <= 64 {
                (cand, refr)
            } else {
                (refr, cand)
            };
            let hit = lcs::lcs_length(pattern, text, &mut s) as u64;
            lcs_per_ref(hit, ctx.nr, ctx.nc)
        }
        Metric::Lsum => {
            let hit = match ctx.fused {
                Some((_, lsum)) => lsum,
                None => union_lcs_hits(ctx, w),
            };
            lcs_per_ref(hit, nr, clip_candidate_len(ctx))
        }
        #[cfg(feature = "rouge-w")]
        Metric::W(wt) if perl => {
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
        #[cfg(feature = "rouge-w")]
        Metric::W(wt) => {
            let n1 = nc + 1;
            let (c_prev, c_cur) = w.w_c[..2 * n1].split_at_mut(n1);
            let (k_prev, k_cur) = w.w_k[..2 * n1].split_at_mut(n1);
            let mut rows = WlcsRows {
                c_prev,
                c_cur,
                k_prev,
                k_cur,
            };
            let mut f = wlcs::WeightTable::new(wt);
            let hit = wlcs::wlcs_lin(&w.ref_ids[..nr], &w.cand_ids[..nc], &mut f, &mut rows);
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
        #[cfg(feature = "rouge-s")]
        Metric::S(d) | Metric::Su(d) => {
            let s = SkipScratch {
                start_a: w.sk_start_a,
                pos_a: w.sk_pos_a,
                start_b: w.sk_start_b,
                pos_b: w.sk_pos_b,
                counts: w.sk_counts,
            };
            let (cand, refr) = (&w.cand_ids[..nc], &w.ref_ids[..nr]);
            let mut c = int(
                skip_hits(cand, refr, ctx.vocab, d, s),
                skip_total(nr, d),
                skip_total(nc, d),
            );
            if matches!(metric, Metric::Su(_)) {
                // Perl's loop adds the unigram of every token but the last of each text.
                let (uc, ur) = if perl {
                    (nc.saturating_sub(1), nr.saturating_sub(1))
                } else {
                    (nc, nr)
                };
                c.hit += clipped_overlap(&cand[..uc], &refr[..ur], w.counts) as f64;
                c.reference_total += ur as f64;
                c.candidate_total += uc as f64;
            }
            PerRef {
                counts: c,
                perl_b_key: b_key_rounded(opts, ratio(c.hit, c.reference_total)),
            }
        }
        // Refused by `needs` in a build that leaves them out.
        #[cfg(not(feature = "rouge-w"))]
        Metric::W(_) => PerRef::default(),
        #[cfg(not(feature = "rouge-s"))]
        Metric::S(_) | Metric::Su(_) => PerRef::default(),
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

/// f applied to a (possibly fractional) weighted length.
#[cfg(feature = "rouge-w")]
fn weight_f(x: f64, w: f64) -> f64 {
    libm::pow(x, w)
}

/// Loads the unigram counts the clipping consumes: `clip_r` the reference's, `clip_c` the
/// budget min(reference count, candidate count). A hit takes one from both, so `clip_c <=
/// clip_r` holds throughout and "both positive" is "`clip_c` positive": `clip_c` alone is the
/// clipping budget. It is counted up to the reference's count without a branch, and is
/// nonzero only on reference tokens.
fn load_clip_counts(w: &mut Work, ctx: &PairCtx) {
    if core::mem::take(&mut w.budget_loaded) {
        // `clip_c` holds the budget already; start from zero.
        clear_clip_counts(w, ctx);
    }
    let (cand, refr) = clip_tokens(w.cand_ids, w.ref_ids, w.clip_cand_ids, w.clip_ref_ids, ctx);
    for &t in refr {
        w.clip_r[t as usize] += 1;
    }
    for &t in cand {
        let t = t as usize;
        w.clip_c[t] += u32::from(w.clip_r[t] > w.clip_c[t]);
    }
}

/// The dense ids clipping counts come from: the clipping tokens when given, else the pair's.
fn clip_tokens<'w>(
    cand_ids: &'w [u32],
    ref_ids: &'w [u32],
    clip_cand_ids: &'w [u32],
    clip_ref_ids: &'w [u32],
    ctx: &PairCtx,
) -> (&'w [u32], &'w [u32]) {
    match ctx.clip {
        Some((c, r)) => (&clip_cand_ids[..c], &clip_ref_ids[..r]),
        None => (&cand_ids[..ctx.nc], &ref_ids[..ctx.nr]),
    }
}

/// The candidate total of Lsum and Perl's W: the clipping tokens' count when given.
fn clip_candidate_len(ctx: &PairCtx) -> usize {
    ctx.clip.map_or(ctx.nc, |(c, _)| c)
}

fn clear_clip_counts(w: &mut Work, ctx: &PairCtx) {
    // Both counts are nonzero on reference tokens only (see `load_clip_counts`).
    let (_, refr) = clip_tokens(w.cand_ids, w.ref_ids, w.clip_cand_ids, w.clip_ref_ids, ctx);
    for &t in refr {
        w.clip_r[t as usize] = 0;
        w.clip_c[t as usize] = 0;
    }
}

/// The sentences of `s`, as slices of its dense ids.
fn dense_sentences<'a>(s: &Summary<'a>, ids: &'a [u32]) -> impl Iterator<Item = &'a [u32]> + 'a {
    s.sentence_bounds().map(move |r| &ids[r])
}

/// The candidate's non-empty sentences indexed by token: the sentences holding token `t` are
/// `sentences[first[t]..end(t)]` (ascending, one entry per occurrence), sentence `s` is
/// `tokens[starts[s]..starts[s + 1]]`. Built by a counting sort, O(candidate + vocabulary).
struct SentenceIndex<'a> {
    tokens: &'a [u32],
    /// Per dense id, borrowed from the all-zero `Work::counts` and zeroed again by `clear`.
    first: &'a mut [u32],
    sentences: &'a [u32],
    starts: &'a [u32],
}

impl<'a> SentenceIndex<'a> {
    /// `first` must be all zero over `vocab` ids; `sentences` and `starts` hold at least
    /// `tokens.len()` and `tokens.len() + 1` entries.
    fn build(
        cand: &Summary,
        tokens: &'a [u32],
        vocab: usize,
        first: &'a mut [u32],
        sentences: &'a mut [u32],
        starts: &'a mut [u32],
    ) -> Self {
        let mut count = 0;
        for r in cand.sentence_bounds() {
            if !r.is_empty() {
                starts[count] = r.start as u32;
                count += 1;
            }
        }
        starts[count] = tokens.len() as u32;
        let starts = &starts[..count + 1];
        let first_v = &mut first[..vocab];
        for &t in tokens {
            first_v[t as usize] += 1;
        }
        let mut sum = 0;
        for f in first_v.iter_mut() {
            sum += *f;
            *f = sum;
        }
        // Backwards, so that each token's sentences come out ascending.
        for s in (0..count).rev() {
            for &t in tokens[starts[s] as usize..starts[s + 1] as usize]
                .iter()
                .rev()
            {
                let f = &mut first_v[t as usize];
                *f -= 1;
                sentences[*f as usize] = s as u32;
            }
        }
        SentenceIndex {
            tokens,
            first: first_v,
            sentences: &sentences[..tokens.len()],
            starts,
        }
    }

    /// The sentences holding token `t` (one entry per occurrence).
    fn holding(&self, t: usize) -> &[u32] {
        let end = self
            .first
            .get(t + 1)
            .map_or(self.sentences.len(), |&e| e as usize);
        &self.sentences[self.first[t] as usize..end]
    }

    fn sentence(&self, s: usize) -> &[u32] {
        &self.tokens[self.starts[s] as usize..self.starts[s + 1] as usize]
    }

    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The union LCS hits (as a bit per position) of a reference sentence `r` of at most 64
    /// tokens whose masks are set.
    ///
    /// The union over candidate sentences does not depend on their order, and a sentence can
    /// only mark positions whose token it holds. So the sentences are visited token by token
    /// of `r`: for each token with unmarked positions, the sentences holding it (through the
    /// index) are read out, each at most once, until those positions are marked or the
    /// sentences run out. A position left unmarked then has had every sentence holding its
    /// token read out, so no sentence left out would mark it: the union is exact. On long
    /// documents most positions are marked after a few sentences (their tokens are common),
    /// so most of the m*n candidate-sentence pairs are never looked at.
    #[inline(never)]
    fn union_single(&self, r: &[u32], masks: &[u64], columns: &mut [u64], done: &mut [u64]) -> u64 {
        let done = &mut done[..words_for(self.count())];
        done.fill(0);
        let mut marks = 0u64;
        let mut todo = if r.len() >= 64 {
            !0u64
        } else {
            (1u64 << r.len()) - 1
        };
        while todo != 0 {
            let t = r[todo.trailing_zeros() as usize] as usize;
            let rows = masks[t];
            todo &= !rows;
            for &s in self.holding(t) {
                if rows & !marks == 0 {
                    break;
                }
                let (word, bit) = (s as usize / 64, 1u64 << (s % 64));
                if done[word] & bit == 0 {
                    done[word] |= bit;
                    lcs::union_lcs_single(
                        self.sentence(s as usize),
                        1u64 << (r.len() - 1),
                        masks,
                        columns,
                        &mut marks,
                    );
                }
            }
            todo &= !marks;
        }
        marks
    }

    /// Restores the borrowed counts to zero.
    fn clear(self) {
        self.first.fill(0);
    }
}

/// Candidate sentences (as counted by their ends) from which [`union_lcs_hits`] indexes them.
const INDEX_MIN_SENTENCES: usize = 12;

/// Whether sentence-level L filters a pair of these lengths (see `common_tokens`): both over
/// one word and 65,536 cells or more.
fn lcs_filters(nc: usize, nr: usize) -> bool {
    nc.min(nr) > 64 && nc.saturating_mul(nr) >= 1 << 16
}

/// Copies into `a_out` and `b_out` the tokens of `a` and `b` that the other one holds too,
/// in order; returns how many each kept. `seen` (per id; every id is below `vocab`) is zero on
/// entry and on return.
fn common_tokens(
    a: &[u32],
    b: &[u32],
    vocab: usize,
    seen: &mut [u32],
    a_out: &mut [u32],
    b_out: &mut [u32],
) -> (usize, usize) {
    for &t in a {
        seen[t as usize] |= 1;
    }
    for &t in b {
        seen[t as usize] |= 2;
    }
    // Compaction without a branch: every token is written, the count moves on when it stays.
    let keep = |from: &[u32], to: &mut [u32]| {
        let mut n = 0;
        for &t in from {
            to[n] = t;
            n += usize::from(seen[t as usize] == 3);
        }
        n
    };
    let (ka, kb) = (keep(a, a_out), keep(b, b_out));
    // The ids are dense: clearing them all at once (a memset) is cheaper than a store per token.
    match seen.get_mut(..vocab) {
        Some(ids) if vocab <= a.len() + b.len() => ids.fill(0),
        _ => {
            for &t in a.iter().chain(b) {
                seen[t as usize] = 0;
            }
        }
    }
    (ka, kb)
}

/// ROUGE-1 and ROUGE-2 hits (into `w.ngram_hits`), and the L and Lsum hits, of a pair on the
/// short-reference path with Lsum (`short_reference`), in one pass over the candidate: each
/// token's mask is loaded once for all four.
///
/// - ROUGE-1 and ROUGE-2 as in [`short_levels`].
/// - L: the one-word (or two-word) kernel over the whole candidate (`lcs::single_word`).
/// - Lsum: the reference's sentences fit the word together, so each candidate sentence's
///   forward pass covers them all, one segment each (as `lcs::union_lcs_single`), keeping
///   what [`ShortPass::end_sentence`] reads out right after the sentence. The marked positions are then
///   clipped against the positions the unigrams took, `U`: per token t exactly its budget
///   min(counts) of them (each candidate occurrence took one while any was free). The budget
///   walk of [`union_lcs_hits`] yields min(|U_t|, |K_t|) hits for t, K the marked positions,
///   whatever the order, which is |K_t & U_t| + min(|U_t \ K_t|, |K_t \ U_t|): a popcount,
///   and a walk over the marked positions outside U taking from U's positions outside K.
fn short_pass<W: Rows>(metrics: &[Metric], ctx: &PairCtx, w: &mut Work) -> (u64, u64) {
    let (nc, nr) = (ctx.nc, ctx.nr);
    w.ngram_hits.fill(0);
    if nc == 0 || nr == 0 {
        return (0, 0);
    }
    let (lo, hi) = (&*w.masks, &*w.masks_hi);
    let (cand, r) = (&w.cand_ids[..nc], &w.ref_ids[..nr]);
    let mut tops = W::ZERO;
    for b in ctx.refr.sentence_bounds() {
        if !b.is_empty() {
            tops |= W::ONE << (b.end - 1) as u32;
        }
    }
    let mut pass = ShortPass::new(tops);
    for s in ctx.cand.sentence_bounds() {
        let text = &cand[s];
        // The layout keeps 2 * WORDS words per token of the longest candidate sentence.
        let Some(cols) = w.columns.get_mut(..text.len() * 2 * W::WORDS) else {
            continue;
        };
        for (&t, col) in text.iter().zip(cols.chunks_exact_mut(2 * W::WORDS)) {
            let m = W::mask(lo, hi, t as usize);
            pass.push(m);
            pass.push_sentence(m, m.reverse(), col);
        }
        pass.end_sentence(cols);
    }
    let hits = pass.finish(nr, |pos| W::mask(lo, hi, r[pos] as usize));
    store_ngram_hits(metrics, 1, hits.unigrams, w.ngram_hits);
    store_ngram_hits(metrics, 2, hits.bigrams, w.ngram_hits);
    (hits.lcs, hits.union_lcs)
}

/// The hits [`ShortPass`] counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ShortHits {
    pub(crate) unigrams: u64,
    pub(crate) bigrams: u64,
    pub(crate) lcs: u64,
    pub(crate) union_lcs: u64,
}

/// The state of [`short_pass`] as the candidate's masks arrive one token at a time (the text
/// path feeds it straight from its tokeniser): [`ShortPass::push`] for ROUGE-1, 2 and L,
/// [`ShortPass::push_sentence`] and [`ShortPass::end_sentence`] for Lsum, which needs the
/// reference's sentence ends (`tops`, the last row of each non-empty sentence).
pub(crate) struct ShortPass<W> {
    /// Rows of all but the sentences' last ones: the segmented addition of
    /// `lcs::union_lcs_single`, also with a single segment (its carry out would only reach
    /// rows above the pattern, which no result reads).
    low: W,
    /// The sentences' rows in reverse order (see [`ShortPass::end_sentence`]): all of them,
    /// and the lowest and the highest bit of each.
    fields: W,
    fields_low: W,
    fields_high: W,
    free1: W,
    free2: W,
    /// The previous token's mask (empty before the first: no bigram ends there).
    prev: W,
    /// The whole-candidate LCS column (`lcs::single_word`).
    vl: W,
    /// The current candidate sentence's column.
    v: W,
    /// Reference positions on some sentence's union LCS, in reverse order.
    marks: W,
}

impl<W: Rows> ShortPass<W> {
    #[inline(always)]
    pub(crate) fn new(tops: W) -> Self {
        // The sentences cover rows 0 to the last top; each starts after the previous one's
        // last row (the first at row 0).
        let (rows, bottoms) = if tops == W::ZERO {
            (W::ZERO, W::ZERO)
        } else {
            let rows = W::ONES >> tops.leading_zeros();
            (rows, (tops << 1 | W::ONE) & rows)
        };
        ShortPass {
            low: !tops,
            fields: rows.reverse(),
            fields_low: tops.reverse(),
            fields_high: bottoms.reverse(),
            free1: W::ONES,
            free2: W::ONES,
            prev: W::ZERO,
            vl: W::ONES,
            v: W::ONES,
            marks: W::ZERO,
        }
    }

    /// The next candidate token, by its match mask `m`: ROUGE-1 and 2 as in [`short_levels`],
    /// L as `lcs::single_word`.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: W) {
        let x = m & self.free1;
        self.free1 ^= x & x.wrapping_neg();
        let x = self.prev & (m >> 1) & self.free2;
        self.free2 ^= x & x.wrapping_neg();
        self.prev = m;
        self.vl = self.vl.wrapping_add(self.vl & m) | (self.vl & !m);
    }

    /// The same token's step of its sentence's forward pass (`rm`: its mask in reverse row
    /// order), kept in `col` (2 * WORDS words) for the walk: the rows where the walk can stop,
    /// `!V | M` (a match or a step up), and the match rows, both in reverse order.
    #[inline(always)]
    pub(crate) fn push_sentence(&mut self, m: W, rm: W, col: &mut [u64]) {
        let vlow = self.v & self.low;
        self.v = vlow.wrapping_add(vlow & m) | (self.v & !m);
        let (stops, matches) = col.split_at_mut(W::WORDS);
        (!self.v.reverse() | rm).set_column(stops);
        rm.set_column(matches);
    }

    /// Ends a candidate sentence whose columns are `cols`: the union LCS read-out of
    /// `lcs::union_lcs_single` (rouge-score's traceback), for all the reference's sentences at
    /// once.
    ///
    /// Each sentence's walk starts at its last row in the last column; in each column it goes
    /// to the highest stop row at or below its row, marks that row if it is a match and goes on
    /// below it, else from it, in the column before. With the rows in reverse order a sentence
    /// is a field of bits whose lowest is its last row, and "the highest stop row at or below"
    /// is the field's lowest set bit of `x = stops & below`: `x & (!(x | high) + low)`, the
    /// carry of `+ low` running up the field's clear bits to its lowest set one and stopping
    /// at its highest bit `high` at the latest, so that no field's carry reaches the next
    /// (the segmented arithmetic of the forward pass, turned around). The rows from there to
    /// the field's end are `(high - top) ^ high`, none for a field without a set bit: every
    /// walk takes one step a column, with no branch, and a walk that has ended stays so. A
    /// walk that goes on after `union_lcs_single`'s would have stopped (no needed row left)
    /// marks only rows marked already, so the marks are the same.
    #[inline(always)]
    pub(crate) fn end_sentence(&mut self, cols: &[u64]) {
        let (low, high) = (self.fields_low, self.fields_high);
        let mut below = self.fields;
        let mut marked = W::ZERO;
        for col in cols.chunks_exact(2 * W::WORDS).rev() {
            let (stops, matches) = (W::column(col), W::column(&col[W::WORDS..]));
            let x = stops & below;
            let top = x & (!(x | high)).wrapping_add(low);
            let hit = top & matches;
            marked |= hit;
            below = (high.wrapping_sub(top) ^ high) & !hit;
        }
        self.marks |= marked;
        self.v = W::ONES;
    }

    /// The hits against a reference of `nr` tokens, `mask_at(j)` the mask of its token at
    /// position j.
    #[inline(always)]
    pub(crate) fn finish(self, nr: usize, mask_at: impl Fn(usize) -> W) -> ShortHits {
        let valid = if nr as u32 >= W::BITS {
            W::ONES
        } else {
            (W::ONE << nr as u32).wrapping_sub(W::ONE)
        };
        let lcs = nr as u64 - u64::from((self.vl & valid).count_ones());
        let took = !self.free1;
        let marks = self.marks.reverse();
        let mut union_lcs = u64::from((marks & took).count_ones());
        let mut left = took & !marks;
        let mut rest = marks & !took;
        while rest != W::ZERO {
            let x = left & mask_at(rest.trailing_zeros() as usize);
            let low = x & x.wrapping_neg();
            left ^= low;
            union_lcs += u64::from(low != W::ZERO);
            rest &= rest.wrapping_sub(W::ONE);
        }
        ShortHits {
            unigrams: taken(self.free1),
            bigrams: taken(self.free2),
            lcs,
            union_lcs,
        }
    }
}

/// Summary-level LCS hits: union LCS per reference sentence, clipped by unigram counts.
fn union_lcs_hits(ctx: &PairCtx, w: &mut Work) -> u64 {
    let (nc, nr) = (ctx.nc, ctx.nr);
    if nc == 0 || nr == 0 {
        // No budget either: an empty side takes no unigram hits.
        w.budget_loaded = false;
        return 0;
    }
    let handed = core::mem::take(&mut w.budget_loaded);
    if !handed {
        load_clip_counts(w, ctx);
    }
    let cand_ids = &w.cand_ids[..nc];
    let ref_ids = &w.ref_ids[..nr];
    // A short candidate's few sentences are cheaper to read out directly than to index.
    let index = (ctx.cand.sentence_ends.len() >= INDEX_MIN_SENTENCES).then(|| {
        SentenceIndex::build(&ctx.cand, cand_ids, ctx.vocab, w.counts, w.gram_c, w.gram_r)
    });
    let mut hits = 0u64;
    let mut bounds = ctx
        .refr
        .sentence_bounds()
        .filter(|b| !b.is_empty())
        .peekable();
    while let Some(b) = bounds.next() {
        // Consecutive short sentences that fit one word together are read out together, one
        // segment each (see `lcs::union_lcs_single`): a short reference's few sentences then
        // share each forward pass over a candidate sentence. Not with the index, which reads
        // out one sentence's tokens. `tops` holds the last row of each (0: a long sentence).
        let (range, tops) = if b.len() <= 64 {
            let (start, mut end) = (b.start, b.end);
            let mut tops = 1u64 << (b.len() - 1);
            while let Some(n) = bounds
                .peek()
                .filter(|n| index.is_none() && n.end - start <= 64)
            {
                tops |= 1u64 << (n.end - start - 1);
                end = n.end;
                bounds.next();
            }
            (start..end, tops)
        } else {
            (b, 0)
        };
        let r = &ref_ids[range];
        let marks = &mut w.marks[..words_for(r.len())];
        marks.fill(0);
        if tops != 0 {
            // One word: the masks are set once for all candidate sentences.
            lcs::set_masks(r, w.masks);
            marks[0] = match &index {
                Some(index) => index.union_single(r, w.masks, w.columns, w.lsum_done),
                None => {
                    let mut m = 0;
                    for c in dense_sentences(&ctx.cand, cand_ids) {
                        lcs::union_lcs_single(c, tops, w.masks, w.columns, &mut m);
                    }
                    m
                }
            };
            lcs::clear_masks(r, w.masks);
        } else {
            for c in dense_sentences(&ctx.cand, cand_ids) {
                if c.is_empty() {
                    continue;
                }
                let mut s = LcsScratch {
                    masks: w.masks,
                    local: w.lcs_local,
                    table: w.lcs_table,
                    carry: w.carry,
                };
                let cols = &mut w.columns[..c.len() * words_for(r.len())];
                if lcs::lcs_columns(r, c, &mut s, cols) > 0 {
                    lcs::mark_lcs(r, c, cols, marks);
                }
            }
        }
        // The marked positions in order, taking from the budget (`load_clip_counts`) without
        // a branch on whether a position is marked or its token still has budget.
        for (k, &word) in marks.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let t = r[k * 64 + bits.trailing_zeros() as usize] as usize;
                let b = &mut w.clip_c[t];
                let take = u32::from(*b > 0);
                *b -= take;
                hits += u64::from(take);
                bits &= bits - 1;
            }
        }
    }
    if let Some(index) = index {
        index.clear();
    }
    if handed {
        // Only the budget was loaded (on reference tokens, no clipping tokens given).
        for &t in &w.ref_ids[..nr] {
            w.clip_c[t as usize] = 0;
        }
    } else {
        clear_clip_counts(w, ctx);
    }
    hits
}

/// ROUGE-1.5.5's ROUGE-W hit and its single-weighted base Σ f(|sentence|).
#[cfg(feature = "rouge-w")]
fn perl_wlcs(ctx: &PairCtx, wt: f64, w: &mut Work) -> (f64, f64) {
    let (nc, nr) = (ctx.nc, ctx.nr);
    let mut base = 0.0;
    let mut hit = 0.0;
    let mut f = wlcs::WeightTable::new(wt);
    load_clip_counts(w, ctx);
    let cand_ids = &w.cand_ids[..nc];
    let ref_ids = &w.ref_ids[..nr];
    for r in dense_sentences(&ctx.refr, ref_ids) {
        base += f.get(r.len() as u32);
        if r.is_empty() {
            continue;
        }
        let marks = &mut w.marks[..words_for(r.len())];
        marks.fill(0);
        for c in dense_sentences(&ctx.cand, cand_ids) {
            if c.is_empty() {
                continue;
            }
            let n1 = c.len() + 1;
            let (c_prev, c_cur) = w.w_c[..2 * n1].split_at_mut(n1);
            let (k_prev, k_cur) = w.w_k[..2 * n1].split_at_mut(n1);
            let mut rows = WlcsRows {
                c_prev,
                c_cur,
                k_prev,
                k_cur,
            };
            wlcs::wlcs_perl_mark(
                r,
                c,
                &mut f,
                &mut rows,
                &mut w.w_up[..r.len() * words_for(c.len())],
                marks,
            );
        }
        // Perl's scan: a masked, unclipped position extends the run; the run is added when the
        // next position is unmasked or the sentence ends. A clipped position does nothing, so a
        // run pending at a clipped sentence end is dropped.
        let masked = |p: usize| (marks[p / 64] >> (p % 64)) & 1 == 1;
        let mut run = 0u32;
        for (p, &t) in r.iter().enumerate() {
            if !masked(p) {
                continue;
            }
            let t = t as usize;
            if w.clip_r[t] > 0 && w.clip_c[t] > 0 {
                run += 1;
                if p + 1 == r.len() || !masked(p + 1) {
                    hit += f.get(run);
                    run = 0;
                }
                w.clip_r[t] -= 1;
                w.clip_c[t] -= 1;
            }
        }
    }
    clear_clip_counts(w, ctx);
    (hit, base)
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

struct BatchRefs<'b> {
    batch: &'b Batch<'b>,
    first: usize,
    count: usize,
    /// Index in `sentence_ends` of the first end of segment `first`.
    ends_from: usize,
}

impl References for BatchRefs<'_> {
    fn count(&self) -> usize {
        self.count
    }
    fn get(&self, i: usize) -> Summary<'_> {
        // References are read in order and are few: walk from the first one's ends.
        let mut from = self.ends_from;
        for k in self.first..self.first + i {
            from = self.batch.segment_from(k, from).1;
        }
        self.batch.segment_from(self.first + i, from).0
    }
}

impl<'a> Batch<'a> {
    /// Number of pairs.
    pub fn pair_count(&self) -> usize {
        self.pair_segments.len().saturating_sub(1)
    }

    /// Segment `k`, whose sentence ends start at or after index `from` of `sentence_ends`
    /// (where the previous segment's stopped: segments are read in order, so each end is
    /// stepped over once instead of searched for), and the index after its ends.
    fn segment_from(&self, k: usize, from: usize) -> (Summary<'a>, usize) {
        let start = if k == 0 { 0 } else { self.segment_ends[k - 1] };
        let end = self.segment_ends[k];
        let ends = self.sentence_ends;
        let mut lo = from.min(ends.len());
        while lo < ends.len() && ends[lo] <= start {
            lo += 1;
        }
        let mut hi = lo;
        while hi < ends.len() && ends[hi] <= end {
            hi += 1;
        }
        let summary = Summary {
            tokens: &self.tokens[start..end],
            sentence_ends: &ends[lo..hi],
            ends_offset: start,
        };
        (summary, hi)
    }

    fn validate(&self) -> Result<(), Error> {
        let non_decreasing_within = |xs: &[usize], limit: usize| {
            let mut prev = 0;
            xs.iter().all(|&x| {
                let ok = x >= prev && x <= limit;
                prev = x;
                ok
            })
        };
        if self.tokens.len() > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        if self.pair_segments.is_empty()
            || !non_decreasing_within(self.segment_ends, self.tokens.len())
            || !non_decreasing_within(self.sentence_ends, self.tokens.len())
            || !non_decreasing_within(self.pair_segments, self.segment_ends.len())
            || self.pair_segments.windows(2).any(|p| p[1] - p[0] < 2)
        {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }

    /// Pair `p`, whose sentence ends start at or after index `from`, and the index after its
    /// ends (where pair `p + 1`'s start).
    fn pair_from(&self, p: usize, from: usize) -> (Summary<'a>, BatchRefs<'_>, usize) {
        let first = self.pair_segments[p];
        let last = self.pair_segments[p + 1];
        let (candidate, ends_from) = self.segment_from(first, from);
        let mut next = ends_from;
        for k in first + 1..last {
            next = self.segment_from(k, next).1;
        }
        let refs = BatchRefs {
            batch: self,
            first: first + 1,
            count: last - first - 1,
            ends_from,
        };
        (candidate, refs, next)
    }

    /// The dimensions covering every pair (validates the batch first).
    pub fn dims(&self) -> Result<Dims, Error> {
        self.validate()?;
        let mut d = Dims::default();
        let mut from = 0;
        for p in 0..self.pair_count() {
            let (c, r, next) = self.pair_from(p, from);
            d = d.max(Dims::of(&c, &r));
            from = next;
        }
        Ok(d)
    }
}

/// Scores every pair of `batch`: `out[p * metrics.len() + i]` is metric i of pair p. The whole
/// batch is checked before anything is computed, so nothing is written unless the call succeeds.
pub fn score_batch(
    batch: &Batch,
    metrics: &[Metric],
    opts: &Options,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    let k = metrics.len();
    if out.len()
        < batch
            .pair_count()
            .checked_mul(k)
            .ok_or(Error::InputTooLong)?
    {
        return Err(Error::OutputTooSmall);
    }
    score_batch_with(batch, metrics, opts, scratch, &mut |p, i, r| {
        out[p * k + i] = r
    })
}

/// [`score_batch`] handing each result to `sink(pair, metric, result)` instead. The whole batch
/// is checked first: `sink` is called only when every pair can be scored.
pub fn score_batch_with(
    batch: &Batch,
    metrics: &[Metric],
    opts: &Options,
    scratch: &mut [u64],
    sink: &mut dyn FnMut(usize, usize, MetricResult),
) -> Result<(), Error> {
    let n = needs(metrics, opts)?;
    let dims = batch.dims()?;
    check_weights(metrics, opts, &dims)?;
    let layout = Layout::new(&n, &dims, ClipDims::default(), metrics.len())?;
    let needed = layout.words()?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let mut w = layout.carve(&mut scratch[..needed]);
    let mut from = 0;
    for p in 0..batch.pair_count() {
        let (c, r, next) = batch.pair_from(p, from);
        score_validated(&c, &r, None, metrics, &n, opts, &mut w, &mut |i, res| {
            sink(p, i, res)
        });
        from = next;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn sentences<'a>(tokens: &'a [u32], ends: &[usize]) -> Vec<&'a [u32]> {
        Summary::new(tokens, ends)
            .sentence_bounds()
            .map(|r| &tokens[r])
            .collect()
    }

    /// Union LCS hits with unigram clipping, straight from the definition.
    fn oracle(c: (&[u32], &[usize]), r: (&[u32], &[usize])) -> u64 {
        let mut cr: HashMap<u32, u64> = HashMap::new();
        let mut cc: HashMap<u32, u64> = HashMap::new();
        for &t in r.0 {
            *cr.entry(t).or_default() += 1;
        }
        for &t in c.0 {
            *cc.entry(t).or_default() += 1;
        }
        let mut hits = 0;
        for rs in sentences(r.0, r.1) {
            let mut union = vec![false; rs.len()];
            for cs in sentences(c.0, c.1) {
                for p in lcs::lcs_backtrack(rs, cs) {
                    union[p] = true;
                }
            }
            for (p, &t) in rs.iter().enumerate() {
                if union[p] && cr[&t] > 0 && cc.get(&t).copied().unwrap_or(0) > 0 {
                    *cr.get_mut(&t).unwrap() -= 1;
                    *cc.get_mut(&t).unwrap() -= 1;
                    hits += 1;
                }
            }
        }
        hits
    }

    /// Random sentences, lengths drawn from `lens` (empty sentences and the 63/64/65 token
    /// edges of the one-word kernel included).
    fn summary(
        rng: &mut Rng,
        sentences: usize,
        lens: &[usize],
        vocab: u64,
    ) -> (Vec<u32>, Vec<usize>) {
        let (mut tokens, mut ends) = (vec![], vec![]);
        for _ in 0..sentences {
            let len = lens[rng.below(lens.len() as u64) as usize];
            // Skewed ids: a few common tokens, as in text.
            tokens.extend((0..len).map(|_| {
                let x = rng.below(vocab);
                (x * x / vocab) as u32 * 11 + 5
            }));
            ends.push(tokens.len());
        }
        (tokens, ends)
    }

    #[cfg(feature = "rouge-s")] // Scores ROUGE-SU too.
    #[test]
    fn test_lsum_matches_union_lcs_oracle() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let lens = [0usize, 1, 2, 3, 7, 20, 47, 63, 64, 65, 100];
        // Sentence counts either side of INDEX_MIN_SENTENCES, odd and even.
        let counts = [0usize, 1, 2, 3, 5, 11, 12, 13, 30, 41];
        // N(2) and Su share scratch with the Lsum index (n-gram ids, zeroed counts).
        let metrics = [
            Metric::Lsum,
            Metric::N(2),
            Metric::Su(Some(4)),
            Metric::Lsum,
        ];
        for opts in [Options::rouge_score(), Options::perl()] {
            for &nc in &counts {
                for &nr in &counts {
                    for vocab in [3u64, 12, 60] {
                        let c = summary(&mut rng, nc, &lens, vocab);
                        let r = summary(&mut rng, nr, &lens[..lens.len() - 1 - (nr % 2)], vocab);
                        let cand = Summary::new(&c.0, &c.1);
                        let refs = [Summary::new(&r.0, &r.1)];
                        let dims = Dims::of(&cand, &refs[..]);
                        let mut scratch =
                            vec![0u64; scratch_words(&metrics, &opts, &dims).unwrap()];
                        let mut out = [MetricResult::default(); 4];
                        score_pair(&cand, &refs[..], &metrics, &opts, &mut scratch, &mut out)
                            .unwrap();
                        let want = oracle((&c.0, &c.1), (&r.0, &r.1));
                        assert_eq!(
                            out[0].counts.hit, want as f64,
                            "nc {nc} nr {nr} vocab {vocab}"
                        );
                        // The borrowed counts came back zeroed: later metrics and a second
                        // Lsum agree with separate calls.
                        assert_eq!(out[3].counts.hit, want as f64);
                        for (k, m) in metrics[1..3].iter().enumerate() {
                            let mut one = [MetricResult::default()];
                            let mut s = vec![0u64; scratch_words(&[*m], &opts, &dims).unwrap()];
                            score_pair(&cand, &refs[..], &[*m], &opts, &mut s, &mut one).unwrap();
                            assert_eq!(one[0].counts.hit, out[k + 1].counts.hit, "{m:?}");
                        }
                        // Twice the same reference: the index is rebuilt for the second one.
                        let twice = [refs[0], refs[0]];
                        let dims = Dims::of(&cand, &twice[..]);
                        let mut scratch =
                            vec![0u64; scratch_words(&metrics, &opts, &dims).unwrap()];
                        let mut again = [MetricResult::default(); 4];
                        score_pair(&cand, &twice[..], &metrics, &opts, &mut scratch, &mut again)
                            .unwrap();
                        // (Perl pools the counts of the references: compare the scores.)
                        for (a, b) in again.iter().zip(&out) {
                            assert!((a.score.fmeasure - b.score.fmeasure).abs() < 1e-12);
                            assert!((a.score.recall - b.score.recall).abs() < 1e-12);
                        }
                    }
                }
            }
        }
    }

    /// `score_checked` with `dense_vocab` on scratch of exactly the size query's words, all
    /// set to `fill` first (dirty scratch).
    fn score_dense(
        cand: &Summary,
        refs: &[Summary],
        metrics: &[Metric],
        opts: &Options,
        dense_vocab: Option<usize>,
        fill: u64,
    ) -> Vec<MetricResult> {
        let words = scratch_words(metrics, opts, &Dims::of(cand, refs)).unwrap();
        let mut scratch = vec![fill; words];
        let mut out = vec![MetricResult::default(); metrics.len()];
        score_checked(
            cand,
            refs,
            None,
            metrics,
            opts,
            None,
            dense_vocab,
            &mut scratch,
            &mut out,
        )
        .unwrap();
        out
    }

    /// Clipped n-gram hits straight from the definition.
    fn ngram_oracle(c: &[u32], r: &[u32], n: usize) -> u64 {
        fn count(t: &[u32], n: usize) -> HashMap<&[u32], u64> {
            let mut m: HashMap<&[u32], u64> = HashMap::new();
            for g in t.windows(n) {
                *m.entry(g).or_default() += 1;
            }
            m
        }
        let (cc, rc) = (count(c, n), count(r, n));
        cc.iter()
            .map(|(g, &k)| k.min(rc.get(g).copied().unwrap_or(0)))
            .sum()
    }

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

    /// The unigram pass hands Lsum its clipping budget: a Perl W before the Lsum, or a second
    /// Lsum, must load its own counts and find the same as a call of its own.
    #[cfg(feature = "rouge-w")] // Scores ROUGE-W too.
    #[test]
    fn test_lsum_budget_from_unigram_pass_in_any_metric_order() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        let lens = [0usize, 1, 4, 9, 17, 30, 70];
        let orders: [&[Metric]; 4] = [
            &[Metric::N(1), Metric::W(1.2), Metric::Lsum],
            &[Metric::Lsum, Metric::N(2), Metric::W(1.2), Metric::Lsum],
            &[Metric::W(1.2), Metric::N(1), Metric::Lsum, Metric::W(1.2)],
            &[Metric::N(1), Metric::Lsum, Metric::Lsum],
        ];
        for case in 0..300 {
            let vocab = [3u64, 10, 40][case % 3];
            let (nc, nr) = (rng.below(5) as usize, rng.below(6) as usize);
            let c = summary(&mut rng, nc, &lens, vocab);
            let r = summary(&mut rng, nr, &lens, vocab);
            let r2 = summary(&mut rng, nr + 1, &lens, vocab);
            let cand = Summary::new(&c.0, &c.1);
            let refs = [Summary::new(&r.0, &r.1), Summary::new(&r2.0, &r2.1)];
            let opts = Options::perl();
            let dims = Dims::of(&cand, &refs[..]);
            for metrics in orders {
                let mut scratch = vec![7u64; scratch_words(metrics, &opts, &dims).unwrap()];
                let mut out = vec![MetricResult::default(); metrics.len()];
                score_pair(&cand, &refs[..], metrics, &opts, &mut scratch, &mut out).unwrap();
                for (m, got) in metrics.iter().zip(&out) {
                    let mut one = [MetricResult::default()];
                    let mut s = vec![0u64; scratch_words(&[*m], &opts, &dims).unwrap()];
                    score_pair(&cand, &refs[..], &[*m], &opts, &mut s, &mut one).unwrap();
                    assert_eq!(one[0], *got, "case {case} {m:?} in {metrics:?}");
                }
            }
        }
    }

    /// The short-reference path (references up to 64 and 128 tokens, one and two mask words,
    /// ROUGE-1/2, L and Lsum over the same masks in one pass) against the general path, which
    /// a ROUGE-3 in the list forces, and the n-gram oracle: bit-identical results, for several
    /// metric subsets and orders, one and two references, dense and interned ids, dirty scratch.
    #[cfg(all(feature = "rouge-w", feature = "rouge-s"))] // Scores ROUGE-W and SU too.
    #[test]
    fn test_short_reference_path_matches_general_path() {
        let mut rng = Rng(0x3c6e_f372_fe94_f82b);
        let lens = [0usize, 1, 2, 5, 13, 31, 40, 63, 64, 65, 90];
        let lists: [&[Metric]; 6] = [
            &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum],
            &[Metric::Lsum, Metric::L],
            &[Metric::Lsum, Metric::N(1)],
            &[Metric::N(2), Metric::L],
            &[
                Metric::L,
                Metric::Lsum,
                Metric::N(2),
                Metric::Lsum,
                Metric::N(1),
            ],
            &[
                Metric::Lsum,
                Metric::Su(Some(4)),
                Metric::W(1.2),
                Metric::N(1),
            ],
        ];
        let (mut narrow, mut wide) = (0, 0);
        for case in 0..1500 {
            let vocab = [2u64, 5, 20, 80][case % 4];
            let (sc, sr) = (rng.below(5) as usize, rng.below(5) as usize);
            let c = summary(&mut rng, sc, &lens, vocab);
            let r = summary(&mut rng, sr, &lens, vocab);
            let s2 = 1 + rng.below(3) as usize;
            let r2 = summary(&mut rng, s2, &lens[..8], vocab);
            match r.0.len() {
                0..=64 => narrow += 1,
                65..=128 => wide += 1,
                _ => {}
            }
            let cand = Summary::new(&c.0, &c.1);
            let (a, b) = (Summary::new(&r.0, &r.1), Summary::new(&r2.0, &r2.1));
            // A second reference after a short one or before it (a long one takes the
            // general path, whose per-id regions the short path may have left unzeroed).
            let all = if case % 4 == 3 { [b, a] } else { [a, b] };
            let refs = &all[..1 + case % 2];
            let opts = [Options::rouge_score(), Options::perl()][case / 2 % 2];
            let dense =
                c.0.iter()
                    .chain(&r.0)
                    .chain(&r2.0)
                    .max()
                    .map_or(0, |&m| m as usize + 1);
            let metrics = lists[case % lists.len()];
            let mut general = metrics.to_vec();
            general.push(Metric::N(3));
            let run = |metrics: &[Metric], dense_vocab: Option<usize>| {
                score_dense(&cand, refs, metrics, &opts, dense_vocab, !0u64 / 5)
            };
            for dense_vocab in [None, Some(dense)] {
                let got = run(metrics, dense_vocab);
                let want = run(&general, dense_vocab);
                assert_eq!(got[..], want[..metrics.len()], "case {case} {metrics:?}");
                for (m, g) in metrics.iter().zip(&got) {
                    if let (Metric::N(n), 1) = (*m, refs.len()) {
                        // One reference: `r`.
                        let hit = ngram_oracle(&c.0, &r.0, n) as f64;
                        assert_eq!(g.counts.hit, hit, "case {case} N({n})");
                    }
                }
            }
        }
        assert!(narrow > 200 && wide > 200, "{narrow} {wide}");
    }

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
            let want = lcs::lcs_table(&r, &c)[nr][nc] as f64;
            assert_eq!(out[0].counts.hit, want, "case {case} nc {nc} nr {nr}");
        }
    }

    #[test]
    fn test_sentence_index_lists_every_occurrence() {
        let tokens = [2u32, 0, 2, 1, 1, 2, 2, 0];
        // Sentences [2 0] [] [2 1] [1 2 2 0], the empty one skipped in the numbering.
        let ends = [2usize, 2, 4];
        let cand = Summary::new(&tokens, &ends);
        let (mut first, mut sentences, mut starts) = ([0u32; 4], [9u32; 8], [9u32; 9]);
        let index =
            SentenceIndex::build(&cand, &tokens, 3, &mut first, &mut sentences, &mut starts);
        assert_eq!(index.count(), 3);
        assert_eq!(index.holding(0), &[0, 2]);
        assert_eq!(index.holding(1), &[1, 2]);
        assert_eq!(index.holding(2), &[0, 1, 2, 2]);
        assert_eq!(index.sentence(0), &[2, 0]);
        assert_eq!(index.sentence(2), &[1, 2, 2, 0]);
        index.clear();
        assert_eq!(first, [0; 4]);
    }
}
