//! Differential test against rouge-score 0.1.2 and NLTK's Porter stemmer, on the expected values
//! `tests/diff/gen.py` writes (run everything with `tests/diff/run.sh`).
//!
//! Reads the JSON Lines file named by `ROUGE_DIFF_FILE`; without it, says it was not run. Every
//! `pair` record is scored with `score_text` (rouge-score tokeniser, `use_stemmer` as recorded,
//! rouge1..rouge9, rougeL, rougeLsum, best F over several references as `score_multi`) and must
//! match within 1e-9; where the record carries rouge-score's tokens, the library's token ids and
//! sentence ends must be exactly those of the same token strings. Every `stem` record checks
//! `nltk_stem` against NLTK. The last line is `diff-rouge-score: N passed, M failed`.
//!
//! A plain `main` (harness = false), so the counts are always printed.

use std::collections::HashMap;

use rouge::capi::parse_metric;
use rouge::text::{max_tokens, porter::nltk_stem, tokenize, tokenize_scratch_words};
use rouge::{score_text, text_scratch_words, Metric, MetricResult, Options, TextDims, TextOptions};
use serde_json::Value;

const TYPES: [&str; 11] = [
    "rouge1",
    "rouge2",
    "rouge3",
    "rouge4",
    "rouge5",
    "rouge6",
    "rouge7",
    "rouge8",
    "rouge9",
    "rougeL",
    "rougeLsum",
];

fn metric_of(name: &str) -> Metric {
    let m = parse_metric(name.as_bytes()).unwrap();
    match m.kind {
        1 => Metric::N(m.n as usize),
        2 => Metric::L,
        3 => Metric::Lsum,
        k => panic!("kind {k}"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

fn check_scores(v: &Value, cand: &str, refs: &[&str], t: &TextOptions) -> Result<(), String> {
    let metrics: Vec<Metric> = TYPES.iter().map(|n| metric_of(n)).collect();
    let o = Options::rouge_score();
    let words = text_scratch_words(&metrics, &o, t, &TextDims::of(cand.as_bytes(), refs))
        .map_err(|e| format!("size query: {e:?}"))?;
    let mut scratch = vec![0u64; words];
    let mut out = vec![MetricResult::default(); metrics.len()];
    score_text(
        cand.as_bytes(),
        refs,
        &metrics,
        &o,
        t,
        &mut scratch,
        &mut out,
    )
    .map_err(|e| format!("score_text: {e:?}"))?;
    let mut errors = vec![];
    for (name, g) in TYPES.iter().zip(&out) {
        let e = &v["expected"][name];
        for (field, got) in [
            ("precision", g.score.precision),
            ("recall", g.score.recall),
            ("fmeasure", g.score.fmeasure),
        ] {
            let want = e[field].as_f64().ok_or(format!("{name}.{field} missing"))?;
            if !close(got, want) {
                errors.push(format!("{name}.{field}: got {got}, rouge-score {want}"));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

/// The library's ids and sentence ends must be those of rouge-score's token strings, interned
/// in order of first appearance over all texts (ids are dense in that order).
fn check_tokens(v: &Value, texts: &[&str], t: &TextOptions) -> Result<(), String> {
    let want_tokens: Vec<Vec<String>> = v["tokens"]["texts"]
        .as_array()
        .unwrap()
        .iter()
        .map(strs)
        .collect();
    let want_sentences: Vec<Vec<Vec<String>>> = v["tokens"]["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_array().unwrap().iter().map(strs).collect())
        .collect();
    let mut dict: HashMap<&str, u32> = HashMap::new();
    let total: usize = texts.iter().map(|x| x.len()).sum();
    let mut scratch = vec![0u64; tokenize_scratch_words(t, total, texts.len()).unwrap()];
    let cap = max_tokens(total, texts.len());
    let (mut ids, mut ends) = (vec![0u32; cap], vec![0usize; cap]);
    let mut spans = vec![Default::default(); texts.len()];
    tokenize(texts, t, &mut ids, &mut ends, &mut scratch, &mut |i, s| {
        spans[i] = s
    })
    .map_err(|e| format!("tokenize: {e:?}"))?;
    for (i, s) in spans.iter().enumerate() {
        let want: Vec<u32> = want_tokens[i]
            .iter()
            .map(|w| {
                let n = dict.len() as u32;
                *dict.entry(w.as_str()).or_insert(n)
            })
            .collect();
        let got = &ids[s.token_start..s.token_start + s.token_len];
        if got != want.as_slice() {
            return Err(format!(
                "text {i}: token ids {got:?}, rouge-score's tokens {:?}",
                want_tokens[i]
            ));
        }
        // Sentence ends: cumulative lengths of rouge-score's non-empty line token lists.
        let mut want_ends = vec![];
        let mut at = 0;
        for sent in &want_sentences[i] {
            if !sent.is_empty() {
                at += sent.len();
                want_ends.push(at);
            }
        }
        let got_ends = &ends[s.sentence_start..s.sentence_start + s.sentence_count];
        if got_ends != want_ends.as_slice() {
            return Err(format!(
                "text {i}: sentence ends {got_ends:?}, rouge-score's lines {want_ends:?}"
            ));
        }
        let flat: Vec<&String> = want_sentences[i].iter().flatten().collect();
        if flat.len() != want_tokens[i].len() {
            return Err(format!("text {i}: lines and text tokenise differently"));
        }
    }
    Ok(())
}

fn main() {
    let Some(path) = std::env::var_os("ROUGE_DIFF_FILE") else {
        println!(
            "diff-rouge-score: not run (ROUGE_DIFF_FILE is not set; tests/diff/run.sh sets it)"
        );
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.to_string_lossy()));
    let (mut pairs, mut token_checks, mut words) = ((0, 0), (0, 0), (0, 0));
    let mut shown = 0;
    let mut fail = |what: String| {
        if shown < 30 {
            println!("FAIL {what}");
        }
        shown += 1;
    };
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        match v["kind"].as_str() {
            Some("pair") => {
                let t = TextOptions::rouge_score(v["stem"].as_bool().unwrap());
                let cand = v["candidate"].as_str().unwrap();
                let refs = strs(&v["references"]);
                let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
                let id = v["id"].as_str().unwrap_or("?");
                match check_scores(&v, cand, &refs, &t) {
                    Ok(()) => pairs.0 += 1,
                    Err(e) => {
                        pairs.1 += 1;
                        fail(format!(
                            "{id}: {e}\n    candidate {cand:?}\n    references {refs:?}"
                        ));
                    }
                }
                if v.get("tokens").is_some() {
                    let mut all = vec![cand];
                    all.extend(&refs);
                    match check_tokens(&v, &all, &t) {
                        Ok(()) => token_checks.0 += 1,
                        Err(e) => {
                            token_checks.1 += 1;
                            fail(format!("{id} tokens: {e}"));
                        }
                    }
                }
            }
            Some("stem") => {
                let w = v["word"].as_str().unwrap();
                let want = v["stem"].as_str().unwrap();
                let mut buf = w.as_bytes().to_vec();
                let k = nltk_stem(&mut buf);
                if &buf[..k] == want.as_bytes() {
                    words.0 += 1;
                } else {
                    words.1 += 1;
                    fail(format!(
                        "stem {w:?}: got {:?}, NLTK {want:?}",
                        String::from_utf8_lossy(&buf[..k])
                    ));
                }
            }
            other => panic!("line {}: unknown kind {other:?}", n + 1),
        }
    }
    println!(
        "  pair cases (scores, 11 rouge types): {} passed, {} failed",
        pairs.0, pairs.1
    );
    println!(
        "  token sequences and sentence ends:   {} passed, {} failed",
        token_checks.0, token_checks.1
    );
    println!(
        "  Porter stems against NLTK:           {} passed, {} failed",
        words.0, words.1
    );
    let passed = pairs.0 + token_checks.0 + words.0;
    let failed = pairs.1 + token_checks.1 + words.1;
    println!("diff-rouge-score: {passed} passed, {failed} failed");
    if failed > 0 || pairs.0 < 2000 {
        std::process::exit(1);
    }
}
