//! The basic tokeniser: ASCII lowercase, tokens are the runs of `[a-z0-9]`, sentences end at
//! `\n`. On ASCII text both references tokenise this way when stemming and stop words are off
//! (every other byte, including every byte of a non-ASCII character, separates tokens).
//!
//! Several texts are tokenised in one call into one id space, so a candidate and its references
//! can be scored together. Ids are exact: words are interned by their bytes (kept in scratch),
//! never by a hash alone, so two different words never share an id.

use crate::intern::capacity_for;
use crate::scratch::{Carver, Size};
use crate::{Error, MAX_INPUT_LEN};

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

/// Texts given to [`tokenize_basic`].
pub trait Texts {
    /// Number of texts.
    fn count(&self) -> usize;
    /// Bytes of text `i`.
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

/// Upper bound on the tokens (and on the sentences) of `texts` texts of `total_bytes` bytes
/// in all: a token and the separator after it take at least two bytes.
pub const fn max_tokens(total_bytes: usize, texts: usize) -> usize {
    total_bytes / 2 + texts
}

struct Layout {
    slots: usize,
    words: usize,
    arena: usize,
}

impl Layout {
    fn new(total_bytes: usize, texts: usize) -> Result<Layout, Error> {
        if total_bytes > MAX_INPUT_LEN || texts > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        let words = max_tokens(total_bytes, texts);
        Ok(Layout {
            slots: capacity_for(words).ok_or(Error::InputTooLong)?,
            words,
            arena: total_bytes,
        })
    }
    fn size(&self) -> Result<usize, Error> {
        let mut s = Size::default();
        s.add_u64(Some(self.slots));
        s.add_u32(Some(self.slots));
        s.add_u32(Some(self.words));
        s.add_u32(Some(self.words));
        s.add_u8(Some(self.arena));
        s.finish()
    }
}

/// Exact scratch words to tokenise `texts` texts of `total_bytes` bytes in all.
pub fn tokenize_scratch_words(total_bytes: usize, texts: usize) -> Result<usize, Error> {
    Layout::new(total_bytes, texts)?.size()
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// Tokens and sentence ends of one text, without interning: sizes the outputs.
fn count_text(text: &[u8]) -> (usize, usize) {
    let (mut tokens, mut ends, mut open, mut in_token) = (0, 0, false, false);
    for &b in text {
        if is_token_byte(b) {
            if !in_token {
                tokens += 1;
                open = true;
            }
            in_token = true;
        } else {
            in_token = false;
            if b == b'\n' && open {
                ends += 1;
                open = false;
            }
        }
    }
    (tokens, ends + open as usize)
}

const EMPTY: u32 = u32::MAX;

/// Words interned by their bytes: a hash picks the slot, the bytes in the arena decide.
struct Vocabulary<'a> {
    hashes: &'a mut [u64],
    slot_ids: &'a mut [u32],
    word_start: &'a mut [u32],
    word_len: &'a mut [u32],
    arena: &'a mut [u8],
    arena_len: usize,
    next: u32,
}

/// Tokenises every text into `ids` and `sentence_ends`, calling `on_text(i, span)` with where
/// text i went.
///
/// `ids` and `sentence_ends` need at most [`max_tokens`] entries; the sizes are checked before
/// anything is written, so a call that fails writes nothing.
pub fn tokenize_basic<T: Texts + ?Sized>(
    texts: &T,
    ids: &mut [u32],
    sentence_ends: &mut [usize],
    scratch: &mut [u64],
    on_text: &mut dyn FnMut(usize, TokenizedText),
) -> Result<(), Error> {
    // Sizes first (lengths only), so an input that is too long or a scratch that is too small
    // is refused before any byte is read.
    let mut total = 0usize;
    for i in 0..texts.count() {
        total = total
            .checked_add(texts.get(i).len())
            .ok_or(Error::InputTooLong)?;
    }
    let layout = Layout::new(total, texts.count())?;
    let needed = layout.size()?;
    if scratch.len() < needed {
        return Err(Error::ScratchTooSmall { needed });
    }
    let (mut n_tokens, mut n_sentences) = (0usize, 0usize);
    for i in 0..texts.count() {
        let (t, s) = count_text(texts.get(i));
        n_tokens += t;
        n_sentences += s;
    }
    if ids.len() < n_tokens || sentence_ends.len() < n_sentences {
        return Err(Error::OutputTooSmall);
    }
    let mut c = Carver::new(&mut scratch[..needed]);
    let hashes = c.u64s(layout.slots);
    let slot_ids = c.u32s(layout.slots);
    slot_ids.fill(EMPTY);
    let mut vocab = Vocabulary {
        hashes,
        slot_ids,
        word_start: c.u32s(layout.words),
        word_len: c.u32s(layout.words),
        arena: c.u8s(layout.arena),
        arena_len: 0,
        next: 0,
    };
    let (mut n_ids, mut n_ends) = (0usize, 0usize);
    for i in 0..texts.count() {
        let text = texts.get(i);
        let (token_start, sentence_start) = (n_ids, n_ends);
        let mut sentence_open = false;
        let mut p = 0;
        while p < text.len() {
            let b = text[p];
            if b == b'\n' {
                if sentence_open {
                    sentence_ends[n_ends] = n_ids - token_start;
                    n_ends += 1;
                    sentence_open = false;
                }
                p += 1;
                continue;
            }
            if !is_token_byte(b) {
                p += 1;
                continue;
            }
            let start = p;
            while p < text.len() && is_token_byte(text[p]) {
                p += 1;
            }
            let id = vocab.intern_lowercase(&text[start..p]);
            ids[n_ids] = id;
            n_ids += 1;
            sentence_open = true;
        }
        if sentence_open {
            sentence_ends[n_ends] = n_ids - token_start;
            n_ends += 1;
        }
        on_text(
            i,
            TokenizedText {
                token_start,
                token_len: n_ids - token_start,
                sentence_start,
                sentence_count: n_ends - sentence_start,
            },
        );
    }
    Ok(())
}

impl Vocabulary<'_> {
    /// Interns the ASCII-lowercased form of `word`.
    fn intern_lowercase(&mut self, word: &[u8]) -> u32 {
        // The arena has room for every byte of every text, so the word is lowercased straight
        // into its free tail; a new word simply stays there.
        let start = self.arena_len;
        for (d, s) in self.arena[start..start + word.len()].iter_mut().zip(word) {
            *d = s.to_ascii_lowercase();
        }
        self.intern_at_tail(word.len())
    }

    /// Interns the word already written at the arena's free tail.
    fn intern_at_tail(&mut self, len: usize) -> u32 {
        let start = self.arena_len;
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &b in &self.arena[start..start + len] {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        let mask = self.slot_ids.len() - 1;
        let mut slot = (h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - self.slot_ids.len().trailing_zeros())) as usize;
        loop {
            let id = self.slot_ids[slot];
            if id == EMPTY {
                let id = self.next;
                self.next += 1;
                self.hashes[slot] = h;
                self.slot_ids[slot] = id;
                self.word_start[id as usize] = start as u32;
                self.word_len[id as usize] = len as u32;
                self.arena_len += len;
                return id;
            }
            if self.hashes[slot] == h {
                let s = self.word_start[id as usize] as usize;
                let l = self.word_len[id as usize] as usize;
                if l == len && self.arena[s..s + l] == self.arena[start..start + len] {
                    return id;
                }
            }
            slot = (slot + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_basic_tokeniser_lowercases_splits_and_interns_exactly() {
        let texts: [&[u8]; 2] = [
            b"The cat-sat, on THE mat.\nA second line\n\n",
            "caf\u{e9} the CAT 42".as_bytes(),
        ];
        let words = tokenize_scratch_words(texts.iter().map(|t| t.len()).sum(), 2).unwrap();
        let mut scratch = vec![0u64; words];
        let mut ids = vec![0u32; 32];
        let mut ends = vec![0usize; 32];
        let mut out = [TokenizedText::default(); 2];
        tokenize_basic(
            &texts[..],
            &mut ids,
            &mut ends,
            &mut scratch,
            &mut |i, t| out[i] = t,
        )
        .unwrap();
        // the cat sat on the mat | a second line || caf the cat 42
        assert_eq!(
            out[0],
            TokenizedText {
                token_start: 0,
                token_len: 9,
                sentence_start: 0,
                sentence_count: 2
            }
        );
        assert_eq!(&ends[..2], &[6, 9]);
        assert_eq!(&ids[..9], &[0, 1, 2, 3, 0, 4, 5, 6, 7]);
        assert_eq!(
            out[1],
            TokenizedText {
                token_start: 9,
                token_len: 4,
                sentence_start: 2,
                sentence_count: 1
            }
        );
        // "caf" is new (the é separates), "the" and "cat" keep their ids
        assert_eq!(&ids[9..13], &[8, 0, 1, 9]);
        assert_eq!(ends[2], 4);
        let mut small = vec![0u32; 12];
        let mut called = false;
        let r = tokenize_basic(
            &texts[..],
            &mut small,
            &mut ends,
            &mut scratch,
            &mut |_, _| called = true,
        );
        assert_eq!(r, Err(Error::OutputTooSmall));
        assert!(!called);
    }
}
