//! Each active instruction-set variant against its portable twin, and the stored features'
//! validation.

use super::*;

use crate::test_rng::Rng;

/// Random bytes biased to the classes the classifiers tell apart.
fn text_byte(rng: &mut Rng) -> u8 {
    match rng.next() % 8 {
        0 => b'\n',
        1 => 0,
        2 => 0x80 | rng.next() as u8,
        3 => b' ',
        4 => b'A' + (rng.next() % 26) as u8,
        5 => b'0' + (rng.next() % 10) as u8,
        _ => rng.next() as u8,
    }
}

#[test]
fn test_byte_classifiers_match_portable_twins() {
    let mut rng = Rng(0x5eed_0123_4567_89ab);
    for _ in 0..20_000 {
        let mut block = [0u8; 64];
        block.iter_mut().for_each(|b| *b = text_byte(&mut rng));
        let (c0, c1) = (
            u64::from_le_bytes(block[..8].try_into().unwrap()),
            u64::from_le_bytes(block[8..16].try_into().unwrap()),
        );
        assert_eq!(classify(c0, c1), portable::classify(c0, c1));
        assert_eq!(newlines_and_odd(c0, c1), portable::newlines_and_odd(c0, c1));
        let (mut clean, mut want) = ([0xAAu8; 64], [0x55u8; 64]);
        assert_eq!(
            clean_block(&block, &mut clean),
            portable::clean_block(&block, &mut want)
        );
        assert_eq!(clean, want);
        // Keys of every position of the cleaned block (a word's bytes, then 0 or more).
        let mut padded = [0u8; 80];
        padded[..64].copy_from_slice(&clean);
        for start in 0..64 {
            let bytes: &[u8; 16] = padded[start..start + 16].try_into().unwrap();
            let (got, want) = (Key::of(bytes), portable::Key::of(bytes));
            assert_eq!(got.map(Key::halves), want.map(portable::Key::halves));
            if let (Some(got), Some(want)) = (got, want) {
                let mut entry = [0u64; 6];
                want.store(&mut entry);
                assert!(got.is_at(&entry));
                got.store(&mut entry);
                assert_eq!(&entry[..2], &want.halves());
                entry[0] ^= 1 << (rng.next() % 64);
                assert!(!got.is_at(&entry) && !want.is_at(&entry));
            }
        }
    }
}

/// The two halves of a 16-byte load, as the tokenisers pass it.
fn halves_of(bytes: &[u8]) -> (u64, u64) {
    (
        u64::from_le_bytes(bytes[..8].try_into().unwrap()),
        u64::from_le_bytes(bytes[8..16].try_into().unwrap()),
    )
}

/// The active byte helpers (NEON on aarch64, SSE2 on x86_64) against their portable twins on
/// every byte value at every position of a 16-byte load, uniform random bytes, 64-byte
/// blocks at every alignment of a buffer, and keys of every length with any bytes after the
/// word's end.
#[test]
fn test_byte_classifiers_match_portable_twins_on_all_bytes() {
    let mut rng = Rng(0x0b17_e5ba_d5ee_d001);
    for b in 0..=255u8 {
        for k in 0..16 {
            let mut bytes = [0u8; 16];
            bytes.iter_mut().for_each(|x| *x = rng.next() as u8);
            bytes[k] = b;
            let (c0, c1) = halves_of(&bytes);
            let want = (
                portable::classify(c0, c1),
                portable::newlines_and_odd(c0, c1),
            );
            assert_eq!(
                (classify(c0, c1), newlines_and_odd(c0, c1)),
                want,
                "{b:#x} at {k}"
            );
        }
    }
    let mut buf = [0u8; 64 + 32];
    for round in 0..20_000 {
        buf.iter_mut().for_each(|x| *x = rng.next() as u8);
        let start = round % 32;
        let (c0, c1) = halves_of(&buf[start..]);
        assert_eq!(classify(c0, c1), portable::classify(c0, c1));
        assert_eq!(newlines_and_odd(c0, c1), portable::newlines_and_odd(c0, c1));
        let block: &[u8; 64] = buf[start..start + 64].try_into().unwrap();
        let (mut clean, mut want) = ([0xAAu8; 64], [0x55u8; 64]);
        assert_eq!(
            clean_block(block, &mut clean),
            portable::clean_block(block, &mut want),
            "start {start}"
        );
        assert_eq!(clean, want);
        // A word of `len` non-zero bytes, a 0 (under 16), then anything, at any alignment.
        let len = round % 17;
        let at = start.min(buf.len() - 16);
        for x in &mut buf[at..at + len] {
            *x = (*x).max(1);
        }
        if len < 16 {
            buf[at + len] = 0;
        }
        let bytes: &[u8; 16] = buf[at..at + 16].try_into().unwrap();
        let (got, want) = (Key::of(bytes), portable::Key::of(bytes));
        assert_eq!(got.is_some(), len < 16);
        assert_eq!(
            got.map(Key::halves),
            want.map(portable::Key::halves),
            "len {len}"
        );
        if let (Some(got), Some(want)) = (got, want) {
            let mut entry = [rng.next(); 6];
            got.store(&mut entry);
            assert_eq!(&entry[..2], &want.halves());
            assert!(got.is_at(&entry) && want.is_at(&entry));
            entry[1] ^= 1 << (rng.next() % 64);
            assert!(!got.is_at(&entry) && !want.is_at(&entry));
        }
    }
}

/// The byte helpers under test are the target's: NEON on little-endian aarch64, SSE2 on
/// x86_64, the portable ones elsewhere (the type of the re-exported `Key` names its module).
#[test]
fn test_active_byte_classifiers_are_the_targets() {
    let name = core::any::type_name::<Key>();
    let want = if cfg!(all(
        target_arch = "aarch64",
        target_feature = "neon",
        target_endian = "little"
    )) {
        "::arch::aarch64::neon::Key"
    } else if cfg!(all(target_arch = "x86_64", target_feature = "sse2")) {
        "::arch::x86_64::sse2::Key"
    } else {
        "::arch::portable::Key"
    };
    assert!(name.ends_with(want), "{name}");
}

/// On aarch64 the tests above ran the NEON twins (its name says so in the test list that the
/// qemu run prints).
#[cfg(target_arch = "aarch64")]
#[test]
fn test_byte_classifiers_tested_are_neon_on_aarch64() {
    assert_eq!(
        core::any::type_name::<Key>(),
        "rouge::arch::aarch64::neon::Key"
    );
}

/// `add_step` for `B` words against the portable one, on words of all ones, zeros and random
/// bits (so that carries run across words).
fn check_add_step<const B: usize>(rng: &mut Rng) {
    for _ in 0..20_000 {
        let mut word = || match rng.next() % 4 {
            0 => !0,
            1 => 0,
            _ => rng.next(),
        };
        let v: [u64; B] = core::array::from_fn(|_| word());
        let m: [u64; B] = core::array::from_fn(|_| word());
        let carry = (rng.next() & 1) as u8;
        let (mut a, mut b) = (v, v);
        assert_eq!(
            add_step(&mut a, &m, carry),
            portable::add_step(&mut b, &m, carry),
            "{B} words"
        );
        assert_eq!(a, b, "{B} words");
        // The forms without carry in (the first block: carry 0) or without carry out.
        let want_out = portable::add_step(&mut v.clone(), &m, 0);
        let mut want = v;
        portable::add_step(&mut want, &m, 0);
        let (mut c, mut d, mut e) = (v, v, v);
        assert_eq!(
            add_step_io::<B, false, true>(&mut c, &m, 0),
            want_out,
            "{B} words"
        );
        add_step_io::<B, false, false>(&mut d, &m, 0);
        add_step_io::<B, true, false>(&mut e, &m, carry);
        assert_eq!((c, d, e), (want, want, b), "{B} words");
    }
}

/// The target's `add_step` (one `adcs` chain on aarch64, `adc` on x86_64) at every block
/// width, including those that fall back to the portable step.
#[test]
fn test_add_step_matches_portable_twin_at_every_width() {
    let mut rng = Rng(0x7e57_add5_7e90_0001);
    check_add_step::<1>(&mut rng);
    check_add_step::<2>(&mut rng);
    check_add_step::<3>(&mut rng);
    check_add_step::<4>(&mut rng);
    check_add_step::<5>(&mut rng);
    check_add_step::<8>(&mut rng);
}

#[test]
fn test_add_step_matches_portable_twin() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..100_000 {
        // Words of all ones, zeros and random bits, so that carries run across words.
        let mut word = || match rng.next() % 4 {
            0 => !0,
            1 => 0,
            _ => rng.next(),
        };
        let v: [u64; 8] = core::array::from_fn(|_| word());
        let m: [u64; 8] = core::array::from_fn(|_| word());
        let carry = (rng.next() & 1) as u8;
        let (mut a, mut b) = (v, v);
        assert_eq!(
            add_step(&mut a, &m, carry),
            portable::add_step(&mut b, &m, carry)
        );
        assert_eq!(a, b);
    }
}

/// A random block table set (ids up to 513, beyond the tables' 512, to test the clamp), text,
/// `local` and `masks` whose fields hold ids, and carries.
struct LoopCase {
    text: Vec<u32>,
    local: Vec<u32>,
    masks: Vec<u64>,
    tables: Vec<u64>,
    carries: Vec<u8>,
}

fn loop_case(rng: &mut Rng, n: usize, vocab: usize) -> LoopCase {
    let id = |rng: &mut Rng| match rng.next() % 8 {
        0 => 513,
        1 => 0,
        _ => rng.next() % 513,
    };
    LoopCase {
        text: (0..n).map(|_| (rng.next() % vocab as u64) as u32).collect(),
        local: (0..vocab)
            .map(|_| (id(rng) | id(rng) << 16) as u32)
            .collect(),
        masks: (0..vocab)
            .map(|_| id(rng) | id(rng) << 16 | id(rng) << 32 | id(rng) << 48)
            .collect(),
        tables: (0..5 * LCS_TABLE_WORDS).map(|_| rng.next()).collect(),
        carries: (0..n).map(|_| (rng.next() & 1) as u8).collect(),
    }
}

/// Every LCS loop variant this CPU runs: the detected features (AVX-512 where the CPU has
/// it), AVX2 alone (what a CPU without AVX-512 runs), and none (the portable twins: compared
/// with themselves).
fn lcs_variants() -> Vec<Features> {
    let detected = Features::detect();
    let mut variants = vec![detected];
    let avx2 = detected.restrict(FeatureMask::LCS_AVX2);
    if avx2.lcs_avx2() && avx2 != detected {
        variants.push(avx2);
    }
    if !detected.lcs_avx512() {
        eprintln!("no AVX-512 here: its LCS loops are not tested");
    }
    if !detected.lcs_avx2() {
        eprintln!("no AVX2 here: its LCS loops are not tested");
    }
    variants.push(Features::portable());
    variants
}

/// The LCS loops of every variant against their portable twins, on texts around the
/// wavefronts' shortest (16) and longer, random ids (some above the tables' 512: clamped to
/// 0), and tokens up to the last one `local` and `masks` hold.
#[test]
fn test_lcs_loops_match_portable_twins() {
    for detected in lcs_variants() {
        lcs_loops_match_portable_twins(detected);
    }
}

fn lcs_loops_match_portable_twins(detected: Features) {
    let mut rng = Rng(0xfeed_face_cafe_beef);
    for n in [0usize, 1, 2, 3, 15, 16, 17, 18, 19, 24, 25, 40, 300, 1000] {
        for vocab in [1usize, 2, 3, 50, 600] {
            let mut c = loop_case(&mut rng, n, vocab);
            // Tokens at the edges: the last entry of `local` and `masks`, and the first.
            for (j, t) in c.text.iter_mut().enumerate() {
                match j % 7 {
                    0 => *t = vocab as u32 - 1,
                    3 => *t = 0,
                    _ => {}
                }
            }
            let text = CheckedText::new(&c.text, vocab).unwrap();
            let v0: [[u64; 8]; 5] = core::array::from_fn(|_| core::array::from_fn(|_| rng.next()));
            let t2: &[u64; 2 * LCS_TABLE_WORDS] =
                c.tables[..2 * LCS_TABLE_WORDS].try_into().unwrap();
            let t4: &[u64; 4 * LCS_TABLE_WORDS] =
                c.tables[..4 * LCS_TABLE_WORDS].try_into().unwrap();
            let t5: &[u64; 5 * LCS_TABLE_WORDS] = c.tables[..].try_into().unwrap();

            let (mut va, mut vb) = ([v0[0], v0[1]], [v0[0], v0[1]]);
            let (mut ca, mut cb) = (c.carries.clone(), c.carries.clone());
            pair_loop(detected, text, &c.local, t2, &mut ca, &mut va);
            portable::pair_loop(&c.text, &c.local, t2, &mut cb, &mut vb);
            assert_eq!(
                (va, &ca),
                (vb, &cb),
                "{detected:?} pair n {n} vocab {vocab}"
            );

            let (mut va, mut vb) = ([v0[0], v0[1], v0[2], v0[3]], [v0[0], v0[1], v0[2], v0[3]]);
            let (mut ca, mut cb) = (c.carries.clone(), c.carries.clone());
            quad_loop(detected, text, &c.masks, t4, &mut ca, &mut va);
            portable::quad_loop(&c.text, &c.masks, t4, &mut cb, &mut vb);
            assert_eq!(
                (va, &ca),
                (vb, &cb),
                "{detected:?} quad n {n} vocab {vocab}"
            );

            let (mut va, mut vb) = (v0, v0);
            // E's ids are whole `local` entries: keep them within 513.
            let local: Vec<u32> = c.local.iter().map(|&e| e & 0x3ff).collect();
            let (mut ca, mut cb) = (c.carries.clone(), c.carries.clone());
            quint_loop(detected, text, &c.masks, &local, t5, &mut ca, &mut va);
            portable::quint_loop(&c.text, &c.masks, &local, t5, &mut cb, &mut vb);
            assert_eq!(
                (va, &ca),
                (vb, &cb),
                "{detected:?} quint n {n} vocab {vocab}"
            );

            // The single block: a table of 100 rows, so that some ids are out of it (the loop
            // stops there), and a `local` shorter than the vocabulary.
            let table: Vec<[u64; 8]> = c.tables[..800]
                .chunks_exact(8)
                .map(|r| r.try_into().unwrap())
                .collect();
            let short_local: Vec<u32> = local.iter().take(vocab - vocab / 3).copied().collect();
            let (mut va, mut vb) = (v0[0], v0[0]);
            let (mut ca, mut cb) = (c.carries.clone(), c.carries.clone());
            let got = block_loop(detected, &c.text, &short_local, &table, &mut ca, &mut va);
            let want = portable::block_loop(&c.text, &short_local, &table, &mut cb, &mut vb);
            assert_eq!(
                (got, va, &ca),
                (want, vb, &cb),
                "{detected:?} block n {n} vocab {vocab}"
            );
        }
    }
}

/// Restricting never adds a feature; the portable mask leaves none.
#[test]
fn test_restrict_only_removes_features() {
    let detected = Features::detect();
    assert_eq!(detected.restrict(FeatureMask::NONE), Features::portable());
    assert_eq!(detected.restrict(FeatureMask::ALL), detected);
    let none = Features::portable();
    for mask in [
        FeatureMask::ALL,
        FeatureMask::SHORT_TEXT_V3,
        FeatureMask::LCS_AVX512,
        FeatureMask::LCS_AVX2,
        FeatureMask::SHORT_TEXT_V3 | FeatureMask::LCS_AVX2,
    ] {
        assert_eq!(none.restrict(mask), none);
        let r = detected.restrict(mask);
        assert!(!r.lcs_avx512() || detected.lcs_avx512());
        assert!(!r.lcs_avx2() || detected.lcs_avx2());
        assert!(!r.short_text_v3() || detected.short_text_v3());
        assert!(!r.short_text_avx512() || detected.short_text_avx512());
    }
    assert!(!detected.restrict(FeatureMask::SHORT_TEXT_V3).lcs_avx512());
    assert!(!detected
        .restrict(FeatureMask::SHORT_TEXT_V3 | FeatureMask::LCS_AVX2)
        .short_text_avx512());
    assert!(!detected.restrict(FeatureMask::LCS_AVX512).short_text_v3());
    let avx2 = detected.restrict(FeatureMask::LCS_AVX2);
    assert!(!avx2.lcs_avx512() && !avx2.short_text_v3());
    assert_eq!(avx2.lcs_avx2(), detected.lcs_avx2());
}

/// The stored form round-trips; of all 2^24 checks of each set of feature bits, only the one
/// `to_stored` makes is trusted (on x86_64; on other targets none: no bits are); and no garbage
/// value (a million random ones, hand-set bits with any other check) reads as a feature the
/// CPU lacks.
#[test]
fn test_forged_stored_features_never_select_missing_instructions() {
    let detected = Features::detect();
    for f in [detected, Features::portable()].into_iter().chain(
        [
            FeatureMask::SHORT_TEXT_V3,
            FeatureMask::LCS_AVX512,
            FeatureMask::LCS_AVX2,
            FeatureMask::SHORT_TEXT_AVX512,
        ]
        .map(|m| detected.restrict(m)),
    ) {
        assert_eq!(Features::from_stored(f.to_stored()), f);
    }
    let genuine = [
        detected.to_stored(),
        detected.restrict(FeatureMask::SHORT_TEXT_V3).to_stored(),
        detected.restrict(FeatureMask::LCS_AVX512).to_stored(),
        detected.restrict(FeatureMask::LCS_AVX2).to_stored(),
        detected
            .restrict(FeatureMask::SHORT_TEXT_AVX512)
            .to_stored(),
        Features::portable().to_stored(),
    ];
    let within = |f: Features| {
        (!f.lcs_avx512() || detected.lcs_avx512())
            && (!f.lcs_avx2() || detected.lcs_avx2())
            && (!f.short_text_v3() || detected.short_text_v3())
            && (!f.short_text_avx512() || detected.short_text_avx512())
    };
    let x86 = cfg!(target_arch = "x86_64");
    // The bits this target has code for: the AVX-512 text lookups (8) only when the compiler
    // could build them (`build.rs`).
    let known = if cfg!(rouge_avx512_intrinsics) { 15 } else { 7 };
    for bits in [1u32, 2, 3, 4, 7, 8, 15, 0x10, 0x80, 0xff] {
        // What `to_stored` would make for these bits (made by hand: `Features` has no
        // constructor for bits the CPU lacks).
        let keyed = bits | features::check_of_with_key(bits, features::check_key()) << 8;
        let mut trusted = vec![];
        for check in 0..1u32 << 24 {
            let stored = bits | check << 8;
            if Features::from_stored(stored) != Features::portable() {
                trusted.push(stored);
            }
        }
        let expected = if x86 && bits <= known {
            vec![keyed]
        } else {
            vec![]
        };
        assert_eq!(trusted, expected, "bits {bits:#x}");
    }
    let mut rng = Rng(0x1357_9bdf_2468_ace0);
    for _ in 0..1_000_000 {
        let stored = rng.next() as u32;
        let f = Features::from_stored(stored);
        assert!(within(f), "{stored:#x}");
        assert!(
            f == Features::portable() || genuine.contains(&stored),
            "{stored:#x}"
        );
    }
}

/// The check is keyed by this process: the same bits with another key's check (as a copy from
/// another process with another load address would carry) read as portable.
#[test]
fn test_stored_features_check_depends_on_the_key() {
    let bits = 3u32;
    let here = features::check_of_with_key(bits, features::check_key());
    let elsewhere = features::check_of_with_key(bits, features::check_key() ^ 0x1000);
    assert_ne!(here, elsewhere);
    assert_eq!(
        Features::from_stored(bits | elsewhere << 8),
        Features::portable()
    );
}

/// Detection agrees with std's `is_x86_feature_detected!` (the tests have std; the library,
/// `no_std`, reads CPUID itself), and the one-shot LCS detection with the full one.
#[cfg(target_arch = "x86_64")]
#[test]
fn test_detection_matches_std() {
    let v3 = std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("ssse3")
        && std::is_x86_feature_detected!("sse4.1")
        && std::is_x86_feature_detected!("sse4.2")
        && std::is_x86_feature_detected!("gfni");
    let avx512 = LCS_AVX512_BUILT_IN
        || std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512dq");
    let avx2 = std::is_x86_feature_detected!("avx2");
    let detected = Features::detect();
    assert_eq!(
        (
            detected.short_text_v3(),
            detected.lcs_avx512(),
            detected.lcs_avx2()
        ),
        (v3, avx512, avx2)
    );
    let mut lazy = LazyFeatures::undetected();
    let lcs = lazy.for_lcs();
    assert_eq!((lcs.lcs_avx512(), lcs.lcs_avx2()), (avx512, avx2));
    assert!(!lcs.short_text_v3());
    assert_eq!(
        LazyFeatures::known(Features::portable()).for_lcs(),
        Features::portable()
    );
}
