//! Longest common subsequence over dense token ids.
//!
//! Bit-parallel LCS (Hyyrö 2004, "Bit-parallel LCS-length computation revisited"; the same
//! kernel as rapidfuzz): the pattern's DP column is a bit vector `V` with a zero bit at every
//! row where the column's value steps up, and one text token updates 64 rows per word with
//! `V' = (V + (V & M)) | (V & !M)`, where `M` marks the pattern rows holding that token. Only
//! the addition's carry crosses words.
//!
//! This module is the driver: it dispatches on the pattern's length to one word
//! ([`single_word`]), to blocks of up to 8 words (512 rows, [`block`]: each block passes over
//! the whole text, its words' carries chained, and hands its final carry to the next block
//! through one byte per text position; within a block the match masks are indexed by a
//! block-local id, so a block's mask table stays at 32 KiB whatever the vocabulary and memory
//! stays linear in the input), or, with AVX-512 or AVX2, to groups of two to five 512-row blocks run
//! at once in a wavefront ([`wavefront`]). The instruction-set variants of the loops live in
//! `crate::arch`; which run is decided by the [`Features`] the caller detected.
//!
//! The columns can be kept (one bit per cell) to read out one particular LCS afterwards
//! ([`readout`]). The short kernels of patterns up to 128 tokens are generic over [`Rows`].

mod block;
mod readout;
mod rows;
mod wavefront;

pub use readout::{mark_lcs, mark_lcs_single, union_lcs_single};
pub(crate) use rows::{clear_masks_wide, lcs_length_rows, set_masks_wide, Rows};

use crate::arch::{self, CheckedText, Features, LazyFeatures};
use block::block_pass;

/// Words of a bit vector holding `bits` bits.
pub const fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// Words per block of the long-pattern kernel.
const BLOCK_WORDS: usize = 8;
/// Words of one block's local mask table: id 0 (absent token) plus one per block row.
const TABLE_WORDS: usize = arch::LCS_TABLE_WORDS;
const _: () = assert!(TABLE_WORDS == (64 * BLOCK_WORDS + 1) * BLOCK_WORDS);

/// Words of the block-local mask tables: five blocks' (160 KiB: the wavefront kernel runs up to
/// five blocks at once; the others use the first table).
pub const fn block_table_words() -> usize {
    5 * TABLE_WORDS
}

/// Words of block tables the kernels need for patterns of at most `pattern_len` tokens: none
/// for one word, one block's table up to one block, all five tables beyond (the wavefront kernels
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
    run(pattern, text, s, None, &mut LazyFeatures::undetected())
}

/// Length of the LCS, keeping every column: column j (after text token j) word w is at
/// `columns[j * words_for(pattern.len()) + w]`. `columns` should hold `text.len()` columns;
/// the words beyond its length are not kept.
pub fn lcs_columns(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: &mut [u64],
) -> usize {
    run(
        pattern,
        text,
        s,
        Some(columns),
        &mut LazyFeatures::undetected(),
    )
}

/// [`lcs_length`] with the features of one call: given, or detected on its first need and kept
/// for the rest of it.
pub(crate) fn lcs_length_lazy(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    features: &mut LazyFeatures,
) -> usize {
    run(pattern, text, s, None, features)
}

/// [`lcs_length`] with the optional instruction sets of `features` only (detected ones, or a
/// subset: [`Features::restrict`]) instead of those it detects itself: how a test or benchmark
/// forces a variant. The same result whatever `features` holds.
#[doc(hidden)]
pub fn lcs_length_with_features(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    features: Features,
) -> usize {
    let mut features = LazyFeatures::known(features);
    run(pattern, text, s, None, &mut features)
}

fn run(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: Option<&mut [u64]>,
    features: &mut LazyFeatures,
) -> usize {
    let (kernel, features) = Kernel::pick(pattern.len(), text.len(), columns.is_none(), features);
    run_with(pattern, text, s, columns, kernel, features)
}

/// How the long-pattern blocks update their words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kernel {
    /// Block by block, with the target's baseline step (`arch::add_step`).
    Blocks,
    /// Block by block with the portable step (`arch::portable::add_step`): the oracle of the
    /// unit tests (the same as `Blocks` on targets without a faster baseline step).
    #[cfg_attr(not(test), allow(dead_code))]
    PortableBlocks,
    /// Without columns, [`wavefront::quad_pass`] for groups of four or five blocks (when the
    /// ids fit `masks`), [`wavefront::pair_pass`] for pairs of blocks and one 8-word block
    /// loop (`arch::block_loop`) for a last block of 5 to 8 words: the AVX-512 or AVX2 loops
    /// when the features have them (the only cases picked outside the tests), else their
    /// portable twins.
    Wavefront,
}

/// Fewest DP cells for which [`Kernel::pick`] asks for the features (a detection costs
/// microseconds under some hypervisors, and the library keeps no global state to cache it).
const WAVEFRONT_MIN_CELLS: usize = 4 << 20;

impl Kernel {
    /// The fastest kernel for a pattern of `m` tokens and a text of `n` tokens, and the
    /// features it runs with. The features are only asked for (and detected, if not known)
    /// for work large enough to repay a detection; when they are known already (a prepared
    /// scorer's, a test's or benchmark's) or built in (AVX-512 F and DQ with `-C
    /// target-feature` or `-C target-cpu`: known at compile time), the answer is free, so any
    /// long pattern takes the wavefront kernels (on W2's ~1,000-token pairs about 1.4 times as
    /// fast as the blocks one after the other, AVX2 or AVX-512; `benches/README.md`).
    fn pick(m: usize, n: usize, length_only: bool, lazy: &mut LazyFeatures) -> (Kernel, Features) {
        let min_cells = if arch::LCS_AVX512_BUILT_IN || lazy.is_known() {
            0
        } else {
            WAVEFRONT_MIN_CELLS
        };
        if length_only && m > 64 * BLOCK_WORDS && m.saturating_mul(n) >= min_cells {
            let features = lazy.for_lcs();
            if features.lcs_wavefront() {
                return (Kernel::Wavefront, features);
            }
        }
        (Kernel::Blocks, Features::portable())
    }
}

fn run_with(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: Option<&mut [u64]>,
    kernel: Kernel,
    features: Features,
) -> usize {
    if pattern.is_empty() || text.is_empty() {
        return 0;
    }
    if pattern.len() <= 64 {
        set_masks(pattern, s.masks);
        let len = match columns {
            Some(cols) => single_word(pattern.len(), text, s.masks, |j, v| {
                if let Some(col) = cols.get_mut(j) {
                    *col = v;
                }
            }),
            None => single_word(pattern.len(), text, s.masks, |_, _| {}),
        };
        clear_masks(pattern, s.masks);
        return len;
    }
    let words = words_for(pattern.len());
    let mut columns = columns;
    let mut length = 0;
    let mut first = 0;
    // Whether every text token is below `local.len()`: checked once here for every kernel.
    let checked = CheckedText::new(text, s.local.len());
    if kernel == Kernel::Wavefront && columns.is_none() {
        let tables = s.table.len() >= block_table_words();
        if let (true, Some(checked)) = (tables, checked) {
            // Groups of four or five blocks (the last possibly short) through the wavefront
            // kernels, whose ids live in `masks` (and `local` for a fifth block): every token
            // must be below their lengths.
            let masks = s.masks.len();
            if checked.fits(masks) && CheckedText::new(pattern, masks).is_some() {
                let five_first = features.lcs_avx2() && !features.lcs_avx512();
                while words - first > 3 * BLOCK_WORDS {
                    let block = wavefront_group(words - first, five_first);
                    let rows = block_rows(pattern, first, block);
                    length += wavefront::quad_pass(rows, checked, s, first == 0, features);
                    first += block;
                }
            }
            // Pairs of blocks (the second possibly short) through the two-block kernel.
            while words - first > BLOCK_WORDS {
                let block = (words - first).min(2 * BLOCK_WORDS);
                let rows = block_rows(pattern, first, block);
                length += wavefront::pair_pass(rows, checked, s, first == 0, features);
                first += block;
            }
        }
    }
    while first < words {
        let block = (words - first).min(BLOCK_WORDS);
        let rows = block_rows(pattern, first, block);
        let cols = columns.as_deref_mut().map(|c| (c, words, first));
        let last = first + block == words;
        let f = first == 0;
        let k = (kernel, features, checked);
        length += match block {
            1 => block_pass::<1>(rows, text, s, f, last, cols, k),
            2 => block_pass::<2>(rows, text, s, f, last, cols, k),
            3 | 4 => block_pass::<4>(rows, text, s, f, last, cols, k),
            _ => block_pass::<8>(rows, text, s, f, last, cols, k),
        };
        first += block;
    }
    length
}

/// The rows of `pattern` from word `first` on, `words` words of them at most (the last block may
/// be short), as a slice that cannot panic.
fn block_rows(pattern: &[u32], first: usize, words: usize) -> &[u32] {
    let rows = pattern.get(first * 64..).unwrap_or(&[]);
    &rows[..rows.len().min(words * 64)]
}

/// The words of the next wavefront group when `rest` words (more than three blocks) are left:
/// four blocks, or five when a fifth would otherwise be left to run alone (a lone block's
/// steps are a chain of dependent operations; in the wavefront they overlap the others').
/// With `five_first` (the AVX2 loops, whose four-block step is bound by its chains' latency:
/// a fifth block costs a tenth of a four-block step, see `benches/README.md`) five wherever
/// the blocks left are not 6 or 8 (four and two, or four and four, then).
fn wavefront_group(rest: usize, five_first: bool) -> usize {
    const B: usize = BLOCK_WORDS;
    // In words: the last block may be short, so six blocks are 5 * B + 1 to 6 * B words.
    let six_or_eight = (5 * B < rest && rest <= 6 * B) || (7 * B < rest && rest <= 8 * B);
    if rest <= 5 * B {
        rest
    } else if five_first && !six_or_eight {
        5 * B
    } else {
        4 * B
    }
}

/// Sets the match masks of a pattern of at most 64 tokens.
pub fn set_masks(pattern: &[u32], masks: &mut [u64]) {
    // Tokens past `masks` (none, when it covers the ids as documented) are left out rather
    // than a panic path.
    for (bit, &t) in pattern.iter().enumerate() {
        if let Some(m) = masks.get_mut(t as usize) {
            *m |= 1u64 << bit;
        }
    }
}

/// Clears what [`set_masks`] set.
pub fn clear_masks(pattern: &[u32], masks: &mut [u64]) {
    for &t in pattern {
        if let Some(m) = masks.get_mut(t as usize) {
            *m = 0;
        }
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

/// A block's mask table from its rows (at most `64 * stride`): each distinct token gets a
/// block-local id, 1, 2, ... in order of first appearance, kept in its entry of `entries`
/// (through `get` and `set`: the whole entry or a 16-bit field of it); the table's rows 0 (the
/// absent token's) to the last id are zeroed; each row's bit is set in its token's row of
/// `stride` words. Returns the number of ids.
///
/// Two passes, ids then bits, the rows in use zeroed in one fill between them, and no branch
/// on whether a token is new to the block: about half of a long pattern's rows are, as good as
/// at random, and with the row cleared where its id was handed out that branch made building
/// the tables an eighth of a W3 pair's LCS (`benches/README.md`).
#[inline(always)]
fn block_table<E: Copy>(
    rows: &[u32],
    entries: &mut [E],
    table: &mut [u64],
    stride: usize,
    get: impl Fn(E) -> usize,
    set: impl Fn(E, usize) -> E,
) -> usize {
    let mut next = 0;
    for &t in rows {
        if let Some(e) = entries.get_mut(t as usize) {
            let id = get(*e);
            // New to the block: no id yet (0), or one above those handed out so far (an entry
            // not zero on entry, against the contract, is renumbered: ids stay in the table).
            let new = id.wrapping_sub(1) >= next;
            next += usize::from(new);
            *e = set(*e, if new { next } else { id });
        }
    }
    let used = table.len().min((next + 1).saturating_mul(stride));
    table[..used].fill(0);
    for (r, &t) in rows.iter().enumerate() {
        if let Some(&e) = entries.get(t as usize) {
            let word = get(e).saturating_mul(stride).saturating_add(r / 64);
            if let Some(w) = table.get_mut(word) {
                *w |= 1 << (r % 64);
            }
        }
    }
    next
}

/// The zero bits among the first `rows` bits of `v`: the LCS length a block's last column
/// holds.
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

#[cfg(test)]
mod tests;
