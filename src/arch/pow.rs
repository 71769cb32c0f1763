//! `pow`, for ROUGE-W's weights f(k) = k^w and their inverse.
//!
//! ROUGE-1.5.5 computes them with Perl's `**`, which calls the C library's `pow`; so does this
//! crate on Unix targets, where there is one. Elsewhere (no operating system, wasm) it takes
//! libm's pure-Rust `pow`. The two are not the same function: libm's differs from glibc's in
//! the last bit for about 8% of the values k^w and x^(1/w) we compared (4.2 million), and one
//! last bit can turn a tie of the weighted DP (`c[i-1][j] >= c[i][j-1]`) the other way, to
//! another alignment and another score (the `oracle` fuzz target found one: `fuzz/README.md`).
//! A correctly rounded `pow` would not do either: glibc's (2.36 here) rounds 0.08% of those
//! values the other way, and Perl gives what the C library gives.

//!
//! Under Miri, which cannot call foreign functions, libm's `pow` stands in for the C one on
//! every target: ROUGE-W's last bits may then differ from glibc's, and with them a tie of the
//! Perl flavour's weighted DP (see above). The tests Miri runs (`ffi-tests/miri.sh`) compare
//! no W value whose digits depend on it, so none is loosened; a W conformance case run under
//! Miri could differ from ROUGE-1.5.5's.

/// x^y as ROUGE-1.5.5 computes it on this platform (see the module's docs).
#[inline]
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    #[cfg(all(unix, not(target_family = "wasm"), not(miri)))]
    {
        #[link(name = "m")]
        extern "C" {
            fn pow(x: f64, y: f64) -> f64;
        }
        // SAFETY: C's `pow` reads its two arguments and nothing else (it may set `errno`, which
        // this crate does not read).
        unsafe { pow(x, y) }
    }
    #[cfg(not(all(unix, not(target_family = "wasm"), not(miri))))]
    {
        libm::pow(x, y)
    }
}
