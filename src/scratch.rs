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
        // SAFETY: u32 has no invalid bit patterns and an alignment (4) that divides u64's (8),
        // so the middle part covers the whole region and the prefix and suffix are empty.
        let (pre, mid, _) = unsafe { words.align_to_mut::<u32>() };
        debug_assert!(pre.is_empty());
        &mut mid[..n]
    }

    pub(crate) fn u8s(&mut self, n: usize) -> &'a mut [u8] {
        let words = self.u64s(n.div_ceil(8));
        // SAFETY: u8 has no invalid bit patterns and alignment 1.
        let (pre, mid, _) = unsafe { words.align_to_mut::<u8>() };
        debug_assert!(pre.is_empty());
        &mut mid[..n]
    }

    pub(crate) fn usizes(&mut self, n: usize) -> &'a mut [usize] {
        let per_word = 8 / core::mem::size_of::<usize>();
        let words = self.u64s(n.div_ceil(per_word));
        // SAFETY: usize (4 or 8 bytes) has no invalid bit patterns and an alignment that
        // divides u64's, so the middle part covers the whole region.
        let (pre, mid, _) = unsafe { words.align_to_mut::<usize>() };
        debug_assert!(pre.is_empty());
        &mut mid[..n]
    }

    pub(crate) fn f64s(&mut self, n: usize) -> &'a mut [f64] {
        let words = self.u64s(n);
        // SAFETY: f64 has the size and alignment of u64 and every bit pattern is a valid f64.
        let (pre, mid, _) = unsafe { words.align_to_mut::<f64>() };
        debug_assert!(pre.is_empty());
        mid
    }
}
