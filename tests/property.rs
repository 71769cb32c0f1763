//! Property tests: every metric of the library against a plain, independent oracle written
//! here with full O(m*n) tables and hash maps (no code shared with the library), on random
//! sequences of lengths 0 to 300 including the word boundaries 63, 64, 65, 127, 128, 129,
//! random sentence splits, both flavours and every multi-reference policy.

use std::collections::HashMap;

use rouge::{
    score_pair, scratch_words, Dims, Flavour, Metric, MetricResult, MultiRef, Options, Summary,
};

mod common;
use common::rng::Rng;

#[derive(Clone, Debug)]
struct Text {
    tokens: Vec<u32>,
    ends: Vec<usize>,
}

impl Text {
    fn sentences(&self) -> Vec<&[u32]> {
        let mut out = vec![];
        let mut start = 0;
        for &e in &self.ends {
            out.push(&self.tokens[start..e]);
            start = e;
        }
        if start < self.tokens.len() || self.ends.is_empty() {
            out.push(&self.tokens[start..]);
        }
        out
    }
}

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

// ---------------------------------------------------------------- the oracle

#[derive(Clone, Copy, Debug, Default)]
struct C {
    hit: f64,
    rt: f64,
    ct: f64,
    key: f64,
}

fn counts<T: std::hash::Hash + Eq + Clone>(items: impl Iterator<Item = T>) -> HashMap<T, u64> {
    let mut m = HashMap::new();
    for x in items {
        *m.entry(x).or_insert(0) += 1;
    }
    m
}

fn clipped<T: std::hash::Hash + Eq + Clone>(a: &HashMap<T, u64>, b: &HashMap<T, u64>) -> u64 {
    a.iter().map(|(k, &v)| v.min(*b.get(k).unwrap_or(&0))).sum()
}

fn round5(x: f64) -> f64 {
    format!("{x:.5}").parse().unwrap()
}

fn ngrams(t: &[u32], n: usize) -> HashMap<Vec<u32>, u64> {
    counts(t.windows(n).map(|w| w.to_vec()).filter(|_| n <= t.len()))
}

fn skips(t: &[u32], d: Option<usize>) -> HashMap<(u32, u32), u64> {
    let mut v = vec![];
    for i in 0..t.len() {
        for j in i + 1..t.len() {
            if d.is_none_or(|d| j - i - 1 <= d) {
                v.push((t[i], t[j]));
            }
        }
    }
    counts(v.into_iter())
}

fn lcs_table(a: &[u32], b: &[u32]) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; b.len() + 1]; a.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            t[i][j] = if a[i - 1] == b[j - 1] {
                t[i - 1][j - 1] + 1
            } else {
                t[i - 1][j].max(t[i][j - 1])
            };
        }
    }
    t
}

/// rouge-score's `_union_lcs` positions of reference sentence r against one candidate sentence.
fn lcs_positions(r: &[u32], c: &[u32]) -> Vec<usize> {
    let t = lcs_table(r, c);
    let (mut i, mut j) = (r.len(), c.len());
    let mut out = vec![];
    while i > 0 && j > 0 {
        if r[i - 1] == c[j - 1] {
            out.push(i - 1);
            i -= 1;
            j -= 1;
        } else if t[i][j - 1] > t[i - 1][j] {
            j -= 1;
        } else {
            i -= 1;
        }
    }
    out
}

/// ROUGE-1.5.5's wlcs_inner + markLCS positions.
fn wlcs_positions(r: &[u32], c: &[u32], w: f64) -> Vec<usize> {
    let f = |k: u32| (k as f64).powf(w);
    let (m, n) = (r.len(), c.len());
    let mut cc = vec![vec![0f64; n + 1]; m + 1];
    let mut l = vec![vec![0u32; n + 1]; m + 1];
    let mut b = vec![vec![0u8; n + 1]; m + 1];
    for i in 1..=m {
        for j in 1..=n {
            if r[i - 1] == c[j - 1] {
                let k = l[i - 1][j - 1];
                cc[i][j] = cc[i - 1][j - 1] + f(k + 1) - f(k);
                l[i][j] = k + 1;
                b[i][j] = b'\\';
            } else if cc[i - 1][j] >= cc[i][j - 1] {
                cc[i][j] = cc[i - 1][j];
                b[i][j] = b'^';
            } else {
                cc[i][j] = cc[i][j - 1];
                b[i][j] = b'<';
            }
        }
    }
    let (mut i, mut j) = (m, n);
    let mut out = vec![];
    while i > 0 && j > 0 {
        match b[i][j] {
            b'\\' => {
                i -= 1;
                j -= 1;
                out.push(i);
            }
            b'^' => i -= 1,
            _ => j -= 1,
        }
    }
    out
}

fn wlcs_lin(a: &[u32], b: &[u32], w: f64) -> f64 {
    let f = |k: u32| (k as f64).powf(w);
    let mut c = vec![vec![0f64; b.len() + 1]; a.len() + 1];
    let mut l = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            if a[i - 1] == b[j - 1] {
                let k = l[i - 1][j - 1];
                c[i][j] = c[i - 1][j - 1] + f(k + 1) - f(k);
                l[i][j] = k + 1;
            } else {
                c[i][j] = c[i - 1][j].max(c[i][j - 1]);
            }
        }
    }
    c[a.len()][b.len()]
}

fn oracle_one(metric: Metric, cand: &Text, refr: &Text, flavour: Flavour) -> C {
    let (y, x) = (&cand.tokens, &refr.tokens);
    let (n, m) = (y.len() as f64, x.len() as f64);
    let ratio = |h: f64, t: f64| if t > 0.0 { h / t } else { 0.0 };
    match metric {
        Metric::N(k) => {
            let hit = clipped(&ngrams(y, k), &ngrams(x, k)) as f64;
            let (rt, ct) = (
                x.len().saturating_sub(k - 1) as f64,
                y.len().saturating_sub(k - 1) as f64,
            );
            let (rt, ct) = if x.len() < k { (0.0, ct) } else { (rt, ct) };
            let ct = if y.len() < k { 0.0 } else { ct };
            C {
                hit,
                rt,
                ct,
                key: round5(ratio(hit, rt)),
            }
        }
        Metric::L => {
            let hit = lcs_table(x, y)[x.len()][y.len()] as f64;
            C {
                hit,
                rt: m,
                ct: n,
                key: ratio(hit, m),
            }
        }
        Metric::Lsum | Metric::W(_) => {
            let w = if let Metric::W(w) = metric { w } else { 1.0 };
            if matches!(metric, Metric::W(_)) && flavour == Flavour::RougeScore {
                let hit = wlcs_lin(x, y, w);
                return C {
                    hit,
                    rt: m.powf(w),
                    ct: n.powf(w),
                    key: ratio(hit, m.powf(w)),
                };
            }
            let mut cr = counts(x.iter().copied());
            let mut cc = counts(y.iter().copied());
            let (mut hit, mut base) = (0.0, 0.0);
            for r in refr.sentences() {
                base += (r.len() as f64).powf(w);
                let mut union = std::collections::BTreeSet::new();
                for c in cand.sentences() {
                    let pos = if matches!(metric, Metric::W(_)) {
                        wlcs_positions(r, c, w)
                    } else {
                        lcs_positions(r, c)
                    };
                    union.extend(pos);
                }
                let mut run = 0u32;
                for p in 0..r.len() {
                    if !union.contains(&p) {
                        continue;
                    }
                    let t = r[p];
                    if cr[&t] > 0 && cc.get(&t).copied().unwrap_or(0) > 0 {
                        *cr.get_mut(&t).unwrap() -= 1;
                        *cc.get_mut(&t).unwrap() -= 1;
                        if matches!(metric, Metric::W(_)) {
                            run += 1;
                            if p + 1 == r.len() || !union.contains(&(p + 1)) {
                                hit += (run as f64).powf(w);
                                run = 0;
                            }
                        } else {
                            hit += 1.0;
                        }
                    }
                }
            }
            if matches!(metric, Metric::W(_)) {
                C {
                    hit,
                    rt: base.powf(w),
                    ct: n.powf(w),
                    key: ratio(hit, base),
                }
            } else {
                C {
                    hit,
                    rt: m,
                    ct: n,
                    key: ratio(hit, m),
                }
            }
        }
        Metric::S(d) | Metric::Su(d) => {
            let mut hit = clipped(&skips(y, d), &skips(x, d)) as f64;
            let mut rt = skips(x, d).values().sum::<u64>() as f64;
            let mut ct = skips(y, d).values().sum::<u64>() as f64;
            if matches!(metric, Metric::Su(_)) {
                let (uy, ux) = if flavour == Flavour::Perl {
                    (
                        &y[..y.len().saturating_sub(1)],
                        &x[..x.len().saturating_sub(1)],
                    )
                } else {
                    (&y[..], &x[..])
                };
                hit += clipped(&counts(uy.iter()), &counts(ux.iter())) as f64;
                rt += ux.len() as f64;
                ct += uy.len() as f64;
            }
            C {
                hit,
                rt,
                ct,
                key: round5(ratio(hit, rt)),
            }
        }
    }
}

fn oracle_score(metric: Metric, c: &C, o: &Options) -> (f64, f64, f64) {
    let ratio = |h: f64, t: f64| if t > 0.0 { h / t } else { 0.0 };
    let (mut r, mut p) = (ratio(c.hit, c.rt), ratio(c.hit, c.ct));
    if let Metric::W(w) = metric {
        r = r.powf(1.0 / w);
        p = p.powf(1.0 / w);
    }
    match o.flavour {
        Flavour::RougeScore => (
            p,
            r,
            if p + r > 0.0 {
                2.0 * p * r / (p + r)
            } else {
                0.0
            },
        ),
        Flavour::Perl => {
            if o.round {
                r = round5(r);
                p = round5(p);
            }
            let d = (1.0 - o.alpha) * p + o.alpha * r;
            let f = if d > 0.0 { p * r / d } else { 0.0 };
            (p, r, if o.round { round5(f) } else { f })
        }
    }
}

fn oracle_policy(metric: Metric, per: &[C], o: &Options) -> ((f64, f64, f64), C) {
    match o.multi_ref {
        MultiRef::PerlA => {
            let mut s = C::default();
            for c in per {
                s.hit += c.hit;
                s.rt += c.rt;
                s.ct += c.ct;
            }
            (oracle_score(metric, &s, o), s)
        }
        MultiRef::PerlB => {
            let mut best = (-1.0, C::default());
            for c in per {
                if c.key > best.0 {
                    best = (c.key, *c);
                }
            }
            (oracle_score(metric, &best.1, o), best.1)
        }
        MultiRef::BestF => {
            let mut best: Option<((f64, f64, f64), C)> = None;
            for c in per {
                let s = oracle_score(metric, c, o);
                if best.is_none_or(|b| s.2 > b.0 .2) {
                    best = Some((s, *c));
                }
            }
            best.unwrap()
        }
    }
}

fn oracle(metric: Metric, cand: &Text, refs: &[Text], o: &Options) -> ((f64, f64, f64), C) {
    let per: Vec<C> = refs
        .iter()
        .map(|r| oracle_one(metric, cand, r, o.flavour))
        .collect();
    let (score, counts) = oracle_policy(metric, &per, o);
    if o.jackknife && refs.len() >= 2 {
        let mut sum = (0.0, 0.0, 0.0);
        for i in 0..per.len() {
            let sub: Vec<C> = per
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, c)| *c)
                .collect();
            let s = oracle_policy(metric, &sub, o).0;
            sum = (sum.0 + s.0, sum.1 + s.1, sum.2 + s.2);
        }
        let k = per.len() as f64;
        return ((sum.0 / k, sum.1 / k, sum.2 / k), counts);
    }
    (score, counts)
}

// ---------------------------------------------------------------- the comparison

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

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
