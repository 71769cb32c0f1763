//! Status codes: what every fallible C function returns, how the core's [`Error`] maps onto
//! them, and their messages (`rouge_status_str`).

use core::ffi::c_char;

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
/// `unicode-tokenizer`: `ROUGE_TOKENIZER_UNICODE`; `rougers-tokenizers`:
/// `ROUGE_TOKENIZER_UNICODE_V1` and `ROUGE_TOKENIZER_CHARACTER_V1`; the default build has them
/// all).
pub const ROUGE_ERR_INVALID_ARGUMENT: rouge_status = 4;
/// An input is too long: a length above 2^32 - 2 tokens, or a size computation that would
/// overflow.
pub const ROUGE_ERR_INPUT_TOO_LONG: rouge_status = 5;
/// An output array is shorter than the call needs.
pub const ROUGE_ERR_OUTPUT_TOO_SMALL: rouge_status = 6;
/// A text given to a tokeniser or to `rouge_score_text` is not valid UTF-8.
pub const ROUGE_ERR_INVALID_UTF8: rouge_status = 7;
/// A text given to a tokeniser or to `rouge_score_text` contains a NUL byte (lengths are
/// explicit, so a NUL is most likely a length that runs past the string). Not for
/// `ROUGE_TOKENIZER_UNICODE_V1`, `ROUGE_TOKENIZER_CHARACTER_V1` and `ROUGE_TOKENIZER_XLSUM`,
/// which take NUL as their reference tools do.
pub const ROUGE_ERR_EMBEDDED_NUL: rouge_status = 8;

/// The status of a core error.
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
