//! XL-Sum tokeniser throughput (`cargo bench --bench xlsum`): the main path (lower, clean,
//! pyonmttok aggressive and the Han split, or the Burmese rules) and the Lsum path over the
//! texts of `tests/xlsum/diff.jsonl` (sentences of the languages' words and the edge kinds),
//! grouped by language, no stemmer. MB/s of input text, each group at its fastest of the
//! repetitions; single thread; figures only, no assertion. `ROUGE_BENCH_QUICK=1`: one
//! repetition.

use std::time::Instant;

use rouge::text::xlsum::{self, Language, TokenSink};
use rouge::Error;

/// Counts the tokens (what a caller would intern).
struct Count(usize);

impl TokenSink for Count {
    fn token(&mut self, _token: &[char]) -> Result<(), Error> {
        self.0 += 1;
        Ok(())
    }
}

fn main() {
    let quick = std::env::var_os("ROUGE_BENCH_QUICK").is_some();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/xlsum/diff.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let groups: [(&str, Option<&str>); 7] = [
        ("English", Some("english")),
        ("French", Some("french")),
        ("Russian", Some("russian")),
        ("Hindi", Some("hindi")),
        ("Arabic", Some("arabic")),
        ("Korean", Some("korean")),
        ("Burmese", Some("burmese")),
    ];
    println!(
        "XL-Sum tokeniser, texts of tests/xlsum/diff.jsonl (plain and multi-line), one thread"
    );
    println!(
        "{:<9} {:>7} {:>9} {:>12} {:>12} {:>12}",
        "language", "texts", "KiB", "main MB/s", "Lsum MB/s", "tokens/KiB"
    );
    for (name, lang) in groups {
        let texts: Vec<String> = text
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|c| {
                c["lang"].as_str() == lang
                    && c["use_stemmer"] == false
                    && matches!(c["kind"].as_str(), Some("plain" | "lines"))
            })
            .map(|c| c["text"].as_str().unwrap().to_owned())
            .collect();
        let bytes: usize = texts.iter().map(String::len).sum();
        let l = Language::resolve(lang, false);
        let longest = texts.iter().map(String::len).max().unwrap_or(0);
        let mut scratch = vec!['\0'; xlsum::scratch_chars(longest)];
        let reps = if quick { 1 } else { 200 };
        let (mut main_best, mut lsum_best, mut tokens) = (f64::MAX, f64::MAX, 0);
        for _ in 0..reps {
            let mut c = Count(0);
            let t = Instant::now();
            for s in &texts {
                xlsum::main_tokens(&l, s, &mut scratch, &mut c).unwrap();
            }
            main_best = main_best.min(t.elapsed().as_secs_f64());
            tokens = c.0;
            let t = Instant::now();
            for s in &texts {
                xlsum::lsum_tokens(&l, s, &mut scratch, &mut Count(0)).unwrap();
            }
            lsum_best = lsum_best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{:<9} {:>7} {:>9.1} {:>12.1} {:>12.1} {:>12.1}",
            name,
            texts.len(),
            bytes as f64 / 1024.0,
            bytes as f64 / main_best / 1e6,
            bytes as f64 / lsum_best / 1e6,
            tokens as f64 / (bytes as f64 / 1024.0),
        );
    }
}
