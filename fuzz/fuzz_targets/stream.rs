//! `rouge_stream_*` against the one-shot `rouge_score_pair`: after every push ROUGE-N (n up to
//! the tracked max_n) and ROUGE-L of the streams equal the one-shot scores of the candidate so
//! far, and after every sentence end so does ROUGE-Lsum; resets start a new candidate; pushes
//! past `max_sentence_len` are refused and change nothing.
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_stream::*;

fn one_shot(
    cand: &[u32],
    ends: &[usize],
    refs: &[(Vec<u32>, Vec<usize>)],
    metrics: &[rouge_metric],
    o: &rouge_options,
    scratch: &mut Vec<u64>,
) -> Vec<rouge_result> {
    let c = summary(cand, ends);
    let rs: Vec<rouge_summary> = refs.iter().map(|(t, e)| summary(t, e)).collect();
    let mut dims = rouge_dims::default();
    assert_eq!(
        unsafe { rouge_dims_of(&c, rs.as_ptr(), rs.len(), &mut dims) },
        ROUGE_OK
    );
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_scratch_words(metrics.as_ptr(), metrics.len(), o, &dims, &mut words) },
        ROUGE_OK
    );
    // One buffer for every call of an input (a fresh one a push was most of the target's time
    // in page faults under ASan); dirty contents must not matter to the library.
    if scratch.len() < words {
        scratch.resize(words, 0);
    }
    let mut out = vec![rouge_result::default(); metrics.len()];
    let st = unsafe {
        rouge_score_pair(
            &c,
            rs.as_ptr(),
            rs.len(),
            metrics.as_ptr(),
            metrics.len(),
            o,
            scratch.as_mut_ptr(),
            words,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    out
}

fn stream_score(
    states: &[Vec<u64>],
    metrics: &[rouge_metric],
    o: &rouge_options,
) -> Vec<rouge_result> {
    let ptrs: Vec<*const u64> = states.iter().map(|s| s.as_ptr()).collect();
    let words: Vec<usize> = states.iter().map(Vec::len).collect();
    let mut out = vec![rouge_result::default(); metrics.len()];
    let st = unsafe {
        rouge_stream_score(
            ptrs.as_ptr(),
            words.as_ptr(),
            states.len(),
            metrics.as_ptr(),
            metrics.len(),
            o,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    out
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let cfg = rouge_stream_config {
        max_n: inp.below(5) as u32,
        lcs: inp.below(2) as u32,
        lsum: inp.below(2) as u32,
        max_sentence_len: inp.below(24),
    };
    let o = options(&mut inp);
    let refs: Vec<(Vec<u32>, Vec<usize>)> = (0..1 + inp.below(3))
        .map(|_| tokens(&mut inp, 70))
        .collect();
    let mut states: Vec<Vec<u64>> = refs
        .iter()
        .map(|(t, e)| {
            let r = summary(t, e);
            let mut words = 0;
            assert_eq!(
                unsafe { rouge_stream_words(&r, &cfg, &mut words) },
                ROUGE_OK
            );
            let mut st = vec![0u64; words];
            assert_eq!(
                unsafe { rouge_stream_init(st.as_mut_ptr(), words, &r, &cfg) },
                ROUGE_OK
            );
            st
        })
        .collect();
    let mut running: Vec<rouge_metric> = (1..=cfg.max_n)
        .map(|n| metric(ROUGE_METRIC_N, n, 0, 0.0))
        .collect();
    if cfg.lcs != 0 {
        running.push(metric(ROUGE_METRIC_L, 0, 0, 0.0));
    }
    let lsum = [metric(ROUGE_METRIC_LSUM, 0, 0, 0.0)];
    let vocab_of_refs: Vec<u32> = refs.iter().flat_map(|(t, _)| t.iter().copied()).collect();
    let (mut cand, mut ends, mut sent_len) = (Vec::<u32>::new(), Vec::<usize>::new(), 0usize);
    let mut scratch = Vec::new();
    let mut steps = 0;
    while !inp.is_empty() && steps < 300 {
        steps += 1;
        match inp.below(16) {
            0 => {
                for st in states.iter_mut() {
                    assert_eq!(
                        unsafe { rouge_stream_reset(st.as_mut_ptr(), st.len()) },
                        ROUGE_OK
                    );
                }
                cand.clear();
                ends.clear();
                sent_len = 0;
            }
            1 | 2 => {
                for st in states.iter_mut() {
                    assert_eq!(
                        unsafe { rouge_stream_end_sentence(st.as_mut_ptr(), st.len()) },
                        ROUGE_OK
                    );
                }
                if sent_len > 0 {
                    ends.push(cand.len());
                }
                sent_len = 0;
                if cfg.lsum != 0 {
                    let got = stream_score(&states, &lsum, &o);
                    let want = one_shot(&cand, &ends, &refs, &lsum, &o, &mut scratch);
                    assert!(same(&got, &want), "Lsum after a sentence end:\n got {got:?}\n want {want:?}\n cand {cand:?} {ends:?}\n refs {refs:?}");
                }
            }
            _ => {
                // A token of a reference (hits) or one absent from all.
                let token = if vocab_of_refs.is_empty() || inp.below(4) == 0 {
                    inp.u32() | 1
                } else {
                    inp.pick(&vocab_of_refs)
                };
                let full = cfg.lsum != 0 && sent_len >= cfg.max_sentence_len;
                for st in states.iter_mut() {
                    // Kept only where the push is to be refused (a copy a push was a tenth of the
                    // target's time).
                    let before = full.then(|| st.clone());
                    let got = unsafe { rouge_stream_push(st.as_mut_ptr(), st.len(), token) };
                    if let Some(before) = before {
                        assert_eq!(got, ROUGE_ERR_INPUT_TOO_LONG);
                        assert!(*st == before, "a refused push changed the state");
                    } else {
                        assert_eq!(got, ROUGE_OK);
                    }
                }
                if !full {
                    cand.push(token);
                    sent_len += 1;
                }
                if !running.is_empty() {
                    let got = stream_score(&states, &running, &o);
                    let want = one_shot(&cand, &[], &refs, &running, &o, &mut scratch);
                    assert!(same(&got, &want), "after a push:\n got {got:?}\n want {want:?}\n cand {cand:?}\n refs {refs:?}");
                    for r in &got {
                        check_result(r, "stream");
                    }
                }
            }
        }
    }
});
