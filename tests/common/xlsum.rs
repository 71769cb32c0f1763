//! What the XL-Sum tokeniser tests share: a sink that collects tokens and sentences, and the
//! two paths run on one text as the scorer runs them.

use rouge::stem::{scratch_chars, stem, Stemmer};
use rouge::text::xlsum::{self, Language, TokenSink};
use rouge::Error;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Collects the tokens of a text, and per sentence (Lsum path).
#[derive(Default)]
pub struct Collect {
    pub tokens: Vec<String>,
    pub sentences: Vec<Vec<String>>,
    current: Vec<String>,
}

impl TokenSink for Collect {
    fn token(&mut self, token: &[char]) -> Result<(), Error> {
        let t: String = token.iter().collect();
        self.tokens.push(t.clone());
        self.current.push(t);
        Ok(())
    }
    fn end_sentence(&mut self) -> Result<(), Error> {
        self.sentences.push(std::mem::take(&mut self.current));
        Ok(())
    }
}

/// The main path's tokens, the core's segmenter (pyonmttok or Burmese).
pub fn main_tokens(lang: &Language, text: &str) -> Vec<String> {
    let mut scratch = vec!['\0'; xlsum::scratch_chars(text.len())];
    let mut c = Collect::default();
    xlsum::main_tokens(lang, text, &mut scratch, &mut c).unwrap();
    c.tokens
}

/// The main path's tokens given a host segmenter's tokens.
pub fn segmented_tokens(lang: &Language, text: &str, segments: &[String]) -> Vec<String> {
    let segs: Vec<&str> = segments.iter().map(String::as_str).collect();
    let mut scratch = vec!['\0'; xlsum::segmented_scratch_chars(text.len(), &segs[..])];
    let mut c = Collect::default();
    xlsum::segmented_tokens(lang, text, &segs[..], &mut scratch, &mut c).unwrap();
    c.tokens
}

/// The Lsum path's sentences.
pub fn lsum_tokens(lang: &Language, text: &str) -> Vec<Vec<String>> {
    let mut scratch = vec!['\0'; xlsum::scratch_chars(text.len())];
    let mut c = Collect::default();
    xlsum::lsum_tokens(lang, text, &mut scratch, &mut c).unwrap();
    c.sentences
}

/// The text a host segmenter gets.
pub fn clean_text(text: &str) -> String {
    let mut out = vec![0u8; xlsum::clean_text_bytes(text.len())];
    let n = xlsum::clean_text(text, &mut out).unwrap();
    String::from_utf8(out[..n].to_vec()).unwrap()
}

/// Strings of a JSON array.
pub fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

/// Sentences (arrays of strings) of a JSON array.
pub fn sentences(v: &serde_json::Value) -> Vec<Vec<String>> {
    v.as_array().unwrap().iter().map(strings).collect()
}

/// A file of `../shared/multilingual`, if there.
pub fn shared(file: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/multilingual")
        .join(file);
    p.exists().then_some(p)
}

/// Which stemmers are ported (until the stemmers' ports are merged, `rouge::stem::stem`
/// returns words unchanged): a stemmer is when it stems the first word of `stems.jsonl` that it
/// changes as the scorer does.
pub struct Ported {
    stems: String,
    known: BTreeMap<&'static str, bool>,
}

impl Ported {
    /// Reads `../shared/multilingual/stems.jsonl`.
    pub fn new() -> Option<Ported> {
        Some(Ported {
            stems: std::fs::read_to_string(shared("stems.jsonl")?).unwrap(),
            known: BTreeMap::new(),
        })
    }

    /// Whether `stemmer` is ported.
    pub fn ported(&mut self, stemmer: Stemmer) -> bool {
        let stems = &self.stems;
        *self.known.entry(stemmer.name()).or_insert_with(|| {
            for line in stems.lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                let (word, want) = (v["word"].as_str().unwrap(), v["stem"].as_str().unwrap());
                if v["stemmer"] == stemmer.name() && word != want {
                    let w: Vec<char> = word.chars().collect();
                    let mut scratch = vec!['\0'; scratch_chars(w.len())];
                    let got: String = stem(stemmer, &w, &mut scratch).unwrap().iter().collect();
                    return got == want;
                }
            }
            panic!("no changed word for {}", stemmer.name())
        })
    }
}
