//! The corpus C API (`src/capi/corpus.rs`) called from Rust: every status code each function
//! can return, that outputs stay untouched on failure, and that successful calls agree with the
//! Rust API.

use rouge::capi::{
    rouge_counts, rouge_metric, rouge_options, rouge_options_init, rouge_result, rouge_score,
    ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT, ROUGE_ERR_NULL_POINTER,
    ROUGE_ERR_SCRATCH_MISALIGNED, ROUGE_ERR_SCRATCH_TOO_SMALL, ROUGE_FLAVOUR_PERL,
    ROUGE_FLAVOUR_ROUGE_SCORE, ROUGE_METRIC_N, ROUGE_METRIC_W, ROUGE_OK,
};
use rouge::capi_corpus::{
    rouge_aggregate, rouge_bootstrap_options, rouge_bootstrap_options_init,
    rouge_bootstrap_scratch_words, rouge_corpus_bootstrap, rouge_corpus_macro, rouge_corpus_micro,
    ROUGE_BOOTSTRAP_PERL, ROUGE_BOOTSTRAP_ROUGE_SCORE,
};
use rouge::{
    bootstrap, bootstrap_scratch_words, Aggregate, Bootstrap, Counts, Method, MetricResult,
    PairMajor, Score,
};
use std::ptr::{null, null_mut};

const SENTINEL: f64 = -7.0;

fn result(p: f64, r: f64, f: f64, counts: [f64; 3]) -> rouge_result {
    rouge_result {
        score: rouge_score {
            precision: p,
            recall: r,
            fmeasure: f,
        },
        counts: rouge_counts {
            hit: counts[0],
            reference_total: counts[1],
            candidate_total: counts[2],
        },
    }
}

/// `pairs` pairs of two metrics each, pair-major, with varied scores and counts.
fn corpus(pairs: usize) -> Vec<rouge_result> {
    (0..pairs)
        .flat_map(|p| {
            let x = (p % 7) as f64 / 7.0;
            let y = (p % 5) as f64 / 5.0;
            [
                result(x, y, (x + y) / 2.0, [p as f64, 10.0, 12.0]),
                result(y, x, x * y, [1.0, 3.0 + p as f64, 4.0]),
            ]
        })
        .collect()
}

fn options(method: u32) -> rouge_bootstrap_options {
    let mut o = rouge_bootstrap_options::default();
    assert_eq!(
        unsafe { rouge_bootstrap_options_init(method, &mut o) },
        ROUGE_OK
    );
    o
}

fn words(o: &rouge_bootstrap_options) -> usize {
    let mut w = 0;
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(o, &mut w) },
        ROUGE_OK
    );
    w
}

fn sentinel_aggregates(k: usize) -> Vec<rouge_aggregate> {
    let s = rouge_score {
        precision: SENTINEL,
        recall: SENTINEL,
        fmeasure: SENTINEL,
    };
    vec![
        rouge_aggregate {
            low: s,
            mid: s,
            high: s,
        };
        k
    ]
}

/// Calls `rouge_corpus_bootstrap` on `rs` (pair-major, `k` metrics) and checks that `out` is
/// left alone unless the call succeeds.
fn boot(rs: &[rouge_result], k: usize, o: &rouge_bootstrap_options, scratch_words: usize) -> u32 {
    let mut scratch = vec![0u64; scratch_words.max(1)];
    let mut out = sentinel_aggregates(k.max(1));
    let pairs = rs.len().checked_div(k).unwrap_or(0);
    let s = unsafe {
        rouge_corpus_bootstrap(
            rs.as_ptr(),
            pairs,
            k,
            o,
            scratch.as_mut_ptr(),
            scratch_words,
            out.as_mut_ptr(),
        )
    };
    if s != ROUGE_OK {
        assert!(
            out.iter().all(|a| a.low.precision == SENTINEL),
            "written on error {s}"
        );
    }
    s
}

#[test]
fn test_options_init_fills_defaults_and_rejects_unknown_methods() {
    for m in [ROUGE_BOOTSTRAP_ROUGE_SCORE, ROUGE_BOOTSTRAP_PERL] {
        let o = options(m);
        assert_eq!(
            (o.method, o.seed, o.samples, o.confidence),
            (m, 0, 1000, 0.95)
        );
    }
    let mut o = rouge_bootstrap_options::default();
    assert_eq!(
        unsafe { rouge_bootstrap_options_init(2, &mut o) },
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert_eq!(
        unsafe { rouge_bootstrap_options_init(ROUGE_BOOTSTRAP_PERL, null_mut()) },
        ROUGE_ERR_NULL_POINTER
    );
}

#[test]
fn test_scratch_words_is_exact_and_checks_its_arguments() {
    let rs = options(ROUGE_BOOTSTRAP_ROUGE_SCORE);
    let perl = options(ROUGE_BOOTSTRAP_PERL);
    assert_eq!(words(&rs), 3000 + 312);
    assert_eq!(words(&perl), 3000);
    let data = corpus(9);
    assert_eq!(boot(&data, 2, &rs, words(&rs)), ROUGE_OK);
    assert_eq!(
        boot(&data, 2, &rs, words(&rs) - 1),
        ROUGE_ERR_SCRATCH_TOO_SMALL
    );
    assert_eq!(boot(&data, 2, &perl, words(&perl)), ROUGE_OK);
    assert_eq!(
        boot(&data, 2, &perl, words(&perl) - 1),
        ROUGE_ERR_SCRATCH_TOO_SMALL
    );

    let mut w = 0;
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(null(), &mut w) },
        ROUGE_ERR_NULL_POINTER
    );
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(&rs, null_mut()) },
        ROUGE_ERR_NULL_POINTER
    );
    let bad = [
        rouge_bootstrap_options { method: 9, ..rs },
        rouge_bootstrap_options { samples: 0, ..rs },
        rouge_bootstrap_options {
            confidence: 0.0,
            ..rs
        },
        rouge_bootstrap_options {
            confidence: 1.0,
            ..rs
        },
        rouge_bootstrap_options {
            confidence: -0.5,
            ..rs
        },
        rouge_bootstrap_options {
            confidence: f64::NAN,
            ..rs
        },
    ];
    for o in &bad {
        assert_eq!(
            unsafe { rouge_bootstrap_scratch_words(o, &mut w) },
            ROUGE_ERR_INVALID_ARGUMENT,
            "{o:?}"
        );
        assert_eq!(boot(&data, 2, o, 4000), ROUGE_ERR_INVALID_ARGUMENT, "{o:?}");
    }
    let huge = rouge_bootstrap_options {
        samples: usize::MAX / 2,
        ..perl
    };
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(&huge, &mut w) },
        ROUGE_ERR_INPUT_TOO_LONG
    );
}

#[test]
fn test_bootstrap_rejects_zero_pairs() {
    let o = options(ROUGE_BOOTSTRAP_ROUGE_SCORE);
    let mut scratch = vec![0u64; words(&o)];
    for k in [0, 1, 2] {
        let mut out = sentinel_aggregates(2);
        let s = unsafe {
            rouge_corpus_bootstrap(
                null(),
                0,
                k,
                &o,
                scratch.as_mut_ptr(),
                scratch.len(),
                out.as_mut_ptr(),
            )
        };
        assert_eq!(s, ROUGE_ERR_INVALID_ARGUMENT, "metric_count {k}");
    }
}

#[test]
fn test_bootstrap_rejects_non_finite_scores() {
    let o = options(ROUGE_BOOTSTRAP_PERL);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut data = corpus(4);
        data[5].score.recall = bad;
        assert_eq!(boot(&data, 2, &o, words(&o)), ROUGE_ERR_INVALID_ARGUMENT);
    }
}

#[test]
fn test_bootstrap_null_and_misaligned_pointers() {
    let o = options(ROUGE_BOOTSTRAP_ROUGE_SCORE);
    let data = corpus(3);
    let w = words(&o);
    let mut scratch = vec![0u64; w + 1];
    let mut out = sentinel_aggregates(2);
    let call = |results: *const rouge_result,
                pairs: usize,
                opts: *const rouge_bootstrap_options,
                scratch: *mut u64,
                words: usize,
                out: *mut rouge_aggregate| unsafe {
        rouge_corpus_bootstrap(results, pairs, 2, opts, scratch, words, out)
    };
    let (sp, op) = (scratch.as_mut_ptr(), out.as_mut_ptr());
    assert_eq!(call(null(), 3, &o, sp, w, op), ROUGE_ERR_NULL_POINTER);
    assert_eq!(
        call(data.as_ptr(), 3, null(), sp, w, op),
        ROUGE_ERR_NULL_POINTER
    );
    assert_eq!(
        call(data.as_ptr(), 3, &o, null_mut(), w, op),
        ROUGE_ERR_NULL_POINTER
    );
    assert_eq!(
        call(data.as_ptr(), 3, &o, sp, w, null_mut()),
        ROUGE_ERR_NULL_POINTER
    );
    let misaligned_scratch = (sp as *mut u8).wrapping_add(4) as *mut u64;
    assert_eq!(
        call(data.as_ptr(), 3, &o, misaligned_scratch, w, op),
        ROUGE_ERR_SCRATCH_MISALIGNED
    );
    let misaligned_results = (data.as_ptr() as *const u8).wrapping_add(4) as *const rouge_result;
    assert_eq!(
        call(misaligned_results, 3, &o, sp, w, op),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert_eq!(
        call(data.as_ptr(), usize::MAX, &o, sp, w, op),
        ROUGE_ERR_INPUT_TOO_LONG
    );
    assert!(out.iter().all(|a| a.mid.recall == SENTINEL));
    assert_eq!(call(data.as_ptr(), 3, &o, sp, w, op), ROUGE_OK);
}

#[test]
fn test_bootstrap_with_no_metrics_accepts_a_null_output() {
    let o = options(ROUGE_BOOTSTRAP_PERL);
    let data = corpus(3);
    let mut scratch = vec![0u64; words(&o)];
    let s = unsafe {
        rouge_corpus_bootstrap(
            data.as_ptr(),
            3,
            0,
            &o,
            scratch.as_mut_ptr(),
            scratch.len(),
            null_mut(),
        )
    };
    assert_eq!(s, ROUGE_OK);
}

fn run_c(data: &[rouge_result], k: usize, o: &rouge_bootstrap_options) -> Vec<rouge_aggregate> {
    let mut scratch = vec![0u64; words(o)];
    let mut out = sentinel_aggregates(k);
    let s = unsafe {
        rouge_corpus_bootstrap(
            data.as_ptr(),
            data.len() / k,
            k,
            o,
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    assert_eq!(s, ROUGE_OK);
    out
}

#[test]
fn test_bootstrap_is_deterministic_and_matches_the_rust_api() {
    let data = corpus(31);
    let rust: Vec<MetricResult> = data
        .iter()
        .map(|r| MetricResult {
            score: Score {
                precision: r.score.precision,
                recall: r.score.recall,
                fmeasure: r.score.fmeasure,
            },
            counts: Counts::default(),
        })
        .collect();
    for (method, m) in [
        (ROUGE_BOOTSTRAP_ROUGE_SCORE, Method::RougeScore),
        (ROUGE_BOOTSTRAP_PERL, Method::Perl),
    ] {
        let o = rouge_bootstrap_options {
            seed: 17,
            samples: 200,
            confidence: 0.9,
            ..options(method)
        };
        let a = run_c(&data, 2, &o);
        assert_eq!(a, run_c(&data, 2, &o), "same seed, same intervals");
        assert_ne!(
            a,
            run_c(&data, 2, &rouge_bootstrap_options { seed: 18, ..o })
        );
        let b = Bootstrap {
            method: m,
            samples: 200,
            confidence: 0.9,
            seed: 17,
        };
        let mut scratch = vec![0u64; bootstrap_scratch_words(&b).unwrap()];
        let mut out = vec![Aggregate::default(); 2];
        bootstrap(
            &PairMajor::new(&rust, 2).unwrap(),
            &b,
            &mut scratch,
            &mut out,
        )
        .unwrap();
        for (r, c) in out.iter().zip(&a) {
            assert_eq!(r.mid.recall, c.mid.recall);
            assert_eq!(r.low.fmeasure, c.low.fmeasure);
            assert_eq!(r.high.precision, c.high.precision);
            assert!(c.low.recall <= c.mid.recall && c.mid.recall <= c.high.recall);
        }
    }
}

#[test]
fn test_macro_mean_values_and_errors() {
    let data = corpus(4);
    let mut out = [rouge_score::default(); 2];
    assert_eq!(
        unsafe { rouge_corpus_macro(data.as_ptr(), 4, 2, out.as_mut_ptr()) },
        ROUGE_OK
    );
    let mean = |m: usize, f: fn(&rouge_result) -> f64| {
        (0..4).map(|p| f(&data[p * 2 + m])).sum::<f64>() / 4.0
    };
    assert_eq!(out[0].precision, mean(0, |r| r.score.precision));
    assert_eq!(out[1].fmeasure, mean(1, |r| r.score.fmeasure));

    let mut untouched = [rouge_score {
        precision: SENTINEL,
        ..Default::default()
    }; 2];
    let o = untouched.as_mut_ptr();
    let mut nan = corpus(4);
    nan[3].score.fmeasure = f64::NAN;
    unsafe {
        assert_eq!(
            rouge_corpus_macro(null(), 0, 2, o),
            ROUGE_ERR_INVALID_ARGUMENT
        );
        assert_eq!(
            rouge_corpus_macro(nan.as_ptr(), 4, 2, o),
            ROUGE_ERR_INVALID_ARGUMENT
        );
        assert_eq!(rouge_corpus_macro(null(), 4, 2, o), ROUGE_ERR_NULL_POINTER);
        assert_eq!(
            rouge_corpus_macro(data.as_ptr(), 4, 2, null_mut()),
            ROUGE_ERR_NULL_POINTER
        );
        assert_eq!(
            rouge_corpus_macro(data.as_ptr(), usize::MAX, 2, o),
            ROUGE_ERR_INPUT_TOO_LONG
        );
        assert_eq!(
            rouge_corpus_macro(data.as_ptr(), 4, 0, null_mut()),
            ROUGE_OK
        );
    }
    assert!(untouched.iter().all(|s| s.precision == SENTINEL));
}

fn metric_n(n: u32) -> rouge_metric {
    rouge_metric {
        kind: ROUGE_METRIC_N,
        n,
        skip: 0,
        weight: 0.0,
    }
}

fn rouge_options_of(flavour: u32) -> rouge_options {
    let mut o = rouge_options::default();
    assert_eq!(unsafe { rouge_options_init(flavour, &mut o) }, ROUGE_OK);
    o
}

#[test]
fn test_micro_pools_counts_including_weighted_rouge_w() {
    let w = rouge_metric {
        kind: ROUGE_METRIC_W,
        n: 0,
        skip: 0,
        weight: 1.2,
    };
    let metrics = [metric_n(1), w];
    // Pair 1: N hit 2 of 4 (ref) and 5 (cand); W hit 3.0 of f(10) and f(8). Pair 2 likewise.
    let f = |x: f64| x.powf(1.2);
    let data = [
        result(0.0, 0.0, 0.0, [2.0, 4.0, 5.0]),
        result(0.0, 0.0, 0.0, [3.0, f(10.0), f(8.0)]),
        result(0.0, 0.0, 0.0, [1.0, 6.0, 5.0]),
        result(0.0, 0.0, 0.0, [4.0, f(6.0), f(9.0)]),
    ];
    let o = rouge_options_of(ROUGE_FLAVOUR_ROUGE_SCORE);
    let mut out = [rouge_result::default(); 2];
    let s =
        unsafe { rouge_corpus_micro(data.as_ptr(), 2, metrics.as_ptr(), 2, &o, out.as_mut_ptr()) };
    assert_eq!(s, ROUGE_OK);
    assert_eq!(out[0].counts.hit, 3.0);
    assert_eq!(out[0].score.recall, 0.3);
    assert_eq!(out[0].score.precision, 0.3);
    let (r, p) = (
        (7.0 / (f(10.0) + f(6.0))).powf(1.0 / 1.2),
        (7.0 / (f(8.0) + f(9.0))).powf(1.0 / 1.2),
    );
    assert!((out[1].score.recall - r).abs() < 1e-15);
    assert!((out[1].score.precision - p).abs() < 1e-15);
    assert!((out[1].score.fmeasure - 2.0 * p * r / (p + r)).abs() < 1e-15);

    // The Perl flavour rounds R and P to five decimals before F.
    let perl = rouge_options_of(ROUGE_FLAVOUR_PERL);
    let thirds = [result(0.0, 0.0, 0.0, [1.0, 3.0, 6.0])];
    let mut one = [rouge_result::default()];
    let s = unsafe {
        rouge_corpus_micro(
            thirds.as_ptr(),
            1,
            metrics.as_ptr(),
            1,
            &perl,
            one.as_mut_ptr(),
        )
    };
    assert_eq!(s, ROUGE_OK);
    assert_eq!(one[0].score.recall, 0.33333);
    assert_eq!(one[0].score.precision, 0.16667);
}

#[test]
fn test_micro_errors() {
    let data = corpus(3);
    let metrics = [metric_n(1), metric_n(2)];
    let o = rouge_options_of(ROUGE_FLAVOUR_ROUGE_SCORE);
    let mut out = [rouge_result {
        score: rouge_score {
            precision: SENTINEL,
            ..Default::default()
        },
        ..Default::default()
    }; 2];
    let op = out.as_mut_ptr();
    let call = |results: *const rouge_result,
                pairs: usize,
                ms: *const rouge_metric,
                opts: *const rouge_options,
                out: *mut rouge_result| unsafe {
        rouge_corpus_micro(results, pairs, ms, 2, opts, out)
    };
    let (dp, mp) = (data.as_ptr(), metrics.as_ptr());
    assert_eq!(call(null(), 0, mp, &o, op), ROUGE_ERR_INVALID_ARGUMENT);
    assert_eq!(call(null(), 3, mp, &o, op), ROUGE_ERR_NULL_POINTER);
    assert_eq!(call(dp, 3, null(), &o, op), ROUGE_ERR_NULL_POINTER);
    assert_eq!(call(dp, 3, mp, null(), op), ROUGE_ERR_NULL_POINTER);
    assert_eq!(call(dp, 3, mp, &o, null_mut()), ROUGE_ERR_NULL_POINTER);
    assert_eq!(call(dp, usize::MAX, mp, &o, op), ROUGE_ERR_INPUT_TOO_LONG);
    let bad_metrics = [
        [metric_n(1), metric_n(0)],
        [
            metric_n(1),
            rouge_metric {
                kind: 99,
                ..metric_n(1)
            },
        ],
        [
            metric_n(1),
            rouge_metric {
                kind: ROUGE_METRIC_W,
                weight: 0.5,
                ..metric_n(1)
            },
        ],
    ];
    for ms in &bad_metrics {
        assert_eq!(call(dp, 3, ms.as_ptr(), &o, op), ROUGE_ERR_INVALID_ARGUMENT);
    }
    for bad in [
        rouge_options { alpha: 1.5, ..o },
        rouge_options { flavour: 7, ..o },
        rouge_options {
            multi_reference: 9,
            ..o
        },
    ] {
        assert_eq!(call(dp, 3, mp, &bad, op), ROUGE_ERR_INVALID_ARGUMENT);
    }
    let mut inf = corpus(3);
    inf[4].counts.hit = f64::INFINITY;
    assert_eq!(
        call(inf.as_ptr(), 3, mp, &o, op),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert!(out.iter().all(|r| r.score.precision == SENTINEL));
    assert_eq!(call(dp, 3, mp, &o, op), ROUGE_OK);
}
