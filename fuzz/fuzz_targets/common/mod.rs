//! Shared by the fuzz targets: a reader that decodes the fuzzer's bytes into valid call
//! arguments (never failing: an exhausted input reads as zeros), builders of the C structs, and
//! the checks every target makes on results.
#![allow(dead_code)]

// The property tests' oracle, one file for both.
#[path = "../../../tests/common/oracle.rs"]
pub mod oracle;

use std::ffi::c_char;

use rouge::capi::*;

/// The fuzzer's bytes, read front to back.
pub struct Input<'a>(pub &'a [u8]);

impl<'a> Input<'a> {
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    pub fn bool(&mut self) -> bool {
        self.byte() & 1 == 1
    }
    /// A value in `0..n` (n > 0), from one byte (or two for n > 256).
    pub fn below(&mut self, n: usize) -> usize {
        let v = if n > 256 {
            usize::from(self.byte()) << 8 | usize::from(self.byte())
        } else {
            usize::from(self.byte())
        };
        v % n
    }
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }
    /// Up to `max` bytes, the count read first.
    pub fn bytes(&mut self, max: usize) -> &'a [u8] {
        let n = self.below(max + 1).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// An element of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

pub fn rstr(t: &[u8]) -> rouge_str {
    rouge_str {
        ptr: t.as_ptr() as *const c_char,
        len: t.len(),
    }
}

pub fn summary(tokens: &[u32], ends: &[usize]) -> rouge_summary {
    rouge_summary {
        tokens: tokens.as_ptr(),
        len: tokens.len(),
        sentence_ends: ends.as_ptr(),
        sentence_count: ends.len(),
    }
}

pub fn metric(kind: u32, n: u32, skip: i64, weight: f64) -> rouge_metric {
    rouge_metric {
        kind,
        n,
        skip,
        weight,
    }
}

/// Every metric family, with the parameters the reference tools use and some edge ones.
pub const METRICS: [(u32, u32, i64, f64); 14] = [
    (ROUGE_METRIC_N, 1, 0, 0.0),
    (ROUGE_METRIC_N, 2, 0, 0.0),
    (ROUGE_METRIC_N, 3, 0, 0.0),
    (ROUGE_METRIC_N, 4, 0, 0.0),
    (ROUGE_METRIC_N, 9, 0, 0.0),
    (ROUGE_METRIC_L, 0, 0, 0.0),
    (ROUGE_METRIC_LSUM, 0, 0, 0.0),
    (ROUGE_METRIC_W, 0, 0, 1.2),
    (ROUGE_METRIC_W, 0, 0, 2.0),
    (ROUGE_METRIC_S, 0, 0, 0.0),
    (ROUGE_METRIC_S, 0, 4, 0.0),
    (ROUGE_METRIC_S, 0, -1, 0.0),
    (ROUGE_METRIC_SU, 0, 4, 0.0),
    (ROUGE_METRIC_SU, 0, -1, 0.0),
];

/// One to five valid metrics.
pub fn metrics(inp: &mut Input) -> Vec<rouge_metric> {
    let count = 1 + inp.below(5);
    (0..count)
        .map(|_| {
            let (k, n, s, w) = inp.pick(&METRICS);
            metric(k, n, s, w)
        })
        .collect()
}

/// Valid scoring options: either flavour, every multi-reference policy, jackknife, and for
/// Perl rounding and a few alphas.
pub fn options(inp: &mut Input) -> rouge_options {
    let flavour = inp.below(2) as u32;
    let mut o = rouge_options::default();
    assert_eq!(unsafe { rouge_options_init(flavour, &mut o) }, ROUGE_OK);
    o.multi_reference = inp.below(3) as u32;
    o.jackknife = inp.below(2) as u32;
    if flavour == ROUGE_FLAVOUR_PERL {
        o.round = inp.below(2) as u32;
        o.alpha = inp.pick(&[0.5, 0.0, 1.0, 0.2, 0.95]);
    }
    o
}

/// Valid tokeniser options: every tokeniser, stemming, and for Perl the stop words, one of the
/// two limits and the reader.
pub fn text_options(inp: &mut Input) -> rouge_text_options {
    let tokenizer = inp.below(3) as u32;
    let mut t = rouge_text_options::default();
    assert_eq!(
        unsafe { rouge_text_options_init(tokenizer, &mut t) },
        ROUGE_OK
    );
    t.stem = inp.below(2) as u32;
    if tokenizer == ROUGE_TOKENIZER_PERL {
        t.stopwords = inp.below(2) as u32;
        match inp.below(3) {
            1 => t.word_limit = inp.below(12) as u64,
            2 => t.byte_limit = inp.below(40) as u64,
            _ => {}
        }
        t.lcs_path = inp.below(2) as u32;
    }
    t
}

/// Words the text generator draws from: ASCII, stemmable, stop words, digits, punctuation,
/// accents, scripts without case, and separators.
const WORDS: [&str; 32] = [
    "the",
    "cat",
    "cats",
    "running",
    "runs",
    "ran",
    "a",
    "of",
    "and",
    "is",
    "police",
    "killed",
    "gunman",
    "2024",
    "x1",
    "it's",
    "don't",
    "-",
    ".",
    ",",
    "Ünïcödé",
    "wörds",
    "ΑΒΓ",
    "中文",
    "naïve",
    "CAT",
    "The",
    "generously",
    "e-mail",
    "U.S.",
    "\t",
    "caresses",
];

/// A text: mostly words from [`WORDS`] separated by spaces and line breaks, sometimes raw
/// bytes (invalid UTF-8, NUL, control characters).
pub fn text(inp: &mut Input) -> Vec<u8> {
    if inp.below(8) == 0 {
        return inp.bytes(64).to_vec();
    }
    let words = inp.below(40);
    let mut t = Vec::new();
    for _ in 0..words {
        let b = inp.byte();
        t.extend_from_slice(WORDS[usize::from(b) % WORDS.len()].as_bytes());
        t.push(match b >> 5 {
            0 => b'\n',
            1 if b & 1 == 1 => b'\n',
            _ => b' ',
        });
    }
    t
}

/// Token ids over a small vocabulary (so that n-grams repeat) with sentence ends.
pub fn tokens(inp: &mut Input, max_len: usize) -> (Vec<u32>, Vec<usize>) {
    let vocab = 1 + inp.below(12) as u32;
    let len = inp.below(max_len + 1);
    let tokens: Vec<u32> = (0..len)
        .map(|_| (inp.byte() as u32 % vocab) * 977 + 5)
        .collect();
    let mut ends = Vec::new();
    let mut p = 0;
    while p < len && inp.below(3) != 0 {
        p = (p + inp.below(12)).min(len);
        ends.push(p);
    }
    (tokens, ends)
}

/// Every score finite, in [0, 1], and every count finite and non-negative.
pub fn check_result(r: &rouge_result, what: &str) {
    for (name, v) in [
        ("precision", r.score.precision),
        ("recall", r.score.recall),
        ("fmeasure", r.score.fmeasure),
    ] {
        assert!(
            v.is_finite() && (0.0..=1.0 + 1e-12).contains(&v),
            "{what}: {name} {v} outside [0, 1]: {r:?}"
        );
    }
    for v in [
        r.counts.hit,
        r.counts.reference_total,
        r.counts.candidate_total,
    ] {
        assert!(v.is_finite() && v >= 0.0, "{what}: count {v}: {r:?}");
    }
}

/// Bit-for-bit equality of two result lists.
pub fn same(a: &[rouge_result], b: &[rouge_result]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            let bits = |r: &rouge_result| {
                [
                    r.score.precision,
                    r.score.recall,
                    r.score.fmeasure,
                    r.counts.hit,
                    r.counts.reference_total,
                    r.counts.candidate_total,
                ]
                .map(f64::to_bits)
            };
            bits(x) == bits(y)
        })
}

/// A status a call may give; anything else is a defect.
pub fn status_in(got: rouge_status, allowed: &[rouge_status], what: &str) {
    assert!(
        allowed.contains(&got),
        "{what}: status {got} not in {allowed:?}"
    );
}
