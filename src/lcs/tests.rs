//! The kernels against the plain DP and the references' backtrack.

use super::*;
use crate::test_oracle::{lcs_positions, lcs_table};

/// The references' backtrack positions, ascending.
fn backtrack_naive(a: &[u32], b: &[u32]) -> Vec<usize> {
    let mut out = lcs_positions(a, b);
    out.sort();
    out
}

use crate::arch::FeatureMask;
use crate::test_rng::Rng;

/// Every kernel this machine can run, with the features it runs with: the scalar blocks
/// (portable and baseline steps), and the wavefront kernels over the portable loops and, where
/// the CPU has AVX-512, over the AVX-512 ones.
fn kernels() -> Vec<(Kernel, Features)> {
    let portable = Features::portable();
    let mut k = vec![
        (Kernel::PortableBlocks, portable),
        (Kernel::Blocks, portable),
        (Kernel::Wavefront, portable),
    ];
    let detected = Features::detect();
    if detected.lcs_avx512() {
        k.push((Kernel::Wavefront, detected));
    } else {
        eprintln!("no AVX-512 here: its loops are tested through their portable twins only");
    }
    if detected.lcs_avx2() {
        k.push((Kernel::Wavefront, detected.restrict(FeatureMask::LCS_AVX2)));
    } else {
        eprintln!("no AVX2 here: its loops are tested through their portable twins only");
    }
    k
}

/// The whole `lcs_length` under each variant this CPU runs (forced with `Features::restrict`)
/// against the DP, on pairs large enough for the wavefront (at least 4 Mi cells) and with
/// the last group of blocks partly filled (four blocks and a short fifth, a short fourth, a
/// pair after a group of four).
#[test]
fn test_lcs_length_under_each_variant_matches_dp() {
    let detected = Features::detect();
    let variants = [
        FeatureMask::NONE,
        FeatureMask::LCS_AVX2,
        FeatureMask::LCS_AVX512,
        FeatureMask::ALL,
    ]
    .map(|m| detected.restrict(m));
    let mut rng = Rng(0x7e57_ab1e_5eed_0042);
    for (m, n, vocab) in [
        (2100usize, 2100usize, 6u64),
        (2600, 1700, 40),
        (1900, 2300, 300),
        (3000, 1500, 2),
        (4700, 1000, 9000),
    ] {
        let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
        let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
        let want = lcs_table(&a, &b)[m][n] as usize;
        let mut masks = vec![0u64; vocab as usize];
        let mut local = vec![0u32; vocab as usize];
        let mut table = vec![0u64; block_table_words()];
        let mut carry = vec![0u8; n];
        for features in variants {
            let mut s = LcsScratch {
                masks: &mut masks,
                local: &mut local,
                table: &mut table,
                carry: &mut carry,
            };
            let got = lcs_length_with_features(&a, &b, &mut s, features);
            assert_eq!(got, want, "{features:?} m {m} n {n} vocab {vocab}");
            assert!(local.iter().all(|&w| w == 0) && masks.iter().all(|&w| w == 0));
        }
    }
}

/// Every kernel (portable, baseline, wavefront one-, two-, four- and five-block) and width
/// against the DP, on lengths around the word, block (512), block-pair (1024), block-quad
/// (1536 to 2048: the fourth block short or full) and five-block (2049 to 2560, and 4100 and
/// 4608 after a group of four) sizes, groups of five first (3300: five blocks and a pair;
/// 5632: five, four and a pair, on AVX2), texts around the four-block kernel's
/// ramps (16 tokens), small vocabularies (carries cross words and blocks often) and a large one
/// (blocks miss tokens: carries differ from token to token).
#[test]
fn test_kernels_match_dp() {
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    let pats = [
        65usize, 128, 200, 511, 512, 513, 600, 1023, 1024, 1025, 1100, 1535, 1536, 1537, 1600,
        2047, 2048, 2049, 2100, 2559, 2560, 2561, 3300, 3600, 4100, 4608, 5632,
    ];
    let texts = [1usize, 2, 3, 4, 7, 8, 9, 15, 16, 17, 64, 129, 513, 1100];
    for &m in &pats {
        for &n in &texts {
            for vocab in [2u64, 5, 40, 2000] {
                let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                every_kernel_matches_dp(&a, &b, vocab as usize, &format!("vocab {vocab}"));
            }
        }
    }
}

/// Every kernel of [`kernels`], with and without columns, gives the DP's LCS length of `a`
/// (tokens below `vocab`) and `b`, and leaves `local` and `masks` zero.
fn every_kernel_matches_dp(a: &[u32], b: &[u32], vocab: usize, what: &str) {
    let (m, n) = (a.len(), b.len());
    let want = lcs_table(a, b)[m][n] as usize;
    let mut masks = vec![0u64; vocab];
    let mut local = vec![0u32; vocab];
    let mut table = vec![0u64; block_table_words()];
    let mut carry = vec![0u8; n];
    let mut cols = vec![0u64; n * words_for(m)];
    for (kernel, features) in kernels() {
        let mut s = LcsScratch {
            masks: &mut masks,
            local: &mut local,
            table: &mut table,
            carry: &mut carry,
        };
        let got = run_with(a, b, &mut s, None, kernel, features);
        assert_eq!(got, want, "{kernel:?} {features:?} m {m} n {n} {what}");
        let got = run_with(a, b, &mut s, Some(&mut cols), kernel, features);
        assert_eq!(got, want, "{kernel:?} columns m {m} n {n} {what}");
        assert!(local.iter().all(|&w| w == 0));
        assert!(masks.iter().all(|&w| w == 0));
    }
}

/// The 8-word block loop (whichever variant the CPU runs) stops at a token out of range of
/// `local`; the checked scalar loop then takes over. `CheckedText` sees such tokens.
#[test]
fn test_block_loop_stops_at_bad_token() {
    let local = [0u32, 1];
    let table = [[0u64; 8], [1u64; 8]];
    for features in [Features::portable(), Features::detect()] {
        let mut carries = [0u8; 4];
        let mut v = [!0u64; 8];
        let done = arch::block_loop(
            features,
            &[1, 0, 7, 1],
            &local,
            &table,
            &mut carries,
            &mut v,
        );
        assert_eq!(done, 2, "{features:?}");
    }
    assert!(CheckedText::new(&[1, 0, 7], local.len()).is_none());
    assert!(CheckedText::new(&[1, 0, 1], local.len()).is_some());
}

/// Text tokens beyond `local` (a pattern over tokens 0..vocab, a text with tokens up to
/// 2 * vocab) are absent from every block: the blocks' fallback to checked ids (the unchecked
/// ones need every token in range) gives the DP's length, for every kernel and width.
#[test]
fn test_text_tokens_out_of_local_are_absent() {
    let mut rng = Rng(0x5eed_0f10_ca11);
    for m in [65usize, 200, 512, 700, 1100, 2100] {
        for n in [1usize, 9, 300] {
            let vocab = 30u64;
            let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
            let b: Vec<u32> = (0..n).map(|_| (rng.next() % (2 * vocab)) as u32).collect();
            every_kernel_matches_dp(&a, &b, vocab as usize, "tokens beyond local");
        }
    }
}

#[test]
fn test_bit_parallel_matches_dp_and_backtrack() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let lens = [
        0usize, 1, 2, 5, 63, 64, 65, 127, 128, 129, 200, 300, 513, 700, 1100,
    ];
    for &m in &lens {
        for &n in &lens {
            for vocab in [2u64, 5, 40, 600] {
                let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                let mut masks = vec![0u64; vocab as usize];
                let mut local = vec![0u32; vocab as usize];
                let mut table = vec![0u64; block_table_words()];
                let mut carry = vec![0u8; n];
                let mut cols = vec![0u64; n * words_for(m)];
                let mut s = LcsScratch {
                    masks: &mut masks,
                    local: &mut local,
                    table: &mut table,
                    carry: &mut carry,
                };
                let want = lcs_table(&a, &b)[m][n] as usize;
                assert_eq!(lcs_length(&a, &b, &mut s), want, "m {m} n {n}");
                assert_eq!(lcs_columns(&a, &b, &mut s, &mut cols), want);
                let mut marks = vec![0u64; words_for(m)];
                mark_lcs(&a, &b, &cols, &mut marks);
                let got: Vec<usize> = (0..m)
                    .filter(|&i| (marks[i / 64] >> (i % 64)) & 1 == 1)
                    .collect();
                assert_eq!(got, backtrack_naive(&a, &b), "m {m} n {n} vocab {vocab}");
                if m <= 64 && n > 0 && m > 0 {
                    set_masks(&a, s.masks);
                    let mut single = 0u64;
                    mark_lcs_single(&b, m, s.masks, &cols, &mut single);
                    clear_masks(&a, s.masks);
                    assert_eq!(single, marks[0], "fast read-out m {m} n {n}");
                }
                assert!(masks.iter().all(|&w| w == 0) && local.iter().all(|&w| w == 0));
            }
        }
    }
}

#[test]
fn test_union_read_out_adds_the_backtracked_lcs() {
    let mut rng = Rng(0x0bad_cafe_dead_beef);
    let lens = [1usize, 2, 5, 31, 47, 63, 64];
    let texts = [0usize, 1, 3, 20, 47, 64, 100];
    for &m in &lens {
        for &n in &texts {
            for vocab in [2u64, 5, 40] {
                for prior in 0..4 {
                    let a: Vec<u32> = (0..m).map(|_| (rng.next() % vocab) as u32).collect();
                    let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
                    let valid = if m == 64 { !0u64 } else { (1u64 << m) - 1 };
                    // Marks already set: none, all, or random ones.
                    let before = match prior {
                        0 => 0,
                        1 => valid,
                        _ => rng.next() & valid,
                    };
                    let mut masks = vec![0u64; vocab as usize];
                    let mut cols = vec![0u64; n];
                    set_masks(&a, &mut masks);
                    let mut marks = before;
                    union_lcs_single(&b, 1u64 << (m - 1), &masks, &mut cols, &mut marks);
                    clear_masks(&a, &mut masks);
                    let want = backtrack_naive(&a, &b)
                        .iter()
                        .fold(before, |w, &i| w | 1u64 << i);
                    assert_eq!(marks, want, "m {m} n {n} vocab {vocab} prior {prior}");
                }
            }
        }
    }
}

/// Several patterns in one word: each segment reads out what a pass over it alone would.
#[test]
fn test_union_read_out_of_packed_segments_matches_each_alone() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for case in 0..3000 {
        let vocab = [2u64, 3, 7, 30][case % 4];
        // Segment lengths summing to at most 64 (1-token and 64-token ones included).
        let mut lens = vec![];
        let mut total = 0;
        while total < 64 {
            let len = match rng.next() % 6 {
                0 => 1,
                1 => 64 - total,
                _ => 1 + (rng.next() % 20) as usize,
            }
            .min(64 - total);
            lens.push(len);
            total += len;
            if rng.next() & 3 == 0 {
                break;
            }
        }
        let n = (rng.next() % 40) as usize;
        let a: Vec<u32> = (0..total).map(|_| (rng.next() % vocab) as u32).collect();
        let b: Vec<u32> = (0..n).map(|_| (rng.next() % vocab) as u32).collect();
        let (mut tops, mut start, mut want) = (0u64, 0, 0u64);
        let before = if case % 3 == 0 { rng.next() } else { 0 };
        for &len in &lens {
            tops |= 1u64 << (start + len - 1);
            for i in backtrack_naive(&a[start..start + len], &b) {
                want |= 1u64 << (start + i);
            }
            start += len;
        }
        let valid = if total == 64 { !0 } else { (1u64 << total) - 1 };
        let before = before & valid;
        let mut masks = vec![0u64; vocab as usize];
        let mut cols = vec![0u64; n];
        set_masks(&a, &mut masks);
        let mut marks = before;
        union_lcs_single(&b, tops, &masks, &mut cols, &mut marks);
        assert_eq!(marks, want | before, "case {case} lens {lens:?} n {n}");
    }
}
