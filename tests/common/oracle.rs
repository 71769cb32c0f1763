//! The naive oracle of the property tests (`tests/property.rs`) and the fuzz target `oracle`
//! (`fuzz/fuzz_targets/common/mod.rs` includes this file by path): every metric with full
//! O(m*n) tables and hash maps, no code shared with the library. `oracle(metric, cand, refs,
//! options)` gives the (P, R, F) and counts the library must give.
#![allow(dead_code)]

use std::collections::HashMap;

use rouge::{Flavour, Metric, MultiRef, Options};

#[derive(Clone, Debug)]
pub struct Text {
    pub tokens: Vec<u32>,
    pub ends: Vec<usize>,
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

#[derive(Clone, Copy, Debug, Default)]
pub struct C {
    pub hit: f64,
    pub rt: f64,
    pub ct: f64,
    pub key: f64,
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

pub fn lcs_table(a: &[u32], b: &[u32]) -> Vec<Vec<u64>> {
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
pub fn lcs_positions(r: &[u32], c: &[u32]) -> Vec<usize> {
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

pub fn oracle(metric: Metric, cand: &Text, refs: &[Text], o: &Options) -> ((f64, f64, f64), C) {
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

pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}
