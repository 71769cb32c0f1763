//! One `rouge_score_batch` call over many pairs against a loop of `rouge_score_pair` calls,
//! both through the C ABI (`cargo bench --bench batch`): W1 (10,000 short pairs, token ids),
//! rouge1 + rouge2 + rougeL + rougeLsum, one scratch buffer reused. Figures only.

use std::time::Instant;

use rouge::capi::*;

mod common;

use common::Sentences;

/// One pair flattened: candidate tokens and sentence ends, reference tokens and sentence ends.
type FlatPair = (Vec<u32>, Vec<usize>, Vec<u32>, Vec<usize>);

fn main() {
    let pairs = common::id_pairs("w1", if common::quick() { 1000 } else { usize::MAX });
    // CSR layout: segment per candidate and reference, absolute sentence ends.
    let (mut tokens, mut segment_ends, mut sentence_ends, mut pair_segments) =
        (vec![], vec![], vec![], vec![0usize]);
    for (c, r) in &pairs {
        for side in [c, r] {
            for s in side {
                tokens.extend_from_slice(s);
                sentence_ends.push(tokens.len());
            }
            segment_ends.push(tokens.len());
        }
        pair_segments.push(segment_ends.len());
    }
    let metrics: Vec<rouge_metric> = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        .iter()
        .map(|n| rouge::capi::parse_metric(n.as_bytes()).unwrap())
        .collect();
    let mut opts = rouge_options::default();
    assert_eq!(
        unsafe { rouge_options_init(ROUGE_FLAVOUR_ROUGE_SCORE, &mut opts) },
        ROUGE_OK
    );
    let batch = rouge_batch {
        tokens: tokens.as_ptr(),
        tokens_len: tokens.len(),
        segment_ends: segment_ends.as_ptr(),
        segment_count: segment_ends.len(),
        sentence_ends: sentence_ends.as_ptr(),
        sentence_ends_len: sentence_ends.len(),
        pair_segments: pair_segments.as_ptr(),
        pair_count: pairs.len(),
    };
    let mut words = 0usize;
    assert_eq!(
        unsafe {
            rouge_batch_scratch_words(&batch, metrics.as_ptr(), metrics.len(), &opts, &mut words)
        },
        ROUGE_OK
    );
    let mut scratch = vec![0u64; words];
    let mut out = vec![rouge_result::default(); pairs.len() * metrics.len()];
    // Per-pair summaries prepared outside the timing, as a host would hold them.
    let flat: Vec<FlatPair> = pairs
        .iter()
        .map(|(c, r)| {
            let ends = |s: &Sentences| {
                s.iter()
                    .scan(0, |e, x| {
                        *e += x.len();
                        Some(*e)
                    })
                    .collect::<Vec<usize>>()
            };
            (c.concat(), ends(c), r.concat(), ends(r))
        })
        .collect();
    let reps = 5;
    let mut best_loop = f64::MAX;
    let mut best_batch = f64::MAX;
    let mut single = vec![rouge_result::default(); metrics.len()];
    for _ in 0..reps {
        let t = Instant::now();
        for (c, ce, r, re) in &flat {
            let cs = rouge_summary {
                tokens: c.as_ptr(),
                len: c.len(),
                sentence_ends: ce.as_ptr(),
                sentence_count: ce.len(),
            };
            let rs = rouge_summary {
                tokens: r.as_ptr(),
                len: r.len(),
                sentence_ends: re.as_ptr(),
                sentence_count: re.len(),
            };
            let s = unsafe {
                rouge_score_pair(
                    &cs,
                    &rs,
                    1,
                    metrics.as_ptr(),
                    metrics.len(),
                    &opts,
                    scratch.as_mut_ptr(),
                    words,
                    single.as_mut_ptr(),
                )
            };
            assert_eq!(s, ROUGE_OK);
            std::hint::black_box(&single);
        }
        best_loop = best_loop.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let s = unsafe {
            rouge_score_batch(
                &batch,
                metrics.as_ptr(),
                metrics.len(),
                &opts,
                scratch.as_mut_ptr(),
                words,
                out.as_mut_ptr(),
                out.len(),
            )
        };
        assert_eq!(s, ROUGE_OK);
        std::hint::black_box(&out);
        best_batch = best_batch.min(t.elapsed().as_secs_f64());
    }
    let n = pairs.len() as f64;
    println!(
        "W1 token ids, {} pairs, rouge1+rouge2+rougeL+rougeLsum, best of {reps}:",
        pairs.len()
    );
    println!(
        "  loop of rouge_score_pair   {:>12.0} pairs/s",
        n / best_loop
    );
    println!(
        "  one rouge_score_batch      {:>12.0} pairs/s",
        n / best_batch
    );
    println!(
        "  batch / loop               {:>12.2}x",
        best_loop / best_batch
    );
}
