//! The pipeline on small texts whose tokens the XL-Sum scorer printed
//! (`tokenization_wrapper.tokenize`, multilingual-rouge 0.0.1); the full checks are
//! `tests/xlsum_cases.rs` and `tests/xlsum_diff.rs`.

use super::*;

struct Collect {
    tokens: Vec<String>,
    sentences: Vec<Vec<String>>,
    current: Vec<String>,
}

impl Collect {
    fn new() -> Self {
        Collect {
            tokens: Vec::new(),
            sentences: Vec::new(),
            current: Vec::new(),
        }
    }
}

impl TokenSink for Collect {
    fn token(&mut self, token: &[char]) -> Result<(), Error> {
        let t: String = token.iter().collect();
        self.tokens.push(t.clone());
        self.current.push(t);
        Ok(())
    }
    fn end_sentence(&mut self) -> Result<(), Error> {
        self.sentences.push(core::mem::take(&mut self.current));
        Ok(())
    }
}

fn main_path(lang: Option<&str>, text: &str) -> Vec<String> {
    let l = Language::resolve(lang, false);
    let mut scratch = vec!['\0'; scratch_chars(text.len())];
    let mut c = Collect::new();
    main_tokens(&l, text, &mut scratch, &mut c).unwrap();
    c.tokens
}

fn lsum(text: &str) -> Vec<Vec<String>> {
    let l = Language::resolve(None, false);
    let mut scratch = vec!['\0'; scratch_chars(text.len())];
    let mut c = Collect::new();
    lsum_tokens(&l, text, &mut scratch, &mut c).unwrap();
    c.sentences
}

#[test]
fn test_main_path_examples() {
    assert_eq!(
        main_path(None, "The 7th COVID19 case, €50!"),
        ["the", "7", "th", "covid", "19", "case", "€", "50"]
    );
    assert_eq!(main_path(None, "rightsপ্রত্যেক"), ["rightsপ্রত্যেক"]);
    assert_eq!(main_path(None, "中国人 abc"), ["中", "国", "人", "abc"]);
    assert_eq!(main_path(None, "  \u{0}\u{FFFD}... "), Vec::<String>::new());
    assert_eq!(main_path(None, "a \u{301}b"), ["a", "％0020\u{301}", "b"]);
}

#[test]
fn test_lsum_path_keeps_empty_sentences() {
    assert_eq!(
        lsum("A b\n\n \r\nCOVID19"),
        [vec!["a", "b"], vec![], vec!["covid19"]]
    );
    assert_eq!(lsum(""), Vec::<Vec<String>>::new());
}

#[test]
fn test_host_segmenter_paths() {
    let zh = Language::resolve(Some("chinese"), false);
    let mut scratch = vec!['\0'; 64];
    let mut c = Collect::new();
    assert_eq!(
        main_tokens(&zh, "中国", &mut scratch, &mut c),
        Err(Error::InvalidArgument)
    );
    let mut out = [0u8; 32];
    let n = clean_text("  中国，人 ", &mut out).unwrap();
    assert_eq!(core::str::from_utf8(&out[..n]).unwrap(), "中国 人");
    let tokens: [&str; 3] = ["中国", " ", "人"];
    let need = segmented_scratch_chars(12, &tokens[..]);
    let mut scratch = vec!['\0'; need];
    segmented_tokens(&zh, "中国，人", &tokens[..], &mut scratch, &mut c).unwrap();
    assert_eq!(c.tokens, ["中国", " ", "人"]);
    // No token from the segmenter for a non-empty text: pyonmttok and the Han split.
    let mut c = Collect::new();
    let none: [&str; 0] = [];
    segmented_tokens(&zh, "中国x1", &none[..], &mut scratch, &mut c).unwrap();
    assert_eq!(c.tokens, ["中", "国", "x", "1"]);
    let bad: [&[u8]; 1] = [b"\xff"];
    assert_eq!(
        segmented_tokens(&zh, "x", &bad[..], &mut scratch, &mut Collect::new()),
        Err(Error::InvalidUtf8)
    );
    assert_eq!(clean_text("Ⱥ", &mut [0u8; 2]), Err(Error::OutputTooSmall));
    assert_eq!(clean_text("Ⱥ", &mut [0u8; 3]), Ok(3));
}

#[test]
fn test_short_scratch_is_an_error() {
    let l = Language::resolve(None, false);
    let mut scratch = vec!['\0'; scratch_chars(3) - 1];
    assert_eq!(
        main_tokens(&l, "abc", &mut scratch, &mut Collect::new()),
        Err(Error::ScratchTooSmall {
            needed: scratch_chars(3)
        })
    );
}
