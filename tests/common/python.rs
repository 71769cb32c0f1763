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

/// The reference environment's Python (a venv built by `tests/xlsum/oracle-env.sh`), named by
/// `ROUGE_XLSUM_ORACLE` (the venv). The tests that run it are opt-in (they take minutes):
/// `tests/xlsum/run.sh` builds the venv and sets the variable.
pub fn oracle_python() -> Option<PathBuf> {
    let venv = PathBuf::from(std::env::var_os("ROUGE_XLSUM_ORACLE")?);
    assert!(
        venv.join(".xlsum-oracle-ok").exists(),
        "ROUGE_XLSUM_ORACLE={venv:?} is no checked build of tests/xlsum/oracle-env.sh"
    );
    Some(venv.join("bin/python"))
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
