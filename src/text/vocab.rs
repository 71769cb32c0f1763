//! Words interned by their bytes into dense ids, in tables carved from caller scratch.
//!
//! A hash picks the slot; the bytes kept in the arena decide. Two different words therefore
//! never share an id, whatever the hash does.

use crate::intern::capacity_for;
use crate::scratch::{Carver, Size};
use crate::{Error, MAX_INPUT_LEN};

const EMPTY: u32 = u32::MAX;

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
        s.add_u32(Some(self.slots));
        s.add_u32(Some(self.words));
        s.add_u32(Some(self.words));
        s.add_u8(Some(self.arena));
    }

    pub(crate) fn carve<'a>(&self, c: &mut Carver<'a>) -> Vocabulary<'a> {
        let hashes = c.u64s(self.slots);
        let slot_ids = c.u32s(self.slots);
        slot_ids.fill(EMPTY);
        Vocabulary {
            hashes,
            slot_ids,
            word_start: c.u32s(self.words),
            word_len: c.u32s(self.words),
            arena: c.u8s(self.arena),
            arena_len: 0,
            next: 0,
        }
    }
}

/// Interned words: ids are dense, `0..len`, in order of first appearance.
pub(crate) struct Vocabulary<'a> {
    hashes: &'a mut [u64],
    slot_ids: &'a mut [u32],
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
        let start = self.arena_len;
        let word = self.arena.get(start..start.checked_add(len)?)?;
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for &b in word {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        let mask = self.slot_ids.len() - 1;
        let mut slot = (h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            >> (64 - self.slot_ids.len().trailing_zeros())) as usize;
        loop {
            let id = self.slot_ids[slot];
            if id == EMPTY {
                let id = self.next;
                // The table is at most half full for `words` words; refuse more.
                if id as usize >= self.word_start.len() {
                    return None;
                }
                self.next += 1;
                self.hashes[slot] = h;
                self.slot_ids[slot] = id;
                self.word_start[id as usize] = start as u32;
                self.word_len[id as usize] = len as u32;
                self.arena_len += len;
                return Some(id);
            }
            if self.hashes[slot] == h {
                let s = self.word_start[id as usize] as usize;
                let l = self.word_len[id as usize] as usize;
                if l == len && self.arena[s..s + l] == self.arena[start..start + len] {
                    return Some(id);
                }
            }
            slot = (slot + 1) & mask;
        }
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
