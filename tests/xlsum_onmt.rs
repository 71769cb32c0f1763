//! `rouge::text::xlsum::onmt` against pyonmttok 1.38.1 itself (`Tokenizer("aggressive")`, the
//! reference environment of `tests/xlsum/oracle-env.sh`): every code point alone and in
//! context (between letters, between digits, after a letter and a mark, before a mark, after a
//! space, after a placeholder), then random strings of code points of every class and script
//! (letters of many scripts, digits, marks, separators, symbols, emoji and their modifiers,
//! controls, pyonmttok's own markers and placeholders).
//!
//! Opt-in: runs only with `ROUGE_XLSUM_ORACLE` naming the reference environment's venv
//! (`tests/xlsum/run.sh` builds it and runs this test). By default a smoke: every 16th code
//! point (and all of ASCII and Latin-1) in every context, 20,000 random strings, about 0.6
//! million inputs; `ROUGE_XLSUM_FULL=1` for all of them (every code point, 200,000 strings,
//! about 8 million inputs: some 7 minutes on one core).
#![cfg(feature = "multilingual")]

mod common;

use common::python::{oracle_python, run_lines};
use common::rng::Rng;
use rouge::text::xlsum::onmt::{char_type, token_chars_any, tokenize, CharType};
use std::path::Path;

fn ours(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut buf = vec!['\0'; token_chars_any(chars.len())];
    let mut out = Vec::new();
    tokenize(&chars, &mut buf, |t| {
        out.push(t.iter().collect());
        Ok(())
    })
    .unwrap();
    out
}

/// Runs `inputs` through pyonmttok and compares; returns (compared, differing).
fn compare(what: &str, inputs: Vec<String>) -> (usize, usize) {
    let py = oracle_python().unwrap();
    let probe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xlsum/onmt_probe.py");
    let lines = inputs
        .iter()
        .map(|s| serde_json::to_string(s).unwrap())
        .collect();
    let out = run_lines(&py, &[probe.to_str().unwrap()], lines);
    assert_eq!(out.len(), inputs.len());
    let mut bad = 0;
    for (s, want) in inputs.iter().zip(&out) {
        let want: Vec<String> = serde_json::from_str(want).unwrap();
        let got = ours(s);
        if got != want {
            bad += 1;
            if bad <= 20 {
                eprintln!(
                    "{what}: {s:?} (U+{:04X}...): {got:?}, pyonmttok {want:?}",
                    s.chars().next().map_or(0, |c| c as u32)
                );
            }
        }
    }
    eprintln!(
        "{what}: {} inputs, {bad} differ from pyonmttok",
        inputs.len()
    );
    (inputs.len(), bad)
}

/// Whether the full run was asked for.
fn full() -> bool {
    std::env::var_os("ROUGE_XLSUM_FULL").is_some_and(|v| v == "1")
}

/// Every scalar value but U+0000 (which ends pyonmttok's C string; the scorer's cleaning
/// deletes it first).
fn every_char() -> impl Iterator<Item = char> {
    (1..=0x10FFFFu32).filter_map(char::from_u32)
}

/// The code points probed: all of them, or every 16th past Latin-1 and pyonmttok's special
/// ones (a smoke).
fn probed_chars() -> impl Iterator<Item = char> {
    let all = full();
    let special =
        "\u{FF5F}\u{FF60}\u{2581}\u{FFED}\u{FFE8}\u{FF05}\u{FF03}\u{FF1A}\u{FEFF}\u{3000}\u{2028}";
    every_char()
        .filter(move |&c| all || (c as u32) < 0x100 || (c as u32) % 16 == 7 || special.contains(c))
}

#[test]
fn test_every_code_point_in_context_as_pyonmttok() {
    if oracle_python().is_none() {
        return eprintln!("skipped: ROUGE_XLSUM_ORACLE is not set (tests/xlsum/run.sh)");
    }
    let contexts: [(&str, &str); 7] = [
        ("", ""),
        ("a", "b"),
        ("1", "2"),
        ("a\u{301}", "a"),
        ("", "\u{301}x"),
        ("x ", "\u{302}"),
        ("\u{FF5F}p\u{FF60}", "a"),
    ];
    let inputs: Vec<String> = probed_chars()
        .flat_map(|c| contexts.iter().map(move |(a, b)| format!("{a}{c}{b}")))
        .collect();
    let (n, bad) = compare("code points in context", inputs);
    assert_eq!(n, 7 * probed_chars().count());
    assert_eq!(bad, 0);
}

/// Code points of every class, weighted towards what tells classes apart.
fn pool() -> Vec<char> {
    let mut by_class: [Vec<char>; 5] = Default::default();
    for c in every_char() {
        by_class[char_type(c) as usize].push(c);
    }
    let mut rng = Rng(0x0A11_C1A5);
    let mut pool: Vec<char> = Vec::new();
    for class in &by_class {
        for _ in 0..400 {
            pool.push(class[rng.below(class.len() as u64) as usize]);
        }
    }
    // The characters pyonmttok treats specially, ASCII, and the kinds of news text.
    pool.extend("\u{FF5F}\u{FF60}\u{2581}\u{FFED}\u{FFE8}\u{FF05}\u{FF03}\u{FF1A}\u{FEFF}\u{1}\u{1F}\u{7F}\u{85}".chars());
    pool.extend(
        "aZ09 ._-%#\t\n\u{200D}\u{200C}\u{1F468}\u{1F3FB}\u{FE0F}\u{20E3}\u{1F1EB}\u{1F1F7}"
            .chars(),
    );
    pool.extend("धर्मাগ্রেক্ষाष्ट्रقومי\u{5B0}ကျွန်ุ่ก中国かナ한국ΣσçéÅ\u{301}\u{302}²½٣".chars());
    pool
}

#[test]
fn test_random_strings_as_pyonmttok() {
    if oracle_python().is_none() {
        return eprintln!("skipped: ROUGE_XLSUM_ORACLE is not set (tests/xlsum/run.sh)");
    }
    let n = if full() { 200_000 } else { 20_000 };
    let pool = pool();
    let mut rng = Rng(0x5EED_0A11);
    let inputs: Vec<String> = (0..n)
        .map(|_| {
            let len = rng.below(16) as usize;
            (0..len)
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect()
        })
        .collect();
    let (_, bad) = compare("random strings", inputs);
    assert_eq!(bad, 0);
}

#[test]
fn test_classes_cover_every_code_point() {
    // Sanity of the generated table (its source is checked by the tests above): ASCII as ICU
    // has it, and a few known classes.
    assert_eq!(char_type('\u{3000}'), CharType::Separator);
    assert_eq!(char_type('\u{2028}'), CharType::Separator);
    assert_eq!(char_type('\u{301}'), CharType::Mark);
    assert_eq!(char_type('٣'), CharType::Number);
    assert_eq!(char_type('中'), CharType::Letter);
    assert_eq!(char_type('€'), CharType::Other);
    assert_eq!(char_type('\u{E000}'), CharType::Other);
}
