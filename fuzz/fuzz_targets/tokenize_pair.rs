//! `rouge_tokenize` then `rouge_score_pair`, against `rouge_score_batch` over the same tokens
//! (a batch is a loop of pairs, bit for bit) and against `rouge_score_text` on the texts (the
//! one-shot text path is tokenise then score, bit for bit, except with Perl's byte limit, where
//! each metric reads its own cut); on ASCII texts `rouge_tokenize_basic` splits as the
//! rouge-score tokeniser without stemming does.
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;
use rouge::capi_text::*;

fn score_pair(
    c: &rouge_summary,
    refs: &[rouge_summary],
    m: &[rouge_metric],
    o: &rouge_options,
) -> Vec<rouge_result> {
    let mut dims = rouge_dims::default();
    assert_eq!(
        unsafe { rouge_dims_of(c, refs.as_ptr(), refs.len(), &mut dims) },
        ROUGE_OK
    );
    let mut words = 0;
    assert_eq!(
        unsafe { rouge_scratch_words(m.as_ptr(), m.len(), o, &dims, &mut words) },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); m.len()];
    let st = unsafe {
        rouge_score_pair(
            c,
            refs.as_ptr(),
            refs.len(),
            m.as_ptr(),
            m.len(),
            o,
            scratch.as_mut_ptr(),
            words,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    out
}

/// The tokens and sentence ends of `s` as owned vectors.
fn owned(s: &rouge_summary) -> (Vec<u32>, Vec<usize>) {
    let t = if s.len == 0 {
        vec![]
    } else {
        unsafe { std::slice::from_raw_parts(s.tokens, s.len) }.to_vec()
    };
    let e = if s.sentence_count == 0 {
        vec![]
    } else {
        unsafe { std::slice::from_raw_parts(s.sentence_ends, s.sentence_count) }.to_vec()
    };
    (t, e)
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let metrics = metrics(&mut inp);
    let o = options(&mut inp);
    let t = text_options(&mut inp);
    // Pairs: a candidate and one to three references each.
    let shape: Vec<usize> = (0..1 + inp.below(3)).map(|_| 1 + inp.below(3)).collect();
    let texts: Vec<Vec<u8>> = (0..shape.iter().map(|r| r + 1).sum::<usize>())
        .map(|_| text(&mut inp))
        .collect();
    let strs: Vec<rouge_str> = texts.iter().map(|x| rstr(x)).collect();
    let (mut words, mut max_tokens) = (0usize, 0usize);
    assert_eq!(
        unsafe {
            rouge_tokenize_scratch_words(strs.as_ptr(), strs.len(), &t, &mut words, &mut max_tokens)
        },
        ROUGE_OK
    );
    let mut ids = vec![0u32; max_tokens];
    let mut ends = vec![0usize; max_tokens];
    let mut sums = vec![summary(&[], &[]); strs.len()];
    let mut scratch = vec![0u64; words];
    let st = unsafe {
        rouge_tokenize(
            strs.as_ptr(),
            strs.len(),
            &t,
            ids.as_mut_ptr(),
            ids.len(),
            ends.as_mut_ptr(),
            ends.len(),
            sums.as_mut_ptr(),
            scratch.as_mut_ptr(),
            words,
        )
    };
    status_in(
        st,
        &[ROUGE_OK, ROUGE_ERR_INVALID_UTF8, ROUGE_ERR_EMBEDDED_NUL],
        "tokenize",
    );
    if st != ROUGE_OK {
        return;
    }
    let seqs: Vec<(Vec<u32>, Vec<usize>)> = sums.iter().map(owned).collect();
    // Pair by pair.
    let mut looped = Vec::new();
    let mut first = 0;
    for &r in &shape {
        let group: Vec<rouge_summary> = seqs[first..first + r + 1]
            .iter()
            .map(|(t, e)| summary(t, e))
            .collect();
        let out = score_pair(&group[0], &group[1..], &metrics, &o);
        for x in &out {
            check_result(x, "tokenize then score_pair");
        }
        // The text path.
        if t.byte_limit == 0 || t.tokenizer != ROUGE_TOKENIZER_PERL {
            let c = strs[first];
            let rs = &strs[first + 1..first + r + 1];
            let mut dims = rouge_text_dims::default();
            assert_eq!(
                unsafe { rouge_text_dims_of(&c, rs.as_ptr(), rs.len(), &mut dims) },
                ROUGE_OK
            );
            let mut w = 0;
            assert_eq!(
                unsafe {
                    rouge_text_scratch_words(metrics.as_ptr(), metrics.len(), &o, &t, &dims, &mut w)
                },
                ROUGE_OK
            );
            let mut s = vec![0u64; w];
            let mut got = vec![rouge_result::default(); metrics.len()];
            let st = unsafe {
                rouge_score_text(
                    &c,
                    rs.as_ptr(),
                    rs.len(),
                    metrics.as_ptr(),
                    metrics.len(),
                    &o,
                    &t,
                    s.as_mut_ptr(),
                    w,
                    got.as_mut_ptr(),
                )
            };
            assert_eq!(st, ROUGE_OK);
            assert!(
                same(&got, &out),
                "score_text vs tokenize + score_pair:\n {got:?}\n {out:?}"
            );
        }
        looped.extend(out);
        first += r + 1;
    }
    // The same pairs as one batch.
    let mut tokens = Vec::new();
    let mut segment_ends = Vec::new();
    let mut sentence_ends = Vec::new();
    for (tk, e) in &seqs {
        let base = tokens.len();
        tokens.extend_from_slice(tk);
        sentence_ends.extend(e.iter().map(|x| x + base));
        segment_ends.push(tokens.len());
    }
    let mut pair_segments = vec![0usize];
    for &r in &shape {
        pair_segments.push(pair_segments.last().unwrap() + r + 1);
    }
    let batch = rouge_batch {
        tokens: tokens.as_ptr(),
        tokens_len: tokens.len(),
        segment_ends: segment_ends.as_ptr(),
        segment_count: segment_ends.len(),
        sentence_ends: sentence_ends.as_ptr(),
        sentence_ends_len: sentence_ends.len(),
        pair_segments: pair_segments.as_ptr(),
        pair_count: shape.len(),
    };
    let mut bw = 0;
    assert_eq!(
        unsafe { rouge_batch_scratch_words(&batch, metrics.as_ptr(), metrics.len(), &o, &mut bw) },
        ROUGE_OK
    );
    let mut s = vec![0u64; bw];
    let mut batched = vec![rouge_result::default(); looped.len()];
    let st = unsafe {
        rouge_score_batch(
            &batch,
            metrics.as_ptr(),
            metrics.len(),
            &o,
            s.as_mut_ptr(),
            bw,
            batched.as_mut_ptr(),
            batched.len(),
        )
    };
    assert_eq!(st, ROUGE_OK);
    assert!(
        same(&batched, &looped),
        "batch vs loop:\n {batched:?}\n {looped:?}"
    );
    // The basic tokeniser on ASCII texts splits as rouge-score's without stemming.
    if t.tokenizer == ROUGE_TOKENIZER_ROUGE_SCORE
        && t.stem == 0
        && texts.iter().all(|x| x.is_ascii() && !x.contains(&0))
    {
        let (mut bw, mut bmax) = (0usize, 0usize);
        assert_eq!(
            unsafe { rouge_tokenize_sizes(strs.as_ptr(), strs.len(), &mut bw, &mut bmax) },
            ROUGE_OK
        );
        let mut bids = vec![0u32; bmax];
        let mut bends = vec![0usize; bmax];
        let mut bsums = vec![summary(&[], &[]); strs.len()];
        let mut bs = vec![0u64; bw];
        let st = unsafe {
            rouge_tokenize_basic(
                strs.as_ptr(),
                strs.len(),
                bids.as_mut_ptr(),
                bmax,
                bends.as_mut_ptr(),
                bmax,
                bsums.as_mut_ptr(),
                bs.as_mut_ptr(),
                bw,
            )
        };
        assert_eq!(st, ROUGE_OK);
        let bseqs: Vec<(Vec<u32>, Vec<usize>)> = bsums.iter().map(owned).collect();
        let c = summary(&bseqs[0].0, &bseqs[0].1);
        let rs: Vec<rouge_summary> = bseqs[1..shape[0] + 1]
            .iter()
            .map(|(t, e)| summary(t, e))
            .collect();
        let got = score_pair(&c, &rs, &metrics, &o);
        assert!(
            same(&got, &looped[..metrics.len()]),
            "tokenize_basic vs tokenize:\n {got:?}\n {:?}",
            &looped[..metrics.len()]
        );
    }
});
