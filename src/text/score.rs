//! Scoring text in one call: the candidate and its references are tokenised into one id space
//! in the caller's scratch, then scored like token ids.
//!
//! The scratch holds the token ids, the sentence ends and the spans of every text, and one
//! region used first by the vocabulary and then by the scoring. Its size follows from the
//! byte lengths alone ([`TextDims`]), so one buffer can be sized for many calls.

use super::dims::TextDims;
use super::metrics::{MetricSource, Slice, CHUNK};
use super::vocab::VocabLayout;
use super::{check_text, short, Out, Reader, TextOptions, Texts, TokenizedText};
use crate::arch::{FeatureMask, Features, LazyFeatures};
use crate::pair::{self, Clip, ClipDims};
use crate::scratch::{Carver, Size};
use crate::slices::head;
use crate::{Dims, Error, Metric, MetricResult, Options, References, Summary, MAX_INPUT_LEN};

/// Region sizes of one call.
struct Layout {
    /// 2 when Perl's two readers differ (`-b`): path 0 is `readText`, path 1 `readText_LCS`.
    paths: usize,
    texts: usize,
    ids: usize,
    vocab: VocabLayout,
    pair: usize,
    dims: Dims,
    clip: ClipDims,
}

fn bounded(text: &TextOptions, bytes: usize, line: usize) -> (usize, usize) {
    (
        text.max_tokens(bytes, 1),
        text.max_tokens(line.min(bytes), 1),
    )
}

/// Whether a metric reads Perl's `readText_LCS` tokens (the others read `readText`'s).
fn lcs_family(m: &Metric) -> bool {
    matches!(m, Metric::L | Metric::Lsum | Metric::W(_))
}

/// Splits a chunk into the metrics of each reader, remembering their positions.
fn split(ms: &[Metric]) -> ([Metric; CHUNK], [usize; CHUNK], usize, usize) {
    let mut sorted = [Metric::L; CHUNK];
    let mut at = [0usize; CHUNK];
    let mut n = 0;
    for lcs in [false, true] {
        for (i, m) in ms.iter().enumerate().take(CHUNK) {
            // Each metric is placed once: `n` stays below `CHUNK` (`get_mut`: no panic path).
            if let (true, Some(s), Some(a)) =
                (lcs_family(m) == lcs, sorted.get_mut(n), at.get_mut(n))
            {
                *s = *m;
                *a = i;
                n += 1;
            }
        }
    }
    let ngram = ms.iter().take(CHUNK).filter(|m| !lcs_family(m)).count();
    (sorted, at, ngram, n)
}

impl Layout {
    fn new(
        metrics: &dyn MetricSource,
        opts: &Options,
        text: &TextOptions,
        d: &TextDims,
    ) -> Result<Layout, Error> {
        text.validate()?;
        let texts = d.references.checked_add(1).ok_or(Error::InputTooLong)?;
        let bytes = d
            .reference_bytes
            .checked_mul(d.references)
            .and_then(|b| b.checked_add(d.candidate_bytes))
            .ok_or(Error::InputTooLong)?;
        // A reference count past the input limit too (found by fuzzing garbage dims: the
        // token bound below overflowed).
        if bytes > MAX_INPUT_LEN || texts > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        let paths = if text.two_paths() { 2 } else { 1 };
        let ids = text
            .max_tokens(bytes, texts)
            .checked_mul(paths)
            .ok_or(Error::InputTooLong)?;
        let arena = text
            .arena_bytes(bytes * paths, texts * paths)
            .ok_or(Error::InputTooLong)?;
        // The work region serves one line at a time: the longest text bounds it.
        let work = text
            .work_len(d.candidate_bytes.max(d.reference_bytes))
            .ok_or(Error::InputTooLong)?;
        let vocab = VocabLayout::new(ids, arena)?.with_work(work)?;
        let (cl, cs) = bounded(text, d.candidate_bytes, d.candidate_line_bytes);
        let (rl, rs) = bounded(text, d.reference_bytes, d.reference_line_bytes);
        let dims = Dims {
            references: d.references,
            candidate_len: cl,
            reference_len: rl,
            candidate_sentence_len: cs,
            reference_sentence_len: rs,
        };
        let clip = if paths == 2 {
            ClipDims {
                candidate_len: cl,
                reference_len: rl,
            }
        } else {
            ClipDims::default()
        };
        let mut pair = 0usize;
        metrics.chunks(&mut |_, ms| {
            if paths == 1 {
                pair = pair.max(pair::scratch_words_clipped(ms, opts, &dims, clip)?);
            } else {
                let (sorted, _, ngram, n) = split(ms);
                if ngram > 0 {
                    let none = ClipDims::default();
                    let w = pair::scratch_words_clipped(head(&sorted, ngram), opts, &dims, none)?;
                    pair = pair.max(w);
                }
                if n > ngram {
                    let lcs = sorted.get(ngram..n).unwrap_or(&[]);
                    let w = pair::scratch_words_clipped(lcs, opts, &dims, clip)?;
                    pair = pair.max(w);
                }
            }
            Ok(())
        })?;
        Ok(Layout {
            paths,
            texts,
            ids,
            vocab,
            pair,
            dims,
            clip,
        })
    }

    fn shared(&self) -> Result<usize, Error> {
        let mut v = Size::default();
        self.vocab.add_to(&mut v);
        Ok(v.finish()?.max(self.pair))
    }

    fn words(&self) -> Result<usize, Error> {
        let mut s = Size::default();
        s.add_u32(Some(self.ids));
        s.add_usize(Some(self.ids));
        s.add_usize(self.texts.checked_mul(self.paths * 4));
        s.add_u64(Some(self.shared()?));
        s.finish()
    }
}

/// Exact scratch words [`score_text`] needs for texts within `dims`, with these metrics and
/// options.
pub fn text_scratch_words(
    metrics: &[Metric],
    opts: &Options,
    text: &TextOptions,
    dims: &TextDims,
) -> Result<usize, Error> {
    scratch_words_chunks(&Slice(metrics), opts, text, dims)
}

pub(crate) fn scratch_words_chunks(
    metrics: &dyn MetricSource,
    opts: &Options,
    text: &TextOptions,
    dims: &TextDims,
) -> Result<usize, Error> {
    Layout::new(metrics, opts, text, dims)?.words()
}

/// The tokenised texts of one reader: spans into the ids and sentence-ends regions.
struct Tokenized<'a> {
    ids: &'a [u32],
    ends: &'a [usize],
    /// Four words per text (token start and length, sentence start and count).
    spans: &'a [usize],
}

impl<'a> Tokenized<'a> {
    // The spans were written by the tokeniser within the regions: read with `get`, an empty
    // text where they were not, so that none of these is a panic path.
    fn span(&self, t: usize) -> TokenizedText {
        let [token_start, token_len, sentence_start, sentence_count] = self
            .spans
            .as_chunks::<4>()
            .0
            .get(t)
            .copied()
            .unwrap_or_default();
        TokenizedText {
            token_start,
            token_len,
            sentence_start,
            sentence_count,
        }
    }
    fn tokens(&self, t: usize) -> &'a [u32] {
        let s = self.span(t);
        let end = s.token_start.saturating_add(s.token_len);
        self.ids.get(s.token_start..end).unwrap_or(&[])
    }
    fn summary(&self, t: usize) -> Summary<'a> {
        let s = self.span(t);
        let end = s.sentence_start.saturating_add(s.sentence_count);
        Summary::new(
            self.tokens(t),
            self.ends.get(s.sentence_start..end).unwrap_or(&[]),
        )
    }
}

/// The references of a reader: texts 1.. of it.
struct Refs<'t, 'a>(&'t Tokenized<'a>);

impl References for Refs<'_, '_> {
    fn count(&self) -> usize {
        self.0.spans.len() / 4 - 1
    }
    fn get(&self, i: usize) -> Summary<'_> {
        self.0.summary(i + 1)
    }
}

impl Clip for Tokenized<'_> {
    fn candidate(&self) -> &[u32] {
        self.tokens(0)
    }
    fn reference(&self, i: usize) -> &[u32] {
        self.tokens(i + 1)
    }
}

/// Scores the text `candidate` against the texts `references` (at least one) for every metric,
/// writing `out[i]` for `metrics[i]`: [`crate::score_pair`] over the tokens of `text`'s
/// tokeniser. With ROUGE-1.5.5's `-b` (Perl tokeniser, `byte_limit`), ROUGE-N, S and SU read
/// the `readText` tokens; ROUGE-L (Lsum) and W read the `readText_LCS` tokens, with unigram
/// clipping counts and the candidate total from the `readText` tokens, as ROUGE-1.5.5 does.
///
/// The scratch need is [`text_scratch_words`] for [`TextDims::of`] these texts. Every check is
/// made before anything is written; `out` is written only on success.
#[allow(clippy::too_many_arguments)]
pub fn score_text<R: Texts + ?Sized>(
    candidate: &[u8],
    references: &R,
    metrics: &[Metric],
    opts: &Options,
    text: &TextOptions,
    scratch: &mut [u64],
    out: &mut [MetricResult],
) -> Result<(), Error> {
    if out.len() < metrics.len() {
        return Err(Error::OutputTooSmall);
    }
    score_text_chunks(
        candidate,
        references,
        &Slice(metrics),
        opts,
        text,
        None,
        scratch,
        &mut |i, r| out[i] = *r,
    )
}

/// [`score_text`] prepared once for many calls with the same metrics and options and texts
/// within the same [`TextDims`]: the checks of the metrics and options and the scratch need
/// are worked out once, here, instead of on every call (which matters most for short pairs).
/// `rougers::RougeScorer` and rouge-score's `RougeScorer` are prepared objects too.
#[derive(Clone, Copy, Debug)]
pub struct TextScorer<'m> {
    metrics: &'m [Metric],
    opts: Options,
    text: TextOptions,
    prepared: Prepared,
}

impl<'m> TextScorer<'m> {
    /// A scorer of `metrics` with these options for texts within `dims` (the element-wise
    /// maximum of [`TextDims::of`] the texts it will score). Fails as [`text_scratch_words`]
    /// does.
    pub fn new(
        metrics: &'m [Metric],
        opts: &Options,
        text: &TextOptions,
        dims: &TextDims,
    ) -> Result<TextScorer<'m>, Error> {
        Ok(TextScorer {
            metrics,
            opts: *opts,
            text: *text,
            prepared: Prepared::new(&Slice(metrics), opts, text, dims)?,
        })
    }

    /// Scratch words every call needs: [`text_scratch_words`] for the scorer's dims.
    pub fn scratch_words(&self) -> usize {
        self.prepared.words
    }

    /// The dims the texts of every call must be within.
    pub fn dims(&self) -> TextDims {
        self.prepared.dims
    }

    /// This scorer with only those of its detected features (optional instruction sets) that
    /// `mask` keeps: how a test or benchmark forces a variant. The same results, at another
    /// speed.
    #[doc(hidden)]
    pub fn restrict_features(mut self, mask: FeatureMask) -> TextScorer<'m> {
        self.prepared.features = self.prepared.features.restrict(mask);
        self
    }

    /// The features the scorer detected when made (or what [`TextScorer::restrict_features`]
    /// left of them).
    #[doc(hidden)]
    pub fn features(&self) -> Features {
        self.prepared.features
    }

    /// [`score_text`] with the scorer's metrics and options: the same results, written to
    /// `out[i]` for metric i. Errors as [`score_text`], and `InvalidArgument` for texts beyond
    /// the scorer's dims; `ScratchTooSmall` when `scratch` is shorter than
    /// [`TextScorer::scratch_words`].
    pub fn score<R: Texts + ?Sized>(
        &self,
        candidate: &[u8],
        references: &R,
        scratch: &mut [u64],
        out: &mut [MetricResult],
    ) -> Result<(), Error> {
        if out.len() < self.metrics.len() {
            return Err(Error::OutputTooSmall);
        }
        score_text_chunks(
            candidate,
            references,
            &Slice(self.metrics),
            &self.opts,
            &self.text,
            Some(&self.prepared),
            scratch,
            &mut |i, r| out[i] = *r,
        )
    }
}

struct AllTexts<'c, 'r, R: ?Sized> {
    candidate: &'c [u8],
    references: &'r R,
}

impl<R: Texts + ?Sized> Texts for AllTexts<'_, '_, R> {
    fn count(&self) -> usize {
        self.references.count() + 1
    }
    fn get(&self, i: usize) -> &[u8] {
        if i == 0 {
            self.candidate
        } else {
            self.references.get(i - 1)
        }
    }
}

/// What [`TextScorer`] works out once for many calls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prepared {
    /// The texts of every call are within these.
    pub(crate) dims: TextDims,
    /// Scratch words of a call within `dims`.
    pub(crate) words: usize,
    /// `short::plan` of the metrics.
    pub(crate) short: Option<bool>,
    /// This processor's, for the short path.
    pub(crate) features: Features,
}

impl Prepared {
    /// Checks the metrics and options as a call does, and works out the scratch need.
    pub(crate) fn new(
        metrics: &dyn MetricSource,
        opts: &Options,
        text: &TextOptions,
        dims: &TextDims,
    ) -> Result<Prepared, Error> {
        Ok(Prepared {
            dims: *dims,
            words: scratch_words_chunks(metrics, opts, text, dims)?,
            short: short::plan(metrics),
            features: Features::detect(),
        })
    }

    /// Whether texts of `dims` are within the prepared ones.
    fn fits(&self, dims: &TextDims) -> bool {
        dims.max(self.dims) == self.dims
    }
}

/// [`score_text`] over metrics in chunks; results are handed to `emit(i, result)` once every
/// check has passed (the scoring cannot fail after them). With `prepared` (a
/// [`TextScorer`]'s), the scratch must hold `prepared.words` and the texts be within
/// `prepared.dims` (else `InvalidArgument`), and the scratch need is not worked out again.
#[allow(clippy::too_many_arguments)]
pub(crate) fn score_text_chunks<R: Texts + ?Sized>(
    candidate: &[u8],
    references: &R,
    metrics: &dyn MetricSource,
    opts: &Options,
    text: &TextOptions,
    prepared: Option<&Prepared>,
    scratch: &mut [u64],
    emit: &mut dyn FnMut(usize, &MetricResult),
) -> Result<(), Error> {
    text.validate()?;
    if references.count() == 0 {
        return Err(Error::InvalidArgument);
    }
    if let Some(p) = prepared {
        if scratch.len() < p.words {
            return Err(Error::ScratchTooSmall { needed: p.words });
        }
        let d = &p.dims;
        let too_long = (0..references.count()).any(|i| references.get(i).len() > d.reference_bytes);
        if references.count() > d.references || candidate.len() > d.candidate_bytes || too_long {
            return Err(Error::InvalidArgument);
        }
    }
    let all = AllTexts {
        candidate,
        references,
    };
    let plan = match prepared {
        Some(p) => p.short,
        None => short::plan(metrics),
    };
    if let (Some(lsum), 1, false, true) = (
        plan,
        references.count(),
        text.two_paths(),
        Reader::of(text, false).direct_ascii(true),
    ) {
        let reference = references.get(0);
        let scratch_len = scratch.len();
        let mut check = |dims: &TextDims| match prepared {
            Some(p) if p.fits(dims) => Ok(()),
            Some(_) => Err(Error::InvalidArgument),
            None => {
                let needed = Layout::new(metrics, opts, text, dims)?.words()?;
                if scratch_len < needed {
                    return Err(Error::ScratchTooSmall { needed });
                }
                Ok(())
            }
        };
        // Only a prepared scorer has detected the processor's features (once: a detection
        // can cost more than a short pair).
        let features = prepared.map_or_else(Features::portable, |p| p.features);
        let scored = short::score(
            candidate, reference, metrics, lsum, opts, features, scratch, &mut check, emit,
        )?;
        if scored {
            return Ok(());
        }
    }
    // Only a prepared scorer has detected the processor's features, for the direct ASCII
    // tokeniser.
    let features = prepared.map_or_else(Features::portable, |p| p.features);
    // A prepared scorer with rouge-score's direct tokeniser reads its texts in one pass: the
    // prepared dims bound the layout, the tokeniser's first pass finds each plain ASCII
    // text's longest line (and leaves any other text to the checks below), and the texts'
    // dims are checked against the prepared ones once they are read, before any scoring.
    let fused = prepared.filter(|_| {
        text.tokenizer == super::Tokenizer::RougeScore
            && !text.two_paths()
            && Reader::of(text, false).direct_ascii(true)
    });
    let dims = match fused {
        // The prepared byte bounds, and the texts actually given (a scorer serves calls with
        // fewer references than it was prepared for).
        Some(p) if references.count() <= p.dims.references => TextDims {
            references: references.count(),
            ..p.dims
        },
        Some(_) => return Err(Error::InvalidArgument),
        None => {
            // The checks, and the texts' dims in the same pass.
            let dims = TextDims::checked(candidate, references)?;
            if prepared.is_some_and(|p| !p.fits(&dims)) {
                return Err(Error::InvalidArgument);
            }
            dims
        }
    };
    let layout = Layout::new(metrics, opts, text, &dims)?;
    let needed = layout.words()?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let mut c = Carver::new(&mut scratch[..needed]);
    let ids = c.u32s(layout.ids);
    let ends = c.usizes(layout.ids);
    let spans = c.usizes(layout.texts * layout.paths * 4);
    let shared = c.u64s(layout.shared()?);
    // The tokeniser's ids are dense (0.. in order of first appearance), so the scorer can use
    // them without interning them again when its per-id regions cover them.
    let dense = {
        let mut vc = Carver::new(&mut *shared);
        let mut vocab = layout.vocab.carve(&mut vc);
        let (mut at_id, mut at_end) = (0usize, 0usize);
        // The texts' dims, as far as the fused pass has read them.
        let mut read = TextDims {
            references: references.count(),
            candidate_bytes: candidate.len(),
            ..TextDims::default()
        };
        for p in 0..layout.paths {
            let reader = Reader::of(text, p == 1);
            for t in 0..layout.texts {
                let out = Out {
                    ids: ids.get_mut(at_id..).ok_or(Error::OutputTooSmall)?,
                    ends: ends.get_mut(at_end..).ok_or(Error::OutputTooSmall)?,
                };
                let (n, s) = if fused.is_some() {
                    let t_bytes = all.get(t);
                    let found =
                        vocab.ascii_words_with(features, t_bytes, out.ids, out.ends, false)?;
                    let (n, s, line) = match found {
                        Some(found) => found,
                        // Not plain ASCII: checked and read as the unfused path does.
                        None => {
                            check_text(t_bytes)?;
                            let line = super::dims::longest_line(t_bytes);
                            let (n, s) =
                                reader.run_with(features, t_bytes, &mut vocab, Some(out))?;
                            (n, s, line)
                        }
                    };
                    if t == 0 {
                        read.candidate_line_bytes = line;
                    } else {
                        read.reference_bytes = read.reference_bytes.max(t_bytes.len());
                        read.reference_line_bytes = read.reference_line_bytes.max(line);
                    }
                    (n, s)
                } else {
                    reader.run_with(features, all.get(t), &mut vocab, Some(out))?
                };
                let spans = spans.as_chunks_mut::<4>().0;
                if let Some(span) = spans.get_mut(p * layout.texts + t) {
                    *span = [at_id, n, at_end, s];
                }
                at_id += n;
                at_end += s;
            }
        }
        if fused.is_some_and(|p| !p.fits(&read)) {
            return Err(Error::InvalidArgument);
        }
        Some(vocab.len())
    };
    let per_path = layout.texts * 4;
    let path = |p: usize| Tokenized {
        ids,
        ends,
        spans: spans.get(p * per_path..(p + 1) * per_path).unwrap_or(&[]),
    };
    let first = path(0);
    // A prepared scorer's features serve the long-pattern LCS too (no detection per call).
    let lcs_features = prepared.map_or(LazyFeatures::undetected(), |p| {
        LazyFeatures::known(p.features)
    });
    let mut results = [MetricResult::default(); CHUNK];
    let none = ClipDims::default();
    metrics.chunks(&mut |offset, ms| {
        // At most `CHUNK` metrics a chunk, as `results` holds: checked, not a panic path.
        let bad = Error::InvalidArgument;
        let k = ms.len();
        if layout.paths == 1 {
            pair::score_pair_clipped(
                &first.summary(0),
                &Refs(&first),
                None,
                ms,
                opts,
                (&layout.dims, none),
                dense,
                lcs_features,
                shared,
                results.get_mut(..k).ok_or(bad)?,
            )?;
            for (j, r) in results.iter().take(k).enumerate() {
                emit(offset + j, r);
            }
            return Ok(());
        }
        let lcs = path(1);
        let (sorted, at, ngram, n) = split(ms);
        if ngram > 0 {
            pair::score_pair_clipped(
                &first.summary(0),
                &Refs(&first),
                None,
                head(&sorted, ngram),
                opts,
                (&layout.dims, none),
                dense,
                lcs_features,
                shared,
                results.get_mut(..ngram).ok_or(bad)?,
            )?;
        }
        if n > ngram {
            pair::score_pair_clipped(
                &lcs.summary(0),
                &Refs(&lcs),
                Some(&first),
                sorted.get(ngram..n).ok_or(bad)?,
                opts,
                (&layout.dims, layout.clip),
                dense,
                lcs_features,
                shared,
                results.get_mut(ngram..n).ok_or(bad)?,
            )?;
        }
        for (&a, r) in at.iter().zip(&results).take(n) {
            emit(offset + a, r);
        }
        Ok(())
    })
}
