//! Carving typed slices out of the caller's `u64` scratch.
//!
//! A layout lists its regions once, as one function generic over a [`Walk`] (as zstd's
//! `zstd_cwksp.h` describes its workspace once): walked with [`Size`] it counts their words,
//! walked with [`Carver`] it hands them out, so the size query and the call cannot disagree
//! (`pair::layout`). The text layouts still count and carve through the methods below.

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

/// One pass over a layout's regions, in order: each region is `len` values of `T` in whole
/// words, and becomes a `Region<T>` (nothing for [`Size`], the slice for [`Carver`]).
pub(crate) trait Walk {
    /// What a region of `T` becomes.
    type Region<T: Plain>;
    /// The next region: `len` values of `T`.
    fn region<T: Plain>(&mut self, len: usize) -> Self::Region<T>;
}

impl Walk for Size {
    type Region<T: Plain> = ();
    #[inline(always)]
    fn region<T: Plain>(&mut self, len: usize) {
        // As `add_u64`, without a branch: a layout walks dozens of regions on every call.
        let (words, overflow) = self.words.overflowing_add(len.div_ceil(8 / size_of::<T>()));
        self.words = words;
        self.overflow |= overflow;
    }
}

impl<'a> Walk for Carver<'a> {
    type Region<T: Plain> = &'a mut [T];
    #[inline(always)]
    fn region<T: Plain>(&mut self, len: usize) -> &'a mut [T] {
        self.plain(len)
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

    /// The next `n` words (fewer past the end: see [`Carver::plain`]).
    pub(crate) fn u64s(&mut self, n: usize) -> &'a mut [u64] {
        let rest = core::mem::take(&mut self.rest);
        let (head, tail) = rest.split_at_mut(n.min(rest.len()));
        self.rest = tail;
        head
    }

    /// Words not handed out yet.
    pub(crate) fn left(&self) -> usize {
        self.rest.len()
    }

    /// The next `n` values of `T`, in whole words. Callers carve only scratch of the size
    /// their layout's [`Size`] walk answered; past the end the region is shorter instead of a
    /// panic path (each carve was one, dozens a call, any of which would abort a C host).
    fn plain<T: Plain>(&mut self, n: usize) -> &'a mut [T] {
        let per_word = 8 / core::mem::size_of::<T>();
        let words = self.u64s(n.div_ceil(per_word));
        let n = n.min(words.len() * per_word);
        // SAFETY: `T` is `Plain`: every bit pattern is a valid `T`, and its size and alignment
        // divide a u64's, so the `words.len() * per_word >= n` values of `T` lie inside the
        // region, aligned, and borrowed from it exclusively for `'a`. A plain cast rather than
        // `align_to_mut`: its alignment arithmetic, in each of a call's dozens of regions, is
        // not needed here (see benches/README.md, "pair").
        unsafe { core::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<T>(), n) }
    }

    pub(crate) fn u32s(&mut self, n: usize) -> &'a mut [u32] {
        self.plain(n)
    }

    pub(crate) fn u8s(&mut self, n: usize) -> &'a mut [u8] {
        self.plain(n)
    }

    pub(crate) fn usizes(&mut self, n: usize) -> &'a mut [usize] {
        self.plain(n)
    }

    pub(crate) fn f64s(&mut self, n: usize) -> &'a mut [f64] {
        self.plain(n)
    }
}

/// Types a scratch word can hold: every bit pattern valid, size and alignment dividing 8.
/// [`Carver::plain`]'s cast is sound for these five only: implement it for no other type.
pub(crate) trait Plain: 'static {}
impl Plain for u8 {}
impl Plain for u64 {}
impl Plain for u32 {}
impl Plain for usize {}
impl Plain for f64 {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_size_walk_counts_whole_words_and_refuses_overflow() {
        let mut s = Size::default();
        s.region::<u32>(3);
        s.region::<u8>(9);
        s.region::<u64>(1);
        s.region::<f64>(0);
        assert_eq!(s.finish(), Ok(2 + 2 + 1));
        let mut s = Size::default();
        s.region::<u64>(usize::MAX);
        s.region::<u8>(16);
        s.region::<u32>(0);
        assert_eq!(s.finish(), Err(Error::InputTooLong));
    }
}
