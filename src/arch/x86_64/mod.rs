//! x86_64: feature detection (CPUID, XGETBV), the baseline add-with-carry step of the LCS
//! kernels, and one module per instruction set:
//! [`sse2`] (every x86_64 CPU: chosen at compile time) and [`avx512`] (chosen at run time).

pub(crate) mod avx512;
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

/// Whether the CPU has x86-64-v3's features (AVX2, BMI1/2, LZCNT, POPCNT, SSSE3, SSE4.1/4.2,
/// with the OS saving the AVX state) and GFNI, and whether it has AVX-512 F and DQ with the OS
/// saving their state ([`avx512_available`]'s test): CPUID leaves 1, 7 and 0x80000001, and
/// XCR0, each read once (a CPUID costs microseconds under some hypervisors).
pub(crate) fn v3_and_avx512_available() -> (bool, bool) {
    let bit = |x: u32, b: u32| x & (1 << b) != 0;
    let l1 = cpuid(1).ecx;
    // OSXSAVE (27): the OS enabled XGETBV; without it neither set is usable.
    if !bit(l1, 27) || cpuid(0).eax < 7 {
        return (false, false);
    }
    let (xcr0, l7) = (xcr0(), cpuid(7));
    // SSE and AVX state (bits 1, 2), opmask and the upper zmm state (bits 5, 6, 7); leaf 7
    // EBX bit 16: AVX512F, bit 17: AVX512DQ (KADDW).
    let avx512 = xcr0 & 0xe6 == 0xe6 && bit(l7.ebx, 16) && bit(l7.ebx, 17);
    // SSSE3 (9), SSE4.1 (19), SSE4.2 (20), POPCNT (23), AVX (28) in leaf 1 ECX; BMI1 (3),
    // AVX2 (5), BMI2 (8) in leaf 7 EBX; GFNI (8) in its ECX; LZCNT (5) of 0x80000001 ECX.
    let v3 = [9, 19, 20, 23, 28].iter().all(|&b| bit(l1, b))
        && xcr0 & 6 == 6
        && [3, 5, 8].iter().all(|&b| bit(l7.ebx, b))
        && bit(l7.ecx, 8)
        && cpuid(0x8000_0000).eax >= 0x8000_0001
        && bit(cpuid(0x8000_0001).ecx, 5);
    (v3, avx512)
}

/// Whether the CPU has AVX-512 F and DQ and the OS saves their state (CPUID leaves 1 and 7,
/// XCR0); the same test as `is_x86_feature_detected!`.
pub(crate) fn avx512_available() -> bool {
    // Leaf 1 ECX bit 27: the OS enabled XGETBV. Any CPU with AVX-512 has leaf 7; on one
    // without, XCR0 cannot have the AVX-512 state bits checked below.
    if cpuid(1).ecx & (1 << 27) == 0 {
        return false;
    }
    // SSE and AVX state (bits 1, 2), opmask and the upper zmm state (bits 5, 6, 7).
    if xcr0() & 0xe6 != 0xe6 {
        return false;
    }
    // Leaf 7 EBX bit 16: AVX512F, bit 17: AVX512DQ (KADDW).
    let ebx = cpuid(7).ebx;
    ebx & (1 << 16) != 0 && ebx & (1 << 17) != 0
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
