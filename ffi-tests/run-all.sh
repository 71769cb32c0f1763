#!/usr/bin/env bash
# Runs every test of the project, in order: the Rust tests (unit, property, conformance,
# header; the library without its default features: unit, feature and header tests), the
# C API tests under Miri (a subset: ffi-tests/miri.sh; --all for the whole set), the
# differential tests against rouge-score and NLTK (tests/diff/run.sh), of every stemmer ported
# from NLTK (its Snowball languages, Porter on code points: tests/diff/snowball.sh, one venv), of
# the Bengali, Turkish and Hindi stemmers against the
# XL-Sum scorer's (tests/diff/stems_other.sh), against
# ROUGE-1.5.5.pl for -l/-b (tests/diff/perl_limits.sh), its stemmer and stop words
# (tests/perl_stem/run.sh) and its bootstrap (tests/corpus_diff/run.sh; all fetch from PyPI),
# the XL-Sum tokeniser against the XL-Sum scorer and pyonmttok (tests/xlsum/run.sh; builds
# the reference environment from PyPI),
# the C artifact checks (symbols, no allocator, no_std build), the cross builds of the C
# artifacts (Android, iOS, bare metal static libraries, the wasm32 module), the C host tests
# (plain, ASan+UBSan, valgrind, C++ header compile), the C examples, the `rouge` command's
# end-to-end tests, packaging, the C++, Go, Java, Spark (PySpark local[2]), Python (and the Python
# extension's checks: ASan+UBSan, a debug CPython's reference counts, leaks, an Atheris smoke,
# PySpark Python UDFs) and JavaScript (Node
# and headless chromium) hosts, each with its package as a user installs it (Go against an
# installed prefix through pkg-config, the Maven artifacts and spark-submit --packages, the npm
# tarball in Node and an esbuild bundle) and its checkers (-race and cgocheck2, -Xcheck:jni, a
# million JavaScript pairs with the wasm memory bounded), the Python sdist and abi3 wheels (built
# with zig for four Linux platforms, judged by auditwheel, installed in fresh venvs of CPython 3.9
# to 3.13 with no compiler, the sdist built by pip outside the checkout, the aarch64 wheel under
# qemu), the Rust and C host tests cross-built for aarch64 and run
# under qemu-user, and the size check (ffi-tests/size/check.sh: flash per target and
# configuration). Exits non-zero when any suite fails; the last line says how many suites
# passed and failed.
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0; failed=0; failures=()
times=()
# Runs one suite; its wall time goes into the summary, so that CI's log shows where the time goes.
suite() {
  local name=$1; shift
  echo "=== $name: $*"
  local start=$SECONDS
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
  times+=("$(printf '%6d s  %s' $((SECONDS - start)) "$name")")
}
suite rust-tests      cargo test --release
suite rust-minimal    cargo test --release --no-default-features --lib --test features --test header
suite miri            ffi-tests/miri.sh
suite diff-rouge-score tests/diff/run.sh
suite diff-stems-other tests/diff/stems_other.sh
suite diff-snowball   tests/diff/snowball.sh
suite perl-limits     tests/diff/perl_limits.sh
suite corpus-diff     tests/corpus_diff/run.sh
suite perl-stem       tests/perl_stem/run.sh
suite xlsum-oracle    tests/xlsum/run.sh
suite bench-builds    cargo bench --no-run --quiet
suite c-artifacts     ffi-tests/check-symbols.sh
suite cross-builds    ffi-tests/cross/build.sh
suite c-host          make -C ffi-tests/c all
suite c-example       make -C examples-c run run-example
suite c-cli           make -C examples-c test
suite c-packaging     ffi-tests/packaging/test.sh
suite go-host         make -C ffi-tests/go test
suite java-host       make -C ffi-tests/java test
suite spark-host      make -C ffi-tests/spark test
suite python-host     make -C ffi-tests/python test
suite python-checks   make -C ffi-tests/python check
suite python-wheels   env WHEELS_PARTS="venvs sdist aarch64" WHEELS_UPSTREAM_VERSIONS="3.9 3.13" WHEELS_QEMU_TESTS=conformance \
                      make -C ffi-tests/python wheels wheels-test
suite cpp-host        make -C ffi-tests/cpp test asan
suite js-host         make -C ffi-tests/js test
suite hosts-agree     make -C ffi-tests/agree compare
suite aarch64-qemu    make -C ffi-tests/aarch64 test
suite size            ffi-tests/size/check.sh
echo
echo "suite times (wall):"
printf '%s\n' "${times[@]}"
[ $failed = 0 ] || echo "failed suites: ${failures[*]}"
echo "run-all: $passed passed, $failed failed"
[ $failed = 0 ]
