//! The one seam between the algorithms and the instruction sets, after memchr's `arch/` and
//! BLAKE3's `Platform`: each algorithm that has instruction-set variants is written once
//! portably ([`portable`]), each instruction-set module (`x86_64::sse2`, `x86_64::avx512`,
//! `x86_64::avx2`, `aarch64::neon`) exports the same names with the same signatures, and the
//! choice between them is made here and nowhere else. This is the only module of the crate with
//! `cfg(target_arch)`.
//!
//! Two kinds of choice:
//! - at compile time, for instruction sets every CPU of the target has (SSE2 on x86_64, NEON
//!   on little-endian aarch64): the re-exports below ([`classify`], [`clean_block`], [`Key`],
//!   [`add_step`], ...);
//! - at run time, for the others (AVX-512, else AVX2, for the LCS kernel; AVX2, BMI1/2,
//!   LZCNT, POPCNT, SSSE3, SSE4 and GFNI for the short text path): by a [`Features`] value that
//!   the caller detected once (a prepared scorer when it is made, a one-shot call on its first
//!   need) and passes down. The kernels never test a feature themselves, and a test or
//!   benchmark can pass a subset of the detected features ([`Features::restrict`]) to force a
//!   variant.
//!
//! Features are never cached in a static: the library keeps no global state. Under some
//! hypervisors one CPUID instruction takes microseconds (more than scoring a short pair), which
//! is why detection happens once per prepared scorer or per call, and only when needed.

// Compiled on every target: where an instruction set replaces some of them they remain the
// oracle of its tests.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) mod portable;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
// Scratch words as code points (the XL-Sum tokeniser's buffers): not an instruction set, but
// `unsafe`, which the crate keeps to `arch` and `capi`.
#[cfg(feature = "multilingual")]
mod chars;
#[cfg(feature = "multilingual")]
pub(crate) use chars::chars_zeroed;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;
// The panic handler's way to stop (a trap instruction where there is no C library).
#[cfg(all(feature = "capi", not(test)))]
pub(crate) mod stop;

// Instruction sets every CPU of the target has: chosen at compile time.
pub(crate) use bytes16::{clean_block, newlines_and_odd, Key};
// The tokenisers read `clean_block`'s bits; `classify` (the same bits without the copy)
// remains for the tests, which check the classes against it.
#[cfg(test)]
pub(crate) use bytes16::classify;

#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    target_endian = "little"
))]
use aarch64::neon as bytes16;
#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2"),
    all(
        target_arch = "aarch64",
        target_feature = "neon",
        target_endian = "little"
    )
)))]
use portable as bytes16;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use x86_64::sse2 as bytes16;

#[cfg(target_arch = "aarch64")]
pub(crate) use aarch64::{add_step, add_step_io};
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(crate) use portable::add_step;
#[cfg(target_arch = "x86_64")]
pub(crate) use x86_64::add_step;

/// [`add_step`] for a block with no carry in (`IN` false: `carry` is 0) or whose carry out is
/// not read (`OUT` false): on aarch64 a step without the flag set-up or read-out it does not
/// need; elsewhere the compiler drops them from [`add_step`] itself.
#[cfg(not(target_arch = "aarch64"))]
#[inline(always)]
pub(crate) fn add_step_io<const B: usize, const IN: bool, const OUT: bool>(
    v: &mut [u64; B],
    m: &[u64; B],
    carry: u8,
) -> u8 {
    add_step(v, m, if IN { carry } else { 0 })
}

pub(crate) mod features;
mod pow;
pub(crate) use features::LazyFeatures;
pub(crate) use features::LCS_AVX512_BUILT_IN;
pub use features::{FeatureMask, Features};
pub(crate) use pow::pow;

/// Words of one block table of the long-pattern LCS kernels: 513 rows (id 0, the tokens absent
/// from the block, and at most one id per row of a 512-row block) of 8 words. The AVX-512
/// kernels address the tables with this layout (byte offset 8 * `LCS_TABLE_WORDS` = 32832
/// per table).
pub(crate) const LCS_TABLE_WORDS: usize = (64 * 8 + 1) * 8;

/// The bits of a 64-byte block, one per byte: word bytes (ASCII letters and digits), `\n`
/// bytes, and bytes that are not plain ASCII (0, or 0x80 and above).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BlockBits {
    pub(crate) words: u64,
    pub(crate) newlines: u64,
    pub(crate) odd: u64,
}

/// A block cleaner as the text tests pass it.
#[cfg(test)]
pub(crate) type BlockCleaner = fn(&[u8; 64], &mut [u8; 64]) -> BlockBits;

/// The twins' block cleaners this CPU has, by name (none off x86_64): for the text tests,
/// which so need no `cfg(target_arch)`.
#[cfg(test)]
pub(crate) fn twin_cleaners() -> Vec<(&'static str, BlockCleaner)> {
    #[cfg(target_arch = "x86_64")]
    return x86_64::clean::tests::variants();
    #[cfg(not(target_arch = "x86_64"))]
    Vec::new()
}

/// The word-start writer by `vpcompressb` when this CPU has AVX-512 VBMI2 (else `None`): for
/// the text tests, as [`twin_cleaners`].
#[cfg(test)]
pub(crate) fn vbmi2_block_starts() -> Option<fn(u64, u32, &mut [u32; 32])> {
    #[cfg(target_arch = "x86_64")]
    return x86_64::clean::tests::vbmi2_starts();
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// A 64-byte block's word starts as text positions: `base + i` for each set bit `i` of
/// `first` (at most 32: a start follows a non-word byte), in order, into the first entries of
/// `room`. Eight at a time, by `trailing_zeros`, the last group's surplus entries (past the
/// count) with junk that later starts overwrite: a loop per start would end at an
/// unpredictable count, one mispredicted branch per block (simdjson's stage 1 does the same).
/// Groups of a 32-entry array: no bounds check, so no panic path. (`x86_64::clean` has a
/// `vpcompressb` twin for AVX-512 VBMI2.)
#[inline(always)]
pub(crate) fn block_starts(mut first: u64, base: u32, room: &mut [u32; 32]) {
    let count = first.count_ones() as usize;
    for group in room
        .as_chunks_mut::<8>()
        .0
        .iter_mut()
        .take(count.div_ceil(8))
    {
        for slot in group.iter_mut() {
            *slot = base.wrapping_add(first.trailing_zeros());
            first &= first.wrapping_sub(1);
        }
    }
}

/// A text whose largest token is known, so that the LCS loops below can index per-token arrays
/// with its tokens unchecked once [`CheckedText::fits`] holds for the array's length.
#[derive(Clone, Copy)]
pub(crate) struct CheckedText<'a> {
    text: &'a [u32],
    max: u32,
}

impl<'a> CheckedText<'a> {
    /// `text` if every token is below `len`.
    pub(crate) fn new(text: &'a [u32], len: usize) -> Option<Self> {
        let max = text.iter().fold(0, |m, &t| m.max(t));
        let checked = CheckedText { text, max };
        checked.fits(len).then_some(checked)
    }

    /// Whether every token is below `len`.
    pub(crate) fn fits(self, len: usize) -> bool {
        (self.max as usize) < len
    }

    /// The tokens.
    pub(crate) fn get(self) -> &'a [u32] {
        self.text
    }

    /// `table`'s entries at the tokens, in order, when every token is below `table.len()`:
    /// the range checked once here, so that a loop over them has no bounds check per token.
    #[inline(always)]
    pub(crate) fn lookup<T: Copy>(self, table: &'a [T]) -> Option<impl Iterator<Item = T> + 'a> {
        self.fits(table.len()).then(|| {
            self.text.iter().map(|&t| {
                // SAFETY: every token is at most `max` (`new` folded them; `prefix` keeps a
                // subset), and `max < table.len()` (`fits` above).
                unsafe { *table.get_unchecked(t as usize) }
            })
        })
    }

    /// The first `n` tokens (all if fewer).
    pub(crate) fn prefix(self, n: usize) -> Self {
        CheckedText {
            text: &self.text[..n.min(self.text.len())],
            max: self.max,
        }
    }
}

/// One 8-word (512-row) LCS block over `text` (see [`portable::block_loop`]); AVX-512 when
/// `features` has it, else AVX2 when it has that. Returns how many tokens it processed.
#[inline]
pub(crate) fn block_loop(
    features: Features,
    text: &[u32],
    local: &[u32],
    table: &[[u64; 8]],
    carries: &mut [u8],
    v: &mut [u64; 8],
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx512() {
        // SAFETY: `features` holds AVX-512 only when it was detected on this CPU (a
        // `Features` is only made by `detect`, narrowed by `restrict`, or validated from
        // its stored form); the loop checks its own indices.
        return unsafe { x86_64::avx512::block_loop(text, local, table, carries, v) };
    }
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx2() {
        // SAFETY: as above, for AVX2.
        return unsafe { x86_64::avx2::block_loop(text, local, table, carries, v) };
    }
    let _ = features;
    portable::block_loop(text, local, table, carries, v)
}

/// Two 512-row LCS blocks in a wavefront (see [`portable::pair_loop`]); AVX-512 (else AVX2)
/// when `features` has it and the tokens are below `local.len()`.
#[inline]
pub(crate) fn pair_loop(
    features: Features,
    text: CheckedText,
    local: &[u32],
    tables: &[u64; 2 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 2],
) {
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx512() && text.fits(local.len()) {
        // SAFETY: as in `block_loop`; the tokens are below `local.len()` (checked above).
        return unsafe { x86_64::avx512::pair_loop(text.get(), local, tables, carries, v) };
    }
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx2() && text.fits(local.len()) {
        // SAFETY: as in `block_loop`; the tokens are below `local.len()` (checked above).
        return unsafe { x86_64::avx2::pair_loop(text.get(), local, tables, carries, v) };
    }
    let _ = features;
    portable::pair_loop(text.get(), local, tables, carries, v)
}

/// Four 512-row LCS blocks in a wavefront (see [`portable::quad_loop`]); AVX-512 (else AVX2)
/// when `features` has it and the tokens are below `masks.len()`.
#[inline]
pub(crate) fn quad_loop(
    features: Features,
    text: CheckedText,
    masks: &[u64],
    tables: &[u64; 4 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 4],
) {
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx512() && text.fits(masks.len()) {
        // SAFETY: as in `block_loop`; the tokens are below `masks.len()` (checked above).
        return unsafe { x86_64::avx512::quad_loop(text.get(), masks, tables, carries, v) };
    }
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx2() && text.fits(masks.len()) {
        // SAFETY: as in `block_loop`; the tokens are below `masks.len()` (checked above).
        return unsafe { x86_64::avx2::quad_loop(text.get(), masks, tables, carries, v) };
    }
    let _ = features;
    portable::quad_loop(text.get(), masks, tables, carries, v)
}

/// Five 512-row LCS blocks in a wavefront (see [`portable::quint_loop`]); AVX-512 (else AVX2)
/// when `features` has it and the tokens are below `masks.len()` and `local.len()`.
#[inline]
pub(crate) fn quint_loop(
    features: Features,
    text: CheckedText,
    masks: &[u64],
    local: &[u32],
    tables: &[u64; 5 * LCS_TABLE_WORDS],
    carries: &mut [u8],
    v: &mut [[u64; 8]; 5],
) {
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx512() && text.fits(masks.len()) && text.fits(local.len()) {
        // SAFETY: as in `block_loop`; the tokens are below both lengths (checked above).
        return unsafe { x86_64::avx512::quint_loop(text.get(), masks, local, tables, carries, v) };
    }
    #[cfg(target_arch = "x86_64")]
    if features.lcs_avx2() && text.fits(masks.len()) && text.fits(local.len()) {
        // SAFETY: as in `block_loop`; the tokens are below both lengths (checked above).
        return unsafe { x86_64::avx2::quint_loop(text.get(), masks, local, tables, carries, v) };
    }
    let _ = features;
    portable::quint_loop(text.get(), masks, local, tables, carries, v)
}

/// `$body`, an expression over the arguments listed as those of a function, compiled for the
/// short text path's features (x86-64-v3's AVX2, BMI1/2, LZCNT, POPCNT, SSSE3, SSE4.1/4.2,
/// and GFNI) when `$features` (a [`Features`]) has them, else as compiled for the target: with
/// them the compiler uses `andn`, `shlx`, `tzcnt`, `popcnt` and one-instruction bit reversal
/// in its loops. `$body` should call `#[inline(always)]` functions, so that the whole of it is
/// compiled again inside the feature-enabled twin. A macro rather than a function taking a
/// closure, so that the twin takes the arguments themselves (in registers, their aliasing
/// known), as a hand-written twin would. With `clean: a, starts: b,` before the `fn`, `$body`
/// has `a`, the block cleaner of the compilation it is in (`x86_64::clean`'s AVX2 one in the
/// v3 twin, else [`clean_block`]), and `b`, its word-start writer ([`block_starts`]).
macro_rules! with_short_text_features {
    ($features:expr, $(clean: $clean:ident, starts: $starts:ident,)? fn($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {{
        #[cfg(target_arch = "x86_64")]
        {
            /// The body compiled for the features.
            #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3,sse4.1,sse4.2,gfni")]
            #[allow(clippy::too_many_arguments)]
            unsafe fn v3($($arg: $ty),*) -> $ret {
                // A closure, not a function item: it inherits the twin's features, so that
                // the AVX2 intrinsics compile inline into it (a function item's `Fn` shim
                // would not have them, and would call each intrinsic).
                $(
                    let $clean = |block: &[u8; 64], clean: &mut [u8; 64]| {
                        // SAFETY: `v3` runs only on a CPU with AVX2.
                        unsafe { $crate::arch::x86_64::clean::clean_block_avx2(block, clean) }
                    };
                    let $starts = |first: u64, base: u32, room: &mut [u32; 32]| {
                        $crate::arch::block_starts(first, base, room)
                    };
                )?
                $body
            }
            if $crate::arch::Features::short_text_v3($features) {
                // SAFETY: a `Features` holds them only when they were detected on this CPU
                // (see `block_loop`).
                unsafe { v3($($arg),*) }
            } else {
                $(let ($clean, $starts) = ($crate::arch::clean_block, $crate::arch::block_starts);)?
                $body
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _: $crate::arch::Features = $features;
            $(let ($clean, $starts) = ($crate::arch::clean_block, $crate::arch::block_starts);)?
            $body
        }
    }};
}
pub(crate) use with_short_text_features;

/// The short keys of 8 words (their two halves) and their hashes, as `text::vocab`'s `Key::of`
/// and `key_hash` make them one by one ([`GroupLookup::keys8`]).
#[repr(C, align(64))]
#[derive(Default)]
pub(crate) struct GroupKeys {
    pub(crate) lo: [u64; 8],
    pub(crate) hi: [u64; 8],
    pub(crate) hash: [u64; 8],
}

/// A way to make the keys and hashes of 8 words of the direct ASCII tokeniser at once (in
/// vector registers: the first step of Polychroniou, Raghavan and Ross, "Rethinking SIMD
/// vectorization for in-memory databases", SIGMOD 2015), or none ([`NoGroups`]): a type
/// parameter of the interning loop, so that the loop without it has no trace of it.
pub(crate) trait GroupLookup: Copy {
    /// Whether [`GroupLookup::keys8`] makes anything (false: never called).
    const GROUPS: bool;

    /// The keys and hashes of the 8 words starting at the positions `at` of the cleaned copy
    /// `clean` (as `text::vocab::clean_words` writes it) into `out`, and `Some(0)`; or, having
    /// made none, the words of 16 bytes or more when there are any (bit k for word k), and
    /// `None` when a position is out of the range it handles (the scalar loop takes the
    /// words of both).
    fn keys8(self, at: &[u32; 8], clean: &[u8], out: &mut GroupKeys) -> Option<u8>;
}

/// No group lookups: the scalar loop alone.
#[derive(Clone, Copy)]
pub(crate) struct NoGroups;

impl GroupLookup for NoGroups {
    const GROUPS: bool = false;

    #[inline(always)]
    fn keys8(self, _: &[u32; 8], _: &[u8], _: &mut GroupKeys) -> Option<u8> {
        None
    }
}

/// [`with_short_text_features`] for the direct ASCII tokeniser, whose body also takes a
/// [`GroupLookup`] bound to `$lookup`: with the AVX-512 text feature
/// ([`Features::short_text_avx512`]) a third twin, compiled for x86-64-v3, GFNI and AVX-512 F,
/// DQ, BW, VL and CD, with the AVX-512 group lookups (`x86_64::probe`); else the v3 twin or the
/// target's compile as there, with [`NoGroups`].
macro_rules! with_text_lookup_features {
    ($features:expr, |$lookup:ident| clean: $clean:ident, starts: $starts:ident, fn($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {{
        #[cfg(all(target_arch = "x86_64", rouge_avx512_intrinsics))]
        {
            /// The body compiled for the features, with the AVX-512 lookups.
            #[target_feature(
                enable = "avx2,bmi1,bmi2,lzcnt,popcnt,ssse3,sse4.1,sse4.2,gfni,avx512f,avx512dq,avx512bw,avx512vl,avx512cd"
            )]
            #[allow(clippy::too_many_arguments)]
            unsafe fn avx512($($arg: $ty),*) -> $ret {
                // SAFETY: this function runs only where the features were detected (below).
                let $lookup = unsafe { $crate::arch::x86_64::probe::Avx512Groups::new() };
                // The AVX2 cleaner, not `x86_64::clean`'s AVX-512 BW one: on the Zen 4 it was
                // measured on, the AVX2 one cleaned faster (benches/README.md, "The clean pass
                // 32 and 64 bytes at a time"). Closures, as in `with_short_text_features`, so
                // that they inherit this twin's features.
                let $clean = |block: &[u8; 64], clean: &mut [u8; 64]| {
                    // SAFETY: this function runs only on a CPU with AVX2 (below).
                    unsafe { $crate::arch::x86_64::clean::clean_block_avx2(block, clean) }
                };
                let $starts = |first: u64, base: u32, room: &mut [u32; 32]| {
                    $crate::arch::block_starts(first, base, room)
                };
                $body
            }
            if $crate::arch::Features::short_text_avx512($features) {
                // SAFETY: a `Features` holds the bit only when AVX-512 F, DQ, BW, VL and CD
                // and x86-64-v3's sets with GFNI were detected on this CPU (see `block_loop`).
                unsafe { avx512($($arg),*) }
            } else {
                $crate::arch::with_short_text_features!($features, clean: $clean, starts: $starts, fn($($arg: $ty),*) -> $ret {
                    let $lookup = $crate::arch::NoGroups;
                    $body
                })
            }
        }
        #[cfg(not(all(target_arch = "x86_64", rouge_avx512_intrinsics)))]
        {
            $crate::arch::with_short_text_features!($features, clean: $clean, starts: $starts, fn($($arg: $ty),*) -> $ret {
                let $lookup = $crate::arch::NoGroups;
                $body
            })
        }
    }};
}
pub(crate) use with_text_lookup_features;

#[cfg(test)]
mod tests;
