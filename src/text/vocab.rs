//! Words interned by their bytes into dense ids, in tables carved from caller scratch.
//!
//! A hash picks the slot; the bytes kept in the arena decide. Two different words therefore
//! never share an id, whatever the hash does.

use crate::intern::capacity_for;
use crate::scratch::{Carver, Size};
use crate::{Error, MAX_INPUT_LEN};

/// Slots in use at first (`words` is half the bytes): room, at half load, for a distinct word
/// per 16 bytes of text, and at least 128 words (a short text never grows the table).
fn first_slots(words: usize) -> usize {
    (words / 4).max(256).next_power_of_two()
}

/// Region sizes of a vocabulary for at most `words` distinct words of `arena` bytes in all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VocabLayout {
    slots: usize,
    words: usize,
    arena: usize,
}

impl VocabLayout {
    pub(crate) fn new(words: usize, arena: usize) -> Result<VocabLayout, Error> {
        // Word starts and lengths are stored as u32.
        if words > MAX_INPUT_LEN || arena > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        Ok(VocabLayout {
            slots: capacity_for(words).ok_or(Error::InputTooLong)?,
            words,
            arena,
        })
    }

    pub(crate) fn add_to(&self, s: &mut Size) {
        s.add_u64(Some(self.slots));
        s.add_u32(Some(self.words));
        s.add_u32(Some(self.words));
        s.add_u8(Some(self.arena));
    }

    pub(crate) fn carve<'a>(&self, c: &mut Carver<'a>) -> Vocabulary<'a> {
        let slots = c.u64s(self.slots);
        let live = self.slots.min(first_slots(self.words));
        slots[..live].fill(0);
        Vocabulary {
            slots,
            live,
            word_start: c.u32s(self.words),
            word_len: c.u32s(self.words),
            arena: c.u8s(self.arena),
            arena_len: 0,
            next: 0,
        }
    }
}

/// One byte into a word's hash: rotate and xor (FxHash's step without its multiply; words are
/// short, so the state keeps most of their bits). The tokenisers' fast path hashes while it
/// copies a word, so every path must hash with exactly these two functions.
#[inline(always)]
pub(crate) fn hash_step(h: u64, b: u8) -> u64 {
    h.rotate_left(5) ^ b as u64
}

/// The finished hash: one multiply spreads the state into the high bits that pick the slot.
#[inline(always)]
pub(crate) fn hash_finish(h: u64) -> u64 {
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn word_hash(word: &[u8]) -> u64 {
    hash_finish(word.iter().fold(0, |h, &b| hash_step(h, b)))
}

/// Byte equality without a library call (words are short).
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Interned words: ids are dense, `0..len`, in order of first appearance.
///
/// The slot table is sized for the most words the texts could hold (every other byte a word),
/// but only a power-of-two prefix of it is in use, doubled (and refilled from the words
/// themselves) whenever it is half full: the table in use grows with the words actually seen,
/// so a long text with a modest vocabulary keeps it in cache.
pub(crate) struct Vocabulary<'a> {
    /// Open addressing, linear probing: 0 is empty, else the hash's high 32 bits above id + 1.
    slots: &'a mut [u64],
    /// Slots in use (a power of two, at most `slots.len()`).
    live: usize,
    word_start: &'a mut [u32],
    word_len: &'a mut [u32],
    arena: &'a mut [u8],
    arena_len: usize,
    next: u32,
}

impl Vocabulary<'_> {
    /// The arena's free tail: a word is written here, then interned with [`Self::intern_tail`].
    pub(crate) fn tail(&mut self) -> &mut [u8] {
        &mut self.arena[self.arena_len..]
    }

    /// Interns the word written at the start of the free tail (`len` bytes). A new word stays
    /// in the arena; a known one is forgotten. `None` when the layout's bounds are exceeded
    /// (the size formulas make that unreachable).
    pub(crate) fn intern_tail(&mut self, len: usize) -> Option<u32> {
        let word = self
            .arena
            .get(self.arena_len..self.arena_len.checked_add(len)?)?;
        self.intern_tail_hashed(len, word_hash(word))
    }

    /// [`Self::intern_tail`] with the word's hash already taken (`hash_finish` of its
    /// `hash_step`s). Only the slot depends on the hash: ids follow first appearance.
    #[inline]
    pub(crate) fn intern_tail_hashed(&mut self, len: usize, h: u64) -> Option<u32> {
        let start = self.arena_len;
        let word = self.arena.get(start..start.checked_add(len)?)?;
        let high = h >> 32;
        let mask = self.live - 1;
        let mut slot = (h >> (64 - self.live.trailing_zeros())) as usize;
        loop {
            let entry = self.slots[slot];
            if entry == 0 {
                break;
            }
            if entry >> 32 == high {
                let id = (entry as u32 - 1) as usize;
                let s = self.word_start[id] as usize;
                let l = self.word_len[id] as usize;
                if l == len && same_bytes(&self.arena[s..s + l], word) {
                    return Some(id as u32);
                }
            }
            slot = (slot + 1) & mask;
        }
        let id = self.next;
        // The full table is at most two thirds full for `words` words; refuse more.
        if id as usize >= self.word_start.len() {
            return None;
        }
        self.next += 1;
        self.word_start[id as usize] = start as u32;
        self.word_len[id as usize] = len as u32;
        self.arena_len += len;
        if 2 * self.next as usize > self.live && self.live < self.slots.len() {
            self.grow();
        } else {
            self.slots[slot] = high << 32 | (id as u64 + 1);
        }
        Some(id)
    }

    /// The direct path of the one-pass ASCII tokeniser (no stemming, no stop words): the words
    /// of `text` (runs of bytes whose `word_byte` is not 0, lowercased by it) interned into
    /// `ids`, a sentence end into `ends` at every `\n` that closes a line with words and at the
    /// end. Returns the numbers of tokens and sentence ends. The tables are held in locals for
    /// the loop (reloaded only when the slot table grows), so they stay in registers rather
    /// than being reloaded after every store into the arena.
    pub(crate) fn ascii_words(
        &mut self,
        text: &[u8],
        word_byte: &[u8; 256],
        ids: &mut [u32],
        ends: &mut [usize],
    ) -> Result<(usize, usize), Error> {
        let (mut tokens, mut n_ends, mut line_start) = (0usize, 0usize, 0usize);
        let mut i = 0usize;
        let all_slots = self.slots.len();
        'table: loop {
            let live = self.live;
            let (mask, shift) = (live - 1, 64 - live.trailing_zeros());
            let slots = &mut self.slots[..live];
            let arena = &mut *self.arena;
            let word_start = &mut *self.word_start;
            let word_len = &mut *self.word_len;
            let (mut arena_len, mut next) = (self.arena_len, self.next);
            loop {
                // Separators, with the sentence ends among them.
                let first = loop {
                    let Some(&b) = text.get(i) else {
                        self.arena_len = arena_len;
                        self.next = next;
                        break 'table;
                    };
                    i += 1;
                    let w = word_byte[b as usize];
                    if w != 0 {
                        break w;
                    }
                    if b == b'\n' && tokens > line_start {
                        *ends.get_mut(n_ends).ok_or(Error::OutputTooSmall)? = tokens;
                        n_ends += 1;
                        line_start = tokens;
                    }
                };
                // The word, copied lowercased to the arena's free tail and hashed on the way.
                let tail = arena.get_mut(arena_len..).ok_or(Error::InputTooLong)?;
                *tail.first_mut().ok_or(Error::InputTooLong)? = first;
                let mut h = hash_step(0, first);
                let mut len = 1;
                while let Some(&b) = text.get(i) {
                    let w = word_byte[b as usize];
                    if w == 0 {
                        break;
                    }
                    *tail.get_mut(len).ok_or(Error::InputTooLong)? = w;
                    h = hash_step(h, w);
                    len += 1;
                    i += 1;
                }
                let h = hash_finish(h);
                let high = h >> 32;
                let mut slot = (h >> shift) as usize;
                let found = loop {
                    let entry = slots[slot];
                    if entry == 0 {
                        break None;
                    }
                    if entry >> 32 == high {
                        let id = (entry as u32).wrapping_sub(1) as usize;
                        let s = word_start[id] as usize;
                        if word_len[id] as usize == len
                            && same_bytes(&arena[s..s + len], &arena[arena_len..arena_len + len])
                        {
                            break Some(id as u32);
                        }
                    }
                    slot = (slot + 1) & mask;
                };
                let id = match found {
                    Some(id) => id,
                    None => {
                        // The full table is at most two thirds full for `words` words.
                        if next as usize >= word_start.len() {
                            return Err(Error::InputTooLong);
                        }
                        let id = next;
                        next += 1;
                        word_start[id as usize] = arena_len as u32;
                        word_len[id as usize] = len as u32;
                        arena_len += len;
                        if 2 * next as usize > live && live < all_slots {
                            *ids.get_mut(tokens).ok_or(Error::OutputTooSmall)? = id;
                            tokens += 1;
                            self.arena_len = arena_len;
                            self.next = next;
                            self.grow();
                            continue 'table;
                        }
                        slots[slot] = high << 32 | (id as u64 + 1);
                        id
                    }
                };
                *ids.get_mut(tokens).ok_or(Error::OutputTooSmall)? = id;
                tokens += 1;
            }
        }
        if tokens > line_start {
            *ends.get_mut(n_ends).ok_or(Error::OutputTooSmall)? = tokens;
            n_ends += 1;
        }
        Ok((tokens, n_ends))
    }

    /// Doubles the slots in use and re-inserts every word (hashed again from the arena).
    #[cold]
    fn grow(&mut self) {
        self.live *= 2;
        let live = &mut self.slots[..self.live];
        live.fill(0);
        let (mask, shift) = (self.live - 1, 64 - self.live.trailing_zeros());
        for id in 0..self.next as usize {
            let s = self.word_start[id] as usize;
            let h = word_hash(&self.arena[s..s + self.word_len[id] as usize]);
            let mut slot = (h >> shift) as usize;
            while live[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            live[slot] = (h >> 32) << 32 | (id as u64 + 1);
        }
    }

    /// Number of distinct words: every id is below it.
    pub(crate) fn len(&self) -> usize {
        self.next as usize
    }

    /// The bytes of word `id` (empty for an unknown id).
    #[cfg(test)]
    pub(crate) fn word(&self, id: u32) -> &[u8] {
        if id >= self.next {
            return &[];
        }
        let s = self.word_start[id as usize] as usize;
        &self.arena[s..s + self.word_len[id as usize] as usize]
    }
}
