//! XL-Sum's multilingual ROUGE, pairs per second by language (`cargo bench --bench
//! xlsum_pairs`): rouge1, rouge2, rougeL and rougeLsum in one call per pair through a prepared
//! `rouge::TextScorer` (`TextOptions::xlsum(lang, stem)`), on the pairs of
//! `../shared/multilingual/cases.jsonl` of each language with `use_stemmer=True`; beside it the
//! same English pairs through our rouge-score tokeniser with Porter (the English path every
//! other host uses). Every pair's P, R and F are first checked bit for bit against the case.
//! `benches/xlsum_python.py` times the XL-Sum scorer itself (Python) on the same pairs. Each
//! rate is the median of 3 runs of at least 0.3 s; single thread; figures only.
//! `ROUGE_BENCH_QUICK=1`: one pass each.

use std::time::Instant;

use rouge::text::TextScorer;
use rouge::{Metric, MetricResult, Options, TextDims, TextOptions};

const METRICS: [Metric; 4] = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
const NAMES: [&str; 4] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];
/// The languages timed (those without a host segmenter), `None` being the fork's lang=None.
const LANGS: [Option<&str>; 11] = [
    None,
    Some("english"),
    Some("french"),
    Some("spanish"),
    Some("russian"),
    Some("arabic"),
    Some("bengali"),
    Some("hindi"),
    Some("turkish"),
    Some("korean"),
    Some("burmese"),
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

struct Pair {
    target: String,
    prediction: String,
    want: [[f64; 3]; 4],
}

fn main() {
    let quick = std::env::var_os("ROUGE_BENCH_QUICK").is_some();
    let shared = std::env::var_os("ROUGE_SHARED_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared").into());
    let path = shared.join("multilingual/cases.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("xlsum_pairs: {} missing; nothing measured", path.display());
        return;
    };
    let cases: Vec<serde_json::Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    let hex = |v: &serde_json::Value| {
        let s = v["hex"].as_str().expect("float.hex");
        hexf_parse(s)
    };
    let pairs_of = |lang: Option<&str>| -> Vec<Pair> {
        cases
            .iter()
            .filter(|c| c["lang"].as_str() == lang && c["use_stemmer"] == true)
            .map(|c| Pair {
                target: c["target"].as_str().unwrap().to_owned(),
                prediction: c["prediction"].as_str().unwrap().to_owned(),
                want: NAMES.map(|m| {
                    let s = &c["scores"][m];
                    [hex(&s["precision"]), hex(&s["recall"]), hex(&s["fmeasure"])]
                }),
            })
            .collect()
    };
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(str::to_string)
        })
        .unwrap_or_default();
    println!("xlsum_pairs: cases.jsonl, use_stemmer=True; {cpu}");
    println!("| lang | pairs | KiB | ours pairs/s |");
    println!("| --- | ---: | ---: | ---: |");
    let o = Options::rouge_score();
    let time = |name: &str, opts: &TextOptions, pairs: &[Pair], check: bool| {
        let mut dims = TextDims::default();
        for p in pairs {
            dims = dims.max(TextDims::of(
                p.prediction.as_bytes(),
                &[p.target.as_str()][..],
            ));
        }
        let scorer = TextScorer::new(&METRICS, &o, opts, &dims).expect("scorer");
        let mut scratch = vec![0u64; scorer.scratch_words()];
        let mut out = [MetricResult::default(); 4];
        for p in pairs.iter().filter(|_| check) {
            scorer
                .score(
                    p.prediction.as_bytes(),
                    &[p.target.as_str()][..],
                    &mut scratch,
                    &mut out,
                )
                .expect("score");
            for (m, w) in p.want.iter().enumerate() {
                let s = out[m].score;
                assert_eq!(
                    [s.precision, s.recall, s.fmeasure],
                    *w,
                    "{name} {}",
                    NAMES[m]
                );
            }
        }
        let rate = median_rate(quick, pairs.len(), || {
            for p in pairs {
                scorer
                    .score(
                        p.prediction.as_bytes(),
                        &[p.target.as_str()][..],
                        &mut scratch,
                        &mut out,
                    )
                    .expect("score");
                std::hint::black_box(&out);
            }
        });
        let kib = pairs
            .iter()
            .map(|p| p.target.len() + p.prediction.len())
            .sum::<usize>() as f64
            / 1024.0;
        println!("| {name} | {} | {kib:.0} | {rate:.0} |", pairs.len());
    };
    for lang in LANGS {
        let pairs = pairs_of(lang);
        time(
            lang.unwrap_or("None"),
            &TextOptions::xlsum(lang, true),
            &pairs,
            true,
        );
    }
    // Our English path: rouge-score's tokeniser with NLTK's Porter (other values: not checked).
    let english = TextOptions::rouge_score(true);
    time(
        "english, rouge-score tokeniser",
        &english,
        &pairs_of(Some("english")),
        false,
    );
}

/// A float.hex string (`0x1.8000000000000p-1`, `0x0.0p+0`) as the f64 it names.
fn hexf_parse(s: &str) -> f64 {
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let s = s.strip_prefix("0x").expect("0x");
    let (mant, exp) = s.split_once('p').expect("p");
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut v = u64::from_str_radix(int, 16).expect("hex") as f64;
    let mut scale = 1.0 / 16.0;
    for d in frac.chars() {
        v += d.to_digit(16).expect("hex digit") as f64 * scale;
        scale /= 16.0;
    }
    let v = v * 2f64.powi(exp.parse::<i32>().expect("exponent"));
    if neg {
        -v
    } else {
        v
    }
}
