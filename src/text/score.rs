//! Scoring text in one call: the candidate and its references are tokenised into one id space
//! in the caller's scratch, then scored like token ids.
//!
//! The scratch holds the token ids, the sentence ends and the spans of every text, and one
//! region used first by the vocabulary and then by the scoring. Its size follows from the
//! byte lengths alone ([`TextDims`]), so one buffer can be sized for many calls.

use super::dims::TextDims;
use super::metrics::{MetricSource, Slice, CHUNK};
use super::{check_text, short, Out, Reader, TextOptions, Texts, TokenizedText};
use crate::arch::{FeatureMask, Features, LazyFeatures};
use crate::pair::{self, Clip, ClipDims};
use crate::scratch::Carver;
use crate::slices::head;
use crate::{Error, Metric, MetricResult, Options, References, Summary};

pub(crate) use super::score_layout::scratch_words_chunks;
pub use super::score_layout::text_scratch_words;
use super::score_layout::{split, Layout};

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
        None,
        scratch,
        &mut |i, r| out[i] = *r,
    )
}

/// [`score_text`] with XL-Sum's tokeniser, given the tokens a host segmenter (jieba for
/// Chinese, fugashi for Japanese, pythainlp for Thai: the languages whose segmenter the core
/// does not carry, which [`score_text`] refuses) made of each text's cleaned text, in
/// `segments` (text 0 the candidate, then the references). They replace the segmenter on the
/// main path, in any language (the scorer's `callable_tokenizer`): stemmed as the language
/// says, empty ones dropped, pyonmttok when a text has none. The Lsum path reads the texts.
///
/// The scratch need is [`text_scratch_words`] for dims whose byte sizes are each text's
/// [`segmented_bytes`](super::xlsum::segmented_bytes). `InvalidArgument` for another
/// tokeniser or a `segments` of another number of texts; `InvalidUtf8` for a token that is
/// not UTF-8.
#[allow(clippy::too_many_arguments)]
pub fn score_text_segmented<R: Texts + ?Sized, S: Segmented + ?Sized>(
    candidate: &[u8],
    references: &R,
    segments: &S,
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
        Some(&Dyn(segments)),
        scratch,
        &mut |i, r| out[i] = *r,
    )
}

/// A [`Segmented`] of any size as a trait object.
struct Dyn<'s, S: ?Sized>(&'s S);

impl<S: Segmented + ?Sized> Segmented for Dyn<'_, S> {
    fn texts(&self) -> usize {
        self.0.texts()
    }
    fn count(&self, t: usize) -> usize {
        self.0.count(t)
    }
    fn get(&self, t: usize, i: usize) -> &[u8] {
        self.0.get(t, i)
    }
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
            None,
            scratch,
            &mut |i, r| out[i] = *r,
        )
    }

    /// [`score_text_segmented`] with the scorer's metrics and options; the texts' dims
    /// (their [`segmented_bytes`](super::xlsum::segmented_bytes)) must be within the
    /// scorer's. Errors as [`TextScorer::score`] and [`score_text_segmented`].
    pub fn score_segmented<R: Texts + ?Sized, S: Segmented + ?Sized>(
        &self,
        candidate: &[u8],
        references: &R,
        segments: &S,
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
            Some(&Dyn(segments)),
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
    segments: Option<&dyn Segmented>,
    scratch: &mut [u64],
    emit: &mut dyn FnMut(usize, &MetricResult),
) -> Result<(), Error> {
    text.validate()?;
    if references.count() == 0 {
        return Err(Error::InvalidArgument);
    }
    // Segmenter tokens are XL-Sum's, one list per text; a language whose segmenter the host
    // runs has no main path without them.
    if let Some(s) = segments {
        if !text.is_xlsum() || s.texts() != references.count() + 1 {
            return Err(Error::InvalidArgument);
        }
    }
    #[cfg(feature = "multilingual")]
    if let Some(lang) = text.xlsum_language() {
        if lang.segmenter.in_host() && segments.is_none() {
            return Err(Error::InvalidArgument);
        }
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
        None if text.is_xlsum() => {
            let dims = xlsum_dims(candidate, references, segments)?;
            if prepared.is_some_and(|p| !p.fits(&dims)) {
                return Err(Error::InvalidArgument);
            }
            dims
        }
        None => {
            // The checks, and the texts' dims in the same pass.
            let dims = TextDims::checked(candidate, references, text.accepts_nul())?;
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
    let chars = c.u64s(layout.chars);
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
                let (n, s) = if layout.xlsum() {
                    xlsum_read(
                        text,
                        p == 1,
                        all.get(t),
                        segments,
                        t,
                        &mut vocab,
                        out,
                        chars,
                    )?
                } else if fused.is_some() {
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
        let (sorted, at, ngram, n) = split(layout.xlsum(), ms);
        if ngram > 0 {
            pair::score_pair_clipped(
                &first.summary(0),
                &Refs(&first),
                None,
                head(&sorted, ngram),
                opts,
                (&layout.dims0, none),
                dense,
                lcs_features,
                shared,
                results.get_mut(..ngram).ok_or(bad)?,
            )?;
        }
        if n > ngram {
            // Perl's ROUGE-L and W clip with `readText`'s counts; XL-Sum's Lsum path is
            // scored on its own, as rouge-score scores rougeLsum.
            let clip_source: Option<&dyn Clip> = if layout.xlsum() { None } else { Some(&first) };
            pair::score_pair_clipped(
                &lcs.summary(0),
                &Refs(&lcs),
                clip_source,
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

/// The segmenter tokens of the texts of an XL-Sum call (text 0 the candidate, then the
/// references in order): a host segmenter's tokens of each text's cleaned text
/// ([`xlsum::clean_text`](super::xlsum::clean_text)), or a `callable_tokenizer`'s.
pub trait Segmented {
    /// Texts (the candidate and every reference).
    fn texts(&self) -> usize;
    /// Tokens of text `t`.
    fn count(&self, t: usize) -> usize;
    /// Token `i` of text `t` (UTF-8; an empty one is dropped, as the scorer drops it).
    fn get(&self, t: usize, i: usize) -> &[u8];
}

impl Segmented for [&[&str]] {
    fn texts(&self) -> usize {
        self.len()
    }
    fn count(&self, t: usize) -> usize {
        self[t].len()
    }
    fn get(&self, t: usize, i: usize) -> &[u8] {
        self[t][i].as_bytes()
    }
}

/// The tokens of one text of a [`Segmented`], as [`Texts`].
struct Nth<'s>(&'s dyn Segmented, usize);

impl Texts for Nth<'_> {
    fn count(&self) -> usize {
        self.0.count(self.1)
    }
    fn get(&self, i: usize) -> &[u8] {
        self.0.get(self.1, i)
    }
}

/// The dims of an XL-Sum call's texts: each text's UTF-8 checked (NUL allowed: the scorer
/// deletes it), measured by its bytes or, with segmenter tokens, by
/// [`segmented_bytes`](super::xlsum::segmented_bytes).
#[cfg(feature = "multilingual")]
fn xlsum_dims<R: Texts + ?Sized>(
    candidate: &[u8],
    references: &R,
    segments: Option<&dyn Segmented>,
) -> Result<TextDims, Error> {
    let size = |t: usize, text: &[u8]| -> Result<(usize, usize), Error> {
        core::str::from_utf8(text).map_err(|_| Error::InvalidUtf8)?;
        let bytes = match segments {
            Some(s) => super::xlsum::segmented_bytes(text, &Nth(s, t)),
            None => text.len(),
        };
        Ok((bytes, super::dims::longest_line(text)))
    };
    let (cb, cl) = size(0, candidate)?;
    let mut d = TextDims {
        references: references.count(),
        candidate_bytes: cb,
        candidate_line_bytes: cl,
        ..TextDims::default()
    };
    for i in 0..references.count() {
        let (rb, rl) = size(i + 1, references.get(i))?;
        d.reference_bytes = d.reference_bytes.max(rb);
        d.reference_line_bytes = d.reference_line_bytes.max(rl);
    }
    Ok(d)
}

#[cfg(not(feature = "multilingual"))]
fn xlsum_dims<R: Texts + ?Sized>(
    _: &[u8],
    _: &R,
    _: Option<&dyn Segmented>,
) -> Result<TextDims, Error> {
    Err(Error::InvalidArgument)
}

/// One path of text `t` of an XL-Sum call ([`xlsum::read`](super::xlsum::read::read)).
#[cfg(feature = "multilingual")]
#[allow(clippy::too_many_arguments)]
fn xlsum_read(
    text: &TextOptions,
    lsum: bool,
    bytes: &[u8],
    segments: Option<&dyn Segmented>,
    t: usize,
    vocab: &mut super::vocab::Vocabulary<'_>,
    out: Out<'_>,
    chars: &mut [u64],
) -> Result<(usize, usize), Error> {
    let lang = text.xlsum_language().ok_or(Error::InvalidArgument)?;
    let tokens = segments.map(|s| Nth(s, t));
    let tokens = tokens.as_ref().map(|n| n as &dyn Texts);
    super::xlsum::read::read(&lang, lsum, bytes, tokens, vocab, Some(out), chars)
}

#[cfg(not(feature = "multilingual"))]
#[allow(clippy::too_many_arguments)]
fn xlsum_read(
    _: &TextOptions,
    _: bool,
    _: &[u8],
    _: Option<&dyn Segmented>,
    _: usize,
    _: &mut super::vocab::Vocabulary<'_>,
    _: Out<'_>,
    _: &mut [u64],
) -> Result<(usize, usize), Error> {
    Err(Error::InvalidArgument)
}
