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
        })
    }

    pub(crate) fn add_to(&self, s: &mut Size) {
        s.add_u32(Some(self.slots));
        s.add_u64(self.words.checked_add(1).and_then(|w| w.checked_mul(2)));
        s.add_u8(Some(self.arena));
    }

    pub(crate) fn carve<'a>(&self, c: &mut Carver<'a>) -> Vocabulary<'a> {
        let slots = c.u32s(self.slots);
        let live = self.slots.min(first_slots(self.words));
        slots[..live].fill(0);
        Vocabulary {
            slots,
            live,
            // Indexed by id + 1, as the slots hold ids; entry 0 (no id) is no word's key
            // ([0, 0]: a short key has its length on top, a long one LONG).
            keys: {
                let keys = c.u64s(2 * (self.words + 1)).as_chunks_mut::<2>().0;
                keys[0] = [0, 0];
                keys
            },
            arena: c.u8s(self.arena),
            arena_len: 0,
            next: 0,
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

/// A byte 0x01 in every lane, for SWAR byte constants.
const ONES: u64 = 0x0101_0101_0101_0101;
/// Bit 5 of every byte: ORed into an ASCII letter or digit, its lowercase (digits have it).
const LOWER: u64 = 0x20 * ONES;

// The 16-byte classifiers (SSE2 on x86_64, SWAR elsewhere; `crate::arch`).
pub(crate) use crate::arch::{classify, clean_block, newlines_and_odd};

/// 16-byte loads anywhere in a text, zero-padded past its end, with one compare and no call:
/// a load within 16 bytes of the end reads a padded copy of the text's last 16 bytes
/// (positions up to 63 past the end, as a 64-byte block's last load makes, stay inside it).
pub(super) struct Loads<'t> {
    text: &'t [u8],
    /// Loads at positions below this read the text itself.
    direct: usize,
    /// Where the copy starts in the text.
    tail_at: usize,
    tail: [u8; 80],
}

impl<'t> Loads<'t> {
    pub(super) fn new(text: &'t [u8]) -> Self {
        let tail_at = text.len().saturating_sub(16);
        let mut tail = [0u8; 80];
        let rest = text.get(tail_at..).unwrap_or(&[]);
        tail[..rest.len()].copy_from_slice(rest);
        Loads {
            text,
            direct: text.len().saturating_sub(15),
            tail_at,
            tail,
        }
    }

    #[inline(always)]
    pub(super) fn at(&self, i: usize) -> (u64, u64) {
        let chunk = if i < self.direct {
            self.text.get(i..).and_then(<[u8]>::first_chunk::<16>)
        } else {
            // The offset is below 64 for every caller (a load at most 63 bytes past the end,
            // 16 bytes read: 80 in all); the mask only lets the compiler see the bound.
            self.tail
                .get((i - self.tail_at) & 63..)
                .and_then(<[u8]>::first_chunk::<16>)
        };
        let c = chunk.copied().unwrap_or([0u8; 16]);
        let (a, b) = c.split_at(8);
        (
            u64::from_le_bytes(a.try_into().unwrap_or_default()),
            u64::from_le_bytes(b.try_into().unwrap_or_default()),
        )
    }
}

/// Per word length below 16, the masks that keep its bytes of a 16-byte load (two u64).
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

/// The [`short_key`] of the word that starts a 16-byte load (`c0` bytes 0..8, `c1` 8..16),
/// with no loop per byte: the classifier gives its length, and the key is the bytes
/// lowercased, masked to the word, with the length on top. `None` for a word of 16 bytes or
/// more.
#[inline(always)]
pub(super) fn load_key(
    c0: u64,
    c1: u64,
    classify: &impl Fn(u64, u64) -> (u32, u32),
) -> Option<[u64; 2]> {
    key_of(c0, c1, (!classify(c0, c1).0).trailing_zeros() as usize)
}

/// The [`short_key`] of the word of `len` bytes that starts a 16-byte load (see
/// [`load_key`]); `None` for 16 bytes or more.
#[inline(always)]
pub(super) fn key_of(c0: u64, c1: u64, len: usize) -> Option<[u64; 2]> {
    let [lo_mask, hi_mask] = *KEEP.get(len)?;
    Some([
        (c0 | LOWER) & lo_mask,
        (c1 | LOWER) & hi_mask | (len as u64) << 56,
    ])
}

/// The first pass of [`Vocabulary::ascii_words`]: the start of every word of `text` (a
/// maximal run of ASCII letters and digits) into `starts`, and a sentence end (a token count)
/// into `ends` at every `\n` that closes a line with words and at the end. Returns the numbers
/// of words and sentence ends.
///
/// 64 bytes at a time: one bit per byte says whether it is a word byte ([`Starts::block`]
/// takes it from there).
#[inline(always)]
pub(super) fn word_starts(
    text: &[u8],
    starts: &mut [u32],
    ends: &mut [usize],
    classify: impl Fn(u64, u64) -> (u32, u32),
) -> Result<(usize, usize), Error> {
    let mut found = Starts::default();
    let mut base = 0usize;
    let loads = Loads::new(text);
    while base < text.len() {
        let (mut words, mut newlines) = (0u64, 0u64);
        for part in 0..4 {
            let (c0, c1) = loads.at(base + 16 * part);
            let (w, nl) = classify(c0, c1);
            words |= (w as u64) << (16 * part);
            newlines |= (nl as u64) << (16 * part);
        }
        found.block(base, words, newlines, starts, ends)?;
        base += 64;
    }
    found.finish(ends)
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
    /// `trailing_zeros`. A `\n` (rare: one per line) counts the words before it by
    /// `count_ones`.
    #[inline(always)]
    pub(super) fn block(
        &mut self,
        base: usize,
        words: u64,
        mut newlines: u64,
        starts: &mut [u32],
        ends: &mut [usize],
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
        if room.len() >= 32 {
            // A block holds at most 32 starts. They are written eight at a time, the last
            // group's surplus entries (past `count`) with junk that later starts overwrite: a
            // loop per start would end at an unpredictable count, one mispredicted branch per
            // block (simdjson's stage 1 does the same).
            let mut k = 0;
            while k < count {
                for slot in room[k..k + 8].iter_mut() {
                    *slot = (base + first.trailing_zeros() as usize) as u32;
                    first &= first.wrapping_sub(1);
                }
                k += 8;
            }
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

/// The [`short_key`] of the word at the start of `bytes` (16 of [`clean_block`]'s output, the
/// word's bytes then 0): its length is the position of the first 0. `None` for a word of 16
/// bytes or more. The oracle of `arch::Key::of` in the tests.
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

impl Vocabulary<'_> {
    /// The arena's free tail: a word is written here, then interned with [`Self::intern_tail`].
    pub(crate) fn tail(&mut self) -> &mut [u8] {
        &mut self.arena[self.arena_len..]
    }

    /// Interns the word written at the start of the free tail (`len` bytes). A new word of 16
    /// bytes or more stays in the arena; any other is forgotten there (its key holds it).
    /// `None` when the layout's bounds are exceeded (the size formulas make that
    /// unreachable). Only the slot depends on the hash: ids follow first appearance.
    pub(crate) fn intern_tail(&mut self, len: usize) -> Option<u32> {
        let start = self.arena_len;
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
                return Some(entry - 1);
            }
            slot = (slot + 1) & mask;
        }
        let id = self.next;
        // The full table is at most two thirds full for `words` words; refuse more.
        *self.keys.get_mut(id as usize + 1)? = key;
        self.next += 1;
        if len >= 16 {
            self.arena_len += len;
        }
        if 2 * self.next as usize > self.live && self.live < self.slots.len() {
            self.grow();
        } else {
            self.slots[slot] = id + 1;
        }
        Some(id)
    }

    /// The direct path of the ASCII tokeniser (no stemming, no stop words): the words of
    /// `text` (maximal runs of ASCII letters and digits, lowercased) interned into `ids`, a
    /// sentence end into `ends` at every `\n` that closes a line with words and at the end.
    /// Returns the numbers of tokens and sentence ends.
    ///
    /// Two passes, so that neither carries a long chain of dependent steps from word to word:
    /// [`word_starts`] finds every word's first byte, 64 bytes at a time, and writes the
    /// positions into `ids`; [`Self::intern_starts`] then replaces each position by the word's
    /// id. The positions are independent of each other, so the processor overlaps the
    /// lookups of several words (the scheme of simdjson's stage 1 and 2: Langdale and
    /// Lemire, "Parsing gigabytes of JSON per second", VLDB Journal 28, 2019).
    pub(crate) fn ascii_words(
        &mut self,
        text: &[u8],
        ids: &mut [u32],
        ends: &mut [usize],
    ) -> Result<(usize, usize), Error> {
        self.ascii_words_by(text, ids, ends, classify)
    }

    /// [`Self::ascii_words`] with a given classifier (tests run the portable one too).
    #[inline(always)]
    pub(crate) fn ascii_words_by(
        &mut self,
        text: &[u8],
        ids: &mut [u32],
        ends: &mut [usize],
        classify: impl Fn(u64, u64) -> (u32, u32) + Copy,
    ) -> Result<(usize, usize), Error> {
        let (tokens, n_ends) = word_starts(text, ids, ends, classify)?;
        self.intern_starts(text, ids.get_mut(..tokens).unwrap_or(&mut []), classify)?;
        Ok((tokens, n_ends))
    }

    /// Replaces each word start in `at` (positions in `text`, from [`word_starts`]) by the
    /// word's id.
    ///
    /// From a word's first byte one 16-byte load gives its length and its key (the lowercase
    /// bytes, masked, and the length: see [`short_key`]) with no loop per byte, unless it is
    /// 16 bytes or longer ([`Self::intern_long`], out of line). Bytes past the text's end read
    /// as 0, a separator. A known word costs one slot and one key compared; a new one writes
    /// its key and nothing else. The tables are held in locals for the loop (reloaded only
    /// when the slot table grows or a long word was interned), so they stay in registers.
    #[inline(always)]
    fn intern_starts(
        &mut self,
        text: &[u8],
        at: &mut [u32],
        classify: impl Fn(u64, u64) -> (u32, u32),
    ) -> Result<(), Error> {
        let mut k = 0usize;
        let all_slots = self.slots.len();
        let loads = Loads::new(text);
        'table: while k < at.len() {
            let live = self.live;
            let (mask, shift) = (live - 1, 64 - live.trailing_zeros());
            // The table doubles when it passes half full, unless it is whole already.
            let grow_at = if live < all_slots {
                live / 2
            } else {
                usize::MAX
            };
            let slots = &mut self.slots[..live];
            let keys = &mut *self.keys;
            let mut next = self.next;
            while let Some(at_k) = at.get_mut(k) {
                let i = *at_k as usize;
                let (c0, c1) = loads.at(i);
                let Some(key) = load_key(c0, c1, &classify) else {
                    // 16 bytes or more: out of line, then the tables are reloaded.
                    self.next = next;
                    *at_k = self.intern_long(text, i)?.0;
                    k += 1;
                    continue 'table;
                };
                let h = key_hash(key);
                // The sentinel: an empty slot (0) then "holds" the key too, so the probe has a
                // single exit, taken but for collisions; a branch on whether the word is new
                // would be as good as random (a third of a long text's words are new).
                if let Some(sentinel) = keys.first_mut() {
                    *sentinel = key;
                }
                // Masked although below `live` already: so the compiler sees every probe
                // inside `slots` (of length `mask + 1`) and drops the bounds checks.
                let mut slot = (h >> shift) as usize & mask;
                let entry = loop {
                    let entry = slots[slot];
                    if keys.get(entry as usize) == Some(&key) {
                        break entry;
                    }
                    slot = (slot + 1) & mask;
                };
                // Branch-free from here: the key is written at the next id's entry whether
                // or not the word is new (no slot refers to that entry unless it is), and the
                // slot is written with what it holds if the word was there.
                let new = entry == 0;
                // `next` if new (entry 0 - 1 wraps to all ones), else entry - 1 (below `next`):
                // a minimum, which the compiler keeps branch-free.
                let id = entry.wrapping_sub(1).min(next);
                match keys.get_mut(next as usize + 1) {
                    Some(e) => *e = key,
                    // Every id taken: only a known word may follow (the layout's bound on the
                    // words makes a new one unreachable; refuse rather than guess).
                    None if new => return Err(Error::InputTooLong),
                    None => {}
                }
                slots[slot] = id + 1;
                *at_k = id;
                next += u32::from(new);
                if next as usize > grow_at {
                    // Half full: the table doubles, and the loop resumes after the word.
                    k += 1;
                    self.next = next;
                    self.grow();
                    continue 'table;
                }
                k += 1;
            }
            self.next = next;
        }
        Ok(())
    }

    /// A word of 16 bytes or more at `text[i..]` (rare in prose): copied lowercased to the
    /// arena's free tail and interned there. Returns its id and end.
    #[cold]
    #[inline(never)]
    fn intern_long(&mut self, text: &[u8], i: usize) -> Result<(u32, usize), Error> {
        let word = text.get(i..).unwrap_or(&[]);
        let len = word
            .iter()
            .position(|&b| !b.is_ascii_alphanumeric())
            .unwrap_or(word.len());
        let tail = self.tail().get_mut(..len).ok_or(Error::InputTooLong)?;
        for (d, &b) in tail.iter_mut().zip(word) {
            *d = b.to_ascii_lowercase();
        }
        let id = self.intern_tail(len).ok_or(Error::InputTooLong)?;
        Ok((id, i + len))
    }

    /// Doubles the slots in use and re-inserts every word (hashed again from its key, or from
    /// the arena for a long word).
    #[cold]
    fn grow(&mut self) {
        self.live *= 2;
        let live = &mut self.slots[..self.live];
        live.fill(0);
        let (mask, shift) = (self.live - 1, 64 - self.live.trailing_zeros());
        for (id, &key) in self.keys[1..=self.next as usize].iter().enumerate() {
            let h = if key[1] & LONG == LONG {
                let s = key[0] as usize;
                word_hash(&self.arena[s..s + (key[1] & !LONG) as usize])
            } else {
                key_hash(key)
            };
            let mut slot = (h >> shift) as usize;
            while live[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            live[slot] = id as u32 + 1;
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
