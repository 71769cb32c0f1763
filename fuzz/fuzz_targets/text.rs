//! `rouge_score_text` over every tokeniser and option, and the prepared scorer against it:
//! texts of words (ASCII, accents, other scripts, punctuation, lines) or raw bytes; the size
//! query is exact; the prepared scorer gives the one-shot results bit for bit; every score is
//! in [0, 1].
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_text::*;

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let metrics = metrics(&mut inp);
    let o = options(&mut inp);
    let t = text_options(&mut inp);
    let cand = text(&mut inp);
    let refs: Vec<Vec<u8>> = (0..1 + inp.below(3)).map(|_| text(&mut inp)).collect();
    let c = rstr(&cand);
    let rs: Vec<rouge_str> = refs.iter().map(|r| rstr(r)).collect();
    let mut dims = rouge_text_dims::default();
    assert_eq!(
        unsafe { rouge_text_dims_of(&c, rs.as_ptr(), rs.len(), &mut dims) },
        ROUGE_OK
    );
    let mut words = 0usize;
    let st = unsafe {
        rouge_text_scratch_words(metrics.as_ptr(), metrics.len(), &o, &t, &dims, &mut words)
    };
    assert_eq!(st, ROUGE_OK);
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); metrics.len()];
    let call = |scratch: &mut [u64], out: &mut [rouge_result]| unsafe {
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
    let st = call(&mut scratch, &mut out);
    status_in(
        st,
        &[ROUGE_OK, ROUGE_ERR_INVALID_UTF8, ROUGE_ERR_EMBEDDED_NUL],
        "score_text",
    );
    if st != ROUGE_OK {
        assert!(
            out.iter().all(|r| *r == rouge_result::default()),
            "a refused call wrote"
        );
    }
    // The size query is exact.
    if words > 0 && st == ROUGE_OK {
        let mut short = vec![rouge_result::default(); metrics.len()];
        assert_eq!(
            call(&mut scratch[..words - 1], &mut short),
            ROUGE_ERR_SCRATCH_TOO_SMALL
        );
    }
    for r in &out {
        check_result(r, "score_text");
    }
    // The prepared scorer, for these dims and for larger ones.
    let mut scorer: rouge_text_scorer = unsafe { std::mem::zeroed() };
    let larger = rouge_text_dims {
        reference_count: dims.reference_count + inp.below(2),
        candidate_bytes: dims.candidate_bytes + inp.below(100),
        reference_bytes: dims.reference_bytes + inp.below(100),
        candidate_line_bytes: dims.candidate_line_bytes + inp.below(100),
        reference_line_bytes: dims.reference_line_bytes + inp.below(100),
    };
    let d = if inp.bool() { larger } else { dims };
    let init =
        unsafe { rouge_text_scorer_init(metrics.as_ptr(), metrics.len(), &o, &t, &d, &mut scorer) };
    assert_eq!(init, ROUGE_OK);
    if d == dims {
        assert_eq!(
            scorer.scratch_words, words,
            "the scorer's scratch is the size query's"
        );
    }
    let mut scratch2 = vec![0xA5A5_A5A5_A5A5_A5A5u64; scorer.scratch_words];
    let mut out2 = vec![rouge_result::default(); metrics.len()];
    let st2 = unsafe {
        rouge_text_scorer_score(
            &scorer,
            &c,
            rs.as_ptr(),
            rs.len(),
            scratch2.as_mut_ptr(),
            scratch2.len(),
            out2.as_mut_ptr(),
        )
    };
    assert_eq!(
        st2,
        st,
        "prepared scorer status: {metrics:?} {o:?} {t:?}\n cand {:?}\n refs {:?}",
        String::from_utf8_lossy(&cand),
        refs.iter()
            .map(|r| String::from_utf8_lossy(r))
            .collect::<Vec<_>>()
    );
    assert!(same(&out, &out2), "prepared scorer:\n {out:?}\n {out2:?}");
});
