//! aarch64: the baseline add-with-carry step of the LCS kernels, and [`neon`] (every aarch64
//! CPU has it: chosen at compile time).

#[cfg(all(target_feature = "neon", target_endian = "little"))]
pub(crate) mod neon;

/// [`super::portable::add_step`] on aarch64, for 1, 2, 4 and 8 words (the block widths of
/// `lcs::block`): one `asm!` block that sets the carry flag from `carry` (`cmp carry, #1`),
/// chains the words' additions through it with `adcs`, and reads it once at the end (`cset`).
/// Written in Rust, the chain's first word took two additions and two `cset`s, and from the
/// third word of an 8-word block on the compiler rebuilt each carry with `add`, a branch
/// and `ccmp` (`benches/README.md`, "aarch64"). `and`, `bic` and `orr` leave the flags alone,
/// so the masking runs inside the chain. Other widths take the portable step.
#[inline(always)]
pub(crate) fn add_step<const B: usize>(v: &mut [u64; B], m: &[u64; B], carry: u8) -> u8 {
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 8]>::try_from(&mut v[..]),
        <&[u64; 8]>::try_from(&m[..]),
    ) {
        return add_step8(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 4]>::try_from(&mut v[..]),
        <&[u64; 4]>::try_from(&m[..]),
    ) {
        return add_step4(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 2]>::try_from(&mut v[..]),
        <&[u64; 2]>::try_from(&m[..]),
    ) {
        return add_step2(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 1]>::try_from(&mut v[..]),
        <&[u64; 1]>::try_from(&m[..]),
    ) {
        return add_step1(v, m, carry);
    }
    super::portable::add_step(v, m, carry)
}

/// One word of the step inside the flag chain, `$v` and `$m` being operand names: `t = v & m`,
/// `m = v & !m`, `t = v + t + C` (setting C), `v = t | m`.
macro_rules! word {
    ($v:literal, $m:literal) => {
        concat!(
            "and {t}, {",
            $v,
            "}, {",
            $m,
            "}\n",
            "bic {",
            $m,
            "}, {",
            $v,
            "}, {",
            $m,
            "}\n",
            "adcs {t}, {",
            $v,
            "}, {t}\n",
            "orr {",
            $v,
            "}, {t}, {",
            $m,
            "}\n",
        )
    };
}

/// [`add_step`] for 8 words. The masks are loaded inside the block, two pairs at a time into
/// four registers: with all eight loaded beforehand the loop of `lcs::block` ran out of
/// registers and kept half of `v` in memory.
#[inline(always)]
fn add_step8(v: &mut [u64; 8], m: &[u64; 8], carry: u8) -> u8 {
    let [mut v0, mut v1, mut v2, mut v3, mut v4, mut v5, mut v6, mut v7] = *v;
    let mut c = carry as u32;
    // SAFETY: the loads read the 64 bytes of `m`; the rest is register arithmetic (no stack);
    // the flags are declared clobbered by leaving out `preserves_flags`.
    unsafe {
        core::arch::asm!(
            "ldp {m0}, {m1}, [{m}]",
            "ldp {m2}, {m3}, [{m}, #16]",
            "cmp {c:w}, #1",
            word!("v0", "m0"), word!("v1", "m1"),
            "ldp {m0}, {m1}, [{m}, #32]",
            word!("v2", "m2"), word!("v3", "m3"),
            "ldp {m2}, {m3}, [{m}, #48]",
            word!("v4", "m0"), word!("v5", "m1"), word!("v6", "m2"), word!("v7", "m3"),
            "cset {c:w}, hs",
            m = in(reg) m.as_ptr(),
            c = inout(reg) c,
            t = out(reg) _,
            m0 = out(reg) _, m1 = out(reg) _, m2 = out(reg) _, m3 = out(reg) _,
            v0 = inout(reg) v0, v1 = inout(reg) v1, v2 = inout(reg) v2, v3 = inout(reg) v3,
            v4 = inout(reg) v4, v5 = inout(reg) v5, v6 = inout(reg) v6, v7 = inout(reg) v7,
            options(pure, readonly, nostack),
        );
    }
    *v = [v0, v1, v2, v3, v4, v5, v6, v7];
    c as u8
}

/// [`add_step`] for 4 words.
#[inline(always)]
fn add_step4(v: &mut [u64; 4], m: &[u64; 4], carry: u8) -> u8 {
    let [mut v0, mut v1, mut v2, mut v3] = *v;
    let [m0, m1, m2, m3] = *m;
    let mut c = carry as u32;
    // SAFETY: as in `add_step8`.
    unsafe {
        core::arch::asm!(
            "cmp {c:w}, #1",
            word!("v0", "m0"), word!("v1", "m1"), word!("v2", "m2"), word!("v3", "m3"),
            "cset {c:w}, hs",
            c = inout(reg) c,
            t = out(reg) _,
            v0 = inout(reg) v0, v1 = inout(reg) v1, v2 = inout(reg) v2, v3 = inout(reg) v3,
            m0 = inout(reg) m0 => _, m1 = inout(reg) m1 => _, m2 = inout(reg) m2 => _,
            m3 = inout(reg) m3 => _,
            options(pure, nomem, nostack),
        );
    }
    *v = [v0, v1, v2, v3];
    c as u8
}

/// [`add_step`] for 2 words.
#[inline(always)]
fn add_step2(v: &mut [u64; 2], m: &[u64; 2], carry: u8) -> u8 {
    let [mut v0, mut v1] = *v;
    let [m0, m1] = *m;
    let mut c = carry as u32;
    // SAFETY: as in `add_step8`.
    unsafe {
        core::arch::asm!(
            "cmp {c:w}, #1",
            word!("v0", "m0"), word!("v1", "m1"),
            "cset {c:w}, hs",
            c = inout(reg) c,
            t = out(reg) _,
            v0 = inout(reg) v0, v1 = inout(reg) v1,
            m0 = inout(reg) m0 => _, m1 = inout(reg) m1 => _,
            options(pure, nomem, nostack),
        );
    }
    *v = [v0, v1];
    c as u8
}

/// [`add_step`] for 1 word.
#[inline(always)]
fn add_step1(v: &mut [u64; 1], m: &[u64; 1], carry: u8) -> u8 {
    let [mut v0] = *v;
    let [m0] = *m;
    let mut c = carry as u32;
    // SAFETY: as in `add_step8`.
    unsafe {
        core::arch::asm!(
            "cmp {c:w}, #1",
            word!("v0", "m0"),
            "cset {c:w}, hs",
            c = inout(reg) c,
            t = out(reg) _,
            v0 = inout(reg) v0,
            m0 = inout(reg) m0 => _,
            options(pure, nomem, nostack),
        );
    }
    *v = [v0];
    c as u8
}
