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
#[cfg(feature = "rougers-tokenizers")]
pub(crate) mod rougers;
mod score;
mod short;
pub(crate) use short::plan as short_plan;
#[cfg(feature = "unicode-tokenizer")]
mod unicode;
pub(crate) mod vocab;

pub use dims::TextDims;
pub(crate) use metrics::{ChunkFn, MetricSource, CHUNK};
pub use score::{score_text, text_scratch_words, TextScorer};
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
    /// `readText` (ROUGE-N, S and SU input). [`score_text`] ignores it and uses both. Perl
    /// only: with another tokeniser it is invalid.
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
        let perl_only = self.stopwords || limits || self.lcs_path;
        if (!perl && perl_only) || (self.word_limit != 0 && self.byte_limit != 0) {
            return Err(Error::InvalidArgument);
        }
        Ok(())
    }

    /// Whether `score_text` reads each text twice (Perl's two readers differ only for `-b`).
    pub(crate) fn two_paths(&self) -> bool {
        self.tokenizer == Tokenizer::Perl && self.byte_limit != 0
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
    VocabLayout::new(opts.max_tokens(bytes, texts), arena)?.with_work(work)
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
    opts.validate()?;
    for i in 0..texts.count() {
        check_text(texts.get(i))?;
    }
    tokenize_checked(texts, opts, ids, sentence_ends, scratch, on_text)
}

/// [`tokenize`] without the UTF-8 and NUL checks (the basic tokeniser takes any bytes).
pub(crate) fn tokenize_checked<T: Texts + ?Sized>(
    texts: &T,
    opts: &TextOptions,
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
    // Outputs of the bound's size cannot be too small; smaller ones are checked by a counting
    // pass first, so that a call that fails writes nothing.
    let bound = opts.max_tokens(total, texts.count());
    if ids.len() < bound || sentence_ends.len() < bound {
        let (mut n_tokens, mut n_ends) = (0usize, 0usize);
        for i in 0..texts.count() {
            let (t, s) = reader.run(texts.get(i), &mut vocab, None)?;
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
        let (t, s) = reader.run(texts.get(i), &mut vocab, Some(out))?;
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

/// Where one text's ids and sentence ends go (relative to its first token).
pub(crate) struct Out<'o> {
    pub(crate) ids: &'o mut [u32],
    pub(crate) ends: &'o mut [usize],
}

/// One way of reading a text: the segments, the tokeniser, the token filters.
#[derive(Clone, Copy)]
pub(crate) struct Reader {
    tokenizer: Tokenizer,
    stem: bool,
    stopwords: bool,
    limit: Limit,
}

impl Reader {
    /// The reader of `opts`; `lcs` picks `readText_LCS` for a Perl byte limit.
    pub(crate) fn of(opts: &TextOptions, lcs: bool) -> Reader {
        let limit = if opts.tokenizer != Tokenizer::Perl {
            Limit::None
        } else if opts.word_limit != 0 {
            Limit::Words(opts.word_limit)
        } else if opts.byte_limit != 0 && lcs {
            Limit::LcsBytes(opts.byte_limit)
        } else if opts.byte_limit != 0 {
            Limit::Bytes(opts.byte_limit)
        } else {
            Limit::None
        };
        Reader {
            tokenizer: opts.tokenizer,
            stem: opts.stem,
            stopwords: opts.stopwords,
            limit,
        }
    }

    /// Whether this reader's words of a text that is `ascii` (or not) are its maximal runs of
    /// ASCII letters and digits.
    fn words_are_ascii_runs(&self, ascii: bool) -> bool {
        match self.tokenizer {
            Tokenizer::Perl => true,
            // On ASCII text rouge-score's lowercase-and-split is ROUGE-1.5.5's.
            Tokenizer::RougeScore => ascii,
            Tokenizer::Unicode | Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => false,
        }
    }

    /// Whether [`Reader::run`] tokenises a text that is `ascii` (or not) with
    /// [`Vocabulary::ascii_words_with`]: its words are the maximal runs of ASCII letters and digits,
    /// lowercased, as they are (no limit, no stemming, no stop words), and its sentences its
    /// lines with words.
    pub(crate) fn direct_ascii(&self, ascii: bool) -> bool {
        self.limit == Limit::None
            && !self.stem
            && !self.stopwords
            && self.words_are_ascii_runs(ascii)
    }

    /// Tokenises one text: counts only (`out` None) or interns and writes. Returns the numbers
    /// of tokens and sentence ends.
    pub(crate) fn run(
        &self,
        text: &[u8],
        vocab: &mut Vocabulary,
        out: Option<Out>,
    ) -> Result<(usize, usize), Error> {
        self.run_with(Features::portable(), text, vocab, out)
    }

    /// [`Reader::run`], the direct ASCII path compiled for `features`
    /// ([`Vocabulary::ascii_words_with`]).
    pub(crate) fn run_with(
        &self,
        features: Features,
        text: &[u8],
        vocab: &mut Vocabulary,
        mut out: Option<Out>,
    ) -> Result<(usize, usize), Error> {
        if self.limit == Limit::None && self.words_are_ascii_runs(true) {
            // Without stemming or stop words the words go straight to the vocabulary, which
            // tells whether the text was plain ASCII (rouge-score's tokeniser reads other text
            // by characters, below) before it interns anything.
            let any_bytes = self.tokenizer == Tokenizer::Perl;
            if let (false, false, Some(out)) = (self.stem, self.stopwords, out.as_mut()) {
                let found = vocab.ascii_words_with(features, text, out.ids, out.ends, any_bytes)?;
                if let Some((tokens, ends, _)) = found {
                    return Ok((tokens, ends));
                }
            }
        }
        let mut sink = Sink {
            reader: self,
            vocab,
            out,
            len: 0,
            overflow: false,
            tokens: 0,
            ends: 0,
        };
        if self.limit == Limit::None && self.words_are_ascii_runs(text.is_ascii()) {
            scan_lines_ascii(text, &mut sink)?;
            return Ok((sink.tokens, sink.ends));
        }
        let segments = Segments {
            rest: Some(text),
            limit: self.limit,
            count: 0,
        };
        for seg in segments {
            let before = sink.tokens;
            match self.tokenizer {
                #[cfg(feature = "perl-text")]
                Tokenizer::Perl => scan_ascii(seg, &mut sink)?,
                Tokenizer::RougeScore => scan_rouge_score(seg, &mut sink)?,
                #[cfg(feature = "unicode-tokenizer")]
                Tokenizer::Unicode => scan_unicode(seg, &mut sink)?,
                #[cfg(feature = "rougers-tokenizers")]
                Tokenizer::UnicodeV1 => {
                    rougers::scan_line(line_str(seg), rougers::Profile::Words, &mut sink)?
                }
                #[cfg(feature = "rougers-tokenizers")]
                Tokenizer::CharacterV1 => {
                    rougers::scan_line(line_str(seg), rougers::Profile::Characters, &mut sink)?
                }
                // Refused by `TextOptions::validate` in a build that leaves them out.
                #[cfg(not(all(
                    feature = "perl-text",
                    feature = "unicode-tokenizer",
                    feature = "rougers-tokenizers"
                )))]
                _ => return Err(Error::InvalidArgument),
            }
            if sink.tokens > before {
                sink.sentence_end()?;
            }
        }
        Ok((sink.tokens, sink.ends))
    }
}

/// Receives token bytes (written straight into the arena's free tail) and token ends.
struct Sink<'r, 'v, 'a, 'o> {
    reader: &'r Reader,
    vocab: &'v mut Vocabulary<'a>,
    out: Option<Out<'o>>,
    /// Bytes of the token being built.
    len: usize,
    overflow: bool,
    tokens: usize,
    ends: usize,
}

impl Sink<'_, '_, '_, '_> {
    fn push(&mut self, b: u8) {
        match self.vocab.tail().get_mut(self.len) {
            Some(d) => {
                *d = b;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            self.push(b);
        }
    }

    /// Ends the token being built, if any: filters, stems, interns, writes.
    fn end(&mut self) -> Result<(), Error> {
        let mut len = core::mem::take(&mut self.len);
        if len == 0 {
            return Ok(());
        }
        if core::mem::take(&mut self.overflow) {
            // The arena bounds make this unreachable; refuse rather than guess.
            return Err(Error::InputTooLong);
        }
        let r = self.reader;
        let tail = self.vocab.tail();
        match r.tokenizer {
            #[cfg(feature = "perl-text")]
            Tokenizer::Perl => {
                if r.stopwords && perl_words::is_smart_stopword(&tail[..len]) {
                    return Ok(());
                }
                if r.stem && len > 3 {
                    let mut stem = [0u8; perl_words::PERL_STEM_MAX_LEN];
                    let n = perl_words::perl_stem(&tail[..len], &mut stem)
                        .min(perl_words::PERL_STEM_MAX_LEN);
                    tail.get_mut(..n)
                        .ok_or(Error::InputTooLong)?
                        .copy_from_slice(&stem[..n]);
                    len = n;
                }
            }
            // Refused by `TextOptions::validate` in a build that leaves it out.
            #[cfg(not(feature = "perl-text"))]
            Tokenizer::Perl => return Err(Error::InvalidArgument),
            // Their words go in through `word_at`.
            Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => {}
            Tokenizer::RougeScore | Tokenizer::Unicode => {
                if r.stem && len > 3 && tail[..len].iter().all(u8::is_ascii_alphanumeric) {
                    len = porter::nltk_stem(&mut tail[..len]);
                }
                // rouge-score keeps tokens matching ^[a-z0-9]+$: an empty stem would go (the
                // NLTK stemmer never returns one for 4 letters or more).
                if len == 0 {
                    return Ok(());
                }
            }
        }
        if let Some(out) = self.out.as_mut() {
            let id = self.vocab.intern_tail(len).ok_or(Error::InputTooLong)?;
            *out.ids.get_mut(self.tokens).ok_or(Error::OutputTooSmall)? = id;
        }
        self.tokens += 1;
        Ok(())
    }

    /// A token already written in the arena's free tail at `start` (`len` bytes): interned and
    /// written (when writing). Returns by how many bytes the free tail moved
    /// ([`Vocabulary::intern_tail_at`]).
    #[cfg(feature = "rougers-tokenizers")]
    fn word_at(&mut self, start: usize, len: usize) -> Result<usize, Error> {
        let mut shift = 0;
        if let Some(out) = self.out.as_mut() {
            let (id, moved) = self
                .vocab
                .intern_tail_at(start, len)
                .ok_or(Error::InputTooLong)?;
            *out.ids.get_mut(self.tokens).ok_or(Error::OutputTooSmall)? = id;
            shift = moved;
        }
        self.tokens += 1;
        Ok(shift)
    }

    fn sentence_end(&mut self) -> Result<(), Error> {
        if let Some(out) = self.out.as_mut() {
            *out.ends.get_mut(self.ends).ok_or(Error::OutputTooSmall)? = self.tokens;
        }
        self.ends += 1;
        Ok(())
    }
}

/// The lowercased byte of an ASCII letter or digit, 0 for every other byte.
const WORD_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] = c.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// A whole text in one pass when words are runs of ASCII letters and digits and no limit
/// applies (the fast path of [`scan_ascii`] over [`Segments`]): one table lookup per byte,
/// each token copied lowercased straight into the arena's free tail, a sentence end at every
/// `\n` that closes a line with tokens.
fn scan_lines_ascii(text: &[u8], sink: &mut Sink) -> Result<(), Error> {
    let mut line_start = sink.tokens;
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        i += 1;
        let first = WORD_BYTE[b as usize];
        if first == 0 {
            if b == b'\n' && sink.tokens > line_start {
                sink.sentence_end()?;
                line_start = sink.tokens;
            }
            continue;
        }
        let tail = sink.vocab.tail();
        *tail.first_mut().ok_or(Error::InputTooLong)? = first;
        let mut len = 1;
        while let Some(&c) = text.get(i) {
            let w = WORD_BYTE[c as usize];
            if w == 0 {
                break;
            }
            *tail.get_mut(len).ok_or(Error::InputTooLong)? = w;
            len += 1;
            i += 1;
        }
        sink.len = len;
        sink.end()?;
    }
    if sink.tokens > line_start {
        sink.sentence_end()?;
    }
    Ok(())
}

/// ROUGE-1.5.5 (and the basic tokeniser): runs of ASCII letters and digits, lowercased.
#[cfg(feature = "perl-text")]
fn scan_ascii(seg: &[u8], sink: &mut Sink) -> Result<(), Error> {
    for &b in seg {
        if b.is_ascii_alphanumeric() {
            sink.push(b.to_ascii_lowercase());
        } else {
            sink.end()?;
        }
    }
    sink.end()
}

/// The characters of a segment (whole lines of checked text, so always UTF-8; anything else
/// is cut at its first invalid byte rather than trusted).
fn chars(seg: &[u8]) -> core::str::Chars<'_> {
    match core::str::from_utf8(seg) {
        Ok(s) => s.chars(),
        Err(e) => core::str::from_utf8(&seg[..e.valid_up_to()])
            .unwrap_or_default()
            .chars(),
    }
}

/// A line of checked text as `str` (cut at its first invalid byte, as [`chars`], rather than
/// trusted).
#[cfg(feature = "rougers-tokenizers")]
fn line_str(seg: &[u8]) -> &str {
    match core::str::from_utf8(seg) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&seg[..e.valid_up_to()]).unwrap_or_default(),
    }
}

/// rouge-score: lowercase (full mappings), keep `[a-z0-9]`, everything else separates.
fn scan_rouge_score(seg: &[u8], sink: &mut Sink) -> Result<(), Error> {
    for c in chars(seg) {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                sink.push((c as u8).to_ascii_lowercase());
            } else {
                sink.end()?;
            }
            continue;
        }
        for l in c.to_lowercase() {
            if l.is_ascii_lowercase() || l.is_ascii_digit() {
                sink.push(l as u8);
            } else {
                sink.end()?;
            }
        }
    }
    sink.end()
}

/// Ours: words of letters and digits (marks, ZWJ and ZWNJ continue them), one token per CJK
/// ideograph, kana or Hangul syllable.
#[cfg(feature = "unicode-tokenizer")]
fn scan_unicode(seg: &[u8], sink: &mut Sink) -> Result<(), Error> {
    // Whether a token is open, and whether it is a single CJK character (only marks extend it).
    let (mut open, mut single) = (false, false);
    for c in chars(seg) {
        if c.is_alphanumeric() {
            let s = unicode::is_single(c);
            if s || single {
                sink.end()?;
            }
            for l in unicode::lower(c) {
                sink.push_char(l);
            }
            open = true;
            single = s;
        } else if open && unicode::is_extend(c) {
            sink.push_char(c);
        } else {
            sink.end()?;
            open = false;
            single = false;
        }
    }
    sink.end()
}

#[cfg(test)]
mod tests;
