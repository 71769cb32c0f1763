//! Micro-benchmark of the long-pattern LCS kernel on the W3 workload (token ids, each side's
//! sentences concatenated; ~10,000 x 10,000 tokens a pair) and the W2 one (~1,000 x 1,000):
//! `cargo bench --bench lcs_kernel` (`ROUGE_BENCH_QUICK=1`: 2 pairs of W3, 50 of W2).
//! Prints ms per pair and LCS cells per ns (median and best of 15 passes). Figures only, no assertion.

use std::hint::black_box;
use std::time::Instant;

use rouge::lcs::{block_table_words, lcs_length, LcsScratch};

mod common;

fn main() {
    let quick = common::quick();
    bench("w3", if quick { 2 } else { 20 });
    bench("w2", if quick { 50 } else { 500 });
}

fn bench(name: &str, limit: usize) {
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
            total += lcs_length(black_box(r), black_box(c), &mut s);
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
