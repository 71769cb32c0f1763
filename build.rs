//! Generates the C header with cbindgen into OUT_DIR; `ROUGE_UPDATE_HEADER=1` also copies it to
//! `include/rouge.h`. `tests/header.rs` fails when the committed header is stale.
use std::{env, fs, path::PathBuf};

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("rouge.h");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=ROUGE_UPDATE_HEADER");
    let version = env::var("CARGO_PKG_VERSION").unwrap();
    let mut parts = version.split('.');
    let (major, minor, patch) = (
        parts.next().unwrap(),
        parts.next().unwrap(),
        parts.next().unwrap(),
    );
    let mut config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
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
