//! Property tests: every metric of the library against a plain, independent oracle
//! (`tests/common/oracle.rs`: full O(m*n) tables and hash maps, no code shared with the
//! library; the fuzz target `oracle` uses it too), on random sequences of lengths 0 to 300
//! including the word boundaries 63, 64, 65, 127, 128, 129, random sentence splits, both
//! flavours and every multi-reference policy.

use rouge::{
    score_pair, scratch_words, Dims, Flavour, Metric, MetricResult, MultiRef, Options, Summary,
};

mod common;
use common::oracle::{close, oracle, Text};
use common::rng::Rng;

fn random_text(rng: &mut Rng, len: usize, vocab: u64) -> Text {
    let tokens: Vec<u32> = (0..len)
        .map(|_| rng.below(vocab) as u32 * 7919 + 3)
        .collect();
    let mut ends = vec![];
    let mut p = 0;
    while p < len && rng.below(4) != 0 {
        p += 1 + rng.below(90) as usize;
        ends.push(p.min(len));
    }
    Text { tokens, ends }
}

// ---------------------------------------------------------------- the comparison

fn check(cand: &Text, refs: &[Text], metrics: &[Metric], o: &Options, what: &str) {
    let summaries: Vec<Summary> = refs
        .iter()
        .map(|r| Summary::new(&r.tokens, &r.ends))
        .collect();
    let c = Summary::new(&cand.tokens, &cand.ends);
    let words = scratch_words(metrics, o, &Dims::of(&c, &summaries[..])).unwrap();
    let mut scratch = vec![0xDEAD_BEEFu64; words];
    let mut out = vec![MetricResult::default(); metrics.len()];
    score_pair(&c, &summaries[..], metrics, o, &mut scratch, &mut out).unwrap();
    // One word less must be refused: the size query is exact.
    let mut short = vec![0u64; words - 1];
    let mut out2 = out.clone();
    assert!(score_pair(&c, &summaries[..], metrics, o, &mut short, &mut out2).is_err());
    for (m, got) in metrics.iter().zip(&out) {
        let ((p, r, f), cnt) = oracle(*m, cand, refs, o);
        let ctx = || {
            format!("{what}: {m:?} {o:?}\n cand {:?}\n refs {:?}\n got {got:?}\n want P {p} R {r} F {f} {cnt:?}", cand, refs)
        };
        assert!(close(got.counts.hit, cnt.hit), "hit {}", ctx());
        assert!(
            close(got.counts.reference_total, cnt.rt),
            "reference total {}",
            ctx()
        );
        assert!(
            close(got.counts.candidate_total, cnt.ct),
            "candidate total {}",
            ctx()
        );
        assert!(
            close(got.score.precision, p)
                && close(got.score.recall, r)
                && close(got.score.fmeasure, f),
            "score {}",
            ctx()
        );
    }
}

const METRICS: [Metric; 13] = [
    Metric::N(1),
    Metric::N(2),
    Metric::N(3),
    Metric::N(4),
    Metric::L,
    Metric::Lsum,
    Metric::W(1.2),
    Metric::W(2.0),
    Metric::S(Some(0)),
    Metric::S(Some(4)),
    Metric::S(None),
    Metric::Su(Some(4)),
    Metric::Su(None),
];

fn all_options() -> Vec<Options> {
    let mut v = vec![];
    for flavour in [Flavour::RougeScore, Flavour::Perl] {
        for multi_ref in [MultiRef::BestF, MultiRef::PerlA, MultiRef::PerlB] {
            for jackknife in [false, true] {
                v.push(Options {
                    flavour,
                    multi_ref,
                    jackknife,
                    round: flavour == Flavour::Perl,
                    alpha: 0.5,
                });
            }
        }
    }
    v.push(Options {
        round: false,
        alpha: 0.2,
        ..Options::perl()
    });
    v
}

#[test]
fn test_every_metric_matches_oracle_at_word_boundaries() {
    let mut rng = Rng(0x5EED_2024_0611_0001);
    let lens = [0usize, 1, 2, 3, 17, 63, 64, 65, 127, 128, 129, 300];
    let opts = [Options::rouge_score(), Options::perl()];
    for &lc in &lens {
        for &lr in &lens {
            for vocab in [3u64, 40] {
                let cand = random_text(&mut rng, lc, vocab);
                let refr = random_text(&mut rng, lr, vocab);
                for o in &opts {
                    check(
                        &cand,
                        std::slice::from_ref(&refr),
                        &METRICS,
                        o,
                        "boundary lengths",
                    );
                }
            }
        }
    }
}

/// The metric sets that take the short-reference path (n-grams up to bigrams with or without L
/// and Lsum, or Lsum: references of up to 64 and 65 to 128 tokens) against the oracle: the
/// full list above never reaches it, as ROUGE-3 and ROUGE-4 need the general n-gram levels.
#[test]
fn test_short_reference_metric_sets_match_oracle() {
    let mut rng = Rng(0x5EED_2024_0611_0003);
    let sets: [&[Metric]; 6] = [
        &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum],
        &[Metric::N(1), Metric::N(2)],
        &[Metric::N(2)],
        &[Metric::Lsum],
        &[Metric::N(1), Metric::Lsum],
        &[Metric::Lsum, Metric::L, Metric::N(2)],
    ];
    let lens = [0usize, 1, 2, 17, 63, 64, 65, 100, 127, 128, 129, 200];
    let options = all_options();
    let mut case = 0;
    for &lc in &lens {
        for &lr in &lens {
            for vocab in [3u64, 40] {
                let cand = random_text(&mut rng, lc, vocab);
                let nrefs = 1 + rng.below(3) as usize;
                let refs: Vec<Text> = (0..nrefs)
                    .map(|k| {
                        // The first reference at the length under test, others anywhere up to it.
                        let len = if k == 0 {
                            lr
                        } else {
                            rng.below(lr as u64 + 1) as usize
                        };
                        random_text(&mut rng, len, vocab)
                    })
                    .collect();
                let o = options[case % options.len()];
                check(&cand, &refs, sets[case % sets.len()], &o, "short path");
                case += 1;
            }
        }
    }
}

#[test]
fn test_random_lengths_policies_and_jackknife_match_oracle() {
    let mut rng = Rng(0x5EED_2024_0611_0002);
    let options = all_options();
    for case in 0..60 {
        let vocab = [2u64, 5, 30, 1000][case % 4];
        let len = rng.below(301) as usize;
        let cand = random_text(&mut rng, len, vocab);
        let nrefs = 1 + rng.below(4) as usize;
        let refs: Vec<Text> = (0..nrefs)
            .map(|_| {
                let len = rng.below(301) as usize;
                random_text(&mut rng, len, vocab)
            })
            .collect();
        let o = options[case % options.len()];
        check(&cand, &refs, &METRICS, &o, "random");
    }
}

/// ROUGE-1.5.5's ROUGE-W on a pair where its weighted DP meets a tie that the last bit of
/// f(k) = k^1.2 decides (found by the `oracle` fuzz target): with libm's `pow` the library took
/// the other path, hit 41.932 where Perl's `**` (the C library's `pow`, as the oracle's
/// `powf`) gives 41.068. Bit-exact agreement needs the C library's `pow` (`src/arch/pow.rs`).
/// ROUGE-1.5.5.pl itself, given the two texts as words (`-w 1.2 -z SPL`), prints R 0.11680,
/// P 0.59756, F 0.19541 (with libm's `pow` the library gave R 0.11884, P 0.60802).
#[cfg(all(unix, not(target_family = "wasm")))]
#[test]
fn test_rouge_w_tie_follows_the_c_library_pow() {
    let (a, b) = (5u32, 982u32);
    let cand: Vec<u32> = "aaabbbbbabbabaaaaaababaaabbbbbbbaaaaa"
        .bytes()
        .map(|c| if c == b'a' { b } else { a })
        .collect();
    let refr: Vec<u32> =
        "bbbbbbbbabbababbaabbabbbbaabbbbbbbbabaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
            .bytes()
            .map(|c| if c == b'a' { b } else { a })
            .collect();
    let cand = Text {
        tokens: cand,
        ends: vec![],
    };
    let refs = [Text {
        tokens: refr,
        ends: vec![],
    }];
    let o = Options {
        flavour: Flavour::Perl,
        multi_ref: MultiRef::PerlB,
        jackknife: false,
        round: true,
        alpha: 0.5,
    };
    check(&cand, &refs, &[Metric::W(1.2)], &o, "W tie");
    let ((p, r, _), c) = oracle(Metric::W(1.2), &cand, &refs, &o);
    assert_eq!((p, r), (0.59756, 0.1168), "not ROUGE-1.5.5's values: {c:?}");
}

#[test]
fn test_single_sentence_lsum_equals_sentence_level_l() {
    let mut rng = Rng(7);
    for _ in 0..50 {
        let a = Text {
            tokens: (0..rng.below(200)).map(|_| rng.below(9) as u32).collect(),
            ends: vec![],
        };
        let b = Text {
            tokens: (0..rng.below(200)).map(|_| rng.below(9) as u32).collect(),
            ends: vec![],
        };
        let refs = [Summary::new(&b.tokens, &[])];
        let c = Summary::new(&a.tokens, &[]);
        let ms = [Metric::L, Metric::Lsum];
        let o = Options::rouge_score();
        let mut scratch = vec![0u64; scratch_words(&ms, &o, &Dims::of(&c, &refs[..])).unwrap()];
        let mut out = [MetricResult::default(); 2];
        score_pair(&c, &refs[..], &ms, &o, &mut scratch, &mut out).unwrap();
        assert_eq!(out[0], out[1]);
    }
}

/// LCS length by the plain DP, one row at a time (the long patterns below would need tables of
/// millions of cells).
fn lcs_length_dp(a: &[u32], b: &[u32]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for &x in a {
        let mut diag = 0;
        for j in 1..=b.len() {
            let up = row[j];
            row[j] = if x == b[j - 1] {
                diag + 1
            } else {
                up.max(row[j - 1])
            };
            diag = up;
        }
    }
    row[b.len()]
}

/// Long patterns (one to six 512-row blocks, past the size at which the wavefront kernels are
/// picked: 4 Mi cells) give the DP's length whichever features the kernels are handed: the
/// detected ones (AVX-512 where the CPU has it), the portable code only, and what
/// `lcs_length` detects itself.
#[test]
fn test_long_lcs_is_the_same_with_every_feature_subset() {
    use rouge::lcs::{block_table_words, lcs_length, lcs_length_with_features, LcsScratch};
    use rouge::{FeatureMask, Features};
    let detected = Features::detect();
    let subsets = [
        detected,
        detected.restrict(FeatureMask::NONE),
        detected.restrict(FeatureMask::LCS_AVX512),
        detected.restrict(FeatureMask::SHORT_TEXT_V3),
    ];
    let mut rng = Rng(0x0001_C50F_FEA7);
    for (m, n, vocab) in [
        (520usize, 8200usize, 3u64),
        (1100, 4000, 7),
        (2100, 2100, 50),
        (2600, 1700, 2),
        (3000, 1500, 400),
        (3100, 1400, 5000),
    ] {
        let a: Vec<u32> = (0..m).map(|_| rng.below(vocab) as u32).collect();
        let b: Vec<u32> = (0..n).map(|_| rng.below(vocab) as u32).collect();
        let want = lcs_length_dp(&a, &b);
        let (mut masks, mut local) = (vec![0u64; vocab as usize], vec![0u32; vocab as usize]);
        let (mut table, mut carry) = (vec![0u64; block_table_words()], vec![0u8; n]);
        let mut s = LcsScratch {
            masks: &mut masks,
            local: &mut local,
            table: &mut table,
            carry: &mut carry,
        };
        assert_eq!(lcs_length(&a, &b, &mut s), want, "m {m} n {n}");
        for features in subsets {
            let got = lcs_length_with_features(&a, &b, &mut s, features);
            assert_eq!(got, want, "m {m} n {n} {features:?}");
        }
    }
}
