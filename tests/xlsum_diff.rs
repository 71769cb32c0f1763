//! The XL-Sum tokeniser against the scorer on texts of our own: `tests/xlsum/diff.jsonl`, made
//! by `tests/xlsum/gen_diff.py` in the reference environment (every XL-Sum language, the
//! aliases, no language and names the scorer does not know; sentences of wordfreq's and the
//! UDHR's words, random Burmese syllables and code points, and the edge kinds: digits, emoji,
//! controls, punctuation and symbols, marks, mixed scripts, sigmas, NFD, several lines).
//!
//! The main path's tokens and the Lsum path's sentences must be the scorer's exactly; for
//! Chinese, Japanese and Thai, `clean_text` must be the text the scorer gave its segmenter,
//! and the segmenter's tokens through `segmented_tokens` the scorer's tokens. Texts scored
//! with a stemmer are counted apart, as in `tests/xlsum_cases.rs`: asserted once the stemmer
//! is merged. `ROUGE_XLSUM_DIFF=FILE` checks another output of `gen_diff.py` instead.
#![cfg(feature = "multilingual")]

mod common;

use common::xlsum::{
    clean_text, lsum_tokens, main_tokens, segmented_tokens, sentences, strings, Ported,
};
use rouge::text::xlsum::Language;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[test]
fn test_own_texts_as_the_xlsum_scorer() {
    // `ROUGE_XLSUM_DIFF=FILE`: another output of gen_diff.py (a run by hand).
    let path = std::env::var_os("ROUGE_XLSUM_DIFF").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xlsum/diff.jsonl"),
        PathBuf::from,
    );
    let text = std::fs::read_to_string(path).unwrap();
    // Without ../shared, stemmed texts are reported, never asserted.
    let mut ported = Ported::new();
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut bad_ids = Vec::new();
    for line in text.lines() {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let lang = Language::resolve(c["lang"].as_str(), c["use_stemmer"].as_bool().unwrap());
        let t = c["text"].as_str().unwrap();
        let want = strings(&c["tokens"]);
        let mut bad = Vec::new();
        let got = if lang.segmenter.in_host() {
            let want_clean = c["clean"].as_str().unwrap();
            let got_clean = clean_text(t);
            if got_clean != want_clean {
                bad.push(format!("clean {got_clean:?}\n   want {want_clean:?}"));
            }
            segmented_tokens(&lang, t, &strings(&c["segments"]))
        } else {
            main_tokens(&lang, t)
        };
        if got != want {
            bad.push(format!("tokens {got:?}\n   want {want:?}"));
        }
        let want = sentences(&c["lsum_tokens"]);
        let got = lsum_tokens(&lang, t);
        if got != want {
            bad.push(format!("lsum {got:?}\n   want {want:?}"));
        }
        let (label, assert) = match lang.stemmer {
            None => ("no stemmer".to_owned(), true),
            Some(s) if ported.as_mut().is_some_and(|p| p.ported(s)) => {
                (format!("stemmer {}", s.name()), true)
            }
            Some(s) => (format!("stemmer {} (not merged yet)", s.name()), false),
        };
        *kinds
            .entry(c["kind"].as_str().unwrap().to_owned())
            .or_default() += 1;
        let e = counts.entry(label).or_default();
        e.0 += 1;
        if bad.is_empty() {
            e.1 += 1;
        } else if assert {
            if bad_ids.len() < 10 {
                eprintln!("{} {:?} {t:?}:\n  {}", c["id"], c["lang"], bad.join("\n  "));
            }
            bad_ids.push(c["id"].as_str().unwrap().to_owned());
        }
    }
    let (mut all, mut exact) = (0, 0);
    for (label, (n, ok)) in &counts {
        eprintln!("{label}: {ok} of {n} texts exact");
        all += n;
        exact += ok;
    }
    eprintln!("kinds: {kinds:?}");
    eprintln!("all: {exact} of {all} texts exact");
    if std::env::var_os("ROUGE_XLSUM_DIFF").is_none() {
        assert_eq!(all, 3000);
    }
    assert!(
        bad_ids.is_empty(),
        "{} texts differ: {:?}",
        bad_ids.len(),
        bad_ids
    );
}
