#!/usr/bin/env bash
# The Python package under AddressSanitizer and UndefinedBehaviorSanitizer: librouge built with
# ASan (Rust nightly, -Zsanitizer=address, into target/asan), the extension's C built with
# -fsanitize=address,undefined (-fno-sanitize-recover: the first report aborts), both put with
# the package's modules into build/asan/site, which goes first on PYTHONPATH; then the venv's
# stock CPython runs the tests with gcc's ASan runtime preloaded (LD_PRELOAD, the usual way for
# an interpreter that was not built with it) and PYTHONMALLOC=malloc (so that Python's own
# buffers are ASan's allocations too, not pymalloc arenas it cannot see into).
#
#   tests/sanitize.sh           the package's tests (tests/test_*.py) and rouge-score's suite
#   tests/sanitize.sh smoke     the CI smoke: the tests of the C paths added or changed last
#                               (threads, inputs, pickling, rewards) and rouge-score's suite
#
# Leaks are the leak test's (tests/leak_check.py): LeakSanitizer is off here because CPython
# itself leaves memory allocated at exit. Ends with pytest's line for each run.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-full}
root=$(cd ../.. && pwd)
py=$PWD/build/venv/bin/python
out=$PWD/build/asan
site=$out/site/librouge

. ../need.sh
need_target x86_64-unknown-linux-gnu >/dev/null 2>&1 || true
if ! cargo +nightly --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal >/dev/null 2>&1 ||
    { echo "MISSING: rustup toolchain install nightly fails"; exit 1; }
fi

# The library, instrumented (core itself is not: only this crate's code is checked).
(cd "$root" && RUSTFLAGS="-Zsanitizer=address -Cforce-frame-pointers=yes" nice cargo +nightly rustc \
  --quiet --release --lib --features capi --crate-type cdylib --target x86_64-unknown-linux-gnu \
  --target-dir target/asan -- -C link-arg=-Wl,-soname,librouge.so.0)
lib=$root/target/asan/x86_64-unknown-linux-gnu/release/librouge.so
nm -D "$lib" | grep -q __asan_report_load8 || { echo "sanitize: $lib is not instrumented"; exit 1; }

rm -rf "$out/site"
mkdir -p "$site"
cp src/librouge/*.py "$site/"
cp "$lib" "$site/librouge.so.0"
inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
suffix=$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
# shellcheck disable=SC2016 # $ORIGIN is the dynamic linker's, not the shell's
nice gcc -shared -fPIC -std=c11 -O1 -g -fno-omit-frame-pointer -Wall -Wextra -Werror \
  -Wno-missing-field-initializers -Wno-cast-function-type -Wno-unused-parameter \
  -fsanitize=address,undefined -fno-sanitize-recover=all \
  -I"$inc" -I"$root/include" src/librouge/*.c -L"$site" -l:librouge.so.0 -Wl,-rpath,'$ORIGIN' \
  -pthread -o "$site/_native$suffix"

asan_rt=$(gcc -print-file-name=libasan.so)
export LD_PRELOAD=$asan_rt
# allocator_may_return_null: a malloc too large to satisfy returns NULL, as glibc's does, and
# the extension raises MemoryError (tests/test_inputs.py asks for terabytes); ASan would abort
# instead. max_allocation_size_mb caps what it tries (ASan reserves, it does not commit).
# log_path: pytest captures the processes' stderr, and a report would be lost with the abort.
rm -f "$out"/report.*
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:max_allocation_size_mb=16384:strict_string_checks=1:detect_stack_use_after_return=1:abort_on_error=1:log_path=$out/report
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$out/report
export PYTHONMALLOC=malloc
export PYTHONPATH=$out/site
# The package the tests import is the instrumented one.
"$py" -c 'import librouge, sys; f = librouge._native.__file__; print("sanitize: testing", f); sys.exit(0 if f.startswith(sys.argv[1]) else 1)' "$out/site"

if [ "$mode" = smoke ]; then
  tests=(test_threads.py test_inputs.py test_pickle.py test_rewards.py test_arrow.py)
else
  tests=()
  for f in tests/test_*.py; do tests+=("$(basename "$f")"); done
fi
# A report is an error (ASan's "ERROR:", UBSan's "runtime error:"); the warnings that a malloc
# too large was refused (allocator_may_return_null, the MemoryError tests) are not.
reports() {
  local bad
  bad=$(grep -l -E "ERROR: |runtime error:" "$out"/report.* 2>/dev/null || true)
  if [ -n "$bad" ]; then
    echo "sanitize: reports:"; cat $bad; return 1
  fi
  echo "sanitize: no report ($(cat "$out"/report.* 2>/dev/null | grep -c "failed to allocate" || true) refused allocations, as the MemoryError tests ask)"
}
(cd tests && "$py" -m pytest -p no:cacheprovider -q "${tests[@]}") || { reports; exit 1; }
tests/upstream.sh || { reports; exit 1; }
reports
