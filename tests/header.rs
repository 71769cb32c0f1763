//! The committed `include/rouge.h` must equal the header cbindgen generates from the sources now
//! (build.rs writes it to OUT_DIR): a hand edit or a stale header fails here.

#[test]
fn test_committed_header_is_up_to_date() {
    let generated =
        std::fs::read_to_string(env!("ROUGE_GENERATED_HEADER")).expect("generated header");
    let committed_path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/rouge.h");
    let committed = std::fs::read_to_string(committed_path).unwrap_or_default();
    assert!(
        generated == committed,
        "include/rouge.h is stale or hand-edited; refresh it with `ROUGE_UPDATE_HEADER=1 cargo build` and commit it"
    );
}

#[test]
fn test_header_documents_every_function_and_type() {
    let header =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/rouge.h")).unwrap();
    let lines: Vec<&str> = header.lines().collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        // Top-level declarations: typedefs and function prototypes (possibly after the
        // ROUGE_MUST_USE attribute, on its own line or the same one).
        let top_level = !line.starts_with([' ', '*', '#', '/', '}']) && !line.is_empty();
        let declares = top_level
            && (line.starts_with("typedef ") || line.contains("rouge_") && line.contains('('));
        if declares {
            let mut j = i;
            if j > 0 && lines[j - 1] == "ROUGE_MUST_USE" {
                j -= 1;
            }
            assert!(
                j > 0 && lines[j - 1].trim_end().ends_with("*/"),
                "undocumented declaration at line {}: {line}",
                i + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} declarations found");
}
