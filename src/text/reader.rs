//! Reading one text: the `Reader` a call's options make (its segments, tokeniser and token
//! filters), the `Sink` that interns each token into the vocabulary and records sentence ends,
//! and the scanners of each tokeniser (the one-pass ASCII path, rouge-score's, ours, and the
//! hand-over to rouge-score-rs's profiles).

use super::*;
/// Where one text's ids and sentence ends go (relative to its first token).
pub(crate) struct Out<'o> {
    pub(crate) ids: &'o mut [u32],
    pub(crate) ends: &'o mut [usize],
}

/// One way of reading a text: the segments, the tokeniser, the token filters.
#[derive(Clone, Copy)]
pub(crate) struct Reader {
    pub(in crate::text) tokenizer: Tokenizer,
    pub(in crate::text) stem: bool,
    pub(in crate::text) stopwords: bool,
    pub(in crate::text) limit: Limit,
    /// XL-Sum: the Lsum path (else the main path).
    pub(in crate::text) lsum: bool,
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
            lsum: lcs,
        }
    }

    /// Whether this reader's words of a text that is `ascii` (or not) are its maximal runs of
    /// ASCII letters and digits.
    pub(in crate::text) fn words_are_ascii_runs(&self, ascii: bool) -> bool {
        match self.tokenizer {
            Tokenizer::Perl => true,
            // On ASCII text rouge-score's lowercase-and-split is ROUGE-1.5.5's.
            Tokenizer::RougeScore => ascii,
            Tokenizer::Unicode | Tokenizer::UnicodeV1 | Tokenizer::CharacterV1 => false,
            #[cfg(feature = "multilingual")]
            Tokenizer::XlSum(_) => false,
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
    #[cfg(test)]
    pub(crate) fn run(
        &self,
        text: &[u8],
        vocab: &mut Vocabulary,
        out: Option<Out>,
    ) -> Result<(usize, usize), Error> {
        self.run_with(Features::portable(), text, vocab, out)
    }

    /// [`Reader::run_with`] with scratch for XL-Sum's code points (`char_words` of the text's
    /// bytes; unused by the other tokenisers).
    pub(crate) fn run_chars(
        &self,
        features: Features,
        text: &[u8],
        vocab: &mut Vocabulary,
        out: Option<Out>,
        chars: &mut [u64],
    ) -> Result<(usize, usize), Error> {
        #[cfg(feature = "multilingual")]
        if let Tokenizer::XlSum(lang) = self.tokenizer {
            let lang = xlsum::Language {
                stemmer: lang.stemmer.filter(|_| self.stem),
                ..lang
            };
            return xlsum::read::read(&lang, self.lsum, text, None, vocab, out, chars);
        }
        let _ = chars;
        self.run_with(features, text, vocab, out)
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
                // Refused by `TextOptions::validate` in a build that leaves them out; XL-Sum's
                // is read by `run_chars`.
                #[allow(unreachable_patterns)]
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
pub(super) struct Sink<'r, 'v, 'a, 'o> {
    pub(in crate::text) reader: &'r Reader,
    pub(in crate::text) vocab: &'v mut Vocabulary<'a>,
    pub(in crate::text) out: Option<Out<'o>>,
    /// Bytes of the token being built.
    pub(in crate::text) len: usize,
    pub(in crate::text) overflow: bool,
    pub(in crate::text) tokens: usize,
    pub(in crate::text) ends: usize,
}

impl Sink<'_, '_, '_, '_> {
    pub(in crate::text) fn push(&mut self, b: u8) {
        match self.vocab.tail().get_mut(self.len) {
            Some(d) => {
                *d = b;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    pub(in crate::text) fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            self.push(b);
        }
    }

    /// Ends the token being built, if any: filters, stems, interns, writes.
    pub(in crate::text) fn end(&mut self) -> Result<(), Error> {
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
            // XL-Sum's tokens never come here (`run_chars`).
            #[cfg(feature = "multilingual")]
            Tokenizer::XlSum(_) => return Err(Error::InvalidArgument),
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
    pub(in crate::text) fn word_at(&mut self, start: usize, len: usize) -> Result<usize, Error> {
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

    pub(in crate::text) fn sentence_end(&mut self) -> Result<(), Error> {
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
