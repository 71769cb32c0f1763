//! A text's tokens themselves, with their byte spans and forms (`rouge_text_tokens`, sized by
//! `rouge_text_tokens_sizes`): what a host needs to show or re-use the tokens rouge-score's
//! `tokenize` (or ROUGE-1.5.5's tokeniser) makes, where `rouge_tokenize` gives only ids.

use super::overlap::{bytes_of, check_apart};
use super::ptr::{code, out_ptr, read, slice, slice_mut};
use super::status::{
    rouge_status, status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_OUTPUT_TOO_SMALL,
};
use super::tokenize::{rouge_text_options, ROUGE_TOKENIZER_PERL, ROUGE_TOKENIZER_ROUGE_SCORE};
use super::types::rouge_str;
#[cfg(feature = "perl-text")]
use crate::text::perl_words;
use crate::text::porter;
use crate::Error;

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
/// (rouge-score's or ROUGE-1.5.5's; the Unicode tokenisers, ours and rouge-score-rs's, and the
/// Perl limits are refused):
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
        let bytes = unsafe { slice(t.ptr.cast::<u8>(), t.len) }?;
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
