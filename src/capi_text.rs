//! The C ABI of the text layer: tokenisers and text scoring (`rouge_tokenize`,
//! `rouge_score_text` and their size queries). Same conventions as `capi`: every pointer and
//! length is checked, `(NULL, 0)` is an empty array, outputs are written only on success,
//! nothing is kept past the call, no global state.
#![allow(non_camel_case_types)]

use crate::arch::Features;
use crate::capi::{
    code, metric, options_of, out_ptr, read, result, rouge_metric, rouge_options, rouge_result,
    rouge_status, rouge_str, rouge_summary, scratch, slice, slice_mut, status, texts,
    tokenize_into, tokenize_sizes, ROUGE_ERR_INVALID_ARGUMENT,
};
use crate::text::{self, MetricSource, Prepared, TextDims, TextOptions, Tokenizer};
use crate::{Error, Metric};

/// rouge-score 0.1.2's tokeniser: Python `str.lower()` (full Unicode mappings), every run of
/// characters outside `[a-z0-9]` separates, optional NLTK Porter stemmer (NLTK_EXTENSIONS
/// mode) on tokens longer than 3 characters. Only ASCII letters and digits survive, plus KELVIN
/// SIGN (to `k`) and U+0130 (to `i`, then a separator), as in Python.
pub const ROUGE_TOKENIZER_ROUGE_SCORE: u32 = 0;
/// Ours (not a reference tool's): words are maximal runs of letters and digits of any script
/// (Unicode Alphabetic and Numeric), lowercased with the full Unicode mappings and final sigma
/// folded to sigma; combining marks, ZWJ and ZWNJ after a letter or digit stay in its word;
/// every CJK ideograph, kana and precomposed Hangul syllable (and Tangut, Khitan, Nushu
/// character) is a token of its own; everything else separates. No normalisation: pass NFC
/// text. With `stem`, tokens of `[a-z0-9]` only, longer than 3 bytes, get NLTK's Porter stem.
pub const ROUGE_TOKENIZER_UNICODE: u32 = 1;
/// ROUGE-1.5.5.pl's tokeniser: ASCII lowercase, `-` split off, bytes outside `[A-Za-z0-9-]`
/// separate, tokens not starting with `[a-z0-9]` dropped; `stopwords` (-s) removes the SMART
/// common words, `stem` (-m) applies ROUGE's Porter variant and WordNet exceptions to tokens
/// longer than 3 bytes; `word_limit` (-l) and `byte_limit` (-b) cut the text as ROUGE-1.5.5
/// does.
pub const ROUGE_TOKENIZER_PERL: u32 = 2;

/// Tokeniser options; fill with `rouge_text_options_init`.
///
/// Sentences are always the lines of a text (split at `\n`; a line without tokens makes no
/// sentence). `stopwords`, `word_limit` and `byte_limit` are ROUGE-1.5.5 options: any of them
/// with another tokeniser, or both limits at once, is `ROUGE_ERR_INVALID_ARGUMENT`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_text_options {
    /// One of `ROUGE_TOKENIZER_*`.
    pub tokenizer: u32,
    /// Non-zero: stem tokens longer than 3 bytes (NLTK's Porter stemmer for rouge-score and
    /// Unicode, ROUGE-1.5.5's `-m` for Perl).
    pub stem: u32,
    /// Non-zero (Perl, `-s`): remove the SMART stop words, before stemming.
    pub stopwords: u32,
    /// Perl with `byte_limit`, `rouge_tokenize` only: non-zero cuts the text as ROUGE-1.5.5's
    /// `readText_LCS` (the input of its ROUGE-L and W): every line shorter than the limit, up to
    /// the first longer one, cut to the limit. Zero cuts as `readText` (the input of ROUGE-N, S,
    /// SU): whole lines while the running byte count stays below the limit, then the rest of
    /// the limit from the next line. `rouge_score_text` ignores it and uses each where
    /// ROUGE-1.5.5 does.
    pub lcs_path: u32,
    /// Perl (`-l N`): keep whole lines while the running count of white-space-separated fields
    /// (Perl's `split /\s+/`) stays below N, then the first N - count fields of the next line;
    /// 0: no limit.
    pub word_limit: u64,
    /// Perl (`-b N`): byte limit as described at `lcs_path`; 0: no limit.
    pub byte_limit: u64,
}

/// Byte sizes that determine the scratch need of `rouge_score_text` (maxima over the calls a
/// buffer is meant for); fill with `rouge_text_dims_of`, or by hand from byte lengths.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_text_dims {
    /// References per candidate.
    pub reference_count: usize,
    /// Bytes of the candidate.
    pub candidate_bytes: usize,
    /// Bytes of the longest reference.
    pub reference_bytes: usize,
    /// Bytes of the candidate's longest line (a larger value counts as `candidate_bytes`; pass
    /// that when unknown: the summary-level metrics then size for one line).
    pub candidate_line_bytes: usize,
    /// Bytes of the longest line of any reference (capped at `reference_bytes` likewise).
    pub reference_line_bytes: usize,
}

fn convert_text_options(o: &rouge_text_options) -> Result<TextOptions, rouge_status> {
    let tokenizer = match o.tokenizer {
        ROUGE_TOKENIZER_ROUGE_SCORE => Tokenizer::RougeScore,
        ROUGE_TOKENIZER_UNICODE => Tokenizer::Unicode,
        ROUGE_TOKENIZER_PERL => Tokenizer::Perl,
        _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
    };
    // A limit beyond the address space cuts nothing: every text is shorter.
    let limit = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
    let t = TextOptions {
        tokenizer,
        stem: o.stem != 0,
        stopwords: o.stopwords != 0,
        word_limit: limit(o.word_limit),
        byte_limit: limit(o.byte_limit),
        lcs_path: o.lcs_path != 0,
    };
    t.validate().map_err(status)?;
    Ok(t)
}

fn text_dims(d: &rouge_text_dims) -> TextDims {
    TextDims {
        references: d.reference_count,
        candidate_bytes: d.candidate_bytes,
        reference_bytes: d.reference_bytes,
        candidate_line_bytes: d.candidate_line_bytes,
        reference_line_bytes: d.reference_line_bytes,
    }
}

/// The metrics of a C array, converted on the stack in chunks.
struct CMetrics<'a>(&'a [rouge_metric]);

impl MetricSource for CMetrics<'_> {
    fn chunks(&self, f: &mut text::ChunkFn) -> Result<(), Error> {
        let mut buf = [Metric::L; text::CHUNK];
        for (c, chunk) in self.0.chunks(text::CHUNK).enumerate() {
            for (d, m) in buf.iter_mut().zip(chunk) {
                // Checked by `check_metrics` before any call.
                *d = metric(m).map_err(|_| Error::InvalidArgument)?;
            }
            f(c * text::CHUNK, &buf[..chunk.len()])?;
        }
        Ok(())
    }
}

fn check_metrics(metrics: &[rouge_metric]) -> Result<(), rouge_status> {
    for m in metrics {
        metric(m)?;
    }
    Ok(())
}

/// Fills `*out` with the default options of a tokeniser (no stemming, no stop words, no
/// limits).
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (out), `ROUGE_ERR_INVALID_ARGUMENT` (tokenizer).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_options_init(
    tokenizer: u32,
    out: *mut rouge_text_options,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        if tokenizer > ROUGE_TOKENIZER_PERL {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        // SAFETY: checked non-null and aligned; the caller owns the storage.
        unsafe {
            out.write(rouge_text_options {
                tokenizer,
                ..rouge_text_options::default()
            })
        };
        Ok(())
    })())
}

/// Computes the byte sizes of one candidate text and its references into `*out`, for
/// `rouge_text_scratch_words`. Combine several with the element-wise maximum to size one
/// scratch buffer for many calls.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_dims_of(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    out: *mut rouge_text_dims,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY (both blocks): the caller's contract.
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr as *const u8, cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let d = TextDims::of(cand, &refs);
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_text_dims {
                reference_count: d.references,
                candidate_bytes: d.candidate_bytes,
                reference_bytes: d.reference_bytes,
                candidate_line_bytes: d.candidate_line_bytes,
                reference_line_bytes: d.reference_line_bytes,
            })
        };
        Ok(())
    })())
}

/// Writes to `*out_words` the exact number of `uint64_t` scratch words `rouge_score_text`
/// needs with these metrics and options for texts within `dims`. It grows linearly with the
/// byte lengths, except for the summary-level metrics (Lsum, and ROUGE-W in the Perl flavour),
/// which add one bit per pair of tokens of the longest lines (about `candidate_line_bytes *
/// reference_line_bytes / 256` words).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scratch_words(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    dims: *const rouge_text_dims,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY (all blocks): the caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        check_metrics(metrics)?;
        let opts = options_of(unsafe { read(options) }?)?;
        let topts = convert_text_options(&unsafe { read(text_options) }?)?;
        let dims = text_dims(&unsafe { read(dims) }?);
        let words =
            text::scratch_words_chunks(&CMetrics(metrics), &opts, &topts, &dims).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Scores the text `*candidate` against `reference_count` reference texts (at least one) for
/// each of `metric_count` metrics, writing `out[i]` for `metrics[i]`: the texts are tokenised
/// with `*text_options` into one id space in `scratch` and scored as `rouge_score_pair` scores
/// token ids (the sentences are the lines). With the Perl tokeniser and a `byte_limit` (-b),
/// ROUGE-N, S and SU read the text as ROUGE-1.5.5's `readText` cuts it, ROUGE-L and W as its
/// `readText_LCS` does, with the clipping counts and candidate total from `readText`, exactly
/// as ROUGE-1.5.5 computes them. Texts are UTF-8, need not be NUL-terminated and must not
/// contain NUL. `scratch` holds `scratch_words` words as `rouge_text_scratch_words` answered for
/// `rouge_text_dims_of` these texts (or larger dims). Reentrant and thread-safe; `out` is
/// written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no references, bad metric or
/// options), `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_UTF8`, `ROUGE_ERR_EMBEDDED_NUL`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_text(
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr as *const u8, cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        check_metrics(metrics)?;
        let opts = options_of(unsafe { read(options) }?)?;
        let topts = convert_text_options(&unsafe { read(text_options) }?)?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        let out = unsafe { slice_mut(out, metric_count) }?;
        text::score_text_chunks(
            cand,
            &refs,
            &CMetrics(metrics),
            &opts,
            &topts,
            None,
            scratch,
            &mut |i, r| out[i] = result(r),
        )
        .map_err(status)
    })())
}

/// `rouge_score_text` prepared once for many calls with the same metrics and options and texts
/// within the same dims: the metrics and options are checked and the scratch need worked out
/// once, by `rouge_text_scorer_init`, instead of on every call (a fifth of the time of a short
/// pair). Lives in caller memory; the fields are for reading.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_text_scorer {
    /// The metrics, not copied: the array must stay valid and unchanged while the scorer is
    /// used.
    pub metrics: *const rouge_metric,
    /// Number of metrics.
    pub metric_count: usize,
    /// Scoring options (copied).
    pub options: rouge_options,
    /// Tokeniser options (copied).
    pub text_options: rouge_text_options,
    /// The texts of every call must be within these (copied).
    pub dims: rouge_text_dims,
    /// Scratch words every `rouge_text_scorer_score` call needs.
    pub scratch_words: usize,
    /// Internal, set by `rouge_text_scorer_init`: the processor features it detected and a
    /// check of them keyed by where the library is loaded. A value changed by hand, or copied
    /// from a process with the library loaded elsewhere, fails the check and reads as no
    /// optional feature: the same results, slower. Copy a scorer only within a process.
    pub cpu_features: u32,
}

/// Prepares `*out` to score text with `metric_count` metrics (the array must outlive the
/// scorer, unchanged) and these options, for texts within `*dims`, and sets its
/// `scratch_words`, what `rouge_text_scratch_words` answers for them.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scorer_init(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    text_options: *const rouge_text_options,
    dims: *const rouge_text_dims,
    out: *mut rouge_text_scorer,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY (all blocks): the caller's contract.
        let list = unsafe { slice(metrics, metric_count) }?;
        check_metrics(list)?;
        let c_options = unsafe { read(options) }?;
        let opts = options_of(c_options)?;
        let c_text = unsafe { read(text_options) }?;
        let topts = convert_text_options(&c_text)?;
        let c_dims = unsafe { read(dims) }?;
        let prepared =
            Prepared::new(&CMetrics(list), &opts, &topts, &text_dims(&c_dims)).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_text_scorer {
                metrics,
                metric_count,
                options: c_options,
                text_options: c_text,
                dims: c_dims,
                scratch_words: prepared.words,
                cpu_features: prepared.features.to_stored(),
            })
        };
        Ok(())
    })())
}

/// `rouge_score_text` with a prepared scorer: the text `*candidate` against `reference_count`
/// references, `out[i]` for the scorer's metric i (`out` holds `metric_count` results). The
/// results are `rouge_score_text`'s. `scratch` holds at least the scorer's `scratch_words`.
/// Reentrant and thread-safe (the scorer is only read); `out` is written only on `ROUGE_OK`.
///
/// Errors: as `rouge_score_text`, and `ROUGE_ERR_INVALID_ARGUMENT` for texts beyond the
/// scorer's dims.
///
/// # Safety
/// As `rouge_score_text`; `*scorer` must come from `rouge_text_scorer_init`, its metric array
/// still valid and unchanged.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_scorer_score(
    scorer: *const rouge_text_scorer,
    candidate: *const rouge_str,
    references: *const rouge_str,
    reference_count: usize,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let s = unsafe { read(scorer) }?;
        let metrics = unsafe { slice(s.metrics, s.metric_count) }?;
        let opts = options_of(s.options)?;
        let topts = convert_text_options(&s.text_options)?;
        let cand = unsafe { read(candidate) }?;
        let cand = unsafe { slice(cand.ptr as *const u8, cand.len) }?;
        let (refs, _) = unsafe { texts(slice(references, reference_count)?) }?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if s.metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        let out = unsafe { slice_mut(out, s.metric_count) }?;
        let source = CMetrics(metrics);
        let prepared = Prepared {
            dims: text_dims(&s.dims),
            words: s.scratch_words,
            short: text::short_plan(&source),
            features: Features::from_stored(s.cpu_features),
        };
        text::score_text_chunks(
            cand,
            &refs,
            &source,
            &opts,
            &topts,
            Some(&prepared),
            scratch,
            &mut |i, r| out[i] = result(r),
        )
        .map_err(status)
    })())
}

/// Sizes for `rouge_tokenize`: `*out_scratch_words` scratch words (exact), and
/// `*out_max_tokens`, an upper bound on the tokens (and on the sentences) of these texts:
/// `ids` and `sentence_ends` of that length always suffice. Both depend only on the texts'
/// byte lengths and count.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (options),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_tokenize_scratch_words(
    texts_ptr: *const rouge_str,
    text_count: usize,
    text_options: *const rouge_text_options,
    out_scratch_words: *mut usize,
    out_max_tokens: *mut usize,
) -> rouge_status {
    code((|| {
        // SAFETY (both blocks): the caller's contract.
        let topts = convert_text_options(&unsafe { read(text_options) }?)?;
        unsafe {
            tokenize_sizes(
                texts_ptr,
                text_count,
                &topts,
                out_scratch_words,
                out_max_tokens,
            )
        }
    })())
}

/// Tokenises `text_count` UTF-8 texts with `*text_options` into one id space (equal words get
/// equal ids, different words different ids; ids are dense from 0 in order of first
/// appearance), writing the ids to `ids` and the sentence ends (one per line with tokens) to
/// `sentence_ends`, and describing text i in `out[i]` as a `rouge_summary` that points into
/// `ids` and `sentence_ends` (usable as long as those arrays are). Size the arrays with
/// `rouge_tokenize_scratch_words`. Nothing is written unless the call succeeds.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_OUTPUT_TOO_SMALL`, `ROUGE_ERR_INVALID_ARGUMENT`,
/// `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_UTF8`, `ROUGE_ERR_EMBEDDED_NUL`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_tokenize(
    texts_ptr: *const rouge_str,
    text_count: usize,
    text_options: *const rouge_text_options,
    ids: *mut u32,
    ids_len: usize,
    sentence_ends: *mut usize,
    sentence_ends_len: usize,
    out: *mut rouge_summary,
    scratch_ptr: *mut u64,
    scratch_words: usize,
) -> rouge_status {
    code((|| {
        // SAFETY (both blocks): the caller's contract for each pointer and length.
        let topts = convert_text_options(&unsafe { read(text_options) }?)?;
        unsafe {
            tokenize_into(
                texts_ptr,
                text_count,
                (ids, ids_len),
                (sentence_ends, sentence_ends_len),
                out,
                (scratch_ptr, scratch_words),
                &mut |t, ids, ends, scratch, on_text| {
                    text::tokenize(t, &topts, ids, ends, scratch, on_text)
                },
            )
        }
    })())
}
