//! From counts to scores: precision, recall and the two F-measures.

use core::fmt::Write;

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
pub fn round5(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let mut s: heapless::String<352> = heapless::String::new();
    // Rust's float formatting is exact with ties to even, like glibc. A finite f64 printed with
    // five decimals is at most 309 + 1 + 5 + sign characters, so the write cannot fail.
    if write!(s, "{:.5}", x).is_err() {
        return x;
    }
    s.parse::<f64>().unwrap_or(x)
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

    #[test]
    fn test_f_measures() {
        assert_eq!(f1(0.0, 0.0), 0.0);
        assert!((f1(0.5, 0.25) - 1.0 / 3.0).abs() < 1e-15);
        assert!((f_alpha(0.5, 0.25, 0.5) - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(f_alpha(0.5, 0.25, 1.0), 0.5);
    }
}
