//! The C ABI: `extern "C"` functions with the `rouge_` prefix over the safe core.
//!
//! Every function checks every pointer and length, converts them to slices, calls the core and
//! writes its outputs only when it succeeds. `(NULL, 0)` is accepted as an empty array (Go's nil
//! slices produce it); `(NULL, n > 0)` is `ROUGE_ERR_NULL_POINTER`. Nothing here keeps a pointer
//! past the call, and there is no global state: every function is reentrant and thread-safe.
#![allow(non_camel_case_types)]

use core::ffi::c_char;
use core::mem::{align_of, size_of};

use crate::pair::{
    self, Batch, Dims, Flavour, Metric, MetricResult, MultiRef, Options, References, Summary,
};
use crate::score::{Counts, Score};
use crate::tokenize::{self, Texts, TokenizedText};
use crate::Error;

/// Status code returned by every fallible function; `ROUGE_OK` (0) on success.
pub type rouge_status = u32;

/// Success.
pub const ROUGE_OK: rouge_status = 0;
/// A pointer argument is NULL while its length is not 0 (or a required pointer is NULL).
pub const ROUGE_ERR_NULL_POINTER: rouge_status = 1;
/// The scratch buffer is smaller than the size query answered.
pub const ROUGE_ERR_SCRATCH_TOO_SMALL: rouge_status = 2;
/// The scratch pointer is not aligned to 8 bytes.
pub const ROUGE_ERR_SCRATCH_MISALIGNED: rouge_status = 3;
/// An argument is outside its domain: unknown metric kind, flavour or policy, n = 0,
/// weight < 1 (or so large that k^weight overflows for the input lengths), alpha outside
/// [0, 1], no references, sentence ends out of order or past the end, a misaligned input array;
/// also a metric or tokeniser that this build of the library leaves out (Rust features
/// `rouge-w`: ROUGE-W; `rouge-s`: ROUGE-S and SU; `perl-text`: `ROUGE_TOKENIZER_PERL`;
/// `unicode-tokenizer`: `ROUGE_TOKENIZER_UNICODE`; the default build has them all).
pub const ROUGE_ERR_INVALID_ARGUMENT: rouge_status = 4;
/// An input is too long: a length above 2^32 - 2 tokens, or a size computation that would
/// overflow.
pub const ROUGE_ERR_INPUT_TOO_LONG: rouge_status = 5;
/// An output array is shorter than the call needs.
pub const ROUGE_ERR_OUTPUT_TOO_SMALL: rouge_status = 6;
/// A text given to a tokeniser or to `rouge_score_text` is not valid UTF-8.
pub const ROUGE_ERR_INVALID_UTF8: rouge_status = 7;
/// A text given to a tokeniser or to `rouge_score_text` contains a NUL byte (lengths are
/// explicit, so a NUL is most likely a length that runs past the string).
pub const ROUGE_ERR_EMBEDDED_NUL: rouge_status = 8;

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

/// Version of this ABI: changes whenever a signature or a struct layout changes.
pub const ROUGE_ABI_VERSION: u32 = 1;

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

/// Sizes that determine the scratch need (maxima over the pairs of a call or of many calls).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct rouge_dims {
    /// References per candidate.
    pub reference_count: usize,
    /// Candidate tokens.
    pub candidate_len: usize,
    /// Tokens of the longest reference.
    pub reference_len: usize,
    /// Tokens of the longest candidate sentence.
    pub candidate_sentence_len: usize,
    /// Tokens of the longest reference sentence.
    pub reference_sentence_len: usize,
}

/// Many pairs in one array (CSR layout), borrowed for the call only.
///
/// Segment k is `tokens[segment_ends[k-1] .. segment_ends[k]]` (the first starts at 0). Pair p
/// is the segments `pair_segments[p] .. pair_segments[p+1]`: the first is the candidate, the
/// others (at least one) its references. `sentence_ends` are absolute offsets into `tokens`,
/// non-decreasing; a segment takes those in (start, end].
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct rouge_batch {
    /// All token ids.
    pub tokens: *const u32,
    /// Number of token ids.
    pub tokens_len: usize,
    /// End of each segment, non-decreasing, at most `tokens_len`.
    pub segment_ends: *const usize,
    /// Number of segments.
    pub segment_count: usize,
    /// Absolute sentence ends (may be NULL with length 0).
    pub sentence_ends: *const usize,
    /// Number of sentence ends.
    pub sentence_ends_len: usize,
    /// `pair_count + 1` segment indices.
    pub pair_segments: *const usize,
    /// Number of pairs.
    pub pair_count: usize,
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

pub(crate) fn status(e: Error) -> rouge_status {
    match e {
        Error::ScratchTooSmall { .. } => ROUGE_ERR_SCRATCH_TOO_SMALL,
        Error::OutputTooSmall => ROUGE_ERR_OUTPUT_TOO_SMALL,
        Error::InvalidArgument => ROUGE_ERR_INVALID_ARGUMENT,
        Error::InputTooLong => ROUGE_ERR_INPUT_TOO_LONG,
        Error::InvalidUtf8 => ROUGE_ERR_INVALID_UTF8,
        Error::EmbeddedNul => ROUGE_ERR_EMBEDDED_NUL,
    }
}

/// `(ptr, len)` as a slice: `(NULL, 0)` is empty; NULL with a length, misalignment and sizes
/// above `isize::MAX` are errors, so `from_raw_parts` is sound.
///
/// # Safety
/// When `ptr` is not NULL it must point to `len` initialised elements valid for the call.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], rouge_status> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(ROUGE_ERR_NULL_POINTER);
    }
    if !(ptr as usize).is_multiple_of(align_of::<T>()) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    if len
        .checked_mul(size_of::<T>())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(ROUGE_ERR_INPUT_TOO_LONG);
    }
    // SAFETY: non-null, aligned, size checked; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// As [`slice`], mutable.
///
/// # Safety
/// When `ptr` is not NULL it must point to `len` writable elements valid for the call and not
/// aliased by any other argument.
pub(crate) unsafe fn slice_mut<'a, T>(
    ptr: *mut T,
    len: usize,
) -> Result<&'a mut [T], rouge_status> {
    // SAFETY: same contract as `slice`, plus exclusivity from the caller.
    let s = unsafe { slice(ptr as *const T, len) }?;
    // SAFETY: the checks above hold for the same pointer and length.
    Ok(unsafe { core::slice::from_raw_parts_mut(s.as_ptr() as *mut T, len) })
}

/// The caller's scratch: NULL with a size, or a misaligned pointer, are errors.
///
/// # Safety
/// As [`slice_mut`].
pub(crate) unsafe fn scratch<'a>(
    ptr: *mut u64,
    words: usize,
) -> Result<&'a mut [u64], rouge_status> {
    if words > 0 && !ptr.is_null() && !(ptr as usize).is_multiple_of(align_of::<u64>()) {
        return Err(ROUGE_ERR_SCRATCH_MISALIGNED);
    }
    // SAFETY: forwarded contract.
    unsafe { slice_mut(ptr, words) }
}

/// # Safety
/// `p` is NULL or points to a valid `T`.
pub(crate) unsafe fn read<T: Copy>(p: *const T) -> Result<T, rouge_status> {
    if p.is_null() {
        return Err(ROUGE_ERR_NULL_POINTER);
    }
    if !(p as usize).is_multiple_of(align_of::<T>()) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned; validity is the caller's contract.
    Ok(unsafe { p.read() })
}

/// Checks an output pointer before anything is computed.
pub(crate) fn out_ptr<T>(p: *mut T) -> Result<*mut T, rouge_status> {
    if p.is_null() {
        Err(ROUGE_ERR_NULL_POINTER)
    } else if !(p as usize).is_multiple_of(align_of::<T>()) {
        Err(ROUGE_ERR_INVALID_ARGUMENT)
    } else {
        Ok(p)
    }
}

/// # Safety
/// As [`slice`] for both arrays of `s`.
pub(crate) unsafe fn summary<'a>(s: &rouge_summary) -> Result<Summary<'a>, rouge_status> {
    // SAFETY: forwarded contract.
    let tokens = unsafe { slice(s.tokens, s.len) }?;
    // SAFETY: forwarded contract.
    let ends = unsafe { slice(s.sentence_ends, s.sentence_count) }?;
    Ok(Summary::new(tokens, ends))
}

pub(crate) fn metric(m: &rouge_metric) -> Result<Metric, rouge_status> {
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

pub(crate) fn options(o: &rouge_options) -> Result<Options, rouge_status> {
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

/// Metrics are converted in fixed-size chunks on the stack: no allocation, any count.
pub(crate) const METRIC_CHUNK: usize = 32;

/// Runs `f` over the converted metrics, `METRIC_CHUNK` at a time, with the chunk's offset.
fn with_metrics(
    metrics: &[rouge_metric],
    mut f: impl FnMut(usize, &[Metric]) -> Result<(), rouge_status>,
) -> Result<(), rouge_status> {
    let mut buf = [Metric::L; METRIC_CHUNK];
    for (c, chunk) in metrics.chunks(METRIC_CHUNK).enumerate() {
        for (d, m) in buf.iter_mut().zip(chunk) {
            *d = metric(m)?;
        }
        f(c * METRIC_CHUNK, &buf[..chunk.len()])?;
    }
    Ok(())
}

pub(crate) fn result(r: &MetricResult) -> rouge_result {
    let Score {
        precision,
        recall,
        fmeasure,
    } = r.score;
    let Counts {
        hit,
        reference_total,
        candidate_total,
    } = r.counts;
    rouge_result {
        score: rouge_score {
            precision,
            recall,
            fmeasure,
        },
        counts: rouge_counts {
            hit,
            reference_total,
            candidate_total,
        },
    }
}

/// References given as a C array, every element checked when the wrapper is built.
struct CRefs<'a> {
    items: &'a [rouge_summary],
}

impl<'a> CRefs<'a> {
    /// # Safety
    /// Every element's arrays satisfy [`slice`]'s contract.
    unsafe fn new(items: &'a [rouge_summary]) -> Result<Self, rouge_status> {
        for s in items {
            // SAFETY: forwarded contract.
            unsafe { summary(s) }?;
        }
        Ok(CRefs { items })
    }
}

impl References for CRefs<'_> {
    fn count(&self) -> usize {
        self.items.len()
    }
    fn get(&self, i: usize) -> Summary<'_> {
        // SAFETY: checked in `new`; the arrays outlive the call that built `self`.
        unsafe { summary(&self.items[i]) }.unwrap_or(Summary::new(&[], &[]))
    }
}

pub(crate) fn code(r: Result<(), rouge_status>) -> rouge_status {
    match r {
        Ok(()) => ROUGE_OK,
        Err(s) => s,
    }
}

/// The ABI version this library implements (`ROUGE_ABI_VERSION` of its header).
#[no_mangle]
pub extern "C" fn rouge_abi_version() -> u32 {
    ROUGE_ABI_VERSION
}

/// The library version as a static NUL-terminated string ("MAJOR.MINOR.PATCH"); never NULL.
#[no_mangle]
pub extern "C" fn rouge_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr() as *const c_char
}

/// A static NUL-terminated English message for a status code; never NULL (unknown codes get
/// "unknown status").
#[no_mangle]
pub extern "C" fn rouge_status_str(status: rouge_status) -> *const c_char {
    let s: &'static str = match status {
        ROUGE_OK => "ok\0",
        ROUGE_ERR_NULL_POINTER => "null pointer with a non-zero length\0",
        ROUGE_ERR_SCRATCH_TOO_SMALL => "scratch buffer too small\0",
        ROUGE_ERR_SCRATCH_MISALIGNED => "scratch buffer not aligned to 8 bytes\0",
        ROUGE_ERR_INVALID_ARGUMENT => "invalid argument\0",
        ROUGE_ERR_INPUT_TOO_LONG => "input too long\0",
        ROUGE_ERR_OUTPUT_TOO_SMALL => "output buffer too small\0",
        ROUGE_ERR_INVALID_UTF8 => "text is not valid UTF-8\0",
        ROUGE_ERR_EMBEDDED_NUL => "text contains a NUL byte\0",
        _ => "unknown status\0",
    };
    s.as_ptr() as *const c_char
}

/// Fills `*out` with the defaults of a flavour: rouge-score (best F over references, no
/// rounding) or ROUGE-1.5.5 (`-f A`, alpha 0.5, rounding to 5 decimals as printed).
///
/// Errors: `ROUGE_ERR_NULL_POINTER` (out), `ROUGE_ERR_INVALID_ARGUMENT` (flavour).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_options_init(flavour: u32, out: *mut rouge_options) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        let o = match flavour {
            ROUGE_FLAVOUR_ROUGE_SCORE => rouge_options {
                flavour,
                multi_reference: ROUGE_MULTI_BEST_F,
                jackknife: 0,
                round: 0,
                alpha: 0.5,
            },
            ROUGE_FLAVOUR_PERL => rouge_options {
                flavour,
                multi_reference: ROUGE_MULTI_PERL_A,
                jackknife: 0,
                round: 1,
                alpha: 0.5,
            },
            _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
        };
        // SAFETY: checked non-null and aligned; the caller owns the storage.
        unsafe { out.write(o) };
        Ok(())
    })())
}

/// Parses a metric name as rouge-score and ROUGE-1.5.5 users write it: `rouge1`..`rougeN`,
/// `rougeL`, `rougeLsum`, `rougeW-1.2` (any weight), `rougeS4`, `rougeS*`, `rougeSU4`,
/// `rougeSU*` (case of the `rouge` prefix ignored), and ROUGE-1.5.5's spellings `ROUGE-1`,
/// `ROUGE-L`, `ROUGE-W-1.2`, `ROUGE-S4`, `ROUGE-SU*`. Note that ROUGE-1.5.5's `ROUGE-L` is the
/// summary-level LCS, so `ROUGE-L` parses to `ROUGE_METRIC_LSUM` while `rougeL` parses to
/// `ROUGE_METRIC_L`. `name` is `name_len` bytes, no NUL needed.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (unknown name).
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_metric_parse(
    name: *const c_char,
    name_len: usize,
    out: *mut rouge_metric,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY: caller's contract for (name, name_len).
        let bytes = unsafe { slice(name as *const u8, name_len) }?;
        let m = parse_metric(bytes).ok_or(ROUGE_ERR_INVALID_ARGUMENT)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out.write(m) };
        Ok(())
    })())
}

/// Name parser behind `rouge_metric_parse`.
pub fn parse_metric(name: &[u8]) -> Option<rouge_metric> {
    let name = core::str::from_utf8(name).ok()?;
    // Compared as bytes: `name[..5]` would panic when byte 5 falls inside a multi-byte
    // character ("rougé"). Once the five bytes are ASCII, byte 5 is a character boundary.
    if name.len() < 5 || !name.as_bytes()[..5].eq_ignore_ascii_case(b"rouge") {
        return None;
    }
    // ROUGE-1.5.5 spells its names `ROUGE-...`; its ROUGE-L is the summary-level LCS.
    let perl_spelling = name.starts_with("ROUGE-");
    let rest = name[5..].strip_prefix('-').unwrap_or(&name[5..]);
    if perl_spelling && rest == "L" {
        return Some(rouge_metric {
            kind: ROUGE_METRIC_LSUM,
            n: 0,
            skip: 0,
            weight: 0.0,
        });
    }
    let skip = |s: &str| -> Option<i64> {
        if s == "*" {
            Some(-1)
        } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    let m = |kind, n, skip, weight| {
        Some(rouge_metric {
            kind,
            n,
            skip,
            weight,
        })
    };
    if rest == "L" {
        m(ROUGE_METRIC_L, 0, 0, 0.0)
    } else if rest == "Lsum" {
        m(ROUGE_METRIC_LSUM, 0, 0, 0.0)
    } else if let Some(w) = rest.strip_prefix("W-").or_else(|| rest.strip_prefix("W")) {
        let w: f64 = w.parse().ok()?;
        (w >= 1.0 && w.is_finite()).then_some(rouge_metric {
            kind: ROUGE_METRIC_W,
            n: 0,
            skip: 0,
            weight: w,
        })
    } else if let Some(s) = rest.strip_prefix("SU") {
        m(ROUGE_METRIC_SU, 0, skip(s)?, 0.0)
    } else if let Some(s) = rest.strip_prefix('S') {
        m(ROUGE_METRIC_S, 0, skip(s)?, 0.0)
    } else if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = rest.parse().ok()?;
        (n >= 1).then_some(rouge_metric {
            kind: ROUGE_METRIC_N,
            n,
            skip: 0,
            weight: 0.0,
        })
    } else {
        None
    }
}

/// Computes the dimensions of one candidate and its references into `*out`, for
/// `rouge_scratch_words`. Combine several with the element-wise maximum to size one scratch
/// buffer for many calls.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT` (sentence ends),
/// `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_dims_of(
    candidate: *const rouge_summary,
    references: *const rouge_summary,
    reference_count: usize,
    out: *mut rouge_dims,
) -> rouge_status {
    code((|| {
        let out = out_ptr(out)?;
        // SAFETY: caller's contract.
        let cand = unsafe { summary(&read(candidate)?) }?;
        // SAFETY: caller's contract.
        let refs = unsafe { CRefs::new(slice(references, reference_count)?) }?;
        let d = Dims::checked(&cand, &refs).map_err(status)?;
        // SAFETY: checked non-null and aligned.
        unsafe {
            out.write(rouge_dims {
                reference_count: d.references,
                candidate_len: d.candidate_len,
                reference_len: d.reference_len,
                candidate_sentence_len: d.candidate_sentence_len,
                reference_sentence_len: d.reference_sentence_len,
            })
        };
        Ok(())
    })())
}

/// Writes to `*out_words` the exact number of `uint64_t` scratch words a call of `rouge_score_pair`
/// (or of `rouge_score_batch`) with these metrics and options needs for inputs within `dims`.
/// The need grows linearly with the lengths, except for the summary-level metrics (Lsum, and
/// ROUGE-W in the Perl flavour), which add one bit per cell of the largest sentence pair.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INVALID_ARGUMENT`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_scratch_words(
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    dims: *const rouge_dims,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        // SAFETY: caller's contract.
        let opts = options_of(unsafe { read(options) }?)?;
        // SAFETY: caller's contract.
        let d = unsafe { read(dims) }?;
        let dims = Dims {
            references: d.reference_count,
            candidate_len: d.candidate_len,
            reference_len: d.reference_len,
            candidate_sentence_len: d.candidate_sentence_len,
            reference_sentence_len: d.reference_sentence_len,
        };
        let words = words_for_metrics(metrics, &opts, &dims)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

pub(crate) fn options_of(o: rouge_options) -> Result<Options, rouge_status> {
    options(&o)
}

/// Scratch words for all metrics: the chunks share one buffer in turn, so the need is the
/// largest chunk's.
fn words_for_metrics(
    metrics: &[rouge_metric],
    opts: &Options,
    dims: &Dims,
) -> Result<usize, rouge_status> {
    let mut words = 0usize;
    with_metrics(metrics, |_, ms| {
        words = words.max(pair::scratch_words(ms, opts, dims).map_err(status)?);
        Ok(())
    })?;
    Ok(words)
}

/// Scores `candidate` against `reference_count` references for each of `metric_count`
/// metrics, writing `out[i]` for `metrics[i]` (`out` holds `metric_count` results). The metrics
/// share work (one interning pass per reference, n-gram levels built once). All arrays are
/// borrowed for the call only; `scratch` holds `scratch_words` words as `rouge_scratch_words`
/// answered. Reentrant and thread-safe; `out` is written only on `ROUGE_OK`.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_INVALID_ARGUMENT` (no references, bad metric or
/// options, bad sentence ends), `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_pair(
    candidate: *const rouge_summary,
    references: *const rouge_summary,
    reference_count: usize,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let cand = unsafe { summary(&read(candidate)?) }?;
        let refs = unsafe { CRefs::new(slice(references, reference_count)?) }?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(unsafe { read(options) }?)?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let out = if metric_count == 0 {
            out
        } else {
            out_ptr(out)?
        };
        if refs.count() == 0 {
            return Err(ROUGE_ERR_INVALID_ARGUMENT);
        }
        // Check the whole call (every chunk) before the first result is written.
        let needed = words_for_metrics(metrics, &opts, &Dims::of(&cand, &refs))?;
        if scratch.len() < needed {
            return Err(ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let out = unsafe { slice_mut(out, metric_count) }?;
        let mut results = [MetricResult::default(); METRIC_CHUNK];
        with_metrics(metrics, |offset, ms| {
            pair::score_pair(&cand, &refs, ms, &opts, scratch, &mut results[..ms.len()])
                .map_err(status)?;
            for (d, r) in out[offset..offset + ms.len()].iter_mut().zip(&results) {
                *d = result(r);
            }
            Ok(())
        })
    })())
}

fn batch_of<'a>(b: &rouge_batch) -> Result<Batch<'a>, rouge_status> {
    // SAFETY (all blocks): the caller's contract for the batch's arrays.
    let tokens = unsafe { slice(b.tokens, b.tokens_len) }?;
    let segment_ends = unsafe { slice(b.segment_ends, b.segment_count) }?;
    let sentence_ends = unsafe { slice(b.sentence_ends, b.sentence_ends_len) }?;
    let pairs1 = b
        .pair_count
        .checked_add(1)
        .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
    let pair_segments = unsafe { slice(b.pair_segments, pairs1) }?;
    Ok(Batch {
        tokens,
        segment_ends,
        sentence_ends,
        pair_segments,
    })
}

fn dims_of_batch(b: &Batch) -> Result<Dims, rouge_status> {
    b.dims().map_err(status)
}

/// Writes to `*out_words` the exact scratch words `rouge_score_batch` needs for this batch.
///
/// Errors: as `rouge_score_batch`, except scratch and output errors.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_batch_scratch_words(
    batch: *const rouge_batch,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    out_words: *mut usize,
) -> rouge_status {
    code((|| {
        let out_words = out_ptr(out_words)?;
        // SAFETY: caller's contract.
        let b = batch_of(&unsafe { read(batch) }?)?;
        // SAFETY: caller's contract.
        let metrics = unsafe { slice(metrics, metric_count) }?;
        // SAFETY: caller's contract.
        let opts = options_of(unsafe { read(options) }?)?;
        let words = words_for_metrics(metrics, &opts, &dims_of_batch(&b)?)?;
        // SAFETY: checked non-null and aligned.
        unsafe { out_words.write(words) };
        Ok(())
    })())
}

/// Scores every pair of `batch` (see `rouge_batch`) for each metric: `out[p * metric_count + i]`
/// is metric i of pair p; `out_len` must be at least `pair_count * metric_count`. The whole
/// batch is checked before anything is written; `out` is written only on `ROUGE_OK`.
///
/// Errors: as `rouge_score_pair`, plus `ROUGE_ERR_OUTPUT_TOO_SMALL` and `ROUGE_ERR_INVALID_ARGUMENT`
/// for segment, sentence or pair offsets out of order or out of range.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_score_batch(
    batch: *const rouge_batch,
    metrics: *const rouge_metric,
    metric_count: usize,
    options: *const rouge_options,
    scratch_ptr: *mut u64,
    scratch_words: usize,
    out: *mut rouge_result,
    out_len: usize,
) -> rouge_status {
    code((|| {
        // SAFETY (all blocks below): the caller's contract for each pointer and length.
        let b = batch_of(&unsafe { read(batch) }?)?;
        let metrics = unsafe { slice(metrics, metric_count) }?;
        let opts = options_of(unsafe { read(options) }?)?;
        let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
        let dims = dims_of_batch(&b)?;
        let needed = words_for_metrics(metrics, &opts, &dims)?;
        let total = b
            .pair_count()
            .checked_mul(metric_count)
            .ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
        if out_len < total {
            return Err(ROUGE_ERR_OUTPUT_TOO_SMALL);
        }
        if scratch.len() < needed {
            return Err(ROUGE_ERR_SCRATCH_TOO_SMALL);
        }
        let out = unsafe { slice_mut(out, total) }?;
        // One pass over the batch per chunk of metrics (one in practice): everything was
        // checked above, so no chunk can fail after an earlier one wrote.
        with_metrics(metrics, |offset, ms| {
            pair::score_batch_with(&b, ms, &opts, scratch, &mut |p, i, r| {
                out[p * metric_count + offset + i] = result(&r)
            })
            .map_err(status)
        })
    })())
}

pub(crate) struct CTexts<'a> {
    items: &'a [rouge_str],
}

impl Texts for CTexts<'_> {
    fn count(&self) -> usize {
        self.items.len()
    }
    fn get(&self, i: usize) -> &[u8] {
        // SAFETY: every element was checked by `texts` before this wrapper was built.
        unsafe { slice(self.items[i].ptr as *const u8, self.items[i].len) }.unwrap_or(&[])
    }
}

/// # Safety
/// Every element's (ptr, len) satisfies [`slice`]'s contract.
pub(crate) unsafe fn texts<'a>(
    items: &'a [rouge_str],
) -> Result<(CTexts<'a>, usize), rouge_status> {
    let mut total = 0usize;
    for t in items {
        // SAFETY: forwarded contract.
        unsafe { slice(t.ptr as *const u8, t.len) }?;
        total = total.checked_add(t.len).ok_or(ROUGE_ERR_INPUT_TOO_LONG)?;
    }
    Ok((CTexts { items }, total))
}

/// Sizes for `rouge_tokenize_basic`: `*out_scratch_words` scratch words, and `*out_max_tokens`,
/// an upper bound on the tokens (and on the sentences) of these texts: `ids` and
/// `sentence_ends` of that length always suffice.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_tokenize_sizes(
    texts_ptr: *const rouge_str,
    text_count: usize,
    out_scratch_words: *mut usize,
    out_max_tokens: *mut usize,
) -> rouge_status {
    // The basic tokeniser is ROUGE-1.5.5's without options.
    // SAFETY: the caller's contract, forwarded.
    code(unsafe {
        tokenize_sizes(
            texts_ptr,
            text_count,
            &crate::text::TextOptions::perl(),
            out_scratch_words,
            out_max_tokens,
        )
    })
}

/// The size query both C tokenisers share: scratch words and the token bound for these texts.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for an
/// output), for the duration of the call.
pub(crate) unsafe fn tokenize_sizes(
    texts_ptr: *const rouge_str,
    text_count: usize,
    opts: &crate::text::TextOptions,
    out_scratch_words: *mut usize,
    out_max_tokens: *mut usize,
) -> Result<(), rouge_status> {
    let (ow, ot) = (out_ptr(out_scratch_words)?, out_ptr(out_max_tokens)?);
    // SAFETY: caller's contract.
    let (_, total) = unsafe { texts(slice(texts_ptr, text_count)?) }?;
    let words = crate::text::tokenize_scratch_words(opts, total, text_count).map_err(status)?;
    // SAFETY: checked non-null and aligned.
    unsafe {
        ow.write(words);
        ot.write(crate::text::max_tokens(total, text_count));
    }
    Ok(())
}

/// The basic tokeniser: ASCII lowercase, tokens are the runs of `[a-z0-9]` (every other byte
/// separates), sentences end at `\n`. Tokenises `text_count` texts into one id space (equal
/// words get equal ids, different words different ids), writing the ids to `ids` and the
/// sentence ends to `sentence_ends`, and describing text i in `out[i]` as a `rouge_summary`
/// that points into `ids` and `sentence_ends` (usable as long as those arrays are). Size the
/// arrays with `rouge_tokenize_sizes`. Nothing is written unless the call succeeds.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_OUTPUT_TOO_SMALL`, `ROUGE_ERR_INPUT_TOO_LONG`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for a
/// pointer to a struct), readable, or writable for outputs, for the duration of the call.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_tokenize_basic(
    texts_ptr: *const rouge_str,
    text_count: usize,
    ids: *mut u32,
    ids_len: usize,
    sentence_ends: *mut usize,
    sentence_ends_len: usize,
    out: *mut rouge_summary,
    scratch_ptr: *mut u64,
    scratch_words: usize,
) -> rouge_status {
    // SAFETY: the caller's contract, forwarded.
    code(unsafe {
        tokenize_into(
            texts_ptr,
            text_count,
            (ids, ids_len),
            (sentence_ends, sentence_ends_len),
            out,
            (scratch_ptr, scratch_words),
            &mut |t, ids, ends, scratch, on_text| {
                tokenize::tokenize_basic(t, ids, ends, scratch, on_text)
            },
        )
    })
}

/// The tokenising shape both C tokenisers share: checks the caller's arrays, runs `run` over
/// the texts, and describes text i in `out[i]` as a summary pointing into `ids` and `ends`.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says, for the
/// duration of the call.
#[allow(clippy::type_complexity)]
pub(crate) unsafe fn tokenize_into(
    texts_ptr: *const rouge_str,
    text_count: usize,
    (ids, ids_len): (*mut u32, usize),
    (sentence_ends, sentence_ends_len): (*mut usize, usize),
    out: *mut rouge_summary,
    (scratch_ptr, scratch_words): (*mut u64, usize),
    run: &mut dyn FnMut(
        &dyn Texts,
        &mut [u32],
        &mut [usize],
        &mut [u64],
        &mut dyn FnMut(usize, TokenizedText),
    ) -> Result<(), Error>,
) -> Result<(), rouge_status> {
    // SAFETY (all blocks below): the caller's contract for each pointer and length.
    let (t, _) = unsafe { texts(slice(texts_ptr, text_count)?) }?;
    let ids_s = unsafe { slice_mut(ids, ids_len) }?;
    let ends_s = unsafe { slice_mut(sentence_ends, sentence_ends_len) }?;
    let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
    let out = if text_count == 0 { out } else { out_ptr(out)? };
    let out = unsafe { slice_mut(out, text_count) }?;
    // The summaries point into the caller's arrays; keep their base addresses across the
    // core's exclusive borrow (in-bounds offsets only).
    let (ids_base, ends_base) = (ids_s.as_ptr(), ends_s.as_ptr());
    run(&t, ids_s, ends_s, scratch, &mut |i, s: TokenizedText| {
        out[i] = rouge_summary {
            tokens: ids_base.wrapping_add(s.token_start),
            len: s.token_len,
            sentence_ends: ends_base.wrapping_add(s.sentence_start),
            sentence_count: s.sentence_count,
        };
    })
    .map_err(status)
}
