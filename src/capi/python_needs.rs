//! C entry points that a full drop-in for rouge-score in a host language needs (issue 14,
//! found by the Python package `ffi-tests/python`): the tokens themselves out of a tokeniser
//! (`rouge_text_tokens`), rouge-score's bootstrap over a caller-held numpy MT19937 state and at
//! confidence 0 and 1 (`rouge_corpus_bootstrap_numpy`), and many text pairs in one call for
//! hosts whose calls are costly (`rouge_text_scorer_score_batch`). Same conventions as `capi`:
//! every pointer and length is checked, outputs are written only on success, no global state.
//!
//! The numpy generator, its bounded draw and percentiles are `corpus`'s (rouge-score's
//! bootstrap), here over a state the caller holds.

use super::corpus::rouge_aggregate;
use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_ptr, read, scratch, slice, slice_mut};
use super::status::status;
use super::text::{
    rouge_text_options, rouge_text_scorer, rouge_text_scorer_score, ROUGE_TOKENIZER_PERL,
    ROUGE_TOKENIZER_ROUGE_SCORE,
};
use super::{
    rouge_result, rouge_score, rouge_status, rouge_str, ROUGE_ERR_INPUT_TOO_LONG,
    ROUGE_ERR_INVALID_ARGUMENT, ROUGE_ERR_OUTPUT_TOO_SMALL,
};
use crate::corpus::{numpy_bounded, numpy_percentile, numpy_quantiles, Mt19937, MT_N};
#[cfg(feature = "perl-text")]
use crate::text::perl_words;
use crate::text::porter;
use crate::Error;

// ------------------------------------------------------------------ tokens

/// One token of a text: where it is in the input and what the tokeniser made of it.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_token {
    /// Byte offset of the token's first character in the text.
    pub start: usize,
    /// Byte offset just past its last character (`start..end` may hold upper case, or a
    /// character whose lowercase is ASCII, such as KELVIN SIGN for `k`).
    pub end: usize,
    /// Offset of the token's form (lowercased, then stemmed when stemming changed it) in the
    /// `forms` output.
    pub form_start: usize,
    /// Bytes of the form (ASCII `[a-z0-9]`).
    pub form_len: usize,
}

/// The tokenisers `rouge_text_tokens` lists tokens of, with their options checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lister {
    RougeScore {
        stem: bool,
    },
    #[cfg(feature = "perl-text")]
    Perl {
        stem: bool,
        stopwords: bool,
    },
}

fn lister_of(o: &rouge_text_options) -> Result<Lister, rouge_status> {
    let limits = o.word_limit != 0 || o.byte_limit != 0;
    match o.tokenizer {
        ROUGE_TOKENIZER_ROUGE_SCORE if o.stopwords == 0 && !limits => {
            Ok(Lister::RougeScore { stem: o.stem != 0 })
        }
        // A build without `perl-text` refuses the Perl tokeniser (the last arm).
        #[cfg(feature = "perl-text")]
        ROUGE_TOKENIZER_PERL if !limits => Ok(Lister::Perl {
            stem: o.stem != 0,
            stopwords: o.stopwords != 0,
        }),
        _ => Err(ROUGE_ERR_INVALID_ARGUMENT),
    }
}

/// Bytes of forms `text_bytes` bytes of text can give: a form is never longer than the bytes
/// it comes from, except a ROUGE-1.5.5 stem (up to 64 bytes for a token of 4 or more).
fn max_form_bytes(l: Lister, text_bytes: usize) -> Option<usize> {
    match l {
        #[cfg(feature = "perl-text")]
        Lister::Perl { stem: true, .. } => (text_bytes / 5 + 1)
            .checked_mul(perl_words::PERL_STEM_MAX_LEN)?
            .checked_add(text_bytes),
        _ => Some(text_bytes),
    }
}

/// Upper bound on the tokens of a text: a token and the separator after it take two bytes.
fn max_token_count(text_bytes: usize) -> usize {
    text_bytes / 2 + 1
}

/// Collects tokens: the form being built sits at `forms[used..used + len]`.
struct TokenList<'o> {
    lister: Lister,
    tokens: &'o mut [rouge_token],
    forms: &'o mut [u8],
    count: usize,
    used: usize,
    start: usize,
    end: usize,
    len: usize,
}

impl TokenList<'_> {
    fn push(&mut self, b: u8, start: usize, end: usize) -> Result<(), Error> {
        if self.len == 0 {
            self.start = start;
        }
        self.end = end;
        *self
            .forms
            .get_mut(self.used + self.len)
            .ok_or(Error::OutputTooSmall)? = b;
        self.len += 1;
        Ok(())
    }

    /// Ends the token being built, if any: filters, stems, records it.
    fn end(&mut self) -> Result<(), Error> {
        let len = core::mem::take(&mut self.len);
        if len == 0 {
            return Ok(());
        }
        // Checked accesses throughout: an overrun is an error, never a panic.
        let rest = self
            .forms
            .get_mut(self.used..)
            .ok_or(Error::OutputTooSmall)?;
        let len = match self.lister {
            Lister::RougeScore { stem } => {
                let word = rest.get_mut(..len).ok_or(Error::OutputTooSmall)?;
                if stem && len > 3 {
                    porter::nltk_stem(word)
                } else {
                    len
                }
            }
            #[cfg(feature = "perl-text")]
            Lister::Perl { stem, stopwords } => {
                let word = rest.get(..len).ok_or(Error::OutputTooSmall)?;
                if stopwords && perl_words::is_smart_stopword(word) {
                    return Ok(());
                }
                if stem && len > 3 {
                    let mut out = [0u8; perl_words::PERL_STEM_MAX_LEN];
                    let n = perl_words::perl_stem(word, &mut out);
                    let stemmed = out.get(..n).ok_or(Error::OutputTooSmall)?;
                    if rest.len() < n {
                        return Err(Error::OutputTooSmall);
                    }
                    for (d, s) in rest.iter_mut().zip(stemmed) {
                        *d = *s;
                    }
                    n
                } else {
                    len
                }
            }
        };
        // rouge-score keeps tokens matching ^[a-z0-9]+$ only (a stem may be empty).
        if len == 0 {
            return Ok(());
        }
        *self
            .tokens
            .get_mut(self.count)
            .ok_or(Error::OutputTooSmall)? = rouge_token {
            start: self.start,
            end: self.end,
            form_start: self.used,
            form_len: len,
        };
        self.count += 1;
        self.used += len;
        Ok(())
    }
}

/// The tokens of one checked UTF-8 text, as `Reader::run` of `text` makes them without limits.
fn list_tokens(text: &str, list: &mut TokenList) -> Result<(), Error> {
    let rouge_score = matches!(list.lister, Lister::RougeScore { .. });
    for (at, c) in text.char_indices() {
        let next = at + c.len_utf8();
        if c.is_ascii() || !rouge_score {
            // ROUGE-1.5.5 reads bytes: every byte of a non-ASCII character separates.
            if c.is_ascii_alphanumeric() {
                list.push((c as u8).to_ascii_lowercase(), at, next)?;
            } else {
                list.end()?;
            }
            continue;
        }
        // Python's str.lower() with full mappings: U+212A gives `k`, U+0130 `i` + U+0307.
        for l in c.to_lowercase() {
            if l.is_ascii_lowercase() || l.is_ascii_digit() {
                list.push(l as u8, at, next)?;
            } else {
                list.end()?;
            }
        }
    }
    list.end()
}

/// Sizes for `rouge_text_tokens` on a text of `text_bytes` bytes: `*out_max_tokens` tokens and
/// `*out_max_form_bytes` bytes of forms always suffice.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (options `rouge_text_tokens`
/// refuses), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to one valid struct or value (readable, or writable for
/// outputs) for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_text_tokens_sizes(
    text_bytes: usize,
    text_options: *const rouge_text_options,
    out_max_tokens: *mut usize,
    out_max_form_bytes: *mut usize,
) -> rouge_status {
    code((|| {
        // SAFETY: the caller's contract for each pointer.
        let lister = lister_of(&unsafe { read(text_options) }?)?;
        let (t, f) = (out_ptr(out_max_tokens)?, out_ptr(out_max_form_bytes)?);
        let forms = max_form_bytes(lister, text_bytes).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        // SAFETY: checked non-NULL and aligned above.
        unsafe {
            *t = max_token_count(text_bytes);
            *f = forms;
        }
        Ok(())
    })())
}

/// Lists the tokens of the UTF-8 text `*text` as the tokeniser of `*text_options` makes them
/// (rouge-score's or ROUGE-1.5.5's; the Unicode tokeniser and the Perl limits are refused):
/// `tokens[i]` gives token i's byte span in the text and its form, the bytes
/// `forms[form_start .. form_start + form_len]` (lowercased, and stemmed when `stem` is set:
/// the token rouge-score's `tokenize` returns). `*out_count` tokens and `*out_form_bytes` bytes
/// of forms are used. `tokens` and `forms` must hold what `rouge_text_tokens_sizes` answered
/// for the text's length (checked first: nothing is written unless the call succeeds).
/// Sentences are not listed: a token's line is the line of its span. Reentrant.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (options; `tokens`, `forms`,
/// `out_count` or `out_form_bytes` overlapping the text's bytes or each other),
/// `ROUGE_ERR_OUTPUT_TOO_SMALL`, `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_UTF8`,
/// `ROUGE_ERR_EMBEDDED_NUL`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct or value), readable, or writable for outputs, for the duration of the
/// call.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_text_tokens(
    text: *const rouge_str,
    text_options: *const rouge_text_options,
    tokens: *mut rouge_token,
    tokens_len: usize,
    forms: *mut u8,
    forms_len: usize,
    out_count: *mut usize,
    out_form_bytes: *mut usize,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let lister = lister_of(&unsafe { read(text_options) }?)?;
        let t = unsafe { read(text) }?;
        let bytes = unsafe { slice(t.ptr as *const u8, t.len) }?;
        let (out_count, out_form_bytes) = (out_ptr(out_count)?, out_ptr(out_form_bytes)?);
        crate::text::check_text(bytes).map_err(status)?;
        let need = max_form_bytes(lister, bytes.len()).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        if tokens_len < max_token_count(bytes.len()) || forms_len < need {
            return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
        }
        let outputs = [
            bytes_of(tokens, tokens_len),
            bytes_of(forms, forms_len),
            bytes_of(out_count, 1),
            bytes_of(out_form_bytes, 1),
        ];
        check_apart(&outputs, [bytes_of(bytes.as_ptr(), bytes.len())])?;
        let tokens = unsafe { slice_mut(tokens, tokens_len) }?;
        let forms = unsafe { slice_mut(forms, forms_len) }?;
        // check_text accepted it as UTF-8.
        let text = core::str::from_utf8(bytes).map_err(|_| status(Error::InvalidUtf8))?;
        let mut list = TokenList {
            lister,
            tokens,
            forms,
            count: 0,
            used: 0,
            start: 0,
            end: 0,
            len: 0,
        };
        list_tokens(text, &mut list).map_err(status)?;
        // SAFETY: checked non-NULL and aligned above.
        unsafe {
            *out_count = list.count;
            *out_form_bytes = list.used;
        }
        Ok(())
    })())
}

// ------------------------------------------------------------------ batch of texts

/// Scores `pair_count` text pairs with a prepared scorer in one call: pair p is the candidate
/// `candidates[p]` against the references `references[reference_offsets[p] ..
/// reference_offsets[p + 1]]` (at least one; `reference_offsets` holds `pair_count + 1`
/// non-decreasing indices into `references`, which holds `reference_offsets[pair_count]`
/// texts). `out[p * metric_count + i]` is the scorer's metric i of pair p (`out_len` at least
/// `pair_count * metric_count`); every text must be within the scorer's dims. The results are
/// `rouge_text_scorer_score`'s. Reentrant and thread-safe (split a batch across threads, one
/// scratch each); `out` is written only on `ROUGE_OK` (pairs scored before a failing pair
/// excepted: on an error `out` is unspecified).
///
/// Errors: as `rouge_text_scorer_score`, plus `ROUGE_ERR_OUTPUT_TOO_SMALL` and
/// `ROUGE_ERR_INVALID_ARGUMENT` for offsets out of order or out of range.
///
/// # Safety
/// As `rouge_text_scorer_score`, for every pair.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_text_scorer_score_batch(
    scorer: *const rouge_text_scorer,
    candidates: *const rouge_str,
    references: *const rouge_str,
    reference_offsets: *const usize,
    pair_count: usize,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
    out_len: usize,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let s = unsafe { read(scorer) }?;
        let metric_count = s.metric_count;
        let offsets_len = pair_count.checked_add(1).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let offsets = unsafe { slice(reference_offsets, offsets_len) }?;
        let cands = unsafe { slice(candidates, pair_count) }?;
        let refs_len = *offsets.last().ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let refs = unsafe { slice(references, refs_len) }?;
        if offsets.windows(2).any(|w| w[0] >= w[1]) || offsets.first() != Some(&0) {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        let need = pair_count
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        if out_len < need {
            return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
        }
        let out = if need == 0 { out } else { out_ptr(out)? };
        let out = unsafe { slice_mut(out, need) }?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        for (p, (cand, w)) in cands.iter().zip(offsets.windows(2)).enumerate() {
            // In range: offsets checked increasing up to refs_len, p < pair_count.
            let r = refs.get(w[0]..w[1]).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
            let o = out
                .get_mut(p * metric_count..(p + 1) * metric_count)
                .ok_or(ROUGE_ERR_OUTPUT_TOO_SMALL)?;
            let st = unsafe {
                rouge_text_scorer_score(
                    scorer,
                    cand,
                    r.as_ptr(),
                    r.len(),
                    scratch.as_mut_ptr(),
                    scratch.len(),
                    o.as_mut_ptr(),
                )
            };
            if st != 0 {
                return Err(st);
            }
        }
        Ok(())
    })())
}

// ------------------------------------------------------------------ numpy's bootstrap

/// numpy's legacy MT19937 state as `np.random.get_state()` gives it (`'MT19937'`, `key`, `pos`;
/// the Gaussian cache it also returns is not touched by the bootstrap and is not kept here).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_mt19937 {
    /// The 624 state words.
    pub key: [u32; 624],
    /// Index of the next word to temper; 624 means the state is reloaded first.
    pub pos: u32,
}

/// Fills `*out` with the state `np.random.seed(seed)` sets (integer seed).
///
/// Errors: `ROUGE_ERR_NULL_POINTER`.
///
/// # Safety
/// `out` is NULL or points to a writable `rouge_mt19937`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_mt19937_seed(seed: u32, out: *mut rouge_mt19937) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        let mut s = rouge_mt19937 {
            key: [0; MT_N],
            pos: MT_N as u32,
        };
        Mt19937::new(&mut s.key, seed);
        // SAFETY: checked non-NULL and aligned above.
        unsafe { *out = s };
        Ok(())
    })())
}

/// rouge-score's `BootstrapAggregator.aggregate()` drawing from the caller's numpy state:
/// `scores` holds `pair_count * metric_count` scores, pair-major (metric m of pair p at
/// `p * metric_count + m`); for each metric in order, `samples` resamples of `pair_count`
/// pairs are drawn as `np.random.choice(np.arange(pair_count), size=pair_count)` draws them
/// from `*state`, and `out[m]` gets the `np.percentile` (linear) of the resampled means at
/// 100 (1 - confidence) / 2, 50 and 100 (1 + confidence) / 2. `confidence` is in [0, 1]
/// (closed, as rouge-score accepts). On success `*state` is left as numpy's would be after
/// the same draws (set it back with `np.random.set_state`), so consecutive aggregations
/// match rouge-score's too. `scratch` holds at least 3 * `samples` words. Reentrant; `out`
/// and `*state` are written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no pairs, samples 0,
/// confidence outside [0, 1], a state position above 624, a score that is NaN or infinite,
/// `out`, `*state` or the scratch overlapping `scores` or each other),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn rouge_corpus_bootstrap_numpy(
    scores: *const rouge_score,
    pair_count: usize,
    metric_count: usize,
    samples: usize,
    confidence: f64,
    state: *mut rouge_mt19937,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_aggregate,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let len = pair_count
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let scores = unsafe { slice(scores, len) }?;
        let state = out_ptr(state)?;
        let mut mt = unsafe { read(state as *const rouge_mt19937) }?;
        let words = samples.checked_mul(3).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        let outputs = [
            bytes_of(out, metric_count),
            bytes_of(scratch_ptr, scratch_words),
            bytes_of(state, 1),
        ];
        check_apart(&outputs, [bytes_of(scores.as_ptr(), scores.len())])?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        let out = unsafe { slice_mut(out, metric_count) }?;
        let finite = |s: &rouge_score| {
            s.precision.is_finite() && s.recall.is_finite() && s.fmeasure.is_finite()
        };
        if pair_count == 0
            || samples == 0
            || !(0.0..=1.0).contains(&confidence)
            || mt.pos as usize > MT_N
            || !scores.iter().all(finite)
        {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        if scratch.len() < words {
            return Err(status(Error::ScratchTooSmall { needed: words }));
        }
        let cols: &mut [f64] = bytemuck_f64(&mut scratch[..words]);
        let (p, rest) = cols
            .split_at_mut_checked(samples)
            .ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let (r, f) = rest
            .split_at_mut_checked(samples)
            .ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        let high = (pair_count - 1) as u64;
        let q = numpy_quantiles(confidence);
        let mut gen = Mt19937::resume(&mut mt.key, mt.pos as usize);
        for (m, o) in out.iter_mut().enumerate() {
            for ((pi, ri), fi) in p.iter_mut().zip(r.iter_mut()).zip(f.iter_mut()) {
                let (mut sp, mut sr, mut sf) = (0.0, 0.0, 0.0);
                for _ in 0..pair_count {
                    let at = numpy_bounded(&mut gen, high) as usize * metric_count + m;
                    // In range (the draw is below pair_count); checked all the same.
                    let s = scores.get(at).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
                    sp += s.precision;
                    sr += s.recall;
                    sf += s.fmeasure;
                }
                let n = pair_count as f64;
                (*pi, *ri, *fi) = (sp / n, sr / n, sf / n);
            }
            for c in [&mut *p, &mut *r, &mut *f] {
                c.sort_unstable_by(f64::total_cmp);
            }
            let at = |k: usize| rouge_score {
                precision: numpy_percentile(p, q[k]),
                recall: numpy_percentile(r, q[k]),
                fmeasure: numpy_percentile(f, q[k]),
            };
            *o = rouge_aggregate {
                low: at(0),
                mid: at(1),
                high: at(2),
            };
        }
        mt.pos = gen.pos() as u32;
        // SAFETY: checked non-NULL and aligned above.
        unsafe { *state = mt };
        Ok(())
    })())
}

/// The scratch words as `f64` (same size and alignment; every bit pattern is a valid f64).
fn bytemuck_f64(words: &mut [u64]) -> &mut [f64] {
    // SAFETY: u64 and f64 have the same size and alignment and no invalid bit patterns; the
    // borrow is carried over.
    unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut f64, words.len()) }
}
