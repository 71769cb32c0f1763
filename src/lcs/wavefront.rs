//! Two to five 512-row blocks over the text at once, in a wavefront: step j updates block h at
//! token j - h, its carry in being block h - 1's carry out of the step before, so the blocks'
//! dependency chains overlap (the anti-diagonal schedule of blocked dynamic programming that
//! SIMD sequence alignment uses: Wozniak 1997, "Using video-oriented instructions to speed up
//! sequence comparison", here across blocks of rows). This module builds the blocks' tables
//! and runs the ramps at both ends; the steps in between are `arch::pair_loop`,
//! `arch::quad_loop` and `arch::quint_loop` (AVX-512 or AVX2 when the features have it).

use super::{block_table, count_zeros, LcsScratch, TABLE_WORDS};
use crate::arch::portable::QUAD_MIN_TEXT;
use crate::arch::{self, CheckedText, Features};

/// Two blocks, A (the first 512 of `rows`) and B (the rest, 1 to 512 rows), over the
/// whole text in a wavefront: each step updates A at token j and B at token j - 1, B's
/// carry in being A's carry out of the previous step. The two dependency chains are
/// independent within a step, so one hides the other's latency. Their block-local ids
/// share `local` (A's in the low 16 bits, B's in the high 16) and each has its own table.
/// Returns the LCS length contributed by the rows.
pub(super) fn pair_pass(
    rows: &[u32],
    text: CheckedText,
    s: &mut LcsScratch,
    first: bool,
    features: Features,
) -> usize {
    let checked = text;
    let text = text.get();
    let half = rows.len().min(512);
    let mut next = [0usize; 2];
    for (h, (table, next)) in s
        .table
        .chunks_exact_mut(TABLE_WORDS)
        .zip(&mut next)
        .enumerate()
    {
        // A's ids in the low 16 bits of `local`, B's in the high 16.
        let shift = 16 * h;
        let get = |e: u32| ((e >> shift) & 0xffff) as usize;
        let set = |e: u32, id: usize| (e & !(0xffff << shift)) | (id as u32) << shift;
        let rows = rows.get(512 * h..).unwrap_or(&[]);
        *next = block_table(&rows[..rows.len().min(512)], s.local, table, 8, get, set);
    }
    let tables: &[u64] = s.table;
    let Ok(tables) = <&[u64; 2 * TABLE_WORDS]>::try_from(&tables[..2 * TABLE_WORDS]) else {
        return 0; // unreachable: the slice has that length
    };
    let (ta, tb) = tables.split_at(TABLE_WORDS);
    let ta = &ta.as_chunks::<8>().0[..next[0] + 1];
    let tb = &tb.as_chunks::<8>().0[..next[1] + 1];
    let local = &*s.local;
    let n = text.len();
    let carries = &mut s.carry[..n];
    let step = arch::add_step;
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
        arch::pair_loop(features, checked, local, tables, carries, &mut v);
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
/// the previous step. One block's step is a chain of dependent operations (compare into a
/// mask register, three mask operations, a masked subtract) using a fraction of the core's
/// ports, so four chains take little more time a step than two (figures in
/// `benches/README.md`; the schedule is Wozniak's, see the module). The AVX-512 loops load
/// the rows of each step a step ahead (a software pipeline: the loads' chain, text -> ids ->
/// row, is longer than a step). The four block-local ids of a token are the four 16-bit
/// fields of its `masks` word (unused by the multi-word kernels; left zero on return), each
/// block has its own table (scratch: five tables). `text` is checked against `masks` (and,
/// for a fifth block, `local`).
///
/// With more than 2048 rows, a fifth block E (the rest, 1 to 512 rows) runs in the same
/// wavefront (`arch::quint_loop`), its ids in `local`: a lone last block would take a pass of
/// its own at a chain's latency a step, about twice a block's share of a wavefront step.
/// Returns the LCS length contributed by the rows.
pub(super) fn quad_pass(
    rows: &[u32],
    text: CheckedText,
    s: &mut LcsScratch,
    first: bool,
    features: Features,
) -> usize {
    const TW: usize = TABLE_WORDS;
    let checked = text;
    let text = text.get();
    // At most 2560 rows (the caller's slice): blocks A-D in `masks`' fields, E in `local`.
    let rows = &rows[..rows.len().min(5 * 512)];
    let blocks = rows.len().div_ceil(512);
    for (h, (rows, table)) in rows
        .chunks(512)
        .zip(s.table.chunks_exact_mut(TW))
        .enumerate()
    {
        if h < 4 {
            let shift = 16 * h;
            let get = |e: u64| ((e >> shift) & 0xffff) as usize;
            let set = |e: u64, id: usize| (e & !(0xffff << shift)) | (id as u64) << shift;
            block_table(rows, s.masks, table, 8, get, set);
        } else {
            block_table(
                rows,
                s.local,
                table,
                8,
                |e: u32| e as usize,
                |_, id| id as u32,
            );
        }
    }
    // The absent token's row of the tables no block uses (the loops may read them).
    for table in s.table.chunks_exact_mut(TW).take(5).skip(blocks) {
        table[..8].fill(0);
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
    let step = arch::add_step;
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
    // A fifth block's ids are in `local`: its loop needs every token below its length too.
    let fifth_fits = checked.fits(local.len());
    if n < QUAD_MIN_TEXT || (blocks == 5 && !fifth_fits) {
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
            let text = checked.prefix(n);
            arch::quint_loop(features, text, masks, local, tables, carries, &mut v);
        } else if let (Ok(t4), Ok(v4)) = (
            <&[u64; 4 * TW]>::try_from(&tables[..4 * TW]),
            <&mut [[u64; 8]; 4]>::try_from(&mut v[..4]),
        ) {
            arch::quad_loop(features, checked.prefix(n), masks, t4, carries, v4);
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
