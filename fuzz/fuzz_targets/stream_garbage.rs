//! Stream states set up by `rouge_stream_init`, then overwritten: bits flipped, bytes or words
//! set (all ones, zeros, small values, random), the state truncated or passed longer, or a
//! body of garbage behind an intact header. No byte pattern may make a call abort, hang or
//! touch memory outside the state: every call gives a status it documents, and a state a call
//! refuses is left exactly as it was.
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_stream::*;

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let cfg = rouge_stream_config {
        max_n: inp.below(4) as u32,
        lcs: inp.below(2) as u32,
        lsum: inp.below(2) as u32,
        max_sentence_len: inp.below(12),
    };
    let (t, e) = tokens(&mut inp, 40);
    let r = summary(&t, &e);
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
    // A candidate part-way through, so that the counters and columns are not all zero.
    for _ in 0..inp.below(12) {
        let token = if t.is_empty() || inp.bool() {
            3
        } else {
            inp.pick(&t)
        };
        let _ = unsafe { rouge_stream_push(st.as_mut_ptr(), words, token) };
        if inp.below(4) == 0 {
            let _ = unsafe { rouge_stream_end_sentence(st.as_mut_ptr(), words) };
        }
    }
    // The damage.
    for _ in 0..1 + inp.below(4) {
        let i = inp.below(st.len());
        match inp.below(8) {
            0 => st[i] ^= 1 << inp.below(64),
            1 => st[i] = !0,
            2 => st[i] = 0,
            3 => st[i] = inp.below(256) as u64,
            4 => st[i] = inp.u64(),
            5 => {
                let byte = inp.below(8) * 8;
                st[i] = st[i] & !(0xff << byte) | (inp.byte() as u64) << byte;
            }
            6 => st[i] = (inp.below(64) as u64) << 32 | inp.below(64) as u64,
            _ => {
                // Garbage from word i on.
                for w in st[i..].iter_mut() {
                    *w = inp.u64();
                }
            }
        }
    }
    // The length passed: as recorded, shorter (a truncated restore), or longer.
    let len = match inp.below(6) {
        0 => inp.below(st.len() + 1),
        1 => {
            st.resize(st.len() + 1 + inp.below(8), 0);
            st.len()
        }
        _ => st.len(),
    };
    let metrics = [
        metric(ROUGE_METRIC_N, 1, 0, 0.0),
        metric(ROUGE_METRIC_N, 2, 0, 0.0),
        metric(ROUGE_METRIC_N, 3, 0, 0.0),
        metric(ROUGE_METRIC_L, 0, 0, 0.0),
        metric(ROUGE_METRIC_LSUM, 0, 0, 0.0),
    ];
    let o = options(&mut inp);
    for _ in 0..24 {
        if inp.is_empty() {
            break;
        }
        let before = st.clone();
        let got = match inp.below(5) {
            0 | 1 => {
                let token = if t.is_empty() || inp.bool() {
                    inp.u32()
                } else {
                    inp.pick(&t)
                };
                let got = unsafe { rouge_stream_push(st.as_mut_ptr(), len, token) };
                status_in(
                    got,
                    &[
                        ROUGE_OK,
                        ROUGE_ERR_INVALID_ARGUMENT,
                        ROUGE_ERR_INPUT_TOO_LONG,
                    ],
                    "push",
                );
                got
            }
            2 => {
                let got = unsafe { rouge_stream_end_sentence(st.as_mut_ptr(), len) };
                status_in(got, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "end_sentence");
                got
            }
            3 => {
                let got = unsafe { rouge_stream_reset(st.as_mut_ptr(), len) };
                status_in(got, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "reset");
                got
            }
            _ => {
                let m = &metrics[inp.below(metrics.len())..];
                let mut out = vec![rouge_result::default(); m.len()];
                let ptr = st.as_ptr();
                let got = unsafe {
                    rouge_stream_score(&ptr, &len, 1, m.as_ptr(), m.len(), &o, out.as_mut_ptr())
                };
                status_in(got, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "score");
                if got != ROUGE_OK {
                    assert!(
                        out.iter().all(|r| *r == rouge_result::default()),
                        "a refused score wrote"
                    );
                }
                got
            }
        };
        if got != ROUGE_OK {
            assert!(
                st == before,
                "a refused call (status {got}) changed the state"
            );
        }
    }
});
