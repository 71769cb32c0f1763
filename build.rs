//! Generates the C header with cbindgen into OUT_DIR; `ROUGE_UPDATE_HEADER=1` also copies it to
//! `include/rouge.h`. `tests/header.rs` fails when the committed header is stale.
//!
//! cbindgen reads the whole crate from `src/lib.rs` (the C layer is `src/capi/`, one file per
//! family of entry points; `text` is marked `cbindgen:ignore`).
use std::{
    env, fs,
    path::{Path, PathBuf},
};

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("rouge.h");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=ROUGE_UPDATE_HEADER");
    avx512_intrinsics_cfg();
    let version = env::var("CARGO_PKG_VERSION").unwrap();
    let mut parts = version.split('.');
    let (major, minor, patch) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    let mut config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    check_sources_named(
        &crate_dir,
        config.autogen_warning.as_deref().unwrap_or_default(),
    );
    config.after_includes = Some(format!(
        "\n#define ROUGE_VERSION_MAJOR {major}\n#define ROUGE_VERSION_MINOR {minor}\n#define ROUGE_VERSION_PATCH {patch}\n\
         #define ROUGE_VERSION_STRING \"{version}\"\n\n\
         #if defined(__GNUC__) || defined(__clang__)\n#define ROUGE_MUST_USE __attribute__((warn_unused_result))\n#else\n#define ROUGE_MUST_USE\n#endif\n"
    ));
    let bindings = cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen could not generate the header");
    bindings.write_to_file(&out);
    println!("cargo:rustc-env=ROUGE_GENERATED_HEADER={}", out.display());
    if env::var("ROUGE_UPDATE_HEADER").as_deref() == Ok("1") {
        fs::create_dir_all(crate_dir.join("include")).unwrap();
        fs::copy(&out, crate_dir.join("include/rouge.h")).unwrap();
    }
}

/// The header's first line (`autogen_warning` in cbindgen.toml) names the files the header is
/// generated from: it must name every file of `src/capi/` that declares something cbindgen
/// writes out (a `#[no_mangle]` function, a `#[repr(C)]` type, a `pub const` or `pub type`),
/// and only files that exist.
fn check_sources_named(crate_dir: &Path, warning: &str) {
    for entry in fs::read_dir(crate_dir.join("src/capi")).expect("src/capi") {
        let path = entry.expect("src/capi").path();
        let source = fs::read_to_string(&path).expect("a source file of src/capi");
        let exports = source.contains("#[no_mangle]")
            || source.contains("#[repr(C)]")
            || source
                .lines()
                .any(|l| l.starts_with("pub const ") || l.starts_with("pub type "));
        let name = format!("src/capi/{}", path.file_name().unwrap().to_string_lossy());
        assert!(
            !exports || warning.contains(&name),
            "cbindgen.toml: autogen_warning does not name {name}, which rouge.h is generated from"
        );
    }
    for word in warning.split([' ', ',', '(']) {
        if word.starts_with("src/") && word.ends_with(".rs") {
            assert!(
                crate_dir.join(word).is_file(),
                "cbindgen.toml: autogen_warning names {word}, which does not exist"
            );
        }
    }
}

/// `cfg(rouge_avx512_intrinsics)` when the compiler has the AVX-512 intrinsics and target
/// features stable (Rust 1.89): the tokeniser's AVX-512 word lookups (`src/arch/x86_64/probe.rs`)
/// are written with them and left out under older compilers (the crate's minimum is 1.88).
fn avx512_intrinsics_cfg() {
    println!("cargo:rustc-check-cfg=cfg(rouge_avx512_intrinsics)");
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .unwrap_or_default();
    // "rustc 1.95.0 (...)": the minor version.
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok())
        .unwrap_or(0);
    if minor >= 89 {
        println!("cargo:rustc-cfg=rouge_avx512_intrinsics");
    }
}
