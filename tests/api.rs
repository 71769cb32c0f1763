//! The safe API and the C ABI on edge cases: argument checks, exact scratch sizes, batch calls
//! equal to single calls.

use rouge::capi::*;
use rouge::{
    score_batch, score_pair, scratch_words, Batch, Dims, Error, Metric, MetricResult, Options,
    Summary,
};

#[test]
fn test_dims_of_rejects_bad_sentence_ends() {
    let t = [1u32, 2, 3, 4];
    let e = [5usize];
    let ok = rouge_summary {
        tokens: t.as_ptr(),
        len: 4,
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    };
    let bad = rouge_summary {
        tokens: t.as_ptr(),
        len: 4,
        sentence_ends: e.as_ptr(),
        sentence_count: 1,
    };
    let mut d = rouge_dims::default();
    assert_eq!(
        unsafe { rouge_dims_of(&bad, &ok, 1, &mut d) },
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert_eq!(
        unsafe { rouge_dims_of(&ok, &bad, 1, &mut d) },
        ROUGE_ERR_INVALID_ARGUMENT
    );
    assert_eq!(d, rouge_dims::default(), "nothing written on failure");
    assert_eq!(unsafe { rouge_dims_of(&ok, &ok, 1, &mut d) }, ROUGE_OK);
    assert_eq!(d.candidate_sentence_len, 4);
}

#[test]
fn test_huge_rouge_w_weight_is_refused_not_nan() {
    // Miri runs the weighted DP some thousand times slower: 100 tokens there instead of 1000.
    let len: u32 = if cfg!(miri) { 100 } else { 1000 };
    let a: Vec<u32> = (0..len).collect();
    let refs = [Summary::new(&a, &[])];
    let c = Summary::new(&a, &[]);
    for o in [Options::rouge_score(), Options::perl()] {
        let ms = [Metric::W(1e300)];
        assert_eq!(
            scratch_words(&ms, &o, &Dims::of(&c, &refs[..])),
            Err(Error::InvalidArgument)
        );
        let mut scratch = vec![0u64; 1 << 16];
        let mut out = [MetricResult::default()];
        assert_eq!(
            score_pair(&c, &refs[..], &ms, &o, &mut scratch, &mut out),
            Err(Error::InvalidArgument)
        );
        // A weight that stays finite works.
        let ms = [Metric::W(2.0)];
        let words = scratch_words(&ms, &o, &Dims::of(&c, &refs[..])).unwrap();
        let mut scratch = vec![0u64; words];
        score_pair(&c, &refs[..], &ms, &o, &mut scratch, &mut out).unwrap();
        if o.flavour == rouge::Flavour::RougeScore {
            assert!((out[0].score.fmeasure - 1.0).abs() < 1e-12, "{:?}", out[0]);
        } else {
            // Perl weights the reference length twice: R = (f(m) / f(f(m)))^(1/w) = 1/m here.
            assert_eq!(
                (out[0].score.precision, out[0].score.recall),
                (1.0, 1.0 / f64::from(len)),
                "{:?}",
                out[0]
            );
        }
    }
}

#[test]
fn test_tokenize_checks_sizes_before_reading() {
    // A large text that is not UTF-8: the too-small scratch is reported before the text is
    // read (reading it first would answer ROUGE_ERR_INVALID_UTF8, or tokenise a megabyte). It
    // was once an unreadable pointer, but a slice of memory that is not there is undefined
    // behaviour even unread (Miri reports it), and the header asks for valid memory.
    let text = vec![0xffu8; 1 << 20];
    let texts = [rouge_str {
        ptr: text.as_ptr().cast(),
        len: text.len(),
    }];
    let mut ids = [0u32; 4];
    let mut ends = [0usize; 4];
    let mut out = [rouge_summary {
        tokens: std::ptr::null(),
        len: 0,
        sentence_ends: std::ptr::null(),
        sentence_count: 0,
    }];
    let mut scratch = [0u64; 4];
    let s = unsafe {
        rouge_tokenize_basic(
            texts.as_ptr(),
            1,
            ids.as_mut_ptr(),
            4,
            ends.as_mut_ptr(),
            4,
            out.as_mut_ptr(),
            scratch.as_mut_ptr(),
            4,
        )
    };
    assert_eq!(s, ROUGE_ERR_SCRATCH_TOO_SMALL);
}

#[test]
fn test_batch_equals_single_calls() {
    // Three pairs: one with two references, one with sentence ends.
    let tokens: Vec<u32> = vec![
        1, 2, 3, 4, 5, /* cand 0 */ 1, 2, 4, 5, /* ref 0a */ 5, 4, 3, /* ref 0b */
        7, 8, 9, 7, 8, /* cand 1 */ 7, 9, 8, 7, /* ref 1 */
        1, 1, 1, /* cand 2 */ 1, 2, 1, 2, 1, /* ref 2 */
    ];
    let segment_ends = [5, 9, 12, 17, 21, 24, 29];
    let sentence_ends = [14, 19, 21, 26];
    let pair_segments = [0, 3, 5, 7];
    let batch = Batch {
        tokens: &tokens,
        segment_ends: &segment_ends,
        sentence_ends: &sentence_ends,
        pair_segments: &pair_segments,
    };
    let metrics = [
        Metric::N(1),
        Metric::N(2),
        Metric::L,
        Metric::Lsum,
        Metric::W(1.2),
        Metric::S(Some(1)),
        Metric::Su(None),
    ];
    for o in [Options::rouge_score(), Options::perl()] {
        let words = scratch_words(&metrics, &o, &batch.dims().unwrap()).unwrap();
        let mut scratch = vec![0u64; words];
        let mut out = vec![MetricResult::default(); 3 * metrics.len()];
        score_batch(&batch, &metrics, &o, &mut scratch, &mut out).unwrap();
        let seg = |k: usize, ends: &'static [usize]| {
            Summary::new(
                &tokens[if k == 0 { 0 } else { segment_ends[k - 1] }..segment_ends[k]],
                ends,
            )
        };
        let singles: [(Summary, Vec<Summary>); 3] = [
            (seg(0, &[]), vec![seg(1, &[]), seg(2, &[])]),
            (seg(3, &[2]), vec![seg(4, &[2, 4])]),
            (seg(5, &[]), vec![seg(6, &[2])]),
        ];
        for (p, (c, r)) in singles.iter().enumerate() {
            let mut one = vec![MetricResult::default(); metrics.len()];
            let mut s2 = vec![0u64; scratch_words(&metrics, &o, &Dims::of(c, &r[..])).unwrap()];
            score_pair(c, &r[..], &metrics, &o, &mut s2, &mut one).unwrap();
            assert_eq!(
                &out[p * metrics.len()..(p + 1) * metrics.len()],
                &one[..],
                "pair {p}"
            );
        }
    }
}

/// The scratch for the maximum of two dimensions serves both (`Dims::max`, `TextDims::max`
/// promise it, and the batch calls and hosts rely on it): the size queries never ask less for
/// larger dimensions, on every metric set and lengths around the kernels' thresholds (one and
/// two words, a block, the short-reference path's 64 and 128 tokens, the sentence-level L
/// filter's 65,536 cells).
#[test]
fn test_scratch_for_larger_dims_is_never_smaller() {
    use rouge::text::{text_scratch_words, TextDims, TextOptions};
    let sets: [&[Metric]; 9] = [
        &[Metric::N(1)],
        &[Metric::N(2)],
        &[Metric::N(1), Metric::N(2)],
        &[Metric::L],
        &[Metric::Lsum],
        &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum],
        &[Metric::N(1), Metric::N(3), Metric::Lsum],
        &[Metric::W(1.2), Metric::Su(Some(4))],
        &[
            Metric::N(1),
            Metric::N(4),
            Metric::L,
            Metric::Lsum,
            Metric::W(1.2),
            Metric::S(None),
            Metric::Su(Some(4)),
        ],
    ];
    let lens: &[usize] = if cfg!(miri) {
        // Miri runs some thousand times slower: one length each side of the one-word and
        // block thresholds there, and fewer growths (below).
        &[0, 64, 65, 513]
    } else {
        &[
            0, 1, 40, 63, 64, 65, 100, 128, 129, 200, 300, 512, 513, 1100, 3000,
        ]
    };
    let grows: &[usize] = if cfg!(miri) {
        &[1, 2000]
    } else {
        &[1, 30, 64, 200, 2000]
    };
    for o in [Options::rouge_score(), Options::perl()] {
        for ms in sets {
            let words = |d: &Dims| scratch_words(ms, &o, d).unwrap();
            for &c in lens {
                for &r in lens {
                    for (cs, rs) in [(c, r), (c.min(40), r.min(40)), (c.min(64), r)] {
                        let small = Dims {
                            references: 1,
                            candidate_len: c,
                            reference_len: r,
                            candidate_sentence_len: cs,
                            reference_sentence_len: rs,
                        };
                        for &grow in grows {
                            let big = Dims {
                                reference_len: r + grow,
                                reference_sentence_len: rs + grow,
                                ..small
                            };
                            let big2 = Dims {
                                candidate_len: c + grow,
                                candidate_sentence_len: cs + grow,
                                ..small
                            };
                            for b in [
                                big,
                                big2,
                                small.max(big),
                                Dims {
                                    references: 3,
                                    ..big
                                },
                            ] {
                                assert!(
                                    words(&b) >= words(&small),
                                    "{ms:?} {o:?}: {small:?} needs {} > {b:?} {}",
                                    words(&small),
                                    words(&b)
                                );
                            }
                        }
                    }
                }
            }
            let t = TextOptions::rouge_score(false);
            let tw = |d: &TextDims| text_scratch_words(ms, &o, &t, d).unwrap();
            for &c in lens {
                for &r in lens {
                    let small = TextDims {
                        references: 1,
                        candidate_bytes: 2 * c,
                        reference_bytes: 2 * r,
                        candidate_line_bytes: 2 * c,
                        reference_line_bytes: 2 * r,
                    };
                    for grow in [1usize, 60, 400] {
                        let big = TextDims {
                            reference_bytes: 2 * r + grow,
                            reference_line_bytes: 2 * r + grow,
                            ..small
                        };
                        assert!(tw(&big) >= tw(&small), "{ms:?}: {small:?} vs {big:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn test_metric_names_with_multibyte_characters_are_refused_not_a_panic() {
    use rouge::capi::parse_metric;
    // Every UTF-8 string whose byte 5 falls inside a character, and a few around it: these
    // once panicked on `name[..5]` (an abort in the C library).
    for name in [
        "rougé",
        "rougéL",
        "rou€1",
        "ro😀",
        "😀😀",
        "rougeLé",
        "ROUGé-1",
        "rouge\u{301}1",
    ] {
        assert!(parse_metric(name.as_bytes()).is_none(), "{name}");
    }
    // Every prefix of a valid name followed by a two-, three- and four-byte character.
    for base in ["rouge1", "rougeLsum", "ROUGE-W-1.2", "rougeSU*"] {
        for cut in 0..=base.len() {
            for ch in ['é', '€', '😀'] {
                let name = format!("{}{}{}", &base[..cut], ch, &base[cut..]);
                assert!(parse_metric(name.as_bytes()).is_none(), "{name}");
            }
        }
        assert!(parse_metric(base.as_bytes()).is_some(), "{base}");
    }
}
