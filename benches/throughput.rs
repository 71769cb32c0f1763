//! Single-thread throughput of `rouge::score_pair`, and of the `rougers` crate on the same text.
//!
//! What it measures, for each workload of `../shared/bench` (W1: 10,000 short pairs, W2: 500
//! pairs of ~1,000 words, W3: 20 pairs of ~10,000 words) and each metric set (rouge1, rouge2,
//! rougeL, rougeLsum, rougeW-1.2, rougeSU4, and "all4" = rouge1+rouge2+rougeL+rougeLsum in one
//! call), with rouge-score's definitions (`Options::rouge_score()`):
//!
//! - `ids`: scoring pre-tokenised u32 ids (the workload's `.ids.bin`);
//! - `text`: the workload's text scored with a `rouge::TextScorer` prepared once per metric set
//!   (as `rougers::RougeScorer` is) and rouge-score's tokeniser (`TextOptions::rouge_score(false)`):
//!   one call per pair tokenises and scores, as a C caller of `rouge_text_scorer_score` would;
//!   tokenisation is inside the timed region; the ratio to `rougers` is this row's;
//! - `call`: the same with the one-shot `rouge::score_text`, which also checks the metrics and
//!   works out the scratch layout on every call (as `rouge_score_text`);
//! - `rougers`: `rougers::RougeScorer::score` on the same text (no stemming, `rougeLsum` split on
//!   newlines: rouge-score's defaults), for the metric sets it supports, and our `text` speed
//!   over its speed.
//!
//! The `ids` and `text` rows run once per kernel variant this machine supports, side by side in
//! the one run (`portable`, `avx2`, `avx512`: the detected features narrowed with
//! `Features::restrict`, through `score_pair_with_features` and
//! `TextScorer::restrict_features`), each against the same `rougers` timing; the summary prints
//! one table per variant. The header prints the CPU model, its vector flags and the detected
//! features.
//!
//! Every buffer (scoring scratch, token ids, tokeniser scratch) is allocated once per workload,
//! outside the timed regions, and reused for every pair. A measurement repeats the whole
//! workload until one sample lasts at least 0.3 s (or takes one pass when a pass is already
//! longer) and reports the median of 3 samples when that is cheap; slow `rougers` runs (W3) are
//! timed on the first pairs only, which the `timing` column says. Before the timings, the
//! F-measures of the first 50 pairs are cross-checked against `rougers` (and ids against text).
//!
//! Run (from the crate root):
//!
//! ```text
//! cargo bench --bench throughput                        # full run, a few minutes on 2 cores
//! ROUGE_BENCH_QUICK=1 cargo bench --bench throughput    # smoke run on small subsets (< 30 s)
//! ROUGE_BENCH_ONLY=W2:rouge1,rouge2,rougeL cargo bench --bench throughput   # a part only
//! ROUGE_BENCH_FEATURES=avx2 cargo bench --bench throughput                   # one variant only
//! ROUGE_BENCH_CLOCK=cpu cargo bench --bench throughput                       # on-CPU time
//! ```
//!
//! `ROUGE_BENCH_ONLY` lists workloads (`W1`, `W2`, `W3`), then after a `:` metric sets (as
//! printed, `tokenize` included: `ROUGE_BENCH_ONLY=W1,W3:tokenize` runs the tokeniser rows
//! alone); either part may be empty (all of them). `ROUGE_BENCH_FEATURES` lists the kernel
//! variants to run (see below: `portable`, `avx2` (or `v3`), `avx512`); empty or `detected`:
//! every variant this machine supports.
//!
//! The workloads are generated into `target/workloads` on first use by
//! `python3 <shared>/bench/gen_workloads.py`, where `<shared>` is `$ROUGE_SHARED_DIR` or else
//! `$CARGO_MANIFEST_DIR/../shared`. Numbers from one run are comparable with each other only:
//! the machine is shared and noisy. Nothing here asserts on a timing.

use std::error::Error;
use std::fmt::Write as _;
use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::slice;
use std::time::{Duration, Instant};

use rouge::text::{max_tokens, tokenize_scratch_words, tokenize_with_features, TokenizedText};
use rouge::{
    score_pair_with_features, scratch_words, Dims, Metric, MetricResult, Options, Summary,
};
use rouge::{text_scratch_words, FeatureMask, Features, TextDims, TextOptions, TextScorer};
use rougers::{RougeScorer, RougeType};

/// rouge-score's tokeniser without stemming, as `rougers` and rouge-score's defaults.
const TEXT: TextOptions = TextOptions::rouge_score(false);

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// rouge-score's definitions: F = 2PR/(P+R), best F over references (here always one).
const OPTS: Options = Options::rouge_score();

/// A metric set: the metrics scored together in one call.
struct MetricSet {
    name: &'static str,
    metrics: &'static [Metric],
    /// The same set as `rougers` names it, when it supports it.
    rougers: Option<&'static [&'static str]>,
    /// Whether the set runs one DP over cand_len × ref_len cells per pair (L, Lsum, W), so that
    /// cells per ns is a meaningful kernel speed.
    dp_cells: bool,
}

const ALL4: &[Metric] = &[Metric::N(1), Metric::N(2), Metric::L, Metric::Lsum];
const ALL4_NAMES: &[&str] = &["rouge1", "rouge2", "rougeL", "rougeLsum"];

const METRIC_SETS: &[MetricSet] = &[
    MetricSet {
        name: "rouge1",
        metrics: &[Metric::N(1)],
        rougers: Some(&["rouge1"]),
        dp_cells: false,
    },
    MetricSet {
        name: "rouge2",
        metrics: &[Metric::N(2)],
        rougers: Some(&["rouge2"]),
        dp_cells: false,
    },
    MetricSet {
        name: "rougeL",
        metrics: &[Metric::L],
        rougers: Some(&["rougeL"]),
        dp_cells: true,
    },
    MetricSet {
        name: "rougeLsum",
        metrics: &[Metric::Lsum],
        rougers: Some(&["rougeLsum"]),
        dp_cells: true,
    },
    MetricSet {
        name: "rougeW-1.2",
        metrics: &[Metric::W(1.2)],
        rougers: None,
        dp_cells: true,
    },
    MetricSet {
        name: "rougeSU4",
        metrics: &[Metric::Su(Some(4))],
        rougers: None,
        dp_cells: false,
    },
    MetricSet {
        name: "all4",
        metrics: ALL4,
        rougers: Some(ALL4_NAMES),
        dp_cells: false,
    },
];

/// A kernel variant: the library run with only some of the detected features (forced through
/// `Features::restrict` / `TextScorer::restrict_features`, in the benchmark only).
struct Variant {
    name: &'static str,
    mask: FeatureMask,
    features: Features,
}

/// Every variant this machine can run, slowest first: `portable` (no optional instruction
/// set), `avx2` (what a CPU with AVX2 and without AVX-512 runs: the short text path for
/// x86-64-v3, the AVX2 LCS loops), `avx512` (everything detected: the AVX-512 LCS loops).
fn variants(cfg: &Config) -> Vec<Variant> {
    let detected = Features::detect();
    let all = [
        ("portable", FeatureMask::NONE),
        ("avx2", FeatureMask::SHORT_TEXT_V3 | FeatureMask::LCS_AVX2),
        ("avx512", FeatureMask::ALL),
    ];
    let mut out: Vec<Variant> = Vec::new();
    for (name, mask) in all {
        let features = detected.restrict(mask);
        // A variant the CPU lacks would only repeat a slower one.
        let has_lcs = |m: FeatureMask| features.restrict(m) != Features::portable();
        let held = match name {
            "avx2" => has_lcs(FeatureMask::LCS_AVX2),
            "avx512" => has_lcs(FeatureMask::LCS_AVX512),
            _ => true,
        };
        let chosen = cfg.only_variants.is_empty() || cfg.only_variants.iter().any(|v| v == name);
        if held && chosen {
            out.push(Variant {
                name,
                mask,
                features,
            });
        }
    }
    out
}

/// Workload names as the generator writes them, and as printed.
const WORKLOADS: [(&str, &str); 3] = [("w1", "W1"), ("w2", "W2"), ("w3", "W3")];

/// F-measures closer than this count as equal in the cross-check.
const TOLERANCE: f64 = 1e-9;

/// How long and how thoroughly to measure: the full run, or a smoke run (`ROUGE_BENCH_QUICK=1`).
struct Config {
    quick: bool,
    /// Pairs used from W1, W2, W3 (the whole workload in a full run).
    pair_limit: [usize; 3],
    /// A sample repeats the workload until it lasts at least this long.
    min_sample: Duration,
    /// Take the median of 3 samples when one sample is shorter than this; else one sample.
    median_below: Duration,
    /// One pass of our scorer stops after this long and reports the pairs it did (a safety
    /// net against a pathologically slow metric; not reached in a normal full run).
    our_cap: Duration,
    /// The same for `rougers`, which is slow enough on W3 to be timed on a subset of pairs.
    rougers_cap: Duration,
    /// Pairs cross-checked against `rougers` at the start of each workload.
    check_pairs: usize,
    /// Workloads and metric sets to run (`ROUGE_BENCH_ONLY`); empty: all.
    only_workloads: Vec<String>,
    only_sets: Vec<String>,
    /// The kernel variants to run (`ROUGE_BENCH_FEATURES`); empty: every one the CPU has.
    only_variants: Vec<String>,
    /// Time samples by this thread's time on a CPU, not the wall clock (`ROUGE_BENCH_CLOCK`).
    cpu_clock: bool,
}

impl Config {
    fn from_env() -> Config {
        let quick = std::env::var("ROUGE_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        let only = std::env::var("ROUGE_BENCH_ONLY").unwrap_or_default();
        let (workloads, sets) = only.split_once(':').unwrap_or((&only, ""));
        let list = |s: &str| -> Vec<String> {
            s.split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let (only_workloads, only_sets) = (list(workloads), list(sets));
        for w in &only_workloads {
            assert!(
                WORKLOADS.iter().any(|(_, n)| n.eq_ignore_ascii_case(w)),
                "ROUGE_BENCH_ONLY: no workload {w:?} (W1, W2, W3)"
            );
        }
        for m in &only_sets {
            assert!(
                m == "tokenize" || METRIC_SETS.iter().any(|s| s.name == m),
                "ROUGE_BENCH_ONLY: no metric set {m:?}"
            );
        }
        let only_variants: Vec<String> =
            list(&std::env::var("ROUGE_BENCH_FEATURES").unwrap_or_default())
                .into_iter()
                .filter(|v| v != "detected")
                .map(|v| if v == "v3" { "avx2".to_owned() } else { v })
                .collect();
        for v in &only_variants {
            assert!(
                ["portable", "avx2", "avx512"].contains(&v.as_str()),
                "ROUGE_BENCH_FEATURES={v}: portable, avx2 (or v3), avx512 or detected"
            );
        }
        let cpu_clock = match std::env::var("ROUGE_BENCH_CLOCK").as_deref() {
            Ok("cpu") => true,
            Ok("wall") | Err(_) => false,
            Ok(other) => panic!("ROUGE_BENCH_CLOCK={other}: wall or cpu"),
        };
        assert!(
            !cpu_clock || thread_cpu_ns() > 0.0,
            "ROUGE_BENCH_CLOCK=cpu: no thread CPU clock on this system"
        );
        let base = Config::timing(quick);
        Config {
            only_workloads,
            only_sets,
            only_variants,
            cpu_clock,
            ..base
        }
    }

    /// The timing policy of a full or a quick run, everything else unfiltered.
    fn timing(quick: bool) -> Config {
        let (only_workloads, only_sets, only_variants) = (Vec::new(), Vec::new(), Vec::new());
        let cpu_clock = false;
        if quick {
            Config {
                quick,
                pair_limit: [500, 20, 2],
                min_sample: Duration::from_millis(50),
                median_below: Duration::ZERO,
                our_cap: Duration::from_secs(1),
                rougers_cap: Duration::from_millis(300),
                check_pairs: 5,
                only_workloads,
                only_sets,
                only_variants,
                cpu_clock,
            }
        } else {
            Config {
                quick,
                pair_limit: [usize::MAX; 3],
                min_sample: Duration::from_millis(300),
                median_below: Duration::from_millis(700),
                our_cap: Duration::from_secs(15),
                rougers_cap: Duration::from_secs(3),
                check_pairs: 50,
                only_workloads,
                only_sets,
                only_variants,
                cpu_clock,
            }
        }
    }

    fn runs_workload(&self, name: &str) -> bool {
        self.only_workloads.is_empty()
            || self
                .only_workloads
                .iter()
                .any(|w| w.eq_ignore_ascii_case(name))
    }

    fn runs_set(&self, name: &str) -> bool {
        self.only_sets.is_empty() || self.only_sets.iter().any(|s| s == name)
    }
}

// ---------------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------------

/// One tokenised text: its ids and its sentence ends (exclusive, relative to `tokens`).
struct Doc {
    tokens: Vec<u32>,
    sentence_ends: Vec<usize>,
}

impl Doc {
    fn summary(&self) -> Summary<'_> {
        Summary::new(&self.tokens, &self.sentence_ends)
    }
}

/// One candidate/reference pair in both forms, with the same content.
struct Pair {
    cand_text: String,
    ref_text: String,
    cand: Doc,
    refr: Doc,
}

struct Workload {
    name: &'static str,
    /// Pairs in the workload file (`pairs` may be a prefix of them in a quick run).
    total_pairs: usize,
    pairs: Vec<Pair>,
}

/// `target/workloads` of this crate, generated there when any file is missing.
fn workload_dir() -> Result<PathBuf> {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let dir = manifest.join("target").join("workloads");
    let complete = WORKLOADS.iter().all(|(w, _)| {
        dir.join(format!("{w}.jsonl")).is_file() && dir.join(format!("{w}.ids.bin")).is_file()
    });
    if complete {
        return Ok(dir);
    }
    let shared = std::env::var_os("ROUGE_SHARED_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("shared"));
    let script = shared.join("bench").join("gen_workloads.py");
    // Generate next to the final directory and rename, so an interrupted run never leaves a
    // directory that looks complete.
    let partial = manifest
        .join("target")
        .join(format!("workloads.partial-{}", std::process::id()));
    eprintln!(
        "generating workloads: python3 {} {}",
        script.display(),
        dir.display()
    );
    let status = Command::new("python3")
        .arg(&script)
        .arg(&partial)
        .status()?;
    if !status.success() {
        return Err(format!("{} failed: {status}", script.display()).into());
    }
    if dir.exists() {
        fs::remove_dir_all(&dir)?;
    }
    fs::rename(&partial, &dir)?;
    Ok(dir)
}

/// `{w}.jsonl`: one `{"cand": text, "ref": text}` object per line, one sentence per text line.
fn load_text(path: &Path) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    for (n, line) in fs::read_to_string(path)?.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let field = |k: &str| {
            v[k].as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("{}:{}: no string {k:?}", path.display(), n + 1))
        };
        pairs.push((field("cand")?, field("ref")?));
    }
    Ok(pairs)
}

/// Little-endian u32 reader over `{w}.ids.bin`.
struct Words<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Words<'_> {
    fn next(&mut self) -> Result<u32> {
        let b = self
            .bytes
            .get(self.pos..self.pos + 4)
            .ok_or("ids.bin: truncated")?;
        self.pos += 4;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// One text: `n_sents`, `lens[n_sents]`, `tokens[sum(lens)]`.
    fn doc(&mut self) -> Result<Doc> {
        let n_sents = self.next()? as usize;
        let mut sentence_ends = Vec::with_capacity(n_sents);
        let mut end = 0usize;
        for _ in 0..n_sents {
            end += self.next()? as usize;
            sentence_ends.push(end);
        }
        let tokens = (0..end)
            .map(|_| self.next())
            .collect::<Result<Vec<u32>>>()?;
        Ok(Doc {
            tokens,
            sentence_ends,
        })
    }
}

/// `{w}.ids.bin`: `b"RGWL"`, version 1, n_pairs, then per pair the candidate and the reference.
fn load_ids(path: &Path) -> Result<Vec<(Doc, Doc)>> {
    let bytes = fs::read(path)?;
    if !bytes.starts_with(b"RGWL") {
        return Err(format!("{}: bad magic", path.display()).into());
    }
    let mut r = Words {
        bytes: &bytes,
        pos: 4,
    };
    let version = r.next()?;
    if version != 1 {
        return Err(format!("{}: unsupported version {version}", path.display()).into());
    }
    let n_pairs = r.next()? as usize;
    let pairs = (0..n_pairs)
        .map(|_| Ok((r.doc()?, r.doc()?)))
        .collect::<Result<Vec<_>>>()?;
    if r.pos != bytes.len() {
        return Err(format!("{}: {} trailing bytes", path.display(), bytes.len() - r.pos).into());
    }
    Ok(pairs)
}

fn load_workload(dir: &Path, file: &str, name: &'static str, limit: usize) -> Result<Workload> {
    let text = load_text(&dir.join(format!("{file}.jsonl")))?;
    let ids = load_ids(&dir.join(format!("{file}.ids.bin")))?;
    if text.len() != ids.len() {
        return Err(format!(
            "{file}: {} text pairs but {} id pairs",
            text.len(),
            ids.len()
        )
        .into());
    }
    let total_pairs = text.len();
    let pairs = text
        .into_iter()
        .zip(ids)
        .take(limit)
        .map(|((cand_text, ref_text), (cand, refr))| Pair {
            cand_text,
            ref_text,
            cand,
            refr,
        })
        .collect();
    Ok(Workload {
        name,
        total_pairs,
        pairs,
    })
}

// ---------------------------------------------------------------------------------------------
// Our scorer
// ---------------------------------------------------------------------------------------------

/// Every buffer our calls use, sized once per workload for its largest pair.
struct Buffers {
    /// Scoring scratch: the most any metric set needs.
    scratch: Vec<u64>,
    /// Tokeniser outputs and scratch (text rows only).
    ids: Vec<u32>,
    ends: Vec<usize>,
    tok_scratch: Vec<u64>,
    /// Scratch of `score_text`: the most any metric set needs for the workload's largest texts.
    text_scratch: Vec<u64>,
    /// Byte sizes of the workload's largest texts.
    text_dims: TextDims,
    out: Vec<MetricResult>,
}

impl Buffers {
    fn new(w: &Workload, dims: &Dims) -> Result<Buffers> {
        let mut words = 0;
        for set in METRIC_SETS {
            words =
                words.max(scratch_words(set.metrics, &OPTS, dims).map_err(|e| format!("{e:?}"))?);
        }
        let text_bytes = w
            .pairs
            .iter()
            .map(|p| p.cand_text.len() + p.ref_text.len())
            .max()
            .unwrap_or(0);
        let tok_words =
            tokenize_scratch_words(&TEXT, text_bytes, 2).map_err(|e| format!("{e:?}"))?;
        let tokens = max_tokens(text_bytes, 2);
        let text_dims = w.pairs.iter().fold(TextDims::default(), |d, p| {
            d.max(TextDims::of(
                p.cand_text.as_bytes(),
                &[p.ref_text.as_str()][..],
            ))
        });
        let mut text_words = 0;
        for set in METRIC_SETS {
            text_words = text_words.max(
                text_scratch_words(set.metrics, &OPTS, &TEXT, &text_dims)
                    .map_err(|e| format!("{e:?}"))?,
            );
        }
        Ok(Buffers {
            scratch: vec![0; words],
            ids: vec![0; tokens],
            ends: vec![0; tokens],
            tok_scratch: vec![0; tok_words],
            text_scratch: vec![0; text_words],
            text_dims,
            out: vec![MetricResult::default(); ALL4.len()],
        })
    }

    /// Bytes of the tokeniser's buffers (scratch, ids, sentence ends).
    fn tokenizer_bytes(&self) -> usize {
        self.tok_scratch.len() * 8 + self.ids.len() * 4 + self.ends.len() * size_of::<usize>()
    }
}

/// The dimensions of the workload's largest pair: scratch for it serves every pair.
fn workload_dims(w: &Workload) -> Dims {
    w.pairs.iter().fold(Dims::default(), |d, p| {
        d.max(Dims::of(
            &p.cand.summary(),
            slice::from_ref(&p.refr.summary()),
        ))
    })
}

/// Scores a pre-tokenised pair into `b.out[..metrics.len()]` with `features` (a variant's).
fn score_ids(p: &Pair, metrics: &[Metric], features: Features, b: &mut Buffers) {
    let refs = [p.refr.summary()];
    score_pair_with_features(
        &p.cand.summary(),
        &refs[..],
        metrics,
        &OPTS,
        features,
        &mut b.scratch,
        &mut b.out,
    )
    .expect("score_pair (ids)");
}

/// Tokenises a pair's text with rouge-score's tokeniser (the one of the `text` rows) and
/// `features`, candidate and reference in one call (one id space), into `b.ids` and
/// `b.ends`; returns where each went.
fn tokenize_with(p: &Pair, features: Features, b: &mut Buffers) -> [TokenizedText; 2] {
    let texts: [&[u8]; 2] = [p.cand_text.as_bytes(), p.ref_text.as_bytes()];
    let mut spans = [TokenizedText::default(); 2];
    tokenize_with_features(
        &texts[..],
        &TEXT,
        features,
        &mut b.ids,
        &mut b.ends,
        &mut b.tok_scratch,
        &mut |i, t| spans[i] = t,
    )
    .expect("tokenize");
    spans
}

/// The `tokenize` rows: tokenisation alone (the part of every `text` row that is not
/// scoring), once per variant (`rouge::text::tokenize_with_features` with the variant's
/// features: the direct ASCII tokeniser's x86-64-v3 twin for `avx2` and `avx512`), each
/// followed by its speed in GB/s: bytes of candidate plus reference over the row's time.
fn tokenize_rows(w: &Workload, variants: &[Variant], cfg: &Config, b: &mut Buffers) {
    let bytes = |pairs: usize| -> f64 {
        w.pairs[..pairs]
            .iter()
            .map(|p| (p.cand_text.len() + p.ref_text.len()) as f64)
            .sum()
    };
    for v in variants {
        let tok = measure(w.pairs.len(), cfg.our_cap, cfg, |i| {
            black_box(tokenize_with(&w.pairs[i], v.features, b));
            black_box(&b.ids);
        });
        print_row(&Row {
            workload: w.name,
            variant: v.name,
            set: "tokenize",
            tool: "ours",
            input: "text",
            timing: &tok,
            cells_per_ns: None,
            scratch_bytes: Some(8 * b.tok_scratch.len()),
            ratio: None,
        });
        let per_pair = bytes(tok.pairs) / tok.pairs as f64;
        println!(
            "{:<3} tokenize {:<8} {:.3} GB/s ({} B of text a pair, candidate plus reference)",
            w.name,
            v.name,
            per_pair / tok.ns_per_pair,
            grouped(per_pair),
        );
    }
}

/// Scores a pair's text (tokeniser and scorer in one call) into `b.out`.
fn score_text(p: &Pair, metrics: &[Metric], b: &mut Buffers) {
    rouge::score_text(
        p.cand_text.as_bytes(),
        &[p.ref_text.as_str()][..],
        metrics,
        &OPTS,
        &TEXT,
        &mut b.text_scratch,
        &mut b.out,
    )
    .expect("score_text");
}

// ---------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------

/// The result of one measurement.
struct Timing {
    /// Median wall time per pair.
    ns_per_pair: f64,
    /// Pairs each sample covered: the first `pairs` of the workload (all of them unless capped).
    pairs: usize,
    /// How it was taken, for the `timing` column.
    how: String,
}

/// Times `run(i)` over pairs `0..n` (see the module comment for the policy).
///
/// A first pass over the workload calibrates (and warms the caches). If it stopped at `cap`,
/// that capped pass over the first pairs is the only sample. If it lasted at least
/// `cfg.min_sample`, it is the first sample, and two more passes follow when it was shorter
/// than `cfg.median_below`. Otherwise it is discarded, and each of 3 samples (1 in a quick run)
/// repeats the workload enough times to last `cfg.min_sample`.
///
/// With `ROUGE_BENCH_CLOCK=cpu` a sample is the time this thread ran on a CPU (Linux's
/// `CLOCK_THREAD_CPUTIME_ID`) rather than the wall time: on a shared machine the time spent
/// waiting for a core then drops out (caches shared with other processes still count).
fn measure(n: usize, cap: Duration, cfg: &Config, mut run: impl FnMut(usize)) -> Timing {
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    let mut done = n;
    for i in 0..n {
        run(i);
        if start.elapsed() >= cap {
            done = i + 1;
            break;
        }
    }
    let first = start.elapsed();
    let first_ns = if cfg.cpu_clock {
        thread_cpu_ns() - cpu_start
    } else {
        ns(first)
    };
    if done < n {
        return Timing {
            ns_per_pair: first_ns / done as f64,
            pairs: done,
            how: format!("1 pass, first {done} of {n} pairs"),
        };
    }

    let mut pass = |reps: usize| {
        let (t, cpu) = (Instant::now(), thread_cpu_ns());
        for _ in 0..reps {
            for i in 0..n {
                run(i);
            }
        }
        let took = if cfg.cpu_clock {
            thread_cpu_ns() - cpu
        } else {
            ns(t.elapsed())
        };
        took / (reps * n) as f64
    };
    let (mut samples, how) = if first >= cfg.min_sample {
        if first < cfg.median_below {
            (
                vec![first_ns / n as f64, pass(1), pass(1)],
                "median of 3 x 1 pass".to_string(),
            )
        } else {
            (vec![first_ns / n as f64], "1 pass".to_string())
        }
    } else {
        let reps = (cfg.min_sample.as_secs_f64() / first.as_secs_f64().max(1e-9)).ceil() as usize;
        let count = if cfg.quick { 1 } else { 3 };
        let samples: Vec<f64> = (0..count).map(|_| pass(reps)).collect();
        (
            samples,
            if count == 3 {
                format!("median of 3 x {reps} passes")
            } else {
                format!("{reps} passes")
            },
        )
    };
    samples.sort_by(f64::total_cmp);
    Timing {
        ns_per_pair: samples[samples.len() / 2],
        pairs: n,
        how,
    }
}

fn ns(d: Duration) -> f64 {
    d.as_secs_f64() * 1e9
}

/// Nanoseconds this thread has run on a CPU (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`), 0
/// where that is unknown (`ROUGE_BENCH_CLOCK=cpu` is then refused at start).
fn thread_cpu_ns() -> f64 {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    {
        /// `struct timespec` on 64-bit Linux.
        #[repr(C)]
        struct Timespec {
            tv_sec: i64,
            tv_nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid `timespec` for the call to write.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 * 1e9 + t.tv_nsec as f64;
        }
    }
    0.0
}

// ---------------------------------------------------------------------------------------------
// Cross-check against rougers
// ---------------------------------------------------------------------------------------------

/// Mismatch counts of the all4 F-measures over the checked pairs.
struct Check {
    pairs: usize,
    /// Ours (text) vs rougers, per metric of `ALL4`.
    vs_rougers: [usize; 4],
    /// Ours on ids vs ours on text, per metric of `ALL4` (the two forms hold the same content).
    ids_vs_text: [usize; 4],
    max_diff: f64,
    /// The first mismatch against rougers, described.
    first: Option<String>,
}

/// Whether two F-measures agree within `TOLERANCE` (a NaN never agrees).
fn agrees(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE
}

fn cross_check(w: &Workload, b: &mut Buffers, pairs: usize) -> Check {
    let scorer = RougeScorer::new(ALL4_NAMES, false).expect("rougers: valid rouge types");
    let types: Vec<RougeType> = ALL4_NAMES
        .iter()
        .map(|n| n.parse().expect("rouge type"))
        .collect();
    let mut c = Check {
        pairs: pairs.min(w.pairs.len()),
        vs_rougers: [0; 4],
        ids_vs_text: [0; 4],
        max_diff: 0.0,
        first: None,
    };
    for (i, p) in w.pairs.iter().take(pairs).enumerate() {
        score_ids(p, ALL4, Features::detect(), b);
        let from_ids: [f64; 4] = std::array::from_fn(|m| b.out[m].score.fmeasure);
        score_text(p, ALL4, b);
        let rougers_scores = scorer.score(&p.ref_text, &p.cand_text);
        for (m, ty) in types.iter().enumerate() {
            let ours = b.out[m].score.fmeasure;
            let theirs = rougers_scores.get(*ty).map_or(f64::NAN, |s| s.fmeasure);
            let diff = (ours - theirs).abs();
            c.max_diff = c.max_diff.max(diff);
            if !agrees(ours, theirs) {
                c.vs_rougers[m] += 1;
                c.first.get_or_insert_with(|| {
                    format!(
                        "pair {i} {}: ours {ours:.17} rougers {theirs:.17}",
                        ALL4_NAMES[m]
                    )
                });
            }
            if !agrees(from_ids[m], ours) {
                c.ids_vs_text[m] += 1;
            }
        }
    }
    c
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/// `1234567.8` -> `"1,234,568"`.
fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A duration in ns, with a readable unit.
fn human_time(ns: f64) -> String {
    match ns {
        x if x < 1e3 => format!("{x:.0} ns"),
        x if x < 1e6 => format!("{:.2} us", x / 1e3),
        x if x < 1e9 => format!("{:.2} ms", x / 1e6),
        x => format!("{:.2} s", x / 1e9),
    }
}

/// A pairs-per-second figure: grouped digits, with decimals when small.
fn rate(per_s: f64) -> String {
    if per_s < 100.0 {
        format!("{per_s:.2}")
    } else {
        grouped(per_s)
    }
}

/// One table row; `None` columns print as `-`.
struct Row<'a> {
    workload: &'a str,
    variant: &'a str,
    set: &'a str,
    tool: &'a str,
    input: &'a str,
    timing: &'a Timing,
    cells_per_ns: Option<f64>,
    scratch_bytes: Option<usize>,
    ratio: Option<f64>,
}

const HEADER: &str = "wl  metrics     impl     variant  input      pairs/s   time/pair  cells/ns    scratch B  vs rougers  timing";

fn print_row(r: &Row) {
    let dash = || "-".to_string();
    println!(
        "{:<3} {:<11} {:<8} {:<8} {:<5} {:>12} {:>11} {:>9} {:>12} {:>11}  {}",
        r.workload,
        r.set,
        r.tool,
        r.variant,
        r.input,
        rate(1e9 / r.timing.ns_per_pair),
        human_time(r.timing.ns_per_pair),
        r.cells_per_ns.map_or_else(dash, |c| format!("{c:.2}")),
        r.scratch_bytes.map_or_else(dash, |b| grouped(b as f64)),
        r.ratio.map_or_else(dash, |x| format!("{x:.1}x")),
        r.timing.how,
    );
}

fn print_header(cfg: &Config, dir: &Path) {
    let nproc = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    if cfg.quick {
        println!("rouge throughput benchmark: single thread, QUICK run (ROUGE_BENCH_QUICK=1): small subsets");
        println!(
            "that stay in cache, so the figures are faster than a full run's: a smoke test only"
        );
    } else {
        println!("rouge throughput benchmark: single thread, full run");
    }
    println!(
        "machine: nproc = {nproc}, cpu = {cpu}, load average at start {}",
        load_average()
    );
    let flags = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("flags"))
                .and_then(|l| l.split(':').nth(1))
                .map(|f| {
                    f.split_whitespace()
                        .filter(|f| f.starts_with("avx") || ["bmi2", "gfni"].contains(f))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
        })
        .unwrap_or_else(|| "unknown".into());
    println!("cpu flags (avx*, bmi2, gfni): {flags}");
    println!(
        "detected: {:?}; variants run: {}",
        Features::detect(),
        variants(cfg)
            .iter()
            .map(|v| v.name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("workloads: {}", dir.display());
    println!(
        "variants chosen: {:?} (ROUGE_BENCH_FEATURES; empty: all); only: {:?} {:?} (ROUGE_BENCH_ONLY); \
         clock: {} (ROUGE_BENCH_CLOCK)",
        cfg.only_variants,
        cfg.only_workloads,
        cfg.only_sets,
        if cfg.cpu_clock { "cpu" } else { "wall" }
    );
    println!();
    println!("columns:");
    println!("  wl          W1 (10,000 short pairs), W2 (500 pairs of ~1,000 words), W3 (20 pairs of ~10,000 words)");
    println!("  metrics     metric set scored in one call (rouge-score definitions); all4 = rouge1+rouge2+rougeL+rougeLsum;");
    println!("              tokenize = rouge::text::tokenize_with_features with rouge-score's tokeniser alone (no");
    println!("              scoring), per variant, then its GB/s (bytes of candidate plus reference over its time)");
    println!("  impl        ours = rouge::score_pair; rougers = rougers 0.2.1 RougeScorer::score (no stemmer)");
    println!("  variant     the optional instruction sets ours ran with (Features::restrict): portable = none;");
    println!("              avx2 = what a CPU with AVX2 and no AVX-512 runs (x86-64-v3 short text path, AVX2 LCS");
    println!("              loops); avx512 = all detected (AVX-512 LCS loops); detected = the one-shot call's own");
    println!("  input       ids = pre-tokenised u32 ids; text = UTF-8 text through a prepared TextScorer, tokenisation");
    println!(
        "              included in the time; call = the same text through the one-shot score_text"
    );
    println!("  pairs/s     pairs scored per second, single thread (1 / time per pair)");
    println!("  time/pair   median wall time per pair");
    println!("  cells/ns    DP cells per ns of elapsed time (rougeL, rougeLsum, rougeW only): cand_len x ref_len summed");
    println!("              over pairs; for rougeLsum the sum over sentence pairs of their length products (the same");
    println!("              number, as the sentences partition the tokens); text rows include tokenisation in the time");
    println!("  scratch B   bytes of scoring scratch the call needs: 8 x scratch_words for the workload's largest pair");
    println!("              (tokenize row: 8 x tokenize_scratch_words; all tokeniser buffers are listed per workload)");
    println!("  vs rougers  our text pairs/s over rougers' pairs/s, same text, same metric set, same run (the one");
    println!("              rougers timing serves every variant)");
    println!("  timing      samples behind the figure; 'first k of n pairs' marks a subset of the workload");
    println!();
}

/// The 1, 5 and 15 minute load averages (Linux), or "unknown".
fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}

/// Seconds this thread has run on a CPU and waited for one (Linux `/proc/self/schedstat`).
/// The wait shows how much other processes competed for the cores during the run.
fn sched_times() -> Option<(f64, f64)> {
    let s = fs::read_to_string("/proc/self/schedstat").ok()?;
    let mut f = s.split_whitespace().map(|x| x.parse::<f64>().ok());
    Some((f.next()?? / 1e9, f.next()?? / 1e9))
}

fn main() -> Result<()> {
    let cfg = Config::from_env();
    let dir = workload_dir()?;
    print_header(&cfg, &dir);
    let run_start = Instant::now();
    let sched_start = sched_times();
    // Every rougers comparison, for the summary.
    let mut ratios: Vec<Ratio> = Vec::new();
    let mut checks: Vec<(&str, Check)> = Vec::new();
    // rougeL's LCS cells per ns, per variant and workload.
    let mut lcs_speeds: Vec<LcsSpeed> = Vec::new();
    let variants = variants(&cfg);

    for (k, &(file, name)) in WORKLOADS.iter().enumerate() {
        if !cfg.runs_workload(name) {
            continue;
        }
        let w = load_workload(&dir, file, name, cfg.pair_limit[k])?;
        let (name, n) = (w.name, w.pairs.len());
        let dims = workload_dims(&w);
        let mut b = Buffers::new(&w, &dims)?;
        let mean = |f: fn(&Pair) -> usize| w.pairs.iter().map(f).sum::<usize>() as f64 / n as f64;
        println!(
            "{name}: {n} of {} pairs; mean tokens cand {:.0} / ref {:.0}; largest cand {} / ref {} tokens, sentences up to {} / {}; \
             tokeniser buffers {} B",
            w.total_pairs,
            mean(|p| p.cand.tokens.len()),
            mean(|p| p.refr.tokens.len()),
            dims.candidate_len,
            dims.reference_len,
            dims.candidate_sentence_len,
            dims.reference_sentence_len,
            grouped(b.tokenizer_bytes() as f64),
        );

        let check = cross_check(&w, &mut b, cfg.check_pairs);
        println!(
            "{name}: cross-check on the first {} pairs (all4 F within {TOLERANCE:e}): mismatches vs rougers {} {:?}, ids vs text {:?}, \
             max |diff| {:.1e}",
            check.pairs,
            check.vs_rougers.iter().sum::<usize>(),
            check.vs_rougers,
            check.ids_vs_text,
            check.max_diff,
        );
        if let Some(first) = &check.first {
            println!("{name}: first mismatch: {first}");
        }
        checks.push((name, check));
        println!();
        println!("{HEADER}");

        if cfg.runs_set("tokenize") {
            tokenize_rows(&w, &variants, &cfg, &mut b);
        }

        // DP cells of the first `pairs` pairs (the ones a timing covered): cand_len x ref_len
        // each. rougeLsum's sum over sentence pairs, Σ_i Σ_j |c_i|·|r_j|, is the same number,
        // as the sentences partition the tokens.
        let cells = |pairs: usize| -> f64 {
            w.pairs[..pairs]
                .iter()
                .map(|p| (p.cand.tokens.len() * p.refr.tokens.len()) as f64)
                .sum()
        };
        for set in METRIC_SETS.iter().filter(|s| cfg.runs_set(s.name)) {
            let scratch_bytes =
                Some(8 * scratch_words(set.metrics, &OPTS, &dims).map_err(|e| format!("{e:?}"))?);
            let cells_per_ns = |t: &Timing| {
                set.dp_cells
                    .then(|| cells(t.pairs) / (t.ns_per_pair * t.pairs as f64))
            };

            let theirs = set.rougers.map(|names| {
                let scorer = RougeScorer::new(names, false).expect("rougers: valid rouge types");
                measure(n, cfg.rougers_cap, &cfg, |i| {
                    let p = &w.pairs[i];
                    black_box(scorer.score(black_box(&p.ref_text), black_box(&p.cand_text)));
                })
            });
            let text_words = text_scratch_words(set.metrics, &OPTS, &TEXT, &b.text_dims)
                .map_err(|e| format!("{e:?}"))?;
            // Every variant on the same pairs, one after the other, each against the same
            // rougers timing.
            for variant in &variants {
                let ids = measure(n, cfg.our_cap, &cfg, |i| {
                    score_ids(&w.pairs[i], set.metrics, variant.features, &mut b);
                    black_box(&b.out);
                });
                let row = Row {
                    workload: name,
                    variant: variant.name,
                    set: set.name,
                    tool: "ours",
                    input: "ids",
                    timing: &ids,
                    cells_per_ns: cells_per_ns(&ids),
                    scratch_bytes,
                    ratio: None,
                };
                print_row(&row);

                let scorer = TextScorer::new(set.metrics, &OPTS, &TEXT, &b.text_dims)
                    .map_err(|e| format!("{e:?}"))?
                    .restrict_features(variant.mask);
                let text = measure(n, cfg.our_cap, &cfg, |i| {
                    let p = &w.pairs[i];
                    scorer
                        .score(
                            p.cand_text.as_bytes(),
                            &[p.ref_text.as_str()][..],
                            &mut b.text_scratch,
                            &mut b.out,
                        )
                        .expect("TextScorer::score");
                    black_box(&b.out);
                });
                // Per-pair times compare the whole workload (ours) with its first pairs
                // (rougers when capped); the pairs of a workload are all of about the same size.
                let ratio = theirs.as_ref().map(|t| t.ns_per_pair / text.ns_per_pair);
                print_row(&Row {
                    input: "text",
                    timing: &text,
                    cells_per_ns: cells_per_ns(&text),
                    scratch_bytes: Some(8 * text_words),
                    ratio,
                    ..row
                });
                if let (Some(t), Some(r)) = (&theirs, ratio) {
                    ratios.push(Ratio {
                        variant: variant.name,
                        workload: name,
                        set: set.name,
                        ratio: r,
                        subset: t.pairs < n,
                    });
                }
                if set.name == "rougeL" {
                    lcs_speeds.push(LcsSpeed {
                        variant: variant.name,
                        workload: name,
                        ids: cells_per_ns(&ids).unwrap_or(0.0),
                        text: cells_per_ns(&text).unwrap_or(0.0),
                    });
                }
            }
            // The one-shot call detects the features itself: once, not per variant.
            let call = measure(n, cfg.our_cap, &cfg, |i| {
                score_text(&w.pairs[i], set.metrics, &mut b);
                black_box(&b.out);
            });
            let row = Row {
                workload: name,
                variant: "detected",
                set: set.name,
                tool: "ours",
                input: "call",
                timing: &call,
                cells_per_ns: cells_per_ns(&call),
                scratch_bytes: Some(8 * text_words),
                ratio: None,
            };
            print_row(&row);
            if let Some(t) = &theirs {
                print_row(&Row {
                    tool: "rougers",
                    variant: "-",
                    input: "text",
                    timing: t,
                    cells_per_ns: None,
                    scratch_bytes: None,
                    ..row
                });
            }
        }
        println!();
    }

    print_summary(&variants, &ratios, &lcs_speeds, &checks);
    println!("total run time {:.0} s", run_start.elapsed().as_secs_f64());
    if let (Some((ran0, waited0)), Some((ran1, waited1))) = (sched_start, sched_times()) {
        let (ran, waited) = (ran1 - ran0, waited1 - waited0);
        println!(
            "contention: ran {ran:.1} s on a CPU, waited {waited:.1} s for one ({:.0}% of the time); \
             load average at end {}",
            100.0 * waited / (ran + waited).max(1e-9),
            load_average()
        );
    }
    Ok(())
}

/// Our text speed over rougers' on one workload and metric set, with one variant.
struct Ratio {
    variant: &'static str,
    workload: &'static str,
    set: &'static str,
    ratio: f64,
    /// rougers was timed on the first pairs of the workload only.
    subset: bool,
}

/// rougeL's LCS cells per ns on one workload with one variant, ids in and text in.
struct LcsSpeed {
    variant: &'static str,
    workload: &'static str,
    ids: f64,
    text: f64,
}

/// One table per variant (Markdown, as the README shows them): the ratios over rougers, and
/// rougeL's LCS cells per ns.
fn print_summary(
    variants: &[Variant],
    ratios: &[Ratio],
    lcs_speeds: &[LcsSpeed],
    checks: &[(&str, Check)],
) {
    println!("summary: our pairs/s over rougers' pairs/s, text in (tokenisation included on both");
    println!("sides; * = rougers timed on the first pairs of the workload only), one table per");
    println!("variant, every variant against the same rougers timings; then rougeL's LCS cells/ns");
    let sets: Vec<&str> = METRIC_SETS
        .iter()
        .filter(|s| s.rougers.is_some())
        .map(|s| s.name)
        .collect();
    for v in variants {
        println!();
        println!("variant {} ({:?})", v.name, v.features);
        println!();
        let mut line = "|    |".to_string();
        for s in &sets {
            let _ = write!(line, " {s} |");
        }
        let _ = write!(line, " rougeL LCS cells/ns, ids | text |");
        println!("{line}");
        println!("|{}", " --- |".repeat(sets.len() + 3));
        for (_, name) in WORKLOADS {
            let mut line = format!("| {name} |");
            for s in &sets {
                let found = ratios
                    .iter()
                    .find(|r| r.variant == v.name && r.workload == name && r.set == *s);
                let cell = match found {
                    Some(r) => format!("{:.1}x{}", r.ratio, if r.subset { "*" } else { "" }),
                    None => "-".into(),
                };
                let _ = write!(line, " {cell} |");
            }
            match lcs_speeds
                .iter()
                .find(|l| l.variant == v.name && l.workload == name)
            {
                Some(l) => {
                    let _ = write!(line, " {:.1} | {:.1} |", l.ids, l.text);
                }
                None => line.push_str(" - | - |"),
            }
            println!("{line}");
        }
        let mine: Vec<&Ratio> = ratios.iter().filter(|r| r.variant == v.name).collect();
        if !mine.is_empty() {
            let logs: f64 = mine.iter().map(|r| r.ratio.ln()).sum();
            let (lo, hi) = mine.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), r| {
                (lo.min(r.ratio), hi.max(r.ratio))
            });
            println!();
            println!(
                "geometric mean {:.1}x, range {lo:.1}x .. {hi:.1}x over {} comparisons",
                (logs / mine.len() as f64).exp(),
                mine.len()
            );
        }
    }
    println!();
    let vs: usize = checks
        .iter()
        .map(|(_, c)| c.vs_rougers.iter().sum::<usize>())
        .sum();
    let idt: usize = checks
        .iter()
        .map(|(_, c)| c.ids_vs_text.iter().sum::<usize>())
        .sum();
    let pairs: usize = checks.iter().map(|(_, c)| c.pairs).sum();
    println!("cross-check: {vs} F mismatches vs rougers and {idt} ids-vs-text mismatches over {pairs} pairs x 4 metrics");
}
