//! Weighted LCS (ROUGE-W), with weighting function f(k) = k^w.
//!
//! Two definitions are in use (see DESIGN.md). [`wlcs_lin`] is Lin (2004): the weighted DP over
//! the whole sequences, two rows of memory. [`wlcs_perl_mark`] is ROUGE-1.5.5's: the same DP per
//! sentence pair, whose only use is the alignment it reads out, so it keeps one bit per cell
//! (up or left) and marks the reference positions of the path.

/// f(k) = k^w.
#[inline]
pub fn weight(k: u32, w: f64) -> f64 {
    libm::pow(k as f64, w)
}

/// f^-1(x) = x^(1/w).
#[inline]
pub fn weight_inverse(x: f64, w: f64) -> f64 {
    libm::pow(x, 1.0 / w)
}

/// Row scratch of the weighted DP: each slice holds `text.len() + 1` entries.
pub struct WlcsRows<'a> {
    /// Weighted values, previous row.
    pub c_prev: &'a mut [f64],
    /// Weighted values, current row.
    pub c_cur: &'a mut [f64],
    /// Run lengths, previous row.
    pub k_prev: &'a mut [u32],
    /// Run lengths, current row.
    pub k_cur: &'a mut [u32],
}

/// Lin (2004) weighted LCS value of `pattern` (rows) and `text` (columns).
///
/// On equal tokens the run length grows to k+1 and the value is `c[i-1][j-1] + f(k+1) - f(k)`;
/// otherwise the larger of up and left with run length 0.
pub fn wlcs_lin(pattern: &[u32], text: &[u32], w: f64, rows: &mut WlcsRows) -> f64 {
    let n = text.len();
    let (mut cp, mut cc) = (&mut rows.c_prev[..=n], &mut rows.c_cur[..=n]);
    let (mut kp, mut kc) = (&mut rows.k_prev[..=n], &mut rows.k_cur[..=n]);
    cp.fill(0.0);
    kp.fill(0);
    cc[0] = 0.0;
    kc[0] = 0;
    for &x in pattern {
        for j in 1..=n {
            if x == text[j - 1] {
                let k = kp[j - 1];
                cc[j] = cp[j - 1] + weight(k + 1, w) - weight(k, w);
                kc[j] = k + 1;
            } else {
                cc[j] = if cp[j] >= cc[j - 1] { cp[j] } else { cc[j - 1] };
                kc[j] = 0;
            }
        }
        core::mem::swap(&mut cp, &mut cc);
        core::mem::swap(&mut kp, &mut kc);
    }
    cp[n]
}

/// ROUGE-1.5.5's `wlcs_inner` + `markLCS`: runs the weighted DP of `model` (rows) against
/// `peer` (columns), keeping one bit per cell in `up` (`model.len()` rows of
/// `words_for(peer.len())` words; 1 = the DP went up, 0 = left), then marks in `marks` the model
/// positions on the path read back from the end (equal tokens go diagonal). Ties go up, as in
/// Perl's `c[i-1][j] >= c[i][j-1]`.
pub fn wlcs_perl_mark(
    model: &[u32],
    peer: &[u32],
    w: f64,
    rows: &mut WlcsRows,
    up: &mut [u64],
    marks: &mut [u64],
) {
    let n = peer.len();
    if model.is_empty() || n == 0 {
        return;
    }
    let stride = crate::lcs::words_for(n);
    let (mut cp, mut cc) = (&mut rows.c_prev[..=n], &mut rows.c_cur[..=n]);
    let (mut kp, mut kc) = (&mut rows.k_prev[..=n], &mut rows.k_cur[..=n]);
    cp.fill(0.0);
    kp.fill(0);
    cc[0] = 0.0;
    kc[0] = 0;
    for (i, &x) in model.iter().enumerate() {
        let bits = &mut up[i * stride..(i + 1) * stride];
        bits.fill(0);
        for j in 1..=n {
            if x == peer[j - 1] {
                let k = kp[j - 1];
                // Perl evaluates c + f(k+1) - f(k) left to right; keep its rounding.
                cc[j] = cp[j - 1] + weight(k + 1, w) - weight(k, w);
                kc[j] = k + 1;
            } else if cp[j] >= cc[j - 1] {
                cc[j] = cp[j];
                kc[j] = 0;
                bits[(j - 1) / 64] |= 1u64 << ((j - 1) % 64);
            } else {
                cc[j] = cc[j - 1];
                kc[j] = 0;
            }
        }
        core::mem::swap(&mut cp, &mut cc);
        core::mem::swap(&mut kp, &mut kc);
    }
    let (mut i, mut j) = (model.len(), n);
    while i > 0 && j > 0 {
        if model[i - 1] == peer[j - 1] {
            marks[(i - 1) / 64] |= 1u64 << ((i - 1) % 64);
            i -= 1;
            j -= 1;
        } else if (up[(i - 1) * stride + (j - 1) / 64] >> ((j - 1) % 64)) & 1 == 1 {
            i -= 1;
        } else {
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wlcs_naive(a: &[u32], b: &[u32], w: f64) -> f64 {
        let mut c = vec![vec![0f64; b.len() + 1]; a.len() + 1];
        let mut l = vec![vec![0u32; b.len() + 1]; a.len() + 1];
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                if a[i - 1] == b[j - 1] {
                    let k = l[i - 1][j - 1];
                    c[i][j] = c[i - 1][j - 1] + (k as f64 + 1.0).powf(w) - (k as f64).powf(w);
                    l[i][j] = k + 1;
                } else {
                    c[i][j] = c[i - 1][j].max(c[i][j - 1]);
                }
            }
        }
        c[a.len()][b.len()]
    }

    #[test]
    fn test_wlcs_lin_matches_full_table() {
        let mut seed = 99u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for &(m, n) in &[
            (0usize, 5usize),
            (5, 0),
            (1, 1),
            (10, 17),
            (64, 65),
            (129, 40),
        ] {
            let a: Vec<u32> = (0..m).map(|_| (next() % 4) as u32).collect();
            let b: Vec<u32> = (0..n).map(|_| (next() % 4) as u32).collect();
            let (mut c1, mut c2) = (vec![0.0; n + 1], vec![0.0; n + 1]);
            let (mut k1, mut k2) = (vec![0u32; n + 1], vec![0u32; n + 1]);
            let mut rows = WlcsRows {
                c_prev: &mut c1,
                c_cur: &mut c2,
                k_prev: &mut k1,
                k_cur: &mut k2,
            };
            let got = wlcs_lin(&a, &b, 1.2, &mut rows);
            let want = wlcs_naive(&a, &b, 1.2);
            assert!((got - want).abs() < 1e-9, "{got} {want}");
        }
    }
}
