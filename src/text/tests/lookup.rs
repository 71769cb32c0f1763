//! The direct ASCII tokeniser's group lookups (`arch::GroupLookup`, AVX-512 on x86_64) against
//! the scalar loop alone (`arch::NoGroups`, itself checked against a naive reference in
//! `fast_path.rs`): the same ids and sentence ends on random and adversarial texts. Run only
//! on a CPU with the AVX-512 text feature; each test says so on its output when it skips.

use super::*;
use crate::arch::FeatureMask;

/// The detected features with the AVX-512 lookups, or `None` (and a line on the test's
/// output) on a CPU without them.
fn grouped_features(test: &str) -> Option<Features> {
    let features = Features::detect();
    if features.short_text_avx512() {
        Some(features.restrict(FeatureMask::SHORT_TEXT_V3 | FeatureMask::SHORT_TEXT_AVX512))
    } else {
        println!("{test}: skipped, this CPU has no AVX-512 text lookups ({features:?})");
        None
    }
}

/// All `texts` through `Vocabulary::ascii_words_with` into one vocabulary with `features`;
/// each text's ids and sentence ends, and the words by id.
fn words_with(texts: &[&[u8]], features: Features) -> (Tokens, Vec<Vec<u8>>) {
    super::fast_path::through_one_vocabulary(
        &TextOptions::rouge_score(false),
        texts,
        |vocab, t, ids, ends| vocab.ascii_words_with(features, t, ids, ends, true),
    )
}

/// The grouped lookups give what the scalar loop gives, on `texts` in one vocabulary.
fn check_grouped(features: Features, texts: &[&[u8]]) {
    let want = words_with(texts, Features::portable());
    let got = words_with(texts, features);
    if got != want {
        let show: Vec<String> = texts
            .iter()
            .map(|t| String::from_utf8_lossy(t).into_owned())
            .collect();
        panic!("grouped lookups differ on {show:?}");
    }
}

/// A word of `len` bytes from `n`: letters and digits, mixed case.
fn word(n: u64, len: usize) -> Vec<u8> {
    let chars = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut x = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            x ^= x >> 29;
            x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            chars[(x >> 58) as usize % chars.len()]
        })
        .collect()
}

/// Every byte value, as separators and inside texts of random bytes; words of every length
/// from 1 to 40; a word of 15, 16 and 17 bytes at each position of a group of 8.
#[test]
fn test_grouped_lookups_on_every_byte_and_length() {
    let Some(features) = grouped_features("test_grouped_lookups_on_every_byte_and_length") else {
        return;
    };
    let mut rng = Rng(0x5EED_0025_0000_0002);
    // Each byte value between short words, and random bytes.
    let mut every = Vec::new();
    for b in 0..=255u8 {
        every.extend_from_slice(&word(u64::from(b) % 13, 1 + b as usize % 5));
        every.push(b);
    }
    let random: Vec<u8> = (0..5_000).map(|_| rng.next() as u8).collect();
    check_grouped(features, &[&every, &random]);
    // Words of each length 1 to 40, new and repeated.
    for len in 1..=40 {
        let mut text = Vec::new();
        for k in 0..60 {
            text.extend_from_slice(&word(rng.below(if k % 2 == 0 { 1_000 } else { 6 }), len));
            text.push(b' ');
        }
        check_grouped(features, &[&text]);
    }
    // Words of 15, 16 and 17 bytes (and 7, 8, 9) at every place of a group.
    for long in [7, 8, 9, 15, 16, 17] {
        for at in 0..9 {
            let mut text = Vec::new();
            for k in 0..40 {
                let len = if k % 9 == at { long } else { 1 + k % 6 };
                text.extend_from_slice(&word(k as u64 % 11, len));
                text.push(if k % 5 == 4 { b'\n' } else { b' ' });
            }
            check_grouped(features, &[&text, &text]);
        }
    }
}

/// Texts ending at every offset of two 64-byte blocks (the positions near the cleaned copy's
/// end), and repeats of a word new earlier in the same group of 8.
#[test]
fn test_grouped_lookups_at_every_end_and_repeat() {
    let Some(features) = grouped_features("test_grouped_lookups_at_every_end_and_repeat") else {
        return;
    };
    let mut rng = Rng(0x5EED_0025_0000_0003);
    let mut text = Vec::new();
    while text.len() < 200 {
        text.extend_from_slice(&word(rng.below(30), 1 + rng.below(4) as usize));
        text.push(b' ');
    }
    for end in 0..=text.len() {
        check_grouped(features, &[&text[..end]]);
        check_grouped(features, &[&text[..end], &text[end / 2..]]);
    }
    // Repeats within a group: a few new words, each repeated at once and later in the group.
    for pattern in [
        &[0u64, 0, 0, 0, 0, 0, 0, 0][..],
        &[0, 1, 0, 1, 2, 2, 1, 0],
        &[0, 1, 2, 3, 4, 5, 6, 7],
        &[7, 6, 5, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7],
        &[0, 1, 2, 3, 0, 1, 2, 3, 4, 4, 4, 4, 5, 6, 5, 6],
    ] {
        for shift in 0..8 {
            let mut text = Vec::new();
            for k in 0..shift {
                text.extend_from_slice(&word(100 + k, 2));
                text.push(b' ');
            }
            for round in 0..4u64 {
                for &p in pattern {
                    text.extend_from_slice(&word(p + 10 * round, 3));
                    text.push(b' ');
                }
            }
            check_grouped(features, &[&text]);
        }
    }
}

/// Random prose-like texts (a Zipf-like vocabulary: most words repeat, a third are new), and
/// enough distinct words that the slot table doubles in the middle of a text, with words of
/// 16 bytes or more among them.
#[test]
fn test_grouped_lookups_on_random_texts_and_growth() {
    let Some(features) = grouped_features("test_grouped_lookups_on_random_texts_and_growth") else {
        return;
    };
    let mut rng = Rng(0x5EED_0025_0000_0004);
    for round in 0..40 {
        let words = 1 + rng.below(3_000);
        let mut texts = vec![Vec::new(), Vec::new()];
        for text in &mut texts {
            for _ in 0..rng.below(2_000) {
                // The square of a uniform draw: small numbers (frequent words) most often.
                let r = rng.below(words);
                let n = r * r / words;
                let len = 1 + (n as usize * 7 + round) % if round % 5 == 0 { 24 } else { 9 };
                text.extend_from_slice(&word(n, len));
                let sep = [b' ', b' ', b' ', b',', b'\n', 0, 0x80, b'-'];
                text.push(sep[rng.below(sep.len() as u64) as usize]);
            }
        }
        check_grouped(features, &[&texts[0], &texts[1]]);
    }
    // Distinct words: the table (a quarter of the bytes' slots) passes half full midway.
    let mut text = Vec::new();
    let digits = b"abcdefghijklmnopqrstuvwxyz0123456789";
    for k in 0..40_000usize {
        // Distinct: k in base 36.
        text.extend([k / 1296, k / 36 % 36, k % 36].iter().map(|&d| digits[d]));
        if k % 101 == 0 {
            text.extend_from_slice(b"andmorethansixteen");
        }
        text.push(b' ');
    }
    // `first_slots` of the call's word bound, as the vocabulary works it out.
    let bound = max_tokens(text.len(), 1);
    assert!(40_000 > (bound / 2).max(256).next_power_of_two() / 2);
    check_grouped(features, &[&text]);
}
