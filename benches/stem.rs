//! Stemmer throughput: `cargo bench --bench stem` (`ROUGE_BENCH_QUICK=1`: fewer passes).
//!
//! - `porter bytes`: `rouge::text::porter::nltk_stem`, the byte path rouge-score's tokeniser
//!   runs on every `[a-z0-9]` token longer than 3 bytes, on 20,000 generated lowercase words
//!   (the same list on every machine: syllables and English suffixes from a fixed seed).
//! - `porter chars`: the same words through `rouge::stem::stem(Stemmer::Porter, ..)`, the
//!   code-point path XL-Sum's scorer runs (Python's `lower()` first, then the same port).
//! - one row per ported XL-Sum stemmer on the words `../shared/multilingual/stems.jsonl` lists
//!   for it (about 9,500 each; the rows are left out without that file).
//!
//! Prints ns per word (median and best of the passes). Figures only, no assertion.
//! `ROUGE_BENCH_STEM_ONLY=ROW` (`porter-bytes`, `porter-chars` or a stemmer's name) runs that
//! row alone, once over its list, for an instruction count that load on the machine cannot
//! disturb: `valgrind --tool=callgrind --toggle-collect='*stem_all_*'
//! target/release/deps/stem-*` (the `Collected` figure).

use std::hint::black_box;
use std::time::Instant;

mod common;

/// Lowercase English-like words from a fixed seed: 1 to 4 syllables, then a suffix Porter
/// handles (or none).
fn generated_words(count: usize) -> Vec<Vec<u8>> {
    const ONSETS: [&str; 20] = [
        "b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w", "y", "st", "tr",
        "pl", "ch",
    ];
    const NUCLEI: [&str; 8] = ["a", "e", "i", "o", "u", "y", "ea", "ou"];
    const CODAS: [&str; 10] = ["", "", "n", "r", "l", "t", "ss", "ll", "nd", "ck"];
    const SUFFIXES: [&str; 40] = [
        "", "", "", "s", "es", "ies", "ed", "ied", "eed", "ing", "ly", "ational", "tional", "enci",
        "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization", "ation", "ator",
        "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "logi", "icate",
        "ative", "alize", "iciti", "ical", "ful", "ness", "ement",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..count)
        .map(|_| {
            let mut w = String::new();
            for _ in 0..1 + next(4) {
                w.push_str(ONSETS[next(ONSETS.len())]);
                w.push_str(NUCLEI[next(NUCLEI.len())]);
                w.push_str(CODAS[next(CODAS.len())]);
            }
            w.push_str(SUFFIXES[next(SUFFIXES.len())]);
            w.into_bytes()
        })
        .collect()
}

/// Stems every word of `words` with the byte path, copied into `buf`; returns the summed stem
/// lengths (so the work cannot be optimised away).
#[inline(never)]
fn stem_all_bytes(words: &[Vec<u8>], buf: &mut [u8]) -> usize {
    let mut total = 0;
    for w in words {
        let b = &mut buf[..w.len()];
        b.copy_from_slice(w);
        total += rouge::text::porter::nltk_stem(b);
    }
    total
}

/// Stems every word with `stemmer` through the code-point API; returns the summed stem lengths.
#[inline(never)]
fn stem_all_chars(
    stemmer: rouge::stem::Stemmer,
    words: &[Vec<char>],
    scratch: &mut [char],
) -> usize {
    let mut total = 0;
    for w in words {
        total += rouge::stem::stem(stemmer, w, scratch).map_or(0, <[char]>::len);
    }
    total
}

/// The words `stems.jsonl` lists per stemmer, if the file is there.
fn stems_jsonl_words() -> Vec<(String, Vec<Vec<char>>)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = std::env::var_os("ROUGE_SHARED_DIR")
        .map(Into::into)
        .unwrap_or_else(|| root.join("../shared"));
    let Ok(text) = std::fs::read_to_string(shared.join("multilingual/stems.jsonl")) else {
        return Vec::new();
    };
    let mut by: Vec<(String, Vec<Vec<char>>)> = Vec::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = v["stemmer"].as_str().unwrap();
        let word = v["word"].as_str().unwrap().chars().collect();
        match by.iter_mut().find(|(n, _)| n == name) {
            Some((_, words)) => words.push(word),
            None => by.push((name.to_owned(), vec![word])),
        }
    }
    by
}

/// Runs `f` over the list `passes` times; prints ns per word (median, best).
fn report(name: &str, words: usize, passes: usize, mut f: impl FnMut() -> usize) {
    let mut times: Vec<f64> = (0..passes)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64() * 1e9 / words as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{name:<14} {words:>7} words  {:>8.1} ns/word median  {:>8.1} best  ({passes} passes)",
        times[times.len() / 2],
        times[0]
    );
}

fn main() {
    let only = std::env::var("ROUGE_BENCH_STEM_ONLY").ok();
    let passes = if common::quick() { 5 } else { 31 };
    let words = generated_words(20_000);
    let longest = words.iter().map(Vec::len).max().unwrap_or(0);
    let mut buf = vec![0u8; longest];
    if only.as_deref() == Some("porter-bytes") {
        println!(
            "porter bytes: {} (sum of stem lengths)",
            stem_all_bytes(&words, &mut buf)
        );
        return;
    }
    let chars: Vec<Vec<char>> = words
        .iter()
        .map(|w| w.iter().map(|&b| char::from(b)).collect())
        .collect();
    let mut scratch = vec!['\0'; rouge::stem::scratch_chars(longest)];
    if only.as_deref() == Some("porter-chars") {
        let total = stem_all_chars(rouge::stem::Stemmer::Porter, &chars, &mut scratch);
        println!("porter chars: {total} (sum of stem lengths)");
        return;
    }
    let lists = stems_jsonl_words();
    if let Some(name) = only.as_deref() {
        let (_, list) = lists
            .iter()
            .find(|(n, _)| n == name)
            .expect("ROUGE_BENCH_STEM_ONLY: no such row");
        let longest = list.iter().map(Vec::len).max().unwrap_or(0);
        let mut scratch = vec!['\0'; rouge::stem::scratch_chars(longest)];
        let stemmer = rouge::stem::Stemmer::from_name(name).unwrap();
        println!(
            "{name}: {} words, {} (sum of stem lengths)",
            list.len(),
            stem_all_chars(stemmer, list, &mut scratch)
        );
        return;
    }
    println!("stem throughput, single thread (ns per word: median and best of {passes} passes)");
    report("porter bytes", words.len(), passes, || {
        stem_all_bytes(black_box(&words), &mut buf)
    });
    report("porter chars", chars.len(), passes, || {
        stem_all_chars(
            rouge::stem::Stemmer::Porter,
            black_box(&chars),
            &mut scratch,
        )
    });
    if lists.is_empty() {
        println!("(no ../shared/multilingual/stems.jsonl: the XL-Sum stemmer rows are left out)");
    }
    for (name, words) in &lists {
        let stemmer = rouge::stem::Stemmer::from_name(name).unwrap();
        if !ported(stemmer) {
            continue;
        }
        let longest = words.iter().map(Vec::len).max().unwrap_or(0);
        let mut scratch = vec!['\0'; rouge::stem::scratch_chars(longest)];
        report(name, words.len(), passes, || {
            stem_all_chars(stemmer, black_box(words), &mut scratch)
        });
    }
}

/// Whether the stemmer is ported yet: it changes some word of a small sample (a stemmer still
/// on the dispatch's placeholder returns every word as it is).
fn ported(stemmer: rouge::stem::Stemmer) -> bool {
    let mut scratch = vec!['\0'; rouge::stem::scratch_chars(32)];
    [
        "running",
        "nationalités",
        "كتابات",
        "cântărețelor",
        "nationalidades",
        "gezondheid",
        "kirjoittaminen",
    ]
    .iter()
    .any(|w| {
        let w: Vec<char> = w.chars().collect();
        rouge::stem::stem(stemmer, &w, &mut scratch).is_some_and(|s| s != &w[..])
    })
}
