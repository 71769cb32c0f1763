//! The streaming scorer against the one-shot scorer: after every pushed token ROUGE-N and
//! ROUGE-L equal `score_pair` on the candidate so far, and after every sentence boundary so
//! does ROUGE-Lsum, on random cases (several references, every policy, both flavours).

use rouge::stream::{
    stream_counts, stream_end_sentence, stream_init, stream_push, stream_reset, stream_score,
    stream_words, StreamConfig,
};
use rouge::{
    score_pair, scratch_words, Dims, Error, Metric, MetricResult, MultiRef, Options, Summary,
};

mod common;
use common::rng::Rng;

fn one_shot(
    cand: &[u32],
    cand_ends: &[usize],
    refs: &[(Vec<u32>, Vec<usize>)],
    metrics: &[Metric],
    o: &Options,
) -> Vec<MetricResult> {
    let c = Summary::new(cand, cand_ends);
    let r: Vec<Summary> = refs.iter().map(|(t, e)| Summary::new(t, e)).collect();
    let mut scratch = vec![0u64; scratch_words(metrics, o, &Dims::of(&c, &r[..])).unwrap()];
    let mut out = vec![MetricResult::default(); metrics.len()];
    score_pair(&c, &r[..], metrics, o, &mut scratch, &mut out).unwrap();
    out
}

#[test]
fn test_stream_equals_one_shot_after_every_token() {
    let mut rng = Rng(0xC0FFEE);
    let cfg = StreamConfig {
        max_n: 4,
        lcs: true,
        lsum: true,
        max_sentence_len: 200,
    };
    let running = [
        Metric::N(1),
        Metric::N(2),
        Metric::N(3),
        Metric::N(4),
        Metric::L,
    ];
    let options = [
        Options::rouge_score(),
        Options::perl(),
        Options {
            multi_ref: MultiRef::PerlB,
            ..Options::perl()
        },
        Options {
            jackknife: true,
            ..Options::rouge_score()
        },
    ];
    // Miri runs this some thousand times slower: there 6 cases instead of 40 and candidates of
    // at most 24 tokens instead of 250 (the references keep every length class).
    let (cases, max_cand) = if cfg!(miri) { (6, 24) } else { (40, 250) };
    for case in 0..cases {
        let vocab = [3u64, 10, 200][case % 3];
        let nrefs = 1 + rng.below(3) as usize;
        let refs: Vec<(Vec<u32>, Vec<usize>)> = (0..nrefs)
            .map(|_| {
                let len = [0usize, 1, 5, 63, 64, 65, 130, 300][rng.below(8) as usize];
                let tokens: Vec<u32> = (0..len).map(|_| rng.below(vocab) as u32 * 31 + 7).collect();
                let mut ends = vec![];
                let mut p = 0;
                while p < len {
                    p = (p + 1 + rng.below(80) as usize).min(len);
                    ends.push(p);
                }
                (tokens, ends)
            })
            .collect();
        let mut states: Vec<Vec<u64>> = refs
            .iter()
            .map(|(t, e)| {
                let r = Summary::new(t, e);
                let mut st = vec![0u64; stream_words(&r, &cfg).unwrap()];
                stream_init(&mut st, &r, &cfg).unwrap();
                st
            })
            .collect();
        let o = options[case % options.len()];
        for round in 0..2 {
            if round == 1 {
                for st in states.iter_mut() {
                    stream_reset(st).unwrap();
                }
            }
            let len = rng.below(max_cand) as usize;
            let mut cand = vec![];
            let mut cand_ends = vec![];
            for i in 0..len {
                let t = rng.below(vocab + 2) as u32 * 31 + 7;
                cand.push(t);
                for st in states.iter_mut() {
                    stream_push(st, t).unwrap();
                }
                let boundary = rng.below(12) == 0 || i + 1 == len;
                if boundary {
                    cand_ends.push(cand.len());
                    for st in states.iter_mut() {
                        stream_end_sentence(st).unwrap();
                    }
                }
                let mut got = vec![MetricResult::default(); running.len() + 1];
                let metrics = [&running[..], &[Metric::Lsum]].concat();
                stream_score(&|r| &states[r][..], states.len(), &metrics, &o, &mut got).unwrap();
                let want = one_shot(&cand, &[], &refs, &running, &o);
                assert_eq!(
                    &got[..running.len()],
                    &want[..],
                    "case {case} after token {i}"
                );
                if boundary {
                    let want = one_shot(&cand, &cand_ends, &refs, &[Metric::Lsum], &o);
                    assert_eq!(
                        got[running.len()],
                        want[0],
                        "Lsum, case {case} after token {i}"
                    );
                }
            }
        }
    }
}

#[test]
fn test_stream_errors() {
    let r = Summary::new(&[1, 2, 3], &[]);
    let cfg = StreamConfig {
        max_n: 2,
        lcs: false,
        lsum: true,
        max_sentence_len: 2,
    };
    let mut st = vec![0u64; stream_words(&r, &cfg).unwrap()];
    assert_eq!(
        stream_init(&mut st[..10], &r, &cfg),
        Err(Error::ScratchTooSmall { needed: st.len() })
    );
    stream_init(&mut st, &r, &cfg).unwrap();
    stream_push(&mut st, 1).unwrap();
    stream_push(&mut st, 2).unwrap();
    let before = st.clone();
    assert_eq!(
        stream_push(&mut st, 3),
        Err(Error::InputTooLong),
        "sentence longer than max_sentence_len"
    );
    assert_eq!(st, before, "a refused push leaves the state as it was");
    assert_eq!(
        stream_counts(&st, Metric::L),
        Err(Error::InvalidArgument),
        "L is not tracked"
    );
    assert_eq!(
        stream_counts(&st, Metric::N(3)),
        Err(Error::InvalidArgument),
        "n above max_n"
    );
    assert_eq!(stream_counts(&st, Metric::N(2)).unwrap().hit, 1.0);
    let mut garbage = vec![7u64; st.len()];
    assert_eq!(stream_push(&mut garbage, 1), Err(Error::InvalidArgument));
    let too_many = StreamConfig { max_n: 33, ..cfg };
    assert_eq!(stream_words(&r, &too_many), Err(Error::InvalidArgument));
}
