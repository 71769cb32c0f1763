//! x86_64: feature detection (CPUID, XGETBV), the baseline add-with-carry step of the LCS
//! kernels, and one module per instruction set:
//! [`sse2`] (every x86_64 CPU: chosen at compile time), [`avx512`] and [`avx2`] (chosen at run
//! time), and [`clean`] (the text path's block cleaner with AVX2 and AVX-512 BW, for its twins).

// Under Miri the detection below is never called (`Features::detect` reports none there).
#![cfg_attr(miri, allow(dead_code))]

pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod clean;
pub(crate) mod probe;
#[cfg(target_feature = "sse2")]
pub(crate) mod sse2;

/// CPUID leaf `leaf`, subleaf 0.
fn cpuid(leaf: u32) -> core::arch::x86_64::CpuidResult {
    // SAFETY: CPUID exists on every x86_64 CPU (unsafe only on older Rust).
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::__cpuid_count(leaf, 0)
    }
}

/// The low half of XCR0: which register states the OS saves. Only after checking OSXSAVE
/// (CPUID leaf 1, ECX bit 27): without it XGETBV faults.
fn xcr0() -> u32 {
    let xcr0: u32;
    // SAFETY: every caller checked OSXSAVE first (see above); register 0 always exists.
    unsafe {
        core::arch::asm!("xgetbv", in("ecx") 0u32, out("eax") xcr0, out("edx") _,
             options(nomem, nostack, preserves_flags));
    }
    xcr0
}

/// Which optional instruction sets the CPU has, with the OS saving their state.
#[derive(Clone, Copy, Default)]
pub(crate) struct Available {
    /// x86-64-v3's features (AVX2, BMI1/2, LZCNT, POPCNT, SSSE3, SSE4.1/4.2) and GFNI.
    pub(crate) v3: bool,
    /// AVX-512 F and DQ ([`lcs_sets_available`]'s test).
    pub(crate) avx512: bool,
    /// AVX2 ([`lcs_sets_available`]'s test).
    pub(crate) avx2: bool,
    /// AVX-512 F, DQ, BW, VL and CD: the text path's word lookups (`probe`).
    pub(crate) text_avx512: bool,
}

/// Tests the CPUID bit `b` of `x`.
fn bit(x: u32, b: u32) -> bool {
    x & (1 << b) != 0
}

/// [`Available`]: CPUID leaves 1, 7 and 0x80000001, and XCR0, each read once (a CPUID costs
/// microseconds under some hypervisors); the same tests as `is_x86_feature_detected!`.
pub(crate) fn available() -> Available {
    let l1 = cpuid(1).ecx;
    // OSXSAVE (27): the OS enabled XGETBV; without it no set is usable.
    if !bit(l1, 27) || cpuid(0).eax < 7 {
        return Available::default();
    }
    let (xcr0, l7) = (xcr0(), cpuid(7));
    let (avx512, avx2) = lcs_sets(l1, xcr0, l7.ebx);
    // SSSE3 (9), SSE4.1 (19), SSE4.2 (20), POPCNT (23) in leaf 1 ECX; BMI1 (3), BMI2 (8) in
    // leaf 7 EBX; GFNI (8) in its ECX; LZCNT (5) of 0x80000001 ECX; and AVX2.
    let v3 = avx2
        && [9, 19, 20, 23].iter().all(|&b| bit(l1, b))
        && [3, 8].iter().all(|&b| bit(l7.ebx, b))
        && bit(l7.ecx, 8)
        && cpuid(0x8000_0000).eax >= 0x8000_0001
        && bit(cpuid(0x8000_0001).ecx, 5);
    // CD (28), BW (30) and VL (31) of leaf 7 EBX besides F and DQ, with the AVX-512 state.
    let text_avx512 = avx512 && [28, 30, 31].iter().all(|&b| bit(l7.ebx, b));
    Available {
        v3,
        avx512,
        avx2,
        text_avx512,
    }
}

/// Whether the CPU has AVX-512 F and DQ, and AVX2, with the OS saving their state: the LCS
/// kernels' sets alone (CPUID leaves 1 and 7, XCR0).
pub(crate) fn lcs_sets_available() -> (bool, bool) {
    // Leaf 1 ECX bit 27: the OS enabled XGETBV. Any CPU with AVX2 or AVX-512 has leaf 7; on
    // one without, XCR0 cannot have the AVX state bits checked below.
    let l1 = cpuid(1).ecx;
    if !bit(l1, 27) {
        return (false, false);
    }
    let xcr0 = xcr0();
    if xcr0 & 6 != 6 {
        return (false, false);
    }
    lcs_sets(l1, xcr0, cpuid(7).ebx)
}

/// AVX-512 F and DQ, and AVX2, from leaf 1 ECX, XCR0 and leaf 7 EBX.
fn lcs_sets(l1: u32, xcr0: u32, l7_ebx: u32) -> (bool, bool) {
    // SSE and AVX state (XCR0 bits 1, 2), opmask and the upper zmm state (bits 5, 6, 7); leaf
    // 7 EBX bit 16: AVX512F, bit 17: AVX512DQ (KADDW).
    let avx512 = xcr0 & 0xe6 == 0xe6 && bit(l7_ebx, 16) && bit(l7_ebx, 17);
    // AVX (leaf 1 ECX bit 28) and AVX2 (leaf 7 EBX bit 5), with the AVX state saved.
    let avx2 = xcr0 & 6 == 6 && bit(l1, 28) && bit(l7_ebx, 5);
    (avx512, avx2)
}

/// [`super::portable::add_step`] on x86_64: `_addcarry_u64` (baseline x86_64, no feature
/// check) makes the words' additions one `adc` chain. The masked words are computed first so
/// that no flag-clobbering `and` sits between two `adc`s.
#[inline(always)]
pub(crate) fn add_step<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    use core::arch::x86_64::_addcarry_u64;
    let mut u = [0u64; B];
    for w in 0..B {
        u[w] = v[w] & m[w];
    }
    let mut c = carry;
    let mut sum = [0u64; B];
    for w in 0..B {
        // SAFETY: `_addcarry_u64` has no precondition (x86_64 baseline instruction).
        #[allow(unused_unsafe)]
        {
            c = unsafe { _addcarry_u64(c, v[w], u[w], &mut sum[w]) };
        }
    }
    for w in 0..B {
        // `V & !M` is `V ^ (V & M)`: `M` is not needed after the addition.
        v[w] = sum[w] | (v[w] ^ u[w]);
    }
    c
}
