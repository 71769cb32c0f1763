#!/usr/bin/env bash
# Runs the C API and safe API tests under Miri, which finds the undefined behaviour fuzzing
# cannot see (aliasing violations under Stacked and Tree Borrows, reads of uninitialised or
# freed memory, misaligned or out-of-bounds pointers), each test file under both aliasing
# models. Under cfg(miri) the library takes its portable code (no asm!, no CPUID: feature
# detection reports none) and libm's pow; the tests size their random cases down there
# (README.md, "Conformance and tests").
#
#   ffi-tests/miri.sh         the CI subset: tests/capi_overlap.rs (every C entry point that
#                             writes caller memory, laid out to overlap and apart); measured
#                             on the shared 2-core machine: Miri's sysroot 128 s (once per
#                             machine), stacked borrows 325 s (most of it building the test
#                             dependencies), tree borrows 114 s (tests/stream.rs added 237 s
#                             and 586 s more: it is in --all only)
#   ffi-tests/miri.sh --all   every C API and safe API test file: capi_overlap, capi_host_calls,
#                             capi_text, corpus_capi, api, stream
#
# Installs Miri on a machine without it (ffi-tests/need.sh). The last line says how many runs
# (a test file under one model) passed and failed.
set -uo pipefail
cd "$(dirname "$0")/.."
. ffi-tests/need.sh
need_miri || { echo "miri: 0 passed, 1 failed"; exit 1; }
if [ "${1:-}" = --all ]; then
  tests=(capi_overlap capi_host_calls capi_text corpus_capi api stream)
else
  tests=(capi_overlap)
fi
pass=0; fail=0
log=$(mktemp)
for model in stacked tree; do
  flags=""; [ $model = tree ] && flags="-Zmiri-tree-borrows"
  for t in "${tests[@]}"; do
    start=$SECONDS
    if MIRIFLAGS="$flags" cargo +nightly miri test --quiet --test "$t" >"$log" 2>&1; then
      pass=$((pass + 1))
      echo "ok   $t ($model borrows, $((SECONDS - start)) s): $(grep '^test result' "$log" | tail -1)"
    else
      fail=$((fail + 1))
      echo "FAIL $t ($model borrows, $((SECONDS - start)) s):"
      grep -v '│' "$log" | grep -E -A12 '^error|panicked|FAILED' | head -40 | sed 's/^/  /'
    fi
  done
done
rm -f "$log"
echo "miri: $pass passed, $fail failed"
[ $fail = 0 ]
