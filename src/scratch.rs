//! Carving typed slices out of the caller's `u64` scratch.
//!
//! The layouts in `pair.rs` count their regions with [`Size`] and carve them with [`Carver`]
//! from the same description, so the size query and the call cannot disagree.

use crate::Error;

/// Counts words, checking for overflow.
#[derive(Clone, Copy, Default)]
pub(crate) struct Size {
    pub(crate) words: usize,
    pub(crate) overflow: bool,
}

impl Size {
    pub(crate) fn add_u64(&mut self, n: Option<usize>) {
        match n.and_then(|n| self.words.checked_add(n)) {
            Some(w) => self.words = w,
            None => self.overflow = true,
        }
    }
    pub(crate) fn add_u8(&mut self, n: Option<usize>) {
        self.add_u64(n.map(|n| n.div_ceil(8)));
    }
    pub(crate) fn add_u32(&mut self, n: Option<usize>) {
        self.add_u64(n.map(|n| n.div_ceil(2)));
    }
    pub(crate) fn add_usize(&mut self, n: Option<usize>) {
        let per_word = 8 / core::mem::size_of::<usize>();
        self.add_u64(n.map(|n| n.div_ceil(per_word)));
    }
    pub(crate) fn finish(self) -> Result<usize, Error> {
        if self.overflow {
            Err(Error::InputTooLong)
        } else {
            Ok(self.words)
        }
    }
}

/// Hands out consecutive regions of the scratch.
pub(crate) struct Carver<'a> {
    rest: &'a mut [u64],
}

impl<'a> Carver<'a> {
    pub(crate) fn new(scratch: &'a mut [u64]) -> Self {
        Carver { rest: scratch }
    }

    pub(crate) fn u64s(&mut self, n: usize) -> &'a mut [u64] {
        let rest = core::mem::take(&mut self.rest);
        let (head, tail) = rest.split_at_mut(n);
        self.rest = tail;
        head
    }

    pub(crate) fn u32s(&mut self, n: usize) -> &'a mut [u32] {
        let words = self.u64s(n.div_ceil(2));
        // SAFETY: the region is `n.div_ceil(2)` exclusively borrowed words, so `n` u32s fit in
        // it; u32 has no invalid bit patterns and an alignment (4) that divides u64's (8).
        // (A cast rather than `align_to_mut`, whose run-time alignment computation is an
        // out-of-line call per region: about a twentieth of a short pair's scoring.)
        unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u32>(), n) }
    }

    pub(crate) fn u8s(&mut self, n: usize) -> &'a mut [u8] {
        let words = self.u64s(n.div_ceil(8));
        // SAFETY: `n` bytes fit in the `n.div_ceil(8)` exclusively borrowed words; u8 has no
        // invalid bit patterns and alignment 1.
        unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), n) }
    }

    pub(crate) fn usizes(&mut self, n: usize) -> &'a mut [usize] {
        let per_word = 8 / core::mem::size_of::<usize>();
        let words = self.u64s(n.div_ceil(per_word));
        // SAFETY: `n` usizes (4 or 8 bytes) fit in the `n.div_ceil(per_word)` exclusively
        // borrowed words; usize has no invalid bit patterns and an alignment that divides u64's.
        unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<usize>(), n) }
    }

    pub(crate) fn f64s(&mut self, n: usize) -> &'a mut [f64] {
        let words = self.u64s(n);
        // SAFETY: f64 has the size and alignment of u64 and every bit pattern is a valid f64;
        // the `n` words are exclusively borrowed.
        unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<f64>(), n) }
    }
}
