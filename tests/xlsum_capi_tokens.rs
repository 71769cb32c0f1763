//! XL-Sum's tokens and stems through the C ABI, as a host lists them (`rouge_xlsum_tokens`,
//! `rouge_xlsum_stem`, each with its scratch query, tokens handed to a C sink as code
//! points): the main-path and Lsum-path tokens of every case of
//! `../shared/multilingual/cases.jsonl` (Chinese, Japanese and Thai given their segmenter
//! tokens) and every word of `stems.jsonl`, compared with what the XL-Sum scorer gave; and
//! the calls' errors.
#![cfg(feature = "multilingual")]

mod common;

use common::xlsum::{sentences, shared, strings};
use common::xlsum_score::segments;
use rouge::capi::xlsum::*;
use rouge::capi::*;
use std::ffi::{c_char, c_void};

fn s(t: &str) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

/// What the sink collected: tokens, and the sentences ended so far (Lsum path).
#[derive(Default)]
struct Got {
    tokens: Vec<String>,
    sentences: Vec<Vec<String>>,
}

unsafe extern "C" fn sink(ctx: *mut c_void, token: *const u32, len: usize) {
    let got = unsafe { &mut *(ctx as *mut Got) };
    if len == 0 && token.is_null() {
        got.sentences.push(std::mem::take(&mut got.tokens));
        return;
    }
    let cps = unsafe { std::slice::from_raw_parts(token, len) };
    got.tokens
        .push(cps.iter().map(|&c| char::from_u32(c).unwrap()).collect());
}

fn options(lang: Option<&str>, stem: bool) -> rouge_text_options {
    let mut t = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(ROUGE_TOKENIZER_XLSUM, &mut t) },
        ROUGE_OK
    );
    t.stem = u32::from(stem);
    if let Some(l) = lang {
        t.lang = l.as_ptr() as *const c_char;
        t.lang_len = l.len();
    }
    t
}

/// `rouge_xlsum_tokens` of a text: Ok(main tokens or Lsum sentences) or the status.
fn tokens(
    text: &str,
    o: &rouge_text_options,
    lsum: bool,
    segs: Option<&[String]>,
) -> Result<Got, u32> {
    let (bytes, ends): (Vec<u8>, Vec<usize>) = match segs {
        Some(t) => {
            let mut b = Vec::new();
            let mut e = Vec::new();
            for x in t {
                b.extend_from_slice(x.as_bytes());
                e.push(b.len());
            }
            (b, e)
        }
        None => (Vec::new(), Vec::new()),
    };
    let c = rouge_tokens {
        bytes: bytes.as_ptr() as *const c_char,
        ends: ends.as_ptr(),
        count: ends.len(),
    };
    let cp: *const rouge_tokens = if segs.is_some() { &c } else { std::ptr::null() };
    let mut words = 0usize;
    assert_eq!(
        unsafe { rouge_xlsum_tokens_scratch_words(text.len(), cp, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut got = Got::default();
    let st = unsafe {
        rouge_xlsum_tokens(
            &s(text),
            o,
            u32::from(lsum),
            cp,
            scratch.as_mut_ptr(),
            words,
            Some(sink),
            &mut got as *mut Got as *mut c_void,
        )
    };
    if st == ROUGE_OK {
        Ok(got)
    } else {
        Err(st)
    }
}

fn stem(word: &str, lang: Option<&str>) -> String {
    let o = options(lang, false);
    let mut words = 0usize;
    assert_eq!(
        unsafe { rouge_xlsum_stem_scratch_words(word.len(), &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut got = Got::default();
    let st = unsafe {
        rouge_xlsum_stem(
            &s(word),
            &o,
            scratch.as_mut_ptr(),
            words,
            Some(sink),
            &mut got as *mut Got as *mut c_void,
        )
    };
    assert_eq!(st, ROUGE_OK, "{word}");
    match (got.tokens.len(), got.sentences.len()) {
        (1, 0) => got.tokens.pop().unwrap(),
        (0, 1) => String::new(), // an empty stem
        other => panic!("{word}: {other:?}"),
    }
}

#[test]
fn test_cases_tokens_through_the_c_abi() {
    let Some(path) = shared("cases.jsonl") else {
        eprintln!("skipped: no ../shared/multilingual/cases.jsonl");
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let o = options(
            case["lang"].as_str(),
            case["use_stemmer"].as_bool().unwrap(),
        );
        for side in ["target", "prediction"] {
            let t = case[side].as_str().unwrap();
            let segs = segments(&case, side);
            let main = tokens(t, &o, false, segs.as_deref()).unwrap();
            assert_eq!(
                main.tokens,
                strings(&case["tokens"][side]),
                "{} {side}",
                case["id"]
            );
            let lsum = tokens(t, &o, true, None).unwrap();
            assert!(lsum.tokens.is_empty());
            assert_eq!(
                lsum.sentences,
                sentences(&case["lsum_tokens"][side]),
                "{} {side}",
                case["id"]
            );
            n += 1;
        }
    }
    println!("rouge_xlsum_tokens: main and Lsum tokens of {n} texts exact");
    assert_eq!(n, 2 * 3236);
}

#[test]
fn test_stems_through_the_c_abi() {
    let Some(path) = shared("stems.jsonl") else {
        eprintln!("skipped: no ../shared/multilingual/stems.jsonl");
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let e: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = e["stemmer"].as_str().unwrap();
        let word = e["word"].as_str().unwrap();
        let want = e["stem"].as_str().unwrap();
        assert_eq!(stem(word, Some(name)), want, "{name} {word}");
        if name == "porter" {
            assert_eq!(stem(word, None), want, "None {word}");
        }
        n += 1;
    }
    println!("rouge_xlsum_stem: {n} words exact");
    assert_eq!(n, 179_578);
}

#[test]
fn test_errors() {
    let o = options(Some("english"), true);
    let t = "Hello world";
    let mut words = 0usize;
    assert_eq!(
        unsafe { rouge_xlsum_tokens_scratch_words(t.len(), std::ptr::null(), &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut got = Got::default();
    let ctx = &mut got as *mut Got as *mut c_void;
    let call = |o: &rouge_text_options,
                lsum: u32,
                toks: *const rouge_tokens,
                words: usize,
                sink: rouge_xlsum_sink,
                scratch: &mut Vec<u64>| unsafe {
        rouge_xlsum_tokens(&s(t), o, lsum, toks, scratch.as_mut_ptr(), words, sink, ctx)
    };
    assert_eq!(
        call(&o, 0, std::ptr::null(), words, None, &mut scratch),
        ROUGE_ERR_NULL_POINTER
    );
    assert_eq!(
        call(&o, 0, std::ptr::null(), words - 1, Some(sink), &mut scratch),
        ROUGE_ERR_SCRATCH_TOO_SMALL
    );
    let empty = rouge_tokens {
        bytes: std::ptr::null(),
        ends: std::ptr::null(),
        count: 0,
    };
    assert_eq!(
        call(&o, 1, &empty, words, Some(sink), &mut scratch),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let zh = options(Some("chinese"), false);
    assert_eq!(
        call(&zh, 0, std::ptr::null(), words, Some(sink), &mut scratch),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let mut other = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &mut other) },
        ROUGE_OK
    );
    assert_eq!(
        call(&other, 0, std::ptr::null(), words, Some(sink), &mut scratch),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let bad_ends = [3usize, 1];
    let disorder = rouge_tokens {
        bytes: "abc".as_ptr() as *const c_char,
        ends: bad_ends.as_ptr(),
        count: 2,
    };
    assert_eq!(
        call(&zh, 0, &disorder, words, Some(sink), &mut scratch),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let bad = [0xffu8];
    let r = rouge_str {
        ptr: bad.as_ptr() as *const c_char,
        len: 1,
    };
    let mut w2 = 0usize;
    assert_eq!(
        unsafe { rouge_xlsum_stem_scratch_words(1, &mut w2) },
        ROUGE_OK
    );
    let mut sc2 = vec![0u64; w2];
    let st = unsafe { rouge_xlsum_stem(&r, &o, sc2.as_mut_ptr(), w2, Some(sink), ctx) };
    assert_eq!(st, ROUGE_ERR_INVALID_UTF8);
    assert!(got.tokens.is_empty() && got.sentences.is_empty());
    // A language without a stemmer gives the word back; the length rule is the caller's.
    assert_eq!(stem("running", Some("amharic")), "running");
    assert_eq!(stem("was", None), "wa");
}
