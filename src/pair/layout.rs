//! The scratch of one call: its layout (the size of each region, from the metrics' needs and
//! the dimensions), listed once for the size query and the carving, and the carved regions
//! ([`Work`]) with the state that says what they hold.

use super::combine::PER_REF_WORDS;
use super::metric::lcs_filters;
use super::reference::RefMasks;
use super::{ClipDims, Needs};
use crate::arch::LazyFeatures;
use crate::intern::capacity_for;
use crate::lcs::{self, words_for};
use crate::model::Dims;
use crate::scratch::{Carver, Size, Walk};
use crate::wlcs::WlcsRows;
use crate::{Error, MAX_INPUT_LEN};

/// Region sizes of one call, in elements. Its regions are listed once, in [`Layout::walk`]:
/// [`Layout::words`] counts them, [`Layout::carve`] hands them out.
pub(super) struct Layout {
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
    /// Whether sentence-level L drops the tokens one side lacks (large pairs), into the
    /// [`SpareIds`].
    lcs_filter: bool,
    /// Candidate tokens the summary-level LCS's sentence index covers (0 without Lsum); the
    /// index lives in the [`SpareIds`] (see `spare_sizes`).
    lsum_index: usize,
    /// Cells of the weighted LCS's two rows (twice a row of one more than the candidate's
    /// tokens, or its longest sentence's for Perl's W), 0 without W.
    wlcs_cells: usize,
    w_up: usize,
    skip: bool,
    /// Entries of the skip-bigram start tables (`vocab + 1`, 0 without S or SU).
    skip_starts: usize,
    metrics: usize,
    per_ref: usize,
}

impl Layout {
    pub(super) fn new(
        n: &Needs,
        d: &Dims,
        clip: ClipDims,
        metric_count: usize,
    ) -> Result<Layout, Error> {
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
            wlcs_cells: w_rows.checked_mul(2).ok_or(Error::InputTooLong)?,
            w_up,
            skip: n.skip,
            skip_starts: if n.skip { vocab + 1 } else { 0 },
            metrics: metric_count,
            per_ref,
        })
    }

    /// Entries of the two [`SpareIds`] regions: the n-gram ids of candidate and reference, the
    /// Lsum sentence index (a sentence number per candidate token, and the starts of the
    /// candidate's non-empty sentences plus its end) and sentence-level L's common tokens.
    fn spare_sizes(&self) -> (usize, usize) {
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

    /// Every region of the scratch, in order: the one list both the size query and the
    /// carving walk (a region a layout does not use has 0 entries).
    #[inline(always)]
    pub(super) fn walk<V: Walk>(&self, v: &mut V) -> WorkOf<V> {
        let when = |used: bool, len: usize| if used { len } else { 0 };
        let (spare_c, spare_r) = self.spare_sizes();
        let lcs_blocks = self.lcs_table > 0;
        // Fields are initialised in the order written, which is the carving order.
        WorkOf {
            intern_keys: v.region::<u64>(self.table),
            intern_ids: v.region::<u32>(self.table),
            cand_ids: v.region::<u32>(self.cand),
            ref_ids: v.region::<u32>(self.refl),
            clip_cand_ids: v.region::<u32>(self.clip_c),
            clip_ref_ids: v.region::<u32>(self.clip_r),
            id_counts: v.region::<u32>(self.vocab),
            spare_ids: SpareIds {
                cand: v.region::<u32>(spare_c),
                refr: v.region::<u32>(spare_r),
            },
            clip_ref_counts: v.region::<u32>(when(self.clip, self.vocab)),
            clip_budget: v.region::<u32>(when(self.clip, self.vocab)),
            match_masks: v.region::<u64>(when(self.lcs_masks, self.vocab)),
            match_masks_hi: v.region::<u64>(self.masks_hi),
            lcs_local_ids: v.region::<u32>(when(lcs_blocks, self.vocab)),
            lcs_block_table: v.region::<u64>(self.lcs_table),
            lcs_carries: v.region::<u8>(self.carry),
            lcs_columns: v.region::<u64>(self.columns),
            sentence_marks: v.region::<u64>(self.marks),
            sentences_read: v.region::<u64>(words_for(self.lsum_index)),
            wlcs_values: v.region::<f64>(self.wlcs_cells),
            wlcs_runs: v.region::<u32>(self.wlcs_cells),
            wlcs_up_bits: v.region::<u64>(self.w_up),
            skip_cand_starts: v.region::<u32>(self.skip_starts),
            skip_cand_positions: v.region::<u32>(when(self.skip, self.cand)),
            skip_ref_starts: v.region::<u32>(self.skip_starts),
            skip_ref_positions: v.region::<u32>(when(self.skip, self.refl)),
            skip_counts: v.region::<u64>(when(self.skip, self.vocab)),
            ngram_hits: v.region::<u64>(self.metrics),
            per_ref_outcomes: v.region::<f64>(self.per_ref),
            dense_vocab: None,
            lcs_features: LazyFeatures::undetected(),
            ids_zeroed_below: 0,
            masks_zeroed_below: 0,
            clip_budget_loaded: false,
            ref_masks: RefMasks::None,
        }
    }

    /// Words of the scratch the layout needs.
    pub(super) fn words(&self) -> Result<usize, Error> {
        let mut size = Size::default();
        self.walk(&mut size);
        size.finish()
    }

    /// The regions, carved from `scratch` (at least [`Layout::words`] long). The per-id regions
    /// are zeroed as far as the ids of the inputs reach (`Work::zero_ids_below`), and the
    /// interning table is cleared for each use.
    #[inline(always)]
    fn carve<'a>(&self, scratch: &'a mut [u64]) -> Work<'a> {
        self.walk(&mut Carver::new(scratch))
    }

    /// [`Layout::carve`] of the first [`Layout::words`] words of `scratch`, refused when it is
    /// shorter.
    #[inline(always)]
    pub(super) fn carve_checked<'a>(&self, scratch: &'a mut [u64]) -> Result<Work<'a>, Error> {
        let needed = self.words()?;
        match scratch.get_mut(..needed) {
            Some(scratch) => Ok(self.carve(scratch)),
            None => Err(Error::ScratchTooSmall { needed }),
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

/// The scratch of one call: its regions, as a [`Walk`] makes them (slices when carved), and
/// the state that says what they hold.
pub(super) struct WorkOf<V: Walk> {
    /// The interning table's regions: one word a slot for [`Packed`] (tokens, and the n-gram
    /// levels of pairs short enough for packed keys), both for an [`Interner`] (longer levels).
    /// A [`Packed`] table leaves `intern_ids` free: `packed_level` gathers the live reference
    /// n-grams there.
    ///
    /// [`Packed`]: crate::intern::Packed
    /// [`Interner`]: crate::intern::Interner
    pub(super) intern_keys: V::Region<u64>,
    pub(super) intern_ids: V::Region<u32>,
    /// Dense ids of the candidate's and the current reference's tokens.
    pub(super) cand_ids: V::Region<u32>,
    pub(super) ref_ids: V::Region<u32>,
    /// Dense ids of the clipping tokens (Perl `-b`), when given.
    pub(super) clip_cand_ids: V::Region<u32>,
    pub(super) clip_ref_ids: V::Region<u32>,
    /// A counter per dense id, zero between uses: n-gram counts while clipping, and lent to the
    /// Lsum sentence index (per-token offsets) and sentence-level L's filter (which side holds
    /// a token).
    pub(super) id_counts: V::Region<u32>,
    /// Regions sized for candidate and reference tokens, lent to one role at a time.
    pub(super) spare_ids: SpareIds<V::Region<u32>>,
    /// Per dense id, the reference's unigram counts and the clipping budget (see
    /// `clip::load_clip_counts`), for Lsum and Perl's W.
    pub(super) clip_ref_counts: V::Region<u32>,
    pub(super) clip_budget: V::Region<u32>,
    /// The LCS kernels' match masks, a word per dense id (a bit per pattern position holding
    /// it), zero between uses; the high halves of two-word masks (`RefMasks::Wide`) likewise.
    pub(super) match_masks: V::Region<u64>,
    pub(super) match_masks_hi: V::Region<u64>,
    /// The block LCS kernel's per-id local ids and block table (patterns over one word).
    pub(super) lcs_local_ids: V::Region<u32>,
    pub(super) lcs_block_table: V::Region<u64>,
    /// The block LCS kernel's carry per text position.
    pub(super) lcs_carries: V::Region<u8>,
    /// The LCS columns of a candidate sentence, read back to mark the union LCS.
    pub(super) lcs_columns: V::Region<u64>,
    /// A bit per position of the current reference sentence: on some union LCS.
    pub(super) sentence_marks: V::Region<u64>,
    /// A bit per candidate sentence: already read out for the current reference sentence.
    pub(super) sentences_read: V::Region<u64>,
    /// The weighted LCS's two rows of values and of run lengths ([`crate::wlcs::WlcsRows`]),
    /// and Perl's W's up/left bits per cell.
    pub(super) wlcs_values: V::Region<f64>,
    pub(super) wlcs_runs: V::Region<u32>,
    pub(super) wlcs_up_bits: V::Region<u64>,
    /// The skip-bigram kernel's position lists per id ([`crate::skip::SkipScratch`]).
    pub(super) skip_cand_starts: V::Region<u32>,
    pub(super) skip_cand_positions: V::Region<u32>,
    pub(super) skip_ref_starts: V::Region<u32>,
    pub(super) skip_ref_positions: V::Region<u32>,
    pub(super) skip_counts: V::Region<u64>,
    /// Clipped hits of each N metric against the current reference, by metric index.
    pub(super) ngram_hits: V::Region<u64>,
    /// Each reference's outcome of each metric (`combine::PER_REF_WORDS` values a pair).
    pub(super) per_ref_outcomes: V::Region<f64>,
    /// Set when the tokens are already dense ids below this bound (the tokenisers' ids): they
    /// are then used as they are instead of being interned again.
    pub(super) dense_vocab: Option<usize>,
    /// The processor features of the long-pattern LCS: a prepared scorer's (or a test's or
    /// benchmark's), else detected on the call's first need.
    pub(super) lcs_features: LazyFeatures,
    /// The per-id regions (counts, local ids, skip counts, clipping counts) are zero below this
    /// id (they are left zero after every use).
    pub(super) ids_zeroed_below: usize,
    /// As `ids_zeroed_below`, for the match masks (ahead of it when only they were needed).
    pub(super) masks_zeroed_below: usize,
    /// `clip_budget` holds the summary-level clipping budget of the current reference, handed
    /// over by the unigram pass (`clipped_overlap_budget`) and not yet consumed: the first Lsum
    /// takes it, any other user of the clipping counts clears it first.
    pub(super) clip_budget_loaded: bool,
    /// Which of the current reference's match masks are set ([`short_reference`]).
    ///
    /// [`short_reference`]: super::reference::short_reference
    pub(super) ref_masks: RefMasks,
}

/// The carved scratch of one call.
pub(super) type Work<'a> = WorkOf<Carver<'a>>;

/// Two regions, sized for the candidate's and the reference's tokens (plus one), that hold one
/// thing at a time, each lent for the span of one borrow under the name of what it then holds.
/// Within a reference the n-gram levels use them first; the Lsum index or L's filter after.
pub(super) struct SpareIds<R> {
    cand: R,
    refr: R,
}

impl SpareIds<&mut [u32]> {
    /// The n-gram ids of the level being counted: the candidate's and the reference's.
    pub(super) fn ngram_ids(&mut self) -> (&mut [u32], &mut [u32]) {
        (self.cand, self.refr)
    }

    /// The Lsum [`SentenceIndex`]'s sentence numbers grouped by token and sentence starts.
    ///
    /// [`SentenceIndex`]: super::sentence_index::SentenceIndex
    pub(super) fn sentence_index(&mut self) -> (&mut [u32], &mut [u32]) {
        (self.cand, self.refr)
    }

    /// Sentence-level L's tokens of each side that the other holds too (`common_tokens`).
    pub(super) fn common_tokens(&mut self) -> (&mut [u32], &mut [u32]) {
        (self.cand, self.refr)
    }
}

/// The weighted LCS's two rows for a text of `text_len` tokens, lent from the `wlcs_values`
/// and `wlcs_runs` regions (sized for the longest text).
pub(super) fn wlcs_rows<'a>(
    values: &'a mut [f64],
    runs: &'a mut [u32],
    text_len: usize,
) -> WlcsRows<'a> {
    let n1 = text_len + 1;
    // The regions hold two rows of the longest text (clamped, not a panic path: see `slices`).
    let values = crate::slices::head_mut(values, 2 * n1);
    let (c_prev, c_cur) = values.split_at_mut(n1.min(values.len()));
    let runs = crate::slices::head_mut(runs, 2 * n1);
    let (k_prev, k_cur) = runs.split_at_mut(n1.min(runs.len()));
    WlcsRows {
        c_prev,
        c_cur,
        k_prev,
        k_cur,
    }
}

impl Work<'_> {
    /// Zeroes the per-id regions up to id `n` (at most the layout's vocabulary), once per call.
    pub(super) fn zero_ids_below(&mut self, n: usize) {
        self.zero_masks_below(n);
        let from = self.ids_zeroed_below;
        if n <= from {
            return;
        }
        for region in [
            &mut *self.id_counts,
            &mut *self.lcs_local_ids,
            &mut *self.clip_ref_counts,
            &mut *self.clip_budget,
        ] {
            if let Some(r) = region.get_mut(from..n) {
                r.fill(0);
            }
        }
        if let Some(r) = self.skip_counts.get_mut(from..n) {
            r.fill(0);
        }
        self.ids_zeroed_below = n;
    }

    /// [`Work::zero_ids_below`] for the match masks only: all that a reference on the short
    /// path uses when every metric is one of its own (`Needs::short_only`).
    pub(super) fn zero_masks_below(&mut self, n: usize) {
        let from = self.masks_zeroed_below;
        if n <= from {
            return;
        }
        for region in [&mut *self.match_masks, &mut *self.match_masks_hi] {
            if let Some(r) = region.get_mut(from..n) {
                r.fill(0);
            }
        }
        self.masks_zeroed_below = n;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::Rng;
    use super::super::{needs, ClipDims};
    use super::*;
    use crate::model::{Metric, Options};
    use crate::scratch::Plain;

    /// A [`Carver`] that notes the byte span of each region it hands out, and its length.
    struct Recording<'a> {
        carver: Carver<'a>,
        spans: Vec<(usize, usize)>,
    }

    impl<'a> Walk for Recording<'a> {
        type Region<T: Plain> = &'a mut [T];
        fn region<T: Plain>(&mut self, len: usize) -> &'a mut [T] {
            let r = self.carver.region::<T>(len);
            assert_eq!(r.len(), len);
            let start = r.as_ptr() as usize;
            self.spans.push((start, start + core::mem::size_of_val(r)));
            r
        }
    }

    #[test]
    #[cfg(all(feature = "rouge-w", feature = "rouge-s"))] // Draws ROUGE-W and S/SU too.
    fn test_layout_regions_lie_inside_the_queried_size_and_do_not_overlap() {
        let mut rng = Rng(0x5eed_1a70_u64);
        let all = [
            Metric::N(1),
            Metric::N(2),
            Metric::N(3),
            Metric::N(4),
            Metric::L,
            Metric::Lsum,
            Metric::W(1.2),
            Metric::S(Some(4)),
            Metric::Su(None),
        ];
        // Lengths around the kernels' edges: one and two mask words, the roomy table's limit.
        let lens = [0usize, 1, 2, 7, 63, 64, 65, 127, 128, 129, 300, 1024, 1500];
        let len = |rng: &mut Rng| {
            let l = lens[rng.below(lens.len() as u64) as usize];
            l + rng.below(3) as usize
        };
        let mut seen_nonempty = 0;
        for case in 0..3000 {
            let mut metrics = vec![];
            for m in &all {
                if rng.below(3) == 0 {
                    metrics.push(*m);
                }
            }
            let opts = [Options::rouge_score(), Options::perl()][case % 2];
            let (cand, refl) = (len(&mut rng), len(&mut rng));
            let dims = Dims {
                references: 1 + rng.below(4) as usize,
                candidate_len: cand,
                reference_len: refl,
                candidate_sentence_len: rng.below(cand as u64 + 1) as usize,
                reference_sentence_len: rng.below(refl as u64 + 1) as usize,
            };
            let clip = if rng.below(4) == 0 {
                ClipDims {
                    candidate_len: len(&mut rng),
                    reference_len: len(&mut rng),
                }
            } else {
                ClipDims::default()
            };
            let n = needs(&metrics, &opts).unwrap();
            let layout = Layout::new(&n, &dims, clip, metrics.len()).unwrap();
            let words = layout.words().unwrap();

            let mut scratch = vec![0u64; words];
            let base = scratch.as_ptr() as usize;
            let end = base + words * 8;
            let mut rec = Recording {
                carver: Carver::new(&mut scratch),
                spans: vec![],
            };
            layout.walk(&mut rec);
            // Every word is handed out: the size query asks for no more than the carving takes.
            assert_eq!(rec.carver.left(), 0, "case {case} {metrics:?} {dims:?}");
            let mut spans: Vec<_> = rec.spans.into_iter().filter(|s| s.0 < s.1).collect();
            seen_nonempty += spans.len();
            spans.sort();
            for (i, &(s, e)) in spans.iter().enumerate() {
                assert!(base <= s && e <= end, "case {case}: region {i} outside");
                if let Some(&(next, _)) = spans.get(i + 1) {
                    assert!(e <= next, "case {case}: regions {i} and {} overlap", i + 1);
                }
            }

            // Exactly the queried size carves; one word less is refused with the size needed.
            assert!(layout.carve_checked(&mut scratch).is_ok());
            if words > 0 {
                let short = &mut scratch[..words - 1];
                assert_eq!(
                    layout.carve_checked(short).err(),
                    Some(Error::ScratchTooSmall { needed: words })
                );
            }
        }
        assert!(seen_nonempty > 3000 * 5, "{seen_nonempty}");
    }
}
