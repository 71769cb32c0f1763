//! The C entry points a full drop-in for rouge-score in a host language calls (added for the
//! Python package, issue 14; `capi::tokens`, `capi::corpus`, `capi::text`), called as a C host
//! would and checked against the library's other entry points: tokens against
//! `rouge_tokenize`'s ids, the numpy bootstrap against `rouge_corpus_bootstrap` (and numpy's
//! own draws), the text batch against `rouge_text_scorer_score` pair by pair.

mod common;
use common::rng::Rng;
use std::ffi::c_char;

use rouge::capi::tokens::*;
use rouge::capi::*;
use rouge::capi_corpus::*;
use rouge::capi_text::*;

fn s(t: &str) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

fn topts(tokenizer: u32, stem: bool, stopwords: bool) -> rouge_text_options {
    let mut o = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(tokenizer, &mut o) },
        ROUGE_OK
    );
    o.stem = stem as u32;
    o.stopwords = stopwords as u32;
    o
}

/// (span text, form) of every token, through the C ABI with exactly the sizes it answers.
fn tokens(text: &str, o: &rouge_text_options) -> Vec<(String, String)> {
    let (mut nt, mut nf) = (0usize, 0usize);
    assert_eq!(
        unsafe { rouge_text_tokens_sizes(text.len(), o, &mut nt, &mut nf) },
        ROUGE_OK
    );
    let mut toks = vec![rouge_token::default(); nt];
    let mut forms = vec![0u8; nf];
    let (mut count, mut used) = (usize::MAX, usize::MAX);
    let st = unsafe {
        rouge_text_tokens(
            &s(text),
            o,
            toks.as_mut_ptr(),
            toks.len(),
            forms.as_mut_ptr(),
            forms.len(),
            &mut count,
            &mut used,
        )
    };
    assert_eq!(st, ROUGE_OK);
    assert!(used <= nf && count <= nt);
    toks[..count]
        .iter()
        .map(|t| {
            (
                text[t.start..t.end].to_string(),
                String::from_utf8(forms[t.form_start..t.form_start + t.form_len].to_vec()).unwrap(),
            )
        })
        .collect()
}

/// `rouge_tokenize`'s ids of one text.
fn ids(text: &str, o: &rouge_text_options) -> Vec<u32> {
    let t = [s(text)];
    let (mut words, mut max) = (0usize, 0usize);
    assert_eq!(
        unsafe { rouge_tokenize_scratch_words(t.as_ptr(), 1, o, &mut words, &mut max) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut id = vec![0u32; max];
    let mut ends = vec![0usize; max];
    let mut out = [rouge_summary {
        tokens: std::ptr::null(),
        len: 0,
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    }];
    let st = unsafe {
        rouge_tokenize(
            t.as_ptr(),
            1,
            o,
            id.as_mut_ptr(),
            id.len(),
            ends.as_mut_ptr(),
            ends.len(),
            out.as_mut_ptr(),
            scratch.as_mut_ptr(),
            scratch.len(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    id.truncate(out[0].len);
    id
}

const TEXTS: &[&str] = &[
    "",
    "The quick brown fox jumps over the lazy dogs.",
    "Running runners ran; the meetings were MEETING-friendly\nSecond line: generalizations, 3.14",
    "\u{212A}elvin and \u{130}stanbul, caf\u{e9} na\u{ef}ve 中文 words",
    "  leading, trailing   \n\n\n x-ray co-operation it's   ",
    "relational conditional rational hopping hoping agreed feed",
];

#[test]
fn test_tokens_forms_number_as_rouge_tokenize_ids() {
    for &(tok, stem, stop) in &[
        (ROUGE_TOKENIZER_ROUGE_SCORE, false, false),
        (ROUGE_TOKENIZER_ROUGE_SCORE, true, false),
        (ROUGE_TOKENIZER_PERL, false, false),
        (ROUGE_TOKENIZER_PERL, true, false),
        (ROUGE_TOKENIZER_PERL, true, true),
    ] {
        let o = topts(tok, stem, stop);
        for text in TEXTS {
            let t = tokens(text, &o);
            let want = ids(text, &o);
            // Forms numbered in order of first appearance give rouge_tokenize's dense ids.
            let mut seen: Vec<&str> = Vec::new();
            let got: Vec<u32> = t
                .iter()
                .map(|(_, f)| match seen.iter().position(|x| x == f) {
                    Some(i) => i as u32,
                    None => {
                        seen.push(f);
                        (seen.len() - 1) as u32
                    }
                })
                .collect();
            assert_eq!(got, want, "{text:?} tokenizer {tok} stem {stem}");
        }
    }
}

#[test]
fn test_tokens_give_spans_and_stemmed_forms() {
    let o = topts(ROUGE_TOKENIZER_ROUGE_SCORE, true, false);
    let t = tokens("The friends had a MEETING \u{212A}X", &o);
    let want = [
        ("The", "the"),
        ("friends", "friend"),
        ("had", "had"),
        ("a", "a"),
        ("MEETING", "meet"),
        ("\u{212A}X", "kx"),
    ];
    assert_eq!(
        t,
        want.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<Vec<_>>()
    );
    // İ lowercases to i + U+0307, which separates: the span is the İ alone.
    let t = tokens("\u{130}stanbul", &o);
    assert_eq!(t[0], ("\u{130}".to_string(), "i".to_string()));
    assert_eq!(t[1].1, "stanbul");
}

#[test]
fn test_tokens_refuse_bad_input_and_small_outputs() {
    let o = topts(ROUGE_TOKENIZER_ROUGE_SCORE, false, false);
    let mut toks = vec![rouge_token::default(); 8];
    let mut forms = vec![0u8; 16];
    let (mut c, mut u) = (7usize, 7usize);
    let call = |text: &[u8],
                o: &rouge_text_options,
                tl: usize,
                fl: usize,
                c: &mut usize,
                u: &mut usize,
                toks: &mut [rouge_token],
                forms: &mut [u8]| unsafe {
        let t = rouge_str {
            ptr: text.as_ptr() as *const c_char,
            len: text.len(),
        };
        rouge_text_tokens(&t, o, toks.as_mut_ptr(), tl, forms.as_mut_ptr(), fl, c, u)
    };
    assert_eq!(
        call(b"a\0b", &o, 8, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_EMBEDDED_NUL
    );
    assert_eq!(
        call(b"a\xffb", &o, 8, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_INVALID_UTF8
    );
    assert_eq!(
        call(b"abc def", &o, 2, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_OUTPUT_TOO_SMALL
    );
    assert_eq!(
        call(b"abc def", &o, 8, 3, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_OUTPUT_TOO_SMALL
    );
    assert_eq!((c, u), (7, 7), "nothing written on errors");
    let uni = topts(ROUGE_TOKENIZER_UNICODE, false, false);
    assert_eq!(
        call(b"abc", &uni, 8, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    let mut limited = topts(ROUGE_TOKENIZER_PERL, false, false);
    limited.word_limit = 3;
    assert_eq!(
        call(b"abc", &limited, 8, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert_eq!(
        call(b"abc def", &o, 8, 16, &mut c, &mut u, &mut toks, &mut forms),
        ROUGE_OK
    );
    assert_eq!((c, u), (2, 6));
}

fn corpus(pairs: usize, metrics: usize) -> Vec<rouge_score> {
    // Deterministic, distinct scores, uniform in [0, 1).
    let mut rng = Rng(12345);
    let mut next = || (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    (0..pairs * metrics)
        .map(|_| rouge_score {
            precision: next(),
            recall: next(),
            fmeasure: next(),
        })
        .collect()
}

fn seeded(seed: u32) -> rouge_mt19937 {
    let mut mt = rouge_mt19937 {
        key: [0; 624],
        pos: 0,
    };
    assert_eq!(unsafe { rouge_mt19937_seed(seed, &mut mt) }, ROUGE_OK);
    mt
}

fn numpy_boot(
    scores: &[rouge_score],
    pairs: usize,
    metrics: usize,
    samples: usize,
    confidence: f64,
    mt: &mut rouge_mt19937,
) -> (u32, Vec<rouge_aggregate>) {
    let mut scratch = vec![0u64; 3 * samples];
    let zero = rouge_score {
        precision: -1.0,
        recall: -1.0,
        fmeasure: -1.0,
    };
    let mut out = vec![
        rouge_aggregate {
            low: zero,
            mid: zero,
            high: zero
        };
        metrics
    ];
    let st = unsafe {
        rouge_corpus_bootstrap_numpy(
            scores.as_ptr(),
            pairs,
            metrics,
            samples,
            confidence,
            mt,
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    (st, out)
}

fn key(a: &rouge_aggregate) -> [f64; 9] {
    let f = |s: &rouge_score| [s.precision, s.recall, s.fmeasure];
    let (l, m, h) = (f(&a.low), f(&a.mid), f(&a.high));
    [l[0], l[1], l[2], m[0], m[1], m[2], h[0], h[1], h[2]]
}

#[test]
fn test_mt19937_seed_gives_numpys_first_words() {
    // np.random.seed(0); np.random.get_state()[1][:3] and [623]; pos 624.
    let mt = seeded(0);
    assert_eq!(&mt.key[..3], &[0, 1, 1_812_433_255]);
    assert_eq!(mt.pos, 624);
    // np.random.seed(123): state words 0 and 1.
    assert_eq!(&seeded(123).key[..2], &[123, 3_885_958_024]);
}

#[test]
fn test_numpy_bootstrap_equals_corpus_bootstrap_and_carries_the_state() {
    let (pairs, metrics) = (37, 3);
    let scores = corpus(pairs, metrics);
    let results: Vec<rouge_result> = scores
        .iter()
        .map(|s| rouge_result {
            score: *s,
            counts: rouge_counts {
                hit: 0.0,
                reference_total: 0.0,
                candidate_total: 0.0,
            },
        })
        .collect();
    let mut o = rouge_bootstrap_options {
        method: 0,
        seed: 0,
        samples: 0,
        confidence: 0.0,
    };
    assert_eq!(
        unsafe { rouge_bootstrap_options_init(ROUGE_BOOTSTRAP_ROUGE_SCORE, &mut o) },
        ROUGE_OK
    );
    o.seed = 123;
    o.samples = 200;
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(&o, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut want = vec![
        rouge_aggregate {
            low: results[0].score,
            mid: results[0].score,
            high: results[0].score
        };
        metrics
    ];
    let st = unsafe {
        rouge_corpus_bootstrap(
            results.as_ptr(),
            pairs,
            metrics,
            &o,
            scratch.as_mut_ptr(),
            scratch.len(),
            want.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    // All metrics in one call, from np.random.seed(123).
    let mut mt = seeded(123);
    let (st, got) = numpy_boot(&scores, pairs, metrics, 200, 0.95, &mut mt);
    assert_eq!(st, ROUGE_OK);
    for m in 0..metrics {
        assert_eq!(key(&got[m]), key(&want[m]), "metric {m}");
    }
    // One metric per call, the state carried from call to call: the same draws.
    let mut mt = seeded(123);
    for m in 0..metrics {
        let column: Vec<rouge_score> = (0..pairs).map(|p| scores[p * metrics + m]).collect();
        let (st, one) = numpy_boot(&column, pairs, 1, 200, 0.95, &mut mt);
        assert_eq!(st, ROUGE_OK);
        assert_eq!(key(&one[0]), key(&want[m]), "metric {m} alone");
    }
}

#[test]
fn test_numpy_bootstrap_accepts_confidence_zero_and_one() {
    let scores = corpus(9, 1);
    let (st, zero) = numpy_boot(&scores, 9, 1, 100, 0.0, &mut seeded(7));
    assert_eq!(st, ROUGE_OK);
    let z = key(&zero[0]);
    assert_eq!(z[0..3], z[3..6], "confidence 0: low = mid");
    assert_eq!(z[6..9], z[3..6], "confidence 0: high = mid");
    let (st, one) = numpy_boot(&scores, 9, 1, 100, 1.0, &mut seeded(7));
    assert_eq!(st, ROUGE_OK);
    let o = key(&one[0]);
    assert_eq!(o[3..6], z[3..6], "same draws, same median");
    // At confidence 1 the ends are the smallest and largest resampled means: outside
    // every other interval, and inside the range of the scores.
    let (_, mid) = numpy_boot(&scores, 9, 1, 100, 0.5, &mut seeded(7));
    let m = key(&mid[0]);
    for i in 0..3 {
        assert!(o[i] <= m[i] && m[i + 6] <= o[i + 6]);
        assert!(o[i] < o[i + 6]);
    }
    let lo = scores.iter().map(|s| s.precision).fold(f64::MAX, f64::min);
    assert!(o[0] >= lo);
    for bad in [-0.01, 1.01, f64::NAN] {
        let mut mt = seeded(7);
        let before = mt.key;
        let (st, _) = numpy_boot(&scores, 9, 1, 100, bad, &mut mt);
        assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT);
        assert_eq!(mt.key, before, "state untouched on error");
    }
    let (st, _) = numpy_boot(&scores, 0, 1, 100, 0.5, &mut seeded(7));
    assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT);
}

#[test]
fn test_text_batch_equals_one_call_per_pair() {
    let metrics: Vec<rouge_metric> = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeSU4"]
        .iter()
        .map(|n| parse_metric(n.as_bytes()).unwrap())
        .collect();
    let mut opts = rouge_options::default();
    assert_eq!(unsafe { rouge_options_init(0, &mut opts) }, ROUGE_OK);
    let t = topts(ROUGE_TOKENIZER_ROUGE_SCORE, true, false);
    let cands = [TEXTS[1], TEXTS[2], TEXTS[3], TEXTS[5]];
    let refs_of: [&[&str]; 4] = [
        &[TEXTS[2]],
        &[TEXTS[1], TEXTS[5]],
        &[TEXTS[0]],
        &[TEXTS[4], TEXTS[3], TEXTS[1]],
    ];
    let c: Vec<rouge_str> = cands.iter().map(|x| s(x)).collect();
    let r: Vec<rouge_str> = refs_of
        .iter()
        .flat_map(|v| v.iter().map(|x| s(x)))
        .collect();
    let mut offsets = vec![0usize];
    for v in refs_of {
        offsets.push(offsets.last().unwrap() + v.len());
    }
    let dims = rouge_text_dims {
        reference_count: 3,
        candidate_bytes: 200,
        reference_bytes: 200,
        candidate_line_bytes: 200,
        reference_line_bytes: 200,
    };
    let mut scorer = std::mem::MaybeUninit::<rouge_text_scorer>::uninit();
    let st = unsafe {
        rouge_text_scorer_init(
            metrics.as_ptr(),
            metrics.len(),
            &opts,
            &t,
            &dims,
            scorer.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    let scorer = unsafe { scorer.assume_init() };
    let mut scratch = vec![0u64; scorer.scratch_words];
    let blank = rouge_result {
        score: rouge_score {
            precision: -1.0,
            recall: -1.0,
            fmeasure: -1.0,
        },
        counts: rouge_counts {
            hit: -1.0,
            reference_total: -1.0,
            candidate_total: -1.0,
        },
    };
    let mut got = vec![blank; cands.len() * metrics.len()];
    let st = unsafe {
        rouge_text_scorer_score_batch(
            &scorer,
            c.as_ptr(),
            r.as_ptr(),
            offsets.as_ptr(),
            cands.len(),
            scratch.as_mut_ptr(),
            scratch.len(),
            got.as_mut_ptr(),
            got.len(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    for p in 0..cands.len() {
        let mut want = vec![blank; metrics.len()];
        let rr = &r[offsets[p]..offsets[p + 1]];
        let st = unsafe {
            rouge_text_scorer_score(
                &scorer,
                &c[p],
                rr.as_ptr(),
                rr.len(),
                scratch.as_mut_ptr(),
                scratch.len(),
                want.as_mut_ptr(),
            )
        };
        assert_eq!(st, ROUGE_OK);
        for m in 0..metrics.len() {
            let (g, w) = (got[p * metrics.len() + m], want[m]);
            assert_eq!(
                (g.score.precision, g.score.recall, g.score.fmeasure),
                (w.score.precision, w.score.recall, w.score.fmeasure),
                "pair {p} metric {m}"
            );
        }
    }
    // A pair without references and a short output are refused.
    let bad = [0usize, 1, 1, 3, 6];
    let st = unsafe {
        rouge_text_scorer_score_batch(
            &scorer,
            c.as_ptr(),
            r.as_ptr(),
            bad.as_ptr(),
            4,
            scratch.as_mut_ptr(),
            scratch.len(),
            got.as_mut_ptr(),
            got.len(),
        )
    };
    assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT);
    let st = unsafe {
        rouge_text_scorer_score_batch(
            &scorer,
            c.as_ptr(),
            r.as_ptr(),
            offsets.as_ptr(),
            4,
            scratch.as_mut_ptr(),
            scratch.len(),
            got.as_mut_ptr(),
            got.len() - 1,
        )
    };
    assert_eq!(st, ROUGE_ERR_OUTPUT_TOO_SMALL);
}
