//! The tests' one random generator: xorshift64* (Marsaglia's xorshift64 with shifts 12, 25, 27,
//! its output multiplied by 0x2545F4914F6CDD1D; Vigna, "An experimental exploration of
//! Marsaglia's xorshift generators, scrambled", ACM TOMS 42(4), 2016). Deterministic, seedable,
//! no dependency; the multiply scrambles the low bits that `below`'s modulo keeps.
//!
//! Shared by the integration tests (`mod common;`) and the unit tests in `src/`
//! (`crate::test_rng`, included by `#[path]` from `lib.rs`).

// Each test crate uses only some of these.
#![allow(dead_code)]

/// xorshift64* state. The seed must not be 0 (xorshift stays at 0 forever).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`; the modulo's bias is negligible for the small `n` tests use).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
