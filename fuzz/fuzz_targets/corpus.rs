//! `rouge_corpus_macro`, `_micro` and `_bootstrap` on results of any value (fractions, and
//! sometimes NaN, infinities, negatives, huge counts): refused exactly when the header says,
//! nothing written when refused; the macro average equals a plain mean, the micro counts plain
//! sums; rouge-score's bootstrap gives low <= mid <= high within the column's range, and every
//! bootstrap is deterministic.
#![no_main]

mod common;

use common::oracle::close;
use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_corpus::*;

fn value(inp: &mut Input) -> f64 {
    match inp.below(32) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => -0.25,
        3 => f64::from_bits(inp.u64()),
        4 => 1e308,
        _ => inp.below(9) as f64 / 8.0,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let pairs = 1 + inp.below(24);
    let metric_count = 1 + inp.below(3);
    let results: Vec<rouge_result> = (0..pairs * metric_count)
        .map(|_| rouge_result {
            score: rouge_score {
                precision: value(&mut inp),
                recall: value(&mut inp),
                fmeasure: value(&mut inp),
            },
            counts: rouge_counts {
                hit: value(&mut inp) * 8.0,
                reference_total: value(&mut inp) * 8.0,
                candidate_total: value(&mut inp) * 8.0,
            },
        })
        .collect();
    let col = |m: usize, f: fn(&rouge_result) -> f64| -> Vec<f64> {
        (0..pairs)
            .map(|p| f(&results[p * metric_count + m]))
            .collect()
    };
    let scores: [fn(&rouge_result) -> f64; 3] = [
        |r| r.score.precision,
        |r| r.score.recall,
        |r| r.score.fmeasure,
    ];
    let all_finite = results.iter().all(|r| {
        [r.score.precision, r.score.recall, r.score.fmeasure]
            .iter()
            .all(|v| v.is_finite())
    });
    // Macro.
    let mut out = vec![rouge_score::default(); metric_count];
    let st = unsafe { rouge_corpus_macro(results.as_ptr(), pairs, metric_count, out.as_mut_ptr()) };
    if all_finite {
        // A sum of finite values can still overflow to infinity (1e308 twice).
        let sums_finite = (0..metric_count).all(|m| {
            scores
                .iter()
                .all(|f| col(m, *f).iter().sum::<f64>().is_finite())
        });
        if sums_finite {
            assert_eq!(st, ROUGE_OK);
        }
    } else {
        assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT);
    }
    if st == ROUGE_OK {
        for m in 0..metric_count {
            let got = [out[m].precision, out[m].recall, out[m].fmeasure];
            for (g, f) in got.iter().zip(scores) {
                let c = col(m, f);
                let want = c.iter().sum::<f64>() / pairs as f64;
                // Huge finite scores (no scorer gives one) can sum to infinity, as in numpy.
                assert!(close(*g, want) || !want.is_finite(), "macro {g} vs {want}");
            }
        }
    } else {
        assert!(
            out.iter().all(|s| *s == rouge_score::default()),
            "a refused macro wrote"
        );
    }
    // Micro.
    let metrics = (0..metric_count)
        .map(|_| {
            let (k, n, s, w) = inp.pick(&METRICS);
            metric(k, n, s, w)
        })
        .collect::<Vec<_>>();
    let o = options(&mut inp);
    let mut mout = vec![rouge_result::default(); metric_count];
    let st = unsafe {
        rouge_corpus_micro(
            results.as_ptr(),
            pairs,
            metrics.as_ptr(),
            metric_count,
            &o,
            mout.as_mut_ptr(),
        )
    };
    status_in(st, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "micro");
    let counts: [fn(&rouge_result) -> f64; 3] = [
        |r| r.counts.hit,
        |r| r.counts.reference_total,
        |r| r.counts.candidate_total,
    ];
    let counts_ok = (0..metric_count).all(|m| {
        counts.iter().all(|f| {
            let c = col(m, *f);
            c.iter().all(|v| v.is_finite() && *v >= 0.0) && c.iter().sum::<f64>().is_finite()
        })
    });
    if !counts_ok {
        assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT, "micro took bad counts");
    } else if st != ROUGE_OK {
        // Refused only when a score of the sums overflows: a ratio of a hit sum to a total
        // beyond 1e150 (P * R then overflows in F).
        let overflow = (0..metric_count).any(|m| {
            let sum = |f: fn(&rouge_result) -> f64| col(m, f).iter().sum::<f64>();
            let (h, r, c) = (sum(counts[0]), sum(counts[1]), sum(counts[2]));
            (r > 0.0 && h / r > 1e150) || (c > 0.0 && h / c > 1e150)
        });
        assert!(overflow, "micro refused valid counts: status {st}");
    }
    if st == ROUGE_OK {
        for m in 0..metric_count {
            let got = [
                mout[m].counts.hit,
                mout[m].counts.reference_total,
                mout[m].counts.candidate_total,
            ];
            for (g, f) in got.iter().zip(counts) {
                let want: f64 = col(m, f).iter().sum();
                assert!(close(*g, want), "micro count {g} vs {want}");
            }
            for v in [
                mout[m].score.precision,
                mout[m].score.recall,
                mout[m].score.fmeasure,
            ] {
                assert!(v.is_finite(), "micro score {v}");
            }
        }
    } else {
        assert!(
            mout.iter().all(|r| *r == rouge_result::default()),
            "a refused micro wrote"
        );
    }
    // Bootstrap.
    let b = rouge_bootstrap_options {
        method: inp.below(2) as u32,
        seed: inp.u32(),
        samples: 1 + inp.below(64),
        confidence: match inp.below(4) {
            0 => inp.pick(&[0.95, 0.5, 0.01, 0.99, 0.999, 0.68]),
            _ => (1 + inp.below(999)) as f64 / 1000.0,
        },
    };
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_bootstrap_scratch_words(&b, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut agg = vec![rouge_aggregate::default(); metric_count];
    let st = unsafe {
        rouge_corpus_bootstrap(
            results.as_ptr(),
            pairs,
            metric_count,
            &b,
            scratch.as_mut_ptr(),
            words,
            agg.as_mut_ptr(),
        )
    };
    if !all_finite {
        assert_eq!(st, ROUGE_ERR_INVALID_ARGUMENT);
        assert!(
            agg.iter().all(|a| *a == rouge_aggregate::default()),
            "a refused bootstrap wrote"
        );
        return;
    }
    status_in(st, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "bootstrap");
    if st != ROUGE_OK {
        return;
    }
    let mut again = vec![rouge_aggregate::default(); metric_count];
    let st = unsafe {
        rouge_corpus_bootstrap(
            results.as_ptr(),
            pairs,
            metric_count,
            &b,
            scratch.as_mut_ptr(),
            words,
            again.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    // Bit for bit (means of huge scores overflow to infinity and their interpolation gives
    // NaN, as numpy's does).
    let bits = |a: &[rouge_aggregate]| -> Vec<u64> {
        a.iter()
            .flat_map(|x| [x.low, x.mid, x.high])
            .flat_map(|s| [s.precision, s.recall, s.fmeasure])
            .map(f64::to_bits)
            .collect()
    };
    assert!(bits(&agg) == bits(&again), "bootstrap is not deterministic");
    if b.method == ROUGE_BOOTSTRAP_ROUGE_SCORE {
        for m in 0..metric_count {
            let a = &agg[m];
            let trip = [
                (
                    a.low.precision,
                    a.mid.precision,
                    a.high.precision,
                    scores[0],
                ),
                (a.low.recall, a.mid.recall, a.high.recall, scores[1]),
                (a.low.fmeasure, a.mid.fmeasure, a.high.fmeasure, scores[2]),
            ];
            for (lo, mid, hi, f) in trip {
                let c = col(m, f);
                // Means of huge finite scores overflow to infinity, as numpy's do: no interval
                // property to check then.
                if !c.iter().sum::<f64>().is_finite() || c.iter().any(|v| v.abs() > 1e300) {
                    continue;
                }
                let (min, max) = c
                    .iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                        (a.min(v), b.max(v))
                    });
                let eps = 1e-9 * max.abs().max(min.abs()).max(1.0);
                assert!(
                    lo <= mid + eps && mid <= hi + eps,
                    "low {lo} mid {mid} high {hi}"
                );
                assert!(
                    lo >= min - eps && hi <= max + eps,
                    "[{lo}, {hi}] outside [{min}, {max}]"
                );
            }
        }
    }
});
