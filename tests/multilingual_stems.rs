//! Every stemmer of the XL-Sum scorer against its own output: each `word -> stem` pair of
//! `../shared/multilingual/stems.jsonl` (179,578 pairs, 19 stemmers: wordfreq's frequent words
//! and NLTK's stopwords), stemmed by `rouge::stem::stem`, must give the stem exactly.
//!
//! `ROUGE_STEMS_ONLY=danish,german` checks only those stemmers; `ROUGE_STEMS_SHOW=N` prints up
//! to N mismatches a stemmer (default 20). The counts per stemmer are printed.
#![cfg(feature = "multilingual")]

use std::collections::BTreeMap;

use rouge::stem::{scratch_chars, stem, Stemmer};

fn stems_file() -> Option<std::path::PathBuf> {
    let p =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/multilingual/stems.jsonl");
    p.exists().then_some(p)
}

#[test]
fn test_every_stem_of_the_xlsum_scorer() {
    let Some(path) = stems_file() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/multilingual/stems.jsonl"
        );
        eprintln!("skipped: no ../shared/multilingual/stems.jsonl");
        return;
    };
    let only: Option<Vec<String>> = std::env::var("ROUGE_STEMS_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_owned).collect());
    let show: usize = std::env::var("ROUGE_STEMS_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let text = std::fs::read_to_string(path).unwrap();
    let mut counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut shown: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut scratch = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = v["stemmer"].as_str().unwrap();
        if only.as_ref().is_some_and(|o| !o.iter().any(|n| n == name)) {
            continue;
        }
        let stemmer = Stemmer::from_name(name).unwrap_or_else(|| panic!("unknown stemmer {name}"));
        let word: Vec<char> = v["word"].as_str().unwrap().chars().collect();
        let want = v["stem"].as_str().unwrap();
        scratch.resize(scratch_chars(word.len()), '\0');
        let got: String = stem(stemmer, &word, &mut scratch).unwrap().iter().collect();
        let c = counts.entry(stemmer.name()).or_default();
        c.0 += 1;
        if got != want {
            c.1 += 1;
            let s = shown.entry(stemmer.name()).or_default();
            if *s < show {
                *s += 1;
                eprintln!(
                    "{name}: {:?} -> {got:?}, want {want:?}",
                    v["word"].as_str().unwrap()
                );
            }
        }
    }
    let mut bad = 0;
    for (name, (n, wrong)) in &counts {
        eprintln!("{name}: {} of {n} stems exact", n - wrong);
        bad += wrong;
    }
    assert_eq!(bad, 0, "{bad} stems differ from the XL-Sum scorer's");
}
