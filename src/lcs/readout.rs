//! Read-outs of one LCS from the kept columns of the bit-parallel pass: on a mismatch the DP
//! moves up exactly when row i does not step up in column j (a one bit), which is the
//! references' rule "left only when t[i][j-1] > t[i-1][j]" (rouge-score's `_lcs_table`
//! traceback, ROUGE-1.5.5's `LCS` backtrack), so ties go up.

use super::words_for;

/// Marks in `marks` (a bit per pattern position) the pattern positions of the LCS read out of
/// `columns` (from [`lcs_columns`]) by backtracking from the end: equal tokens go diagonal,
/// otherwise left only when `t[i][j-1] > t[i-1][j]`, so ties go up.
pub fn mark_lcs(pattern: &[u32], text: &[u32], columns: &[u64], marks: &mut [u64]) {
    let stripes = words_for(pattern.len());
    let (mut i, mut j) = (pattern.len(), text.len());
    while i > 0 && j > 0 {
        let row = i - 1;
        // In range for the documented lengths; `get` keeps a shorter `columns` or `marks` from
        // being a panic path (a column not there reads as a step up: the walk moves left).
        if pattern.get(row) == text.get(j - 1) {
            if let Some(m) = marks.get_mut(row / 64) {
                *m |= 1u64 << (row % 64);
            }
            i -= 1;
            j -= 1;
        } else if columns
            .get((j - 1) * stripes + row / 64)
            .is_some_and(|c| (c >> (row % 64)) & 1 == 1)
        {
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
