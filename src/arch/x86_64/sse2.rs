//! The 16-byte text helpers with SSE2 (part of every x86_64 target, so chosen at compile
//! time): the same names and signatures as their portable (SWAR) twins in `arch::portable`,
//! which document what each computes. Signed byte compares make the range tests (bytes of
//! 0x80 and above are negative, so in no range) and `movemask` gathers a bit per byte.

use super::super::BlockBits;
use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si64, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128,
    _mm_storeu_si128, _mm_unpackhi_epi64,
};

/// `v` with bit 5 set in every byte (its letters lowercased; digits have the bit), and all
/// ones in the bytes of `v` that are ASCII letters or digits: two signed range compares per
/// class. Shared by [`classify`] and [`clean_block`].
#[inline(always)]
fn word_bytes(v: __m128i) -> (__m128i, __m128i) {
    // SAFETY: SSE2 is enabled at compile time for this target (this module is only compiled
    // for such targets, whose every CPU has it).
    unsafe {
        let l = _mm_or_si128(v, _mm_set1_epi8(0x20));
        let letter = _mm_and_si128(
            _mm_cmpgt_epi8(l, _mm_set1_epi8(0x60)),
            _mm_cmpgt_epi8(_mm_set1_epi8(0x7B), l),
        );
        let digit = _mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8(0x2F)),
            _mm_cmpgt_epi8(_mm_set1_epi8(0x3A), v),
        );
        (l, _mm_or_si128(letter, digit))
    }
}

/// `arch::portable::classify` with SSE2.
#[inline(always)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn classify(c0: u64, c1: u64) -> (u32, u32) {
    // SAFETY: calling a `target_feature` function is safe exactly when the CPU has the
    // feature; this module is only compiled for targets that enable SSE2, whose every CPU has
    // it.
    unsafe { classify_sse2(c0, c1) }
}

/// [`classify`]'s body: a `target_feature` function, not `inline(always)`, so that the
/// compiler weighs its inlining as it does any call's.
#[target_feature(enable = "sse2")]
#[cfg_attr(not(test), allow(dead_code))]
fn classify_sse2(c0: u64, c1: u64) -> (u32, u32) {
    let v = _mm_set_epi64x(c1 as i64, c0 as i64);
    let word = _mm_movemask_epi8(word_bytes(v).1) as u32;
    let nl = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8))) as u32;
    (word, nl)
}

/// `arch::portable::newlines_and_odd` with SSE2.
#[inline(always)]
pub(crate) fn newlines_and_odd(c0: u64, c1: u64) -> (u32, u32) {
    // SAFETY: SSE2 is enabled at compile time for this target (see `word_bytes`).
    unsafe {
        let v = _mm_set_epi64x(c1 as i64, c0 as i64);
        let nl = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8))) as u32;
        let nul = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u32;
        (nl, nul | _mm_movemask_epi8(v) as u32)
    }
}

/// `arch::portable::clean_block` with SSE2: the compares of [`classify`], whose all-ones
/// bytes also select the word bytes.
#[inline(always)]
pub(crate) fn clean_block(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    // SAFETY: as in `classify`: SSE2 is enabled at compile time for this target.
    unsafe { clean_block_sse2(block, clean) }
}

/// [`clean_block`]'s body (a `target_feature` function, as [`classify_sse2`]).
#[target_feature(enable = "sse2")]
fn clean_block_sse2(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    let mut bits = BlockBits::default();
    for (k, (c, d)) in block
        .chunks_exact(16)
        .zip(clean.chunks_exact_mut(16))
        .enumerate()
    {
        // SAFETY: SSE2 is enabled at compile time for this target (see `word_bytes`); `c` and
        // `d` are 16 bytes each, and the unaligned load and store touch just them.
        unsafe {
            let v = _mm_loadu_si128(c.as_ptr().cast::<__m128i>());
            let (l, w) = word_bytes(v);
            _mm_storeu_si128(d.as_mut_ptr().cast::<__m128i>(), _mm_and_si128(l, w));
            let nl = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
            let odd = _mm_or_si128(v, _mm_cmpeq_epi8(v, _mm_setzero_si128()));
            bits.words |= (_mm_movemask_epi8(w) as u32 as u64) << (16 * k);
            bits.newlines |= (_mm_movemask_epi8(nl) as u32 as u64) << (16 * k);
            bits.odd |= (_mm_movemask_epi8(odd) as u32 as u64) << (16 * k);
        }
    }
    bits
}

/// Per word length below 16, the bytes of a 16-byte load it keeps, and its length at byte 15:
/// a key is `(load & keep) | length`.
const KEY_PARTS: [[[u8; 16]; 2]; 16] = {
    let mut t = [[[0u8; 16]; 2]; 16];
    let mut len = 0;
    while len < 16 {
        let mut k = 0;
        while k < len {
            t[len][0][k] = 0xFF;
            k += 1;
        }
        t[len][1][15] = len as u8;
        len += 1;
    }
    t
};

/// `arch::portable::Key` in a vector register: making, comparing and storing it take a few
/// vector operations, not a dozen on its two halves.
#[derive(Clone, Copy)]
pub(crate) struct Key(__m128i);

impl Key {
    /// `arch::portable::Key::of` with SSE2.
    #[inline(always)]
    pub(crate) fn of(bytes: &[u8; 16]) -> Option<Key> {
        // SAFETY: SSE2 is enabled at compile time for this target (see `word_bytes`); each
        // load reads 16 bytes of an array of 16.
        unsafe {
            let v = _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>());
            let zeros = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u32;
            let [keep, length] = KEY_PARTS.get((zeros | 1 << 16).trailing_zeros() as usize)?;
            let keep = _mm_loadu_si128(keep.as_ptr().cast::<__m128i>());
            let length = _mm_loadu_si128(length.as_ptr().cast::<__m128i>());
            Some(Key(_mm_or_si128(_mm_and_si128(v, keep), length)))
        }
    }

    /// The two halves (bytes 0..8 and 8..16).
    #[inline(always)]
    pub(crate) fn halves(self) -> [u64; 2] {
        // SAFETY: SSE2 is enabled at compile time for this target (see `word_bytes`).
        unsafe {
            [
                _mm_cvtsi128_si64(self.0) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64,
            ]
        }
    }

    /// Writes the key to the first two words of `entry`.
    #[inline(always)]
    pub(crate) fn store(self, entry: &mut [u64; 6]) {
        // SAFETY: SSE2 is enabled at compile time for this target; the store writes 16 bytes
        // of the 48 of `entry`.
        unsafe { _mm_storeu_si128(entry.as_mut_ptr().cast::<__m128i>(), self.0) }
    }

    /// Whether the first two words of `entry` are the key.
    #[inline(always)]
    pub(crate) fn is_at(self, entry: &[u64; 6]) -> bool {
        // SAFETY: SSE2 is enabled at compile time for this target; the load reads 16 bytes of
        // the 48 of `entry`.
        unsafe {
            let e = _mm_loadu_si128(entry.as_ptr().cast::<__m128i>());
            _mm_movemask_epi8(_mm_cmpeq_epi8(e, self.0)) == 0xFFFF
        }
    }
}
