//! Every metric of `rouge_score_pair` against the naive oracle of the property tests, on small
//! token sequences with sentence ends, one to three references, every policy and flavour.
#![no_main]

mod common;

use common::oracle::{close, oracle, Text};
use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::{Flavour, Metric, MultiRef, Options};

fn rust_metric(m: &rouge_metric) -> Metric {
    let skip = usize::try_from(m.skip).ok();
    match m.kind {
        ROUGE_METRIC_N => Metric::N(m.n as usize),
        ROUGE_METRIC_L => Metric::L,
        ROUGE_METRIC_LSUM => Metric::Lsum,
        ROUGE_METRIC_W => Metric::W(m.weight),
        ROUGE_METRIC_S => Metric::S(skip),
        _ => Metric::Su(skip),
    }
}

fn rust_options(o: &rouge_options) -> Options {
    Options {
        flavour: if o.flavour == ROUGE_FLAVOUR_PERL {
            Flavour::Perl
        } else {
            Flavour::RougeScore
        },
        multi_ref: [MultiRef::BestF, MultiRef::PerlA, MultiRef::PerlB][o.multi_reference as usize],
        jackknife: o.jackknife != 0,
        round: o.round != 0,
        alpha: o.alpha,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let metrics = metrics(&mut inp);
    let o = options(&mut inp);
    let cand = tokens(&mut inp, 80);
    let refs: Vec<(Vec<u32>, Vec<usize>)> = (0..1 + inp.below(3))
        .map(|_| tokens(&mut inp, 80))
        .collect();
    let c = summary(&cand.0, &cand.1);
    let rs: Vec<rouge_summary> = refs.iter().map(|(t, e)| summary(t, e)).collect();
    let mut dims = rouge_dims::default();
    assert_eq!(
        unsafe { rouge_dims_of(&c, rs.as_ptr(), rs.len(), &mut dims) },
        ROUGE_OK
    );
    let mut words = 0usize;
    assert_eq!(
        unsafe { rouge_scratch_words(metrics.as_ptr(), metrics.len(), &o, &dims, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); metrics.len()];
    let st = unsafe {
        rouge_score_pair(
            &c,
            rs.as_ptr(),
            rs.len(),
            metrics.as_ptr(),
            metrics.len(),
            &o,
            scratch.as_mut_ptr(),
            scratch.len(),
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    // The size query is exact: one word less is refused.
    if words > 0 {
        let mut short = out.clone();
        let st = unsafe {
            rouge_score_pair(
                &c,
                rs.as_ptr(),
                rs.len(),
                metrics.as_ptr(),
                metrics.len(),
                &o,
                scratch.as_mut_ptr(),
                words - 1,
                short.as_mut_ptr(),
            )
        };
        assert_eq!(st, ROUGE_ERR_SCRATCH_TOO_SMALL);
        assert!(same(&short, &out), "a refused call wrote its output");
    }
    let text = |(t, e): &(Vec<u32>, Vec<usize>)| {
        // The oracle's sentences: a repeated or final end makes no empty sentence there, as
        // in the library (ends are non-decreasing; tokens after the last end form one more).
        Text {
            tokens: t.clone(),
            ends: e.clone(),
        }
    };
    let (ct, rt): (Text, Vec<Text>) = (text(&cand), refs.iter().map(text).collect());
    let ro = rust_options(&o);
    for (m, got) in metrics.iter().zip(&out) {
        check_result(got, "score_pair");
        let metric = rust_metric(m);
        let ((p, r, f), cnt) = oracle(metric, &ct, &rt, &ro);
        let ok = close(got.counts.hit, cnt.hit)
            && close(got.counts.reference_total, cnt.rt)
            && close(got.counts.candidate_total, cnt.ct)
            && close(got.score.precision, p)
            && close(got.score.recall, r)
            && close(got.score.fmeasure, f);
        assert!(
            ok,
            "{metric:?} {ro:?}\n cand {:?}\n refs {:?}\n got {got:?}\n want P {p} R {r} F {f} {cnt:?}",
            ct, rt
        );
    }
});
