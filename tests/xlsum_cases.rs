//! The XL-Sum tokeniser against the scorer's own tokens on every case of
//! `../shared/multilingual/cases.jsonl` (3,236 pairs, both texts, both paths; produced by
//! multilingual-rouge 0.0.1 itself).
//!
//! - Languages whose segmenter is in the core (pyonmttok, Burmese): the main path's tokens
//!   (`tokens`) and the Lsum path's sentences (`lsum_tokens`) exactly.
//! - Chinese, Japanese, Thai: the Lsum sentences exactly; for the main path the case's tokens
//!   are what the host segmenter made of the cleaned text (none of these has a stemmer, and
//!   the segmenters never returned nothing here): they go through `segmented_tokens` and must
//!   come back unchanged, and [`clean_text`] must be the text they cut (jieba and newmm keep
//!   every code point, their `" "` tokens included; MeCab's output joined is the text without
//!   its spaces).
//!
//! Cases with a stemmer are counted apart, per stemmer: until the stemmers' ports are merged
//! (`rouge::stem::stem` returns words unchanged) they are reported, not asserted. A stemmer
//! counts as merged once it stems the first word of `stems.jsonl` that it changes as the
//! scorer does; from then on its cases must be exact too.
#![cfg(feature = "multilingual")]

mod common;

use common::xlsum::{
    clean_text, lsum_tokens, main_tokens, segmented_tokens, sentences, shared, strings, Ported,
};
use rouge::text::xlsum::Language;
use std::collections::BTreeMap;

#[test]
fn test_every_case_of_the_xlsum_scorer() {
    let (Some(cases), Some(mut ported)) = (shared("cases.jsonl"), Ported::new()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/multilingual"
        );
        eprintln!("skipped: no ../shared/multilingual");
        return;
    };
    let text = std::fs::read_to_string(cases).unwrap();
    // (group label) -> (cases, exact)
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut asserted_bad = Vec::new();
    let mut shown = 0;
    for line in text.lines() {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let lang = Language::resolve(c["lang"].as_str(), c["use_stemmer"].as_bool().unwrap());
        let mut bad = Vec::new();
        for side in ["target", "prediction"] {
            let t = c[side].as_str().unwrap();
            let want = strings(&c["tokens"][side]);
            let got = if lang.segmenter.in_host() {
                let cleaned = clean_text(t);
                let joined: String = want.concat();
                let cut = if lang.segmenter == rouge::text::xlsum::Segmenter::Japanese {
                    cleaned.replace(' ', "")
                } else {
                    cleaned
                };
                if joined != cut {
                    bad.push(format!(
                        "{side} clean text {cut:?}, segmenter cut {joined:?}"
                    ));
                }
                segmented_tokens(&lang, t, &want)
            } else {
                main_tokens(&lang, t)
            };
            if got != want {
                bad.push(format!("{side} tokens {got:?}\n   want {want:?}"));
            }
            let want = sentences(&c["lsum_tokens"][side]);
            let got = lsum_tokens(&lang, t);
            if got != want {
                bad.push(format!("{side} lsum {got:?}\n   want {want:?}"));
            }
        }
        let (label, assert) = match lang.stemmer {
            None => ("no stemmer".to_owned(), true),
            Some(s) => (format!("stemmer {}", s.name()), ported.ported(s)),
        };
        let label = if assert {
            label
        } else {
            format!("{label} (not merged yet)")
        };
        let e = counts.entry(label).or_default();
        e.0 += 1;
        if bad.is_empty() {
            e.1 += 1;
        } else if assert {
            asserted_bad.push(c["id"].as_str().unwrap().to_owned());
            if shown < 10 {
                shown += 1;
                eprintln!("{}:\n  {}", c["id"], bad.join("\n  "));
            }
        }
    }
    let (mut all, mut exact) = (0, 0);
    for (label, (n, ok)) in &counts {
        eprintln!("{label}: {ok} of {n} cases exact");
        all += n;
        exact += ok;
    }
    eprintln!("all: {exact} of {all} cases exact");
    assert_eq!(all, 3236);
    assert!(
        asserted_bad.is_empty(),
        "{} cases differ: {:?}",
        asserted_bad.len(),
        asserted_bad
    );
}
