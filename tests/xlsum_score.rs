//! XL-Sum's multilingual ROUGE scored through the Rust API (`score_text`,
//! `score_text_segmented`, `TextScorer`) against the scorer's own values: every case of
//! `../shared/multilingual/cases.jsonl` (3,236 pairs, rouge1, rouge2, rougeL, rougeLsum;
//! precision, recall and F compared as doubles, bit for bit, with their `float.hex`), and every
//! pair of `tests/xlsum/diff_scores.jsonl` (our own texts, scored by the scorer). Chinese,
//! Japanese and Thai texts get their segmenter's tokens from the case itself
//! (`common::xlsum_score::segments`). Counts are printed per language and setting.
#![cfg(feature = "multilingual")]

mod common;

use common::xlsum::shared;
use common::xlsum_score::{expected, label, same, segments, METRICS, NAMES};
use rouge::text::xlsum::segmented_bytes;
use rouge::text::{score_text_segmented, Segmented};
use rouge::{
    score_text, text_scratch_words, Error, MetricResult, Options, TextDims, TextOptions, TextScorer,
};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The scores of one pair through the Rust API, with exactly the scratch the size query gives
/// (and, on every `check_size`-th call, a check that one word less is refused).
fn score(case: &serde_json::Value, check_size: bool) -> Result<[MetricResult; 4], Error> {
    let text = TextOptions::xlsum(
        case["lang"].as_str(),
        case["use_stemmer"].as_bool().unwrap(),
    );
    let (target, prediction) = (
        case["target"].as_str().unwrap(),
        case["prediction"].as_str().unwrap(),
    );
    let opts = Options::rouge_score();
    let mut out = [MetricResult::default(); 4];
    let refs = [target];
    match (segments(case, "prediction"), segments(case, "target")) {
        (Some(p), Some(t)) => {
            let (p, t): (Vec<&str>, Vec<&str>) = (
                p.iter().map(String::as_str).collect(),
                t.iter().map(String::as_str).collect(),
            );
            let segs: [&[&str]; 2] = [&p, &t];
            let dims = TextDims {
                references: 1,
                candidate_bytes: segmented_bytes(prediction.as_bytes(), &p[..]),
                reference_bytes: segmented_bytes(target.as_bytes(), &t[..]),
                candidate_line_bytes: usize::MAX,
                reference_line_bytes: usize::MAX,
            };
            let dims = TextDims {
                candidate_line_bytes: dims.candidate_bytes,
                reference_line_bytes: dims.reference_bytes,
                ..dims
            };
            let words = text_scratch_words(&METRICS, &opts, &text, &dims)?;
            let mut scratch = vec![0u64; words];
            let segs: &[&[&str]] = &segs;
            score_text_segmented(
                prediction.as_bytes(),
                &refs[..],
                segs,
                &METRICS,
                &opts,
                &text,
                &mut scratch,
                &mut out,
            )?;
            // The prepared scorer gives the same, and so does scoring with the plain call
            // refused (a host segmenter's language needs its tokens).
            let scorer = TextScorer::new(&METRICS, &opts, &text, &dims)?;
            let mut again = [MetricResult::default(); 4];
            scorer.score_segmented(
                prediction.as_bytes(),
                &refs[..],
                segs,
                &mut scratch,
                &mut again,
            )?;
            assert_eq!(again, out);
            assert_eq!(
                score_text(
                    prediction.as_bytes(),
                    &refs[..],
                    &METRICS,
                    &opts,
                    &text,
                    &mut scratch,
                    &mut again
                ),
                Err(Error::InvalidArgument)
            );
            let _ = (Segmented::texts(segs), check_size);
        }
        _ => {
            let dims = TextDims::of(prediction.as_bytes(), &refs[..]);
            let words = text_scratch_words(&METRICS, &opts, &text, &dims)?;
            let mut scratch = vec![0u64; words];
            score_text(
                prediction.as_bytes(),
                &refs[..],
                &METRICS,
                &opts,
                &text,
                &mut scratch,
                &mut out,
            )?;
            let scorer = TextScorer::new(&METRICS, &opts, &text, &dims)?;
            let mut again = [MetricResult::default(); 4];
            scorer.score(prediction.as_bytes(), &refs[..], &mut scratch, &mut again)?;
            assert_eq!(again, out);
            if check_size && words > 0 {
                let r = score_text(
                    prediction.as_bytes(),
                    &refs[..],
                    &METRICS,
                    &opts,
                    &text,
                    &mut scratch[..words - 1],
                    &mut again,
                );
                assert_eq!(r, Err(Error::ScratchTooSmall { needed: words }));
            }
        }
    }
    Ok(out)
}

/// Runs every case of a file; returns (cases, exact) per label and the ids that differ.
fn run(path: &PathBuf) -> (BTreeMap<String, (usize, usize)>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut bad = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let want = expected(&c);
        let got = score(&c, k % 7 == 0).unwrap_or_else(|e| panic!("{}: {e:?}", c["id"]));
        let e = counts.entry(label(&c)).or_default();
        e.0 += 1;
        let mut ok = true;
        for (m, w) in want.iter().enumerate() {
            let s = got[m].score;
            if !(same(s.precision, w[0]) && same(s.recall, w[1]) && same(s.fmeasure, w[2])) {
                ok = false;
                if bad.len() < 10 {
                    eprintln!("{} {}: got {:?}, want {:?}", c["id"], NAMES[m], s, w);
                }
            }
        }
        if ok {
            e.1 += 1;
        } else {
            bad.push(c["id"].as_str().unwrap_or("?").to_owned());
        }
    }
    (counts, bad)
}

fn report(name: &str, counts: &BTreeMap<String, (usize, usize)>) -> usize {
    let mut line = String::new();
    let (mut all, mut exact) = (0, 0);
    for (label, (n, ok)) in counts {
        line.push_str(&format!("{label} {ok}/{n}  "));
        all += n;
        exact += ok;
    }
    eprintln!("{name}, per lang/setting (exact/cases): {line}");
    eprintln!("{name}: {exact} of {all} cases exact (P, R, F of rouge1, rouge2, rougeL, rougeLsum, bit for bit)");
    all
}

#[test]
fn test_every_case_scores_as_the_xlsum_scorer() {
    let Some(cases) = shared("cases.jsonl") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/multilingual"
        );
        eprintln!("skipped: no ../shared/multilingual");
        return;
    };
    let (counts, bad) = run(&cases);
    assert_eq!(report("cases.jsonl (Rust API)", &counts), 3236);
    assert!(bad.is_empty(), "{} cases differ: {bad:?}", bad.len());
}

#[test]
fn test_our_generated_pairs_score_as_the_xlsum_scorer() {
    // ROUGE_XLSUM_SCORES: a fresh file of the same shape (tests/xlsum/run.sh makes one).
    let path = std::env::var_os("ROUGE_XLSUM_SCORES").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/xlsum/diff_scores.jsonl"),
        PathBuf::from,
    );
    let (counts, bad) = run(&path);
    let n = report(&format!("{} (Rust API)", path.display()), &counts);
    assert!(n > 0);
    assert!(bad.is_empty(), "{} pairs differ: {bad:?}", bad.len());
}

/// The arena bound of `text::xlsum::read`: no stemmer more than doubles a token's UTF-8, on
/// generated words of every script the stemmers know, mixed (Russian's Latin letters written
/// back as Cyrillic come closest).
#[test]
fn test_no_stemmer_more_than_doubles_a_word() {
    use rouge::stem::{scratch_chars, stem, Stemmer};
    let alphabets = [
        "abcdefghijklmnopqrstuvwxyzäöüßéèêëàâîïôûùçñãõáíóúýþðæøåœşğı",
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        "ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأؤإئةىًٌٍَُِّْ",
        "অআইঈউঊঋএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহড়ঢ়য়ৎংঃঁািীুূৃেৈোৌ্",
        "अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसहािीुूेैोौंँ्",
        "0123456789'",
    ];
    let alphabets: Vec<Vec<char>> = alphabets.iter().map(|a| a.chars().collect()).collect();
    let mut rng = common::rng::Rng(24);
    let mut worst = (0.0f64, String::new(), String::new());
    for _ in 0..20_000 {
        let n = 4 + rng.below(12) as usize;
        let a = &alphabets[rng.below(alphabets.len() as u64) as usize];
        let b = &alphabets[rng.below(alphabets.len() as u64) as usize];
        let word: Vec<char> = (0..n)
            .map(|_| {
                let s = if rng.below(10) < 6 { a } else { b };
                s[rng.below(s.len() as u64) as usize]
            })
            .collect();
        let w: String = word.iter().collect();
        let mut scratch = vec!['\0'; scratch_chars(word.len())];
        for s in Stemmer::ALL {
            let out: String = stem(s, &word, &mut scratch).unwrap().iter().collect();
            assert!(out.len() <= 2 * w.len(), "{s:?}: {w} -> {out}");
            let r = out.len() as f64 / w.len() as f64;
            if r > worst.0 {
                worst = (r, w.clone(), out);
            }
        }
    }
    eprintln!("largest growth {:.3}: {} -> {}", worst.0, worst.1, worst.2);
}
