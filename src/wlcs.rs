//! Weighted LCS (ROUGE-W), with weighting function f(k) = k^w.
//!
//! Two definitions are in use (see DESIGN.md). [`wlcs_lin`] is Lin (2004): the weighted DP over
//! the whole sequences, two rows of memory. [`wlcs_perl_mark`] is ROUGE-1.5.5's: the same DP per
//! sentence pair, whose only use is the alignment it reads out, so it keeps one bit per cell
//! (up or left) and marks the reference positions of the path.

/// f(k) = k^w.
#[inline]
pub fn weight(k: u32, w: f64) -> f64 {
    crate::arch::pow(k as f64, w)
}

/// f^-1(x) = x^(1/w).
#[inline]
pub fn weight_inverse(x: f64, w: f64) -> f64 {
    crate::arch::pow(x, 1.0 / w)
}

/// Entries of [`WeightTable`]: runs this long or longer call `pow` each time (rare).
const TABLE_RUNS: usize = 64;

/// f(k) = k^w for the run lengths met so far, each computed once: every match of the DP adds
/// f(k+1) - f(k), and a `pow` costs far more than the rest of a cell. The values are those of
/// [`weight`], so results do not change. One table serves every DP of a call (the sentence
/// pairs of ROUGE-1.5.5's W).
pub struct WeightTable {
    w: f64,
    known: usize,
    f: [f64; TABLE_RUNS],
}

impl WeightTable {
    /// An empty table for exponent `w`.
    pub fn new(w: f64) -> WeightTable {
        WeightTable {
            w,
            known: 0,
            f: [0.0; TABLE_RUNS],
        }
    }

    /// f(k), computing the entries up to k on first use.
    #[inline]
    pub fn get(&mut self, k: u32) -> f64 {
        match self.f.get(k as usize) {
            Some(&v) if (k as usize) < self.known => v,
            _ => self.extend(k),
        }
    }

    #[cold]
    fn extend(&mut self, k: u32) -> f64 {
        let k = k as usize;
        while self.known <= k && self.known < TABLE_RUNS {
            self.f[self.known] = weight(self.known as u32, self.w);
            self.known += 1;
        }
        match self.f.get(k) {
            Some(&v) => v,
            None => weight(k as u32, self.w),
        }
    }
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
pub fn wlcs_lin(pattern: &[u32], text: &[u32], f: &mut WeightTable, rows: &mut WlcsRows) -> f64 {
    let n = text.len();
    let (mut cp, mut cc) = (&mut rows.c_prev[..=n], &mut rows.c_cur[..=n]);
    let (mut kp, mut kc) = (&mut rows.k_prev[..=n], &mut rows.k_cur[..=n]);
    cp.fill(0.0);
    kp.fill(0);
    cc[0] = 0.0;
    kc[0] = 0;
    for &x in pattern {
        // The value to the left stays in a register: through memory, the row's serial
        // dependency would wait on a store and a load at every cell.
        let mut left = 0.0;
        let above = cp.windows(2).zip(kp.iter());
        let out = cc[1..].iter_mut().zip(kc[1..].iter_mut());
        for ((&t, (c_above, &k_diag)), (c_out, k_out)) in text.iter().zip(above).zip(out) {
            let (c, k) = if x == t {
                (c_above[0] + f.get(k_diag + 1) - f.get(k_diag), k_diag + 1)
            } else {
                let up = c_above[1];
                (if up >= left { up } else { left }, 0)
            };
            *c_out = c;
            *k_out = k;
            left = c;
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
    f: &mut WeightTable,
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
        // The one panic path left here (`up` shorter than documented): a check per cell
        // instead (`get_mut`) measured 4% more instructions in this function (W1, Perl W).
        let bits = &mut up[i * stride..(i + 1) * stride];
        bits.fill(0);
        let mut left = 0.0;
        for (j, &t) in peer.iter().enumerate() {
            let (c, k) = if x == t {
                let k = kp[j];
                // Perl evaluates c + f(k+1) - f(k) left to right; keep its rounding.
                (cp[j] + f.get(k + 1) - f.get(k), k + 1)
            } else {
                let up = cp[j + 1];
                let went_up = up >= left;
                bits[j / 64] |= u64::from(went_up) << (j % 64);
                (if went_up { up } else { left }, 0)
            };
            cc[j + 1] = c;
            kc[j + 1] = k;
            left = c;
        }
        core::mem::swap(&mut cp, &mut cc);
        core::mem::swap(&mut kp, &mut kc);
    }
    let (mut i, mut j) = (model.len(), n);
    while i > 0 && j > 0 {
        if model.get(i - 1) == peer.get(j - 1) {
            if let Some(m) = marks.get_mut((i - 1) / 64) {
                *m |= 1u64 << ((i - 1) % 64);
            }
            i -= 1;
            j -= 1;
        } else if up
            .get((i - 1) * stride + (j - 1) / 64)
            .is_some_and(|w| (w >> ((j - 1) % 64)) & 1 == 1)
        {
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
        let mut rng = crate::test_rng::Rng(99);
        for &(m, n) in &[
            (0usize, 5usize),
            (5, 0),
            (1, 1),
            (10, 17),
            (64, 65),
            (129, 40),
        ] {
            let a: Vec<u32> = (0..m).map(|_| (rng.next() % 4) as u32).collect();
            let b: Vec<u32> = (0..n).map(|_| (rng.next() % 4) as u32).collect();
            let (mut c1, mut c2) = (vec![0.0; n + 1], vec![0.0; n + 1]);
            let (mut k1, mut k2) = (vec![0u32; n + 1], vec![0u32; n + 1]);
            let mut rows = WlcsRows {
                c_prev: &mut c1,
                c_cur: &mut c2,
                k_prev: &mut k1,
                k_cur: &mut k2,
            };
            let got = wlcs_lin(&a, &b, &mut WeightTable::new(1.2), &mut rows);
            let want = wlcs_naive(&a, &b, 1.2);
            assert!((got - want).abs() < 1e-9, "{got} {want}");
        }
    }
}
