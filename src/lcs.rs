//! Longest common subsequence over dense token ids.
//!
//! Bit-parallel LCS (Hyyrö 2004, "Bit-parallel LCS-length computation revisited"; the same
//! kernel as rapidfuzz): the pattern's DP column is a bit vector `V` with a zero bit at every
//! row where the column's value steps up, and one text token updates 64 rows per word with
//! `V' = (V + (V & M)) | (V & !M)`, where `M` marks the pattern rows holding that token. Only
//! the addition's carry crosses words.
//!
//! Long patterns run in blocks of up to 8 words (512 rows): each block passes over the whole
//! text, its words' carries chained in registers (one `adc` chain on x86_64), and hands its
//! final carry to the next block through one byte per text position. Within a block the match
//! masks are indexed by a block-local id (at most 512 distinct tokens), so a block's mask
//! table stays at 32 KiB whatever the vocabulary (L1-resident), and memory stays linear in
//! the input.
//!
//! On x86_64 CPUs with AVX-512 (checked at run time, for large inputs), a block is one zmm
//! register whose lanes' carries are resolved in mask registers, and four blocks (or two, for
//! the last 9 to 24 words) run at once in a wavefront (module `avx512`); scratch holds four
//! block tables for that.
//!
//! The columns can be kept (one bit per cell) to read out one particular LCS afterwards: on a
//! mismatch the DP moves up exactly when row i does not step up in column j (a one bit), which
//! is the references' rule "left only when t[i][j-1] > t[i-1][j]".

/// Words of a bit vector holding `bits` bits.
pub const fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// Words per block of the long-pattern kernel.
const BLOCK_WORDS: usize = 8;
/// Words of one block's local mask table: id 0 (absent token) plus one per block row.
const TABLE_WORDS: usize = (64 * BLOCK_WORDS + 1) * BLOCK_WORDS;
/// Words of the block-local mask tables: five blocks' (160 KiB: the AVX-512 kernel runs up to
/// five blocks at once; the others use the first table).
pub const fn block_table_words() -> usize {
    5 * TABLE_WORDS
}

/// Words of block tables the kernels need for patterns of at most `pattern_len` tokens: none
/// for one word, one block's table up to one block, all five tables beyond (the AVX-512 kernels
/// only run with all five), so short pairs keep a small scratch.
pub const fn block_table_words_for(pattern_len: usize) -> usize {
    if pattern_len <= 64 {
        0
    } else if pattern_len <= 64 * BLOCK_WORDS {
        TABLE_WORDS
    } else {
        block_table_words()
    }
}

/// Scratch of the LCS kernels.
pub struct LcsScratch<'a> {
    /// One word per dense id, all zero on entry (left zero on return).
    pub masks: &'a mut [u64],
    /// One entry per dense id, all zero on entry (left zero on return).
    pub local: &'a mut [u32],
    /// [`block_table_words_for`] the pattern's length words (or more), any contents.
    pub table: &'a mut [u64],
    /// One byte per text position.
    pub carry: &'a mut [u8],
}

/// Length of the LCS of `pattern` and `text`.
pub fn lcs_length(pattern: &[u32], text: &[u32], s: &mut LcsScratch) -> usize {
    run(pattern, text, s, None)
}

/// Length of the LCS, keeping every column: column j (after text token j) word w is at
/// `columns[j * words_for(pattern.len()) + w]`.
pub fn lcs_columns(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: &mut [u64],
) -> usize {
    run(pattern, text, s, Some(columns))
}

fn run(pattern: &[u32], text: &[u32], s: &mut LcsScratch, columns: Option<&mut [u64]>) -> usize {
    let kernel = Kernel::pick(pattern.len(), text.len(), columns.is_none());
    run_with(pattern, text, s, columns, kernel)
}

/// How the long-pattern blocks update their words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kernel {
    /// [`step_portable`]: on x86_64 only reachable from the unit tests.
    #[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
    Portable,
    /// [`step_adc`].
    #[cfg(target_arch = "x86_64")]
    Adc,
    /// Without columns, [`avx512::quad_pass`] for groups of four or five blocks (when the
    /// ids fit `masks`), [`avx512::pair_pass`] for pairs of blocks and [`avx512::block_loop`] for a
    /// last block of 5 to 8 words ([`step_adc`] otherwise): only chosen once the CPU and OS are
    /// known to support AVX-512 F and DQ.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    /// The fastest kernel for a pattern of `m` tokens and a text of `n` tokens. The AVX-512
    /// check (two CPUID instructions: microseconds under some hypervisors, and the library
    /// keeps no global state to cache it) is only made for work large enough to repay it.
    /// Built for a target with AVX-512 F and DQ (`-C target-feature` or `-C target-cpu`), the
    /// check is known at compile time and free, so any long pattern takes the AVX-512 kernel.
    #[cfg(target_arch = "x86_64")]
    fn pick(m: usize, n: usize, length_only: bool) -> Kernel {
        let min_cells = if avx512::BUILT_IN {
            0
        } else {
            AVX512_MIN_CELLS
        };
        if length_only
            && m > 64 * BLOCK_WORDS
            && m.saturating_mul(n) >= min_cells
            && avx512::available()
        {
            return Kernel::Avx512;
        }
        Kernel::Adc
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn pick(_: usize, _: usize, _: bool) -> Kernel {
        Kernel::Portable
    }
}

/// Fewest DP cells for which [`Kernel::pick`] checks for AVX-512.
#[cfg(target_arch = "x86_64")]
const AVX512_MIN_CELLS: usize = 4 << 20;

fn run_with(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: Option<&mut [u64]>,
    kernel: Kernel,
) -> usize {
    if pattern.is_empty() || text.is_empty() {
        return 0;
    }
    if pattern.len() <= 64 {
        set_masks(pattern, s.masks);
        let len = match columns {
            Some(cols) => single_word(pattern.len(), text, s.masks, |j, v| cols[j] = v),
            None => single_word(pattern.len(), text, s.masks, |_, _| {}),
        };
        clear_masks(pattern, s.masks);
        return len;
    }
    let words = words_for(pattern.len());
    let mut columns = columns;
    let mut length = 0;
    let mut first = 0;
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 && columns.is_none() {
        let tables = s.table.len() >= block_table_words();
        if let (true, Some(text)) = (tables, avx512::CheckedText::new(text, s.local.len())) {
            // Groups of four or five blocks (the last possibly short) through the wavefront
            // kernels, whose ids live in `masks` (and `local` for a fifth block): every token
            // must be below their lengths.
            let masks = s.masks.len();
            let quad_text = avx512::CheckedText::new(text.get(), masks);
            if let (Some(quad_text), Some(_)) =
                (quad_text, avx512::CheckedText::new(pattern, masks))
            {
                while words - first > 3 * BLOCK_WORDS {
                    // Four blocks, or five when a fifth would otherwise be left to run alone
                    // (a lone block's steps are a chain of dependent operations; in the
                    // wavefront they overlap the others').
                    let rest = words - first;
                    let block = if rest <= 5 * BLOCK_WORDS {
                        rest
                    } else {
                        rest.min(4 * BLOCK_WORDS)
                    };
                    let rows = &pattern[first * 64..pattern.len().min((first + block) * 64)];
                    length += avx512::quad_pass(rows, quad_text, text, s, first == 0);
                    first += block;
                }
            }
            // Pairs of blocks (the second possibly short) through the two-block kernel.
            while words - first > BLOCK_WORDS {
                let block = (words - first).min(2 * BLOCK_WORDS);
                let rows = &pattern[first * 64..pattern.len().min((first + block) * 64)];
                length += avx512::pair_pass(rows, text, s, first == 0);
                first += block;
            }
        }
    }
    while first < words {
        let block = (words - first).min(BLOCK_WORDS);
        let rows = &pattern[first * 64..pattern.len().min((first + block) * 64)];
        let cols = columns.as_deref_mut().map(|c| (c, words, first));
        let last = first + block == words;
        let f = first == 0;
        length += match block {
            1 => block_pass::<1>(rows, text, s, f, last, cols, kernel),
            2 => block_pass::<2>(rows, text, s, f, last, cols, kernel),
            3 | 4 => block_pass::<4>(rows, text, s, f, last, cols, kernel),
            _ => block_pass::<8>(rows, text, s, f, last, cols, kernel),
        };
        first += block;
    }
    length
}

/// Sets the match masks of a pattern of at most 64 tokens.
pub fn set_masks(pattern: &[u32], masks: &mut [u64]) {
    for (bit, &t) in pattern.iter().enumerate() {
        masks[t as usize] |= 1u64 << bit;
    }
}

/// Clears what [`set_masks`] set.
pub fn clear_masks(pattern: &[u32], masks: &mut [u64]) {
    for &t in pattern {
        masks[t as usize] = 0;
    }
}

/// One-word kernel over masks already set for a pattern of `rows` <= 64 tokens; `keep(j, V)`
/// sees every column.
#[inline(always)]
pub fn single_word(
    rows: usize,
    text: &[u32],
    masks: &[u64],
    mut keep: impl FnMut(usize, u64),
) -> usize {
    let mut v = !0u64;
    for (j, &t) in text.iter().enumerate() {
        let m = masks[t as usize];
        v = v.wrapping_add(v & m) | (v & !m);
        keep(j, v);
    }
    let valid = if rows == 64 {
        !0u64
    } else {
        (1u64 << rows) - 1
    };
    rows - (v & valid).count_ones() as usize
}

/// One block of up to `B` words (the rows `rows`, at most 64*B of them) over the whole text.
fn block_pass<const B: usize>(
    rows: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    first: bool,
    last: bool,
    mut columns: Option<(&mut [u64], usize, usize)>,
    kernel: Kernel,
) -> usize {
    // Block-local ids: 0 is "not in this block", 1.. the distinct tokens of the block. Each
    // row of the table is cleared when its id is handed out, so the table needs no clearing
    // between calls (it is 32 KiB; a short pair uses a few rows of it).
    let mut next = 0u32;
    s.table[..B].fill(0);
    for (row, &t) in rows.iter().enumerate() {
        let id = &mut s.local[t as usize];
        if *id == 0 {
            next += 1;
            *id = next;
            s.table[next as usize * B..(next as usize + 1) * B].fill(0);
        }
        s.table[*id as usize * B + row / 64] |= 1u64 << (row % 64);
    }
    let (table, _) = s.table[..TABLE_WORDS].as_chunks::<B>();
    let table = &table[..next as usize + 1];
    let local = &*s.local;
    let carries = &mut s.carry[..text.len()];
    let mut v = [!0u64; B];
    // The step of the scalar kernels; the portable one only in tests (on x86_64).
    let portable = cfg!(any(test, not(target_arch = "x86_64"))) && kernel == Kernel::Portable;
    macro_rules! pass {
        ($first:literal, $last:literal, $keep:expr) => {
            if portable {
                block_loop::<B, $first, $last>(
                    text,
                    local,
                    table,
                    carries,
                    &mut v,
                    $keep,
                    step_portable,
                )
            } else {
                block_loop::<B, $first, $last>(text, local, table, carries, &mut v, $keep, step)
            }
        };
    }
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 && columns.is_none() {
        if let Ok(v8) = <&mut [u64; 8]>::try_from(&mut v[..]) {
            // The table has 8 words a row here (B == 8). The kernel reads every carry in, so
            // the first block's carries are zeroed (and the last block's written: harmless).
            let table8 = &s.table[..TABLE_WORDS].as_chunks::<8>().0[..next as usize + 1];
            if first {
                carries.fill(0);
            }
            // SAFETY: `Kernel::Avx512` is only picked after `avx512::available()`.
            let done = unsafe { avx512::block_loop(text, local, table8, carries, v8) };
            // All of the text unless a token is out of range of `local` (or its id of the
            // table): the scalar loop then meets it as it would have from the start.
            let (text, carries) = (&text[done..], &mut carries[done..]);
            block_loop::<B, false, false>(text, local, table, carries, &mut v, |_, _| {}, step);
            return count_and_restore(rows, &v, s.local);
        }
    }
    match (columns.as_mut(), first, last) {
        (None, true, true) => pass!(true, true, |_, _| {}),
        (None, true, false) => pass!(true, false, |_, _| {}),
        (None, false, true) => pass!(false, true, |_, _| {}),
        (None, false, false) => pass!(false, false, |_, _| {}),
        (Some((cols, stride, offset)), _, _) => {
            let (stride, offset) = (*stride, *offset);
            let words = B.min(stride - offset);
            let keep = |j: usize, v: &[u64; B]| {
                cols[j * stride + offset..][..words].copy_from_slice(&v[..words])
            };
            match (first, last) {
                (true, true) => pass!(true, true, keep),
                (true, false) => pass!(true, false, keep),
                (false, true) => pass!(false, true, keep),
                (false, false) => pass!(false, false, keep),
            }
        }
    }
    count_and_restore(rows, &v, s.local)
}

/// LCS length of a block (the zero bits of its valid rows in the last column `v`), after
/// clearing the block's entries of `local`.
fn count_and_restore<const B: usize>(rows: &[u32], v: &[u64; B], local: &mut [u32]) -> usize {
    for &t in rows {
        local[t as usize] = 0;
    }
    count_zeros(rows.len(), v)
}

/// The zero bits among the first `rows` bits of `v`.
fn count_zeros<const B: usize>(rows: usize, v: &[u64; B]) -> usize {
    let mut length = 0;
    for (w, &word) in v.iter().enumerate() {
        let valid = rows.saturating_sub(w * 64).min(64);
        if valid > 0 {
            let mask = if valid == 64 {
                !0u64
            } else {
                (1u64 << valid) - 1
            };
            length += valid - (word & mask).count_ones() as usize;
        }
    }
    length
}

/// The hot loop of [`block_pass`]: one text token updates the block's `B` words, the
/// addition's carry chained from word to word (and in from / out to `carries` between blocks).
#[inline(always)]
fn block_loop<const B: usize, const FIRST: bool, const LAST: bool>(
    text: &[u32],
    local: &[u32],
    table: &[[u64; B]],
    carries: &mut [u8],
    v: &mut [u64; B],
    mut keep: impl FnMut(usize, &[u64; B]),
    step: impl Fn(&mut [u64; B], &[u64; B], u8) -> u8,
) {
    for (j, (&t, c)) in text.iter().zip(carries.iter_mut()).enumerate() {
        let m = &table[local[t as usize] as usize];
        let carry = if FIRST { 0 } else { *c };
        let carry = step(v, m, carry);
        if !LAST {
            *c = carry;
        }
        keep(j, v);
    }
}

/// One text token through a block's words: `V' = (V + (V & M)) | (V & !M)` (Hyyrö 2004), the
/// addition's carry (0 or 1) chained from word to word; returns the carry out of the last word.
#[inline(always)]
fn step<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    #[cfg(target_arch = "x86_64")]
    return step_adc(v, m, carry);
    #[cfg(not(target_arch = "x86_64"))]
    return step_portable(v, m, carry);
}

/// [`step`] with the carry through `overflowing_add` (any target; the unit test runs it on
/// x86_64 too).
#[inline(always)]
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn step_portable<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    let mut carry = carry as u64;
    for w in 0..B {
        let (sum, c1) = v[w].overflowing_add(v[w] & m[w]);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = (c1 | c2) as u64;
        v[w] = sum | (v[w] & !m[w]);
    }
    carry as u8
}

/// [`step`] on x86_64: `_addcarry_u64` (baseline x86_64, no feature check) makes the words'
/// additions one `adc` chain. The masked words are computed first so that no flag-clobbering
/// `and` sits between two `adc`s.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn step_adc<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    use core::arch::x86_64::_addcarry_u64;
    let mut u = [0u64; B];
    for w in 0..B {
        u[w] = v[w] & m[w];
    }
    let mut c = carry;
    let mut sum = [0u64; B];
    for w in 0..B {
        // SAFETY: `_addcarry_u64` has no precondition (x86_64 baseline instruction).
        #[allow(unused_unsafe)]
        {
            c = unsafe { _addcarry_u64(c, v[w], u[w], &mut sum[w]) };
        }
    }
    for w in 0..B {
        // `V & !M` is `V ^ (V & M)`: `M` is not needed after the addition.
        v[w] = sum[w] | (v[w] ^ u[w]);
    }
    c
}

/// Marks in `marks` (a bit per pattern position) the pattern positions of the LCS read out of
/// `columns` (from [`lcs_columns`]) by backtracking from the end: equal tokens go diagonal,
/// otherwise left only when `t[i][j-1] > t[i-1][j]`, so ties go up.
pub fn mark_lcs(pattern: &[u32], text: &[u32], columns: &[u64], marks: &mut [u64]) {
    let stripes = words_for(pattern.len());
    let (mut i, mut j) = (pattern.len(), text.len());
    while i > 0 && j > 0 {
        let row = i - 1;
        if pattern[row] == text[j - 1] {
            marks[row / 64] |= 1u64 << (row % 64);
            i -= 1;
            j -= 1;
        } else if (columns[(j - 1) * stripes + row / 64] >> (row % 64)) & 1 == 1 {
            // No step up at row i in column j: t[i-1][j] == t[i][j] >= t[i][j-1].
            i -= 1;
        } else {
            j -= 1;
        }
    }
}

/// [`mark_lcs`] for a pattern of at most 64 tokens whose masks are set: each step jumps over
/// the run of "up" moves at once. In column j the read-out stops climbing at the highest row
/// below i that either matches `text[j-1]` (diagonal) or steps up (a zero bit: move left),
/// so one `leading_zeros` replaces the row-by-row walk.
pub fn mark_lcs_single(text: &[u32], rows: usize, masks: &[u64], columns: &[u64], marks: &mut u64) {
    let (mut i, mut j) = (rows, text.len());
    while i > 0 && j > 0 {
        let below = if i == 64 { !0u64 } else { (1u64 << i) - 1 };
        let matches = masks[text[j - 1] as usize] & below;
        let stops = (matches | !columns[j - 1]) & below;
        if stops == 0 {
            break;
        }
        let k = 63 - stops.leading_zeros() as usize;
        if (matches >> k) & 1 == 1 {
            *marks |= 1u64 << k;
            i = k;
        } else {
            i = k + 1;
        }
        j -= 1;
    }
}

/// ORs into `marks` the pattern positions of the LCS that [`mark_lcs_single`] reads out of
/// `pattern` and `text`, for each of several patterns packed into one word, reading out only
/// what can still add a mark (summary-level ROUGE-L, Lin 2004 section 3.2, needs only the
/// union of the LCS hits of a reference sentence over the candidate sentences).
///
/// The patterns (at most 64 tokens together, masks set for their concatenation) are the
/// segments of the word ending at the bits of `tops`: `1 << (rows - 1)` is one pattern of
/// `rows` tokens. Short reference sentences share one forward pass over the text that way.
///
/// The forward pass is the one-word kernel of Hyyrö 2004 keeping every column in `columns`
/// (at least `text.len()` words), with its addition split at the segment boundaries: the
/// SWAR ("SIMD within a register") sum `((a & !H) + (b & !H)) ^ ((a ^ b) & H)`, H the top bit
/// of each segment, adds the segments as separate integers (a segment's carry out is dropped
/// instead of entering the next segment), so each segment's bits evolve exactly as a pass over
/// that pattern alone (its carry out only ever reached rows above it). The pass also ORs the
/// masks of the text's tokens: the rows the text can match at all. Each segment is then read
/// out as [`mark_lcs_single`] does, confined to its rows, stopping as soon as no unmarked
/// matchable row is left below the current row: the rows it would mark from there on are all
/// marked already, and the walk only moves down.
pub fn union_lcs_single(
    text: &[u32],
    tops: u64,
    masks: &[u64],
    columns: &mut [u64],
    marks: &mut u64,
) {
    let Some(columns) = columns.get_mut(..text.len()) else {
        return;
    };
    let mut v = !0u64;
    let mut seen = 0u64;
    if tops.is_power_of_two() {
        // One pattern: its carry out only reaches the bits above it, the plain addition
        // serves (and keeps the loop-carried chain two operations shorter).
        for (&t, col) in text.iter().zip(columns.iter_mut()) {
            let m = masks[t as usize];
            seen |= m;
            v = v.wrapping_add(v & m) | (v & !m);
            *col = v;
        }
    } else {
        // The SWAR sum (see above) without its top-bit term `^ ((v ^ x) & tops)`: where that
        // is set, `v & !m` is set too (x = v & m) and the OR sets the bit anyway; the top bits
        // of the masked addends are 0, so a carry into one stops there either way.
        let low = !tops;
        for (&t, col) in text.iter().zip(columns.iter_mut()) {
            let m = masks[t as usize];
            seen |= m;
            let vlow = v & low;
            v = (vlow + (vlow & m)) | (v & !m);
            *col = v;
        }
    }
    let mut rest = tops;
    let mut seg_low = 0u64;
    while rest != 0 {
        // Rows of this segment: from just above the previous top to its own top.
        let top_row = rest.trailing_zeros();
        rest &= rest - 1;
        let upto = !0u64 >> (63 - top_row);
        let segment = upto & !seg_low;
        seg_low = upto;
        // Rows that could still add a mark: matchable and unmarked. The walk keeps the rows
        // below its current one as a mask: stopping at row k (the highest match or step up
        // below it, as in `mark_lcs_single`) leaves the rows below k on a diagonal move and
        // those up to k on a left move.
        let need = seen & !*marks & segment;
        let mut below = segment;
        for (&t, &col) in text.iter().zip(columns.iter()).rev() {
            if need & below == 0 {
                break;
            }
            let matches = masks[t as usize] & below;
            let stops = (matches | !col) & below;
            if stops == 0 {
                break;
            }
            let top = 1u64 << (63 - stops.leading_zeros());
            let hit = top & matches;
            *marks |= hit;
            below = ((top - 1) | (top ^ hit)) & segment;
        }
    }
}

/// The pattern rows of the short kernels as one integer: `u64` for patterns of at most 64
/// tokens, `u128` (two mask words per token, low and high halves in separate per-id tables;
/// two words per column) for at most 128, where the compiler pairs each addition with an
/// add-with-carry. One generic body serves both, so the two-word case reads out exactly as
/// the one-word case does.
pub(crate) trait Rows:
    Copy
    + PartialEq
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Shl<u32, Output = Self>
    + core::ops::Shr<u32, Output = Self>
    + core::ops::BitOrAssign
    + core::ops::BitAndAssign
    + core::ops::BitXorAssign
{
    /// Rows of the integer.
    const BITS: u32;
    /// Words per column.
    const WORDS: usize;
    /// All zero.
    const ZERO: Self;
    /// Row 0 only.
    const ONE: Self;
    /// Every row.
    const ONES: Self;
    /// The match mask of token `t`: low half in `lo`, high half (`u128`) in `hi`.
    fn mask(lo: &[u64], hi: &[u64], t: usize) -> Self;
    /// A column from its [`Rows::WORDS`] words.
    fn column(words: &[u64]) -> Self;
    /// Stores a column into its [`Rows::WORDS`] words.
    fn set_column(self, words: &mut [u64]);
    /// Modular addition.
    fn wrapping_add(self, o: Self) -> Self;
    /// Modular subtraction.
    fn wrapping_sub(self, o: Self) -> Self;
    /// Two's complement negation.
    fn wrapping_neg(self) -> Self;
    /// Leading zero rows.
    fn leading_zeros(self) -> u32;
    /// The rows in reverse order (row r to row BITS - 1 - r).
    fn reverse(self) -> Self;
    /// Trailing zero rows.
    fn trailing_zeros(self) -> u32;
    /// Rows set.
    fn count_ones(self) -> u32;
}

impl Rows for u64 {
    const BITS: u32 = 64;
    const WORDS: usize = 1;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const ONES: Self = !0;
    #[inline(always)]
    fn mask(lo: &[u64], _: &[u64], t: usize) -> Self {
        lo[t]
    }
    #[inline(always)]
    fn column(words: &[u64]) -> Self {
        words[0]
    }
    #[inline(always)]
    fn set_column(self, words: &mut [u64]) {
        words[0] = self;
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        u64::wrapping_add(self, o)
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        u64::wrapping_sub(self, o)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u64::wrapping_neg(self)
    }
    #[inline(always)]
    fn leading_zeros(self) -> u32 {
        u64::leading_zeros(self)
    }
    #[inline(always)]
    fn reverse(self) -> Self {
        u64::reverse_bits(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
}

impl Rows for u128 {
    const BITS: u32 = 128;
    const WORDS: usize = 2;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const ONES: Self = !0;
    #[inline(always)]
    fn mask(lo: &[u64], hi: &[u64], t: usize) -> Self {
        u128::from(lo[t]) | u128::from(hi[t]) << 64
    }
    #[inline(always)]
    fn column(words: &[u64]) -> Self {
        u128::from(words[0]) | u128::from(words[1]) << 64
    }
    #[inline(always)]
    fn set_column(self, words: &mut [u64]) {
        words[0] = self as u64;
        words[1] = (self >> 64) as u64;
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        u128::wrapping_add(self, o)
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        u128::wrapping_sub(self, o)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u128::wrapping_neg(self)
    }
    #[inline(always)]
    fn leading_zeros(self) -> u32 {
        u128::leading_zeros(self)
    }
    #[inline(always)]
    fn reverse(self) -> Self {
        u128::reverse_bits(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
}

/// Sets the match masks of a pattern of at most 128 tokens: rows 0..64 in `lo`, the rest in
/// `hi` (see [`Rows::mask`]).
pub(crate) fn set_masks_wide(pattern: &[u32], lo: &mut [u64], hi: &mut [u64]) {
    let split = pattern.len().min(64);
    set_masks(&pattern[..split], lo);
    set_masks(&pattern[split..], hi);
}

/// Clears what [`set_masks_wide`] set.
pub(crate) fn clear_masks_wide(pattern: &[u32], lo: &mut [u64], hi: &mut [u64]) {
    let split = pattern.len().min(64);
    clear_masks(&pattern[..split], lo);
    clear_masks(&pattern[split..], hi);
}

/// [`single_word`] over masks of up to [`Rows::BITS`] rows ([`Rows::mask`]), length only.
#[inline(always)]
pub(crate) fn lcs_length_rows<W: Rows>(rows: usize, text: &[u32], lo: &[u64], hi: &[u64]) -> usize {
    let mut v = W::ONES;
    for &t in text {
        let m = W::mask(lo, hi, t as usize);
        v = v.wrapping_add(v & m) | (v & !m);
    }
    let valid = if rows as u32 >= W::BITS {
        W::ONES
    } else {
        (W::ONE << rows as u32).wrapping_sub(W::ONE)
    };
    rows - (v & valid).count_ones() as usize
}

/// The 8-word block kernels on AVX-512 (F and DQ), in `asm!` so that they build with the
/// crate's minimum Rust (the AVX-512 intrinsics and target features are stable from 1.89 only).
///
/// One 512-row block is one zmm register and a text token updates it with the same formula
/// (Hyyrö 2004), the carries between its eight 64-bit lanes resolved in mask registers as a
/// carry-lookahead adder: with `g` the lanes whose addition overflows and `p` those whose sum
/// is all ones (they pass an incoming carry on), the lanes receiving a carry are the bits of
/// `t ^ p` with `t = (g << 1) + p + c_in`, and bit 8 of `t` is the carry out of the block (the
/// technique of SIMD big-number addition; rapidfuzz's bit-parallel kernels use SIMD across
/// strings instead). The kernels add the carry to the lanes of `t` itself, without the `^ p`
/// (one mask operation fewer a block and step; the mask unit is what limits them): the two
/// differ only in `p` lanes, and a `p` lane is one where V is all ones and V & M is zero (as
/// V & M is a subset of V, V + (V & M) is all ones only so), so V' = s | (V & !M) is all ones
/// there whatever `s` is.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use crate::cpu::{cpuid, xcr0};
    use core::arch::asm;

    /// Whether the crate is built for a target with AVX-512 F and DQ: the compiler may then
    /// emit them anywhere, so the program only runs where they are available.
    pub const BUILT_IN: bool = cfg!(all(target_feature = "avx512f", target_feature = "avx512dq"));

    /// Whether the CPU has AVX-512 F and DQ and the OS saves their state (CPUID leaves 1 and
    /// 7, XCR0); the same test as `is_x86_feature_detected!`, which `core` lacks.
    pub fn available() -> bool {
        if BUILT_IN {
            return true;
        }
        // Leaf 1 ECX bit 27: the OS enabled XGETBV. Any CPU with AVX-512 has leaf 7; on one
        // without, XCR0 cannot have the AVX-512 state bits checked below.
        if cpuid(1).ecx & (1 << 27) == 0 {
            return false;
        }
        // SSE and AVX state (bits 1, 2), opmask and the upper zmm state (bits 5, 6, 7).
        if xcr0() & 0xe6 != 0xe6 {
            return false;
        }
        // Leaf 7 EBX bit 16: AVX512F, bit 17: AVX512DQ (KADDW).
        let ebx = cpuid(7).ebx;
        ebx & (1 << 16) != 0 && ebx & (1 << 17) != 0
    }

    /// A text whose tokens are all below the length of the scratch array it was checked
    /// against (`local` for [`pair_pass`], `masks` for [`quad_pass`]).
    #[derive(Clone, Copy)]
    pub struct CheckedText<'a>(&'a [u32]);

    impl<'a> CheckedText<'a> {
        pub fn new(text: &'a [u32], len: usize) -> Option<Self> {
            let max = text.iter().fold(0, |m, &t| m.max(t));
            ((max as usize) < len).then_some(CheckedText(text))
        }

        pub fn get(self) -> &'a [u32] {
            self.0
        }
    }

    /// Two blocks, A (the first 512 of `rows`) and B (the rest, 1 to 512 rows), over the
    /// whole text in a wavefront: each step updates A at token j and B at token j - 1, B's
    /// carry in being A's carry out of the previous step. The two dependency chains are
    /// independent within a step, so one hides the other's latency. Their block-local ids
    /// share `local` (A's in the low 16 bits, B's in the high 16) and each has its own table.
    /// Returns the LCS length contributed by the rows.
    pub fn pair_pass(
        rows: &[u32],
        text: CheckedText,
        s: &mut super::LcsScratch,
        first: bool,
    ) -> usize {
        use super::{count_zeros, step, TABLE_WORDS};
        let text = text.0;
        let half = rows.len().min(512);
        let mut next = [0u32; 2];
        let (ta, tb) = s.table.split_at_mut(TABLE_WORDS);
        ta[..8].fill(0);
        tb[..8].fill(0);
        for (row, &t) in rows.iter().enumerate() {
            let (h, r) = (row / 512, row % 512);
            let table = if h == 0 { &mut *ta } else { &mut *tb };
            let e = &mut s.local[t as usize];
            let mut id = (*e >> (16 * h)) & 0xffff;
            if id == 0 {
                next[h] += 1;
                id = next[h];
                *e |= id << (16 * h);
                table[id as usize * 8..(id as usize + 1) * 8].fill(0);
            }
            table[id as usize * 8 + r / 64] |= 1u64 << (r % 64);
        }
        let tables: &[u64] = s.table;
        let Ok(tables) = <&[u64; 2 * TABLE_WORDS]>::try_from(&tables[..2 * TABLE_WORDS]) else {
            return 0; // unreachable: the slice has that length
        };
        let (ta, tb) = tables.split_at(TABLE_WORDS);
        let ta = &ta.as_chunks::<8>().0[..next[0] as usize + 1];
        let tb = &tb.as_chunks::<8>().0[..next[1] as usize + 1];
        let local = &*s.local;
        let n = text.len();
        let carries = &mut s.carry[..n];
        if first {
            carries.fill(0);
        }
        let mut v = [[!0u64; 8]; 2];
        let id = |t: u32, h: u32| (local[t as usize] >> (16 * h)) & 0xffff;
        // A at token 0, alone.
        if let (Some(&t), Some(c)) = (text.first(), carries.first_mut()) {
            let m = ta.get(id(t, 0) as usize).unwrap_or(&[0; 8]);
            *c = step(&mut v[0], m, *c);
        }
        if n > 1 {
            // SAFETY: `available()` held when the kernel was picked (the only way to get
            // here); the tokens are below `local.len()` (`CheckedText`).
            unsafe { pair_loop(text, local, tables, carries, &mut v) };
        }
        // B at the last token, alone.
        if let (Some(&t), Some(c)) = (text.last(), carries.last_mut()) {
            let m = tb.get(id(t, 1) as usize).unwrap_or(&[0; 8]);
            *c = step(&mut v[1], m, *c);
        }
        for &t in rows {
            s.local[t as usize] = 0;
        }
        count_zeros(half, &v[0]) + count_zeros(rows.len() - half, &v[1])
    }

    /// Four blocks (A, B, C, D: the 512-row quarters of `rows`, D 1 to 512 rows) over the
    /// whole text in a wavefront, as [`pair_pass`] with two more blocks in flight: step j
    /// updates block h (0..4) at token j - h, its carry in being block h - 1's carry out of
    /// the previous step. One block's step is a chain of ~13 cycles (compare into a mask
    /// register, three mask operations, a masked subtract) using a fraction of the core's
    /// ports, so on Zen 4 four chains take ~33 cycles a step where two take ~17: the
    /// anti-diagonal (wavefront) schedule of blocked dynamic programming that SIMD sequence
    /// alignment uses (Wozniak 1997, "Using video-oriented instructions to speed up sequence
    /// comparison"), here across blocks of rows. The rows of each step are loaded a step
    /// ahead (a software pipeline: the loads' chain, text -> ids -> row, is longer than a
    /// step). The four block-local ids of a token are the four 16-bit fields of its `masks`
    /// word (unused by the multi-word kernels; left zero on return), each block has its own
    /// table (scratch: five tables). `text` is checked against `masks`.
    ///
    /// With more than 2048 rows, a fifth block E (the rest, 1 to 512 rows) runs in the same
    /// wavefront ([`quint_loop`]), its ids in `local` (`local_text`: the same text checked
    /// against it): a lone last block would take a pass of its own at a chain's latency a
    /// step, about twice a block's share of a wavefront step (on W3 it took a tenth of the
    /// kernel's time for 3% of the rows).
    /// Returns the LCS length contributed by the rows.
    pub fn quad_pass(
        rows: &[u32],
        text: CheckedText,
        local_text: CheckedText,
        s: &mut super::LcsScratch,
        first: bool,
    ) -> usize {
        use super::{count_zeros, step, TABLE_WORDS};
        const TW: usize = TABLE_WORDS;
        let text = text.0;
        // At most 2560 rows (the caller's slice): blocks A-D in `masks`' fields, E in `local`.
        let rows = &rows[..rows.len().min(5 * 512)];
        let blocks = rows.len().div_ceil(512);
        let mut next = [0usize; 5];
        for h in 0..5 {
            s.table[h * TW..h * TW + 8].fill(0);
        }
        for (row, &t) in rows.iter().enumerate() {
            // A block's ids stay <= 512.
            let (h, r) = (row / 512, row % 512);
            let id = if h < 4 {
                let e = &mut s.masks[t as usize];
                let mut id = ((*e >> (16 * h)) & 0xffff) as usize;
                // An id above the block's count (`masks` not zero on entry, against the
                // contract) is replaced too: ids stay within the table, no panic.
                if id == 0 || id > next[h] {
                    next[h] += 1;
                    id = next[h];
                    *e = (*e & !(0xffff << (16 * h))) | ((id as u64) << (16 * h));
                    s.table[h * TW + id * 8..h * TW + (id + 1) * 8].fill(0);
                }
                id
            } else {
                let Some(e) = s.local.get_mut(t as usize) else {
                    continue; // unreachable: `local` has an entry per id, as `masks` has
                };
                if *e == 0 || *e as usize > next[4] {
                    next[4] += 1;
                    *e = next[4] as u32;
                    s.table[4 * TW + next[4] * 8..4 * TW + (next[4] + 1) * 8].fill(0);
                }
                *e as usize
            };
            s.table[h * TW + id * 8 + r / 64] |= 1u64 << (r % 64);
        }
        let tables: &[u64] = s.table;
        let Ok(tables) = <&[u64; 5 * TW]>::try_from(&tables[..5 * TW]) else {
            return 0; // unreachable: the slice has that length
        };
        let (masks, local) = (&*s.masks, &*s.local);
        let n = text.len().min(s.carry.len());
        let carries = &mut s.carry[..n];
        if first {
            carries.fill(0);
        }
        let mut v = [[!0u64; 8]; 5];
        // Block h at token t through the scalar kernel (ids clamped as in the loop).
        let one = |v: &mut [[u64; 8]; 5], carries: &mut [u8], h: usize, t: usize| {
            let id = if h < 4 {
                masks
                    .get(text[t] as usize)
                    .map_or(0, |&e| (e >> (16 * h)) & 0xffff)
            } else {
                local.get(text[t] as usize).map_or(0, |&e| e as u64)
            };
            let id = if id > 512 { 0 } else { id as usize };
            let m = tables[h * TW + id * 8..][..8]
                .try_into()
                .unwrap_or(&[0u64; 8]);
            carries[t] = step(&mut v[h], m, carries[t]);
        };
        // Both checks are of the same text (the caller's), so every token is below both
        // lengths.
        let same_text = core::ptr::eq(local_text.0, text);
        if n < QUAD_MIN_TEXT || (blocks == 5 && !same_text) {
            // Too short for the wavefront: the blocks one after the other.
            for h in 0..blocks {
                for t in 0..n {
                    one(&mut v, carries, h, t);
                }
            }
        } else {
            let wave = if blocks == 5 { 5 } else { 4 };
            // Ramp up: block h at tokens 0..wave - 1 - h (token by token, so that block h - 1
            // has written the carry at t before block h reads it).
            for t in 0..wave - 1 {
                for h in 0..wave - 1 - t {
                    one(&mut v, carries, h, t);
                }
            }
            if wave == 5 {
                // SAFETY: `available()` held when the kernel was picked (the only way to get
                // here); the tokens are below `masks.len()` and `local.len()` (`CheckedText`,
                // both of this text); n >= QUAD_MIN_TEXT.
                unsafe { quint_loop(&text[..n], masks, local, tables, carries, &mut v) };
            } else if let (Ok(t4), Ok(v4)) = (
                <&[u64; 4 * TW]>::try_from(&tables[..4 * TW]),
                <&mut [[u64; 8]; 4]>::try_from(&mut v[..4]),
            ) {
                // SAFETY: as above (the tokens are below `masks.len()`).
                unsafe { quad_loop(&text[..n], masks, t4, carries, v4) };
            }
            // Ramp down: the loop's last step is j = n - 9 (it reads token j + 8), so block h
            // finishes at tokens n - 8 - h..n.
            let end = n - 8;
            for t in end - (wave - 1)..n {
                for h in 0..wave {
                    if t + h >= end {
                        one(&mut v, carries, h, t);
                    }
                }
            }
        }
        for (row, &t) in rows.iter().enumerate() {
            if row < 4 * 512 {
                s.masks[t as usize] = 0;
            } else if let Some(e) = s.local.get_mut(t as usize) {
                *e = 0;
            }
        }
        let mut length = 0;
        for (h, v) in v.iter().enumerate() {
            length += count_zeros(rows.len().saturating_sub(512 * h).min(512), v);
        }
        length
    }

    /// Shortest text for [`quad_loop`] (at least one step, from 3 to n - 9).
    const QUAD_MIN_TEXT: usize = 16;

    /// The steps of [`quad_pass`] with all four blocks: j from 3 to e - 1 (e = n - 8: the
    /// loop reads token j + 8 ahead), block h at token j - h. On entry `carries[2]`,
    /// `carries[1]`, `carries[0]` hold the carries out of A at token 2, B at 1, C at 0 (the
    /// carries into B, C, D at the first step) and `carries[j]` (j >= 3) the carry into A at
    /// j; on return `carries[j]` holds D's carry out at j for j < e - 3, and C's, B's, A's at
    /// e - 3, e - 2, e - 1 (the rest as on entry).
    ///
    /// # Safety
    /// The CPU supports AVX-512 F and DQ and the OS has enabled them ([`available`]); every
    /// token is below `masks.len()`.
    unsafe fn quad_loop(
        text: &[u32],
        masks: &[u64],
        tables: &[u64; 4 * super::TABLE_WORDS],
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
    /// The CPU supports AVX-512 F and DQ and the OS has enabled them ([`available`]); every
    /// token is below `masks.len()` and `local.len()`.
    unsafe fn quint_loop(
        text: &[u32],
        masks: &[u64],
        local: &[u32],
        tables: &[u64; 5 * super::TABLE_WORDS],
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

    /// The steps of [`pair_pass`] with both blocks: A at tokens 1..n, B at 0..n - 1. On
    /// entry `carries[0]` holds A's carry out at token 0 and `carries[j]` (j >= 1) the carry
    /// into A at j; on return `carries[j]` (j < n - 1) holds B's carry out at j and
    /// `carries[n - 1]` A's carry out at n - 1 (the carry into B there).
    ///
    /// # Safety
    /// The CPU supports AVX-512 F and DQ and the OS has enabled them ([`available`]); every
    /// token is below `local.len()`.
    unsafe fn pair_loop(
        text: &[u32],
        local: &[u32],
        tables: &[u64; 2 * super::TABLE_WORDS],
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
    /// The CPU supports AVX-512 F and DQ and the OS has enabled them ([`available`]).
    pub unsafe fn block_loop(
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
}

/// Plain O(m*n) dynamic programme, kept as the oracle of the unit tests.
#[cfg(test)]
pub(crate) fn lcs_table(a: &[u32], b: &[u32]) -> Vec<Vec<u32>> {
    let mut t = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            t[i][j] = if a[i - 1] == b[j - 1] {
                t[i - 1][j - 1] + 1
            } else {
                t[i - 1][j].max(t[i][j - 1])
            };
        }
    }
    t
}

/// Positions of `a` on the LCS of `a` and `b` that the references' backtrack picks (equal
/// tokens go diagonal, otherwise left only when `t[i][j-1] > t[i-1][j]`), last first: the
/// oracle of the read-out tests.
#[cfg(test)]
pub(crate) fn lcs_backtrack(a: &[u32], b: &[u32]) -> Vec<usize> {
    let t = lcs_table(a, b);
    let (mut i, mut j) = (a.len(), b.len());
    let mut out = vec![];
    while i > 0 && j > 0 {
        if a[i - 1] == b[j - 1] {
            out.push(i - 1);
            i -= 1;
            j -= 1;
        } else if t[i][j - 1] > t[i - 1][j] {
            j -= 1;
        } else {
            i -= 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The references' backtrack positions, ascending.
    fn backtrack_naive(a: &[u32], b: &[u32]) -> Vec<usize> {
        let mut out = lcs_backtrack(a, b);
        out.sort();
        out
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Every kernel this machine can run.
    fn kernels() -> Vec<Kernel> {
        #[allow(unused_mut)]
        let mut k = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            k.push(Kernel::Adc);
            if avx512::available() {
                k.push(Kernel::Avx512);
            } else {
                eprintln!("no AVX-512 here: its kernel is not tested");
            }
        }
        k
    }

    /// Every kernel (portable, adc, AVX-512 one-, two-, four- and five-block) and block width
    /// against the DP, on lengths around the word, block (512), block-pair (1024), block-quad
    /// (1536 to 2048: the fourth block short or full) and five-block (2049 to 2560, and 4100 and
    /// 4608 after a group of four) sizes, texts around the four-block kernel's
    /// ramps (16 tokens), small vocabularies (carries cross words and blocks often) and a large one
    /// (blocks miss tokens: carries differ from token to token).
    #[test]
    fn test_kernels_match_dp() {
        let mut rng = Rng(0x0fed_cba9_8765_4321);
        let pats = [
            65usize, 128, 200, 511, 512, 513, 600, 1023, 1024, 1025, 1100, 1535, 1536, 1537, 1600,
            2047, 2048, 2049, 2100, 2559, 2560, 2561, 3600, 4100, 4608,
        ];
        let texts = [1usize, 2, 3, 4, 7, 8, 9, 15, 16, 17, 64, 129, 513, 1100];
        for &m in &pats {
            for &n in &texts {
                for vocab in [2u64, 5, 40, 2000] {
                    let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                    let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                    let want = lcs_table(&a, &b)[m][n] as usize;
                    let mut masks = vec![0u64; vocab as usize];
                    let mut local = vec![0u32; vocab as usize];
                    let mut table = vec![0u64; block_table_words()];
                    let mut carry = vec![0u8; n];
                    let mut cols = vec![0u64; n * words_for(m)];
                    for kernel in kernels() {
                        let mut s = LcsScratch {
                            masks: &mut masks,
                            local: &mut local,
                            table: &mut table,
                            carry: &mut carry,
                        };
                        let got = run_with(&a, &b, &mut s, None, kernel);
                        assert_eq!(got, want, "{kernel:?} m {m} n {n} vocab {vocab}");
                        let got = run_with(&a, &b, &mut s, Some(&mut cols), kernel);
                        assert_eq!(got, want, "{kernel:?} columns m {m} n {n} vocab {vocab}");
                        assert!(local.iter().all(|&w| w == 0));
                        assert!(masks.iter().all(|&w| w == 0));
                    }
                }
            }
        }
    }

    /// The AVX-512 kernels stop (memory-safely) at a token out of range of `local`; the
    /// checked scalar loop then takes over.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn test_avx512_single_block_stops_at_bad_token() {
        if !avx512::available() {
            return;
        }
        let local = [0u32, 1];
        let table = [[0u64; 8], [1u64; 8]];
        let mut carries = [0u8; 4];
        let mut v = [!0u64; 8];
        // SAFETY: AVX-512 is available (checked above).
        let done =
            unsafe { avx512::block_loop(&[1, 0, 7, 1], &local, &table, &mut carries, &mut v) };
        assert_eq!(done, 2);
        assert!(avx512::CheckedText::new(&[1, 0, 7], local.len()).is_none());
        assert!(avx512::CheckedText::new(&[1, 0, 1], local.len()).is_some());
    }

    #[test]
    fn test_bit_parallel_matches_dp_and_backtrack() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let lens = [
            0usize, 1, 2, 5, 63, 64, 65, 127, 128, 129, 200, 300, 513, 700, 1100,
        ];
        for &m in &lens {
            for &n in &lens {
                for vocab in [2u64, 5, 40, 600] {
                    let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                    let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                    let mut masks = vec![0u64; vocab as usize];
                    let mut local = vec![0u32; vocab as usize];
                    let mut table = vec![0u64; block_table_words()];
                    let mut carry = vec![0u8; n];
                    let mut cols = vec![0u64; n * words_for(m)];
                    let mut s = LcsScratch {
                        masks: &mut masks,
                        local: &mut local,
                        table: &mut table,
                        carry: &mut carry,
                    };
                    let want = lcs_table(&a, &b)[m][n] as usize;
                    assert_eq!(lcs_length(&a, &b, &mut s), want, "m {m} n {n}");
                    assert_eq!(lcs_columns(&a, &b, &mut s, &mut cols), want);
                    let mut marks = vec![0u64; words_for(m)];
                    mark_lcs(&a, &b, &cols, &mut marks);
                    let got: Vec<usize> = (0..m)
                        .filter(|&i| (marks[i / 64] >> (i % 64)) & 1 == 1)
                        .collect();
                    assert_eq!(got, backtrack_naive(&a, &b), "m {m} n {n} vocab {vocab}");
                    if m <= 64 && n > 0 && m > 0 {
                        set_masks(&a, s.masks);
                        let mut single = 0u64;
                        mark_lcs_single(&b, m, s.masks, &cols, &mut single);
                        clear_masks(&a, s.masks);
                        assert_eq!(single, marks[0], "fast read-out m {m} n {n}");
                    }
                    assert!(masks.iter().all(|&w| w == 0) && local.iter().all(|&w| w == 0));
                }
            }
        }
    }

    #[test]
    fn test_union_read_out_adds_the_backtracked_lcs() {
        let mut rng = Rng(0x0bad_cafe_dead_beef);
        let lens = [1usize, 2, 5, 31, 47, 63, 64];
        let texts = [0usize, 1, 3, 20, 47, 64, 100];
        for &m in &lens {
            for &n in &texts {
                for vocab in [2u64, 5, 40] {
                    for prior in 0..4 {
                        let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                        let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                        let valid = if m == 64 { !0u64 } else { (1u64 << m) - 1 };
                        // Marks already set: none, all, or random ones.
                        let before = match prior {
                            0 => 0,
                            1 => valid,
                            _ => rng.next() & valid,
                        };
                        let mut masks = vec![0u64; vocab as usize];
                        let mut cols = vec![0u64; n];
                        set_masks(&a, &mut masks);
                        let mut marks = before;
                        union_lcs_single(&b, 1u64 << (m - 1), &masks, &mut cols, &mut marks);
                        clear_masks(&a, &mut masks);
                        let want = backtrack_naive(&a, &b)
                            .iter()
                            .fold(before, |w, &i| w | 1u64 << i);
                        assert_eq!(marks, want, "m {m} n {n} vocab {vocab} prior {prior}");
                    }
                }
            }
        }
    }

    /// Several patterns in one word: each segment reads out what a pass over it alone would.
    #[test]
    fn test_union_read_out_of_packed_segments_matches_each_alone() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for case in 0..3000 {
            let vocab = [2u64, 3, 7, 30][case % 4];
            // Segment lengths summing to at most 64 (1-token and 64-token ones included).
            let mut lens = vec![];
            let mut total = 0;
            while total < 64 {
                let len = match rng.next() % 6 {
                    0 => 1,
                    1 => 64 - total,
                    _ => 1 + (rng.next() % 20) as usize,
                }
                .min(64 - total);
                lens.push(len);
                total += len;
                if rng.next() & 3 == 0 {
                    break;
                }
            }
            let n = (rng.next() % 40) as usize;
            let a: Vec<u32> = (0..total).map(|_| (rng.next() % vocab) as u32).collect();
            let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
            let (mut tops, mut start, mut want) = (0u64, 0, 0u64);
            let before = if case % 3 == 0 { rng.next() } else { 0 };
            for &len in &lens {
                tops |= 1u64 << (start + len - 1);
                for i in backtrack_naive(&a[start..start + len], &b) {
                    want |= 1u64 << (start + i);
                }
                start += len;
            }
            let valid = if total == 64 { !0 } else { (1u64 << total) - 1 };
            let before = before & valid;
            let mut masks = vec![0u64; vocab as usize];
            let mut cols = vec![0u64; n];
            set_masks(&a, &mut masks);
            let mut marks = before;
            union_lcs_single(&b, tops, &masks, &mut cols, &mut marks);
            assert_eq!(marks, want | before, "case {case} lens {lens:?} n {n}");
        }
    }
}
