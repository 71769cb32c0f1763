//! `rouge::pyunicode` against Python 3.11 itself, on every code point: `str.lower()` of the
//! code point alone, its cleaning class, `str.isspace()` and its final-sigma class (the
//! generator's `--dump`); `str.lower()` of random strings built around `Σ` (the final-sigma
//! rule in context); and the committed tables against a fresh generation.
//!
//! Needs Python 3.11 (`ROUGE_PYTHON311`, `python3.11` or a `python3` that is 3.11); skipped
//! without it, except in CI.
#![cfg(feature = "multilingual")]

mod common;

use common::python::{python311, run_lines, skip};
use common::rng::Rng;
use rouge::pyunicode::{clean_class, is_space, lower, lower_char, Clean};
use std::path::Path;
use std::process::Command;

const GEN: &str = "src/pyunicode/gen_tables.py";

fn gen_path() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(GEN)
        .to_string_lossy()
        .into_owned()
}

/// The generator's class bits of a code point, as the Rust functions give them.
fn rust_class(c: char) -> u32 {
    let clean = match clean_class(c) {
        Clean::Keep => 0,
        Clean::Drop => 1,
        Clean::Space => 2,
        Clean::Break => 3,
        Clean::Punct => 4,
    };
    // The sigma class, read back through `lower`: `c + Σ`, `A + c + Σ`, `AΣ + c` as the
    // generator probes Python.
    let last = |s: String| lower(&s).last().unwrap();
    let p1 = last(format!("{c}\u{3A3}")) == 'ς';
    let p2 = last(format!("A{c}\u{3A3}")) == 'ς';
    let p3 = lower(&format!("A\u{3A3}{c}")).nth(1).unwrap() == 'ς';
    let sigma = match (p1, p2, p3) {
        (true, true, false) => 1,
        (false, true, true) => 2,
        (false, false, true) => 0,
        other => panic!("U+{:04X}: inconsistent sigma probes {other:?}", c as u32),
    };
    clean | u32::from(is_space(c)) << 3 | sigma << 4
}

#[test]
fn test_every_code_point_as_python_311() {
    let Some(py) = python311() else {
        return skip("Python 3.11");
    };
    let out = Command::new(&py)
        .args([&gen_path(), "--dump"])
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let (mut n, mut bad) = (0usize, 0usize);
    for line in text.lines() {
        let mut f = line.split(' ');
        let cp = u32::from_str_radix(f.next().unwrap(), 16).unwrap();
        let want_lower: Vec<char> = f
            .next()
            .unwrap()
            .split(',')
            .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
            .collect();
        let want_class: u32 = f.next().unwrap().parse().unwrap();
        let c = char::from_u32(cp).unwrap();
        let mut buf = ['\0'; 3];
        let k = lower_char(c, &mut buf);
        let got_class = rust_class(c);
        n += 1;
        if buf[..k] != want_lower[..] || got_class != want_class {
            bad += 1;
            if bad <= 20 {
                eprintln!(
                    "U+{cp:04X}: lower {:?} class {got_class:#x}, Python {want_lower:?} {want_class:#x}",
                    &buf[..k]
                );
            }
        }
    }
    eprintln!("{n} code points compared with Python 3.11, {bad} differ");
    assert_eq!(n, 0x110000 - 0x800);
    assert_eq!(bad, 0);
}

/// Random strings of capital sigmas among cased, case-ignorable and other code points (Greek,
/// Latin, marks, ASCII ignorables, spaces, digits, a few of every kind), lowered by Python.
#[test]
fn test_lower_of_random_strings_as_python_311() {
    let Some(py) = python311() else {
        return skip("Python 3.11");
    };
    let pool: Vec<char> = "ΣΣΣΣσςΑΒΓΔΕαβγδaBzZİI\u{130}\u{307}\u{301}\u{345}\u{2BC}'.:^`\u{AD}\u{200D}\u{200B} \t\n1٣,-!\u{10400}\u{1E900}ǅᾈ\u{FB00}ẞ\u{212A}\u{2160}\u{24B6}"
        .chars()
        .collect();
    let mut rng = Rng(0x5EED_0F51_67A0);
    let strings: Vec<String> = (0..20_000)
        .map(|_| {
            let len = rng.below(12) as usize;
            (0..len)
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect()
        })
        .collect();
    let input = strings
        .iter()
        .map(|s| serde_json::to_string(s).unwrap())
        .collect();
    let out = run_lines(&py, &[&gen_path(), "--lower"], input);
    assert_eq!(out.len(), strings.len());
    let mut bad = 0;
    for (s, want) in strings.iter().zip(&out) {
        let want: String = serde_json::from_str(want).unwrap();
        let got: String = lower(s).collect();
        if got != want {
            bad += 1;
            if bad <= 20 {
                eprintln!("{s:?}: {got:?}, Python {want:?}");
            }
        }
    }
    eprintln!(
        "{} strings lowered as Python 3.11, {bad} differ",
        strings.len()
    );
    assert_eq!(bad, 0);
}

#[test]
fn test_committed_tables_are_generated() {
    let Some(py) = python311() else {
        return skip("Python 3.11");
    };
    let out = Command::new(&py)
        .args([&gen_path(), "--stdout"])
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh = String::from_utf8(out.stdout).unwrap();
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pyunicode/tables.rs"),
    )
    .unwrap();
    // The first line names the Python patch version; the tables must match whatever 3.11.x.
    let body = |s: &str| {
        s.split_once('\n')
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default()
    };
    assert!(
        body(&fresh) == body(&committed),
        "src/pyunicode/tables.rs is stale: run `python3.11 {GEN}`"
    );
}
