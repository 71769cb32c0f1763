//! Pairs per second of rouge-score-rs's `unicode-v1` and `character-v1` tokenisers scoring
//! rouge1, rouge2, rougeL and rougeLsum in one call: ours (`rouge::TextScorer` prepared once,
//! `TextOptions::unicode_v1()` / `character_v1()`, one call per pair tokenising and scoring)
//! against `rougers::RougeScorer` with the same profile, in the same run, on the same text: the
//! 3,236 pairs of `<shared>/multilingual/cases.jsonl` (XL-Sum's 45 languages, every script),
//! and that corpus's English, Chinese and Hindi pairs alone (less the 38 pairs with a NUL byte,
//! which the library refuses).
//!
//! Before timing, every pair's F-measures are checked equal (bit for bit) to rougers'. A
//! measurement repeats the set until a sample lasts 0.3 s and reports the median of 3 samples.
//! Nothing asserts on a timing.
//!
//! ```text
//! cargo bench --bench rougers_tokenizers
//! ROUGE_BENCH_QUICK=1 cargo bench --bench rougers_tokenizers   # one short sample each
//! ```
//!
//! `<shared>` is `$ROUGE_SHARED_DIR`, else `$CARGO_MANIFEST_DIR/../shared`.

use std::time::Instant;

use rouge::text::TextScorer;
use rouge::{Metric, MetricResult, Options, TextDims, TextOptions};
use rougers::{RougeScorer, RougeType, Tokenizer};

const METRICS: [Metric; 4] = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
const TYPES: [RougeType; 4] = [
    RougeType::N(1),
    RougeType::N(2),
    RougeType::L,
    RougeType::LSum,
];

fn median_rate(quick: bool, pairs: usize, mut run: impl FnMut()) -> f64 {
    let mut rates = vec![];
    for _ in 0..if quick { 1 } else { 3 } {
        let (mut n, start) = (0usize, Instant::now());
        loop {
            run();
            n += pairs;
            if quick || start.elapsed().as_secs_f64() >= 0.3 {
                break;
            }
        }
        rates.push(n as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn main() {
    let quick = std::env::var_os("ROUGE_BENCH_QUICK").is_some();
    let shared = std::env::var_os("ROUGE_SHARED_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared").into());
    let path = shared.join("multilingual/cases.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!(
            "rougers_tokenizers: {} missing; nothing measured",
            path.display()
        );
        return;
    };
    let mut all: Vec<(String, String, String)> = vec![];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        let pair = (s("lang"), s("target"), s("prediction"));
        if !(pair.1.contains('\0') || pair.2.contains('\0')) {
            all.push(pair);
        }
    }
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(str::to_string)
        })
        .unwrap_or_default();
    println!("rougers_tokenizers: {} pairs; {cpu}", all.len());
    println!("| profile | pairs | ours pairs/s | rougers pairs/s | ours / rougers |");
    println!("| --- | --- | ---: | ---: | ---: |");
    let o = Options::rouge_score();
    for (profile, ours_opts, theirs_tok) in [
        (
            "unicode-v1",
            TextOptions::unicode_v1(),
            Tokenizer::unicode(),
        ),
        (
            "character-v1",
            TextOptions::character_v1(),
            Tokenizer::character(),
        ),
    ] {
        for subset in ["all", "english", "chinese_simplified", "hindi"] {
            let pairs: Vec<&(String, String, String)> = all
                .iter()
                .filter(|p| subset == "all" || p.0 == subset)
                .collect();
            let mut dims = TextDims::default();
            for (_, t, p) in &pairs {
                dims = dims.max(TextDims::of(p.as_bytes(), &[t.as_str()][..]));
            }
            let scorer = TextScorer::new(&METRICS, &o, &ours_opts, &dims).expect("scorer");
            let mut scratch = vec![0u64; scorer.scratch_words()];
            let theirs = RougeScorer::with_tokenizer(TYPES.to_vec(), theirs_tok).expect("rougers");
            let mut out = [MetricResult::default(); 4];
            for (lang, t, p) in &pairs {
                scorer
                    .score(p.as_bytes(), &[t.as_str()][..], &mut scratch, &mut out)
                    .expect("score");
                let want = theirs.score(t, p);
                for (k, ty) in TYPES.iter().enumerate() {
                    assert_eq!(
                        out[k].score.fmeasure,
                        want.get(*ty).unwrap().fmeasure,
                        "{profile} {lang} {ty}"
                    );
                }
            }
            let ours = median_rate(quick, pairs.len(), || {
                for (_, t, p) in &pairs {
                    scorer
                        .score(p.as_bytes(), &[t.as_str()][..], &mut scratch, &mut out)
                        .expect("score");
                    std::hint::black_box(&out);
                }
            });
            let rs = median_rate(quick, pairs.len(), || {
                for (_, t, p) in &pairs {
                    std::hint::black_box(theirs.score(t, p));
                }
            });
            println!(
                "| {profile} | {subset} ({}) | {ours:.0} | {rs:.0} | {:.2}x |",
                pairs.len(),
                ours / rs
            );
        }
    }
}
