//! XL-Sum's multilingual ROUGE through the C ABI, called as a C host calls it
//! (`ROUGE_TOKENIZER_XLSUM` with the language as UTF-8; `rouge_score_text`, the prepared
//! `rouge_text_scorer_*`, and for Chinese, Japanese and Thai `rouge_xlsum_clean_text` then
//! `rouge_score_text_segmented` / `rouge_text_scorer_score_segmented` with each text's
//! segmenter tokens as `rouge_tokens`): every case of `../shared/multilingual/cases.jsonl` and
//! of `tests/xlsum/diff_scores.jsonl`, P, R and F compared bit for bit with the scorer's
//! `float.hex`, counted per language. The segmenter tokens of a case are its own main-path
//! tokens (`common::xlsum_score::segments` says why that is the segmenter's output); each must
//! be a piece of what `rouge_xlsum_clean_text` gives for its text.
#![cfg(feature = "multilingual")]

mod common;

use common::xlsum::shared;
use common::xlsum_score::{expected, label, same, segments, NAMES};
use rouge::capi::xlsum::*;
use rouge::capi::*;
use rouge::capi_text::*;
use std::collections::BTreeMap;
use std::ffi::c_char;
use std::path::PathBuf;

fn s(t: &str) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

/// A text's segmenter tokens as the C struct wants them (bytes and ends kept alive by the
/// caller).
struct Tokens {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl Tokens {
    fn of(tokens: &[String]) -> Tokens {
        let mut t = Tokens {
            bytes: Vec::new(),
            ends: Vec::new(),
        };
        for x in tokens {
            t.bytes.extend_from_slice(x.as_bytes());
            t.ends.push(t.bytes.len());
        }
        t
    }
    fn c(&self) -> rouge_tokens {
        rouge_tokens {
            bytes: self.bytes.as_ptr() as *const c_char,
            ends: self.ends.as_ptr(),
            count: self.ends.len(),
        }
    }
}

/// `rouge_xlsum_clean_text` of a text.
fn clean(text: &str) -> String {
    let mut n = 0usize;
    assert_eq!(
        unsafe { rouge_xlsum_clean_text_bytes(text.len(), &mut n) },
        ROUGE_OK
    );
    let mut out = vec![0u8; n];
    let mut written = usize::MAX;
    let st = unsafe {
        rouge_xlsum_clean_text(&s(text), out.as_mut_ptr() as *mut c_char, n, &mut written)
    };
    assert_eq!(st, ROUGE_OK);
    String::from_utf8(out[..written].to_vec()).unwrap()
}

/// The four metrics of a case through the C ABI: one-shot and prepared, which must agree.
fn score(case: &serde_json::Value) -> [rouge_result; 4] {
    let metrics: Vec<rouge_metric> = NAMES
        .iter()
        .map(|n| parse_metric(n.as_bytes()).unwrap())
        .collect();
    let mut o = rouge_options::default();
    assert_eq!(
        unsafe { rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let mut t = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, &mut t) },
        ROUGE_OK
    );
    t.stem = u32::from(case["use_stemmer"].as_bool().unwrap());
    let lang = case["lang"].as_str();
    if let Some(l) = lang {
        t.lang = l.as_ptr() as *const c_char;
        t.lang_len = l.len();
    }
    let (target, prediction) = (
        case["target"].as_str().unwrap(),
        case["prediction"].as_str().unwrap(),
    );
    let (c, r) = (s(prediction), [s(target)]);
    let segs = match (segments(case, "prediction"), segments(case, "target")) {
        (Some(p), Some(q)) => {
            // Each token is a piece of the cleaned text (MeCab drops the spaces).
            for (text, toks) in [(prediction, &p), (target, &q)] {
                let cleaned = clean(text);
                let mut at = 0;
                for tok in toks.iter() {
                    let k = cleaned[at..]
                        .find(tok.as_str())
                        .unwrap_or_else(|| panic!("{tok:?} in {cleaned:?}"));
                    at += k + tok.len();
                }
            }
            Some([Tokens::of(&p), Tokens::of(&q)])
        }
        _ => None,
    };
    let c_segs = segs.as_ref().map(|s| [s[0].c(), s[1].c()]);
    let mut dims = rouge_text_dims::default();
    let st = match &c_segs {
        Some(cs) => unsafe {
            rouge_text_dims_of_segmented(&c, r.as_ptr(), 1, cs.as_ptr(), &mut dims)
        },
        None => unsafe { rouge_text_dims_of(&c, r.as_ptr(), 1, &mut dims) },
    };
    assert_eq!(st, ROUGE_OK);
    let mut words = 0usize;
    assert_eq!(
        unsafe { rouge_text_scratch_words(metrics.as_ptr(), 4, &o, &t, &dims, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words.max(1)];
    let mut out = [rouge_result::default(); 4];
    let st = match &c_segs {
        Some(cs) => unsafe {
            rouge_score_text_segmented(
                &c,
                r.as_ptr(),
                1,
                cs.as_ptr(),
                metrics.as_ptr(),
                4,
                &o,
                &t,
                scratch.as_mut_ptr(),
                words,
                out.as_mut_ptr(),
            )
        },
        None => unsafe {
            rouge_score_text(
                &c,
                r.as_ptr(),
                1,
                metrics.as_ptr(),
                4,
                &o,
                &t,
                scratch.as_mut_ptr(),
                words,
                out.as_mut_ptr(),
            )
        },
    };
    assert_eq!(st, ROUGE_OK, "{}", case["id"]);
    // The prepared scorer: the language resolved at init (the name's bytes may go).
    let mut scorer: rouge_text_scorer = unsafe { std::mem::zeroed() };
    let name = lang.map(|l| l.to_owned());
    if let Some(n) = &name {
        t.lang = n.as_ptr() as *const c_char;
    }
    assert_eq!(
        unsafe { rouge_text_scorer_init(metrics.as_ptr(), 4, &o, &t, &dims, &mut scorer) },
        ROUGE_OK
    );
    drop(name);
    assert!(scorer.text_options.lang.is_null());
    assert_eq!(scorer.scratch_words, words);
    let mut again = [rouge_result::default(); 4];
    let st = match &c_segs {
        Some(cs) => unsafe {
            rouge_text_scorer_score_segmented(
                &scorer,
                &c,
                r.as_ptr(),
                1,
                cs.as_ptr(),
                scratch.as_mut_ptr(),
                words,
                again.as_mut_ptr(),
            )
        },
        None => unsafe {
            rouge_text_scorer_score(
                &scorer,
                &c,
                r.as_ptr(),
                1,
                scratch.as_mut_ptr(),
                words,
                again.as_mut_ptr(),
            )
        },
    };
    assert_eq!(st, ROUGE_OK);
    assert_eq!(again, out);
    out
}

fn run(path: &PathBuf, name: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut bad = Vec::new();
    for line in text.lines() {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let want = expected(&c);
        let got = score(&c);
        let ok = (0..4).all(|m| {
            let g = got[m].score;
            same(g.precision, want[m][0])
                && same(g.recall, want[m][1])
                && same(g.fmeasure, want[m][2])
        });
        let e = counts.entry(label(&c)).or_default();
        e.0 += 1;
        if ok {
            e.1 += 1;
        } else {
            bad.push(c["id"].as_str().unwrap_or("?").to_owned());
        }
    }
    // Per language: both settings together.
    let mut per_lang: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (label, (n, ok)) in &counts {
        let lang = label
            .rsplit_once('/')
            .map_or(label.as_str(), |x| x.0)
            .to_owned();
        let e = per_lang.entry(lang).or_default();
        e.0 += n;
        e.1 += ok;
    }
    let line: Vec<String> = per_lang
        .iter()
        .map(|(l, (n, ok))| format!("{l} {ok}/{n}"))
        .collect();
    let (n, ok) = per_lang
        .values()
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    eprintln!(
        "{name} (C API), per language, both settings (exact/cases): {}",
        line.join("  ")
    );
    eprintln!("{name} (C API): {ok} of {n} cases exact (P, R, F of rouge1, rouge2, rougeL, rougeLsum, bit for bit)");
    (n, bad)
}

#[test]
fn test_every_case_scores_as_the_xlsum_scorer_through_the_c_api() {
    let Some(cases) = shared("cases.jsonl") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/multilingual"
        );
        eprintln!("skipped: no ../shared/multilingual");
        return;
    };
    let (n, bad) = run(&cases, "cases.jsonl");
    assert_eq!(n, 3236);
    assert!(bad.is_empty(), "{} cases differ: {bad:?}", bad.len());
}

#[test]
fn test_our_generated_pairs_score_as_the_xlsum_scorer_through_the_c_api() {
    let path = std::env::var_os("ROUGE_XLSUM_SCORES").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/xlsum/diff_scores.jsonl"),
        PathBuf::from,
    );
    let (n, bad) = run(&path, &path.display().to_string());
    assert!(n > 0);
    assert!(bad.is_empty(), "{} pairs differ: {bad:?}", bad.len());
}
