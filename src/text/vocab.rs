//! Words interned by their bytes into dense ids, in tables carved from caller scratch.
//!
//! A hash picks the slot; the word's bytes, kept per id, decide. Two different words therefore
//! never share an id, whatever the hash does.

use crate::intern::capacity_for;
use crate::scratch::{Carver, Size};
use crate::{Error, MAX_INPUT_LEN};

/// Slots in use at first (`words` is half the bytes): room, at half load, for a distinct word
/// per 8 bytes of text (so that prose, about one in three of whose words is new, fills them
/// to a fifth: few probes meet another word), and at least 128 words (a short text never
/// grows the table).
fn first_slots(words: usize) -> usize {
    (words / 2).max(256).next_power_of_two()
}

/// Region sizes of a vocabulary for at most `words` distinct words of `arena` bytes in all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VocabLayout {
    slots: usize,
    words: usize,
    arena: usize,
    /// Entries of the work region (the stage buffers of rougers' normaliser; 0 otherwise).
    work: usize,
}

impl VocabLayout {
    pub(crate) fn new(words: usize, arena: usize) -> Result<VocabLayout, Error> {
        // Ids are u32; arena positions and lengths fit in a u64 key half.
        if words > MAX_INPUT_LEN || arena > MAX_INPUT_LEN {
            return Err(Error::InputTooLong);
        }
        Ok(VocabLayout {
            slots: capacity_for(words).ok_or(Error::InputTooLong)?,
            words,
            arena,
            work: 0,
        })
    }

    /// The same with a work region of `work` u32 entries.
    pub(crate) fn with_work(self, work: usize) -> Result<VocabLayout, Error> {
        if work > MAX_INPUT_LEN.saturating_mul(4) {
            return Err(Error::InputTooLong);
        }
        Ok(VocabLayout { work, ..self })
    }

    pub(crate) fn add_to(&self, s: &mut Size) {
        s.add_u32(Some(self.slots));
        s.add_u64(self.words.checked_add(1).and_then(|w| w.checked_mul(2)));
        s.add_u8(Some(self.arena));
        s.add_u32(Some(self.work));
    }

    pub(crate) fn carve<'a>(&self, c: &mut Carver<'a>) -> Vocabulary<'a> {
        let slots = c.u32s(self.slots);
        let live = self.slots.min(first_slots(self.words));
        crate::slices::head_mut(slots, live).fill(0);
        Vocabulary {
            slots,
            live,
            // Indexed by id + 1, as the slots hold ids; entry 0 (no id) is no word's key
            // ([0, 0]: a short key has its length on top, a long one LONG).
            keys: {
                let keys = c.u64s(2 * (self.words + 1)).as_chunks_mut::<2>().0;
                if let Some(none) = keys.first_mut() {
                    *none = [0, 0];
                }
                keys
            },
            arena: c.u8s(self.arena),
            arena_len: 0,
            next: 0,
            work: c.u32s(self.work),
        }
    }
}

/// Golden-ratio multiplier: odd, so one multiply is a bijection that carries every input bit
/// into the high bits that pick the slot.
const HASH_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// One 8-byte chunk of a word (little-endian, zero-padded past the word's end) into its hash;
/// the rotate brings the previous chunk's well-mixed high bits down to meet the next one.
#[inline(always)]
fn hash_chunk(h: u64, chunk: u64) -> u64 {
    (h.rotate_left(32) ^ chunk).wrapping_mul(HASH_MUL)
}

/// The hash of a word of 16 bytes or more ([`key_hash`] hashes the shorter ones, by their
/// key; the two kinds never match each other, so they need not hash alike): [`hash_chunk`]
/// over its 8-byte chunks, the last zero-padded.
fn word_hash(word: &[u8]) -> u64 {
    let mut chunks = word.chunks_exact(8);
    let mut h = 0;
    for c in &mut chunks {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        h = hash_chunk(h, u64::from_le_bytes(b));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut b = [0u8; 8];
        b[..rest.len()].copy_from_slice(rest);
        h = hash_chunk(h, u64::from_le_bytes(b));
    }
    h
}

/// Byte equality without a library call (words are short).
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

// The 16-byte classifiers (SSE2 on x86_64, SWAR elsewhere; `crate::arch`).
#[cfg(test)]
pub(crate) use crate::arch::classify;
#[cfg(test)]
use crate::arch::NoGroups;
// The short path cleans with the target's `clean_block` in both its compilations: its texts
// are a few blocks each (W1: about eight a pair), and the AVX2 cleaner in its v3 twin made the
// compiler duplicate a bounds check of its table's probe (a panic site more).
pub(crate) use crate::arch::{clean_block, newlines_and_odd, BlockBits, Features, Key};
use crate::arch::{GroupKeys, GroupLookup};

/// Bytes of the cleaned copy of a text of `len` bytes ([`clean_words`]): its whole 64-byte
/// blocks, then 16 bytes of 0, so that a word's key is one 16-byte load from its start with no
/// test for the text's end.
pub(crate) const fn clean_len(len: usize) -> usize {
    len.div_ceil(64) * 64 + 16
}

/// Most bytes [`clean_len`] adds to a text's length.
pub(crate) const CLEAN_SLACK: usize = 63 + 16;

/// The first pass over a text: its cleaned copy into `clean` ([`clean_len`] bytes: word bytes,
/// ASCII letters and digits, lowercased, every other byte 0; see
/// [`clean_block`](crate::arch::clean_block)), the start of every word (a maximal run of word
/// bytes) into `starts` and a sentence end (a word count) into `ends` at every `\n` that closes
/// a line with words. Returns the word starts found (to
/// [`Starts::finish`]) and whether the text is plain ASCII (no byte 0, none of 0x80 and above).
/// An error when `starts` or `ends` has no room for them.
///
/// 64 bytes at a time: the classifier gives one bit per byte for word bytes and `\n`
/// ([`Starts::block`] takes it from there, writing a block's word starts by `block_starts`).
#[inline(always)]
pub(super) fn clean_words(
    text: &[u8],
    clean: &mut [u8],
    starts: &mut [u32],
    ends: &mut [usize],
    clean_block: impl Fn(&[u8; 64], &mut [u8; 64]) -> BlockBits,
    block_starts: impl Fn(u64, u32, &mut [u32; 32]),
) -> Result<(Starts, bool), Error> {
    let mut found = Starts::default();
    let mut odd = 0;
    let clean = clean
        .get_mut(..clean_len(text.len()))
        .ok_or(Error::InputTooLong)?;
    let (whole, tail) = clean
        .split_at_mut_checked(text.len() / 64 * 64)
        .ok_or(Error::InputTooLong)?;
    let mut chunks = text.chunks_exact(64);
    let mut base = 0;
    for (chunk, clean) in (&mut chunks).zip(whole.as_chunks_mut::<64>().0) {
        let block = chunk.first_chunk::<64>().ok_or(Error::InputTooLong)?;
        let bits = clean_block(block, clean);
        odd |= bits.odd;
        found.block(base, bits.words, bits.newlines, starts, ends, &block_starts)?;
        base += 64;
    }
    let rest = chunks.remainder();
    let (last, pad) = tail.split_at_mut(tail.len() - 16);
    if let Some(last) = last.first_chunk_mut::<64>() {
        let mut block = [0u8; 64];
        block[..rest.len()].copy_from_slice(rest);
        let bits = clean_block(&block, last);
        // The zeros past the text are no NULs of it.
        odd |= bits.odd & ((1 << rest.len()) - 1);
        found.block(base, bits.words, bits.newlines, starts, ends, &block_starts)?;
    }
    pad.fill(0);
    Ok((found, odd == 0))
}

/// Word starts and sentence ends read off the classified bits of 64-byte blocks, in order.
#[derive(Default)]
pub(super) struct Starts {
    /// Words and sentence ends so far, and the words before the current line.
    words: usize,
    sentences: usize,
    line_start: usize,
    /// Bit 0 set when the byte before the next block is a word byte.
    carry: u64,
    /// Bytes of the longest line closed so far, and where the current line starts.
    longest_line: usize,
    line_start_byte: usize,
}

impl Starts {
    /// The block at `base` with word bytes `words` and `\n` bytes `newlines` (a bit per byte).
    /// A word starts where a word byte follows a non-word byte (`w & !(w << 1)`, the block's
    /// first bit taking the previous block's last); the starts are read off the bits by
    /// `trailing_zeros` (`block_starts`: [`crate::arch::block_starts`] or a twin's). A `\n`
    /// (rare: one per line) counts the words before it by `count_ones`.
    #[inline(always)]
    pub(super) fn block(
        &mut self,
        base: usize,
        words: u64,
        mut newlines: u64,
        starts: &mut [u32],
        ends: &mut [usize],
        block_starts: &impl Fn(u64, u32, &mut [u32; 32]),
    ) -> Result<(), Error> {
        let mut first = words & !(words << 1 | self.carry);
        self.carry = words >> 63;
        while newlines != 0 {
            let q = newlines.trailing_zeros();
            let at = base + q as usize;
            self.longest_line = self.longest_line.max(at - self.line_start_byte);
            self.line_start_byte = at + 1;
            let before = self.words + (first & ((1u64 << q) - 1)).count_ones() as usize;
            if before > self.line_start {
                *ends.get_mut(self.sentences).ok_or(Error::OutputTooSmall)? = before;
                self.sentences += 1;
                self.line_start = before;
            }
            newlines &= newlines - 1;
        }
        // Only bytes of the text are word bytes, and a text has at most MAX_INPUT_LEN bytes
        // (checked by the caller's size formulas): a position fits in a u32.
        let room = starts.get_mut(self.words..).unwrap_or(&mut []);
        let count = first.count_ones() as usize;
        if let Some(room) = room.first_chunk_mut::<32>() {
            // A block holds at most 32 starts: all 32 entries may be written
            // (`arch::block_starts`, or a twin's), those past `count` with junk that later
            // starts overwrite.
            block_starts(first, base as u32, room);
        } else {
            let room = room.get_mut(..count).ok_or(Error::OutputTooSmall)?;
            for slot in room {
                *slot = (base + first.trailing_zeros() as usize) as u32;
                first &= first - 1;
            }
        }
        self.words += count;
        Ok(())
    }

    /// Bytes of the longest line of the text (`len` bytes) whose blocks these were.
    pub(super) fn longest_line(&self, len: usize) -> usize {
        self.longest_line.max(len - self.line_start_byte)
    }

    /// Closes the last sentence. Returns the numbers of words and sentence ends.
    #[inline(always)]
    pub(super) fn finish(mut self, ends: &mut [usize]) -> Result<(usize, usize), Error> {
        if self.words > self.line_start {
            *ends.get_mut(self.sentences).ok_or(Error::OutputTooSmall)? = self.words;
            self.sentences += 1;
        }
        Ok((self.words, self.sentences))
    }
}

/// Per word length below 16, the masks that keep its bytes of a 16-byte load (two u64).
#[cfg(test)]
const KEEP: [[u64; 2]; 16] = {
    let mut t = [[0u64; 2]; 16];
    let mut len = 0;
    while len < 16 {
        let keep = (1u128 << (8 * len)) - 1;
        t[len] = [keep as u64, (keep >> 64) as u64];
        len += 1;
    }
    t
};

/// The [`short_key`] of the word at the start of `bytes` (16 of
/// [`clean_block`](crate::arch::clean_block)'s output, the word's bytes then 0): its length is
/// the position of the first 0. `None` for a word of 16 bytes or more. The oracle of `arch::Key::of` in the tests.
#[cfg(test)]
pub(super) fn clean_key(bytes: &[u8; 16]) -> Option<[u64; 2]> {
    let (lo, hi) = bytes.split_at(8);
    let c0 = u64::from_le_bytes(lo.try_into().unwrap_or_default());
    let c1 = u64::from_le_bytes(hi.try_into().unwrap_or_default());
    // Already lowercase: only masked.
    let len = crate::arch::portable::first_zero(bytes);
    let [lo_mask, hi_mask] = *KEEP.get(len)?;
    Some([c0 & lo_mask, c1 & hi_mask | (len as u64) << 56])
}

/// Interned words: ids are dense, `0..len`, in order of first appearance.
///
/// The slot table is sized for the most words the texts could hold (every other byte a word),
/// but only a power-of-two prefix of it is in use, doubled (and refilled from the keys)
/// whenever it is half full: the table in use grows with the words actually seen, so a long
/// text with a modest vocabulary keeps it in cache.
pub(crate) struct Vocabulary<'a> {
    /// Open addressing, linear probing: 0 is empty, else id + 1 (where the key is: a probe
    /// compares keys directly, and the table stays half the size of one that kept hash bits).
    slots: &'a mut [u32],
    /// Slots in use (a power of two, at most `slots.len()`).
    live: usize,
    /// At id + 1 (what a slot holds), the word's key ([`short_key`] or [`long_key`]): a lookup
    /// that meets the id compares 16 bytes, without reading the word from elsewhere.
    keys: &'a mut [[u64; 2]],
    /// Words of 16 bytes or more, and the free tail where tokens are built.
    arena: &'a mut [u8],
    arena_len: usize,
    next: u32,
    /// Work space of a tokeniser that needs more than the arena (rougers' normaliser).
    pub(crate) work: &'a mut [u32],
}

/// Top byte of a [`long_key`]'s second half; a short key's is its length, below 16.
const LONG: u64 = 0xFF << 56;

/// The key of a word under 16 bytes: its bytes, little-endian and zero-padded, in two u64,
/// with its length in the last byte (always free: at most 15 bytes are used).
#[inline(always)]
fn short_key(word: &[u8]) -> [u64; 2] {
    let mut b = [0u8; 16];
    let n = word.len().min(15);
    b[..n].copy_from_slice(&word[..n]);
    b[15] = n as u8;
    let (lo, hi) = b.split_at(8);
    [
        u64::from_le_bytes(lo.try_into().unwrap_or_default()),
        u64::from_le_bytes(hi.try_into().unwrap_or_default()),
    ]
}

/// The key of a word of 16 bytes or more: where it starts in the arena, and its length
/// marked [`LONG`] (lengths are below 2^32, so the mark never overlaps them).
#[inline(always)]
fn long_key(start: usize, len: usize) -> [u64; 2] {
    [start as u64, LONG | len as u64]
}

/// The hash of a short key: the two halves folded and multiplied once (the key holds every
/// byte of the word, so this is as good as hashing the bytes).
#[inline(always)]
pub(super) fn key_hash(key: [u64; 2]) -> u64 {
    (key[0] ^ key[1].rotate_left(32)).wrapping_mul(HASH_MUL)
}

/// The id of the short key `key` (hash `h`) in the slots in use (`slots`, `mask + 1` of them,
/// `shift` = 64 - log2 of that) and `keys`, inserted as id `*next` (then counted) if new:
/// the interning loop's step for one word ([`Vocabulary::intern_clean`]). The caller keeps
/// `*next` below `keys.len() - 1` and the table under half full.
///
/// The probe has a single exit, and the rest is branch-free: whether a word is new is as
/// good as random (a third of the words of prose are), and a mispredicted branch costs more
/// than a lookup.
#[inline(always)]
fn probe_insert(
    slots: &mut [u32],
    keys: &mut [[u64; 2]],
    key: [u64; 2],
    h: u64,
    shift: u32,
    mask: usize,
    next: &mut u32,
) -> u32 {
    // The sentinel: an empty slot (0) then "holds" the key too, so the probe has a single
    // exit, taken but for collisions.
    if let Some(sentinel) = keys.first_mut() {
        *sentinel = key;
    }
    // Masked although below `live` already: so the compiler sees every probe inside `slots`
    // (of length `mask + 1`) and drops the bounds checks.
    let mut slot = (h >> shift) as usize & mask;
    // `get`: the compiler cannot see that `live` is a power of two (`slot` below it): the same
    // one compare as the bounds check it replaces, and no panic path. A slot past them (none)
    // would read as empty.
    let entry = loop {
        let entry = slots.get(slot).copied().unwrap_or(0);
        if keys.get(entry as usize) == Some(&key) {
            break entry;
        }
        slot = (slot + 1) & mask;
    };
    // Branch-free from here: the key is written at the next id's entry whether or not the
    // word is new (no slot refers to that entry unless it is), and the slot is written with
    // what it holds if the word was there. `next` if new (entry 0 - 1 wraps to all ones),
    // else entry - 1 (below `next`): a minimum, which the compiler keeps branch-free.
    let id = entry.wrapping_sub(1).min(*next);
    // In range (`next <= stop`); `if let` rather than an index: no panic path.
    if let Some(e) = keys.get_mut(*next as usize + 1) {
        *e = key;
    }
    if let Some(s) = slots.get_mut(slot) {
        *s = id + 1;
    }
    *next += u32::from(entry == 0);
    id
}

impl Vocabulary<'_> {
    /// The arena's free tail: a word is written here, then interned with [`Self::intern_tail`].
    pub(crate) fn tail(&mut self) -> &mut [u8] {
        self.arena.get_mut(self.arena_len..).unwrap_or_default()
    }

    /// Interns the word written at the start of the free tail (`len` bytes). A new word of 16
    /// bytes or more stays in the arena; any other is forgotten there (its key holds it).
    /// `None` when the layout's bounds are exceeded (the size formulas make that
    /// unreachable). Only the slot depends on the hash: ids follow first appearance.
    pub(crate) fn intern_tail(&mut self, len: usize) -> Option<u32> {
        let (id, new_long) = self.intern_at(self.arena_len, len)?;
        if new_long {
            self.arena_len += len;
        }
        Some(id)
    }

    /// Interns the word at `tail()[start..start + len]`. A new word of 16 bytes or more stays
    /// where it lies, and the free tail then starts just after it: returns the id and by how
    /// many bytes the tail moved (`start + len`, else 0). `None` as [`Self::intern_tail`].
    pub(crate) fn intern_tail_at(&mut self, start: usize, len: usize) -> Option<(u32, usize)> {
        let (id, new_long) = self.intern_at(self.arena_len.checked_add(start)?, len)?;
        let shift = if new_long { start + len } else { 0 };
        self.arena_len += shift;
        Some((id, shift))
    }

    /// Interns the word at `arena[start..start + len]`; also returns whether it is a new word
    /// of 16 bytes or more, whose key refers to those bytes (the caller keeps them).
    fn intern_at(&mut self, start: usize, len: usize) -> Option<(u32, bool)> {
        let word = self.arena.get(start..start.checked_add(len)?)?;
        let (key, h) = if len < 16 {
            let key = short_key(word);
            (key, key_hash(key))
        } else {
            (long_key(start, len), word_hash(word))
        };
        let mask = self.live - 1;
        let mut slot = (h >> (64 - self.live.trailing_zeros())) as usize;
        loop {
            let entry = *self.slots.get(slot)?;
            if entry == 0 {
                break;
            }
            let k = *self.keys.get(entry as usize)?;
            let same = if len < 16 {
                k == key
            } else {
                k[1] == key[1]
                    && self
                        .arena
                        .get(k[0] as usize..k[0] as usize + len)
                        .is_some_and(|w| same_bytes(w, word))
            };
            if same {
                return Some((entry - 1, false));
            }
            slot = (slot + 1) & mask;
        }
        let id = self.next;
        // The full table is at most two thirds full for `words` words; refuse more.
        *self.keys.get_mut(id as usize + 1)? = key;
        self.next += 1;
        if 2 * self.next as usize > self.live && self.live < self.slots.len() {
            self.grow();
        } else {
            self.slots[slot] = id + 1;
        }
        Some((id, len >= 16))
    }

    /// The direct path of the ASCII tokeniser (no stemming, no stop words): the words of
    /// `text` (maximal runs of ASCII letters and digits, lowercased) interned into `ids`, a
    /// sentence end into `ends` at every `\n` that closes a line with words and at the end.
    /// Returns the numbers of tokens and sentence ends, and the bytes of the text's longest
    /// line (as `TextDims` counts them); `None`, having interned nothing, when
    /// the text is not plain ASCII (it has a byte 0 or one of 0x80 and above) and `any_bytes`
    /// is false (such bytes separate words only in ROUGE-1.5.5's tokeniser).
    ///
    /// Two passes, so that neither carries a long chain of dependent steps from word to word:
    /// [`clean_words`] cleans the text into the arena's free tail and finds every word's
    /// first byte, 64 bytes at a time, writing the positions into `ids`;
    /// [`Self::intern_clean`] then replaces each position by the word's id. The positions are
    /// independent of each other, so the processor overlaps the lookups of several words (the
    /// scheme of simdjson's stage 1 and 2: Langdale and Lemire, "Parsing gigabytes of JSON per
    /// second", VLDB Journal 28, 2019). The cleaned copy stays in the arena when a word of 16
    /// bytes or more was new (its key refers to its bytes there).
    ///
    /// Compiled for `features` (`arch::with_text_lookup_features`: with x86-64-v3 the compiler
    /// uses `tzcnt`, `blsr`, `shrx` and `andn` in both passes; with AVX-512 the words are looked
    /// up 8 at a time, `arch::GroupLookup`).
    pub(crate) fn ascii_words_with(
        &mut self,
        features: Features,
        text: &[u8],
        ids: &mut [u32],
        ends: &mut [usize],
        any_bytes: bool,
    ) -> Result<Option<(usize, usize, usize)>, Error> {
        let vocab = self;
        crate::arch::with_text_lookup_features!(
            features,
            |lookup| clean: twin_clean_block,
            starts: twin_block_starts,
            fn(
                vocab: &mut Vocabulary,
                text: &[u8],
                ids: &mut [u32],
                ends: &mut [usize],
                any_bytes: bool,
            ) -> Result<Option<(usize, usize, usize)>, Error> {
                vocab.ascii_words_grouped(
                    text,
                    ids,
                    ends,
                    any_bytes,
                    twin_clean_block,
                    twin_block_starts,
                    lookup,
                )
            }
        )
    }

    /// [`Self::ascii_words_with`] with a given block cleaner and word-start writer (tests run
    /// the portable ones too), and no group lookups.
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn ascii_words_by(
        &mut self,
        text: &[u8],
        ids: &mut [u32],
        ends: &mut [usize],
        any_bytes: bool,
        clean_block: impl Fn(&[u8; 64], &mut [u8; 64]) -> BlockBits,
        block_starts: impl Fn(u64, u32, &mut [u32; 32]),
    ) -> Result<Option<(usize, usize, usize)>, Error> {
        self.ascii_words_grouped(
            text,
            ids,
            ends,
            any_bytes,
            clean_block,
            block_starts,
            NoGroups,
        )
    }

    /// [`Self::ascii_words_by`] with the group lookups `lookup`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn ascii_words_grouped(
        &mut self,
        text: &[u8],
        ids: &mut [u32],
        ends: &mut [usize],
        any_bytes: bool,
        clean_block: impl Fn(&[u8; 64], &mut [u8; 64]) -> BlockBits,
        block_starts: impl Fn(u64, u32, &mut [u32; 32]),
        lookup: impl GroupLookup,
    ) -> Result<Option<(usize, usize, usize)>, Error> {
        let start = self.arena_len;
        let clean = self.arena.get_mut(start..).unwrap_or(&mut []);
        let (found, plain) = clean_words(text, clean, ids, ends, clean_block, block_starts)?;
        if !(plain || any_bytes) {
            return Ok(None);
        }
        let longest_line = found.longest_line(text.len());
        let (tokens, n_ends) = found.finish(ends)?;
        let keep = self.intern_clean(start, ids.get_mut(..tokens).unwrap_or(&mut []), lookup)?;
        if keep {
            self.arena_len = start + clean_len(text.len());
        }
        Ok(Some((tokens, n_ends, longest_line)))
    }

    /// Replaces each word start in `at` (positions in the cleaned copy at `arena[base..]`,
    /// from [`clean_words`]) by the word's id; returns whether a new word of 16 bytes or more
    /// refers to the copy.
    ///
    /// From a word's first byte one 16-byte load gives its key ([`Key::of`]: the bytes up to
    /// the first 0, and the length) with no loop per byte, unless it is 16 bytes or longer
    /// ([`Self::intern_at`], out of line). The probe has a single exit and the rest is
    /// branch-free ([`probe_insert`]): whether a word is new is as good as random (a third of the
    /// words of prose are), and a mispredicted branch costs more than a lookup. The tables are
    /// held in locals for the loop (reloaded only when the slot table grows or a long word was
    /// interned), so they stay in registers.
    ///
    /// With group lookups (`lookup`, `arch::GroupLookup`), 8 words at a time while the table
    /// has room for 8 new words before it grows or the ids run out: the group's keys and
    /// hashes are made at once in vector registers, then each word goes through the same
    /// probe-and-insert as without them ([`probe_insert`]), in order. A group with a word of
    /// 16 bytes or more is taken word by word up to it.
    #[inline(always)]
    fn intern_clean<L: GroupLookup>(
        &mut self,
        base: usize,
        at: &mut [u32],
        lookup: L,
    ) -> Result<bool, Error> {
        let mut keep = false;
        let all_slots = self.slots.len();
        let mut group = GroupKeys::default();
        // Words to take one by one before the next group (up to a long word).
        let mut alone = 0usize;
        // The words not interned yet.
        let mut rest = at;
        'table: while !rest.is_empty() {
            let live = self.live;
            let (mask, shift) = (live - 1, 64 - live.trailing_zeros());
            // The table doubles when it passes half full, unless it is whole already.
            let grow_at = if live < all_slots {
                live / 2
            } else {
                usize::MAX
            };
            let clean = self.arena.get(base..).unwrap_or(&[]);
            let slots = match self.slots.get_mut(..live) {
                // Never empty (`live` is at least 256): said here, before the loop, so that
                // the compiler tests it once rather than at every probe.
                Some(slots) if !slots.is_empty() => slots,
                _ => return Err(Error::InputTooLong),
            };
            let keys = &mut *self.keys;
            let mut next = self.next;
            // One test a word for both ways out of the loop: the table passing half full,
            // and the last id taken (a new word after it must fail: `Self::intern_rest`).
            // Below `stop`, the next id's key entry exists.
            let stop = match keys.len().checked_sub(2) {
                Some(room) if next as usize <= room => room.min(grow_at),
                _ => return self.intern_rest(base, rest, keep),
            };
            loop {
                // A group only when its 8 words, all new, would not pass `stop`: then none of
                // them grows the table or takes the last id.
                if L::GROUPS && alone == 0 && (next as usize) + 8 <= stop {
                    if let Some(words) = rest.first_chunk_mut::<8>() {
                        match lookup.keys8(words, clean, &mut group) {
                            Some(0) => {
                                for (k, w) in words.iter_mut().enumerate() {
                                    let (Some(&lo), Some(&hi), Some(&h)) =
                                        (group.lo.get(k), group.hi.get(k), group.hash.get(k))
                                    else {
                                        continue;
                                    };
                                    *w = probe_insert(
                                        slots,
                                        keys,
                                        [lo, hi],
                                        h,
                                        shift,
                                        mask,
                                        &mut next,
                                    );
                                }
                                rest = core::mem::take(&mut rest).get_mut(8..).unwrap_or_default();
                                continue;
                            }
                            Some(long) => alone = long.trailing_zeros() as usize + 1,
                            None => alone = 8,
                        }
                    }
                }
                let Some((at_k, tail)) = core::mem::take(&mut rest).split_first_mut() else {
                    break;
                };
                rest = tail;
                alone = alone.saturating_sub(1);
                let i = *at_k as usize;
                let bytes = clean
                    .get(i..i + 16)
                    .and_then(|b| <&[u8; 16]>::try_from(b).ok())
                    .ok_or(Error::InputTooLong)?;
                let Some(key) = Key::of(bytes) else {
                    // 16 bytes or more: out of line, then the tables are reloaded.
                    self.next = next;
                    let (id, new_long) = self.intern_long(base, i)?;
                    keep |= new_long;
                    *at_k = id;
                    continue 'table;
                };
                let key = key.halves();
                *at_k = probe_insert(slots, keys, key, key_hash(key), shift, mask, &mut next);
                if next as usize > stop {
                    // Half full (the table doubles) or the last id taken: the loop resumes
                    // after the word.
                    self.next = next;
                    if next as usize > grow_at {
                        self.grow();
                    }
                    continue 'table;
                }
            }
            self.next = next;
        }
        Ok(keep)
    }

    /// The word of 16 bytes or more at `arena[base + i..]` (up to its first 0) interned
    /// ([`Self::intern_at`]); also whether it is new (its key refers to those bytes).
    #[cold]
    fn intern_long(&mut self, base: usize, i: usize) -> Result<(u32, bool), Error> {
        let rest = self.arena.get(base + i + 16..).unwrap_or(&[]);
        let len = 16 + rest.iter().take_while(|&&b| b != 0).count();
        self.intern_at(base + i, len).ok_or(Error::InputTooLong)
    }

    /// [`Self::intern_clean`] once every id is taken (or the key table is too small for the
    /// loop): each word by [`Self::intern_at`], which refuses a new one.
    #[cold]
    fn intern_rest(
        &mut self,
        base: usize,
        rest: &mut [u32],
        mut keep: bool,
    ) -> Result<bool, Error> {
        for at_k in rest {
            let i = *at_k as usize;
            let clean = self.arena.get(base + i..).unwrap_or(&[]);
            let len = clean.iter().take_while(|&&b| b != 0).count();
            let (id, new_long) = self.intern_at(base + i, len).ok_or(Error::InputTooLong)?;
            keep |= new_long;
            *at_k = id;
        }
        Ok(keep)
    }

    /// Doubles the slots in use and re-inserts every word (hashed again from its key, or from
    /// the arena for a long word).
    #[cold]
    fn grow(&mut self) {
        self.live *= 2;
        // In range throughout (the slots' and keys' lengths are the layout's, a long key's
        // bytes in the arena): `get` and `slices`, so that none is a panic path.
        let live = crate::slices::head_mut(self.slots, self.live);
        live.fill(0);
        let (mask, shift) = (self.live - 1, 64 - self.live.trailing_zeros());
        let keys = self.keys.get(1..=self.next as usize).unwrap_or(&[]);
        for (id, &key) in keys.iter().enumerate() {
            let h = if key[1] & LONG == LONG {
                let s = key[0] as usize;
                let end = s.saturating_add((key[1] & !LONG) as usize);
                word_hash(self.arena.get(s..end).unwrap_or(&[]))
            } else {
                key_hash(key)
            };
            let mut slot = (h >> shift) as usize;
            while live.get(slot).is_some_and(|&s| s != 0) {
                slot = (slot + 1) & mask;
            }
            crate::slices::set_at(live, slot, id as u32 + 1);
        }
    }

    /// Number of distinct words: every id is below it.
    pub(crate) fn len(&self) -> usize {
        self.next as usize
    }

    /// The bytes of word `id` (empty for an unknown id).
    #[cfg(test)]
    pub(crate) fn word(&self, id: u32) -> Vec<u8> {
        if id >= self.next {
            return vec![];
        }
        let key = self.keys[id as usize + 1];
        if key[1] & LONG == LONG {
            let s = key[0] as usize;
            return self.arena[s..s + (key[1] & !LONG) as usize].to_vec();
        }
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&key[0].to_le_bytes());
        b[8..].copy_from_slice(&key[1].to_le_bytes());
        b[..b[15] as usize].to_vec()
    }
}
