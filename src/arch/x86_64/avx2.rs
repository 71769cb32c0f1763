//! The LCS block loops on AVX2, in `core::arch` intrinsics: the same names and signatures as
//! their portable twins in `arch::portable`, which document what each computes and are the
//! oracle of their tests.
//!
//! One 512-row block is two ymm registers (four 64-bit words each) and a text token updates it
//! with the same formula (Hyyrö 2004) as the AVX-512 kernels, the carries between its eight
//! words resolved as a carry-lookahead adder: `g` the words whose addition overflows, `p` those
//! whose sum is all ones. AVX2 has no mask registers, so each word's two flags go to a general
//! register as two bits of one `vmovmskps` (a blend puts `p` in the word's low half and `g` in
//! its high half), where one addition resolves the lookahead in base 4 (see [`step`]), and the
//! carries come back as words of 1 from [`LANE_ONES`]. As in the AVX-512 kernels the carry is
//! added to the words of `t` itself (without the `^ p`): a `p` word has V all ones and V & M
//! zero, so V' is all ones there whatever the sum is.
//!
//! A block's step is a chain of about 25 cycles (vector, general register, a table load and
//! back): a lone block runs about as fast as the scalar `adc` chain, and the wavefronts (two to
//! five blocks at once, see `lcs::wavefront`) overlap the chains of their blocks, which is where
//! this pays. Four blocks are still bound by the chains (a fifth adds a tenth to a step, hence
//! `lcs::wavefront_group`); five are not bound by the loop's ~47 instructions a block and step
//! (a loop scheduled by hand in `asm!`, a fifth fewer and nothing spilled, ran no faster:
//! figures, and the other designs tried, in `benches/README.md`).

use super::super::portable::QUAD_MIN_TEXT;
use super::super::LCS_TABLE_WORDS;
use core::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_blend_epi32,
    _mm256_castsi256_ps, _mm256_cmpeq_epi64, _mm256_loadu_si256, _mm256_movemask_ps,
    _mm256_or_si256, _mm256_set1_epi64x, _mm256_storeu_si256, _mm256_sub_epi64, _mm256_xor_si256,
    _mm_prefetch, _MM_HINT_T0,
};

/// Row k: -1 (all ones) in word i when bit 2i of k is set, else 0; subtracted from four sums,
/// it adds the carries of four words given as the even bits of a byte of `t` (see [`step`]).
/// Constant data (8 KiB).
static LANE_ONES: Aligned = {
    let mut t = [[0i64; 4]; 256];
    let mut k = 0;
    while k < 256 {
        let mut i = 0;
        while i < 4 {
            t[k][i] = -((k as i64 >> (2 * i)) & 1);
            i += 1;
        }
        k += 1;
    }
    Aligned(t)
};

/// Rows of 32 bytes that never straddle a cache line.
#[repr(align(64))]
struct Aligned([[i64; 4]; 256]);

/// One 512-row block's V: words 0..4 and 4..8.
type Block = [__m256i; 2];

/// Loads a block's V.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(v: &[u64; 8]) -> Block {
    // SAFETY: 64 readable bytes (unaligned loads).
    unsafe {
        [
            _mm256_loadu_si256(v.as_ptr().cast()),
            _mm256_loadu_si256(v.as_ptr().add(4).cast()),
        ]
    }
}

/// Stores a block's V.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn store(b: Block, v: &mut [u64; 8]) {
    // SAFETY: 64 writable bytes (unaligned stores).
    unsafe {
        _mm256_storeu_si256(v.as_mut_ptr().cast(), b[0]);
        _mm256_storeu_si256(v.as_mut_ptr().add(4).cast(), b[1]);
    }
}

/// One text token through block `v` with the match mask row at `row` (8 words) and carry in
/// `carry` (0 or 1); returns the carry out (0 or 1). `ones` is all ones.
///
/// # Safety
/// AVX2 is available; `row` points to 8 readable words.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn step(v: &mut Block, row: *const u64, carry: u32, ones: __m256i) -> u32 {
    // SAFETY: `row` has 8 words (the caller's contract); `LANE_ONES` rows are indexed by
    // 4-bit values.
    unsafe {
        let m0 = _mm256_loadu_si256(row.cast());
        let m1 = _mm256_loadu_si256(row.add(4).cast());
        let u0 = _mm256_and_si256(v[0], m0);
        let u1 = _mm256_and_si256(v[1], m1);
        let s0 = _mm256_add_epi64(v[0], u0);
        let s1 = _mm256_add_epi64(v[1], u1);
        // The carry out of a word of V + U is the top bit of (V & U) | ((V | U) & !S): here
        // U | (V & !S), as U is a subset of V.
        let g0 = _mm256_or_si256(u0, _mm256_andnot_si256(s0, v[0]));
        let g1 = _mm256_or_si256(u1, _mm256_andnot_si256(s1, v[1]));
        let p0 = _mm256_cmpeq_epi64(s0, ones);
        let p1 = _mm256_cmpeq_epi64(s1, ones);
        // Word i's two flags as two bits of one movemask: p from its low half (all ones when
        // set), g from its high half (the top bit), so bit 2i is p_i and bit 2i + 1 is g_i.
        let z0 = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_blend_epi32::<0xaa>(p0, g0)));
        let z1 = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_blend_epi32::<0xaa>(p1, g1)));
        // The lookahead in base 4: a word's field is 0 (kill), 1 (p) or 2 (g); adding 2 to
        // every field and the carry in makes a field carry out when it is g, or p with a carry
        // in, and leaves its low bit p_i ^ c_i, c_i the carry into word i. Bit 16 is the carry
        // out of the block.
        let t = ((z1 as u32) << 8 | z0 as u32) + 0xaaaa + carry;
        let c0 = _mm256_loadu_si256(LANE_ONES.0.as_ptr().add((t & 255) as usize).cast());
        let c1 = _mm256_loadu_si256(LANE_ONES.0.as_ptr().add((t >> 8 & 255) as usize).cast());
        // V' = S | (V & !M), with V & !M = V ^ U.
        v[0] = _mm256_or_si256(_mm256_sub_epi64(s0, c0), _mm256_xor_si256(v[0], u0));
        v[1] = _mm256_or_si256(_mm256_sub_epi64(s1, c1), _mm256_xor_si256(v[1], u1));
        t >> 16
    }
}

/// Row `id` of block table `h` (ids above 512 read as 0, as `portable::row` does).
///
/// # Safety
/// `tables` holds at least `h + 1` tables of `LCS_TABLE_WORDS` words.
#[inline(always)]
unsafe fn row(tables: *const u64, h: usize, id: usize) -> *const u64 {
    let id = if id > 512 { 0 } else { id };
    // SAFETY: table h has 513 rows of 8 words (the caller's contract).
    unsafe { tables.add(h * LCS_TABLE_WORDS + id * 8) }
}

/// Runs the 8-word block `v` over `text` (masks `table[local[t]]`), the carry into the block at
/// position j read from `carries[j]` and the carry out written there. Returns how many tokens
/// it processed: all unless a token is not below `local.len()` or its id not below
/// `table.len()`, where it stops (the caller's checked loop takes over).
///
/// # Safety
/// The CPU supports AVX2 and the OS has enabled it.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn block_loop(
    text: &[u32],
    local: &[u32],
    table: &[[u64; 8]],
    carries: &mut [u8],
    v: &mut [u64; 8],
) -> usize {
    let n = text.len().min(carries.len());
    let ones = _mm256_set1_epi64x(-1);
    // SAFETY: `v` has 8 words; every row is checked to be in `table`.
    let mut b = unsafe { load(v) };
    let mut done = n;
    for j in 0..n {
        let Some(m) = local
            .get(text[j] as usize)
            .and_then(|&id| table.get(id as usize))
        else {
            done = j;
            break;
        };
        // SAFETY: `m` is a row of 8 words.
        carries[j] = unsafe { step(&mut b, m.as_ptr(), u32::from(carries[j]), ones) } as u8;
    }
    // SAFETY: as above.
    unsafe { store(b, v) };
    done
}

/// Two blocks in a wavefront (see `portable::pair_loop`): A (ids in the low 16 bits of
/// `local`, the first table) at tokens 1..n and B (the high 16 bits, the second table) at
/// 0..n - 1.
///
/// # Safety
/// The CPU supports AVX2 and the OS has enabled it; every token is below `local.len()`.
#[target_feature(enable = "avx2")]
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
    let ones = _mm256_set1_epi64x(-1);
    let (tp, lp, cp) = (text.as_ptr(), local.as_ptr(), carries.as_mut_ptr());
    let tables = tables.as_ptr();
    // SAFETY: the loads are within `text` and `carries` (0 <= j - 1 < j < n), `local` (every
    // token is below its length: the caller's contract), the tables (ids clamped by `row`);
    // the stores within `carries` and `v`.
    unsafe {
        let (mut a, mut b) = (load(&v[0]), load(&v[1]));
        let mut a_out = u32::from(*cp);
        let mut prev = *lp.add(*tp as usize);
        for j in 1..n {
            let e = *lp.add(*tp.add(j) as usize);
            let b_out = step(&mut b, row(tables, 1, (prev >> 16) as usize), a_out, ones);
            a_out = step(
                &mut a,
                row(tables, 0, (e & 0xffff) as usize),
                u32::from(*cp.add(j)),
                ones,
            );
            *cp.add(j - 1) = b_out as u8;
            prev = e;
        }
        *cp.add(n - 1) = a_out as u8;
        store(a, &mut v[0]);
        store(b, &mut v[1]);
    }
}

/// The block-local id of token `t` in block `h` (0..4): the 16-bit field `h` of its `masks`
/// word.
///
/// # Safety
/// `t` is below the length of `masks`.
#[inline(always)]
unsafe fn field(masks: *const u64, t: u32, h: usize) -> usize {
    // SAFETY: the caller's contract.
    unsafe { ((*masks.add(t as usize) >> (16 * h)) & 0xffff) as usize }
}

/// Four blocks A, B, C, D in a wavefront (see `portable::quad_loop`): j from 3 to e - 1
/// (e = n - 8), block h at token j - h, its carry in being block h - 1's carry out of the
/// step before.
///
/// # Safety
/// The CPU supports AVX2 and the OS has enabled it; every token is below `masks.len()`.
#[target_feature(enable = "avx2")]
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
    let e = n - 8;
    let ones = _mm256_set1_epi64x(-1);
    let (tp, mp, cp) = (text.as_ptr(), masks.as_ptr(), carries.as_mut_ptr());
    let tables = tables.as_ptr();
    // SAFETY: the loads are within `text` and `carries` (0 <= j - 3 < j < e < n), `masks`
    // (every token is below its length: the caller's contract), the tables (ids clamped by
    // `row`, four tables); the stores within `carries` (j - 3 and e - 3..e) and `v`.
    unsafe {
        let mut blocks = [load(&v[0]), load(&v[1]), load(&v[2]), load(&v[3])];
        let (mut a, mut b, mut c) = (u32::from(*cp.add(2)), u32::from(*cp.add(1)), u32::from(*cp));
        // The rows of step j: block h at token j - h, worked out a step ahead (the chain text
        // -> ids -> row is longer than a step), the ids of token j + 8 prefetched.
        let rows = |j: usize| {
            let [t3, t2, t1, t0] = *tp.add(j - 3).cast::<[u32; 4]>();
            [
                row(tables, 0, field(mp, t0, 0)),
                row(tables, 1, field(mp, t1, 1)),
                row(tables, 2, field(mp, t2, 2)),
                row(tables, 3, field(mp, t3, 3)),
            ]
        };
        let mut now = rows(3);
        for j in 3..e {
            _mm_prefetch::<_MM_HINT_T0>(mp.add(*tp.add(j + 8) as usize).cast());
            let next = rows(j + 1);
            // D first: each block reads the carry of the step before, then the one above
            // overwrites it.
            let d_out = step(&mut blocks[3], now[3], c, ones);
            c = step(&mut blocks[2], now[2], b, ones);
            b = step(&mut blocks[1], now[1], a, ones);
            a = step(&mut blocks[0], now[0], u32::from(*cp.add(j)), ones);
            *cp.add(j - 3) = d_out as u8;
            now = next;
        }
        *cp.add(e - 3) = c as u8;
        *cp.add(e - 2) = b as u8;
        *cp.add(e - 1) = a as u8;
        for (h, blk) in blocks.into_iter().enumerate() {
            store(blk, &mut v[h]);
        }
    }
}

/// [`quad_loop`] with a fifth block E (its ids in `local`, its table the fifth) at token j - 4
/// (see `portable::quint_loop`): j from 4 to e - 1 (e = n - 8).
///
/// # Safety
/// The CPU supports AVX2 and the OS has enabled it; every token is below `masks.len()` and
/// `local.len()`.
#[target_feature(enable = "avx2")]
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
    let e = n - 8;
    let ones = _mm256_set1_epi64x(-1);
    let (tp, mp, lp, cp) = (
        text.as_ptr(),
        masks.as_ptr(),
        local.as_ptr(),
        carries.as_mut_ptr(),
    );
    let tables = tables.as_ptr();
    // SAFETY: the loads are within `text` and `carries` (0 <= j - 4 < j < e < n), `masks` and
    // `local` (every token is below their lengths: the caller's contract), the tables (ids
    // clamped by `row`, five tables); the stores within `carries` (j - 4 and e - 4..e) and
    // `v`.
    unsafe {
        let mut blocks = [
            load(&v[0]),
            load(&v[1]),
            load(&v[2]),
            load(&v[3]),
            load(&v[4]),
        ];
        let (mut a, mut b, mut c, mut d) = (
            u32::from(*cp.add(3)),
            u32::from(*cp.add(2)),
            u32::from(*cp.add(1)),
            u32::from(*cp),
        );
        // The rows of step j, worked out a step ahead (see `quad_loop`).
        let rows = |j: usize| {
            let [t4, t3, t2, t1, t0] = *tp.add(j - 4).cast::<[u32; 5]>();
            [
                row(tables, 0, field(mp, t0, 0)),
                row(tables, 1, field(mp, t1, 1)),
                row(tables, 2, field(mp, t2, 2)),
                row(tables, 3, field(mp, t3, 3)),
                row(tables, 4, *lp.add(t4 as usize) as usize),
            ]
        };
        let mut now = rows(4);
        for j in 4..e {
            _mm_prefetch::<_MM_HINT_T0>(mp.add(*tp.add(j + 8) as usize).cast());
            let next = rows(j + 1);
            let e_out = step(&mut blocks[4], now[4], d, ones);
            d = step(&mut blocks[3], now[3], c, ones);
            c = step(&mut blocks[2], now[2], b, ones);
            b = step(&mut blocks[1], now[1], a, ones);
            a = step(&mut blocks[0], now[0], u32::from(*cp.add(j)), ones);
            *cp.add(j - 4) = e_out as u8;
            now = next;
        }
        *cp.add(e - 4) = d as u8;
        *cp.add(e - 3) = c as u8;
        *cp.add(e - 2) = b as u8;
        *cp.add(e - 1) = a as u8;
        for (h, blk) in blocks.into_iter().enumerate() {
            store(blk, &mut v[h]);
        }
    }
}
