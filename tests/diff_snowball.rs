//! Differential test of the XL-Sum stemmers ported from NLTK 3.10.4 (Porter on code points,
//! Arabic, English, French, Spanish, Portuguese, Italian, Romanian) against NLTK itself, on the
//! words `tests/diff/gen_snowball.py` generates (run everything with `tests/diff/snowball.sh`).
//!
//! Reads the JSON Lines file named by `ROUGE_SNOWBALL_DIFF_FILE`; without it, says it was not
//! run. Every record's word is stemmed by `rouge::stem::stem` and must give NLTK's stem exactly;
//! a record where NLTK raised instead is counted apart (our stemmer must still return, which
//! the run shows). Words with a capital sigma need Python's final-sigma rule in
//! `pyunicode::lower_into` (NLTK's `word.lower()`); while the library's lowercasing lacks it
//! (checked on `ΑΣ` at the start), they are counted as deferred, not compared, and said so
//! (Arabic's, which NLTK does not lowercase, are compared).
//! Prints the counts per stemmer; the last line is
//! `diff-snowball: N passed, M failed`, and the exit status is non-zero on any mismatch.
//!
//! A plain `main` (harness = false), so the counts are always printed.
#![cfg_attr(not(feature = "multilingual"), allow(unused))]

use std::collections::BTreeMap;

#[cfg(feature = "multilingual")]
fn main() {
    use rouge::stem::{scratch_chars, stem, Stemmer, Word};

    let Some(path) = std::env::var_os("ROUGE_SNOWBALL_DIFF_FILE") else {
        println!("diff-snowball: not run (ROUGE_SNOWBALL_DIFF_FILE is not set; tests/diff/snowball.sh sets it)");
        return;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.to_string_lossy()));
    let final_sigma = {
        let mut buf = ['\0'; 8];
        let mut lower = Word::new(&mut buf);
        rouge::pyunicode::lower_into(&['\u{391}', '\u{3a3}'], &mut lower);
        lower.chars() == ['\u{3b1}', '\u{3c2}']
    };
    if !final_sigma {
        println!("diff-snowball: pyunicode::lower_into has no final-sigma rule yet: words with a capital sigma are deferred");
    }
    // stemmer -> (words, mismatches, words NLTK raised on, deferred)
    let mut counts: BTreeMap<String, (usize, usize, usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    let mut scratch = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let name = v["stemmer"].as_str().unwrap();
        let stemmer = Stemmer::from_name(name).unwrap_or_else(|| panic!("unknown stemmer {name}"));
        let word_str = v["word"].as_str().unwrap();
        let word: Vec<char> = word_str.chars().collect();
        scratch.resize(scratch_chars(word.len()), '\0');
        let got: String = stem(stemmer, &word, &mut scratch).unwrap().iter().collect();
        let c = counts.entry(name.to_owned()).or_default();
        c.0 += 1;
        if let Some(err) = v["error"].as_str() {
            c.2 += 1;
            println!("{name}: NLTK raised on {word_str:?} ({err}); ours {got:?}");
            continue;
        }
        // Arabic does not lowercase.
        if !final_sigma && stemmer != Stemmer::Arabic && word.contains(&'\u{3a3}') {
            c.3 += 1;
            continue;
        }
        let want = v["stem"].as_str().unwrap();
        if got != want {
            c.1 += 1;
            if shown < 40 {
                println!("FAIL {name}: {word_str:?} -> {got:?}, NLTK {want:?}");
            }
            shown += 1;
        }
    }
    let (mut passed, mut failed) = (0, 0);
    for (name, (words, wrong, raised, deferred)) in &counts {
        println!(
            "  {name:<10} {:>6} of {words} words as NLTK{}{}",
            words - wrong - raised - deferred,
            if *raised > 0 {
                format!(", {raised} where NLTK raised")
            } else {
                String::new()
            },
            if *deferred > 0 {
                format!(", {deferred} deferred (final sigma)")
            } else {
                String::new()
            }
        );
        passed += words - wrong - raised - deferred;
        failed += wrong;
    }
    println!("diff-snowball: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}

#[cfg(not(feature = "multilingual"))]
fn main() {
    println!("diff-snowball: not run (the library was built without the multilingual feature)");
}
