//! The shared benchmark workloads of `../shared/bench`, as token-id sentences.

/// Sentences of token ids.
pub type Sentences = Vec<Vec<u32>>;

/// The first `limit` pairs (candidate, reference) of workload `name` (`w1`, `w2`, `w3`), from
/// `target/workloads/{name}.ids.jsonl`, generated there by `gen_workloads.py` on first use
/// (`$ROUGE_SHARED_DIR`, else `../shared`).
pub fn id_pairs(name: &str, limit: usize) -> Vec<(Sentences, Sentences)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/workloads");
    let file = dir.join(format!("{name}.ids.jsonl"));
    if !file.exists() {
        let shared = std::env::var_os("ROUGE_SHARED_DIR")
            .map(Into::into)
            .unwrap_or_else(|| root.join("../shared"));
        let status = std::process::Command::new("python3")
            .arg(shared.join("bench/gen_workloads.py"))
            .arg(&dir)
            .status()
            .expect("python3");
        assert!(status.success(), "gen_workloads.py failed");
    }
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .take(limit)
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let side = |k: &str| -> Sentences {
                v[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|s| {
                        s.as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x.as_u64().unwrap() as u32)
                            .collect()
                    })
                    .collect()
            };
            (side("cand"), side("ref"))
        })
        .collect()
}

/// Whether `ROUGE_BENCH_QUICK=1` asks for a small subset.
pub fn quick() -> bool {
    std::env::var("ROUGE_BENCH_QUICK").is_ok_and(|v| v == "1")
}
