//! Text to token ids: the tokenisers of both reference tools and a Unicode mode of ours, in the
//! `no_std` core, writing only into caller memory.
//!
//! Input is UTF-8. Several texts are tokenised in one call into one id space: equal words get
//! equal ids, different words different ids (words are interned by their bytes in scratch; a
//! hash only picks the slot). Sentences are the lines of a text (split at `\n`); a line without
//! tokens makes no sentence. Text that is not valid UTF-8 is refused ([`Error::InvalidUtf8`]),
//! as is a NUL byte ([`Error::EmbeddedNul`]) and a text of more than [`MAX_INPUT_LEN`] bytes in
//! all ([`Error::InputTooLong`]).
//!
//! # The tokenisers
//!
//! **[`Tokenizer::RougeScore`]**, exactly rouge-score 0.1.2's `tokenize`: Python's `str.lower()`
//! (full Unicode lowercase mappings, `core`'s `char::to_lowercase`), every run of characters
//! outside `[a-z0-9]` becomes a separator, and with `stem` NLTK's Porter stemmer
//! ([`porter::nltk_stem`], NLTK_EXTENSIONS mode) is applied to tokens longer than 3
//! characters. Only ASCII letters and digits survive, plus two characters whose lowercase is
//! ASCII: KELVIN SIGN U+212A becomes `k`, and U+0130 `İ` becomes `i` followed by U+0307, which
//! separates (`İstanbul` gives `i` and `stanbul`, as in Python). So Chinese, Greek or Hindi
//! text has no tokens here; rouge-score's `rougeLsum` splits lines the same way.
//!
//! **[`Tokenizer::Unicode`]** (ours, not a reference tool's): a word is a maximal run of
//! letters and digits of any script (`char::is_alphanumeric`: the Alphabetic and Numeric
//! properties), lowercased with `char::to_lowercase` (full mappings) and final sigma `ς` folded
//! to `σ`. Combining marks (Mn, Mc, Me), ZWJ and ZWNJ that follow a letter or digit stay in
//! its word, so Devanagari viramas and decomposed accents do not split words. Every CJK
//! ideograph, kana (hiragana, katakana, halfwidth) and precomposed Hangul syllable is a token
//! of its own (with any marks that follow it); Tangut, Khitan and Nushu too. Everything else
//! (spaces, punctuation, symbols, emoji) separates. No normalisation is applied: give NFC text
//! (a precomposed `é` and `e` + U+0301 are different words), and scripts written without
//! spaces other than CJK (Thai, Lao, Khmer, Myanmar) yield one token per space-separated run.
//! With `stem`, tokens made only of `[a-z0-9]` and longer than 3 bytes get NLTK's Porter stem.
//!
//! **[`Tokenizer::UnicodeV1`]** and **[`Tokenizer::CharacterV1`]**, rouge-score-rs's
//! `unicode-v1` and `character-v1` exactly (the `rougers` crate 0.2.1, Unicode 17.0; see
//! [`rougers`]): each line is normalised as rougers' `normalize` does (NFKC as
//! unicode-normalization 0.1.25, full case folding as ICU's `CaseMapper::fold_string`, NFKC
//! again); then `unicode-v1` keeps the UAX #29 word segments (unicode-segmentation 1.13.3's
//! `unicode_words`) that hold an Alphabetic or General_Category=Number character, and
//! `character-v1` every extended grapheme cluster that holds one. `stem` is refused: these
//! profiles never stem. Their token bound is [`TextOptions::max_tokens`] (one per character of
//! normalised text), not [`max_tokens`].
//!
//! **[`Tokenizer::Perl`]**, ROUGE-1.5.5.pl's: lines (empty lines dropped) are ASCII-lowercased
//! (`tr/A-Z/a-z/`), `-` is split off, every byte outside `[A-Za-z0-9-]` becomes a space (so
//! every byte of a non-ASCII character separates), and tokens not starting with `[a-z0-9]`
//! (the `-` tokens) are dropped. With `stopwords` (`-s`) the SMART common words are removed,
//! then with `stem` (`-m`) tokens longer than 3 bytes are stemmed with ROUGE's own Porter
//! variant and WordNet exception table ([`perl_words`]). `word_limit` (`-l N`) and
//! `byte_limit` (`-b N`) cut the text as ROUGE's `readText` (the input of ROUGE-N, S and SU)
//! does, or, with `lcs_path`, as `readText_LCS` (the input of ROUGE-L and W) does:
//!
//! - `-l N` (both the same): whole lines while the running count of whitespace-separated
//!   fields (Perl's `split /\s+/` on the raw line: a leading field is counted when the line
//!   starts with white space) stays below N, then the first N - count fields of the next line.
//! - `-b N`, `readText`: whole lines while the running byte count (separators not counted)
//!   stays below N, then the first N - count bytes of the next line (a word may be cut).
//! - `-b N`, `readText_LCS`: every line shorter than N bytes, until the first line of N bytes
//!   or more, cut to its first N bytes; the running count is never updated.
//!
//! [`score_text`] uses each where ROUGE-1.5.5 does, including its use of the `readText` tokens
//! for the clipping counts and the candidate total of ROUGE-L and W.

use crate::arch::Features;
use crate::scratch::{Carver, Size};
use crate::{Error, MAX_INPUT_LEN};

mod dims;
mod lines;
mod metrics;
#[cfg(feature = "perl-text")]
pub mod perl_words;
pub mod porter;
mod reader;
#[cfg(feature = "rougers-tokenizers")]
pub(crate) mod rougers;
mod score;
mod score_layout;
mod short;
pub(crate) use short::plan as short_plan;
#[cfg(feature = "unicode-tokenizer")]
mod unicode;
pub(crate) mod vocab;
#[cfg(feature = "multilingual")]
pub mod xlsum;

pub use dims::TextDims;
pub(crate) use metrics::{ChunkFn, MetricSource, CHUNK};
use reader::Sink;
pub(crate) use reader::{Out, Reader};
pub use score::{score_text, score_text_segmented, text_scratch_words, Segmented, TextScorer};
pub(crate) use score::{score_text_chunks, scratch_words_chunks, Prepared};

use lines::{Limit, Segments};
use vocab::{VocabLayout, Vocabulary};

/// Texts to tokenise, by index.
pub trait Texts {
    /// Number of texts.
    fn count(&self) -> usize;
    /// Bytes of text `i`, `i < count()`.
    fn get(&self, i: usize) -> &[u8];
}

impl Texts for [&[u8]] {
    fn count(&self) -> usize {
        self.len()
    }
    fn get(&self, i: usize) -> &[u8] {
        self[i]
    }
}

impl Texts for [&str] {
    fn count(&self) -> usize {
        self.len()
    }
    fn get(&self, i: usize) -> &[u8] {
        self[i].as_bytes()
    }
}

/// Where one text's tokens and sentence ends were written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TokenizedText {
    /// First token in the ids output.
    pub token_start: usize,
    /// Number of tokens.
    pub token_len: usize,
    /// First sentence end in the sentence-ends output.
    pub sentence_start: usize,
    /// Number of sentence ends (relative to the text's first token; the last equals `token_len`).
    pub sentence_count: usize,
}

/// Which tokeniser (see the module documentation for exactly what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tokenizer {
    /// rouge-score 0.1.2's, with NLTK's Porter stemmer as `stem`.
    RougeScore,
    /// Ours: words of any script, one token per CJK ideograph, kana or Hangul syllable.
    Unicode,
    /// ROUGE-1.5.5.pl's, with its `-m`, `-s`, `-l` and `-b`.
    Perl,
    /// rouge-score-rs's (rougers 0.2.1) `unicode-v1`: NFKC, full case folding, NFKC, then the
    /// UAX #29 words with a letter or number (Unicode 17.0). No stemming.
    UnicodeV1,
    /// rouge-score-rs's (rougers 0.2.1) `character-v1`: the same normalisation, then the
    /// extended grapheme clusters with a letter or number (Unicode 17.0). No stemming.
    CharacterV1,
    /// XL-Sum's multilingual ROUGE (csebuetnlp's fork of rouge-score, `multilingual-rouge`
    /// 0.0.1) for a language ([`xlsum::Language::resolve`] with `use_stemmer` true; `stem`
    /// says whether its stemmer runs): every text is read on both of the scorer's paths, the
    /// main one for every metric but rougeLsum, the Lsum one for rougeLsum ([`xlsum`]).
    #[cfg(feature = "multilingual")]
    XlSum(xlsum::Language),
}

/// Options of the tokenisers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Which tokeniser.
    pub tokenizer: Tokenizer,
    /// Stem tokens longer than 3 bytes: NLTK's Porter stemmer (RougeScore; Unicode, for tokens
    /// of `[a-z0-9]` only) or ROUGE-1.5.5's `-m` (Perl).
    pub stem: bool,
    /// Perl only (`-s`): remove the SMART stop words (before stemming). Else invalid.
    pub stopwords: bool,
    /// Perl only (`-l N`): word limit, 0 for none. Not together with `byte_limit`.
    pub word_limit: usize,
    /// Perl only (`-b N`): byte limit, 0 for none. Not together with `word_limit`.
    pub byte_limit: usize,
    /// Perl with `byte_limit`: cut as `readText_LCS` (ROUGE-L and W input) instead of
    /// `readText` (ROUGE-N, S and SU input). XL-Sum: [`tokenize`] reads the Lsum path (the
    /// rougeLsum input) instead of the main one. [`score_text`] ignores it and uses both.
    /// With another tokeniser it is invalid.
    pub lcs_path: bool,
}

impl TextOptions {
    /// rouge-score's tokeniser, with or without its stemmer.
    pub const fn rouge_score(stem: bool) -> Self {
        TextOptions {
            tokenizer: Tokenizer::RougeScore,
            stem,
            stopwords: false,
            word_limit: 0,
            byte_limit: 0,
            lcs_path: false,
        }
    }
    /// The Unicode tokeniser, no stemming.
    pub const fn unicode() -> Self {
        TextOptions {
            tokenizer: Tokenizer::Unicode,
            ..Self::rouge_score(false)
        }
    }
    /// rouge-score-rs's `unicode-v1` tokeniser.
    pub const fn unicode_v1() -> Self {
        TextOptions {
            tokenizer: Tokenizer::UnicodeV1,
            ..Self::rouge_score(false)
        }
    }
    /// rouge-score-rs's `character-v1` tokeniser.
    pub const fn character_v1() -> Self {
        TextOptions {
            tokenizer: Tokenizer::CharacterV1,
            ..Self::rouge_score(false)
        }
    }
    /// ROUGE-1.5.5's tokeniser, no options.
    pub const fn perl() -> Self {
        TextOptions {
            tokenizer: Tokenizer::Perl,
            ..Self::rouge_score(false)
        }
    }
    /// XL-Sum's tokeniser as `RougeScorer(..., use_stemmer=stem, lang=lang)` builds it:
    /// `lang` is resolved as the scorer resolves it (aliases, `None` and `""` alike, any
    /// other string accepted; see [`xlsum::Language::resolve`]).
    #[cfg(feature = "multilingual")]
    pub fn xlsum(lang: Option<&str>, stem: bool) -> Self {
        TextOptions {
            tokenizer: Tokenizer::XlSum(xlsum::Language::resolve(lang, true)),
            ..Self::rouge_score(stem)
        }
    }

    /// The XL-Sum language as it runs (no stemmer without `stem`), when this is XL-Sum's
    /// tokeniser.
    #[cfg(feature = "multilingual")]
    pub(crate) fn xlsum_language(&self) -> Option<xlsum::Language> {
        match self.tokenizer {
            Tokenizer::XlSum(lang) => Some(xlsum::Language {
                stemmer: lang.stemmer.filter(|_| self.stem),
                ..lang
            }),
            _ => None,
        }
    }

    pub(crate) fn validate(&self) -> Result<(), Error> {
        // A tokeniser left out of this build (cargo features `perl-text`, `unicode-tokenizer`).
        #[cfg(not(feature = "perl-text"))]
        if self.tokenizer == Tokenizer::Perl {
            return Err(Error::InvalidArgument);
        }
        #[cfg(not(feature = "unicode-tokenizer"))]
        if self.tokenizer == Tokenizer::Unicode {
            return Err(Error::InvalidArgument);
        }
        let rougers = matches!(
            self.tokenizer,
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1
        );
        #[cfg(not(feature = "rougers-tokenizers"))]
        if rougers {
            return Err(Error::InvalidArgument);
        }
        // rouge-score-rs's Unicode profiles never stem: refused rather than ignored.
        if rougers && self.stem {
            return Err(Error::InvalidArgument);
        }
        let perl = self.tokenizer == Tokenizer::Perl;
        let limits = self.word_limit != 0 || self.byte_limit != 0;
        // Every Perl-only option (lcs_path picks one of ROUGE-1.5.5's two readers) is refused
        // with the other tokenisers rather than silently ignored.
        // XL-Sum reads `lcs_path` as its Lsum path.
        let perl_only = self.stopwords || limits || (self.lcs_path && !self.is_xlsum());
        if (!perl && perl_only) || (self.word_limit != 0 && self.byte_limit != 0) {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }

    /// Whether `score_text` reads each text twice (Perl's two readers differ only for `-b`;
    /// XL-Sum's main and Lsum paths always do).
    pub(crate) fn two_paths(&self) -> bool {
        (self.tokenizer == Tokenizer::Perl && self.byte_limit != 0) || self.is_xlsum()
    }

    /// Whether texts may hold NUL: XL-Sum's scorer deletes it with the other control
    /// characters, and rougers' `unicode-v1` and `character-v1` take it as any other
    /// character (a control: a segment of its own, not alphanumeric, so no token). The other
    /// tokenisers refuse it ([`Error::EmbeddedNul`]). Constant without the features.
    pub(crate) fn accepts_nul(&self) -> bool {
        self.is_xlsum()
            || (cfg!(feature = "rougers-tokenizers")
                && matches!(
                    self.tokenizer,
                    Tokenizer::UnicodeV1 | Tokenizer::CharacterV1
                ))
    }

    /// Whether this is XL-Sum's tokeniser.
    pub(crate) fn is_xlsum(&self) -> bool {
        #[cfg(feature = "multilingual")]
        if let Tokenizer::XlSum(_) = self.tokenizer {
            return true;
        }
        false
    }

    /// Bytes of arena that `bytes` bytes of `texts` texts can fill, plus 16 bytes of slack: the
    /// fast ASCII path stores and compares a word as 16 whole bytes, however short it is.
    fn arena_bytes(&self, bytes: usize, texts: usize) -> Option<usize> {
        // The direct ASCII path (`Vocabulary::ascii_words_with`) puts a text's cleaned copy there,
        // up to `CLEAN_SLACK` bytes longer than the text; other paths its long words.
        let cleaned = || bytes.checked_add(texts.checked_mul(vocab::CLEAN_SLACK)?);
        let words = match self.tokenizer {
            // Tokens are made of the text's bytes or fewer (U+212A: 3 bytes to `k`).
            Tokenizer::RougeScore => cleaned(),
            // Lowercasing grows a character by at most half (U+0130, U+023A: 2 to 3 bytes).
            Tokenizer::Unicode => bytes.checked_add(bytes.div_ceil(2)),
            // A stem of up to 64 bytes for each token of 4 bytes or more (4 bytes and a separator).
            #[cfg(feature = "perl-text")]
            Tokenizer::Perl if self.stem => (bytes / 5)
                .checked_add(texts)?
                .checked_mul(perl_words::PERL_STEM_MAX_LEN - 4)?
                .checked_add(bytes),
            Tokenizer::Perl => cleaned(),
            // Sized per path by `xlsum::read` (a call reads one path, `lcs_path`, or both).
            #[cfg(feature = "multilingual")]
            Tokenizer::XlSum(_) => {
                return xlsum::read::arena_bytes(self.lcs_path, self.stem, bytes, texts)
            }
            // The normalised text of every line, in turn (its new long words stay).
            #[cfg(feature = "rougers-tokenizers")]
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => {
                rougers::normalize::normalized_capacity(bytes)
            }
            #[cfg(not(feature = "rougers-tokenizers"))]
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => Some(0),
        };
        words?.checked_add(16)
    }

    /// Entries (u32) of the vocabulary's work region: the stage buffers of rougers' normaliser,
    /// sized by the longest text (`bytes` bounds it).
    pub(crate) fn work_len(&self, bytes: usize) -> Option<usize> {
        match self.tokenizer {
            #[cfg(feature = "rougers-tokenizers")]
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => rougers::normalize::work_len(bytes),
            _ => Some(0),
        }
    }

    /// Upper bound on the tokens (and on the sentences) of `texts` texts of `total_bytes`
    /// bytes in all with this tokeniser: [`max_tokens`], except for rouge-score-rs's Unicode
    /// profiles, whose normalisation can make several tokens of one character (U+FDFA, three
    /// bytes, is 18 letters in four words): one per character of normalised text.
    /// Saturating, as [`max_tokens`].
    pub const fn max_tokens(&self, total_bytes: usize, texts: usize) -> usize {
        match self.tokenizer {
            #[cfg(feature = "rougers-tokenizers")]
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => {
                rougers::normalize::max_chars(total_bytes).saturating_add(texts)
            }
            _ => max_tokens(total_bytes, texts),
        }
    }
}

/// Upper bound on the tokens (and on the sentences) of `texts` texts of `total_bytes` bytes in
/// all, for every tokeniser: a token and the separator after it take at least two bytes (a CJK
/// token, which needs no separator, takes three).
/// Saturating: a count that large is refused by the size checks that use it.
pub const fn max_tokens(total_bytes: usize, texts: usize) -> usize {
    (total_bytes / 2).saturating_add(texts)
}

/// Refuses text that is not UTF-8, or that holds a NUL byte when `opts` refuses one
/// ([`TextOptions::accepts_nul`]).
pub(crate) fn check_text_for(opts: &TextOptions, text: &[u8]) -> Result<(), Error> {
    if opts.accepts_nul() {
        core::str::from_utf8(text).map_err(|_| Error::InvalidUtf8)?;
        return Ok(());
    }
    check_text(text)
}

/// Refuses text that is not UTF-8 or holds a NUL byte.
pub(crate) fn check_text(text: &[u8]) -> Result<(), Error> {
    // Fast path, one pass for both checks: text of bytes 0x01..=0x7F only (ASCII without NUL)
    // is valid. Eight bytes at a time, flags ORed together without a branch (so the loop
    // vectorises): bit 7 of a byte is set in `(v & 0x7F) + 0x7F` unless its low bits are all
    // 0, so a NUL has bit 7 clear in that sum ORed with `v`; a non-ASCII byte has it set in `v`.
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut chunks = text.chunks_exact(8);
    let mut bad = 0u64;
    for c in &mut chunks {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        let v = u64::from_le_bytes(b);
        bad |= (!(((v & !HIGH) + !HIGH) | v) | v) & HIGH;
    }
    if bad == 0 && chunks.remainder().iter().all(|&b| b != 0 && b < 0x80) {
        return Ok(());
    }
    if text.contains(&0) {
        return Err(Error::EmbeddedNul);
    }
    core::str::from_utf8(text).map_err(|_| Error::InvalidUtf8)?;
    Ok(())
}

fn total_bytes<T: Texts + ?Sized>(texts: &T) -> Result<usize, Error> {
    let mut total = 0usize;
    for i in 0..texts.count() {
        total = total
            .checked_add(texts.get(i).len())
            .ok_or(Error::InputTooLong)?;
    }
    if total > MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    Ok(total)
}

fn vocab_layout(opts: &TextOptions, bytes: usize, texts: usize) -> Result<VocabLayout, Error> {
    let arena = opts.arena_bytes(bytes, texts).ok_or(Error::InputTooLong)?;
    let work = opts.work_len(bytes).ok_or(Error::InputTooLong)?;
    VocabLayout::new(ids_bound(opts, bytes, texts), arena)?.with_work(work)
}

/// Most tokens (and sentence ends) [`tokenize`] writes for `texts` texts of `bytes` bytes in
/// all: [`TextOptions::max_tokens`], or for XL-Sum's main path the bytes themselves.
pub fn ids_bound(opts: &TextOptions, bytes: usize, texts: usize) -> usize {
    #[cfg(feature = "multilingual")]
    if opts.is_xlsum() {
        return xlsum::read::ids_bound(opts.lcs_path, bytes, texts);
    }
    opts.max_tokens(bytes, texts)
}

/// Scratch words of code points XL-Sum's tokeniser needs for texts of `bytes` bytes in all
/// (0 for the other tokenisers).
fn char_words(opts: &TextOptions, bytes: usize) -> usize {
    #[cfg(feature = "multilingual")]
    if opts.is_xlsum() {
        return xlsum::read::char_words(bytes);
    }
    let _ = (opts, bytes);
    0
}

/// Exact scratch words [`tokenize`] needs for `texts` texts of `total_bytes` bytes in all.
pub fn tokenize_scratch_words(
    opts: &TextOptions,
    total_bytes: usize,
    texts: usize,
) -> Result<usize, Error> {
    opts.validate()?;
    if total_bytes > MAX_INPUT_LEN || texts > MAX_INPUT_LEN {
        return Err(Error::InputTooLong);
    }
    let mut s = Size::default();
    vocab_layout(opts, total_bytes, texts)?.add_to(&mut s);
    s.add_u64(Some(char_words(opts, total_bytes)));
    s.finish()
}

/// Tokenises every text into `ids` and `sentence_ends`, calling `on_text(i, span)` with where
/// text i went. `ids` and `sentence_ends` need at most [`TextOptions::max_tokens`] entries; every check is
/// made before anything is written, so a call that fails writes nothing.
pub fn tokenize<T: Texts + ?Sized>(
    texts: &T,
    opts: &TextOptions,
    ids: &mut [u32],
    sentence_ends: &mut [usize],
    scratch: &mut [u64],
    on_text: &mut dyn FnMut(usize, TokenizedText),
) -> Result<(), Error> {
    tokenize_with_features(
        texts,
        opts,
        Features::portable(),
        ids,
        sentence_ends,
        scratch,
        on_text,
    )
}

/// [`tokenize`] with the optional instruction sets of `features` (from [`Features::detect`],
/// detected once by the caller: a detection can cost more than tokenising a short text),
/// which the direct ASCII tokeniser (rouge-score's or ROUGE-1.5.5's, no stemming, no stop
/// words, no limit) uses. The same tokens and errors as [`tokenize`] whatever the features.
pub fn tokenize_with_features<T: Texts + ?Sized>(
    texts: &T,
    opts: &TextOptions,
    features: Features,
    ids: &mut [u32],
    sentence_ends: &mut [usize],
    scratch: &mut [u64],
    on_text: &mut dyn FnMut(usize, TokenizedText),
) -> Result<(), Error> {
    opts.validate()?;
    for i in 0..texts.count() {
        check_text_for(opts, texts.get(i))?;
    }
    tokenize_checked(texts, opts, features, ids, sentence_ends, scratch, on_text)
}

/// [`tokenize`] without the UTF-8 and NUL checks (the basic tokeniser takes any bytes).
pub(crate) fn tokenize_checked<T: Texts + ?Sized>(
    texts: &T,
    opts: &TextOptions,
    features: Features,
    ids: &mut [u32],
    sentence_ends: &mut [usize],
    scratch: &mut [u64],
    on_text: &mut dyn FnMut(usize, TokenizedText),
) -> Result<(), Error> {
    let total = total_bytes(texts)?;
    let needed = tokenize_scratch_words(opts, total, texts.count())?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let mut c = Carver::new(&mut scratch[..needed]);
    let mut vocab = vocab_layout(opts, total, texts.count())?.carve(&mut c);
    let reader = Reader::of(opts, opts.lcs_path);
    let chars = c.u64s(char_words(opts, total));
    // Outputs of the bound's size cannot be too small; smaller ones are checked by a counting
    // pass first, so that a call that fails writes nothing.
    let bound = ids_bound(opts, total, texts.count());
    if ids.len() < bound || sentence_ends.len() < bound {
        let (mut n_tokens, mut n_ends) = (0usize, 0usize);
        for i in 0..texts.count() {
            let (t, s) = reader.run_chars(features, texts.get(i), &mut vocab, None, chars)?;
            n_tokens += t;
            n_ends += s;
        }
        if ids.len() < n_tokens || sentence_ends.len() < n_ends {
            return Err(Error::OutputTooSmall);
        }
    }
    let (mut at_id, mut at_end) = (0usize, 0usize);
    for i in 0..texts.count() {
        let out = Out {
            ids: &mut ids[at_id..],
            ends: &mut sentence_ends[at_end..],
        };
        let (t, s) = reader.run_chars(features, texts.get(i), &mut vocab, Some(out), chars)?;
        on_text(
            i,
            TokenizedText {
                token_start: at_id,
                token_len: t,
                sentence_start: at_end,
                sentence_count: s,
            },
        );
        at_id += t;
        at_end += s;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
