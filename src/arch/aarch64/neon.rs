//! The 16-byte text helpers with NEON (part of every aarch64 target, so chosen at compile
//! time): the same names, signatures and results as their portable (SWAR) twins in
//! `arch::portable`, which document what each computes, and as the SSE2 ones on x86_64.
//! Unsigned range compares (`x - lo < width`, wrapping) make the class tests.
//!
//! NEON has no `movemask`. The callers want one bit per byte (byte k to bit k), so the
//! compare results (all ones or zero per byte) are ANDed with the byte's bit weight (1, 2,
//! .., 128, twice) and summed by pairwise adds (`addp`): three rounds turn 16 bytes into 2,
//! and one `addp` round folds two vectors into one, so several masks are gathered together
//! (simdjson's `neon_movemask` and `neon_movemask_bulk`, `arm64/simd.h`). memchr's
//! `aarch64/neon` instead narrows by `shrn` by 4 to a nibble per byte, which suits a
//! first-match search: [`Key::of`] uses it; the classifiers could not without changing every
//! caller's bit layout.

use super::super::BlockBits;
use core::arch::aarch64::{
    uint8x16_t, vaddq_u8, vandq_u8, vceqq_u8, vceqzq_u8, vcgeq_u8, vcltq_u8, vcombine_u64,
    vcreate_u64, vdupq_n_u8, vget_lane_u64, vgetq_lane_u32, vgetq_lane_u64, vld1q_u8, vorrq_u8,
    vreinterpret_u64_u8, vreinterpretq_u16_u8, vreinterpretq_u32_u8, vreinterpretq_u64_u8,
    vreinterpretq_u8_u64, vsetq_lane_u8, vshrn_n_u16, vst1q_u8,
};

/// The bit of each byte in the one-bit-per-byte masks, per half of a vector.
const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
/// 0, 1, .., 15: a byte's position, for [`Key::of`]'s keep mask.
const POSITIONS: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The 16 bytes `c0` (bytes 0..8) and `c1` (8..16) in one vector (little endian: byte k of
/// the pair is lane k).
#[inline(always)]
fn pair(c0: u64, c1: u64) -> uint8x16_t {
    // SAFETY: NEON is enabled at compile time for this target (this module is only compiled
    // for such targets, whose every CPU has it); the intrinsics touch no memory.
    #[allow(unused_unsafe)]
    unsafe {
        vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(c0), vcreate_u64(c1)))
    }
}

/// `v` with bit 5 set in every byte (its letters lowercased; digits have the bit), and all
/// ones in the bytes of `v` that are ASCII letters or digits. Shared by [`classify`] and
/// [`clean_block`].
#[inline(always)]
fn word_bytes(v: uint8x16_t) -> (uint8x16_t, uint8x16_t) {
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    unsafe {
        let l = vorrq_u8(v, vdupq_n_u8(0x20));
        // Bytes of 0x80 and above wrap to 0x1F.. or above and so fall in neither range.
        let letter = vcltq_u8(
            vaddq_u8(l, vdupq_n_u8(0u8.wrapping_sub(b'a'))),
            vdupq_n_u8(26),
        );
        let digit = vcltq_u8(
            vaddq_u8(v, vdupq_n_u8(0u8.wrapping_sub(b'0'))),
            vdupq_n_u8(10),
        );
        (l, vorrq_u8(letter, digit))
    }
}

/// All ones in the bytes of `v` that are `\n`.
#[inline(always)]
fn newline_bytes(v: uint8x16_t) -> uint8x16_t {
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    unsafe {
        vceqq_u8(v, vdupq_n_u8(b'\n'))
    }
}

/// All ones in the bytes of `v` that are 0 or 0x80 and above: `v - 1` (wrapping) is then
/// 0x7F or above.
#[inline(always)]
fn odd_bytes(v: uint8x16_t) -> uint8x16_t {
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    unsafe {
        vcgeq_u8(vaddq_u8(v, vdupq_n_u8(0xFF)), vdupq_n_u8(0x7F))
    }
}

/// `vpaddq_u8` (`addp`, pairwise add) as one instruction. On weighted masks the compiler
/// knows the summands' bits are disjoint, turns the addition into an `or` and then no longer
/// matches `addp`: it emitted `uzp1`, `uzp2` and `orr` for each (seen in the disassembly).
#[inline(always)]
fn addp(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    let sum: uint8x16_t;
    // SAFETY: one register instruction of NEON (enabled at compile time, see `pair`); no
    // memory, no stack, no flags.
    unsafe {
        core::arch::asm!(
            "addp {sum:v}.16b, {a:v}.16b, {b:v}.16b",
            sum = lateout(vreg) sum,
            a = in(vreg) a,
            b = in(vreg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    sum
}

/// Two 16-byte masks (each byte all ones or zero) halved to one vector of pair sums of their
/// weighted bytes: the first round of the bit gathering (see the module comment). Its
/// bytes 0..8 come from `a`, 8..16 from `b`; each holds two bytes' bits.
#[inline(always)]
fn fold(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
    // SAFETY: NEON is enabled at compile time (see `pair`); `WEIGHTS` is 16 bytes.
    #[allow(unused_unsafe)]
    unsafe {
        let w = vld1q_u8(WEIGHTS.as_ptr());
        addp(vandq_u8(a, w), vandq_u8(b, w))
    }
}

/// `arch::portable::classify` with NEON: three `addp` rounds gather both masks, the words'
/// 16 bits in the low half of the result and the newlines' in the high half.
#[inline(always)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn classify(c0: u64, c1: u64) -> (u32, u32) {
    let v = pair(c0, c1);
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    let bits = unsafe {
        let halves = fold(word_bytes(v).1, newline_bytes(v));
        let quarters = addp(halves, halves);
        vgetq_lane_u32(vreinterpretq_u32_u8(addp(quarters, quarters)), 0)
    };
    (bits & 0xFFFF, bits >> 16)
}

/// `arch::portable::newlines_and_odd` with NEON (gathered as in [`classify`]).
#[inline(always)]
pub(crate) fn newlines_and_odd(c0: u64, c1: u64) -> (u32, u32) {
    let v = pair(c0, c1);
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    let bits = unsafe {
        let halves = fold(newline_bytes(v), odd_bytes(v));
        let quarters = addp(halves, halves);
        vgetq_lane_u32(vreinterpretq_u32_u8(addp(quarters, quarters)), 0)
    };
    (bits & 0xFFFF, bits >> 16)
}

/// `arch::portable::clean_block` with NEON: the compares of [`classify`], whose all-ones
/// bytes also select the word bytes; each of the three masks of the four vectors is gathered
/// into 64 bits by `addp` rounds (byte k of the result holds bytes 8k..8k + 8's bits).
#[inline(always)]
pub(crate) fn clean_block(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    let (mut words, mut newlines, mut odd) = ([pair(0, 0); 4], [pair(0, 0); 4], [pair(0, 0); 4]);
    for (k, (c, d)) in block
        .chunks_exact(16)
        .zip(clean.chunks_exact_mut(16))
        .enumerate()
    {
        // SAFETY: NEON is enabled at compile time (see `pair`); `c` and `d` are 16 bytes each,
        // and the load and store touch just them.
        #[allow(unused_unsafe)]
        unsafe {
            let v = vld1q_u8(c.as_ptr());
            let (l, w) = word_bytes(v);
            vst1q_u8(d.as_mut_ptr(), vandq_u8(l, w));
            words[k] = w;
            newlines[k] = newline_bytes(v);
            odd[k] = odd_bytes(v);
        }
    }
    // Each mask's four vectors to 16 bytes of quad sums (bytes 4k..4k + 4 from vector k),
    // then words with newlines, and odd with itself, to 8 bytes each: byte k the bits of the
    // block's bytes 8k..8k + 8, one bit per byte in order.
    let gather = |m: [uint8x16_t; 4]| {
        // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
        #[allow(unused_unsafe)]
        unsafe {
            addp(fold(m[0], m[1]), fold(m[2], m[3]))
        }
    };
    // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
    #[allow(unused_unsafe)]
    unsafe {
        let (w, o) = (gather(words), gather(odd));
        let wn = vreinterpretq_u64_u8(addp(w, gather(newlines)));
        let oo = vreinterpretq_u64_u8(addp(o, o));
        BlockBits {
            words: vgetq_lane_u64(wn, 0),
            newlines: vgetq_lane_u64(wn, 1),
            odd: vgetq_lane_u64(oo, 0),
        }
    }
}

/// `arch::portable::Key` in a vector register: making, comparing and storing it take a few
/// vector operations, not a dozen on its two halves.
#[derive(Clone, Copy)]
pub(crate) struct Key(uint8x16_t);

impl Key {
    /// `arch::portable::Key::of` with NEON: the first 0 byte found by memchr's `shrn` by 4
    /// (the compare narrowed to a nibble per byte in 64 bits: its trailing zeros over 4), the
    /// bytes before it kept and the length put in byte 15 (never kept: the length is below 16).
    #[inline(always)]
    pub(crate) fn of(bytes: &[u8; 16]) -> Option<Key> {
        // SAFETY: NEON is enabled at compile time (see `pair`); each load reads 16 bytes of an
        // array of 16.
        #[allow(unused_unsafe)]
        unsafe {
            let v = vld1q_u8(bytes.as_ptr());
            let zeros = vshrn_n_u16::<4>(vreinterpretq_u16_u8(vceqzq_u8(v)));
            let len = vget_lane_u64::<0>(vreinterpret_u64_u8(zeros)).trailing_zeros() / 4;
            if len >= 16 {
                return None;
            }
            let keep = vcltq_u8(vld1q_u8(POSITIONS.as_ptr()), vdupq_n_u8(len as u8));
            Some(Key(vsetq_lane_u8::<15>(len as u8, vandq_u8(v, keep))))
        }
    }

    /// The two halves (bytes 0..8 and 8..16).
    #[inline(always)]
    pub(crate) fn halves(self) -> [u64; 2] {
        // SAFETY: NEON is enabled at compile time (see `pair`); no memory is touched.
        #[allow(unused_unsafe)]
        unsafe {
            let k = vreinterpretq_u64_u8(self.0);
            [vgetq_lane_u64::<0>(k), vgetq_lane_u64::<1>(k)]
        }
    }

    /// Writes the key to the first two words of `entry`.
    #[inline(always)]
    pub(crate) fn store(self, entry: &mut [u64; 6]) {
        // SAFETY: NEON is enabled at compile time; the store writes 16 bytes of the 48 of
        // `entry`.
        unsafe { vst1q_u8(entry.as_mut_ptr().cast::<u8>(), self.0) }
    }

    /// Whether the first two words of `entry` are the key: the compare narrowed by `shrn`
    /// (as in [`Key::of`]) is all ones.
    #[inline(always)]
    pub(crate) fn is_at(self, entry: &[u64; 6]) -> bool {
        // SAFETY: NEON is enabled at compile time; the load reads 16 bytes of the 48 of
        // `entry`.
        unsafe {
            let e = vld1q_u8(entry.as_ptr().cast::<u8>());
            let eq = vshrn_n_u16::<4>(vreinterpretq_u16_u8(vceqq_u8(e, self.0)));
            vget_lane_u64::<0>(vreinterpret_u64_u8(eq)) == u64::MAX
        }
    }
}
