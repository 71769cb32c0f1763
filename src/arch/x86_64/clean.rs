//! `arch::portable::clean_block` 32 and 64 bytes at a time: with AVX2 (two 32-byte steps, for
//! the x86-64-v3 twin of the short text path) and with AVX-512 BW (one 64-byte step, for an
//! AVX-512 twin). The portable function documents what they compute and is the oracle of
//! their tests (`arch::tests`, `text::tests::fast_path`).
//!
//! Both are `#[inline(always)]` and `unsafe` (the caller vouches for the instruction set), so
//! that they compile into the twin that calls them, inside its block loop; neither carries a
//! `target_feature` of its own. Both use one range test a class (a subtraction that moves the
//! range to the bottom, then one unsigned or signed compare) instead of the SSE2 twin's two
//! compares, and take the bytes that are not plain ASCII as those below 1 in a signed compare
//! (0, and 0x80 and above): one compare.
//!
//! The AVX-512 one is `asm!`: the AVX-512 intrinsics are stable from Rust 1.89 only, and the
//! crate builds with 1.88 (as `avx512.rs`).

use super::super::BlockBits;
use core::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    _mm256_storeu_si256,
};

/// [`clean_block_avx2`]'s 32 bytes at `src` into `dst`: the word, `\n` and odd bits of them.
///
/// # Safety
/// The CPU has AVX2 (see [`clean_block_avx2`]).
#[inline(always)]
unsafe fn clean_32_avx2(src: &[u8; 32], dst: &mut [u8; 32]) -> (u32, u32, u32) {
    // SAFETY: the caller vouches for AVX2; the unaligned load and store touch the 32 bytes of
    // `src` and `dst`.
    unsafe {
        let v = _mm256_loadu_si256(src.as_ptr().cast::<__m256i>());
        let l = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
        // `l` in 0x61..=0x7A (a letter, either case) is `l + 0x1F` in 0x80..=0x99, the 26
        // smallest signed bytes: below -102. Bytes of 0x80 and above land elsewhere.
        let letter = _mm256_cmpgt_epi8(
            _mm256_set1_epi8(-102),
            _mm256_add_epi8(l, _mm256_set1_epi8(0x1F)),
        );
        // `v` in 0x30..=0x39 is `v + 0x50` in 0x80..=0x89: below -118.
        let digit = _mm256_cmpgt_epi8(
            _mm256_set1_epi8(-118),
            _mm256_add_epi8(v, _mm256_set1_epi8(0x50)),
        );
        let w = _mm256_or_si256(letter, digit);
        _mm256_storeu_si256(dst.as_mut_ptr().cast::<__m256i>(), _mm256_and_si256(l, w));
        let nl = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
        // 0 and 0x80.. are the signed bytes below 1.
        let odd = _mm256_cmpgt_epi8(_mm256_set1_epi8(1), v);
        (
            _mm256_movemask_epi8(w) as u32,
            _mm256_movemask_epi8(nl) as u32,
            _mm256_movemask_epi8(odd) as u32,
        )
    }
}

/// `arch::portable::clean_block` with AVX2: two 32-byte steps.
///
/// # Safety
/// The CPU has AVX2. Inlined into a function compiled with it (the x86-64-v3 twin), the
/// intrinsics become single instructions; elsewhere they stay calls (correct, slow).
#[inline(always)]
pub(crate) unsafe fn clean_block_avx2(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    let (lo, hi) = block.split_at(32);
    let (clean_lo, clean_hi) = clean.split_at_mut(32);
    // The halves are 32 bytes each (split at 32 of 64): the conversions cannot fail, and
    // written so they have no panic path.
    let (Ok(lo), Ok(hi), Ok(clean_lo), Ok(clean_hi)) = (
        <&[u8; 32]>::try_from(lo),
        <&[u8; 32]>::try_from(hi),
        <&mut [u8; 32]>::try_from(clean_lo),
        <&mut [u8; 32]>::try_from(clean_hi),
    ) else {
        return BlockBits::default();
    };
    // SAFETY: the caller vouches for AVX2.
    let ((w0, n0, o0), (w1, n1, o1)) =
        unsafe { (clean_32_avx2(lo, clean_lo), clean_32_avx2(hi, clean_hi)) };
    BlockBits {
        words: u64::from(w0) | u64::from(w1) << 32,
        newlines: u64::from(n0) | u64::from(n1) << 32,
        odd: u64::from(o0) | u64::from(o1) << 32,
    }
}

/// The constants of [`clean_block_avx512bw`], 64 bytes each, in the order its `asm!` reads
/// them (offsets 0, 64, ..., 384).
#[repr(C, align(64))]
#[cfg_attr(not(test), allow(dead_code))]
struct Avx512Consts([[u8; 64]; 7]);

#[cfg_attr(not(test), allow(dead_code))]
static AVX512_CONSTS: Avx512Consts = Avx512Consts([
    [0x20; 64],  // bit 5: lowercase a letter (digits have it already)
    [0x61; 64],  // 'a': a lowercased letter minus it is below 26
    [26; 64],    // letters
    [0x30; 64],  // '0': a digit minus it is below 10
    [10; 64],    // digits
    [b'\n'; 64], // newlines
    [1; 64],     // odd bytes: the signed ones below it
]);

/// `arch::portable::clean_block` with AVX-512 BW: one 64-byte step. Each class is a mask
/// register straight from a compare (`vpcmpub`: the byte minus the range's start, unsigned,
/// below its width), the word bytes are kept by a zeroing masked move, and the bits are the
/// masks themselves (`kmovq`), with no `movemask`.
///
/// # Safety
/// The CPU has AVX-512 F and BW and the OS saves their state (as detected for an AVX-512 twin).
/// The function needs no `target_feature` of its caller: it is `asm!`, which names its
/// registers (zmm0-zmm3, k1-k3, declared clobbered) and ends with `vzeroupper`, so that the
/// upper halves it dirtied cost the caller's SSE code nothing (see `avx512.rs`).
#[inline(always)]
// Not called yet outside the tests: the AVX-512 twin of the text path will.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) unsafe fn clean_block_avx512bw(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    let (words, newlines, odd): (u64, u64, u64);
    // SAFETY: the caller vouches for AVX-512 F and BW. The load reads the 64 bytes of
    // `block`, the store writes the 64 of `clean`, and the constants are read within
    // `AVX512_CONSTS` (7 x 64 bytes, aligned to 64). Every register written is an operand or
    // declared clobbered (xmm0-15 for `vzeroupper`, which clears the upper halves of all of
    // them; naming xmm0-3 covers the zmm registers they are part of); no stack, no flags.
    unsafe {
        core::arch::asm!(
            "vmovdqu8 zmm0, zmmword ptr [{block}]",
            // l = v | 0x20 (zmm1); l - 'a' < 26: letters (k1).
            "vpord zmm1, zmm0, zmmword ptr [{c}]",
            "vpsubb zmm2, zmm1, zmmword ptr [{c} + 64]",
            "vpcmpub k1, zmm2, zmmword ptr [{c} + 128], 1",
            // v - '0' < 10: digits (k2); word bytes k1 | k2.
            "vpsubb zmm3, zmm0, zmmword ptr [{c} + 192]",
            "vpcmpub k2, zmm3, zmmword ptr [{c} + 256], 1",
            "korq k1, k1, k2",
            // The word bytes lowercased, the others 0.
            "vmovdqu8 zmm1 {{k1}} {{z}}, zmm1",
            "vmovdqu8 zmmword ptr [{clean}], zmm1",
            // `\n` (k2); odd: signed below 1 (0, and 0x80 and above; k3).
            "vpcmpeqb k2, zmm0, zmmword ptr [{c} + 320]",
            "vpcmpb k3, zmm0, zmmword ptr [{c} + 384], 1",
            "kmovq {words}, k1",
            "kmovq {newlines}, k2",
            "kmovq {odd}, k3",
            "vzeroupper",
            block = in(reg) block.as_ptr(),
            clean = in(reg) clean.as_mut_ptr(),
            c = in(reg) AVX512_CONSTS.0.as_ptr(),
            words = lateout(reg) words,
            newlines = lateout(reg) newlines,
            odd = lateout(reg) odd,
            out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _,
            out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _,
            out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _,
            out("xmm12") _, out("xmm13") _, out("xmm14") _, out("xmm15") _,
            out("k1") _, out("k2") _, out("k3") _,
            options(nostack, preserves_flags),
        );
    }
    BlockBits {
        words,
        newlines,
        odd,
    }
}

/// The bytes 0 to 63, the index vector that [`block_starts_vbmi2`] compresses.
#[repr(C, align(64))]
#[cfg_attr(not(test), allow(dead_code))]
struct Iota([u8; 64]);

#[cfg_attr(not(test), allow(dead_code))]
static IOTA: Iota = Iota({
    let mut a = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        a[i] = i as u8;
        i += 1;
    }
    a
});

/// The word starts of a block as text positions: `base + i` for each set bit `i` of `first`,
/// in order, into the first entries of `room`; the entries after them get junk (the caller
/// counts the starts, `first.count_ones()`, and later starts overwrite the junk, as in
/// `text::vocab::Starts::block`). `first` has at most 32 bits set (a start follows a non-word
/// byte), so 32 entries hold them. `vpcompressb` packs the set bits' indices (a 0..63 byte
/// vector) into the low bytes, `vpmovzxbd` widens them 16 at a time, and two stores write 32
/// entries: a dozen instructions a block against four a start. The bitset decoding of
/// Lemire's "Faster bitset decoding using Intel AVX-512" (blog, 2022-05-10). The twin of
/// `arch::block_starts`; not called yet outside the tests: an AVX-512 twin that detects VBMI2
/// binds it as `with_short_text_features!`'s `starts`.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VBMI2 and the OS saves their state.
#[inline(always)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) unsafe fn block_starts_vbmi2(first: u64, base: u32, room: &mut [u32; 32]) {
    // SAFETY: the caller vouches for AVX-512 F, BW and VBMI2. The load reads the 64 bytes of
    // `IOTA`; the two 64-byte stores write the 128 bytes of `room`. Every register written is
    // declared clobbered (xmm0-15 for `vzeroupper`; see `clean_block_avx512bw`).
    unsafe {
        core::arch::asm!(
            "kmovq k1, {first}",
            "vmovdqu8 zmm4, zmmword ptr [{iota}]",
            "vpcompressb zmm0 {{k1}} {{z}}, zmm4",
            "vpbroadcastd zmm2, {base:e}",
            "vpmovzxbd zmm1, xmm0",
            "vpaddd zmm1, zmm1, zmm2",
            "vmovdqu32 zmmword ptr [{out}], zmm1",
            "vextracti32x4 xmm3, zmm0, 1",
            "vpmovzxbd zmm3, xmm3",
            "vpaddd zmm3, zmm3, zmm2",
            "vmovdqu32 zmmword ptr [{out} + 64], zmm3",
            "vzeroupper",
            first = in(reg) first,
            base = in(reg) base,
            iota = in(reg) IOTA.0.as_ptr(),
            out = in(reg) room.as_mut_ptr(),
            out("xmm0") _, out("xmm1") _, out("xmm2") _, out("xmm3") _,
            out("xmm4") _, out("xmm5") _, out("xmm6") _, out("xmm7") _,
            out("xmm8") _, out("xmm9") _, out("xmm10") _, out("xmm11") _,
            out("xmm12") _, out("xmm13") _, out("xmm14") _, out("xmm15") _,
            out("k1") _,
            options(nostack, preserves_flags),
        );
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::arch::portable;
    use crate::test_rng::Rng;
    use std::io::Write as _;

    /// Says on the test's stderr, which the harness does not capture, that a variant was not
    /// run on this CPU.
    pub(crate) fn say_skipped(what: &str) {
        let _ = writeln!(std::io::stderr(), "skipped: {what} (not on this CPU)");
    }

    /// [`clean_block_avx2`] compiled as in the x86-64-v3 twin (inlined into a function with
    /// AVX2).
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn in_avx2_twin(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
        // SAFETY: the caller vouches for AVX2.
        unsafe { clean_block_avx2(block, clean) }
    }

    /// [`clean_block_avx512bw`] (its `asm!` needs no feature of its caller).
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW.
    pub(crate) unsafe fn avx512bw(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
        // SAFETY: the caller vouches for AVX-512 F and BW.
        unsafe { clean_block_avx512bw(block, clean) }
    }

    /// A block cleaner as the tests pass it.
    pub(crate) type Cleaner = fn(&[u8; 64], &mut [u8; 64]) -> BlockBits;

    /// The variants this CPU has, by name.
    pub(crate) fn variants() -> Vec<(&'static str, Cleaner)> {
        let mut v: Vec<(&'static str, Cleaner)> = vec![];
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 detected just above.
            v.push(("avx2", |b, c| unsafe { in_avx2_twin(b, c) }));
        } else {
            say_skipped("clean_block_avx2");
        }
        if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") {
            // SAFETY: AVX-512 F and BW detected just above.
            v.push(("avx512bw", |b, c| unsafe { avx512bw(b, c) }));
        } else {
            say_skipped("clean_block_avx512bw");
        }
        v
    }

    /// [`block_starts_vbmi2`] as a safe function when the CPU has it (else `None`, saying so).
    pub(crate) fn vbmi2_starts() -> Option<fn(u64, u32, &mut [u32; 32])> {
        if std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi2")
        {
            // SAFETY: AVX-512 F, BW and VBMI2 detected just above.
            Some(|first, base, room| unsafe { block_starts_vbmi2(first, base, room) })
        } else {
            say_skipped("block_starts_vbmi2");
            None
        }
    }

    /// Each variant against `portable::clean_block`: bits and cleaned bytes (the output
    /// filled with junk first, so that every byte must be written).
    fn check(name: &str, f: Cleaner, block: &[u8; 64]) {
        let (mut got, mut want) = ([0xA5u8; 64], [0x5Au8; 64]);
        assert_eq!(
            f(block, &mut got),
            portable::clean_block(block, &mut want),
            "{name} {block:?}"
        );
        assert_eq!(got, want, "{name} {block:?}");
    }

    /// Every byte value at every position of a block (among random neighbours, and among
    /// letters), and random blocks: uniform bytes, and bytes biased to the class edges
    /// (`@ A Z [ ` a z { / 0 9 :`, `\n`, 0, 0x80 and above with bit 5 either way).
    #[test]
    fn test_wide_clean_blocks_match_portable() {
        let variants = variants();
        let mut rng = Rng(0xC1EA_0B10_C0DE_0025);
        let edges = [
            b'@', b'A', b'Z', b'[', b'`', b'a', b'z', b'{', b'/', b'0', b'9', b':', b'\n', 0, 0x80,
            0xC1, 0xE1, 0xFA, 0xFF, 0x7F, b' ',
        ];
        for &(name, f) in &variants {
            for b in 0..=255u8 {
                for k in 0..64 {
                    let mut block = [0u8; 64];
                    block.iter_mut().for_each(|x| *x = rng.next() as u8);
                    block[k] = b;
                    check(name, f, &block);
                    let mut letters = [b'q'; 64];
                    letters[k] = b;
                    check(name, f, &letters);
                }
            }
            for round in 0..100_000 {
                let mut block = [0u8; 64];
                for x in &mut block {
                    *x = if round % 2 == 0 {
                        rng.next() as u8
                    } else {
                        edges[(rng.next() % edges.len() as u64) as usize]
                    };
                }
                check(name, f, &block);
            }
        }
    }

    /// [`block_starts_vbmi2`] against the positions read bit by bit: no starts, one at
    /// every position, 32 alternating, and random masks with no two adjacent bits (as word
    /// starts are), at bases up to the top of the u32 range.
    #[test]
    fn test_block_starts_vbmi2_match_bit_loop() {
        if !(std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi2"))
        {
            say_skipped("block_starts_vbmi2");
            return;
        }
        let mut rng = Rng(0x57A2_75B1_0C4E_0025);
        let mut masks: Vec<u64> = vec![0, 0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA];
        masks.extend((0..64).map(|i| 1u64 << i));
        for _ in 0..100_000 {
            let m = rng.next() & rng.next().wrapping_add(rng.next() % 3);
            masks.push(m & !(m << 1));
        }
        for (k, &first) in masks.iter().enumerate() {
            let base = match k % 3 {
                0 => 0,
                1 => (rng.next() as u32) & !63,
                _ => u32::MAX - 63,
            };
            let want: Vec<u32> = (0..64)
                .filter(|i| first >> i & 1 == 1)
                .map(|i| base.wrapping_add(i))
                .collect();
            let mut room = [0xDEAD_BEEFu32; 32];
            // SAFETY: AVX-512 F, BW and VBMI2 detected above.
            unsafe { block_starts_vbmi2(first, base, &mut room) };
            assert_eq!(&room[..want.len()], &want[..], "{first:#x} at {base}");
        }
    }
}
