//! Processor features, detected once by the prepared scorers (`TextScorer`) and kept in them:
//! the library keeps no global state to cache them, and under some hypervisors one CPUID
//! instruction takes microseconds, more than scoring a short pair.

/// The features the short text path is also compiled for (see `text::short`): x86-64-v3's
/// (AVX2, BMI1/2, LZCNT, POPCNT, SSSE3, SSE4.1/4.2, with the OS saving the AVX state) and
/// GFNI. With them the compiler uses `andn`, `shlx`, `tzcnt`, `popcnt` and one-instruction
/// bit reversal (GFNI) in its loops: about a tenth of the time of a short pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Features {
    pub(crate) v3: bool,
}

impl Features {
    /// The features of the processor this runs on (CPUID leaves 1, 7 and 0x80000001, and
    /// XCR0, as `is_x86_feature_detected!` tests them; `core` lacks that macro).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn detect() -> Features {
        let bit = |x: u32, b: u32| x & (1 << b) != 0;
        let l1 = cpuid(1).ecx;
        // SSSE3 (9), SSE4.1 (19), SSE4.2 (20), POPCNT (23), OSXSAVE (27), AVX (28).
        if ![9, 19, 20, 23, 27, 28].iter().all(|&b| bit(l1, b)) {
            return Features::default();
        }
        // The OS saves the SSE and AVX state (bits 1, 2).
        if xcr0() & 6 != 6 || cpuid(0).eax < 7 {
            return Features::default();
        }
        let l7 = cpuid(7);
        // BMI1 (3), AVX2 (5), BMI2 (8) in EBX; GFNI (8) in ECX; LZCNT (5) of 0x80000001 ECX.
        let ext = cpuid(0x8000_0000).eax >= 0x8000_0001 && bit(cpuid(0x8000_0001).ecx, 5);
        Features {
            v3: [3, 5, 8].iter().all(|&b| bit(l7.ebx, b)) && bit(l7.ecx, 8) && ext,
        }
    }

    /// None elsewhere.
    #[cfg(not(target_arch = "x86_64"))]
    pub(crate) fn detect() -> Features {
        Features::default()
    }
}

/// CPUID leaf `leaf`, subleaf 0.
#[cfg(target_arch = "x86_64")]
pub(crate) fn cpuid(leaf: u32) -> core::arch::x86_64::CpuidResult {
    // SAFETY: CPUID exists on every x86_64 CPU (unsafe only on older Rust).
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::__cpuid_count(leaf, 0)
    }
}

/// The low half of XCR0: which register states the OS saves. Only after checking OSXSAVE
/// (CPUID leaf 1, ECX bit 27): without it XGETBV faults.
#[cfg(target_arch = "x86_64")]
pub(crate) fn xcr0() -> u32 {
    let xcr0: u32;
    // SAFETY: every caller checked OSXSAVE first (see above); register 0 always exists.
    unsafe {
        core::arch::asm!("xgetbv", in("ecx") 0u32, out("eax") xcr0, out("edx") _,
             options(nomem, nostack, preserves_flags));
    }
    xcr0
}
