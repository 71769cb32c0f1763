//! Exact interning of 64-bit keys into dense ids `0..len`, in an open-addressing table that
//! lives in caller scratch. Keys are compared in full, so two different keys never share an id.

use crate::Error;

/// Marks an empty slot.
const EMPTY: u32 = u32::MAX;

/// Slots a table needs for `entries` distinct keys: a power of two, at most two thirds full
/// (linear probing stays short there, and the table is the largest part of a long pair's
/// scratch).
pub(crate) fn capacity_for(entries: usize) -> Option<usize> {
    entries
        .checked_add(entries / 2)?
        .max(8)
        .checked_next_power_of_two()
}

/// The id of `key` in a table filled by an [`Interner`] over `keys` and `ids`, if interned.
/// The probe is bounded: a table in caller memory may have been overwritten, and a table with
/// no empty slot (which an [`Interner`] never leaves) or of a length that is not a power of
/// two is `Err(InvalidArgument)` instead of an endless loop.
#[inline]
pub(crate) fn lookup(keys: &[u64], ids: &[u32], key: u64) -> Result<Option<u32>, Error> {
    let slots = ids.len();
    if !slots.is_power_of_two() || keys.len() != slots {
        return Err(Error::InvalidArgument);
    }
    let mask = slots - 1;
    let shift = 64 - slots.trailing_zeros();
    let mut slot = key
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .checked_shr(shift)
        .unwrap_or(0) as usize;
    for _ in 0..slots {
        let id = ids[slot & mask];
        if id == EMPTY {
            return Ok(None);
        }
        if keys[slot & mask] == key {
            return Ok(Some(id));
        }
        slot = (slot + 1) & mask;
    }
    Err(Error::InvalidArgument)
}

pub(crate) struct Interner<'a> {
    keys: &'a mut [u64],
    ids: &'a mut [u32],
    /// Slots in use: a power-of-two prefix of `ids` (see [`Interner::clear_for`]).
    live: usize,
    shift: u32,
    next: u32,
}

impl<'a> Interner<'a> {
    /// `keys` and `ids` have the same power-of-two length; every slot is in use.
    pub(crate) fn new(keys: &'a mut [u64], ids: &'a mut [u32]) -> Self {
        let mut t = Interner::unready(keys, ids);
        t.clear_for(usize::MAX);
        t
    }

    /// [`Interner::new`] without clearing: [`Interner::clear_for`] must come before
    /// any use (a call that reuses the table for tables of different sizes clears it each time).
    pub(crate) fn unready(keys: &'a mut [u64], ids: &'a mut [u32]) -> Self {
        debug_assert!(ids.len().is_power_of_two() && keys.len() == ids.len());
        Interner {
            keys,
            ids,
            live: 0,
            shift: 64,
            next: 0,
        }
    }

    /// The id of `key`, if it was interned.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        lookup(&self.keys[..self.live], &self.ids[..self.live], key).unwrap_or(None)
    }

    /// Forgets every key and uses only as many slots as `entries` distinct keys need (at most
    /// all of them): a smaller table to clear and to keep in cache. At most `entries` keys
    /// may be interned until the next clear.
    pub(crate) fn clear_for(&mut self, entries: usize) {
        self.live = capacity_for(entries).map_or(self.ids.len(), |c| c.min(self.ids.len()));
        self.ids[..self.live].fill(EMPTY);
        self.shift = 64 - self.live.trailing_zeros();
        self.next = 0;
    }

    /// Number of distinct keys seen since the last clear.
    pub(crate) fn len(&self) -> usize {
        self.next as usize
    }

    /// The id of `key`, assigning the next free id when it is new.
    #[inline]
    pub(crate) fn intern(&mut self, key: u64) -> u32 {
        let mask = self.live - 1;
        // Fibonacci hashing: the top bits of the product depend on every key bit.
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let id = self.ids[slot];
            if id == EMPTY {
                self.keys[slot] = key;
                self.ids[slot] = self.next;
                self.next += 1;
                return self.next - 1;
            }
            if self.keys[slot] == key {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// An interning table whose slot is one word: `(id + 1) << key_bits | key`, 0 for empty, for
/// keys of at most `key_bits` bits and ids below `2^(64 - key_bits) - 1`. Short pairs intern
/// every token and n-gram through it, and with one word a slot the probe needs no branch on
/// whether the key is new: an empty slot and a slot holding the key both end it, and the slot
/// is then written either way (a new key gets the next id, a known one rewrites its own
/// word). The one branch left (the slot holds another key) is rare at the table's load of at
/// most two thirds, so the new-or-known outcome, which is data and mispredicted about half the
/// time as a branch, costs nothing (the branch-free "select" idiom; the layout is the packed
/// key-value slot of e.g. Swiss tables' single-word variants).
pub(crate) struct Packed<'a> {
    slots: &'a mut [u64],
    shift: u32,
    key_bits: u32,
    key_mask: u64,
    /// The id field of the next new key, `(id + 1) << key_bits`, kept shifted.
    next_field: u64,
    /// `1 << key_bits`: one id in the id field.
    one: u64,
}

impl<'a> Packed<'a> {
    /// A cleared table over a prefix of `slots` (a power of two, at least [`capacity_for`]
    /// `entries`): twice that capacity when `slots` has it, else all of it (so a batch, whose
    /// table is sized for its largest pair, clears no more for a short pair than a single call
    /// would). The lower load
    /// shortens the probes, mostly of keys that are absent (linear probing takes about
    /// (1 + 1/(1-a)^2)/2 probes to miss at load a, Knuth TAOCP 3, 6.4), and every collision is
    /// a mispredicted branch, for a few more words to clear (measured on short pairs: twice
    /// the capacity already took a fifth off the time of ROUGE-2's bigram level). At most `entries` keys may be interned; `key_bits` in `1..64` and ids must stay
    /// below `2^(64 - key_bits) - 1`.
    pub(crate) fn new(slots: &'a mut [u64], entries: usize, key_bits: u32) -> Self {
        debug_assert!(slots.len().is_power_of_two() && (1..64).contains(&key_bits));
        let live = capacity_for(entries)
            .and_then(|c| c.checked_mul(2))
            .map_or(slots.len(), |c| c.min(slots.len()));
        // live <= slots.len() (`get_mut`: no panic path).
        let slots = slots.get_mut(..live).unwrap_or_default();
        slots.fill(0);
        Packed {
            slots,
            shift: 64 - live.trailing_zeros(),
            key_bits,
            key_mask: (1u64 << key_bits) - 1,
            next_field: 1u64 << key_bits,
            one: 1u64 << key_bits,
        }
    }

    /// The slot holding `key` or the empty slot where it would go.
    #[inline(always)]
    fn probe(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the top bits of the product depend on every key bit.
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            // A slot past the end (none is: the slot is masked) would read as empty, so that
            // the probe has no panic path.
            let s = self.slots.get(slot).copied().unwrap_or(0);
            // Empty (s == 0) or holding the key (x == 0), tested as min(s, x) == 0: one branch
            // for both ways out (the compiler splits `(s == 0) | (x == 0)` into two).
            let x = (s & self.key_mask) ^ key;
            if s.min(x) == 0 {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The id of `key`, assigning the next free id when it is new.
    #[inline(always)]
    pub(crate) fn intern(&mut self, key: u64) -> u32 {
        let slot = self.probe(key);
        let s = self.slots[slot];
        let new = u64::from(s == 0);
        // s is 0 when the key is new: OR in its word, masked by all ones exactly then.
        let word = s | ((self.next_field | key) & new.wrapping_neg());
        self.slots[slot] = word;
        self.next_field += self.one & new.wrapping_neg();
        ((word >> self.key_bits) - 1) as u32
    }

    /// The id of `key`, or `u32::MAX` when it was not interned (the empty slot's word, 0,
    /// reads as id `0 - 1`).
    #[inline(always)]
    pub(crate) fn get_or_max(&self, key: u64) -> u32 {
        let s = self.slots[self.probe(key)];
        (s >> self.key_bits).wrapping_sub(1) as u32
    }

    /// Number of distinct keys interned.
    pub(crate) fn len(&self) -> usize {
        ((self.next_field >> self.key_bits) - 1) as usize
    }

    /// Counts one occurrence of `key` in the slot itself, its upper field holding the count
    /// plus one (so that a slot counted down to 0 is still not empty): a table used this way
    /// gives no ids and must not be mixed with [`Packed::intern`]. Without a branch on whether
    /// the key is new, as `intern`: an empty slot becomes `2 << key_bits | key`, a known one
    /// gains one. Counts stay below `2^(64 - key_bits) - 1` when at most `entries` keys are
    /// counted.
    #[inline(always)]
    pub(crate) fn count(&mut self, key: u64) {
        let (one, slot) = (self.one, self.probe(key));
        // The slot is in range (`get_mut`: no panic path).
        if let Some(s) = self.slots.get_mut(slot) {
            let new = u64::from(*s == 0).wrapping_neg();
            *s = *s + one + ((one | key) & new);
        }
    }

    /// Takes one of `key`'s [`Packed::count`]s when any is left: returns 1 and counts it down,
    /// else returns 0 (a key never counted finds an empty slot, whose word 0 it writes back).
    /// Summed over a sequence, the clipped overlap min(count here, count there) of each key.
    #[inline(always)]
    pub(crate) fn take(&mut self, key: u64) -> u64 {
        let (one, key_bits, slot) = (self.one, self.key_bits, self.probe(key));
        match self.slots.get_mut(slot) {
            Some(s) => {
                let take = u64::from(*s >> key_bits > 1);
                *s -= one & take.wrapping_neg();
                take
            }
            None => 0,
        }
    }
}

/// A counting table for 64-bit keys of any value (a key and a count a slot, in two arrays):
/// [`Packed::count`] and [`Packed::take`] for keys too wide to share a word with their count.
/// A slot's count is its key's count plus one, 0 for empty, so that only the counts need
/// clearing and a slot counted down to 0 stays occupied.
pub(crate) struct Counter<'a> {
    keys: &'a mut [u64],
    counts: &'a mut [u32],
    shift: u32,
}

impl<'a> Counter<'a> {
    /// A cleared table over prefixes of `keys` and `counts` (the same power-of-two length, at
    /// least [`capacity_for`] `entries`), twice that capacity when they have it, as
    /// [`Packed::new`]. At most `entries` keys may be counted, each at most `u32::MAX - 2`
    /// times.
    pub(crate) fn new(keys: &'a mut [u64], counts: &'a mut [u32], entries: usize) -> Self {
        debug_assert!(counts.len().is_power_of_two() && keys.len() == counts.len());
        let len = counts.len().min(keys.len());
        let live = capacity_for(entries)
            .and_then(|c| c.checked_mul(2))
            .map_or(len, |c| c.min(len));
        // live <= both lengths (`get_mut`: no panic path; an empty table, never made, would
        // read every slot as empty and count nothing).
        let keys = keys.get_mut(..live).unwrap_or_default();
        let counts = counts.get_mut(..live).unwrap_or_default();
        counts.fill(0);
        Counter {
            keys,
            counts,
            shift: 64 - live.trailing_zeros(),
        }
    }

    /// The slot holding `key` or the empty slot where it would go.
    #[inline(always)]
    fn probe(&self, key: u64) -> usize {
        let mask = self.counts.len() - 1;
        // Fibonacci hashing, as `Packed`.
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            // Past the end (never: the slot is masked) reads as empty: no panic path.
            let c = self.counts.get(slot).map_or(0, |&c| u64::from(c));
            let k = self.keys.get(slot).copied().unwrap_or(key);
            // Empty (c == 0) or holding the key: one branch for both, as `Packed::probe`.
            if c.min(k ^ key) == 0 {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Counts one occurrence of `key` (no branch on whether it is new).
    #[inline(always)]
    pub(crate) fn count(&mut self, key: u64) {
        let slot = self.probe(key);
        // The slot is in range (`get_mut`: no panic path).
        if let (Some(k), Some(c)) = (self.keys.get_mut(slot), self.counts.get_mut(slot)) {
            *k = key;
            *c += 1 + u32::from(*c == 0);
        }
    }

    /// Takes one of `key`'s counts when any is left (returns 1), else returns 0.
    #[inline(always)]
    pub(crate) fn take(&mut self, key: u64) -> u64 {
        let slot = self.probe(key);
        match self.counts.get_mut(slot) {
            Some(c) => {
                let take = u32::from(*c > 1);
                *c -= take;
                u64::from(take)
            }
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_intern_assigns_dense_exact_ids() {
        let cap = capacity_for(100).unwrap();
        let mut keys = vec![0u64; cap];
        let mut ids = vec![0u32; cap];
        let mut t = Interner::new(&mut keys, &mut ids);
        let input: Vec<u64> = (0..100u64).map(|i| (i % 37) << 40 | (i % 5)).collect();
        let got: Vec<u32> = input.iter().map(|&k| t.intern(k)).collect();
        for i in 0..input.len() {
            for j in 0..input.len() {
                assert_eq!(input[i] == input[j], got[i] == got[j]);
            }
        }
        assert_eq!(t.len(), *got.iter().max().unwrap() as usize + 1);
    }

    #[test]
    fn test_packed_assigns_dense_exact_ids_and_finds_them() {
        for key_bits in [8u32, 32, 42] {
            let entries = 200;
            // Dirty slots: `new` must clear what it uses.
            let mut slots = vec![!0u64; capacity_for(entries).unwrap()];
            let mut t = Packed::new(&mut slots, entries, key_bits);
            let top = (1u64 << key_bits) - 1;
            // Keys at both ends of the range (0 and all ones included), many colliding.
            let input: Vec<u64> = (0..entries as u64)
                .map(|i| {
                    if i % 2 == 0 {
                        (i * 7) % 60
                    } else {
                        top - (i % 50)
                    }
                })
                .collect();
            let got: Vec<u32> = input.iter().map(|&k| t.intern(k)).collect();
            for i in 0..input.len() {
                for j in 0..input.len() {
                    assert_eq!(input[i] == input[j], got[i] == got[j]);
                }
                assert_eq!(t.get_or_max(input[i]), got[i]);
            }
            // Ids are dense in order of first appearance.
            let mut next = 0;
            for &g in &got {
                assert!(g <= next);
                next = next.max(g + 1);
            }
            assert_eq!(t.len(), next as usize);
            assert_eq!(t.get_or_max(61), u32::MAX);
            assert_eq!(t.get_or_max(top - 51), u32::MAX);
        }
    }

    /// [`Counter`]: the same sums with full 64-bit keys (all ones and 0 included), on dirty
    /// keys and counts.
    #[test]
    fn test_counter_count_take_is_clipped_overlap() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        for case in 0..200 {
            let (na, nb) = (next(300) as usize, next(300) as usize);
            let spread = [2u64, 7, 40, 500][case % 4];
            let mut key = || match next(spread) {
                0 => 0,
                1 => u64::MAX,
                k => k.wrapping_mul(0x0123_4567_89ab_cdef) ^ (k << 32),
            };
            let a: Vec<u64> = (0..na).map(|_| key()).collect();
            let b: Vec<u64> = (0..nb).map(|_| key()).collect();
            let slots = capacity_for(300).unwrap() * 2;
            let (mut keys, mut counts) = (vec![!0u64; slots], vec![!0u32; slots]);
            let mut t = Counter::new(&mut keys, &mut counts, na);
            for &k in &a {
                t.count(k);
            }
            let hits: u64 = b.iter().map(|&k| t.take(k)).sum();
            let mut distinct = a.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let expected: usize = distinct
                .iter()
                .map(|k| {
                    let ca = a.iter().filter(|&x| x == k).count();
                    ca.min(b.iter().filter(|&x| x == k).count())
                })
                .sum();
            assert_eq!(hits, expected as u64, "case {case}");
        }
    }

    /// `count` then `take` sum min(count in a, count in b) over the keys, against a direct
    /// count, with keys at both ends of the range and many collisions, on dirty slots.
    #[test]
    fn test_packed_count_take_is_clipped_overlap() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        for key_bits in [4u32, 20, 42] {
            let top = (1u64 << key_bits) - 1;
            for case in 0..50 {
                let (na, nb) = (next(300) as usize, next(300) as usize);
                let spread = [3u64, 16, 200][case % 3].min(top + 1);
                let mut key = || {
                    let k = next(spread);
                    if k % 2 == 0 {
                        k
                    } else {
                        top - k
                    }
                };
                let a: Vec<u64> = (0..na).map(|_| key()).collect();
                let b: Vec<u64> = (0..nb).map(|_| key()).collect();
                let mut slots = vec![!0u64; capacity_for(300).unwrap() * 2];
                let mut t = Packed::new(&mut slots, na, key_bits);
                for &k in &a {
                    t.count(k);
                }
                let hits: u64 = b.iter().map(|&k| t.take(k)).sum();
                let mut expected = 0u64;
                let mut keys: Vec<u64> = a.clone();
                keys.sort_unstable();
                keys.dedup();
                for k in keys {
                    let ca = a.iter().filter(|&&x| x == k).count();
                    let cb = b.iter().filter(|&&x| x == k).count();
                    expected += ca.min(cb) as u64;
                }
                assert_eq!(hits, expected, "key_bits {key_bits} case {case}");
            }
        }
    }
}
