//! The portable twins: every function an instruction-set module (`x86_64::sse2`,
//! `x86_64::avx512`, `aarch64::neon`) exports is here too, with the same name and
//! signature, in plain Rust (SWAR, "SIMD within a register", for the byte classification).
//! They always compile, serve targets without those instruction sets, and are the oracle of
//! the tests of the others (`arch::tests`).

use super::{BlockBits, LCS_TABLE_WORDS};

/// A byte 0x01 in every lane, for SWAR byte constants.
const ONES: u64 = 0x0101_0101_0101_0101;
/// Bit 7 of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Bit 5 of every byte: ORed into an ASCII letter or digit, its lowercase (digits have it).
const LOWER: u64 = 0x20 * ONES;

/// Bit 7 of each byte of `c` that is an ASCII letter or digit, all others clear. SWAR range
/// tests: in a byte below 0x80, adding `0x80 - lo` sets bit 7 exactly when the byte is at
/// least `lo`, and never carries into the next byte; bytes of 0x80 and above are masked out.
#[inline(always)]
fn word_bits(c: u64) -> u64 {
    let v = c & !HIGH;
    // Letters folded to lowercase: 'a'..='z' is 0x61..=0x7A, digits 0x30..=0x39.
    let l = v | LOWER;
    let letter = (l + (0x80 - 0x61) * ONES) & !(l + (0x80 - 0x7B) * ONES);
    let digit = (v + (0x80 - 0x30) * ONES) & !(v + (0x80 - 0x3A) * ONES);
    (letter | digit) & !c & HIGH
}

/// Bit 7 of each byte of `c` that is `\n`: an exact zero-byte test of `c ^ 0x0A..` (bit 7 of
/// `(x & 0x7F) + 0x7F` is set when the low seven bits are not all 0, without carries).
#[inline(always)]
fn newline_bits(c: u64) -> u64 {
    let x = c ^ (b'\n' as u64 * ONES);
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

/// Bit 7 of each byte of `c` that is 0 or 0x80 and above: bit 7 of `(x & 0x7F) + 0x7F` is
/// set unless the low seven bits are all 0, so a NUL has it clear in that sum ORed with `x`.
#[inline(always)]
fn odd_bits(c: u64) -> u64 {
    (!(((c & !HIGH) + !HIGH) | c) | c) & HIGH
}

/// Bit 7 of each byte gathered into one bit per byte (byte k to bit k): the multiply adds
/// the eight bits, shifted to distinct places, into the top byte without carries.
#[inline(always)]
fn gather(bits: u64) -> u32 {
    ((bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The 16 bytes `c0` (bytes 0..8) and `c1` (8..16) classified, one bit per byte: which are
/// ASCII letters or digits, and which are `\n`.
#[inline(always)]
pub(crate) fn classify(c0: u64, c1: u64) -> (u32, u32) {
    (
        gather(word_bits(c0)) | gather(word_bits(c1)) << 8,
        gather(newline_bits(c0)) | gather(newline_bits(c1)) << 8,
    )
}

/// The `\n` bytes of 16 (`c0` bytes 0..8, `c1` 8..16), and those that are not plain ASCII
/// (0, or 0x80 and above), one bit per byte.
#[inline(always)]
pub(crate) fn newlines_and_odd(c0: u64, c1: u64) -> (u32, u32) {
    (
        gather(newline_bits(c0)) | gather(newline_bits(c1)) << 8,
        gather(odd_bits(c0)) | gather(odd_bits(c1)) << 8,
    )
}

/// A 64-byte block classified ([`BlockBits`]), and its word bytes lowercased into `clean`,
/// every other byte 0: there a word is read by one 16-byte load from its start, its length
/// being where the first 0 is ([`first_zero`]). [`word_bits`] spread to whole bytes selects
/// them.
#[inline(always)]
pub(crate) fn clean_block(block: &[u8; 64], clean: &mut [u8; 64]) -> BlockBits {
    let mut bits = BlockBits::default();
    for (k, (c, d)) in block
        .chunks_exact(8)
        .zip(clean.chunks_exact_mut(8))
        .enumerate()
    {
        let c = u64::from_le_bytes(c.try_into().unwrap_or_default());
        let w = word_bits(c);
        // Bit 7 of each word byte to all eight bits of it (no carries: one bit per byte).
        d.copy_from_slice(&((c | LOWER) & ((w >> 7) * 0xFF)).to_le_bytes());
        bits.words |= (gather(w) as u64) << (8 * k);
        bits.newlines |= (gather(newline_bits(c)) as u64) << (8 * k);
        bits.odd |= (gather(odd_bits(c)) as u64) << (8 * k);
    }
    bits
}

/// The position of the first 0 byte of the 16, 16 if none: the classic zero-byte test,
/// `(x - 0x01..) & !x & 0x80..`, exact at the first zero byte (only bytes above it can be
/// flagged falsely, by a borrow).
#[inline(always)]
pub(crate) fn first_zero(bytes: &[u8; 16]) -> usize {
    let (lo, hi) = bytes.split_at(8);
    let c0 = u64::from_le_bytes(lo.try_into().unwrap_or_default());
    let c1 = u64::from_le_bytes(hi.try_into().unwrap_or_default());
    let z0 = c0.wrapping_sub(ONES) & !c0 & HIGH;
    let z1 = c1.wrapping_sub(ONES) & !c1 & HIGH;
    // Bit 7 of byte k to bit 8k: 128 trailing zeros (16 bytes) when there is no 0.
    let z = (z0 as u128 | (z1 as u128) << 64) >> 7;
    (z.trailing_zeros() / 8) as usize
}

/// The key of a word under 16 bytes (`text::vocab`'s short key: its bytes, zero-padded, and
/// its length in byte 15), held as the target holds it best; stored in tables as two `u64`.
#[derive(Clone, Copy)]
pub(crate) struct Key([u64; 2]);

impl Key {
    /// The key of the word at the start of `bytes` (the word's bytes, then 0, as
    /// [`clean_block`] writes them); `None` for 16 bytes or more.
    #[inline(always)]
    pub(crate) fn of(bytes: &[u8; 16]) -> Option<Key> {
        let len = first_zero(bytes);
        if len >= 16 {
            return None;
        }
        let keep = (1u128 << (8 * len)) - 1;
        let key = u128::from_le_bytes(*bytes) & keep | (len as u128) << 120;
        Some(Key([key as u64, (key >> 64) as u64]))
    }

    /// The two halves (bytes 0..8 and 8..16).
    #[inline(always)]
    pub(crate) fn halves(self) -> [u64; 2] {
        self.0
    }

    /// Writes the key to the first two words of `entry`.
    #[inline(always)]
    pub(crate) fn store(self, entry: &mut [u64; 6]) {
        entry[..2].copy_from_slice(&self.0);
    }

    /// Whether the first two words of `entry` are the key.
    #[inline(always)]
    pub(crate) fn is_at(self, entry: &[u64; 6]) -> bool {
        (entry[0] ^ self.0[0]) | (entry[1] ^ self.0[1]) == 0
    }
}

/// One text token through an LCS block's `B` words: `V' = (V + (V & M)) | (V & !M)` (Hyyrö
/// 2004), the addition's carry (0 or 1) chained from word to word through `overflowing_add`;
/// returns the carry out of the last word.
#[inline(always)]
pub(crate) fn add_step<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    let mut carry = carry as u64;
    for w in 0..B {
        let (sum, c1) = v[w].overflowing_add(v[w] & m[w]);
        let (sum, c2) = sum.overflowing_add(carry);
        carry = (c1 | c2) as u64;
        v[w] = sum | (v[w] & !m[w]);
    }
    carry as u8
}

/// Row `id` of block table `h` of `tables` (ids above 512, out of any table, read as 0: the
/// tokens absent from the block).
#[inline(always)]
fn row(tables: &[u64], h: usize, id: usize) -> &[u64; 8] {
    let id = if id > 512 { 0 } else { id };
    tables
        .get(h * LCS_TABLE_WORDS + id * 8..)
        .and_then(<[u64]>::first_chunk::<8>)
        .unwrap_or(&[0; 8])
}

/// Runs the 8-word block `v` over `text` (masks `table[local[t]]`), the carry into the block
/// at position j read from `carries[j]` and the carry out written there. Returns how many
/// tokens it processed: all unless a token is not below `local.len()` or its id not below
/// `table.len()`, where it stops (the caller's checked loop takes over).
pub(crate) fn block_loop(
    text: &[u32],
    local: &[u32],
    table: &[[u64; 8]],
    carries: &mut [u8],
    v: &mut [u64; 8],
) -> usize {
    let n = text.len().min(carries.len());
    for j in 0..n {
        let Some(m) = local
            .get(text[j] as usize)
            .and_then(|&id| table.get(id as usize))
        else {
            return j;
        };
        carries[j] = add_step(v, m, carries[j]);
    }
    n
}

/// Two blocks in a wavefront, A (ids in the low 16 bits of `local`, the first table) at tokens
/// 1..n and B (the high 16 bits, the second table) at 0..n - 1: step j updates A at token j
/// and B at token j - 1, B's carry in being A's carry out of the step before. On entry
/// `carries[0]` holds A's carry out at token 0 and `carries[j]` (j >= 1) the carry into A at
/// j; on return `carries[j]` (j < n - 1) holds B's carry out at j and `carries[n - 1]` A's
/// carry out at n - 1 (the carry into B there). Tokens out of `local` have no rows.
pub(crate) fn pair_loop(
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
    let id = |t: u32, h: usize| {
        local
            .get(t as usize)
            .map_or(0, |&e| (e >> (16 * h)) & 0xffff)
    };
    let mut a_out = carries[0];
    for j in 1..n {
        let b_out = add_step(
            &mut v[1],
            row(tables, 1, id(text[j - 1], 1) as usize),
            a_out,
        );
        a_out = add_step(
            &mut v[0],
            row(tables, 0, id(text[j], 0) as usize),
            carries[j],
        );
        carries[j - 1] = b_out;
    }
    carries[n - 1] = a_out;
}

/// Shortest text for [`quad_loop`] and [`quint_loop`] (at least one step; they read 8
/// tokens ahead).
pub(crate) const QUAD_MIN_TEXT: usize = 16;

/// The block-local id of token `t` in block `h` (0..4): the 16-bit field `h` of its `masks`
/// word (0 for a token out of `masks`).
#[inline(always)]
fn field(masks: &[u64], t: u32, h: usize) -> usize {
    masks
        .get(t as usize)
        .map_or(0, |&e| ((e >> (16 * h)) & 0xffff) as usize)
}

/// Four blocks A, B, C, D (ids in the four 16-bit fields of `masks`, tables in order) in a
/// wavefront: j from 3 to e - 1 (e = n - 8, for a text of n >= [`QUAD_MIN_TEXT`] tokens;
/// nothing otherwise), block h at token j - h, its carry in being block h - 1's carry out of
/// the step before. On entry `carries[2]`, `carries[1]`, `carries[0]` hold the carries out of
/// A at token 2, B at 1, C at 0 (the carries into B, C, D at the first step) and `carries[j]`
/// (j >= 3) the carry into A at j; on return `carries[j]` holds D's carry out at j for
/// j < e - 3, and C's, B's, A's at e - 3, e - 2, e - 1 (the rest as on entry).
pub(crate) fn quad_loop(
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
    let Some(&[c0, c1, c2]) = carries.first_chunk::<3>() else {
        return;
    };
    let (mut a, mut b, mut c) = (c2, c1, c0);
    for j in 3..e {
        // In range (j < e < n); `get` leaves no panic path in the library.
        let (Some(&[t3, t2, t1, t0]), Some(&a_in)) = (
            text.get(j - 3..).and_then(<[u32]>::first_chunk::<4>),
            carries.get(j),
        ) else {
            break;
        };
        // D first: each block reads the carry of the step before, then the one above
        // overwrites it.
        let d_out = add_step(&mut v[3], row(tables, 3, field(masks, t3, 3)), c);
        c = add_step(&mut v[2], row(tables, 2, field(masks, t2, 2)), b);
        b = add_step(&mut v[1], row(tables, 1, field(masks, t1, 1)), a);
        a = add_step(&mut v[0], row(tables, 0, field(masks, t0, 0)), a_in);
        if let Some(slot) = carries.get_mut(j - 3) {
            *slot = d_out;
        }
    }
    // In range (3 <= e <= n); `get_mut` leaves no panic path in the library.
    if let Some(tail) = carries.get_mut(e - 3..e) {
        tail.copy_from_slice(&[c, b, a]);
    }
}

/// [`quad_loop`] with a fifth block E (its ids in `local`, its table the fifth) at token j - 4:
/// j from 4 to e - 1 (e = n - 8). On entry `carries[3]`, `carries[2]`, `carries[1]`,
/// `carries[0]` hold the carries out of A at token 3, B at 2, C at 1, D at 0 (into B, C, D, E
/// at the first step) and `carries[j]` (j >= 4) the carry into A at j; on return `carries[j]`
/// holds E's carry out at j for j < e - 4, and D's, C's, B's, A's at e - 4, e - 3, e - 2,
/// e - 1.
pub(crate) fn quint_loop(
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
    let Some(&[c0, c1, c2, c3]) = carries.first_chunk::<4>() else {
        return;
    };
    let (mut a, mut b, mut c, mut d) = (c3, c2, c1, c0);
    for j in 4..e {
        // In range (j < e < n); `get` leaves no panic path in the library.
        let (Some(&[t4, t3, t2, t1, t0]), Some(&a_in)) = (
            text.get(j - 4..).and_then(<[u32]>::first_chunk::<5>),
            carries.get(j),
        ) else {
            break;
        };
        let e_id = local.get(t4 as usize).map_or(0, |&id| id as usize);
        let e_out = add_step(&mut v[4], row(tables, 4, e_id), d);
        d = add_step(&mut v[3], row(tables, 3, field(masks, t3, 3)), c);
        c = add_step(&mut v[2], row(tables, 2, field(masks, t2, 2)), b);
        b = add_step(&mut v[1], row(tables, 1, field(masks, t1, 1)), a);
        a = add_step(&mut v[0], row(tables, 0, field(masks, t0, 0)), a_in);
        if let Some(slot) = carries.get_mut(j - 4) {
            *slot = e_out;
        }
    }
    // In range (4 <= e <= n); `get_mut` leaves no panic path in the library.
    if let Some(tail) = carries.get_mut(e - 4..e) {
        tail.copy_from_slice(&[d, c, b, a]);
    }
}
