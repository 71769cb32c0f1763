//! Differential test of `rouge::text::perl_words` against ROUGE-1.5.5.pl itself.
//!
//! `tests/perl_stem/run.sh` runs ROUGE's own `MorphStem` and stop-word hash on a large word list
//! and sets `ROUGE_PERL_STEM_EXPECTED` to the result: one line per token,
//! `hex(token) TAB hex(MorphStem(token)) TAB (1 if a stop word else 0)`. This binary checks
//! `perl_stem` and `is_smart_stopword` on every line; a Perl stem longer than
//! `PERL_STEM_MAX_LEN` must come back as its first `PERL_STEM_MAX_LEN` bytes. Without the
//! variable (a plain `cargo test`) it says how to run it and passes.
//!
//! A plain `main` (harness = false); the last line is `perl-stem: N passed, M failed`.

use rouge::text::perl_words::{is_smart_stopword, perl_stem, IS_STUB, PERL_STEM_MAX_LEN};

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn show(bytes: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(bytes))
}

fn main() {
    let Ok(path) = std::env::var("ROUGE_PERL_STEM_EXPECTED") else {
        println!(
            "perl-stem: skipped (run tests/perl_stem/run.sh, which sets ROUGE_PERL_STEM_EXPECTED)"
        );
        return;
    };
    if IS_STUB {
        println!("perl-stem: 0 passed, 1 failed (rouge::text::perl_words is the stub)");
        std::process::exit(1);
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut passed, mut failed, mut long, mut stop) = (0usize, 0usize, 0usize, 0usize);
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{path}:{}: {line:?}", i + 1);
        let (token, perl, perl_stop) = (hex(fields[0]), hex(fields[1]), fields[2] == "1");
        let want = &perl[..perl.len().min(PERL_STEM_MAX_LEN)];
        long += usize::from(perl.len() > PERL_STEM_MAX_LEN);
        stop += usize::from(perl_stop);
        let mut out = [0u8; PERL_STEM_MAX_LEN];
        let n = perl_stem(&token, &mut out);
        let ours_stop = is_smart_stopword(&token);
        if &out[..n] == want && ours_stop == perl_stop {
            passed += 1;
        } else {
            failed += 1;
            if failed <= 30 {
                println!(
                    "MISMATCH {}: Perl {} stop={perl_stop}, ours {} stop={ours_stop}",
                    show(&token),
                    show(&perl),
                    show(&out[..n])
                );
            }
        }
    }
    println!(
        "{} tokens compared ({stop} stop words, {long} Perl stems longer than {PERL_STEM_MAX_LEN} bytes)",
        passed + failed
    );
    println!("perl-stem: {passed} passed, {failed} failed");
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}
