//! Differential test of the rouge-score bootstrap: every case of
//! `tests/corpus_diff/expected.jsonl` (written by `gen.py` with rouge-score 0.1.2's own
//! `BootstrapAggregator` after `np.random.seed(seed)`; refresh with `run.sh`) must be reproduced
//! to 1e-12: low, mid and high of every metric's P, R and F, and the macro mean. "texts" cases
//! run the whole path (basic tokeniser, rouge-score flavour scoring, aggregation). Each case also
//! goes through the C API (`rouge_corpus_bootstrap`, `rouge_corpus_macro`), which must give the
//! Rust API's values bit for bit.
//!
//! The cases of `tests/corpus_diff/expected_perl.jsonl` (written by `gen_perl.py`, which runs
//! ROUGE-1.5.5.pl's own `computeAverages` on per-evaluation values) must print the same five
//! decimals with the ROUGE-1.5.5 method, the evaluations given in the string order of their
//! test ids `"<eval id>.1"`.
//!
//! A plain `main` (harness = false): the last line is `corpus-diff: N passed, M failed`.

use std::path::PathBuf;

use rouge::capi::parse_metric;
use rouge::capi::{rouge_counts, rouge_result, rouge_score, ROUGE_OK};
use rouge::capi_corpus::{
    rouge_aggregate, rouge_bootstrap_options, rouge_bootstrap_scratch_words,
    rouge_corpus_bootstrap, rouge_corpus_macro, ROUGE_BOOTSTRAP_ROUGE_SCORE,
};
use rouge::tokenize::{max_tokens, tokenize_basic, tokenize_scratch_words, TokenizedText};
use rouge::{
    bootstrap, bootstrap_scratch_words, macro_mean, score_pair, scratch_words, Aggregate,
    Bootstrap, Counts, Dims, Method, Metric, MetricResult, Options, PairMajor, Score, Summary,
};
use serde_json::Value;

const TOLERANCE: f64 = 1e-12;

fn num(v: &Value) -> f64 {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not a float string: {v}"))
}

fn triple(v: &Value) -> Score {
    Score {
        precision: num(&v[0]),
        recall: num(&v[1]),
        fmeasure: num(&v[2]),
    }
}

fn metric_of(name: &str) -> Metric {
    let m = parse_metric(name.as_bytes()).unwrap_or_else(|| panic!("unknown metric {name}"));
    match m.kind {
        1 => Metric::N(m.n as usize),
        2 => Metric::L,
        3 => Metric::Lsum,
        k => panic!("metric kind {k} is not in rouge-score"),
    }
}

/// Token ids and sentence ends of texts, in one id space.
fn tokenize(texts: &[&str]) -> Vec<(Vec<u32>, Vec<usize>)> {
    let bytes: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
    let total: usize = bytes.iter().map(|b| b.len()).sum();
    let mut scratch = vec![0u64; tokenize_scratch_words(total, bytes.len()).unwrap()];
    let cap = max_tokens(total, bytes.len());
    let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
    let mut spans = vec![TokenizedText::default(); bytes.len()];
    tokenize_basic(
        &bytes[..],
        &mut ids,
        &mut ends,
        &mut scratch,
        &mut |i, s| spans[i] = s,
    )
    .unwrap();
    spans
        .iter()
        .map(|s| {
            (
                ids[s.token_start..s.token_start + s.token_len].to_vec(),
                ends[s.sentence_start..s.sentence_start + s.sentence_count].to_vec(),
            )
        })
        .collect()
}

/// Per-pair results, pair-major, of a case.
fn results(case: &Value, metric_names: &[String]) -> Vec<MetricResult> {
    match case["kind"].as_str() {
        Some("scores") => case["scores"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|pair| pair.as_array().unwrap().iter())
            .map(|s| MetricResult {
                score: triple(s),
                counts: Counts::default(),
            })
            .collect(),
        Some("texts") => {
            let metrics: Vec<Metric> = metric_names.iter().map(|n| metric_of(n)).collect();
            let o = Options::rouge_score();
            let mut out = vec![];
            for pair in case["pairs"].as_array().unwrap() {
                let t = tokenize(&[
                    pair["candidate"].as_str().unwrap(),
                    pair["reference"].as_str().unwrap(),
                ]);
                let c = Summary::new(&t[0].0, &t[0].1);
                let r = [Summary::new(&t[1].0, &t[1].1)];
                let dims = Dims::of(&c, &r[..]);
                let mut scratch = vec![0u64; scratch_words(&metrics, &o, &dims).unwrap()];
                let mut res = vec![MetricResult::default(); metrics.len()];
                score_pair(&c, &r[..], &metrics, &o, &mut scratch, &mut res).unwrap();
                out.extend(res);
            }
            out
        }
        other => panic!("unknown kind {other:?}"),
    }
}

fn c_score(s: &Score) -> rouge_score {
    rouge_score {
        precision: s.precision,
        recall: s.recall,
        fmeasure: s.fmeasure,
    }
}

/// The same aggregation through the C API; `None` when a call fails.
fn through_c_api(
    rs: &[MetricResult],
    k: usize,
    b: &Bootstrap,
) -> Option<(Vec<rouge_aggregate>, Vec<rouge_score>)> {
    let c: Vec<rouge_result> = rs
        .iter()
        .map(|r| rouge_result {
            score: c_score(&r.score),
            counts: rouge_counts::default(),
        })
        .collect();
    let opts = rouge_bootstrap_options {
        method: ROUGE_BOOTSTRAP_ROUGE_SCORE,
        seed: b.seed,
        samples: b.samples,
        confidence: b.confidence,
    };
    let mut words = 0usize;
    // SAFETY: valid pointers for the duration of each call.
    unsafe {
        if rouge_bootstrap_scratch_words(&opts, &mut words) != ROUGE_OK {
            return None;
        }
        let mut scratch = vec![0u64; words];
        let mut agg = vec![rouge_aggregate::default(); k];
        let mut mean = vec![rouge_score::default(); k];
        let pairs = rs.len() / k;
        let s1 = rouge_corpus_bootstrap(
            c.as_ptr(),
            pairs,
            k,
            &opts,
            scratch.as_mut_ptr(),
            words,
            agg.as_mut_ptr(),
        );
        let s2 = rouge_corpus_macro(c.as_ptr(), pairs, k, mean.as_mut_ptr());
        (s1 == ROUGE_OK && s2 == ROUGE_OK).then_some((agg, mean))
    }
}

/// Compares one case; returns the mismatches and counts exact and compared values.
fn run_case(case: &Value, exact: &mut usize, compared: &mut usize) -> Vec<String> {
    let names: Vec<String> = case["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let k = names.len();
    let rs = results(case, &names);
    let b = Bootstrap {
        seed: case["seed"].as_u64().unwrap() as u32,
        samples: case["n_samples"].as_u64().unwrap() as usize,
        confidence: num(&case["confidence"]),
        ..Bootstrap::new(Method::RougeScore)
    };
    let table = PairMajor::new(&rs, k).unwrap();
    let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
    let mut agg = vec![Aggregate::default(); k];
    let mut mean = vec![Score::default(); k];
    let mut errors = vec![];
    if let Err(e) = bootstrap(&table, &b, &mut scratch, &mut agg) {
        return vec![format!("bootstrap failed: {e:?}")];
    }
    if let Err(e) = macro_mean(&table, &mut mean) {
        return vec![format!("macro_mean failed: {e:?}")];
    }
    match through_c_api(&rs, k, &b) {
        None => errors.push("the C API failed".to_string()),
        Some((c_agg, c_mean)) => {
            let same = agg.iter().zip(&c_agg).all(|(a, c)| {
                c_score(&a.low) == c.low && c_score(&a.mid) == c.mid && c_score(&a.high) == c.high
            }) && mean.iter().zip(&c_mean).all(|(a, c)| c_score(a) == *c);
            if !same {
                errors.push("the C API differs from the Rust API".to_string());
            }
        }
    }
    for (m, name) in names.iter().enumerate() {
        let e = &case["expected"][name];
        for (what, got) in [
            ("low", agg[m].low),
            ("mid", agg[m].mid),
            ("high", agg[m].high),
            ("mean", mean[m]),
        ] {
            let want = triple(&e[what]);
            for (field, g, w) in [
                ("precision", got.precision, want.precision),
                ("recall", got.recall, want.recall),
                ("fmeasure", got.fmeasure, want.fmeasure),
            ] {
                *compared += 1;
                if g == w {
                    *exact += 1;
                }
                if (g - w).abs() > TOLERANCE {
                    errors.push(format!(
                        "{name}.{what}.{field}: got {g:?}, rouge-score {w:?}"
                    ));
                }
            }
        }
    }
    errors
}

/// A ROUGE-1.5.5 case: the per-evaluation values in the script's order, its bootstrap, and
/// every printed mean and interval end compared as text.
fn run_perl_case(case: &Value, compared: &mut usize) -> Vec<String> {
    let ids = case["eval_ids"].as_array().unwrap();
    let values = case["values"].as_array().unwrap();
    let mut order: Vec<(String, usize)> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| (format!("{}.1", id.as_str().unwrap()), i))
        .collect();
    order.sort();
    // Perl's per-evaluation triple is (R, P, F).
    let rs: Vec<MetricResult> = order
        .iter()
        .map(|&(_, i)| {
            let v = &values[i];
            MetricResult {
                score: Score {
                    recall: num(&v[0]),
                    precision: num(&v[1]),
                    fmeasure: num(&v[2]),
                },
                counts: Counts::default(),
            }
        })
        .collect();
    let b = Bootstrap {
        samples: case["samples"].as_u64().unwrap() as usize,
        confidence: case["percent"].as_f64().unwrap() / 100.0,
        ..Bootstrap::new(Method::Perl)
    };
    let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
    let mut agg = [Aggregate::default()];
    if let Err(e) = bootstrap(&PairMajor::new(&rs, 1).unwrap(), &b, &mut scratch, &mut agg) {
        return vec![format!("bootstrap failed: {e:?}")];
    }
    let a = agg[0];
    let mut errors = vec![];
    for (field, low, mid, high) in [
        ("recall", a.low.recall, a.mid.recall, a.high.recall),
        (
            "precision",
            a.low.precision,
            a.mid.precision,
            a.high.precision,
        ),
        ("fmeasure", a.low.fmeasure, a.mid.fmeasure, a.high.fmeasure),
    ] {
        for (key, value) in [("mean", mid), ("ci_low", low), ("ci_high", high)] {
            *compared += 1;
            let printed = format!("{value:.5}");
            let want = &case["expected"][field][key];
            if want.as_str() != Some(printed.as_str()) {
                errors.push(format!("{field}.{key}: got {printed}, ROUGE-1.5.5 {want}"));
            }
        }
    }
    errors
}

fn read_cases(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus_diff")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run tests/corpus_diff/run.sh)", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn main() {
    let (mut passed, mut failed) = (0usize, 0usize);
    let (mut exact, mut compared, mut perl_compared) = (0usize, 0usize, 0usize);
    let mut cases = read_cases("expected.jsonl");
    cases.extend(read_cases("expected_perl.jsonl"));
    for case in &cases {
        let errors = if case["kind"].as_str() == Some("perl") {
            run_perl_case(case, &mut perl_compared)
        } else {
            run_case(case, &mut exact, &mut compared)
        };
        if errors.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            println!(
                "FAIL {}:\n    {}",
                case["id"].as_str().unwrap_or("?"),
                errors.join("\n    ")
            );
        }
    }
    println!(
        "corpus-diff: {compared} values compared to rouge-score ({exact} bit-identical, tolerance {TOLERANCE:e}), {perl_compared} printed values to ROUGE-1.5.5"
    );
    println!("corpus-diff: {passed} passed, {failed} failed");
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}
