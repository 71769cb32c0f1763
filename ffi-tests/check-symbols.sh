#!/usr/bin/env bash
# Checks the C artifacts: the static library references no allocator (malloc, calloc, realloc,
# free, __rust_alloc*), links only the expected native libraries, every exported symbol of the
# shared library starts with rouge_, the soname is librouge.so.0, and the core builds for a
# bare-metal target (thumbv7m-none-eabi: no std, no alloc), and the count of call sites that can
# panic stays at or under the committed maximum (ffi-tests/panic-sites.max).
set -uo pipefail
cd "$(dirname "$0")/.."
. ffi-tests/need.sh
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

native=$(touch src/lib.rs && cargo rustc --quiet --release --lib --features capi --crate-type staticlib -- --print native-static-libs 2>&1 | sed -n 's/.*native-static-libs: //p')
ffi-tests/build-lib.sh || { echo "0 passed, 1 failed"; exit 1; }
a=target/release/librouge.a so=target/release/librouge.so

allocs=$(nm -A --undefined-only "$a" 2>/dev/null | grep -E ' U (malloc|calloc|realloc|free|posix_memalign|aligned_alloc|__rust_alloc|__rust_dealloc|__rust_realloc|__rust_alloc_zeroed)$' || true)
[ -z "$allocs" ] && ok "librouge.a references no allocator" || bad "librouge.a references an allocator: $allocs"

defined_alloc=$(nm -A --defined-only "$a" 2>/dev/null | grep -E ' T (__rust_alloc|__rg_alloc|malloc)$' || true)
[ -z "$defined_alloc" ] && ok "librouge.a defines no allocator" || bad "librouge.a defines an allocator: $defined_alloc"

# libc (for abort) brings its usual link lines; anything else (std's -lgcc_s, -ldl, -lutil) would
# mean std crept in.
extra=$(for l in $native; do case "$l" in -lc|-lm|-lrt|-lpthread) ;; *) echo "$l";; esac; done)
[ -n "$native" ] && [ -z "$extra" ] && ok "native-static-libs: $native" || bad "unexpected native-static-libs: '$native'"

exports=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBR]$/ {print $3}')
foreign=$(echo "$exports" | grep -v '^rouge_' || true)
[ -n "$exports" ] && [ -z "$foreign" ] && ok "librouge.so exports only rouge_* ($(echo "$exports" | wc -l) symbols)" || bad "librouge.so exports non-rouge_ symbols: $foreign"

soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "librouge.so.0" ] && ok "soname $soname" || bad "soname '$soname'"

# A program linked against the build directory with -lrouge must start from it.
t=$(mktemp -d)
printf '#include "rouge.h"\n#include <stdio.h>\nint main(void) { printf("%%s\\n", rouge_version()); return 0; }\n' >"$t/v.c"
if cc -Iinclude "$t/v.c" -Ltarget/release -lrouge -o "$t/v" && [ "$(LD_LIBRARY_PATH=target/release "$t/v")" = "$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)" ]; then
  ok "a program linked with -L target/release -lrouge starts (librouge.so.0 link in the build directory)"
else
  bad "a program linked with -L target/release -lrouge does not start"
fi
rm -rf "$t"

# Call sites that can reach a panic of core (each would abort the host process): counted, printed,
# and never more than the committed number (ffi-tests/panic-sites.max; lower it when it drops).
ffi-tests/panic-sites.sh "$so" | sed 's/^/  /'
sites=$(ffi-tests/panic-sites.sh --total "$so")
max=$(cat ffi-tests/panic-sites.max)
[ "$sites" -le "$max" ] && ok "panic call sites in librouge.so: $sites (at most $max)" ||
  bad "panic call sites in librouge.so grew to $sites (committed maximum $max, ffi-tests/panic-sites.max)"

undefined_in_header=0
for s in $exports; do grep -q "\b$s(" include/rouge.h || { undefined_in_header=1; echo "  not in rouge.h: $s"; }; done
[ $undefined_in_header = 0 ] && ok "every exported function is declared in include/rouge.h" || bad "exported functions missing from include/rouge.h"

untested=0
# test_rouge.c includes test_xlsum.c and test_xlsum_tokens.c (one driver, one set of sanitizer builds).
for s in $exports; do grep -qs "\b$s(" ffi-tests/c/test_rouge.c ffi-tests/c/test_xlsum.c ffi-tests/c/test_xlsum_tokens.c || { untested=1; echo "  not called by ffi-tests/c/test_rouge.c or the files it includes: $s"; }; done
[ $untested = 0 ] && ok "the C host test calls every exported function" || bad "exported functions the C host test never calls"

if need_target thumbv7m-none-eabi; then
  cargo build --quiet --release --lib --target thumbv7m-none-eabi && ok "no_std core builds for thumbv7m-none-eabi" || bad "thumbv7m-none-eabi build"
else
  bad "cannot install the thumbv7m-none-eabi target"
fi

echo "symbols: $pass passed, $fail failed"
[ $fail = 0 ]
