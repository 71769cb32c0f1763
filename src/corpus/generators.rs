//! The random generators and percentiles of the two reference tools, reproduced bit for bit:
//! numpy's legacy `RandomState` (MT19937, `randint`'s masked rejection sampling,
//! `np.percentile`'s linear interpolation) for rouge-score, and Perl's own drand48 with
//! ROUGE-1.5.5's index and interval formulas.

use crate::score::round5;

/// MT19937 state words (32-bit).
pub(crate) const MT_N: usize = 624;
const MT_M: usize = 397;

// ------------------------------------------------------------------ numpy (rouge-score)

/// MT19937 as numpy's legacy `RandomState` runs it, its state in caller scratch.
pub(crate) struct Mt19937<'a> {
    key: &'a mut [u32; MT_N],
    pos: usize,
}

impl<'a> Mt19937<'a> {
    /// `np.random.seed(seed)` for an integer seed: Knuth's linear initialisation
    /// (`init_genrand` of the reference implementation). `key` holds 624 words.
    pub(crate) fn new(key: &'a mut [u32; MT_N], seed: u32) -> Self {
        let mut x = seed;
        for (i, k) in key.iter_mut().enumerate() {
            *k = x;
            x = 1_812_433_253u32
                .wrapping_mul(x ^ (x >> 30))
                .wrapping_add(i as u32 + 1);
        }
        Mt19937 { key, pos: MT_N }
    }

    /// A state `np.random.get_state()` gave (`key` of 624 words, `pos` at most 624), drawn
    /// from where it stopped.
    pub(crate) fn resume(key: &'a mut [u32; MT_N], pos: usize) -> Self {
        Mt19937 { key, pos }
    }

    /// Index of the next word to temper (624: the state is reloaded first).
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    fn reload(&mut self) {
        let k = &mut *self.key;
        for i in 0..MT_N {
            let y = (k[i] & 0x8000_0000) | (k[(i + 1) % MT_N] & 0x7fff_ffff);
            let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
            k[i] = k[(i + MT_M) % MT_N] ^ (y >> 1) ^ mag;
        }
        self.pos = 0;
    }

    /// The next tempered 32-bit output (`genrand_int32`).
    pub(super) fn next_u32(&mut self) -> u32 {
        let mut y = match self.key.get(self.pos) {
            Some(&word) => word,
            None => {
                self.reload();
                self.key[0]
            }
        };
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// numpy's `mt19937_next64`: the high word is drawn first (checked against
    /// `randint(0, 2**40)`).
    fn next_u64(&mut self) -> u64 {
        let hi = u64::from(self.next_u32());
        (hi << 32) | u64::from(self.next_u32())
    }
}

/// The smallest all-ones mask covering `x`.
fn mask_for(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        u64::MAX >> x.leading_zeros()
    }
}

/// A uniform integer in `[0, high]` as legacy `RandomState.randint(0, high + 1)` draws it
/// (`random_bounded_uint64_fill` with `use_masked`): no draw when `high` is 0; below 2^32, 32-bit
/// outputs masked to the smallest covering power of two and rejected above `high`; 64-bit
/// outputs above that.
pub(crate) fn numpy_bounded(mt: &mut Mt19937, high: u64) -> u64 {
    let mask = mask_for(high);
    if high == 0 {
        0
    } else if high <= u64::from(u32::MAX) {
        loop {
            let v = u64::from(mt.next_u32()) & mask;
            if v <= high {
                return v;
            }
        }
    } else {
        loop {
            let v = mt.next_u64() & mask;
            if v <= high {
                return v;
            }
        }
    }
}

/// The quantiles rouge-score asks `np.percentile` for, computed with its operations:
/// `100 * [d, 0.5, 1 - d] / 100` with `d = (1 - confidence) / 2`.
pub(crate) fn numpy_quantiles(confidence: f64) -> [f64; 3] {
    let d = (1.0 - confidence) / 2.0;
    [d, 0.5, 1.0 - d].map(|x| 100.0 * x / 100.0)
}

/// `np.percentile(sorted, 100 * quantile)` with the default `linear` method: virtual index
/// `(n - 1) * q`, neighbours `floor` and `floor + 1` (both the last past the end), and numpy's
/// two-sided `_lerp` (from the upper neighbour when the weight is at least 1/2).
pub(crate) fn numpy_percentile(sorted: &[f64], quantile: f64) -> f64 {
    let last = sorted.len().saturating_sub(1);
    let virtual_index = last as f64 * quantile;
    if virtual_index >= last as f64 {
        return sorted.get(last).copied().unwrap_or(0.0);
    }
    let below = libm::floor(virtual_index);
    let i = below as usize;
    let (Some(&a), Some(&b)) = (sorted.get(i), sorted.get(i + 1)) else {
        return sorted.get(last).copied().unwrap_or(0.0);
    };
    let t = virtual_index - below;
    let diff = b - a;
    if t >= 0.5 {
        b - diff * (1.0 - t)
    } else {
        a + diff * t
    }
}

// ------------------------------------------------------------------ ROUGE-1.5.5

/// Perl's own drand48 (perl >= 5.20): x' = (0x5DEECE66D x + 0xB) mod 2^48.
pub(super) struct Drand48(u64);

impl Drand48 {
    const MASK: u64 = (1 << 48) - 1;

    /// `srand(seed)`: x = (seed << 16) + 0x330E.
    pub(super) fn srand(seed: u32) -> Self {
        Drand48((u64::from(seed) << 16) + 0x330e)
    }

    /// `rand()`: the next state over 2^48.
    pub(super) fn next(&mut self) -> f64 {
        self.0 = (0x5_deec_e66d_u64.wrapping_mul(self.0).wrapping_add(0xb)) & Self::MASK;
        libm::ldexp(self.0 as f64, -48)
    }
}

/// `int(rand(n))`: n times the draw, truncated (always below n; clamped for safety).
pub(super) fn perl_index(n: usize, draw: f64) -> usize {
    ((n as f64 * draw) as usize).min(n - 1)
}

/// The `-c` percentage for a confidence level: 100 * confidence, snapped to an integer within
/// 1e-9 (0.68 * 100 is 68.00000000000001 in binary, where `-c 68` is 68).
pub(super) fn perl_percent(confidence: f64) -> f64 {
    let p = confidence * 100.0;
    let r = libm::round(p);
    if (p - r).abs() < 1e-9 {
        r
    } else {
        p
    }
}

/// ROUGE-1.5.5's interval over the sorted resampled means: `delta = R * ((100 - c) / 2) / 100`,
/// lower index `int(delta)`, upper `int(R - delta - 1)`, both interpolated towards the next
/// value by the upper index's fraction (an index past the end reads Perl's undefined, 0); the
/// middle is the mean of the sorted values summed in order. All rounded to five decimals.
pub(super) fn perl_interval(sorted: &[f64], percent: f64) -> [f64; 3] {
    let r = sorted.len() as f64;
    let delta = r * ((100.0 - percent) / 2.0) / 100.0;
    let upper = libm::trunc(r - delta - 1.0);
    let lower = libm::trunc(delta);
    let ratio = r - delta - 1.0 - upper;
    let at = |i: f64| sorted.get(i as usize).copied().unwrap_or(0.0);
    let interpolate = |i: f64| at(i) + (at(i + 1.0) - at(i)) * ratio;
    let mean = sorted.iter().fold(0.0, |s, x| s + x) / r;
    [interpolate(lower), mean, interpolate(upper)].map(round5)
}
