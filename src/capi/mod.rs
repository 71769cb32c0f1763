//! The C ABI: `extern "C"` functions with the `rouge_` prefix over the safe core, and the only
//! place with pointer handling.
//!
//! Every function checks every pointer and length, converts them to slices, calls the core and
//! writes its outputs only when it succeeds. `(NULL, 0)` is accepted as an empty array (Go's nil
//! slices produce it); `(NULL, n > 0)` is `ROUGE_ERR_NULL_POINTER`. The calls that write caller
//! arrays refuse an output over an array they read, over the scratch or over another output
//! (`overlap`). Nothing here keeps a pointer past the call, and there is no global state: every
//! function is reentrant and thread-safe.
//!
//! Laid out as rustls-ffi lays out its C layer: what every family uses first, then one module
//! per family of entry points.
//!
//! - [`status`]: the status codes, the core's errors as statuses, `rouge_status_str`;
//! - `overlap`: whether caller buffers overlap, for the calls that refuse an output over an
//!   input;
//! - `ptr`: pointer plumbing (checked slices, structs and out-pointers), the one place where
//!   raw pointers become references;
//! - [`types`]: the `repr(C)` types several families share, their constants and conversions;
//! - [`version`]: `rouge_abi_version`, `rouge_version`;
//! - [`pair`]: token ids in, scores out, one pair or a batch, with their size queries;
//! - [`tokenize`]: text to token ids, the tokenisers' options;
//! - [`tokens`]: a text's tokens themselves, with their spans and forms;
//! - [`text`]: scoring text, once, with a prepared scorer, or a batch of pairs with it;
//! - [`xlsum`]: XL-Sum's multilingual ROUGE where the host segments (Chinese, Japanese,
//!   Thai): the cleaned text a segmenter cuts, scoring with each text's segmenter tokens;
//! - [`stream`]: the streaming scorer;
//! - [`corpus`]: corpus aggregation (macro, micro, bootstrap, numpy's bootstrap over a caller's
//!   MT19937 state).
//!
//! cbindgen reads this module and those files (`build.rs`) to write `include/rouge.h`. The
//! items of `status`, `types`, `version`, `pair` and `tokenize` are also named here, where
//! they were before the split (`rouge::capi::rouge_score_pair`); `rouge::capi_text`,
//! `rouge::capi_stream` and `rouge::capi_corpus` name `text`, `stream` and `corpus`.
#![allow(non_camel_case_types)]

pub mod corpus;
mod overlap;
pub mod pair;
mod ptr;
pub mod status;
pub mod stream;
pub mod text;
pub mod tokenize;
pub mod tokens;
pub mod types;
pub mod version;
pub mod xlsum;

pub use pair::*;
pub use status::*;
pub use tokenize::*;
pub use types::*;
pub use version::*;
