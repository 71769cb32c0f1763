//! The LCS block loops on AVX-512 (F and DQ), in `asm!` so that they build with the crate's
//! minimum Rust (the AVX-512 intrinsics and target features are stable from 1.89 only): the
//! same names and signatures as their portable twins in `arch::portable`, which document what
//! each computes and are the oracle of their tests.
//!
//! One 512-row block is one zmm register and a text token updates it with the same formula
//! (Hyyrö 2004), the carries between its eight 64-bit lanes resolved in mask registers as a
//! carry-lookahead adder: with `g` the lanes whose addition overflows and `p` those whose sum
//! is all ones (they pass an incoming carry on), the lanes receiving a carry are the bits of
//! `t ^ p` with `t = (g << 1) + p + c_in`, and bit 8 of `t` is the carry out of the block (the
//! technique of SIMD big-number addition; rapidfuzz's bit-parallel kernels use SIMD across
//! strings instead). The kernels add the carry to the lanes of `t` itself, without the `^ p`
//! (one mask operation fewer a block and step; the mask unit is what limits them): the two
//! differ only in `p` lanes, and a `p` lane is one where V is all ones and V & M is zero (as
//! V & M is a subset of V, V + (V & M) is all ones only so), so V' = s | (V & !M) is all ones
//! there whatever `s` is.
//!
//! Each block ends with `vzeroupper`, which zeroes the upper halves of zmm0-15 only: the
//! zmm16-31 it used are zeroed first (`vpxord`, an AVX-512 F zeroing idiom). Left non-zero,
//! they keep the upper state dirty after the call for as long as nothing writes them, and on
//! Intel cores a dirty upper state makes the caller's later code pay: non-VEX SSE instructions
//! (the crate's baseline code, libc's) merge into the full register (a false dependency each),
//! and 128- and 256-bit instructions may be treated as 512-bit ones for the turbo licence and
//! port 1. AMD's Zen 4 has neither cost (measured: the same speed with and without).

use super::super::LCS_TABLE_WORDS;
use core::arch::asm;

use super::super::portable::QUAD_MIN_TEXT;

/// The steps of `lcs::wavefront::quad_pass` with all four blocks: j from 3 to e - 1 (e = n - 8: the
/// loop reads token j + 8 ahead), block h at token j - h. On entry `carries[2]`,
/// `carries[1]`, `carries[0]` hold the carries out of A at token 2, B at 1, C at 0 (the
/// carries into B, C, D at the first step) and `carries[j]` (j >= 3) the carry into A at
/// j; on return `carries[j]` holds D's carry out at j for j < e - 3, and C's, B's, A's at
/// e - 3, e - 2, e - 1 (the rest as on entry).
///
/// # Safety
/// The CPU supports AVX-512 F and DQ and the OS has enabled them (`super::avx512_available`); every
/// token is below `masks.len()`.
pub(crate) unsafe fn quad_loop(
    text: &[u32],
    masks: &[u64],
    tables: &[u64; 4 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 4],
) {
    let n = text.len().min(carries.len());
    if n < QUAD_MIN_TEXT {
        return;
    }
    // rcx: j (from 3); rax: a token, a carry; r8-r11: the byte offsets of the rows of
    // A-D at the step (read a step ahead). zmm0/16/19/22: V of A/B/C/D;
    // zmm2/17/20/23: V & M; zmm3/18/21/24: the sums; zmm1: all ones (-1). k1: lanes
    // overflowing, then receiving a carry; k2: lanes summing to all ones; k3: p + carry
    // in (the three reused by every block: renamed); k4/k5/k6: the carry out of A/B/C
    // (into B/C/D at the next step); k7: D's carry out. The blocks are written D first
    // so that each reads the previous step's carry before the block above overwrites it.
    // Only zmm0-3, zmm16-24 and k1-7 are used: caller-saved in every x86_64 ABI.
    // SAFETY: the loads are within `text`/`carries` (0 <= j - 3 < j + 8 < n), `masks`
    // (the tokens are below its length; 2-byte fields of an 8-byte word; a prefetch
    // never faults), the tables (ids clamped to 512: rows of 64 bytes, table h at byte
    // offset 32832 * h, 513 rows each); the stores within `carries` (j - 3 and
    // e - 3..e) and `v`.
    unsafe {
        asm!(
            "vmovdqu64 zmm0, zmmword ptr [{v}]",
            "vmovdqu64 zmm16, zmmword ptr [{v} + 64]",
            "vmovdqu64 zmm19, zmmword ptr [{v} + 128]",
            "vmovdqu64 zmm22, zmmword ptr [{v} + 192]",
            "vpternlogd zmm1, zmm1, zmm1, 0xff",
            "movzx eax, byte ptr [{carries} + 2]",
            "kmovw k4, eax",
            "movzx eax, byte ptr [{carries} + 1]",
            "kmovw k5, eax",
            "movzx eax, byte ptr [{carries}]",
            "kmovw k6, eax",
            // The rows of the first step (j = 3): block h at token 3 - h.
            "mov eax, dword ptr [{text} + 12]",
            "movzx r8d, word ptr [{masks} + 8*rax]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm25, zmmword ptr [{tables} + r8]",
            "mov eax, dword ptr [{text} + 8]",
            "movzx r9d, word ptr [{masks} + 8*rax + 2]",
            "cmp r9, 512",
            "cmova r9, {zero}",
            "shl r9, 6",
            "vmovdqu64 zmm26, zmmword ptr [{tables} + r9 + 32832]",
            "mov eax, dword ptr [{text} + 4]",
            "movzx r10d, word ptr [{masks} + 8*rax + 4]",
            "cmp r10, 512",
            "cmova r10, {zero}",
            "shl r10, 6",
            "vmovdqu64 zmm27, zmmword ptr [{tables} + r10 + 65664]",
            "mov eax, dword ptr [{text}]",
            "movzx r11d, word ptr [{masks} + 8*rax + 6]",
            "cmp r11, 512",
            "cmova r11, {zero}",
            "shl r11, 6",
            "vmovdqu64 zmm28, zmmword ptr [{tables} + r11 + 98496]",
            "2:",
            // u = V & M for the four blocks, rows loaded the step before.
            "vpandq zmm23, zmm22, zmm28",
            "vpandq zmm20, zmm19, zmm27",
            "vpandq zmm17, zmm16, zmm26",
            "vpandq zmm2, zmm0, zmm25",
            // The ids of token j + 8 into L1 (`masks` is 8 bytes a vocabulary entry: mostly
            // L2-resident): software prefetch (Intel 64 and IA-32 optimization reference manual,
            // "software prefetching").
            "mov eax, dword ptr [{text} + 4*rcx + 32]",
            "prefetcht0 [{masks} + 8*rax]",
            // The rows of the next step (block h at token j + 1 - h), loaded into zmm25-28 a
            // step ahead of the vector operations that use them.
            "mov eax, dword ptr [{text} + 4*rcx + 4]",
            "movzx r8d, word ptr [{masks} + 8*rax]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm25, zmmword ptr [{tables} + r8]",
            "mov eax, dword ptr [{text} + 4*rcx]",
            "movzx r9d, word ptr [{masks} + 8*rax + 2]",
            "cmp r9, 512",
            "cmova r9, {zero}",
            "shl r9, 6",
            "vmovdqu64 zmm26, zmmword ptr [{tables} + r9 + 32832]",
            "mov eax, dword ptr [{text} + 4*rcx - 4]",
            "movzx r10d, word ptr [{masks} + 8*rax + 4]",
            "cmp r10, 512",
            "cmova r10, {zero}",
            "shl r10, 6",
            "vmovdqu64 zmm27, zmmword ptr [{tables} + r10 + 65664]",
            "mov eax, dword ptr [{text} + 4*rcx - 8]",
            "movzx r11d, word ptr [{masks} + 8*rax + 6]",
            "cmp r11, 512",
            "cmova r11, {zero}",
            "shl r11, 6",
            "vmovdqu64 zmm28, zmmword ptr [{tables} + r11 + 98496]",
            // D at token j - 3, carry in k6, out to carries[j - 3].
            "vpaddq zmm24, zmm22, zmm23",
            "vpcmpuq k1, zmm24, zmm22, 1",
            "vpcmpeqq k2, zmm24, zmm1",
            "kaddw k3, k2, k6",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm24 {{k1}}, zmm24, zmm1",
            "vpternlogq zmm22, zmm24, zmm23, 0xde",
            "kshiftrw k7, k1, 8",
            "kmovw eax, k7",
            "mov byte ptr [{carries} + rcx - 3], al",
            // C at token j - 2, carry in k5, out k6.
            "vpaddq zmm21, zmm19, zmm20",
            "vpcmpuq k1, zmm21, zmm19, 1",
            "vpcmpeqq k2, zmm21, zmm1",
            "kaddw k3, k2, k5",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm21 {{k1}}, zmm21, zmm1",
            "vpternlogq zmm19, zmm21, zmm20, 0xde",
            "kshiftrw k6, k1, 8",
            // B at token j - 1, carry in k4, out k5.
            "vpaddq zmm18, zmm16, zmm17",
            "vpcmpuq k1, zmm18, zmm16, 1",
            "vpcmpeqq k2, zmm18, zmm1",
            "kaddw k3, k2, k4",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm18 {{k1}}, zmm18, zmm1",
            "vpternlogq zmm16, zmm18, zmm17, 0xde",
            "kshiftrw k5, k1, 8",
            // A at token j, carry in carries[j], out k4.
            "vpaddq zmm3, zmm0, zmm2",
            "vpcmpuq k1, zmm3, zmm0, 1",
            "vpcmpeqq k2, zmm3, zmm1",
            "movzx eax, byte ptr [{carries} + rcx]",
            "kmovw k3, eax",
            "kaddw k3, k3, k2",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm3 {{k1}}, zmm3, zmm1",
            "vpternlogq zmm0, zmm3, zmm2, 0xde",
            "kshiftrw k4, k1, 8",
            "inc rcx",
            "cmp rcx, {n}",
            "jb 2b",
            "kmovw eax, k4",
            "mov byte ptr [{carries} + rcx - 1], al",
            "kmovw eax, k5",
            "mov byte ptr [{carries} + rcx - 2], al",
            "kmovw eax, k6",
            "mov byte ptr [{carries} + rcx - 3], al",
            "vmovdqu64 zmmword ptr [{v}], zmm0",
            "vmovdqu64 zmmword ptr [{v} + 64], zmm16",
            "vmovdqu64 zmmword ptr [{v} + 128], zmm19",
            "vmovdqu64 zmmword ptr [{v} + 192], zmm22",
            // Clean upper halves on the way out (see the module doc).
            "vpxord zmm16, zmm16, zmm16",
            "vpxord zmm17, zmm17, zmm17",
            "vpxord zmm18, zmm18, zmm18",
            "vpxord zmm19, zmm19, zmm19",
            "vpxord zmm20, zmm20, zmm20",
            "vpxord zmm21, zmm21, zmm21",
            "vpxord zmm22, zmm22, zmm22",
            "vpxord zmm23, zmm23, zmm23",
            "vpxord zmm24, zmm24, zmm24",
            "vpxord zmm25, zmm25, zmm25",
            "vpxord zmm26, zmm26, zmm26",
            "vpxord zmm27, zmm27, zmm27",
            "vpxord zmm28, zmm28, zmm28",
            "vzeroupper",
            v = in(reg) v.as_mut_ptr(),
            text = in(reg) text.as_ptr(),
            masks = in(reg) masks.as_ptr(),
            tables = in(reg) tables.as_ptr(),
            carries = in(reg) carries.as_mut_ptr(),
            n = in(reg) n - 8,
            zero = in(reg) 0usize,
            inout("rcx") 3usize => _,
            // Not `lateout` (as the clobbers are): no input shares them.
            out("rax") _,
            out("r8") _,
            out("r9") _,
            out("r10") _,
            out("r11") _,
            clobber_abi("C"),
            options(nostack),
        );
    }
}

/// [`quad_loop`] with a fifth block E (the rows after D's, 1 to 512 of them) at token
/// j - 4, its ids in `local` and its table the fifth: j from 4 to e - 1 (e = n - 8). On
/// entry `carries[3]`, `carries[2]`, `carries[1]`, `carries[0]` hold the carries out of A
/// at token 3, B at 2, C at 1, D at 0 (into B, C, D, E at the first step) and `carries[j]`
/// (j >= 4) the carry into A at j; on return `carries[j]` holds E's carry out at j for
/// j < e - 4, and D's, C's, B's, A's at e - 4, e - 3, e - 2, e - 1.
///
/// # Safety
/// The CPU supports AVX-512 F and DQ and the OS has enabled them (`super::avx512_available`); every
/// token is below `masks.len()` and `local.len()`.
pub(crate) unsafe fn quint_loop(
    text: &[u32],
    masks: &[u64],
    local: &[u32],
    tables: &[u64; 5 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 5],
) {
    let n = text.len().min(carries.len());
    if n < QUAD_MIN_TEXT {
        return;
    }
    // As in `quad_loop`, plus: zmm29/30/31: V, V & M and the sum of E; k7: D's carry out
    // (E's carry in at the next step); r10: the byte offset of E's row (read at the step,
    // from `local`); r8 holds each of A-D's row offsets in turn. E is written first, so
    // that it reads D's carry of the previous step before D overwrites it. zmm29-31 are
    // caller-saved in every x86_64 ABI too.
    // SAFETY: the loads are within `text`/`carries` (0 <= j - 4 < j + 8 < n), `masks` and
    // `local` (the tokens are below their lengths; a prefetch never faults), the tables
    // (ids clamped to 512: rows of 64 bytes, table h at byte offset 32832 * h, 513 rows
    // each, five tables); the stores within `carries` (j - 4 and e - 4..e) and `v`.
    unsafe {
        asm!(
            "vmovdqu64 zmm0, zmmword ptr [{v}]",
            "vmovdqu64 zmm16, zmmword ptr [{v} + 64]",
            "vmovdqu64 zmm19, zmmword ptr [{v} + 128]",
            "vmovdqu64 zmm22, zmmword ptr [{v} + 192]",
            "vmovdqu64 zmm29, zmmword ptr [{v} + 256]",
            "vpternlogd zmm1, zmm1, zmm1, 0xff",
            "movzx eax, byte ptr [{carries} + 3]",
            "kmovw k4, eax",
            "movzx eax, byte ptr [{carries} + 2]",
            "kmovw k5, eax",
            "movzx eax, byte ptr [{carries} + 1]",
            "kmovw k6, eax",
            "movzx eax, byte ptr [{carries}]",
            "kmovw k7, eax",
            // The rows of the first step (j = 4): block h at token 4 - h.
            "mov eax, dword ptr [{text} + 16]",
            "movzx r8d, word ptr [{masks} + 8*rax]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm25, zmmword ptr [{tables} + r8]",
            "mov eax, dword ptr [{text} + 12]",
            "movzx r8d, word ptr [{masks} + 8*rax + 2]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm26, zmmword ptr [{tables} + r8 + 32832]",
            "mov eax, dword ptr [{text} + 8]",
            "movzx r8d, word ptr [{masks} + 8*rax + 4]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm27, zmmword ptr [{tables} + r8 + 65664]",
            "mov eax, dword ptr [{text} + 4]",
            "movzx r8d, word ptr [{masks} + 8*rax + 6]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm28, zmmword ptr [{tables} + r8 + 98496]",
            "2:",
            "vpandq zmm23, zmm22, zmm28",
            "vpandq zmm20, zmm19, zmm27",
            "vpandq zmm17, zmm16, zmm26",
            "vpandq zmm2, zmm0, zmm25",
            // E's row, at token j - 4.
            "mov eax, dword ptr [{text} + 4*rcx - 16]",
            "mov r10d, dword ptr [{local} + 4*rax]",
            "cmp r10, 512",
            "cmova r10, {zero}",
            "shl r10, 6",
            "vpandq zmm30, zmm29, zmmword ptr [{tables} + r10 + 131328]",
            "mov eax, dword ptr [{text} + 4*rcx + 32]",
            "prefetcht0 [{masks} + 8*rax]",
            // The rows of the next step (block h at token j + 1 - h).
            "mov eax, dword ptr [{text} + 4*rcx + 4]",
            "movzx r8d, word ptr [{masks} + 8*rax]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm25, zmmword ptr [{tables} + r8]",
            "mov eax, dword ptr [{text} + 4*rcx]",
            "movzx r8d, word ptr [{masks} + 8*rax + 2]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm26, zmmword ptr [{tables} + r8 + 32832]",
            "mov eax, dword ptr [{text} + 4*rcx - 4]",
            "movzx r8d, word ptr [{masks} + 8*rax + 4]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm27, zmmword ptr [{tables} + r8 + 65664]",
            "mov eax, dword ptr [{text} + 4*rcx - 8]",
            "movzx r8d, word ptr [{masks} + 8*rax + 6]",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "shl r8, 6",
            "vmovdqu64 zmm28, zmmword ptr [{tables} + r8 + 98496]",
            // E at token j - 4, carry in k7, out to carries[j - 4].
            "vpaddq zmm31, zmm29, zmm30",
            "vpcmpuq k1, zmm31, zmm29, 1",
            "vpcmpeqq k2, zmm31, zmm1",
            "kaddw k3, k2, k7",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm31 {{k1}}, zmm31, zmm1",
            "vpternlogq zmm29, zmm31, zmm30, 0xde",
            "kshiftrw k3, k1, 8",
            "kmovw eax, k3",
            "mov byte ptr [{carries} + rcx - 4], al",
            // D at token j - 3, carry in k6, out k7.
            "vpaddq zmm24, zmm22, zmm23",
            "vpcmpuq k1, zmm24, zmm22, 1",
            "vpcmpeqq k2, zmm24, zmm1",
            "kaddw k3, k2, k6",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm24 {{k1}}, zmm24, zmm1",
            "vpternlogq zmm22, zmm24, zmm23, 0xde",
            "kshiftrw k7, k1, 8",
            // C at token j - 2, carry in k5, out k6.
            "vpaddq zmm21, zmm19, zmm20",
            "vpcmpuq k1, zmm21, zmm19, 1",
            "vpcmpeqq k2, zmm21, zmm1",
            "kaddw k3, k2, k5",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm21 {{k1}}, zmm21, zmm1",
            "vpternlogq zmm19, zmm21, zmm20, 0xde",
            "kshiftrw k6, k1, 8",
            // B at token j - 1, carry in k4, out k5.
            "vpaddq zmm18, zmm16, zmm17",
            "vpcmpuq k1, zmm18, zmm16, 1",
            "vpcmpeqq k2, zmm18, zmm1",
            "kaddw k3, k2, k4",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm18 {{k1}}, zmm18, zmm1",
            "vpternlogq zmm16, zmm18, zmm17, 0xde",
            "kshiftrw k5, k1, 8",
            // A at token j, carry in carries[j], out k4.
            "vpaddq zmm3, zmm0, zmm2",
            "vpcmpuq k1, zmm3, zmm0, 1",
            "vpcmpeqq k2, zmm3, zmm1",
            "movzx eax, byte ptr [{carries} + rcx]",
            "kmovw k3, eax",
            "kaddw k3, k3, k2",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "vpsubq zmm3 {{k1}}, zmm3, zmm1",
            "vpternlogq zmm0, zmm3, zmm2, 0xde",
            "kshiftrw k4, k1, 8",
            "inc rcx",
            "cmp rcx, {n}",
            "jb 2b",
            "kmovw eax, k4",
            "mov byte ptr [{carries} + rcx - 1], al",
            "kmovw eax, k5",
            "mov byte ptr [{carries} + rcx - 2], al",
            "kmovw eax, k6",
            "mov byte ptr [{carries} + rcx - 3], al",
            "kmovw eax, k7",
            "mov byte ptr [{carries} + rcx - 4], al",
            "vmovdqu64 zmmword ptr [{v}], zmm0",
            "vmovdqu64 zmmword ptr [{v} + 64], zmm16",
            "vmovdqu64 zmmword ptr [{v} + 128], zmm19",
            "vmovdqu64 zmmword ptr [{v} + 192], zmm22",
            "vmovdqu64 zmmword ptr [{v} + 256], zmm29",
            // Clean upper halves on the way out (see the module doc).
            "vpxord zmm16, zmm16, zmm16",
            "vpxord zmm17, zmm17, zmm17",
            "vpxord zmm18, zmm18, zmm18",
            "vpxord zmm19, zmm19, zmm19",
            "vpxord zmm20, zmm20, zmm20",
            "vpxord zmm21, zmm21, zmm21",
            "vpxord zmm22, zmm22, zmm22",
            "vpxord zmm23, zmm23, zmm23",
            "vpxord zmm24, zmm24, zmm24",
            "vpxord zmm25, zmm25, zmm25",
            "vpxord zmm26, zmm26, zmm26",
            "vpxord zmm27, zmm27, zmm27",
            "vpxord zmm28, zmm28, zmm28",
            "vpxord zmm29, zmm29, zmm29",
            "vpxord zmm30, zmm30, zmm30",
            "vpxord zmm31, zmm31, zmm31",
            "vzeroupper",
            v = in(reg) v.as_mut_ptr(),
            text = in(reg) text.as_ptr(),
            masks = in(reg) masks.as_ptr(),
            local = in(reg) local.as_ptr(),
            tables = in(reg) tables.as_ptr(),
            carries = in(reg) carries.as_mut_ptr(),
            n = in(reg) n - 8,
            zero = in(reg) 0usize,
            inout("rcx") 4usize => _,
            // Not `lateout` (as the clobbers are): no input shares them.
            out("rax") _,
            out("r8") _,
            out("r10") _,
            clobber_abi("C"),
            options(nostack),
        );
    }
}

/// The steps of `lcs::wavefront::pair_pass` with both blocks: A at tokens 1..n, B at 0..n - 1. On
/// entry `carries[0]` holds A's carry out at token 0 and `carries[j]` (j >= 1) the carry
/// into A at j; on return `carries[j]` (j < n - 1) holds B's carry out at j and
/// `carries[n - 1]` A's carry out at n - 1 (the carry into B there).
///
/// # Safety
/// The CPU supports AVX-512 F and DQ and the OS has enabled them (`super::avx512_available`); every
/// token is below `local.len()`.
pub(crate) unsafe fn pair_loop(
    text: &[u32],
    local: &[u32],
    tables: &[u64; 2 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 2],
) {
    let n = text.len().min(carries.len());
    if n < 2 {
        return;
    }
    // rcx: j (from 1); rax: a token, A's id, a carry; rdx: the previous token's ids, B's id;
    // r8: A's row. zmm0/zmm16: V of A/B; zmm1: all ones (-1); zmm2/zmm17: V & M;
    // zmm3/zmm18: the sums. k1/k5: lanes overflowing (then receiving a carry) of A/B,
    // k2/k6: lanes summing to all ones, k3/k7: p + carry in, k4: the carry into B.
    // Only zmm0-3, zmm16-18 and k1-7 are used: caller-saved in every x86_64 ABI.
    // SAFETY: the loads are within `text`/`carries` (0 <= j - 1 < j < n), `local` (the
    // tokens are below its length), the tables (ids clamped to 512: rows of 64 bytes,
    // B's table at byte offset 8 * TABLE_WORDS = 32832, 513 rows each); the stores
    // within `carries` and `v`.
    unsafe {
        asm!(
            "vmovdqu64 zmm0, zmmword ptr [{v}]",
            "vmovdqu64 zmm16, zmmword ptr [{v} + 64]",
            "vpternlogd zmm1, zmm1, zmm1, 0xff",
            "movzx eax, byte ptr [{carries}]",
            "kmovw k4, eax",
            "mov edx, dword ptr [{text}]",
            "mov edx, dword ptr [{local} + 4*rdx]",
            "2:",
            "mov eax, dword ptr [{text} + 4*rcx]",
            "mov eax, dword ptr [{local} + 4*rax]",
            "movzx r8d, ax",
            "shr edx, 16",
            "cmp r8, 512",
            "cmova r8, {zero}",
            "cmp rdx, 512",
            "cmova rdx, {zero}",
            "shl r8, 6",
            "shl rdx, 6",
            "vpandq zmm2, zmm0, zmmword ptr [{tables} + r8]",
            "vpandq zmm17, zmm16, zmmword ptr [{tables} + rdx + 32832]",
            "mov edx, eax",
            "vpaddq zmm3, zmm0, zmm2",
            "vpaddq zmm18, zmm16, zmm17",
            "vpcmpuq k1, zmm3, zmm0, 1",
            "vpcmpeqq k2, zmm3, zmm1",
            "vpcmpuq k5, zmm18, zmm16, 1",
            "vpcmpeqq k6, zmm18, zmm1",
            "movzx eax, byte ptr [{carries} + rcx]",
            "kmovw k3, eax",
            "kaddw k3, k3, k2",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            "kaddw k7, k6, k4",
            "kshiftlw k5, k5, 1",
            "kaddw k5, k5, k7",
            "vpsubq zmm3 {{k1}}, zmm3, zmm1",
            "vpsubq zmm18 {{k5}}, zmm18, zmm1",
            "vpternlogq zmm0, zmm3, zmm2, 0xde",
            "vpternlogq zmm16, zmm18, zmm17, 0xde",
            "kshiftrw k4, k1, 8",
            "kshiftrw k5, k5, 8",
            "kmovw eax, k5",
            "mov byte ptr [{carries} + rcx - 1], al",
            "inc rcx",
            "cmp rcx, {n}",
            "jb 2b",
            "kmovw eax, k4",
            "mov byte ptr [{carries} + rcx - 1], al",
            "vmovdqu64 zmmword ptr [{v}], zmm0",
            "vmovdqu64 zmmword ptr [{v} + 64], zmm16",
            // Clean upper halves on the way out (see the module doc).
            "vpxord zmm16, zmm16, zmm16",
            "vpxord zmm17, zmm17, zmm17",
            "vpxord zmm18, zmm18, zmm18",
            "vzeroupper",
            v = in(reg) v.as_mut_ptr(),
            text = in(reg) text.as_ptr(),
            local = in(reg) local.as_ptr(),
            tables = in(reg) tables.as_ptr(),
            carries = in(reg) carries.as_mut_ptr(),
            n = in(reg) n,
            zero = in(reg) 0usize,
            inout("rcx") 1usize => _,
            // Not `lateout` (as the clobbers are): no input shares them.
            out("rax") _,
            out("rdx") _,
            out("r8") _,
            clobber_abi("C"),
            options(nostack),
        );
    }
}

/// Runs the 8-word block `v` over `text` (masks `table[local[t]]`), the carry into the
/// block at position j read from `carries[j]` and the carry out written there. Returns
/// how many tokens it processed: all unless a token is not below `local.len()` or its id
/// not below `table.len()`, where it stops (the caller's checked loop takes over).
///
/// # Safety
/// The CPU supports AVX-512 F and DQ and the OS has enabled them (`super::avx512_available`).
pub(crate) unsafe fn block_loop(
    text: &[u32],
    local: &[u32],
    table: &[[u64; 8]],
    carries: &mut [u8],
    v: &mut [u64; 8],
) -> usize {
    let n = text.len().min(carries.len());
    if n == 0 {
        return 0;
    }
    let mut j = 0usize;
    // rcx: j; rax: the token, its id, a carry.
    // zmm0: V; zmm1: all ones (also -1 in every lane); zmm2: V & M; zmm3: the sum.
    // k1: lanes overflowing, then receiving a carry; k2: lanes summing to all ones;
    // k3: p + carry in. Only zmm0-3 and k1-3 are used: caller-saved in every x86_64 ABI.
    // SAFETY: every load is within `text`/`carries` (j < n), `local` (t < local.len())
    // or `table` (id < table.len(), 64 bytes a row), and the stores within `carries` and
    // `v`.
    unsafe {
        asm!(
            "vmovdqu64 zmm0, zmmword ptr [{v}]",
            "vpternlogd zmm1, zmm1, zmm1, 0xff",
            "2:",
            "mov eax, dword ptr [{text} + 4*rcx]",
            "cmp rax, {local_len}",
            "jae 3f",
            "mov eax, dword ptr [{local} + 4*rax]",
            "cmp rax, {rows}",
            "jae 3f",
            "shl rax, 6",
            // u = V & M; s = V + u.
            "vpandq zmm2, zmm0, zmmword ptr [{table} + rax]",
            "vpaddq zmm3, zmm0, zmm2",
            // g: s < V (unsigned); p: s == all ones.
            "vpcmpuq k1, zmm3, zmm0, 1",
            "vpcmpeqq k2, zmm3, zmm1",
            "movzx eax, byte ptr [{carries} + rcx]",
            "kmovw k3, eax",
            "kaddw k3, k3, k2",
            "kshiftlw k1, k1, 1",
            "kaddw k1, k1, k3",
            // s += 1 in the lanes of t (those receiving a carry, and the all-ones ones,
            // which the next line makes all ones anyway); V' = s | (V ^ u).
            "vpsubq zmm3 {{k1}}, zmm3, zmm1",
            "vpternlogq zmm0, zmm3, zmm2, 0xde",
            "kshiftrw k1, k1, 8",
            "kmovw eax, k1",
            "mov byte ptr [{carries} + rcx], al",
            "inc rcx",
            "cmp rcx, {n}",
            "jb 2b",
            "3:",
            "vmovdqu64 zmmword ptr [{v}], zmm0",
            "vzeroupper",
            v = in(reg) v.as_mut_ptr(),
            text = in(reg) text.as_ptr(),
            local = in(reg) local.as_ptr(),
            local_len = in(reg) local.len(),
            table = in(reg) table.as_ptr(),
            rows = in(reg) table.len(),
            carries = in(reg) carries.as_mut_ptr(),
            n = in(reg) n,
            inout("rcx") j,
            // Not `lateout` (as the clobbers are): no input shares it.
            out("rax") _,
            // The vector and mask registers as a call clobbers them (all the ones used
            // here, whatever features the caller was built with).
            clobber_abi("C"),
            options(nostack),
        );
    }
    j
}
