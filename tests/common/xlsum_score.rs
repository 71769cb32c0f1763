//! What the XL-Sum scoring tests share: the cases' expected values as doubles (Python's
//! `float.hex`), the four metrics the cases hold, and the segmenter tokens a case stands for.

use rouge::text::xlsum::Language;
use rouge::Metric;

/// The metrics of every case, in this order.
pub const NAMES: [&str; 4] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];
pub const METRICS: [Metric; 4] = [Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];

/// Python's `float.fromhex` for what `float.hex` prints (`0x1.3333333333333p-1`, `0x0.0p+0`,
/// `-0x1.8p+3`): exact.
pub fn from_hex(s: &str) -> f64 {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let s = s.strip_prefix("0x").expect("0x");
    let (mant, exp) = s.split_once('p').expect("p");
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut m: u64 = 0;
    for c in int.chars().chain(frac.chars()) {
        m = m * 16 + c.to_digit(16).expect("hex digit") as u64;
    }
    let e: i32 = exp.parse::<i32>().expect("exponent") - 4 * frac.len() as i32;
    // m < 2^53 and |e| small: one exact multiplication by a power of two.
    let v = m as f64 * 2f64.powi(e);
    if neg {
        -v
    } else {
        v
    }
}

/// The expected (precision, recall, fmeasure) of each metric of [`NAMES`] in a case.
pub fn expected(case: &serde_json::Value) -> [[f64; 3]; 4] {
    let mut out = [[0.0; 3]; 4];
    for (k, name) in NAMES.iter().enumerate() {
        for (j, field) in ["precision", "recall", "fmeasure"].iter().enumerate() {
            out[k][j] = from_hex(case["scores"][name][field]["hex"].as_str().unwrap());
        }
    }
    out
}

/// The segmenter tokens a case's text stands for, when its language's segmenter is the
/// host's (Chinese, Japanese, Thai): the case's own main-path `tokens`. They are what jieba,
/// fugashi or pythainlp made of the cleaned text with only `""` dropped (none of those
/// languages has a stemmer), or, where a segmenter returned nothing, what the fork's
/// pyonmttok fallback made; fed back as segmenter tokens they give the same main path
/// (`tests/xlsum_cases.rs` checks that they do, and that they cut `clean_text`).
pub fn segments(case: &serde_json::Value, side: &str) -> Option<Vec<String>> {
    let lang = Language::resolve(case["lang"].as_str(), false);
    lang.segmenter.in_host().then(|| {
        case["tokens"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_owned())
            .collect()
    })
}

/// The label a case is counted under: its `lang` (`null` for none) and whether it stems.
pub fn label(case: &serde_json::Value) -> String {
    let lang = match case["lang"].as_str() {
        None => "null",
        Some("") => "\"\"",
        Some(l) => l,
    };
    let stem = if case["use_stemmer"].as_bool().unwrap() {
        "stem"
    } else {
        "nostem"
    };
    format!("{lang}/{stem}")
}

/// Whether two doubles are the same bits.
pub fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}
