//! Longest common subsequence over dense token ids.
//!
//! Bit-parallel LCS (Hyyrö 2004, "Bit-parallel LCS-length computation revisited"; the same
//! kernel as rapidfuzz): the pattern's DP column is a bit vector `V` with a zero bit at every
//! row where the column's value steps up, and one text token updates 64 rows per word with
//! `V' = (V + (V & M)) | (V & !M)`, where `M` marks the pattern rows holding that token. Only
//! the addition's carry crosses words.
//!
//! Long patterns run in blocks of up to 8 words (512 rows): each block passes over the whole
//! text, its words' carries chained in registers, and hands its final carry to the next block
//! through one byte per text position. Within a block the match masks are indexed by a
//! block-local id (at most 512 distinct tokens), so the mask table stays at 32 KiB whatever
//! the vocabulary (L1-resident), and memory stays linear in the input.
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
/// Words of the block-local mask table: id 0 (absent token) plus one per block row.
pub const fn block_table_words() -> usize {
    (64 * BLOCK_WORDS + 1) * BLOCK_WORDS
}

/// Scratch of the LCS kernels.
pub struct LcsScratch<'a> {
    /// One word per dense id, all zero on entry (left zero on return).
    pub masks: &'a mut [u64],
    /// One entry per dense id, all zero on entry (left zero on return).
    pub local: &'a mut [u32],
    /// [`block_table_words`] words, any contents.
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
    while first < words {
        let block = (words - first).min(BLOCK_WORDS);
        let rows = &pattern[first * 64..pattern.len().min((first + block) * 64)];
        let cols = columns.as_deref_mut().map(|c| (c, words, first));
        let last = first + block == words;
        length += match block {
            1 => block_pass::<1>(rows, text, s, first == 0, last, cols),
            2 => block_pass::<2>(rows, text, s, first == 0, last, cols),
            3 | 4 => block_pass::<4>(rows, text, s, first == 0, last, cols),
            _ => block_pass::<8>(rows, text, s, first == 0, last, cols),
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
    let (table, _) = s.table.as_chunks::<B>();
    let table = &table[..next as usize + 1];
    let local = &*s.local;
    let carries = &mut s.carry[..text.len()];
    let mut v = [!0u64; B];
    match (columns.as_mut(), first, last) {
        (None, true, true) => {
            block_loop::<B, true, true>(text, local, table, carries, &mut v, |_, _| {})
        }
        (None, true, false) => {
            block_loop::<B, true, false>(text, local, table, carries, &mut v, |_, _| {})
        }
        (None, false, true) => {
            block_loop::<B, false, true>(text, local, table, carries, &mut v, |_, _| {})
        }
        (None, false, false) => {
            block_loop::<B, false, false>(text, local, table, carries, &mut v, |_, _| {})
        }
        (Some((cols, stride, offset)), _, _) => {
            let (stride, offset) = (*stride, *offset);
            let words = B.min(stride - offset);
            let keep = |j: usize, v: &[u64; B]| {
                cols[j * stride + offset..][..words].copy_from_slice(&v[..words])
            };
            match (first, last) {
                (true, true) => {
                    block_loop::<B, true, true>(text, local, table, carries, &mut v, keep)
                }
                (true, false) => {
                    block_loop::<B, true, false>(text, local, table, carries, &mut v, keep)
                }
                (false, true) => {
                    block_loop::<B, false, true>(text, local, table, carries, &mut v, keep)
                }
                (false, false) => {
                    block_loop::<B, false, false>(text, local, table, carries, &mut v, keep)
                }
            }
        }
    }
    // Count the zero bits of the valid rows, then restore the scratch.
    let mut length = 0;
    for (w, &word) in v.iter().enumerate() {
        let valid = rows.len().saturating_sub(w * 64).min(64);
        if valid > 0 {
            let mask = if valid == 64 {
                !0u64
            } else {
                (1u64 << valid) - 1
            };
            length += valid - (word & mask).count_ones() as usize;
        }
    }
    for &t in rows {
        s.local[t as usize] = 0;
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
) {
    for (j, (&t, c)) in text.iter().zip(carries.iter_mut()).enumerate() {
        let m = &table[local[t as usize] as usize];
        let mut carry = if FIRST { 0 } else { *c as u64 };
        for w in 0..B {
            let (sum, c1) = v[w].overflowing_add(v[w] & m[w]);
            let (sum, c2) = sum.overflowing_add(carry);
            carry = (c1 | c2) as u64;
            v[w] = sum | (v[w] & !m[w]);
        }
        if !LAST {
            *c = carry as u8;
        }
        keep(j, v);
    }
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
/// `pattern` (at most 64 tokens, masks set, `rows` of them) and `text`, reading out only
/// what can still add a mark (summary-level ROUGE-L, Lin 2004 section 3.2, needs only the
/// union of the LCS hits of a reference sentence over the candidate sentences).
///
/// The forward pass is the one-word kernel of Hyyrö 2004 keeping every column in `columns`
/// (at least `text.len()` words); it also ORs the masks of the text's tokens: the rows the
/// text can match at all. The read-out then walks back as [`mark_lcs_single`] does, but stops
/// as soon as no unmarked matchable row is left below the current row: the rows it would mark
/// from there on are all marked already, and the walk only moves down.
pub fn union_lcs_single(
    text: &[u32],
    rows: usize,
    masks: &[u64],
    columns: &mut [u64],
    marks: &mut u64,
) {
    let Some(columns) = columns.get_mut(..text.len()) else {
        return;
    };
    let mut v = !0u64;
    let mut seen = 0u64;
    for (&t, col) in text.iter().zip(columns.iter_mut()) {
        let m = masks[t as usize];
        seen |= m;
        v = v.wrapping_add(v & m) | (v & !m);
        *col = v;
    }
    // Rows that could still add a mark: matchable and unmarked (all below `rows`). The walk
    // keeps the rows below its current one as a mask: stopping at row k (the highest match or
    // step up below it, as in `mark_lcs_single`) leaves the rows below k on a diagonal move
    // and those up to k on a left move.
    let need = seen & !*marks;
    let mut below = if rows >= 64 {
        !0u64
    } else {
        (1u64 << rows) - 1
    };
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
        below = (top - 1) | (top ^ hit);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn backtrack_naive(a: &[u32], b: &[u32]) -> Vec<usize> {
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
                        union_lcs_single(&b, m, &masks, &mut cols, &mut marks);
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
}
