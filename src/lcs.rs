//! Longest common subsequence over dense token ids.
//!
//! Bit-parallel LCS (Hyyrö 2004, "Bit-parallel LCS-length computation revisited"; the same
//! kernel as rapidfuzz): the pattern's DP column is a bit vector `V` with a zero bit at every
//! row where the column's value steps up, and one text token updates 64 rows per word with
//! `V' = (V + (V & M)) | (V & !M)`, where `M` marks the pattern rows holding that token.
//!
//! Long patterns are processed in stripes of 64 rows: stripe s runs over the whole text and
//! hands the addition's carry to stripe s+1 through one bit per text position. The match
//! masks therefore only ever hold the 64 rows of one stripe, so they fit in one `u64` per id
//! (linear memory) instead of one word per id and stripe.
//!
//! The columns can be kept (one bit per cell) to read out one particular LCS afterwards: on a
//! mismatch the DP moves up exactly when row i does not step up in column j (a zero bit), which
//! is the references' rule "left only when t[i][j-1] > t[i-1][j]".

/// Words of a bit vector holding `bits` bits.
pub const fn words_for(bits: usize) -> usize {
    bits.div_ceil(64)
}

/// Scratch of [`lcs_length`] and [`lcs_columns`].
pub struct LcsScratch<'a> {
    /// One word per dense id, all zero on entry (left zero on return).
    pub masks: &'a mut [u64],
    /// At least `words_for(text.len())` words.
    pub carry: &'a mut [u64],
}

/// Length of the LCS of `pattern` and `text`.
pub fn lcs_length(pattern: &[u32], text: &[u32], s: &mut LcsScratch) -> usize {
    run(pattern, text, s, None)
}

/// Length of the LCS, keeping every column: column j (after text token j) stripe w is at
/// `columns[j * words_for(pattern.len()) + w]`.
pub fn lcs_columns(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    columns: &mut [u64],
) -> usize {
    run(pattern, text, s, Some(columns))
}

#[inline(always)]
fn run(
    pattern: &[u32],
    text: &[u32],
    s: &mut LcsScratch,
    mut columns: Option<&mut [u64]>,
) -> usize {
    let stripes = words_for(pattern.len());
    let masks = &mut *s.masks;
    let carry = &mut *s.carry;
    let mut length = 0usize;
    for stripe in 0..stripes {
        let rows = &pattern[stripe * 64..pattern.len().min(stripe * 64 + 64)];
        for (bit, &t) in rows.iter().enumerate() {
            masks[t as usize] |= 1u64 << bit;
        }
        let mut v = !0u64;
        if stripes == 1 {
            // One stripe: no carry in or out.
            for (j, &t) in text.iter().enumerate() {
                let m = masks[t as usize];
                v = v.wrapping_add(v & m) | (v & !m);
                if let Some(cols) = columns.as_deref_mut() {
                    cols[j] = v;
                }
            }
        } else {
            let last = stripe + 1 == stripes;
            for (j, &t) in text.iter().enumerate() {
                let m = masks[t as usize];
                let (word, bit) = (j / 64, j % 64);
                let carry_in = if stripe == 0 {
                    0
                } else {
                    (carry[word] >> bit) & 1
                };
                let (sum, c1) = v.overflowing_add(v & m);
                let (sum, c2) = sum.overflowing_add(carry_in);
                if !last {
                    let carry_out = (c1 | c2) as u64;
                    carry[word] = (carry[word] & !(1u64 << bit)) | (carry_out << bit);
                }
                v = sum | (v & !m);
                if let Some(cols) = columns.as_deref_mut() {
                    cols[j * stripes + stripe] = v;
                }
            }
        }
        let valid = if rows.len() == 64 {
            !0u64
        } else {
            (1u64 << rows.len()) - 1
        };
        length += rows.len() - (v & valid).count_ones() as usize;
        for &t in rows {
            masks[t as usize] = 0;
        }
    }
    length
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

/// Plain O(m*n) dynamic programme, kept as the oracle of the property tests.
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
        let lens = [0usize, 1, 2, 5, 63, 64, 65, 127, 128, 129, 200, 300];
        for &m in &lens {
            for &n in &lens {
                for vocab in [2u64, 5, 40] {
                    let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                    let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                    let mut masks = vec![0u64; vocab as usize];
                    let mut carry = vec![0u64; words_for(n) + 1];
                    let mut cols = vec![0u64; n * words_for(m)];
                    let mut s = LcsScratch {
                        masks: &mut masks,
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
                    assert!(masks.iter().all(|&w| w == 0));
                }
            }
        }
    }
}
