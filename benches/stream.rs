//! Streaming scorer throughput: tokens pushed per second against a 1,000-token reference
//! (`cargo bench --bench stream`). Reference and candidate come from the W2 workload of
//! `../shared/bench` (generated into target/workloads on first run), token ids as generated.
//! Single thread; figures only, no assertion. `ROUGE_BENCH_STREAM=<row>` runs one row.
//! `fastest ns/token`: each pair at its fastest repetition, the figure to compare on a loaded
//! machine.

use std::time::Instant;

use rouge::stream::{
    stream_end_sentence, stream_init, stream_push, stream_reset, stream_score, stream_words,
    StreamConfig,
};
use rouge::{Metric, MetricResult, Options, Summary};

mod common;

fn main() {
    let pairs = common::id_pairs("w2", if common::quick() { 5 } else { 100 });
    let configs = [
        (
            "rouge1+2",
            StreamConfig {
                max_n: 2,
                lcs: false,
                lsum: false,
                max_sentence_len: 0,
            },
        ),
        (
            "rougeL",
            StreamConfig {
                max_n: 0,
                lcs: true,
                lsum: false,
                max_sentence_len: 0,
            },
        ),
        (
            "rouge1+2+L+Lsum",
            StreamConfig {
                max_n: 2,
                lcs: true,
                lsum: true,
                max_sentence_len: 256,
            },
        ),
    ];
    println!(
        "streaming scorer, W2 references (~1,000 tokens), one thread; pushes include sentence ends"
    );
    println!(
        "{:<18} {:>14} {:>12} {:>12} {:>16}",
        "tracked", "tokens/s", "ns/token", "state KiB", "fastest ns/token"
    );
    // ROUGE_BENCH_STREAM=rouge1+2 runs one row (for a profiler).
    let only = std::env::var("ROUGE_BENCH_STREAM").ok();
    for (name, cfg) in configs {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let mut tokens = 0usize;
        let mut max_words = 0usize;
        let mut elapsed = 0f64;
        // Per pair, the fastest of its repetitions: on a shared machine, the figure least
        // disturbed by other processes (a repetition lasts well under a time slice).
        let mut best = 0f64;
        let mut sink = 0.0;
        for (cand, reference) in &pairs {
            let flat: Vec<u32> = reference.concat();
            let mut ends = vec![];
            let mut e = 0;
            for s in reference {
                e += s.len();
                ends.push(e);
            }
            let r = Summary::new(&flat, &ends);
            let words = stream_words(&r, &cfg).unwrap();
            max_words = max_words.max(words);
            let mut st = vec![0u64; words];
            stream_init(&mut st, &r, &cfg).unwrap();
            let reps = 3;
            let mut fastest = f64::INFINITY;
            for _ in 0..reps {
                let t = Instant::now();
                stream_reset(&mut st).unwrap();
                for s in cand {
                    for &tok in s {
                        stream_push(&mut st, tok).unwrap();
                    }
                    stream_end_sentence(&mut st).unwrap();
                }
                let took = t.elapsed().as_secs_f64();
                elapsed += took;
                fastest = fastest.min(took);
            }
            best += reps as f64 * fastest;
            tokens += reps * cand.iter().map(Vec::len).sum::<usize>();
            let mut out = [MetricResult::default()];
            let m = if cfg.lcs { Metric::L } else { Metric::N(1) };
            stream_score(&|_| &st[..], 1, &[m], &Options::rouge_score(), &mut out).unwrap();
            sink += out[0].score.fmeasure;
        }
        std::hint::black_box(sink);
        println!(
            "{:<18} {:>14.0} {:>12.1} {:>12} {:>16.1}",
            name,
            tokens as f64 / elapsed,
            elapsed * 1e9 / tokens as f64,
            max_words * 8 / 1024,
            best * 1e9 / tokens as f64
        );
    }
}
