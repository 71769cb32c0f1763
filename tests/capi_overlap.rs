//! The C entry points that write caller arrays refuse an output over an input, or over another
//! output or the scratch (issue 11, point 4): `ROUGE_ERR_INVALID_ARGUMENT` with nothing
//! written. Inputs and outputs are laid out in one arena so that they can be made to overlap;
//! each refusal is paired with the same call laid out without overlap, which must succeed and
//! answer what the call with separate buffers answers.

use std::ffi::c_char;

use rouge::capi::tokens::*;
use rouge::capi::*;
use rouge::capi_corpus::*;
use rouge::capi_stream::*;
use rouge::capi_text::*;

/// Caller memory all arguments of a call live in, 8-byte aligned, and its bytes as they were
/// when the last call was made.
struct Arena(Vec<u64>, Vec<u64>);

impl Arena {
    fn new() -> Self {
        Arena(vec![0x5a5a_5a5a_5a5a_5a5a; 8192], vec![])
    }
    /// Notes the arena's bytes, the arguments all in place, just before a call.
    fn seal(&mut self) {
        self.1 = self.0.clone();
    }
    /// A pointer `byte` bytes into the arena.
    fn at<T>(&mut self, byte: usize) -> *mut T {
        assert!(byte < self.0.len() * 8);
        unsafe { (self.0.as_mut_ptr() as *mut u8).add(byte) as *mut T }
    }
    /// Copies `items` to `byte` bytes into the arena; returns where they are.
    fn put<T: Copy>(&mut self, byte: usize, items: &[T]) -> *mut T {
        let p = self.at::<T>(byte);
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len()) };
        p
    }
    /// Gives bytes `from..to` the arena's filler again: where a struct copied in has padding,
    /// which a Rust value leaves uninitialised (comparing the arena would read it: undefined
    /// behaviour, which Miri reports).
    fn refill(&mut self, from: usize, to: usize) {
        let p = self.at::<u8>(from);
        unsafe { std::ptr::write_bytes(p, 0x5a, to - from) };
    }
    fn text(&mut self, byte: usize, t: &str) -> rouge_str {
        rouge_str {
            ptr: self.put(byte, t.as_bytes()) as *const c_char,
            len: t.len(),
        }
    }
}

/// Runs `call` on the arena; asserts it answers `ROUGE_ERR_INVALID_ARGUMENT` and left every
/// byte of the arena as it was.
fn refused(arena: &mut Arena, call: impl FnOnce(&mut Arena) -> rouge_status) {
    assert_eq!(call(arena), ROUGE_ERR_INVALID_ARGUMENT);
    assert!(arena.0 == arena.1, "a refused call wrote to the arena");
}

const TEXT: &str = "The cat sat on the mat\nthe cat ran";

fn basic_sizes(texts: &[rouge_str]) -> (usize, usize) {
    let (mut words, mut tokens) = (0, 0);
    let st = unsafe { rouge_tokenize_basic_sizes(texts.as_ptr(), 1, &mut words, &mut tokens) };
    assert_eq!(st, ROUGE_OK);
    (words, tokens)
}

/// `rouge_tokenize_basic` with its outputs at the given byte offsets of the arena (the text is
/// at 0, the texts array at 64); the ids and summary it wrote on success.
fn tokenize_basic_at(
    a: &mut Arena,
    ids_at: usize,
    ends_at: usize,
    out_at: usize,
    scratch_at: usize,
) -> (rouge_status, Vec<u32>) {
    let text = a.text(0, TEXT);
    let texts = a.put(64, &[text]);
    let (words, max_tokens) = basic_sizes(&[text]);
    let ids = a.at::<u32>(ids_at);
    let out = a.at::<rouge_summary>(out_at);
    a.seal();
    let st = unsafe {
        rouge_tokenize_basic(
            texts,
            1,
            ids,
            max_tokens,
            a.at(ends_at),
            max_tokens,
            out,
            a.at(scratch_at),
            words,
        )
    };
    let got = if st == ROUGE_OK {
        let s = unsafe { *out };
        unsafe { std::slice::from_raw_parts(s.tokens, s.len) }.to_vec()
    } else {
        vec![]
    };
    (st, got)
}

#[test]
fn test_tokenize_basic_refuses_outputs_over_the_text_or_each_other() {
    // Laid out apart: ids at 1024, ends at 2048, out at 3072, scratch from 4096.
    let mut a = Arena::new();
    let (st, ids) = tokenize_basic_at(&mut a, 1024, 2048, 3072, 4096);
    assert_eq!(st, ROUGE_OK);
    // the cat sat on the mat / the cat ran: first-appearance ids.
    assert_eq!(ids, [0, 1, 2, 3, 0, 4, 0, 1, 5]);
    let layouts = [
        (8, 2048, 3072, 4096),    // ids over the text bytes
        (1024, 16, 3072, 4096),   // sentence ends over the text bytes
        (1024, 2048, 64, 4096),   // out over the texts array
        (1024, 2048, 3072, 0),    // scratch over the text
        (1024, 1032, 3072, 4096), // sentence ends over the ids
        (1024, 2048, 3072, 1024), // scratch over the ids
        (1024, 2048, 4096, 4096), // out over the scratch
    ];
    for (ids_at, ends_at, out_at, scratch_at) in layouts {
        refused(&mut a, |a| {
            tokenize_basic_at(a, ids_at, ends_at, out_at, scratch_at).0
        });
    }
}

#[test]
fn test_tokenize_refuses_outputs_over_the_text_or_each_other() {
    let mut o = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let run = |a: &mut Arena, ids_at: usize, ends_at: usize, scratch_at: usize| {
        let text = a.text(0, TEXT);
        let texts = a.put(64, &[text]);
        let (mut words, mut max_tokens) = (0, 0);
        let st = unsafe { rouge_tokenize_scratch_words(texts, 1, &o, &mut words, &mut max_tokens) };
        assert_eq!(st, ROUGE_OK);
        let mut out = rouge_summary {
            tokens: std::ptr::null(),
            len: 0,
            sentence_ends: std::ptr::null(),
            sentence_count: 0,
        };
        a.seal();
        let st = unsafe {
            rouge_tokenize(
                texts,
                1,
                &o,
                a.at(ids_at),
                max_tokens,
                a.at(ends_at),
                max_tokens,
                &mut out,
                a.at(scratch_at),
                words,
            )
        };
        (st, out.len)
    };
    let mut a = Arena::new();
    assert_eq!(run(&mut a, 1024, 2048, 4096), (ROUGE_OK, 9));
    refused(&mut a, |a| run(a, 4, 2048, 4096).0); // ids over the text bytes
    refused(&mut a, |a| run(a, 1024, 2048, 8).0); // scratch over the text bytes
    refused(&mut a, |a| run(a, 1024, 1024, 4096).0); // sentence ends over the ids
}

fn result(p: f64, r: f64) -> rouge_result {
    rouge_result {
        score: rouge_score {
            precision: p,
            recall: r,
            fmeasure: 2.0 * p * r / (p + r),
        },
        counts: rouge_counts {
            hit: p * 10.0,
            reference_total: 10.0 * p / r,
            candidate_total: 10.0,
        },
    }
}

const RESULTS: [f64; 4] = [0.5, 0.25, 0.75, 1.0];

/// Four pairs of one metric at byte 0 of the arena.
fn put_results(a: &mut Arena) -> *const rouge_result {
    let rs: Vec<rouge_result> = RESULTS.iter().map(|&p| result(p, p / 2.0)).collect();
    a.put(0, &rs)
}

#[test]
fn test_corpus_bootstrap_refuses_out_over_results_or_scratch() {
    let mut b = rouge_bootstrap_options::default();
    assert_eq!(
        unsafe { rouge_bootstrap_options_init(ROUGE_BOOTSTRAP_ROUGE_SCORE, &mut b) },
        ROUGE_OK
    );
    b.samples = 50;
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(&b, &mut words) },
        ROUGE_OK
    );
    let run = |a: &mut Arena, out_at: usize, scratch_at: usize| {
        let rs = put_results(a);
        let out = a.at::<rouge_aggregate>(out_at);
        a.seal();
        let st = unsafe { rouge_corpus_bootstrap(rs, 4, 1, &b, a.at(scratch_at), words, out) };
        (st, unsafe { *out })
    };
    // The answer with separate buffers.
    let rs: Vec<rouge_result> = RESULTS.iter().map(|&p| result(p, p / 2.0)).collect();
    let mut scratch = vec![0u64; words];
    let mut want = rouge_aggregate::default();
    let st = unsafe {
        rouge_corpus_bootstrap(
            rs.as_ptr(),
            4,
            1,
            &b,
            scratch.as_mut_ptr(),
            words,
            &mut want,
        )
    };
    assert_eq!(st, ROUGE_OK);
    let mut a = Arena::new();
    assert_eq!(run(&mut a, 1024, 8192), (ROUGE_OK, want));
    refused(&mut a, |a| run(a, 96, 8192).0); // out over the last result
    refused(&mut a, |a| run(a, 1024, 128).0); // scratch over the results
    refused(&mut a, |a| run(a, 8192 + 64, 8192).0); // out over the scratch
}

#[test]
fn test_corpus_bootstrap_numpy_refuses_out_over_scores_or_scratch() {
    let scores: Vec<rouge_score> = RESULTS.iter().map(|&p| result(p, p / 2.0).score).collect();
    let mut seed = Box::new(rouge_mt19937 {
        key: [0; 624],
        pos: 0,
    });
    assert_eq!(unsafe { rouge_mt19937_seed(42, &mut *seed) }, ROUGE_OK);
    let samples = 20;
    let run = |a: &mut Arena, out_at: usize, scratch_at: usize, state_at: usize| {
        let sc = a.put(0, &scores);
        let state = a.put(state_at, std::slice::from_ref(&*seed));
        let out = a.at::<rouge_aggregate>(out_at);
        a.seal();
        let st = unsafe {
            rouge_corpus_bootstrap_numpy(
                sc,
                4,
                1,
                samples,
                0.95,
                state,
                a.at(scratch_at),
                3 * samples,
                out,
            )
        };
        (st, unsafe { *out })
    };
    let mut state = seed.clone();
    let mut scratch = vec![0u64; 3 * samples];
    let mut want = rouge_aggregate::default();
    let st = unsafe {
        rouge_corpus_bootstrap_numpy(
            scores.as_ptr(),
            4,
            1,
            samples,
            0.95,
            &mut *state,
            scratch.as_mut_ptr(),
            scratch.len(),
            &mut want,
        )
    };
    assert_eq!(st, ROUGE_OK);
    let mut a = Arena::new();
    assert_eq!(run(&mut a, 1024, 2048, 4096), (ROUGE_OK, want));
    refused(&mut a, |a| run(a, 72, 2048, 4096).0); // out over the scores
    refused(&mut a, |a| run(a, 1024, 0, 4096).0); // scratch over the scores
    refused(&mut a, |a| run(a, 1024, 2048, 2048 + 8).0); // state over the scratch
    refused(&mut a, |a| run(a, 4096 + 8, 2048, 4096).0); // out over the state
}

#[test]
fn test_corpus_macro_and_micro_refuse_out_over_their_inputs() {
    let mut o = rouge_options::default();
    assert_eq!(
        unsafe { rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let metric = rouge_metric {
        kind: ROUGE_METRIC_N,
        n: 1,
        ..Default::default()
    };
    let macro_at = |a: &mut Arena, out_at: usize| {
        let rs = put_results(a);
        let out = a.at::<rouge_score>(out_at);
        a.seal();
        let st = unsafe { rouge_corpus_macro(rs, 4, 1, out) };
        (st, unsafe { *out })
    };
    let micro_at = |a: &mut Arena, out_at: usize| {
        let rs = put_results(a);
        let ms = a.put(512, &[metric]);
        let out = a.at::<rouge_result>(out_at);
        a.seal();
        let st = unsafe { rouge_corpus_micro(rs, 4, ms, 1, &o, out) };
        (st, unsafe { *out })
    };
    let mut a = Arena::new();
    let (st, m) = macro_at(&mut a, 1024);
    assert_eq!(st, ROUGE_OK);
    assert_eq!(m.precision, RESULTS.iter().sum::<f64>() / 4.0);
    refused(&mut a, |a| macro_at(a, 8).0);
    let (st, m) = micro_at(&mut a, 1024);
    assert_eq!(st, ROUGE_OK);
    // hits over candidate totals: (5 + 2.5 + 7.5 + 10) / 40.
    assert_eq!(m.score.precision, 25.0 / 40.0);
    refused(&mut a, |a| micro_at(a, 40).0); // out over the results
    refused(&mut a, |a| micro_at(a, 512).0); // out over the metrics
}

#[test]
fn test_text_tokens_refuses_outputs_over_the_text_or_each_other() {
    let mut o = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let (mut nt, mut nf) = (0, 0);
    assert_eq!(
        unsafe { rouge_text_tokens_sizes(TEXT.len(), &o, &mut nt, &mut nf) },
        ROUGE_OK
    );
    let run = |a: &mut Arena, tokens_at: usize, forms_at: usize, count_at: usize| {
        let text = a.text(0, TEXT);
        let mut used = 0;
        let count = a.at::<usize>(count_at);
        a.seal();
        let st = unsafe {
            rouge_text_tokens(
                &text,
                &o,
                a.at(tokens_at),
                nt,
                a.at(forms_at),
                nf,
                count,
                &mut used,
            )
        };
        (st, unsafe { *count }, used)
    };
    let mut a = Arena::new();
    assert_eq!(run(&mut a, 1024, 4096, 6000), (ROUGE_OK, 9, 26));
    refused(&mut a, |a| run(a, 1024, 16, 6000).0); // forms over the text bytes
    refused(&mut a, |a| run(a, 1024, 1032, 6000).0); // forms over the tokens
    refused(&mut a, |a| run(a, 1024, 4096, 4096).0); // the count over the forms
}

#[test]
fn test_score_pair_and_batch_refuse_out_over_the_tokens() {
    let mut o = rouge_options::default();
    assert_eq!(
        unsafe { rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let metric = rouge_metric {
        kind: ROUGE_METRIC_L,
        ..Default::default()
    };
    let (cand, refr) = ([1u32, 2, 3, 4], [1u32, 3, 4, 5, 6]);
    let mut scratch = vec![0u64; 4096];
    let pair_at = |a: &mut Arena, out_at: usize, scratch_at: usize, s: &mut [u64]| {
        let c = a.put(0, &cand);
        let r = a.put(64, &refr);
        let sum = |t: *const u32, len| rouge_summary {
            tokens: t,
            len,
            sentence_ends: std::ptr::null(),
            sentence_count: 0,
        };
        let refs = [sum(r, 5)];
        let out = a.at::<rouge_result>(out_at);
        let scratch = if scratch_at == usize::MAX {
            s.as_mut_ptr()
        } else {
            a.at(scratch_at)
        };
        a.seal();
        let st = unsafe {
            rouge_score_pair(
                &sum(c, 4),
                refs.as_ptr(),
                1,
                &metric,
                1,
                &o,
                scratch,
                s.len(),
                out,
            )
        };
        (st, unsafe { *out })
    };
    let mut a = Arena::new();
    let (st, r) = pair_at(&mut a, 1024, usize::MAX, &mut scratch);
    assert_eq!(st, ROUGE_OK);
    // LCS 1 3 4: 3 of 4 candidate tokens, 3 of 5 reference tokens.
    assert_eq!((r.score.precision, r.score.recall), (0.75, 0.6));
    refused(&mut a, |a| pair_at(a, 8, usize::MAX, &mut scratch).0); // out over the candidate
    refused(&mut a, |a| pair_at(a, 72, usize::MAX, &mut scratch).0); // out over the reference
    refused(&mut a, |a| pair_at(a, 1024, 64, &mut scratch).0); // scratch over the reference

    let batch_at = |a: &mut Arena, out_at: usize, out_len: usize, s: &mut [u64]| {
        let tokens = a.put(0, &[1u32, 2, 3, 4, 1, 3, 4, 5, 6]);
        let segment_ends = a.put(64, &[4usize, 9]);
        let pair_segments = a.put(128, &[0usize, 2]);
        let b = rouge_batch {
            tokens,
            tokens_len: 9,
            segment_ends,
            segment_count: 2,
            sentence_ends: std::ptr::null(),
            sentence_ends_len: 0,
            pair_segments,
            pair_count: 1,
        };
        let out = a.at::<rouge_result>(out_at);
        a.seal();
        let st =
            unsafe { rouge_score_batch(&b, &metric, 1, &o, s.as_mut_ptr(), s.len(), out, out_len) };
        (st, unsafe { *out })
    };
    assert_eq!(batch_at(&mut a, 1024, 1, &mut scratch), (ROUGE_OK, r));
    refused(&mut a, |a| batch_at(a, 16, 1, &mut scratch).0); // out over the tokens
    refused(&mut a, |a| batch_at(a, 128, 1, &mut scratch).0); // out over the pair segments
                                                              // An `out` shorter than the results is measured by its own length: just before the pair
                                                              // segments, with room for none, it is too small, not an overlap (the C++ host's case).
    let out_at = 128 - 8;
    assert_eq!(
        batch_at(&mut a, out_at, 0, &mut scratch).0,
        ROUGE_ERR_OUTPUT_TOO_SMALL
    );
}

#[test]
fn test_text_scorer_score_batch_refuses_out_or_scratch_over_what_it_reads() {
    let (mut o, mut t) = (rouge_options::default(), rouge_text_options::default());
    unsafe {
        assert_eq!(
            rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o),
            ROUGE_OK
        );
        assert_eq!(
            rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &mut t),
            ROUGE_OK
        );
    }
    let metrics = [
        rouge_metric {
            kind: ROUGE_METRIC_N,
            n: 1,
            ..Default::default()
        },
        rouge_metric {
            kind: ROUGE_METRIC_LSUM,
            ..Default::default()
        },
    ];
    // Two pairs: candidate i at 128 i, its one reference 64 bytes after it.
    let texts = [
        "the cat sat on the mat",
        "a cat sat on a mat\nit was sunny",
        "police kill the gunman",
        "police killed the gunman",
    ];
    let dims = rouge_text_dims {
        reference_count: 1,
        candidate_bytes: 64,
        reference_bytes: 64,
        candidate_line_bytes: 64,
        reference_line_bytes: 64,
    };
    let init = |m: *const rouge_metric| {
        let mut sc = std::mem::MaybeUninit::<rouge_text_scorer>::uninit();
        let st = unsafe { rouge_text_scorer_init(m, 2, &o, &t, &dims, sc.as_mut_ptr()) };
        assert_eq!(st, ROUGE_OK);
        unsafe { sc.assume_init() }
    };
    // The results with separate buffers, pair by pair.
    let alone = init(metrics.as_ptr());
    let mut scratch = vec![0u64; alone.scratch_words];
    let mut want = [rouge_result::default(); 4];
    for p in 0..2 {
        let (c, r) = (s(texts[2 * p]), [s(texts[2 * p + 1])]);
        let st = unsafe {
            rouge_text_scorer_score(
                &alone,
                &c,
                r.as_ptr(),
                1,
                scratch.as_mut_ptr(),
                scratch.len(),
                want[2 * p..].as_mut_ptr(),
            )
        };
        assert_eq!(st, ROUGE_OK);
    }
    assert!(want[0].score.fmeasure > 0.0 && want[2].score.fmeasure > 0.0);
    // Texts at 0..256, candidates array at 256, references at 320, offsets at 384, the
    // scorer at 512, its metrics at 768; `out` and the scratch where a case puts them.
    let run = |a: &mut Arena, out_at: usize, scratch_at: Option<usize>, s: &mut Vec<u64>| {
        let t: Vec<rouge_str> = (0..4).map(|i| a.text(64 * i, texts[i])).collect();
        let cands = a.put(256, &[t[0], t[2]]);
        let refs = a.put(320, &[t[1], t[3]]);
        let offsets = a.put(384, &[0usize, 1, 2]);
        let m = a.put(768, &metrics);
        let scorer = a.put(512, &[init(m)]);
        // The scorer's tail padding, after `cpu_features`.
        let end = std::mem::offset_of!(rouge_text_scorer, cpu_features) + 4;
        a.refill(512 + end, 512 + std::mem::size_of::<rouge_text_scorer>());
        let words = unsafe { (*scorer).scratch_words };
        let scratch = scratch_at.map_or(s.as_mut_ptr(), |at| a.at(at));
        let out = a.at::<rouge_result>(out_at);
        a.seal();
        let st = unsafe {
            rouge_text_scorer_score_batch(scorer, cands, refs, offsets, 2, scratch, words, out, 4)
        };
        (
            st,
            (0..4).map(|i| unsafe { *out.add(i) }).collect::<Vec<_>>(),
        )
    };
    let mut a = Arena::new();
    let (st, got) = run(&mut a, 1024, None, &mut scratch);
    assert_eq!(st, ROUGE_OK);
    let triple = |r: &rouge_result| (r.score.precision, r.score.recall, r.score.fmeasure);
    assert_eq!(
        got.iter().map(triple).collect::<Vec<_>>(),
        want.iter().map(triple).collect::<Vec<_>>()
    );
    let scratch_in_arena = 2048 + 8 * alone.scratch_words <= 8 * 8192;
    assert!(scratch_in_arena, "the scratch fits the arena after out");
    assert_eq!(run(&mut a, 1024, Some(2048), &mut scratch).0, ROUGE_OK);
    let mut sc = scratch.clone();
    for (out_at, what) in [
        (8, "a candidate's bytes"),
        (64 + 16, "a reference's bytes"),
        (256 + 8, "the candidates array"),
        (320, "the references array"),
        (384 + 16, "the offsets"),
        (512 + 40, "the scorer"),
        (768 + 8, "the scorer's metrics"),
    ] {
        assert_eq!(
            run(&mut a, out_at, None, &mut sc).0,
            ROUGE_ERR_INVALID_ARGUMENT,
            "{what}"
        );
        refused(&mut a, |a| run(a, out_at, None, &mut sc).0);
    }
    refused(&mut a, |a| run(a, 1024, Some(128), &mut sc).0); // scratch over a candidate
    refused(&mut a, |a| run(a, 1024, Some(1024 + 64), &mut sc).0); // scratch over out
    refused(&mut a, |a| run(a, 1024, Some(512), &mut sc).0); // scratch over the scorer
}

fn s(t: &str) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

/// The stream tests' reference (two sentences: tokens at byte 0 of the arena, sentence ends at
/// 64), candidate and configuration.
const STREAM_REF: [u32; 9] = [1, 2, 3, 4, 5, 1, 3, 4, 6];
const STREAM_ENDS: [usize; 2] = [5, 9];
const STREAM_CAND: [u32; 6] = [1, 3, 4, 7, 5, 6];
const STREAM_CFG: rouge_stream_config = rouge_stream_config {
    max_n: 2,
    lcs: 1,
    lsum: 1,
    max_sentence_len: 8,
};

/// The reference put in the arena; its struct (copied by the calls) stays outside.
fn stream_ref(a: &mut Arena) -> rouge_summary {
    rouge_summary {
        tokens: a.put(0, &STREAM_REF),
        len: STREAM_REF.len(),
        sentence_ends: a.put(64, &STREAM_ENDS),
        sentence_count: STREAM_ENDS.len(),
    }
}

fn stream_words_apart() -> usize {
    let r = rouge_summary {
        tokens: STREAM_REF.as_ptr(),
        len: STREAM_REF.len(),
        sentence_ends: STREAM_ENDS.as_ptr(),
        sentence_count: STREAM_ENDS.len(),
    };
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_stream_words(&r, &STREAM_CFG, &mut words) },
        ROUGE_OK
    );
    words
}

#[test]
fn test_stream_words_and_init_refuse_outputs_over_the_reference() {
    let words = stream_words_apart();
    let words_at = |a: &mut Arena, out_at: usize| {
        let r = stream_ref(a);
        let out = a.at::<usize>(out_at);
        a.seal();
        let st = unsafe { rouge_stream_words(&r, &STREAM_CFG, out) };
        (st, unsafe { *out })
    };
    let mut a = Arena::new();
    assert_eq!(words_at(&mut a, 1024), (ROUGE_OK, words));
    refused(&mut a, |a| words_at(a, 8).0); // the size over the tokens
    refused(&mut a, |a| words_at(a, 72).0); // the size over the sentence ends

    let init_at = |a: &mut Arena, state_at: usize| {
        let r = stream_ref(a);
        let state = a.at::<u64>(state_at);
        a.seal();
        let st = unsafe { rouge_stream_init(state, words, &r, &STREAM_CFG) };
        let state = unsafe { std::slice::from_raw_parts(state, words) }.to_vec();
        (st, state)
    };
    // The state set up apart from the reference, as one set up in memory of its own.
    let mut own = vec![0u64; words];
    let r = rouge_summary {
        tokens: STREAM_REF.as_ptr(),
        len: STREAM_REF.len(),
        sentence_ends: STREAM_ENDS.as_ptr(),
        sentence_count: STREAM_ENDS.len(),
    };
    assert_eq!(
        unsafe { rouge_stream_init(own.as_mut_ptr(), words, &r, &STREAM_CFG) },
        ROUGE_OK
    );
    assert_eq!(init_at(&mut a, 1024), (ROUGE_OK, own.clone()));
    refused(&mut a, |a| init_at(a, 0).0); // the state over the tokens
    refused(&mut a, |a| init_at(a, 32).0); // the state's start inside the tokens
    refused(&mut a, |a| init_at(a, 72).0); // the state over the second sentence end
                                           // Right after the sentence ends (64 + 16 bytes) it is apart again.
    assert_eq!(init_at(&mut a, 80), (ROUGE_OK, own));
}

#[test]
fn test_stream_score_refuses_out_over_a_state_or_its_arrays() {
    let words = stream_words_apart();
    let mut o = rouge_options::default();
    assert_eq!(
        unsafe { rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    let metric = |kind, n| rouge_metric {
        kind,
        n,
        ..Default::default()
    };
    let metrics = [
        metric(ROUGE_METRIC_N, 1),
        metric(ROUGE_METRIC_N, 2),
        metric(ROUGE_METRIC_L, 0),
        metric(ROUGE_METRIC_LSUM, 0),
    ];
    // The state at 4096, the states array at 512, the sizes at 768, the metrics at 1024.
    let state_at = 4096;
    let score_at = |a: &mut Arena, out_at: usize| {
        let r = stream_ref(a);
        let state = a.at::<u64>(state_at);
        assert_eq!(
            unsafe { rouge_stream_init(state, words, &r, &STREAM_CFG) },
            ROUGE_OK
        );
        for &t in &STREAM_CAND {
            assert_eq!(unsafe { rouge_stream_push(state, words, t) }, ROUGE_OK);
        }
        assert_eq!(unsafe { rouge_stream_end_sentence(state, words) }, ROUGE_OK);
        let states = a.put(512, &[state as *const u64]);
        let sizes = a.put(768, &[words]);
        let ms = a.put(1024, &metrics);
        let out = a.at::<rouge_result>(out_at);
        a.seal();
        let st = unsafe { rouge_stream_score(states, sizes, 1, ms, 4, &o, out) };
        (st, unsafe { std::slice::from_raw_parts(out, 4) }.to_vec())
    };
    // The one-shot call on the same pair, with buffers of its own: the values to match.
    let c = rouge_summary {
        tokens: STREAM_CAND.as_ptr(),
        len: STREAM_CAND.len(),
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    };
    let r = rouge_summary {
        tokens: STREAM_REF.as_ptr(),
        len: STREAM_REF.len(),
        sentence_ends: STREAM_ENDS.as_ptr(),
        sentence_count: STREAM_ENDS.len(),
    };
    let mut scratch = vec![0u64; 4096];
    let mut want = vec![rouge_result::default(); 4];
    let st = unsafe {
        rouge_score_pair(
            &c,
            &r,
            1,
            metrics.as_ptr(),
            4,
            &o,
            scratch.as_mut_ptr(),
            scratch.len(),
            want.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    // rouge1: 1 3 4 5 6 of the candidate's 6 tokens are in the reference.
    assert_eq!(want[0].counts.hit, 5.0);
    let mut a = Arena::new();
    assert_eq!(score_at(&mut a, 2048), (ROUGE_OK, want.clone()));
    // `out` is 4 results of 48 bytes: each layout below overlaps one input only.
    assert_eq!(std::mem::size_of::<rouge_result>(), 48);
    refused(&mut a, |a| score_at(a, state_at + 64).0); // out over the state
    refused(&mut a, |a| score_at(a, 512 - 8).0); // out over the states array
    refused(&mut a, |a| score_at(a, 768 - 184).0); // out over the sizes
    refused(&mut a, |a| score_at(a, 1024 + 16).0); // out over the metrics
                                                   // Just before the state (4096 - 192 bytes) it is apart again.
    assert_eq!(score_at(&mut a, state_at - 192), (ROUGE_OK, want));
}

#[test]
fn test_score_text_and_text_scorer_score_refuse_out_or_scratch_over_what_they_read() {
    let (mut o, mut t) = (rouge_options::default(), rouge_text_options::default());
    unsafe {
        assert_eq!(
            rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut o),
            ROUGE_OK
        );
        assert_eq!(
            rouge_text_options_init(ROUGE_TOKENIZER_ROUGE_SCORE, &mut t),
            ROUGE_OK
        );
    }
    let metrics = [
        rouge_metric {
            kind: ROUGE_METRIC_N,
            n: 1,
            ..Default::default()
        },
        rouge_metric {
            kind: ROUGE_METRIC_L,
            ..Default::default()
        },
    ];
    let dims = rouge_text_dims {
        reference_count: 1,
        candidate_bytes: 64,
        reference_bytes: 64,
        candidate_line_bytes: 64,
        reference_line_bytes: 64,
    };
    let mut sc = std::mem::MaybeUninit::<rouge_text_scorer>::uninit();
    let st = unsafe { rouge_text_scorer_init(metrics.as_ptr(), 2, &o, &t, &dims, sc.as_mut_ptr()) };
    assert_eq!(st, ROUGE_OK);
    let scorer = unsafe { sc.assume_init() };
    let words = scorer.scratch_words;
    // The candidate's bytes at 0, the reference's at 64, the references array at 128, the
    // metrics at 192; `out` and the scratch where a case puts them (the scorer stays outside).
    let (cand, refr) = ("police kill the gunman", "police killed the gunman");
    let one_shot = |a: &mut Arena, out_at: usize, scratch_at: usize| {
        let c = a.text(0, cand);
        let r = a.text(64, refr);
        let refs = a.put(128, &[r]);
        let m = a.put(192, &metrics);
        let out = a.at::<rouge_result>(out_at);
        let scratch = a.at::<u64>(scratch_at);
        a.seal();
        let st = unsafe { rouge_score_text(&c, refs, 1, m, 2, &o, &t, scratch, words, out) };
        (st, unsafe { [*out, *out.add(1)] })
    };
    let prepared = |a: &mut Arena, out_at: usize, scratch_at: usize| {
        let c = a.text(0, cand);
        let r = a.text(64, refr);
        let refs = a.put(128, &[r]);
        let out = a.at::<rouge_result>(out_at);
        let scratch = a.at::<u64>(scratch_at);
        a.seal();
        let st = unsafe { rouge_text_scorer_score(&scorer, &c, refs, 1, scratch, words, out) };
        (st, unsafe { [*out, *out.add(1)] })
    };
    // The results with separate buffers, then the same laid out apart in the arena.
    let mut want = [rouge_result::default(); 2];
    let mut scratch = vec![0u64; words];
    let (c, r) = (s(cand), [s(refr)]);
    let st = unsafe {
        rouge_score_text(
            &c,
            r.as_ptr(),
            1,
            metrics.as_ptr(),
            2,
            &o,
            &t,
            scratch.as_mut_ptr(),
            words,
            want.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    assert!(want[0].score.fmeasure > 0.0 && want[1].score.fmeasure > 0.0);
    assert!(
        1024 + 8 * words <= 8 * 8192,
        "the scratch fits the arena after out"
    );
    let mut a = Arena::new();
    type Call<'c> = &'c dyn Fn(&mut Arena, usize, usize) -> (rouge_status, [rouge_result; 2]);
    let calls: [Call; 2] = [&one_shot, &prepared];
    let triple = |r: &rouge_result| (r.score.precision, r.score.recall, r.score.fmeasure);
    for call in calls {
        let (st, got) = call(&mut a, 512, 1024);
        assert_eq!(st, ROUGE_OK);
        assert_eq!(got.map(|r| triple(&r)), want.map(|r| triple(&r)));
        for (out_at, scratch_at, what) in [
            (8, 1024, "out over the candidate's bytes"),
            (512, 64, "the scratch over the reference's bytes"),
            (128, 1024, "out over the references array"),
            (512, 512 + 16, "the scratch over out"),
        ] {
            assert_eq!(
                call(&mut a, out_at, scratch_at).0,
                ROUGE_ERR_INVALID_ARGUMENT,
                "{what}"
            );
            refused(&mut a, |a| call(a, out_at, scratch_at).0);
        }
    }
    // The one-shot call reads its metrics from the arena too.
    refused(&mut a, |a| one_shot(a, 192, 1024).0);
}
