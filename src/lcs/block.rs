//! One block of up to 8 words (512 pattern rows) over the whole text: its block-local mask
//! table, and the hot loop chaining the words' carries (from / to the neighbouring blocks
//! through one byte per text position).

use super::{count_zeros, Kernel, LcsScratch, TABLE_WORDS};
use crate::arch::{self, CheckedText, Features};

/// One block of up to `B` words (the rows `rows`, at most 64*B of them) over the whole text.
pub(super) fn block_pass<const B: usize>(
    rows: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    first: bool,
    last: bool,
    mut columns: Option<(&mut [u64], usize, usize)>,
    (kernel, features, checked): (Kernel, Features, Option<CheckedText>),
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
    // The step of the scalar kernels; the portable one only in the unit tests.
    let portable = cfg!(test) && kernel == Kernel::PortableBlocks;
    // The ids of the text's tokens. On 64-bit targets, unchecked loads when `checked` says the
    // tokens are below `local.len()` (the caller's one pass over the text), else checked ones in
    // `any_token_loop`. On 32-bit ones (bare metal, wasm), where code size counts more, checked
    // loads only: one copy of the loops.
    const WIDE: bool = cfg!(target_pointer_width = "64");
    let checked = checked.filter(|_| WIDE);
    let any_ids = || text.iter().map(|&t| local_id(local, t));
    macro_rules! pass {
        ($first:literal, $last:literal, $keep:expr) => {
            match (portable, WIDE, checked.and_then(|t| t.lookup(local))) {
                (false, true, Some(ids)) => in_range_loop::<B, $first, $last>(
                    ids,
                    table,
                    carries,
                    &mut v,
                    $keep,
                    arch::add_step_io::<B, { !$first }, { !$last }>,
                ),
                (false, true, None) => any_token_loop::<B>(
                    (text, local, table, carries, &mut v),
                    ($first, $last),
                    &mut { $keep },
                    arch::add_step::<B>,
                ),
                (false, false, _) => in_range_loop::<B, $first, $last>(
                    any_ids(),
                    table,
                    carries,
                    &mut v,
                    $keep,
                    arch::add_step_io::<B, { !$first }, { !$last }>,
                ),
                (true, _, _) => any_token_loop::<B>(
                    (text, local, table, carries, &mut v),
                    ($first, $last),
                    &mut { $keep },
                    arch::portable::add_step::<B>,
                ),
            }
        };
    }
    if kernel == Kernel::Wavefront && columns.is_none() {
        if let Ok(v8) = <&mut [u64; 8]>::try_from(&mut v[..]) {
            // The table has 8 words a row here (B == 8). The kernel reads every carry in, so
            // the first block's carries are zeroed (and the last block's written: harmless).
            let table8 = &s.table[..TABLE_WORDS].as_chunks::<8>().0[..next as usize + 1];
            if first {
                carries.fill(0);
            }
            let done = arch::block_loop(features, text, local, table8, carries, v8);
            // All of the text unless a token is out of range of `local` (or its id of the
            // table): the scalar loop then meets it as it would have from the start.
            let (text, carries) = (&text[done..], &mut carries[done..]);
            let ids = text.iter().map(|&t| local_id(local, t));
            let step = arch::add_step;
            block_loop::<B, false, false>(ids, table, carries, &mut v, |_| {}, step);
            return count_and_restore(rows, &v, s.local);
        }
    }
    match (columns.as_mut(), first, last) {
        (None, true, true) => pass!(true, true, |_| {}),
        (None, true, false) => pass!(true, false, |_| {}),
        (None, false, true) => pass!(false, true, |_| {}),
        (None, false, false) => pass!(false, false, |_| {}),
        (Some((cols, stride, offset)), _, _) => {
            let (stride, offset) = (*stride, *offset);
            let words = B.min(stride - offset);
            // The next column's words of this block, if `cols` holds that column (it should).
            let mut kept = cols.chunks_exact_mut(stride);
            let keep = |v: &[u64; B]| {
                let col = kept
                    .next()
                    .and_then(|col| col.get_mut(offset..offset + words));
                if let (Some(col), Some(v)) = (col, v.get(..words)) {
                    col.copy_from_slice(v);
                }
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

/// [`block_loop`], the loop that runs: over ids loaded unchecked (every token below
/// `local.len()`) on 64-bit targets, checked ones on 32-bit ones. On 64-bit targets its own
/// function, so that its registers are allocated apart from its caller's (inlined into
/// `lcs::run_with` it kept one of the 8 words in memory on aarch64); inlined on 32-bit ones,
/// where its 32 copies out of line grew the bare-metal library by a fifth (`ffi-tests/size`).
#[cfg_attr(target_pointer_width = "64", inline(never))]
#[cfg_attr(not(target_pointer_width = "64"), inline(always))]
fn in_range_loop<const B: usize, const FIRST: bool, const LAST: bool>(
    ids: impl Iterator<Item = u32>,
    table: &[[u64; B]],
    carries: &mut [u8],
    v: &mut [u64; B],
    keep: impl FnMut(&[u64; B]),
    step: impl Fn(&mut [u64; B], &[u64; B], u8) -> u8,
) {
    block_loop::<B, FIRST, LAST>(ids, table, carries, v, keep, step)
}

/// The block loop over ids loaded checked, for a text with tokens beyond `local` (which the
/// library's own callers never pass; a token out of `local` is absent from the block), and for
/// the unit tests' portable step. Block position, column keeping and step are arguments, not
/// type parameters: one function per width, where a copy of [`in_range_loop`]'s 8 per width
/// grew the bare-metal library by a tenth.
#[inline(never)]
#[allow(clippy::type_complexity)]
fn any_token_loop<const B: usize>(
    (text, local, table, carries, v): (&[u32], &[u32], &[[u64; B]], &mut [u8], &mut [u64; B]),
    (first, last): (bool, bool),
    keep: &mut dyn FnMut(&[u64; B]),
    step: fn(&mut [u64; B], &[u64; B], u8) -> u8,
) {
    for (&t, c) in text.iter().zip(carries.iter_mut()) {
        let m = table.get(local_id(local, t) as usize).unwrap_or(&[0; B]);
        let carry = step(v, m, if first { 0 } else { *c });
        if !last {
            *c = carry;
        }
        keep(v);
    }
}

/// The hot loop of [`block_pass`]: one text token (its block-local id in `ids`) updates the
/// block's `B` words, the addition's carry chained from word to word (and in from / out to
/// `carries` between blocks).
#[inline(always)]
fn block_loop<const B: usize, const FIRST: bool, const LAST: bool>(
    ids: impl Iterator<Item = u32>,
    table: &[[u64; B]],
    carries: &mut [u8],
    v: &mut [u64; B],
    mut keep: impl FnMut(&[u64; B]),
    step: impl Fn(&mut [u64; B], &[u64; B], u8) -> u8,
) {
    // A copy the loop owns, so that its words can live in registers (through `v` they stayed
    // in memory on aarch64: a load and a store per word and token).
    let mut w = *v;
    for (id, c) in ids.zip(carries.iter_mut()) {
        // `local` holds no id beyond the table; were one there, it would read as absent (a
        // `csel` of the row's address, not a compare and branch to a panic per token).
        let m = table.get(id as usize).unwrap_or(&[0; B]);
        let carry = if FIRST { 0 } else { *c };
        let carry = step(&mut w, m, carry);
        if !LAST {
            *c = carry;
        }
        keep(&w);
    }
    *v = w;
}

/// The block-local id of token `t`, checked: 0 (absent from the block) beyond `local`.
#[inline(always)]
fn local_id(local: &[u32], t: u32) -> u32 {
    local.get(t as usize).map_or(0, |&id| id)
}
