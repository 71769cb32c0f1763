//! Text to token ids: the tokenisers (`ROUGE_TOKENIZER_*`) and their options, `rouge_tokenize`
//! and the basic tokeniser `rouge_tokenize_basic`, with their size queries. Several texts are
//! tokenised in one call into one id space, and each is described as a `rouge_summary` that
//! points into the caller's arrays.

use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_array, out_ptr, read, scratch, slice, slice_mut};
use super::status::{
    rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_INVALID_UTF8,
};
use super::types::{rouge_str, rouge_summary};
use crate::text::{self, TextOptions, Tokenizer};
use crate::tokenize::{tokenize_basic, Texts, TokenizedText};
use crate::Error;
use core::ffi::c_char;

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
/// rouge-score-rs's `unicode-v1` tokeniser (the `rougers` crate 0.2.1, Unicode 17.0): NFKC,
/// full case folding, NFKC again, then the UAX #29 words (as unicode-segmentation's
/// `unicode_words`) that hold an Alphabetic or General_Category=Number character. `stem` is
/// refused, as every Perl option. NUL is accepted in texts, as rougers takes it: a control
/// character, never in a token (`"a\0b"` is `a`, `b`).
pub const ROUGE_TOKENIZER_UNICODE_V1: u32 = 3;
/// rouge-score-rs's `character-v1` tokeniser (`rougers` 0.2.1, Unicode 17.0): the same
/// normalisation, then every extended grapheme cluster that holds an Alphabetic or
/// General_Category=Number character is a token (character-level ROUGE, the common convention
/// for Chinese). `stem` is refused, as every Perl option. NUL is accepted in texts, as rougers
/// takes it: a control character, a cluster of its own and never a token.
pub const ROUGE_TOKENIZER_CHARACTER_V1: u32 = 4;
/// The tokeniser of XL-Sum's multilingual ROUGE (csebuetnlp's fork of rouge-score, PyPI
/// `multilingual-rouge` 0.0.1, as `RougeScorer(..., use_stemmer=stem, lang=lang)` builds it),
/// exactly, for the language `lang` names. Every text is read twice, as the fork reads it: the
/// main path (Python's `str.lower()`, its cleaning: control and format characters deleted,
/// punctuation deleted and splitting, then pyonmttok's aggressive mode and one token per Han
/// ideograph, or its Burmese syllable rules, or for Chinese, Japanese and Thai the host's
/// segmenter) for every metric but rougeLsum, and the Lsum path (each line lowered and cleaned,
/// its words the tokens, no segmenter) for rougeLsum; with `stem`, tokens of more than 3 code
/// points are stemmed by the language's stemmer (NLTK's Porter without a language, NLTK's
/// Snowball, the Bengali, Turkish or Hindi one). NUL is accepted in texts (the fork deletes
/// it). Scores with `ROUGE_FLAVOUR_ROUGE_SCORE` are the fork's. Chinese, Japanese and Thai
/// (`chinese`, `chinese_simplified`, `chinese_traditional`, `japanese`, `thai`) need the host
/// segmenter's tokens: `rouge_score_text` refuses them with `ROUGE_ERR_INVALID_ARGUMENT`;
/// clean each text with `rouge_xlsum_clean_text`, segment it (jieba, fugashi with unidic-lite,
/// pythainlp's newmm, as the fork does), and score with `rouge_score_text_segmented` or
/// `rouge_text_scorer_score_segmented`. Not built without the Cargo feature `multilingual`
/// (`ROUGE_ERR_INVALID_ARGUMENT` then).
pub const ROUGE_TOKENIZER_XLSUM: u32 = 5;

/// Tokeniser options; fill with `rouge_text_options_init`.
///
/// Sentences are always the lines of a text (split at `\n`; a line without tokens makes no
/// sentence). `stopwords`, `word_limit` and `byte_limit` are ROUGE-1.5.5 options: any of them
/// with another tokeniser, or both limits at once, is `ROUGE_ERR_INVALID_ARGUMENT`; `lang` is
/// XL-Sum's: a language with another tokeniser is too.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// ROUGE-1.5.5 does. Non-zero with another tokeniser is `ROUGE_ERR_INVALID_ARGUMENT`.
    pub lcs_path: u32,
    /// Perl (`-l N`): keep whole lines while the running count of white-space-separated fields
    /// (Perl's `split /\s+/`) stays below N, then the first N - count fields of the next line;
    /// 0: no limit.
    pub word_limit: u64,
    /// Perl (`-b N`): byte limit as described at `lcs_path`; 0: no limit.
    pub byte_limit: u64,
    /// XL-Sum (`ROUGE_TOKENIZER_XLSUM`): the fork's `lang`, `lang_len` bytes of UTF-8
    /// (borrowed for the call only; a scorer resolves it when prepared). NULL with 0, or an
    /// empty string, is Python's `None`: pyonmttok, and NLTK's Porter stemmer with `stem`.
    /// Resolved as the fork resolves it: its aliases (`bangla`, `turkce`, `mundo`,
    /// `chinese_simplified`, `chinese_traditional`), case-sensitive; a name it does not know
    /// (`"English"`, `"klingon"`) is not an error: it gets pyonmttok and no stemmer at all,
    /// even with `stem` (the fork only warns).
    pub lang: *const c_char,
    /// Bytes of `lang`.
    pub lang_len: usize,
}

impl Default for rouge_text_options {
    fn default() -> Self {
        rouge_text_options {
            tokenizer: 0,
            stem: 0,
            stopwords: 0,
            lcs_path: 0,
            word_limit: 0,
            byte_limit: 0,
            lang: core::ptr::null(),
            lang_len: 0,
        }
    }
}

/// The core's tokeniser options for C ones, validated, `lang` read and resolved.
///
/// # Safety
/// `o.lang` is NULL or points to `o.lang_len` readable bytes.
pub(crate) unsafe fn text_options_of(o: &rouge_text_options) -> Result<TextOptions, rouge_status> {
    // SAFETY: the caller's contract.
    let lang = unsafe { slice(o.lang.cast::<u8>(), o.lang_len) }?;
    let lang = match (o.lang.is_null(), core::str::from_utf8(lang)) {
        (true, _) => None,
        (false, Ok(l)) => Some(l),
        (false, Err(_)) => return Err(ROUGE_ERR_INVALID_UTF8),
    };
    text_options_with(o, Language::Named(lang))
}

/// How a language reaches [`text_options_with`]: named by the caller, or resolved before
/// (a prepared scorer's, from its `language` field).
pub(crate) enum Language<'a> {
    /// `lang` as given (`None` for NULL).
    Named(Option<&'a str>),
    /// A scorer's stored resolution (`xlsum_language_code`), checked.
    #[cfg_attr(not(feature = "multilingual"), allow(dead_code))]
    Code(u32),
}

/// The core's tokeniser options for C ones with the language given apart (`o.lang` unread).
pub(crate) fn text_options_with(
    o: &rouge_text_options,
    lang: Language<'_>,
) -> Result<TextOptions, rouge_status> {
    let named = matches!(lang, Language::Named(Some(_)));
    let tokenizer = match o.tokenizer {
        _ if o.tokenizer != ROUGE_TOKENIZER_XLSUM && named => {
            return Err(ROUGE_ERR_INVALID_ARGUMENT)
        }
        ROUGE_TOKENIZER_ROUGE_SCORE => Tokenizer::RougeScore,
        ROUGE_TOKENIZER_UNICODE => Tokenizer::Unicode,
        ROUGE_TOKENIZER_PERL => Tokenizer::Perl,
        ROUGE_TOKENIZER_UNICODE_V1 => Tokenizer::UnicodeV1,
        ROUGE_TOKENIZER_CHARACTER_V1 => Tokenizer::CharacterV1,
        #[cfg(feature = "multilingual")]
        ROUGE_TOKENIZER_XLSUM => Tokenizer::XlSum(match lang {
            Language::Named(l) => text::xlsum::Language::resolve(l, true),
            Language::Code(c) => xlsum_language_of(c)?,
        }),
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
        if tokenizer > ROUGE_TOKENIZER_XLSUM
            || (tokenizer == ROUGE_TOKENIZER_XLSUM && !cfg!(feature = "multilingual"))
        {
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

/// A resolved XL-Sum language as a prepared scorer stores it: the segmenter in the low byte
/// (0 pyonmttok, 1 Burmese, 2 Chinese, 3 Japanese, 4 Thai), the stemmer's place in
/// `Stemmer::ALL` plus 1 in the next (0: none).
#[cfg(feature = "multilingual")]
pub(crate) fn xlsum_language_code(l: &text::xlsum::Language) -> u32 {
    use text::xlsum::Segmenter;
    let seg = match l.segmenter {
        Segmenter::Onmt => 0,
        Segmenter::Burmese => 1,
        Segmenter::Chinese => 2,
        Segmenter::Japanese => 3,
        Segmenter::Thai => 4,
    };
    let stem = l.stemmer.map_or(0, |s| {
        crate::stem::Stemmer::ALL
            .iter()
            .position(|&x| x == s)
            .map_or(0, |i| i as u32 + 1)
    });
    seg | stem << 8
}

/// The language of a stored [`xlsum_language_code`]; `ROUGE_ERR_INVALID_ARGUMENT` for a value
/// no language has (a scorer changed by hand).
#[cfg(feature = "multilingual")]
fn xlsum_language_of(code: u32) -> Result<text::xlsum::Language, rouge_status> {
    use text::xlsum::Segmenter;
    let segmenter = match code & 0xFF {
        0 => Segmenter::Onmt,
        1 => Segmenter::Burmese,
        2 => Segmenter::Chinese,
        3 => Segmenter::Japanese,
        4 => Segmenter::Thai,
        _ => return Err(ROUGE_ERR_INVALID_ARGUMENT),
    };
    let stemmer = match code >> 8 {
        0 => None,
        i => Some(
            *crate::stem::Stemmer::ALL
                .get(i as usize - 1)
                .ok_or(ROUGE_ERR_INVALID_ARGUMENT)?,
        ),
    };
    Ok(text::xlsum::Language { segmenter, stemmer })
}

/// Texts given as a C array, every element checked by [`texts`] before the wrapper is built.
pub(crate) struct CTexts<'a> {
    items: &'a [rouge_str],
}

impl Texts for CTexts<'_> {
    fn count(&self) -> usize {
        self.items.len()
    }
    fn get(&self, i: usize) -> &[u8] {
        // SAFETY: every element was checked by `texts` before this wrapper was built.
        unsafe { slice(self.items[i].ptr.cast::<u8>(), self.items[i].len) }.unwrap_or(&[])
    }
}

/// The texts of a C array, each checked, and their total bytes.
///
/// # Safety
/// Every element's (ptr, len) satisfies [`slice`]'s contract.
pub(crate) unsafe fn texts<'a>(
    items: &'a [rouge_str],
) -> Result<(CTexts<'a>, usize), rouge_status> {
    let mut total = 0usize;
    for t in items {
        // SAFETY: forwarded contract.
        unsafe { slice(t.ptr.cast::<u8>(), t.len) }?;
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
pub unsafe extern "C" fn rouge_tokenize_basic_sizes(
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
            &TextOptions::perl(),
            out_scratch_words,
            out_max_tokens,
        )
    })
}

/// The former name of `rouge_tokenize_basic_sizes`, kept for one release (ABI 1): same
/// arguments, same answers. New code calls `rouge_tokenize_basic_sizes`.
///
/// # Safety
/// As `rouge_tokenize_basic_sizes`.
#[no_mangle]
#[must_use]
pub unsafe extern "C" fn rouge_tokenize_sizes(
    texts_ptr: *const rouge_str,
    text_count: usize,
    out_scratch_words: *mut usize,
    out_max_tokens: *mut usize,
) -> rouge_status {
    // SAFETY: the caller's contract, forwarded.
    unsafe { rouge_tokenize_basic_sizes(texts_ptr, text_count, out_scratch_words, out_max_tokens) }
}

/// The size query both C tokenisers share: scratch words and the token bound for these texts.
///
/// # Safety
/// Every non-NULL pointer must point to as many valid elements as its length says (one for an
/// output), for the duration of the call.
unsafe fn tokenize_sizes(
    texts_ptr: *const rouge_str,
    text_count: usize,
    opts: &TextOptions,
    out_scratch_words: *mut usize,
    out_max_tokens: *mut usize,
) -> Result<(), rouge_status> {
    let (ow, ot) = (out_ptr(out_scratch_words)?, out_ptr(out_max_tokens)?);
    // SAFETY: caller's contract.
    let (_, total) = unsafe { texts(slice(texts_ptr, text_count)?) }?;
    let words = text::tokenize_scratch_words(opts, total, text_count).map_err(status)?;
    // SAFETY: checked non-null and aligned.
    unsafe {
        ow.write(words);
        ot.write(opts.max_tokens(total, text_count));
    }
    Ok(())
}

/// The basic tokeniser: ASCII lowercase, tokens are the runs of `[a-z0-9]` (every other byte
/// separates), sentences end at `\n`. Tokenises `text_count` texts into one id space (equal
/// words get equal ids, different words different ids), writing the ids to `ids` and the
/// sentence ends to `sentence_ends`, and describing text i in `out[i]` as a `rouge_summary`
/// that points into `ids` and `sentence_ends` (usable as long as those arrays are). Size the
/// arrays with `rouge_tokenize_basic_sizes`. Nothing is written unless the call succeeds.
///
/// Errors: `ROUGE_ERR_NULL_POINTER`, `ROUGE_ERR_SCRATCH_TOO_SMALL`,
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_OUTPUT_TOO_SMALL`, `ROUGE_ERR_INPUT_TOO_LONG`,
/// `ROUGE_ERR_INVALID_ARGUMENT` (`ids`, `sentence_ends`, `out` or the scratch overlapping a
/// text's bytes, the `texts` array or each other).
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
            &mut |t, ids, ends, scratch, on_text| tokenize_basic(t, ids, ends, scratch, on_text),
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
unsafe fn tokenize_into(
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
    let items = unsafe { slice(texts_ptr, text_count) }?;
    let (t, _) = unsafe { texts(items) }?;
    // An output over a text would be written while the text is still read: refused before
    // any output becomes a slice.
    let outputs = [
        bytes_of(ids, ids_len),
        bytes_of(sentence_ends, sentence_ends_len),
        bytes_of(out, text_count),
        bytes_of(scratch_ptr, scratch_words),
    ];
    let inputs = items.iter().map(|s| bytes_of(s.ptr, s.len));
    check_apart(&outputs, inputs.chain([bytes_of(texts_ptr, text_count)]))?;
    let ids_s = unsafe { slice_mut(ids, ids_len) }?;
    let ends_s = unsafe { slice_mut(sentence_ends, sentence_ends_len) }?;
    let scratch = unsafe { scratch(scratch_ptr, scratch_words) }?;
    let out = unsafe { out_array(out, text_count) }?;
    // The summaries point into the caller's arrays: offsets from the caller's own pointers
    // (in-bounds offsets only), not from the slices lent to the core, whose permission ends
    // with the call (a pointer derived from them would be invalid for the caller to read
    // under Stacked and Tree Borrows).
    let (ids_base, ends_base) = (ids.cast_const(), sentence_ends.cast_const());
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
        let topts = unsafe { text_options_of(&read(text_options)?) }?;
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
/// `ROUGE_ERR_SCRATCH_MISALIGNED`, `ROUGE_ERR_OUTPUT_TOO_SMALL`, `ROUGE_ERR_INVALID_ARGUMENT`
/// (options; `ids`, `sentence_ends`, `out` or the scratch overlapping a text's bytes, the
/// `texts` array or each other), `ROUGE_ERR_INPUT_TOO_LONG`, `ROUGE_ERR_INVALID_UTF8`,
/// `ROUGE_ERR_EMBEDDED_NUL` (not for the tokenisers that accept NUL: rouge-score-rs's and
/// XL-Sum's).
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
        let topts = unsafe { text_options_of(&read(text_options)?) }?;
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
