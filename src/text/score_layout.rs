//! The scratch layout of a text call: the regions (ids, sentence ends, spans, the vocabulary
//! and then the scoring, XL-Sum's code points) and their sizes, which follow from the byte
//! lengths alone ([`TextDims`]), so that the size query is exact and one buffer serves many calls.

use super::dims::TextDims;
use super::metrics::{MetricSource, Slice, CHUNK};
use super::vocab::VocabLayout;
use super::TextOptions;
use crate::pair::{self, ClipDims};
use crate::scratch::Size;
use crate::slices::head;
use crate::{Dims, Error, Metric, Options, MAX_INPUT_LEN};

/// Region sizes of one call.
pub(super) struct Layout {
    /// 2 when Perl's two readers differ (`-b`): path 0 is `readText`, path 1 `readText_LCS`;
    /// and for XL-Sum: path 0 its main path, path 1 its Lsum path.
    pub(super) paths: usize,
    /// XL-Sum's tokeniser: path 1 serves rougeLsum only, and path 0 has one sentence a text.
    /// Read through [`Layout::xlsum`].
    xlsum: bool,
    pub(super) texts: usize,
    pub(super) ids: usize,
    pub(super) vocab: VocabLayout,
    /// Words of code points for XL-Sum's tokeniser (0 for the others).
    pub(super) chars: usize,
    pub(super) pair: usize,
    /// The dims of path 1 (of the only path when there is one).
    pub(super) dims: Dims,
    /// The dims of path 0 when it differs (XL-Sum's main path), else `dims`.
    pub(super) dims0: Dims,
    pub(super) clip: ClipDims,
}

fn bounded(text: &TextOptions, bytes: usize, line: usize) -> (usize, usize) {
    (
        text.max_tokens(bytes, 1),
        text.max_tokens(line.min(bytes), 1),
    )
}

/// Whether a metric reads the second path: Perl's `readText_LCS` tokens for ROUGE-L, Lsum
/// and W (the others read `readText`'s); XL-Sum's Lsum path for rougeLsum only.
fn second_path(xlsum: bool, m: &Metric) -> bool {
    // Constant without the feature, so that a minimal build has no XL-Sum branch here (LLVM
    // unswitched the callers' loops on it: 1.5 KB).
    if cfg!(feature = "multilingual") && xlsum {
        matches!(m, Metric::Lsum)
    } else {
        matches!(m, Metric::L | Metric::Lsum | Metric::W(_))
    }
}

/// Splits a chunk into the metrics of each path, remembering their positions.
pub(super) fn split(xlsum: bool, ms: &[Metric]) -> ([Metric; CHUNK], [usize; CHUNK], usize, usize) {
    let mut sorted = [Metric::L; CHUNK];
    let mut at = [0usize; CHUNK];
    let mut n = 0;
    for second in [false, true] {
        for (i, m) in ms.iter().enumerate().take(CHUNK) {
            // Each metric is placed once: `n` stays below `CHUNK` (`get_mut`: no panic path).
            if let (true, Some(s), Some(a)) = (
                second_path(xlsum, m) == second,
                sorted.get_mut(n),
                at.get_mut(n),
            ) {
                *s = *m;
                *a = i;
                n += 1;
            }
        }
    }
    let first = ms
        .iter()
        .take(CHUNK)
        .filter(|m| !second_path(xlsum, m))
        .count();
    (sorted, at, first, n)
}

impl Layout {
    /// Whether the call runs XL-Sum's tokeniser: constant `false` without the feature
    /// `multilingual`, so that a minimal build compiles no XL-Sum branch of the callers.
    #[inline]
    pub(super) fn xlsum(&self) -> bool {
        cfg!(feature = "multilingual") && self.xlsum
    }

    pub(super) fn new(
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
        let xlsum = text.is_xlsum();
        let (ids, arena) = if xlsum {
            xlsum_sizes(text, bytes, texts).ok_or(Error::InputTooLong)?
        } else {
            let ids = text
                .max_tokens(bytes, texts)
                .checked_mul(paths)
                .ok_or(Error::InputTooLong)?;
            let arena = text
                .arena_bytes(bytes * paths, texts * paths)
                .ok_or(Error::InputTooLong)?;
            (ids, arena)
        };
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
        let (dims0, chars) = if xlsum {
            // The main path: up to a token per byte, one sentence a text.
            let (c, r) = (d.candidate_bytes, d.reference_bytes);
            let main = Dims {
                references: d.references,
                candidate_len: c,
                reference_len: r,
                candidate_sentence_len: c,
                reference_sentence_len: r,
            };
            (main, super::char_words(text, c.max(r)))
        } else {
            (dims, 0)
        };
        let clip = if paths == 2 && !xlsum {
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
                let (sorted, _, ngram, n) = split(xlsum, ms);
                if ngram > 0 {
                    let none = ClipDims::default();
                    let w = pair::scratch_words_clipped(head(&sorted, ngram), opts, &dims0, none)?;
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
            xlsum,
            texts,
            ids,
            vocab,
            chars,
            pair,
            dims,
            dims0,
            clip,
        })
    }

    pub(super) fn shared(&self) -> Result<usize, Error> {
        let mut v = Size::default();
        self.vocab.add_to(&mut v);
        Ok(v.finish()?.max(self.pair))
    }

    pub(super) fn words(&self) -> Result<usize, Error> {
        let mut s = Size::default();
        s.add_u32(Some(self.ids));
        s.add_usize(Some(self.ids));
        s.add_usize(self.texts.checked_mul(self.paths * 4));
        s.add_u64(Some(self.shared()?));
        s.add_u64(Some(self.chars));
        s.finish()
    }
}

/// XL-Sum's ids (both paths) and arena bytes for `texts` texts of `bytes` bytes in all.
fn xlsum_sizes(text: &TextOptions, bytes: usize, texts: usize) -> Option<(usize, usize)> {
    let ids = super::ids_bound(
        &TextOptions {
            lcs_path: false,
            ..*text
        },
        bytes,
        texts,
    )
    .checked_add(super::ids_bound(
        &TextOptions {
            lcs_path: true,
            ..*text
        },
        bytes,
        texts,
    ))?;
    let arena = (TextOptions {
        lcs_path: false,
        ..*text
    })
    .arena_bytes(bytes, texts)?;
    let arena = arena.checked_add(
        (TextOptions {
            lcs_path: true,
            ..*text
        })
        .arena_bytes(bytes, texts)?,
    )?;
    Some((ids, arena))
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
