//! [`Features`]: which optional instruction sets of this processor the library may use, detected
//! once and passed down; [`LazyFeatures`]: the same, detected on a call's first need; and the
//! stored form a C caller keeps in its prepared scorer, checked before it is trusted.

/// The short text path may run compiled for x86-64-v3 and GFNI (`arch::with_short_text_features`).
const SHORT_TEXT_V3: u32 = 1;
/// The long-pattern LCS kernels may use AVX-512 F and DQ (`arch::block_loop` and the wavefronts).
const LCS_AVX512: u32 = 2;
/// The long-pattern LCS kernels may use AVX2 (the wavefronts of `arch::pair_loop` and the
/// others, on CPUs without AVX-512).
const LCS_AVX2: u32 = 4;
/// The direct ASCII tokeniser may look its words up 8 at a time in AVX-512 registers (F, DQ,
/// BW, VL, CD, with x86-64-v3 and GFNI: `arch::with_text_lookup_features`). Only detected
/// together with [`SHORT_TEXT_V3`]'s instruction sets.
const SHORT_TEXT_AVX512: u32 = 8;
/// Every bit above.
const KNOWN: u32 = SHORT_TEXT_V3 | LCS_AVX512 | LCS_AVX2 | SHORT_TEXT_AVX512;
/// The bits this target's code has variants for (none but on x86_64): a stored form claiming
/// others is not trusted whatever its check.
/// Under Miri none: it runs the portable code (it cannot execute CPUID, XGETBV or most of the
/// instruction sets' intrinsics).
const TARGET_BITS: u32 = if cfg!(all(target_arch = "x86_64", not(miri))) {
    // The AVX-512 lookups only where the compiler could build them (`build.rs`).
    if cfg!(rouge_avx512_intrinsics) {
        KNOWN
    } else {
        KNOWN & !SHORT_TEXT_AVX512
    }
} else {
    0
};

/// Whether the crate is built for a target with AVX-512 F and DQ (`-C target-feature` or
/// `-C target-cpu`): the compiler may then emit them anywhere, so the program only runs where
/// they are available and no check is needed.
pub(crate) const LCS_AVX512_BUILT_IN: bool =
    cfg!(all(target_feature = "avx512f", target_feature = "avx512dq"));

/// The same for AVX2.
#[cfg_attr(any(not(target_arch = "x86_64"), miri), allow(dead_code))]
const LCS_AVX2_BUILT_IN: bool = cfg!(target_feature = "avx2");

/// The optional instruction sets of this processor that the library may use. Only made by
/// [`Features::detect`] (or [`Features::portable`]), narrowed by [`Features::restrict`], or read
/// back from the stored form a C scorer keeps after checking it: so a value never claims an
/// instruction set the processor lacks, and the kernels run whatever it holds without a check.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Features {
    bits: u32,
}

/// A choice of optional instruction sets, to narrow detected [`Features`] with
/// ([`Features::restrict`]): how a test or benchmark forces a variant (the portable code with
/// [`FeatureMask::NONE`]). A mask never adds a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureMask(u32);

impl FeatureMask {
    /// No optional instruction set: the portable code (and the target's baseline: SSE2 on
    /// x86_64).
    pub const NONE: FeatureMask = FeatureMask(0);
    /// Every optional instruction set the library knows.
    pub const ALL: FeatureMask = FeatureMask(KNOWN);
    /// The short text path compiled for x86-64-v3 and GFNI.
    pub const SHORT_TEXT_V3: FeatureMask = FeatureMask(SHORT_TEXT_V3);
    /// The AVX-512 LCS kernels.
    pub const LCS_AVX512: FeatureMask = FeatureMask(LCS_AVX512);
    /// The AVX2 LCS kernels (taken when AVX-512 is not: a mask keeping both runs AVX-512).
    pub const LCS_AVX2: FeatureMask = FeatureMask(LCS_AVX2);
    /// The direct ASCII tokeniser's word lookups in AVX-512 registers.
    pub const SHORT_TEXT_AVX512: FeatureMask = FeatureMask(SHORT_TEXT_AVX512);
}

/// The names of the features held, as `Features(SHORT_TEXT_V3 | LCS_AVX2)`: what a benchmark
/// prints.
impl core::fmt::Debug for Features {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names = [
            (SHORT_TEXT_V3, "SHORT_TEXT_V3"),
            (LCS_AVX512, "LCS_AVX512"),
            (LCS_AVX2, "LCS_AVX2"),
            (SHORT_TEXT_AVX512, "SHORT_TEXT_AVX512"),
        ];
        f.write_str("Features(")?;
        let mut sep = "";
        for (bit, name) in names {
            if self.bits & bit != 0 {
                write!(f, "{sep}{name}")?;
                sep = " | ";
            }
        }
        f.write_str(if sep.is_empty() { "none)" } else { ")" })
    }
}

impl core::ops::BitOr for FeatureMask {
    type Output = FeatureMask;
    fn bitor(self, o: FeatureMask) -> FeatureMask {
        FeatureMask(self.0 | o.0)
    }
}

impl Features {
    /// No optional instruction set.
    pub const fn portable() -> Features {
        Features { bits: 0 }
    }

    /// Every optional instruction set of this processor the library can use (on x86_64: a few
    /// CPUID instructions and XGETBV, as `is_x86_feature_detected!` tests them; `core` lacks
    /// that macro). Costs microseconds under some hypervisors: detect once, keep the value.
    /// Under Miri none (the portable code runs: Miri cannot execute CPUID and XGETBV).
    pub fn detect() -> Features {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            // One read of the CPUID leaves for every set.
            let found = super::x86_64::available();
            let avx512 = LCS_AVX512_BUILT_IN || found.avx512;
            let avx2 = LCS_AVX2_BUILT_IN || found.avx2;
            let bit = |held: bool, bit: u32| if held { bit } else { 0 };
            Features {
                bits: bit(found.v3, SHORT_TEXT_V3)
                    | bit(avx512, LCS_AVX512)
                    | bit(avx2, LCS_AVX2)
                    | bit(
                        cfg!(rouge_avx512_intrinsics) && found.v3 && found.text_avx512,
                        SHORT_TEXT_AVX512,
                    ),
            }
        }
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        Features::portable()
    }

    /// Only the LCS kernels' features: what a one-shot call detects when it first needs them
    /// (two CPUID instructions and XGETBV; none when the target has AVX-512 built in).
    fn detect_lcs() -> u32 {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            if LCS_AVX512_BUILT_IN {
                return LCS_AVX512 | LCS_AVX2;
            }
            let (avx512, avx2) = super::x86_64::lcs_sets_available();
            (if avx512 { LCS_AVX512 } else { 0 })
                | if avx2 || LCS_AVX2_BUILT_IN {
                    LCS_AVX2
                } else {
                    0
                }
        }
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        0
    }

    /// These features without those `mask` leaves out.
    pub fn restrict(self, mask: FeatureMask) -> Features {
        Features {
            bits: self.bits & mask.0,
        }
    }

    /// Whether the short text path may run compiled for x86-64-v3 and GFNI.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn short_text_v3(self) -> bool {
        self.bits & SHORT_TEXT_V3 != 0
    }

    /// Whether the direct ASCII tokeniser may look words up in AVX-512 registers (its twin
    /// compiled for x86-64-v3, GFNI and AVX-512 F, DQ, BW, VL and CD).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn short_text_avx512(self) -> bool {
        self.bits & SHORT_TEXT_AVX512 != 0
    }

    /// Whether the LCS kernels may use AVX-512 F and DQ.
    pub(crate) fn lcs_avx512(self) -> bool {
        // A constant false where there are no AVX-512 loops, so that the long-pattern LCS's
        // wavefront (picked only with them or the AVX2 ones; its portable twins serve the
        // tests) is left out of those builds: 4 KB of a Cortex-M firmware's flash.
        cfg!(target_arch = "x86_64") && self.bits & LCS_AVX512 != 0
    }

    /// Whether the LCS kernels may use AVX2 (they use AVX-512 instead when it is held too).
    pub(crate) fn lcs_avx2(self) -> bool {
        // A constant false where there are no AVX2 loops, as for `lcs_avx512`.
        cfg!(target_arch = "x86_64") && self.bits & LCS_AVX2 != 0
    }

    /// Whether the long-pattern LCS runs its wavefront kernels (AVX-512 or AVX2 loops): the
    /// portable twins of those loops are slower than the block kernel's `adc` chain.
    pub(crate) fn lcs_wavefront(self) -> bool {
        self.lcs_avx512() || self.lcs_avx2()
    }

    /// The stored form, for a scorer in caller memory (`rouge_text_scorer.cpu_features`): the
    /// feature bits in the low byte and, above them, a 24-bit check of those bits keyed by
    /// where this library is loaded in this process. [`Features::from_stored`] trusts only a
    /// value whose check matches; any other (written by hand, garbage, or copied from another
    /// process: with address-space layout randomisation the key differs) reads as
    /// [`Features::portable`], which gives the same results, only slower. Of the 2^24 checks
    /// one only is trusted per set of bits, so a value written by hand passes with odds of one
    /// in 16 million; only a caller who computes the keyed check on purpose (from this
    /// library's address and code) could claim features its CPU lacks. Bits of features this
    /// target has no code for are never trusted.
    pub(crate) fn to_stored(self) -> u32 {
        self.bits | check_of(self.bits) << 8
    }

    /// The features of a stored form (see [`Features::to_stored`]): its bits if its check
    /// matches and this target has code for them, else none.
    pub(crate) fn from_stored(stored: u32) -> Features {
        let bits = stored & 0xff;
        if bits & !TARGET_BITS == 0 && stored >> 8 == check_of(bits) {
            Features { bits }
        } else {
            Features::portable()
        }
    }
}

/// The key of the stored form's check: an address in this library, which differs between
/// processes under address-space layout randomisation (a constant, not state: nothing is
/// written).
static CHECK_KEY: u8 = 0;

/// Where [`CHECK_KEY`] is in this process.
pub(super) fn check_key() -> u64 {
    core::ptr::addr_of!(CHECK_KEY) as usize as u64
}

/// The 24-bit check of feature bits `bits` in this process.
fn check_of(bits: u32) -> u32 {
    check_of_with_key(bits, check_key())
}

/// The 24-bit check of feature bits `bits` under `key` (splitmix64's finaliser over both).
pub(super) fn check_of_with_key(bits: u32, key: u64) -> u32 {
    let mut x = key ^ (u64::from(bits) << 56) ^ 0x9E37_79B9_7F4A_7C15;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 40) as u32
}

/// The [`Features`] of one call: given (a prepared scorer's, or a test's subset), or detected on
/// the call's first need and kept for the rest of it, so that a call that never needs them (a
/// short pair) never pays a detection, and one that does pays it once.
#[derive(Clone, Copy, Debug, Default)]
pub struct LazyFeatures(Option<Features>);

impl LazyFeatures {
    /// Not detected yet: detected when first needed.
    pub const fn undetected() -> LazyFeatures {
        LazyFeatures(None)
    }

    /// Known already (detected, or a subset of detected features).
    pub const fn known(features: Features) -> LazyFeatures {
        LazyFeatures(Some(features))
    }

    /// Whether the features are known already (no detection to pay).
    pub(crate) fn is_known(&self) -> bool {
        self.0.is_some()
    }

    /// The features for the LCS kernels: detected now (their part only) unless known.
    pub(crate) fn for_lcs(&mut self) -> Features {
        *self.0.get_or_insert_with(|| Features {
            bits: Features::detect_lcs(),
        })
    }
}
