//! From counts to scores: precision, recall and the two F-measures.

/// Precision, recall and F-measure of one metric.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Hits over the candidate total (after the inverse weighting for ROUGE-W).
    pub precision: f64,
    /// Hits over the reference total (after the inverse weighting for ROUGE-W).
    pub recall: f64,
    /// F-measure of the flavour: 2PR/(P+R), or Perl's PR/((1-a)P + aR).
    pub fmeasure: f64,
}

/// The raw counts a score is derived from.
///
/// For ROUGE-W the hit is the weighted LCS value and the totals are weighted (f(m), f(n); in
/// the Perl flavour f(Σ f(|sentence|)) for the reference). Integer counts are exact in `f64` up
/// to 2^53.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    /// Clipped matches (n-grams, LCS tokens, skip-bigrams; weighted for W).
    pub hit: f64,
    /// Reference (model) total.
    pub reference_total: f64,
    /// Candidate (peer) total.
    pub candidate_total: f64,
}

/// `hit / total`, or 0 when the total is 0.
#[inline]
pub fn ratio(hit: f64, total: f64) -> f64 {
    if total > 0.0 {
        hit / total
    } else {
        0.0
    }
}

/// rouge-score's F-measure: 2PR/(P+R), 0 when P+R is 0.
#[inline]
pub fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

/// ROUGE-1.5.5's F-measure: PR/((1-a)P + aR), 0 when the denominator is not positive.
#[inline]
pub fn f_alpha(precision: f64, recall: f64, alpha: f64) -> f64 {
    let d = (1.0 - alpha) * precision + alpha * recall;
    if d > 0.0 {
        precision * recall / d
    } else {
        0.0
    }
}

/// `x` rounded to five decimals exactly as C's `printf("%7.5f")` does (ties to even on the
/// exact binary value), read back as a number, as Perl does with the strings it prints.
///
/// Computed in integers rather than by printing and parsing: `core::fmt`'s float formatting
/// and parsing would add some 25 KB of code and tables to a firmware that links this.
pub fn round5(x: f64) -> f64 {
    // From 2^36 on, the five-decimal value lies within 0.000005 of `x`, less than half the
    // spacing of doubles there (2^-16 and more), so it reads back as `x`: as do NaN and the
    // infinities.
    const EXACT_FROM: f64 = (1u64 << 36) as f64;
    let magnitude = f64::from_bits(x.to_bits() & !SIGN);
    if magnitude.is_nan() || magnitude >= EXACT_FROM {
        return x;
    }
    let hundred_thousandths = round_half_even_scaled(magnitude);
    // Below 2^36, the count is below 2^53 and so exact as a double; the one division rounds
    // correctly, as reading the printed decimal does.
    let rounded = hundred_thousandths as f64 / 100_000.0;
    f64::from_bits(rounded.to_bits() | (x.to_bits() & SIGN))
}

const SIGN: u64 = 1 << 63;

/// `x * 100000` rounded to the nearest integer, ties to even, for a finite `0 <= x < 2^36`.
fn round_half_even_scaled(x: f64) -> u64 {
    const MANTISSA_BITS: u32 = 52;
    let bits = x.to_bits();
    let biased = (bits >> MANTISSA_BITS) as i32;
    let fraction = bits & ((1 << MANTISSA_BITS) - 1);
    // x = mantissa * 2^-shift exactly.
    let (mantissa, shift) = if biased == 0 {
        (fraction, 1074)
    } else {
        (fraction | (1 << MANTISSA_BITS), 1075 - biased)
    };
    // Below 2^53 * 100000 < 2^70: exact in 128 bits.
    let scaled = mantissa as u128 * 100_000;
    if shift <= 0 {
        // An integer (x < 2^36, so the shift left is small).
        return (scaled << -shift) as u64;
    }
    if shift >= 72 {
        // scaled / 2^shift < 2^70 / 2^72: below a half.
        return 0;
    }
    let quotient = (scaled >> shift) as u64;
    let remainder = scaled & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if remainder > half || (remainder == half && quotient & 1 == 1) {
        quotient + 1
    } else {
        quotient
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_round5_ties_to_even_like_printf() {
        assert_eq!(round5(0.015625), 0.01562); // exact tie, as glibc prints it
        assert_eq!(round5(1.0 / 3.0), 0.33333);
        assert_eq!(round5(2.0 / 3.0), 0.66667);
        assert_eq!(round5(0.0), 0.0);
        assert_eq!(round5(1.0), 1.0);
    }

    /// The reference: print with five decimals (Rust's formatting is exact with ties to even,
    /// as glibc's `%7.5f`) and read back.
    fn round5_by_printing(x: f64) -> f64 {
        format!("{x:.5}").parse().unwrap()
    }

    fn same(x: f64) {
        let (got, want) = (round5(x), round5_by_printing(x));
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "round5({x:e}) = {got:e}, printing gives {want:e}"
        );
    }

    #[test]
    fn test_round5_edge_cases_equal_printing() {
        let specials = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.000005,
            0.0000049999999999999996,
            0.000015,
            0.000025,
            0.123455,
            0.123465,
            0.999995,
            0.99999499999999,
            0.5,
            0.015625,
            0.046875,
            1e-300,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::INFINITY,
            -f64::INFINITY,
            f64::NAN,
            68719476735.99999,
            68719476736.0,
            68719476736.00001,
            9007199254740993.0,
            1e20,
        ];
        for x in specials {
            same(x);
            same(-x);
            same(f64::from_bits(x.to_bits().wrapping_add(1)));
            same(f64::from_bits(x.to_bits().wrapping_sub(1)));
        }
        // Every exact tie (odd multiples of 1/64 = 0.000005 * 3125) up to 4, and their
        // neighbours, and every printed value k/100000 in [0, 1] and its neighbours.
        for a in 0..=256u32 {
            let x = a as f64 / 64.0;
            same(x);
            same(f64::from_bits(x.to_bits() + 1));
            same(f64::from_bits(x.to_bits().saturating_sub(1)));
        }
        for k in 0..=100_000u32 {
            let x = k as f64 / 100_000.0;
            let mid = (2 * k + 1) as f64 / 200_000.0;
            for y in [x, mid] {
                same(y);
                same(f64::from_bits(y.to_bits() + 1));
                same(f64::from_bits(y.to_bits().saturating_sub(1)));
            }
        }
    }

    #[test]
    fn test_round5_random_values_equal_printing() {
        let mut rng = crate::test_rng::Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2_000_000 {
            // Uniform in [0, 1), and every double of [0, 1] by its bits.
            same((rng.next() >> 11) as f64 / (1u64 << 53) as f64);
            same(f64::from_bits(rng.next() % (1.0f64.to_bits() + 1)));
        }
        for _ in 0..500_000 {
            // Any finite double, and up to 2^40 by bits (the integer path, the large values).
            let x = f64::from_bits(rng.next());
            if x.is_finite() {
                same(x);
            }
            same(f64::from_bits(rng.next() % ((1u64 << 40) as f64).to_bits()));
        }
    }

    #[test]
    fn test_f_measures() {
        assert_eq!(f1(0.0, 0.0), 0.0);
        assert!((f1(0.5, 0.25) - 1.0 / 3.0).abs() < 1e-15);
        assert!((f_alpha(0.5, 0.25, 0.5) - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(f_alpha(0.5, 0.25, 1.0), 0.5);
    }
}
