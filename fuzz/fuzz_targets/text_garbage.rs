//! Garbage in every caller-owned struct the header says is checked: `rouge_options`,
//! `rouge_metric` arrays, `rouge_text_options`, `rouge_text_dims` (for the size queries and
//! for scoring), `rouge_bootstrap_options`, `rouge_stream_config`, and a `rouge_text_scorer`
//! set up by `rouge_text_scorer_init` then changed (its metric pointer kept valid). No call
//! may abort; statuses are the documented ones.
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_corpus::*;
use rouge::capi_stream::*;
use rouge::capi_text::*;

const ANY: [rouge_status; 9] = [
    ROUGE_OK,
    ROUGE_ERR_NULL_POINTER,
    ROUGE_ERR_SCRATCH_TOO_SMALL,
    ROUGE_ERR_SCRATCH_MISALIGNED,
    ROUGE_ERR_INVALID_ARGUMENT,
    ROUGE_ERR_INPUT_TOO_LONG,
    ROUGE_ERR_OUTPUT_TOO_SMALL,
    ROUGE_ERR_INVALID_UTF8,
    ROUGE_ERR_EMBEDDED_NUL,
];

/// Scratch at most this large is allocated; a larger answer is not used.
const MAX_SCRATCH: usize = 1 << 20;

fn small_or_any(inp: &mut Input) -> u64 {
    match inp.below(4) {
        0 => inp.u64(),
        1 => !0 - inp.below(4) as u64,
        _ => inp.below(8) as u64,
    }
}

fn float(inp: &mut Input) -> f64 {
    match inp.below(4) {
        0 => f64::from_bits(inp.u64()),
        1 => inp.pick(&[
            f64::NAN,
            f64::INFINITY,
            -f64::INFINITY,
            -0.0,
            0.0,
            1e308,
            1e-308,
            -1.0,
        ]),
        _ => inp.below(40) as f64 / 8.0,
    }
}

fn garbage_options(inp: &mut Input) -> rouge_options {
    rouge_options {
        flavour: small_or_any(inp) as u32,
        multi_reference: small_or_any(inp) as u32,
        jackknife: small_or_any(inp) as u32,
        round: small_or_any(inp) as u32,
        alpha: float(inp),
    }
}

fn garbage_metric(inp: &mut Input) -> rouge_metric {
    rouge_metric {
        kind: small_or_any(inp) as u32,
        n: small_or_any(inp) as u32,
        skip: small_or_any(inp) as i64,
        weight: float(inp),
    }
}

/// XL-Sum's language: a known name, one the fork does not know, one whose tokens a host
/// segments, bytes that are not UTF-8, an empty one, or NULL with any length (readable memory
/// only: a pointer to nothing readable is outside the C API's contract).
const LANGS: [&[u8]; 6] = [b"bengali", b"russian", b"chinese", b"klingon", b"\xFF\xFEru", b""];

fn garbage_text_options(inp: &mut Input) -> rouge_text_options {
    let (lang, lang_len) = match inp.below(LANGS.len() + 2) {
        i if i < LANGS.len() => (LANGS[i].as_ptr().cast(), LANGS[i].len()),
        i if i == LANGS.len() => (core::ptr::null(), 0),
        _ => (core::ptr::null(), small_or_any(inp) as usize),
    };
    rouge_text_options {
        tokenizer: small_or_any(inp) as u32,
        stem: small_or_any(inp) as u32,
        stopwords: small_or_any(inp) as u32,
        lcs_path: small_or_any(inp) as u32,
        word_limit: small_or_any(inp),
        byte_limit: small_or_any(inp),
        lang,
        lang_len,
    }
}

fn garbage_dims(inp: &mut Input) -> rouge_text_dims {
    let mut f = || match inp.below(3) {
        0 => inp.u64() as usize,
        _ => inp.below(300),
    };
    rouge_text_dims {
        reference_count: f(),
        candidate_bytes: f(),
        reference_bytes: f(),
        candidate_line_bytes: f(),
        reference_line_bytes: f(),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    // Valid or garbage, each struct on its own.
    let metrics: Vec<rouge_metric> = if inp.bool() {
        (0..inp.below(4))
            .map(|_| garbage_metric(&mut inp))
            .collect()
    } else {
        common::metrics(&mut inp)
    };
    let o = if inp.bool() {
        garbage_options(&mut inp)
    } else {
        options(&mut inp)
    };
    let t = if inp.bool() {
        garbage_text_options(&mut inp)
    } else {
        text_options(&mut inp)
    };
    let cand = text(&mut inp);
    let refs: Vec<Vec<u8>> = (0..inp.below(3)).map(|_| text(&mut inp)).collect();
    let c = rstr(&cand);
    let rs: Vec<rouge_str> = refs.iter().map(|r| rstr(r)).collect();
    let mut dims = rouge_text_dims::default();
    let st = unsafe { rouge_text_dims_of(&c, rs.as_ptr(), rs.len(), &mut dims) };
    status_in(st, &ANY, "text_dims_of");
    if inp.bool() {
        dims = garbage_dims(&mut inp);
    }
    let mut words = 0usize;
    let st = unsafe {
        rouge_text_scratch_words(metrics.as_ptr(), metrics.len(), &o, &t, &dims, &mut words)
    };
    status_in(st, &ANY, "text_scratch_words");
    let words = if st == ROUGE_OK && words <= MAX_SCRATCH {
        words
    } else {
        inp.below(4096)
    };
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); metrics.len()];
    let st = unsafe {
        rouge_score_text(
            &c,
            rs.as_ptr(),
            rs.len(),
            metrics.as_ptr(),
            metrics.len(),
            &o,
            &t,
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    status_in(st, &ANY, "score_text");
    // The tokeniser's size query and the tokeniser with the same options.
    let (mut tw, mut max_tokens) = (0usize, 0usize);
    let st = unsafe {
        rouge_tokenize_scratch_words(rs.as_ptr(), rs.len(), &t, &mut tw, &mut max_tokens)
    };
    status_in(st, &ANY, "tokenize_scratch_words");
    if st == ROUGE_OK && tw <= MAX_SCRATCH && max_tokens <= MAX_SCRATCH {
        let mut ids = vec![0u32; max_tokens];
        let mut ends = vec![0usize; max_tokens];
        let mut sums = vec![summary(&[], &[]); rs.len()];
        let mut s = vec![0u64; tw];
        let st = unsafe {
            rouge_tokenize(
                rs.as_ptr(),
                rs.len(),
                &t,
                ids.as_mut_ptr(),
                ids.len(),
                ends.as_mut_ptr(),
                ends.len(),
                sums.as_mut_ptr(),
                s.as_mut_ptr(),
                s.len(),
            )
        };
        status_in(st, &ANY, "tokenize");
    }
    // A scorer set up for valid arguments, then changed field by field.
    let vm = common::metrics(&mut inp);
    let (vo, vt) = (options(&mut inp), text_options(&mut inp));
    let vd = rouge_text_dims {
        reference_count: 3,
        candidate_bytes: 200,
        reference_bytes: 200,
        candidate_line_bytes: 200,
        reference_line_bytes: 200,
    };
    let mut scorer: rouge_text_scorer = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { rouge_text_scorer_init(vm.as_ptr(), vm.len(), &vo, &vt, &vd, &mut scorer) },
        ROUGE_OK
    );
    let scratch_words = scorer.scratch_words;
    for _ in 0..1 + inp.below(3) {
        // `cpu_features` too: a value whose keyed check fails reads as no optional
        // instruction set (see fuzz/README.md).
        match inp.below(7) {
            0 => scorer.metric_count = inp.below(vm.len() + 1),
            1 => scorer.options = garbage_options(&mut inp),
            2 => scorer.text_options = garbage_text_options(&mut inp),
            3 => scorer.dims = garbage_dims(&mut inp),
            4 => scorer.scratch_words = small_or_any(&mut inp) as usize,
            5 => scorer.cpu_features = inp.u32(),
            _ => {}
        }
    }
    let mut scratch = vec![0u64; scorer.scratch_words.min(scratch_words.max(4096))];
    let mut out = vec![rouge_result::default(); scorer.metric_count];
    let st = unsafe {
        rouge_text_scorer_score(
            &scorer,
            &c,
            rs.as_ptr(),
            rs.len(),
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    status_in(st, &ANY, "text_scorer_score");
    // Garbage bootstrap options and stream configs through their size queries.
    let b = rouge_bootstrap_options {
        method: small_or_any(&mut inp) as u32,
        seed: inp.u32(),
        samples: small_or_any(&mut inp) as usize,
        confidence: float(&mut inp),
    };
    let mut bw = 0usize;
    status_in(
        unsafe { rouge_bootstrap_scratch_words(&b, &mut bw) },
        &ANY,
        "bootstrap_scratch_words",
    );
    let cfg = rouge_stream_config {
        max_n: small_or_any(&mut inp) as u32,
        lcs: small_or_any(&mut inp) as u32,
        lsum: small_or_any(&mut inp) as u32,
        max_sentence_len: small_or_any(&mut inp) as usize,
    };
    let tokens = [1u32, 2, 3, 1];
    let r = summary(&tokens, &[2]);
    let mut sw = 0usize;
    let st = unsafe { rouge_stream_words(&r, &cfg, &mut sw) };
    status_in(st, &ANY, "stream_words");
    if st == ROUGE_OK && sw <= MAX_SCRATCH {
        let mut state = vec![0u64; sw];
        let st = unsafe { rouge_stream_init(state.as_mut_ptr(), sw, &r, &cfg) };
        assert_eq!(
            st, ROUGE_OK,
            "stream_words accepted the config, stream_init refused it"
        );
        // With Lsum, a sentence longer than max_sentence_len (here 0) is refused.
        let full = cfg.lsum != 0 && cfg.max_sentence_len == 0;
        let want = if full {
            ROUGE_ERR_INPUT_TOO_LONG
        } else {
            ROUGE_OK
        };
        assert_eq!(
            unsafe { rouge_stream_push(state.as_mut_ptr(), sw, 2) },
            want
        );
    }
});
