//! The short kernels' pattern rows as one integer ([`Rows`]: `u64` or `u128`), so that one
//! generic body serves patterns of up to 64 and up to 128 tokens.

use super::{clear_masks, set_masks};

/// The pattern rows of the short kernels as one integer: `u64` for patterns of at most 64
/// tokens, `u128` (two mask words per token, low and high halves in separate per-id tables;
/// two words per column) for at most 128, where the compiler pairs each addition with an
/// add-with-carry. One generic body serves both, so the two-word case reads out exactly as
/// the one-word case does.
pub(crate) trait Rows:
    Copy
    + PartialEq
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::BitXor<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Shl<u32, Output = Self>
    + core::ops::Shr<u32, Output = Self>
    + core::ops::BitOrAssign
    + core::ops::BitAndAssign
    + core::ops::BitXorAssign
{
    /// Rows of the integer.
    const BITS: u32;
    /// Words per column.
    const WORDS: usize;
    /// All zero.
    const ZERO: Self;
    /// Row 0 only.
    const ONE: Self;
    /// Every row.
    const ONES: Self;
    /// The match mask of token `t`: low half in `lo`, high half (`u128`) in `hi`.
    fn mask(lo: &[u64], hi: &[u64], t: usize) -> Self;
    /// A column from its [`Rows::WORDS`] words.
    fn column(words: &[u64]) -> Self;
    /// Stores a column into its [`Rows::WORDS`] words.
    fn set_column(self, words: &mut [u64]);
    /// Modular addition.
    fn wrapping_add(self, o: Self) -> Self;
    /// Modular subtraction.
    fn wrapping_sub(self, o: Self) -> Self;
    /// Two's complement negation.
    fn wrapping_neg(self) -> Self;
    /// Leading zero rows.
    fn leading_zeros(self) -> u32;
    /// The rows in reverse order (row r to row BITS - 1 - r).
    fn reverse(self) -> Self;
    /// Trailing zero rows.
    fn trailing_zeros(self) -> u32;
    /// Rows set.
    fn count_ones(self) -> u32;
}

impl Rows for u64 {
    const BITS: u32 = 64;
    const WORDS: usize = 1;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const ONES: Self = !0;
    #[inline(always)]
    fn mask(lo: &[u64], _: &[u64], t: usize) -> Self {
        // Tokens are below the masks' length; a token past them matches no row (`get`: no
        // panic path, at the cost of the bounds check it replaces).
        lo.get(t).copied().unwrap_or(0)
    }
    #[inline(always)]
    fn column(words: &[u64]) -> Self {
        words[0]
    }
    #[inline(always)]
    fn set_column(self, words: &mut [u64]) {
        words[0] = self;
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        u64::wrapping_add(self, o)
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        u64::wrapping_sub(self, o)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u64::wrapping_neg(self)
    }
    #[inline(always)]
    fn leading_zeros(self) -> u32 {
        u64::leading_zeros(self)
    }
    #[inline(always)]
    fn reverse(self) -> Self {
        u64::reverse_bits(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
}

impl Rows for u128 {
    const BITS: u32 = 128;
    const WORDS: usize = 2;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const ONES: Self = !0;
    #[inline(always)]
    fn mask(lo: &[u64], hi: &[u64], t: usize) -> Self {
        // As for `u64` above.
        match (lo.get(t), hi.get(t)) {
            (Some(&l), Some(&h)) => u128::from(l) | u128::from(h) << 64,
            _ => 0,
        }
    }
    #[inline(always)]
    fn column(words: &[u64]) -> Self {
        u128::from(words[0]) | u128::from(words[1]) << 64
    }
    #[inline(always)]
    fn set_column(self, words: &mut [u64]) {
        words[0] = self as u64;
        words[1] = (self >> 64) as u64;
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        u128::wrapping_add(self, o)
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        u128::wrapping_sub(self, o)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u128::wrapping_neg(self)
    }
    #[inline(always)]
    fn leading_zeros(self) -> u32 {
        u128::leading_zeros(self)
    }
    #[inline(always)]
    fn reverse(self) -> Self {
        u128::reverse_bits(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
}

/// Sets the match masks of a pattern of at most 128 tokens: rows 0..64 in `lo`, the rest in
/// `hi` (see [`Rows::mask`]).
pub(crate) fn set_masks_wide(pattern: &[u32], lo: &mut [u64], hi: &mut [u64]) {
    let split = pattern.len().min(64);
    set_masks(&pattern[..split], lo);
    set_masks(&pattern[split..], hi);
}

/// Clears what [`set_masks_wide`] set.
pub(crate) fn clear_masks_wide(pattern: &[u32], lo: &mut [u64], hi: &mut [u64]) {
    let split = pattern.len().min(64);
    clear_masks(&pattern[..split], lo);
    clear_masks(&pattern[split..], hi);
}

/// [`single_word`] over masks of up to [`Rows::BITS`] rows ([`Rows::mask`]), length only.
#[inline(always)]
pub(crate) fn lcs_length_rows<W: Rows>(rows: usize, text: &[u32], lo: &[u64], hi: &[u64]) -> usize {
    let mut v = W::ONES;
    for &t in text {
        let m = W::mask(lo, hi, t as usize);
        v = v.wrapping_add(v & m) | (v & !m);
    }
    let valid = if rows as u32 >= W::BITS {
        W::ONES
    } else {
        (W::ONE << rows as u32).wrapping_sub(W::ONE)
    };
    rows - (v & valid).count_ones() as usize
}
