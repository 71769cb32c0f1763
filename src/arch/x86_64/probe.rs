//! The direct ASCII tokeniser's word keys and hashes 8 at a time in AVX-512 registers (F, DQ,
//! BW, VL, CD), for `text::vocab`'s scalar probe-and-insert, which takes the 8 words in order
//! with them. The first step of the vectorised hash-table probe of Polychroniou, Raghavan and
//! Ross, "Rethinking SIMD vectorization for in-memory databases" (SIGMOD 2015); its next
//! steps (the home slots and the keys they name gathered and compared, only the words not
//! found taken by the scalar loop) were measured slower here and left out (`benches/README.md`,
//! "The interning lookups in vector registers"). `arch::GroupLookup` documents the contract;
//! `arch::NoGroups` (the scalar loop alone, its keys made one by one) is its oracle in the
//! tests.
//!
//! Written with the AVX-512 intrinsics, stable from Rust 1.89: compiled only with them
//! (`cfg(rouge_avx512_intrinsics)`, set by `build.rs`).

#![cfg(rouge_avx512_intrinsics)]
// Above the crate's minimum Rust on purpose: only compiled where `build.rs` found 1.89 or later.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use super::super::{GroupKeys, GroupLookup};

/// The hash multiplier of `text::vocab::key_hash` (golden ratio).
const HASH_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// [`GroupLookup`] with AVX-512: only made where the CPU has AVX-512 F, DQ, BW, VL and CD.
#[derive(Clone, Copy)]
pub(crate) struct Avx512Groups(());

impl Avx512Groups {
    /// # Safety
    /// The CPU supports AVX-512 F, DQ, BW, VL and CD and the OS has enabled them
    /// (`Features::short_text_avx512`).
    #[inline(always)]
    pub(crate) unsafe fn new() -> Avx512Groups {
        Avx512Groups(())
    }
}

impl GroupLookup for Avx512Groups {
    const GROUPS: bool = true;

    #[inline(always)]
    fn keys8(self, at: &[u32; 8], clean: &[u8], out: &mut GroupKeys) -> Option<u8> {
        // SAFETY: an `Avx512Groups` exists only where the features were detected (`new`).
        unsafe { keys8(at, clean, out) }
    }
}

/// [`GroupLookup::keys8`].
///
/// A word's key from two 8-byte gathers at its start: the classic zero-byte test
/// (`(x - 0x01..) & !x & 0x80..`, exact at the first zero byte) gives `t`, the bytes below the
/// first zero are `!t & (t - 1)` (all when there is none), and `lzcnt` of that counts them.
///
/// # Safety
/// The CPU supports AVX-512 F, DQ, BW, VL and CD and the OS has enabled them.
#[target_feature(enable = "avx2,avx512f,avx512dq,avx512bw,avx512vl,avx512cd")]
#[inline]
unsafe fn keys8(at: &[u32; 8], clean: &[u8], out: &mut GroupKeys) -> Option<u8> {
    // The gathers take signed 32-bit indices: positions up to the last 16 bytes of `clean`
    // and below 2^31.
    let last = clean.len().checked_sub(16)?.min(i32::MAX as usize) as u32;
    // SAFETY (of each intrinsic below): the features are enabled (the caller's contract);
    // every load and store is in range as commented.
    unsafe {
        // 32 bytes of the 32 of `at`.
        let pos = _mm256_loadu_si256(at.as_ptr().cast());
        if _mm256_cmpgt_epu32_mask(pos, _mm256_set1_epi32(last as i32)) != 0 {
            return None;
        }
        // Every position is at most `clean.len() - 16`: bytes p..p + 16 are in `clean`.
        let base = clean.as_ptr().cast::<i64>();
        let lo = _mm512_i32gather_epi64::<1>(pos, base);
        let hi = _mm512_i32gather_epi64::<1>(pos, base.byte_add(8));
        let ones = _mm512_set1_epi64(0x0101_0101_0101_0101);
        let high = _mm512_set1_epi64(0x8080_8080_8080_8080u64 as i64);
        let one = _mm512_set1_epi64(1);
        let t_lo = _mm512_and_si512(_mm512_andnot_si512(lo, _mm512_sub_epi64(lo, ones)), high);
        let t_hi = _mm512_and_si512(_mm512_andnot_si512(hi, _mm512_sub_epi64(hi, ones)), high);
        // Lanes whose first 8 bytes are all word bytes: the word goes on into `hi`.
        let lo_full = _mm512_testn_epi64_mask(t_lo, t_lo);
        let long = lo_full & _mm512_testn_epi64_mask(t_hi, t_hi);
        if long != 0 {
            return Some(long);
        }
        let keep_lo = _mm512_andnot_si512(t_lo, _mm512_sub_epi64(t_lo, one));
        let keep_hi = _mm512_maskz_andnot_epi64(lo_full, t_hi, _mm512_sub_epi64(t_hi, one));
        // Bits kept: 8 * len + 7 for a zero at byte len of a half, 64 for none, 0 for none
        // kept; their sum over both halves, / 8, is the word's length.
        let lz = _mm512_add_epi64(_mm512_lzcnt_epi64(keep_lo), _mm512_lzcnt_epi64(keep_hi));
        let len = _mm512_srli_epi64::<3>(_mm512_sub_epi64(_mm512_set1_epi64(128), lz));
        let key_lo = _mm512_and_si512(lo, keep_lo);
        let key_hi = _mm512_or_si512(_mm512_and_si512(hi, keep_hi), _mm512_slli_epi64::<56>(len));
        let hash = _mm512_mullo_epi64(
            _mm512_xor_si512(key_lo, _mm512_rol_epi64::<32>(key_hi)),
            _mm512_set1_epi64(HASH_MUL as i64),
        );
        // 64 bytes into each array of 8 u64 (aligned: `GroupKeys` is).
        _mm512_store_si512(out.lo.as_mut_ptr().cast(), key_lo);
        _mm512_store_si512(out.hi.as_mut_ptr().cast(), key_hi);
        _mm512_store_si512(out.hash.as_mut_ptr().cast(), hash);
        Some(0)
    }
}
