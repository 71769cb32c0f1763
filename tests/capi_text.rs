//! The text layer's C ABI called as a C host would: size queries are exact, errors come back as
//! status codes with nothing written, results equal the safe Rust API's.

use std::ffi::c_char;

use rouge::capi::*;
use rouge::capi_text::*;
use rouge::{score_text, text_scratch_words, Metric, MetricResult, Options, TextDims, TextOptions};

fn s(t: &str) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

fn metrics() -> Vec<rouge_metric> {
    [
        "rouge1",
        "rouge2",
        "rougeL",
        "rougeLsum",
        "rougeW-1.2",
        "rougeS4",
        "rougeSU*",
    ]
    .iter()
    .map(|n| parse_metric(n.as_bytes()).unwrap())
    .collect()
}

fn topts(tokenizer: u32) -> rouge_text_options {
    let mut o = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(tokenizer, &mut o) },
        ROUGE_OK
    );
    o
}

fn opts(flavour: u32) -> rouge_options {
    let mut o = rouge_options::default();
    assert_eq!(unsafe { rouge_options_init(flavour, &mut o) }, ROUGE_OK);
    o
}

/// Scores through the C ABI with exactly the queried scratch; checks one word less fails.
fn c_score(
    cand: &str,
    refs: &[&str],
    o: &rouge_options,
    t: &rouge_text_options,
) -> Vec<rouge_result> {
    let (c, r): (rouge_str, Vec<rouge_str>) = (s(cand), refs.iter().map(|x| s(x)).collect());
    let m = metrics();
    let mut dims = rouge_text_dims::default();
    assert_eq!(
        unsafe { rouge_text_dims_of(&c, r.as_ptr(), r.len(), &mut dims) },
        ROUGE_OK
    );
    let mut words = 0usize;
    let st = unsafe { rouge_text_scratch_words(m.as_ptr(), m.len(), o, t, &dims, &mut words) };
    assert_eq!(st, ROUGE_OK);
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); m.len()];
    let st = unsafe {
        rouge_score_text(
            &c,
            r.as_ptr(),
            r.len(),
            m.as_ptr(),
            m.len(),
            o,
            t,
            scratch.as_mut_ptr(),
            words - 1,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_ERR_SCRATCH_TOO_SMALL);
    assert!(out.iter().all(|x| *x == rouge_result::default()));
    let st = unsafe {
        rouge_score_text(
            &c,
            r.as_ptr(),
            r.len(),
            m.as_ptr(),
            m.len(),
            o,
            t,
            scratch.as_mut_ptr(),
            words,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    out
}

#[test]
fn test_score_text_matches_the_rust_api_for_every_tokeniser() {
    let cand = "The cat sat on the mat.\nIt was sunny; the CAT was happy.\n中文分词很好";
    let refs = [
        "A cat sat on a mat\nThe day was sunny",
        "the cats were sitting\n中文 分词",
    ];
    for (tok, flavour) in [
        (ROUGE_TOKENIZER_ROUGE_SCORE, ROUGE_FLAVOUR_ROUGE_SCORE),
        (ROUGE_TOKENIZER_UNICODE, ROUGE_FLAVOUR_ROUGE_SCORE),
        (ROUGE_TOKENIZER_PERL, ROUGE_FLAVOUR_PERL),
    ] {
        for stem in [0, 1] {
            for byte_limit in [0u64, 30] {
                if byte_limit > 0 && tok != ROUGE_TOKENIZER_PERL {
                    continue;
                }
                let t = rouge_text_options {
                    stem,
                    byte_limit,
                    ..topts(tok)
                };
                let o = opts(flavour);
                let got = c_score(cand, &refs, &o, &t);
                let rt = TextOptions {
                    tokenizer: match tok {
                        ROUGE_TOKENIZER_ROUGE_SCORE => rouge::Tokenizer::RougeScore,
                        ROUGE_TOKENIZER_UNICODE => rouge::Tokenizer::Unicode,
                        _ => rouge::Tokenizer::Perl,
                    },
                    stem: stem != 0,
                    byte_limit: byte_limit as usize,
                    ..TextOptions::perl()
                };
                let ro = if flavour == ROUGE_FLAVOUR_PERL {
                    Options::perl()
                } else {
                    Options::rouge_score()
                };
                let ms = [
                    Metric::N(1),
                    Metric::N(2),
                    Metric::L,
                    Metric::Lsum,
                    Metric::W(1.2),
                    Metric::S(Some(4)),
                    Metric::Su(None),
                ];
                let dims = TextDims::of(cand.as_bytes(), &refs[..]);
                let mut scratch = vec![0u64; text_scratch_words(&ms, &ro, &rt, &dims).unwrap()];
                let mut want = vec![MetricResult::default(); ms.len()];
                score_text(
                    cand.as_bytes(),
                    &refs[..],
                    &ms,
                    &ro,
                    &rt,
                    &mut scratch,
                    &mut want,
                )
                .unwrap();
                for (g, w) in got.iter().zip(&want) {
                    assert_eq!(g.score.fmeasure, w.score.fmeasure);
                    assert_eq!(g.counts.hit, w.counts.hit);
                }
                // Unicode tokens make the Chinese overlap count; the others see none of it.
                assert!(got[0].score.fmeasure > 0.0);
            }
        }
    }
}

#[test]
fn test_score_text_reports_bad_text_and_options_without_writing() {
    let m = metrics();
    let o = opts(ROUGE_FLAVOUR_ROUGE_SCORE);
    let t = topts(ROUGE_TOKENIZER_ROUGE_SCORE);
    let mut scratch = vec![0u64; 1 << 16];
    let mut out = vec![rouge_result::default(); m.len()];
    let call = |c: &rouge_str,
                refs: &[rouge_str],
                t: &rouge_text_options,
                scratch: &mut [u64],
                out: &mut [rouge_result]| unsafe {
        rouge_score_text(
            c,
            refs.as_ptr(),
            refs.len(),
            m.as_ptr(),
            m.len(),
            &o,
            t,
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    let bad = [b'a', 0xff, b'b'];
    let bad = rouge_str {
        ptr: bad.as_ptr() as *const c_char,
        len: 3,
    };
    assert_eq!(
        call(&s("x"), &[bad], &t, &mut scratch, &mut out),
        ROUGE_ERR_INVALID_UTF8
    );
    assert_eq!(
        call(&s("a\0b"), &[s("x")], &t, &mut scratch, &mut out),
        ROUGE_ERR_EMBEDDED_NUL
    );
    assert_eq!(
        call(&s("x"), &[], &t, &mut scratch, &mut out),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let stop = rouge_text_options { stopwords: 1, ..t };
    assert_eq!(
        call(&s("x"), &[s("y")], &stop, &mut scratch, &mut out),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let both = rouge_text_options {
        word_limit: 3,
        byte_limit: 3,
        ..topts(ROUGE_TOKENIZER_PERL)
    };
    assert_eq!(
        call(&s("x"), &[s("y")], &both, &mut scratch, &mut out),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    // lcs_path picks one of ROUGE-1.5.5's readers: refused with the other tokenisers, by
    // every call that takes text options; accepted with Perl.
    for tokenizer in [ROUGE_TOKENIZER_ROUGE_SCORE, ROUGE_TOKENIZER_UNICODE] {
        let lcs = rouge_text_options {
            lcs_path: 1,
            ..topts(tokenizer)
        };
        assert_eq!(
            call(&s("x"), &[s("y")], &lcs, &mut scratch, &mut out),
            ROUGE_ERR_INVALID_ARGUMENT
        );
        let texts = [s("x y")];
        let (mut words, mut max_tokens) = (0usize, 0usize);
        assert_eq!(
            unsafe {
                rouge_tokenize_scratch_words(texts.as_ptr(), 1, &lcs, &mut words, &mut max_tokens)
            },
            ROUGE_ERR_INVALID_ARGUMENT
        );
        let dims = rouge_text_dims {
            reference_count: 1,
            candidate_bytes: 8,
            reference_bytes: 8,
            candidate_line_bytes: 8,
            reference_line_bytes: 8,
        };
        let metric = [rouge_metric {
            kind: ROUGE_METRIC_N,
            n: 1,
            skip: 0,
            weight: 0.0,
        }];
        let mut scorer = unsafe { std::mem::zeroed() };
        assert_eq!(
            unsafe { rouge_text_scorer_init(metric.as_ptr(), 1, &o, &lcs, &dims, &mut scorer) },
            ROUGE_ERR_INVALID_ARGUMENT
        );
    }
    let perl_lcs = rouge_text_options {
        lcs_path: 1,
        byte_limit: 3,
        ..topts(ROUGE_TOKENIZER_PERL)
    };
    assert_eq!(
        call(
            &s("x"),
            &[s("y")],
            &perl_lcs,
            &mut scratch,
            &mut out.clone()
        ),
        ROUGE_OK
    );
    let null = rouge_str {
        ptr: std::ptr::null(),
        len: 2,
    };
    assert_eq!(
        call(&null, &[s("y")], &t, &mut scratch, &mut out),
        ROUGE_ERR_NULL_POINTER
    );
    let empty = rouge_str {
        ptr: std::ptr::null(),
        len: 0,
    };
    assert!(out.iter().all(|x| *x == rouge_result::default()));
    assert_eq!(
        call(&empty, &[s("y")], &t, &mut scratch, &mut out),
        ROUGE_OK
    );
    assert_eq!(out[0].score.fmeasure, 0.0);
    let msg = unsafe { std::ffi::CStr::from_ptr(rouge_status_str(ROUGE_ERR_INVALID_UTF8)) };
    assert_eq!(msg.to_str().unwrap(), "text is not valid UTF-8");
}

#[test]
fn test_tokenize_writes_summaries_and_checks_outputs_first() {
    let texts = [s("Straße ΟΔΟΣ 中文\nοδος straße"), s("中 straße")];
    let t = topts(ROUGE_TOKENIZER_UNICODE);
    let (mut words, mut max) = (0usize, 0usize);
    assert_eq!(
        unsafe { rouge_tokenize_scratch_words(texts.as_ptr(), 2, &t, &mut words, &mut max) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let (mut ids, mut ends) = (vec![0u32; max], vec![0usize; max]);
    let mut out = [rouge_summary {
        tokens: std::ptr::null(),
        len: 0,
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    }; 2];
    let st = unsafe {
        rouge_tokenize(
            texts.as_ptr(),
            2,
            &t,
            ids.as_mut_ptr(),
            3,
            ends.as_mut_ptr(),
            max,
            out.as_mut_ptr(),
            scratch.as_mut_ptr(),
            words,
        )
    };
    assert_eq!(st, ROUGE_ERR_OUTPUT_TOO_SMALL);
    assert!(out[0].tokens.is_null());
    let st = unsafe {
        rouge_tokenize(
            texts.as_ptr(),
            2,
            &t,
            ids.as_mut_ptr(),
            max,
            ends.as_mut_ptr(),
            max,
            out.as_mut_ptr(),
            scratch.as_mut_ptr(),
            words,
        )
    };
    assert_eq!(st, ROUGE_OK);
    let a = unsafe { std::slice::from_raw_parts(out[0].tokens, out[0].len) };
    let b = unsafe { std::slice::from_raw_parts(out[1].tokens, out[1].len) };
    // straße οδοσ 中 文 | οδοσ straße ; 中 straße
    assert_eq!(a, [0, 1, 2, 3, 1, 0]);
    assert_eq!(b, [2, 0]);
    let e = unsafe { std::slice::from_raw_parts(out[0].sentence_ends, out[0].sentence_count) };
    assert_eq!(e, [4, 6]);
}

/// Garbage dims (a reference count near `SIZE_MAX`) are refused by the size queries, not
/// overflowed (found by fuzzing: the token bound overflowed, a panic with overflow checks on).
#[test]
fn test_huge_dims_are_refused_not_overflowed() {
    let m = metrics();
    for tokenizer in [
        ROUGE_TOKENIZER_ROUGE_SCORE,
        ROUGE_TOKENIZER_UNICODE,
        ROUGE_TOKENIZER_PERL,
    ] {
        let t = rouge_text_options {
            stem: 1,
            ..topts(tokenizer)
        };
        for references in [usize::MAX, usize::MAX - 1, 1 << 40] {
            let dims = rouge_text_dims {
                reference_count: references,
                candidate_bytes: 10,
                reference_bytes: 0,
                candidate_line_bytes: 10,
                reference_line_bytes: 0,
            };
            let mut words = 0usize;
            let o = opts(ROUGE_FLAVOUR_ROUGE_SCORE);
            let st =
                unsafe { rouge_text_scratch_words(m.as_ptr(), m.len(), &o, &t, &dims, &mut words) };
            assert_eq!(st, ROUGE_ERR_INPUT_TOO_LONG, "{references}");
        }
    }
}
