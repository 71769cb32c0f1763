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
    add_step_io::<B, true, true>(v, m, carry)
}

/// [`add_step`] for a block that may have no carry in (`IN` false: the first block, whose carry
/// in is always 0; the flag is cleared by `cmn xzr, xzr`, with no register) or whose carry out
/// nobody reads (`OUT` false: the last block; no `cset`). The carry out is 0 without `OUT`.
#[inline(always)]
pub(crate) fn add_step_io<const B: usize, const IN: bool, const OUT: bool>(
    v: &mut [u64; B],
    m: &[u64; B],
    carry: u8,
) -> u8 {
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 8]>::try_from(&mut v[..]),
        <&[u64; 8]>::try_from(&m[..]),
    ) {
        return add_step8::<IN, OUT>(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 4]>::try_from(&mut v[..]),
        <&[u64; 4]>::try_from(&m[..]),
    ) {
        return add_step4::<IN, OUT>(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 2]>::try_from(&mut v[..]),
        <&[u64; 2]>::try_from(&m[..]),
    ) {
        return add_step2::<IN, OUT>(v, m, carry);
    }
    if let (Ok(v), Ok(m)) = (
        <&mut [u64; 1]>::try_from(&mut v[..]),
        <&[u64; 1]>::try_from(&m[..]),
    ) {
        return add_step1::<IN, OUT>(v, m, carry);
    }
    super::portable::add_step(v, m, if IN { carry } else { 0 })
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

/// The step's `asm!` in its four forms: `$body` (string literals) between the carry flag set
/// from `{c}` or cleared, and read into `{c}` or not; `$op` the operands besides `c`. The forms
/// without carry in take `c` as an output only (no register loaded with a constant 0), and a
/// form that uses `c` in neither place names it in an assembler comment.
macro_rules! chain {
    ($in:expr, $out:expr, $c:ident, [$($body:expr),* $(,)?], $($op:tt)*) => {
        // SAFETY: the caller's (each use states what its block reads).
        unsafe {
            match ($in, $out) {
                (true, true) => core::arch::asm!(
                    "cmp {c:w}, #1", $($body,)* "cset {c:w}, hs",
                    c = inout(reg) $c, $($op)*
                ),
                (true, false) => core::arch::asm!(
                    "cmp {c:w}, #1", $($body,)*
                    c = in(reg) $c, $($op)*
                ),
                (false, true) => core::arch::asm!(
                    "cmn xzr, xzr", $($body,)* "cset {c:w}, hs",
                    c = lateout(reg) $c, $($op)*
                ),
                (false, false) => core::arch::asm!(
                    "cmn xzr, xzr // {c:w}", $($body,)*
                    c = lateout(reg) _, $($op)*
                ),
            }
        }
    };
}

/// [`add_step_io`] for 8 words. The masks are loaded inside the block, two pairs at a time into
/// four registers: with all eight loaded beforehand the loop of `lcs::block` ran out of
/// registers and kept half of `v` in memory.
#[inline(always)]
fn add_step8<const IN: bool, const OUT: bool>(v: &mut [u64; 8], m: &[u64; 8], carry: u8) -> u8 {
    let [mut v0, mut v1, mut v2, mut v3, mut v4, mut v5, mut v6, mut v7] = *v;
    let mut c = carry as u32;
    // The loads read the 64 bytes of `m`; the rest is register arithmetic (no stack); the flags
    // are declared clobbered by leaving out `preserves_flags`.
    chain!(
        IN,
        OUT,
        c,
        [
            "ldp {m0}, {m1}, [{m}]",
            "ldp {m2}, {m3}, [{m}, #16]",
            word!("v0", "m0"), word!("v1", "m1"),
            "ldp {m0}, {m1}, [{m}, #32]",
            word!("v2", "m2"), word!("v3", "m3"),
            "ldp {m2}, {m3}, [{m}, #48]",
            word!("v4", "m0"), word!("v5", "m1"), word!("v6", "m2"), word!("v7", "m3"),
        ],
        m = in(reg) m.as_ptr(),
        t = out(reg) _,
        m0 = out(reg) _, m1 = out(reg) _, m2 = out(reg) _, m3 = out(reg) _,
        v0 = inout(reg) v0, v1 = inout(reg) v1, v2 = inout(reg) v2, v3 = inout(reg) v3,
        v4 = inout(reg) v4, v5 = inout(reg) v5, v6 = inout(reg) v6, v7 = inout(reg) v7,
        options(pure, readonly, nostack),
    );
    *v = [v0, v1, v2, v3, v4, v5, v6, v7];
    if OUT {
        c as u8
    } else {
        0
    }
}

/// [`add_step_io`] for 4 words (register arithmetic only).
#[inline(always)]
fn add_step4<const IN: bool, const OUT: bool>(v: &mut [u64; 4], m: &[u64; 4], carry: u8) -> u8 {
    let [mut v0, mut v1, mut v2, mut v3] = *v;
    let [m0, m1, m2, m3] = *m;
    let mut c = carry as u32;
    chain!(
        IN,
        OUT,
        c,
        [word!("v0", "m0"), word!("v1", "m1"), word!("v2", "m2"), word!("v3", "m3")],
        t = out(reg) _,
        v0 = inout(reg) v0, v1 = inout(reg) v1, v2 = inout(reg) v2, v3 = inout(reg) v3,
        m0 = inout(reg) m0 => _, m1 = inout(reg) m1 => _, m2 = inout(reg) m2 => _,
        m3 = inout(reg) m3 => _,
        options(pure, nomem, nostack),
    );
    *v = [v0, v1, v2, v3];
    if OUT {
        c as u8
    } else {
        0
    }
}

/// [`add_step_io`] for 2 words (register arithmetic only).
#[inline(always)]
fn add_step2<const IN: bool, const OUT: bool>(v: &mut [u64; 2], m: &[u64; 2], carry: u8) -> u8 {
    let [mut v0, mut v1] = *v;
    let [m0, m1] = *m;
    let mut c = carry as u32;
    chain!(
        IN,
        OUT,
        c,
        [word!("v0", "m0"), word!("v1", "m1")],
        t = out(reg) _,
        v0 = inout(reg) v0, v1 = inout(reg) v1,
        m0 = inout(reg) m0 => _, m1 = inout(reg) m1 => _,
        options(pure, nomem, nostack),
    );
    *v = [v0, v1];
    if OUT {
        c as u8
    } else {
        0
    }
}

/// [`add_step_io`] for 1 word (register arithmetic only).
#[inline(always)]
fn add_step1<const IN: bool, const OUT: bool>(v: &mut [u64; 1], m: &[u64; 1], carry: u8) -> u8 {
    let [mut v0] = *v;
    let [m0] = *m;
    let mut c = carry as u32;
    chain!(
        IN,
        OUT,
        c,
        [word!("v0", "m0")],
        t = out(reg) _,
        v0 = inout(reg) v0,
        m0 = inout(reg) m0 => _,
        options(pure, nomem, nostack),
    );
    *v = [v0];
    if OUT {
        c as u8
    } else {
        0
    }
}
