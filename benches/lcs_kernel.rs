//! Micro-benchmark of the long-pattern LCS kernel on the W3 workload (token ids, each side's
//! sentences concatenated; ~10,000 x 10,000 tokens a pair) and the W2 one (~1,000 x 1,000):
//! `cargo bench --bench lcs_kernel` (`ROUGE_BENCH_QUICK=1`: 2 pairs of W3, 50 of W2).
//! Prints ms per pair and LCS cells per ns (median and best of 15 passes). Figures only, no assertion.
//! `ROUGE_BENCH_FEATURES=portable` runs the kernels without optional instruction sets (what a
//! CPU without AVX2 runs), `avx2` the AVX2 loops (what a CPU with AVX2 and without AVX-512
//! runs), `avx512` the AVX-512 loops, `detected` all the detected features, through
//! `lcs_length_with_features`; by default `lcs_length` detects them itself, as a caller's call
//! does. A variant the CPU lacks runs what the CPU has of it (the features printed say).

use std::hint::black_box;
use std::time::Instant;

use rouge::lcs::{block_table_words, lcs_length, lcs_length_with_features, LcsScratch};
use rouge::{FeatureMask, Features};

mod common;

fn main() {
    let quick = common::quick();
    // `None`: `lcs_length`, detecting the features itself.
    let features = match std::env::var("ROUGE_BENCH_FEATURES").as_deref() {
        Ok("portable") => Some(Features::detect().restrict(FeatureMask::NONE)),
        Ok("avx2") => Some(Features::detect().restrict(FeatureMask::LCS_AVX2)),
        Ok("avx512") => Some(Features::detect().restrict(FeatureMask::LCS_AVX512)),
        Ok("detected") => Some(Features::detect()),
        Ok(other) => panic!("ROUGE_BENCH_FEATURES={other}: portable, avx2, avx512 or detected"),
        Err(_) => None,
    };
    if let Some(f) = features {
        println!("features: {f:?}");
    }
    // What one detection costs (CPUID and XGETBV; microseconds under some hypervisors): why
    // the library detects once per prepared scorer, and a one-shot call only for long patterns.
    let t = Instant::now();
    for _ in 0..1000 {
        black_box(Features::detect());
    }
    println!(
        "Features::detect: {:.2} us",
        t.elapsed().as_secs_f64() * 1e6 / 1000.0
    );
    bench("w3", if quick { 2 } else { 20 }, features);
    bench("w2", if quick { 50 } else { 500 }, features);
}

fn bench(name: &str, limit: usize, features: Option<Features>) {
    let pairs: Vec<(Vec<u32>, Vec<u32>)> = common::id_pairs(name, limit)
        .into_iter()
        .map(|(c, r)| (c.concat(), r.concat()))
        .collect();
    let vocab = pairs
        .iter()
        .flat_map(|(c, r)| c.iter().chain(r))
        .max()
        .map_or(1, |&m| m as usize + 1);
    let longest = pairs.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
    let mut masks = vec![0u64; vocab];
    let mut local = vec![0u32; vocab];
    let mut table = vec![0u64; block_table_words()];
    let mut carry = vec![0u8; longest];
    let cells: f64 = pairs
        .iter()
        .map(|(c, r)| c.len() as f64 * r.len() as f64)
        .sum();
    let mut samples = vec![];
    let mut total = 0;
    for _ in 0..15 {
        let mut s = LcsScratch {
            masks: &mut masks,
            local: &mut local,
            table: &mut table,
            carry: &mut carry,
        };
        let t = Instant::now();
        for (c, r) in &pairs {
            total += match features {
                Some(f) => lcs_length_with_features(black_box(r), black_box(c), &mut s, f),
                None => lcs_length(black_box(r), black_box(c), &mut s),
            };
        }
        samples.push(t.elapsed().as_secs_f64());
    }
    samples.sort_by(f64::total_cmp);
    let med = samples[samples.len() / 2];
    let best = samples[0];
    println!(
        "{name} lcs_length: {} pairs, {:.3} ms/pair median ({:.3} best), {:.1} cells/ns median ({:.1} best) [checksum {}]",
        pairs.len(),
        med * 1e3 / pairs.len() as f64,
        best * 1e3 / pairs.len() as f64,
        cells / med / 1e9,
        cells / best / 1e9,
        total
    );
}
