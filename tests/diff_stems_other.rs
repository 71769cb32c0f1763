//! Differential test of the Bengali, Turkish and Hindi stemmers against the XL-Sum scorer's own
//! stemmer objects, on words `tests/diff/stems_other.py` generates (run everything with
//! `tests/diff/stems_other.sh`).
//!
//! Reads the JSON Lines file named by `ROUGE_STEMS_OTHER_FILE`; without it, says it was not run.
//! Every `{"stemmer", "word", "stem"}` record must stem exactly so with `rouge::stem::stem`. The
//! last line is `diff-stems-other: N passed, M failed`.
//!
//! A plain `main` (harness = false), so the counts are always printed.

#[cfg(feature = "multilingual")]
fn main() {
    use std::collections::BTreeMap;

    use rouge::stem::{scratch_chars, stem, Stemmer};

    let Some(path) = std::env::var_os("ROUGE_STEMS_OTHER_FILE") else {
        println!("diff-stems-other: not run (ROUGE_STEMS_OTHER_FILE unset; tests/diff/stems_other.sh sets it)");
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.to_string_lossy()));
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    let mut scratch = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = v["stemmer"].as_str().unwrap();
        let stemmer = Stemmer::from_name(name).unwrap_or_else(|| panic!("unknown stemmer {name}"));
        let word: Vec<char> = v["word"].as_str().unwrap().chars().collect();
        let want = v["stem"].as_str().unwrap();
        scratch.clear();
        scratch.resize(scratch_chars(word.len()), '\0');
        let got: String = stem(stemmer, &word, &mut scratch).unwrap().iter().collect();
        let c = counts.entry(name.to_owned()).or_default();
        if got == want {
            c.0 += 1;
        } else {
            c.1 += 1;
            if shown < 30 {
                shown += 1;
                println!(
                    "  {name}: {:?} -> {got:?}, want {want:?}",
                    v["word"].as_str().unwrap()
                );
            }
        }
    }
    let (mut passed, mut failed) = (0, 0);
    for (name, (ok, bad)) in &counts {
        println!("  {name}: {ok} passed, {bad} failed");
        passed += ok;
        failed += bad;
    }
    println!("diff-stems-other: {passed} passed, {failed} failed");
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}

#[cfg(not(feature = "multilingual"))]
fn main() {
    println!("diff-stems-other: not run (feature multilingual off)");
}
