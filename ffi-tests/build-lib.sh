#!/usr/bin/env bash
# Builds the C artifacts into target/release: librouge.a and librouge.so (soname librouge.so.0),
# with the link librouge.so.0 -> librouge.so beside it, so that a program linked there with
# `-L target/release -lrouge` also starts from there (LD_LIBRARY_PATH=target/release).
# The C build is no_std with panic=abort and the `capi` feature (its panic handler aborts).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo rustc --quiet --release --lib --features capi --crate-type staticlib
cargo rustc --quiet --release --lib --features capi --crate-type cdylib -- -C link-arg=-Wl,-soname,librouge.so.0
ln -sfn librouge.so target/release/librouge.so.0
