//! Exact interning of 64-bit keys into dense ids `0..len`, in an open-addressing table that
//! lives in caller scratch. Keys are compared in full, so two different keys never share an id.

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
#[inline]
pub(crate) fn lookup(keys: &[u64], ids: &[u32], key: u64) -> Option<u32> {
    let mask = ids.len() - 1;
    let shift = 64 - ids.len().trailing_zeros();
    let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize;
    loop {
        let id = ids[slot];
        if id == EMPTY {
            return None;
        }
        if keys[slot] == key {
            return Some(id);
        }
        slot = (slot + 1) & mask;
    }
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
        t.clear();
        t
    }

    /// [`Interner::new`] without clearing: [`Interner::clear_for`] (or `clear`) must come before
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
        lookup(&self.keys[..self.live], &self.ids[..self.live], key)
    }

    /// Forgets every key.
    pub(crate) fn clear(&mut self) {
        self.clear_for(usize::MAX);
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
}
