//! The Python interpreters the XL-Sum tests compare against: Python 3.11 itself (its `str`
//! methods over Unicode 14.0.0) and the reference environment of the XL-Sum scorer
//! (`tests/xlsum/oracle-env.sh`).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A Python 3.11 interpreter: `ROUGE_PYTHON311`, else `python3.11`, else `python3` when that is
/// 3.11. `None` when there is none (the caller skips, outside CI).
pub fn python311() -> Option<PathBuf> {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("ROUGE_PYTHON311") {
        candidates.push(p.into());
    }
    candidates.push("python3.11".into());
    candidates.push("python3".into());
    candidates.into_iter().find(|p| {
        Command::new(p)
            .args([
                "-c",
                "import sys; sys.exit(sys.version_info[:2] != (3, 11))",
            ])
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// The reference environment's Python (a venv built by `tests/xlsum/oracle-env.sh`):
/// `ROUGE_XLSUM_ORACLE` (the venv), else `target/xlsum-oracle/venv`, else `/work/oracle/venv`,
/// whichever holds a checked build. `None` when there is none.
pub fn oracle_python() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut venvs: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("ROUGE_XLSUM_ORACLE") {
        venvs.push(p.into());
    }
    venvs.push(root.join("target/xlsum-oracle/venv"));
    venvs.push("/work/oracle/venv".into());
    venvs
        .into_iter()
        .find(|v| v.join(".xlsum-oracle-ok").exists())
        .map(|v| v.join("bin/python"))
}

/// Skips a test that needs an interpreter it does not have, except in CI (where a missing one
/// is a failure: CI installs what the tests need).
pub fn skip(what: &str) {
    assert!(std::env::var_os("CI").is_none(), "CI needs {what}");
    eprintln!("skipped: no {what}");
}

/// Runs `python args...`, feeding it `input` lines on a thread while its output lines are read
/// here (so neither side blocks on a full pipe); returns the output lines.
pub fn run_lines(python: &PathBuf, args: &[&str], input: Vec<String>) -> Vec<String> {
    let mut child = Command::new(python)
        .args(args)
        .env("PYTHONIOENCODING", "utf-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for line in input {
            w.write_all(line.as_bytes()).unwrap();
            w.write_all(b"\n").unwrap();
        }
    });
    let out: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|l| l.unwrap())
        .collect();
    writer.join().unwrap();
    assert!(child.wait().unwrap().success(), "python {args:?} failed");
    out
}
