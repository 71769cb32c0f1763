#!/usr/bin/env bash
# Tests the installed C package: installs librouge into a temporary prefix (install.sh), then
# builds examples-c/rouge_example.c against the INSTALLED files only and runs it:
#   (a) shared, with `pkg-config --cflags --libs rouge` (needs librouge.so.0, LD_LIBRARY_PATH)
#   (b) static, with `pkg-config --static --cflags --libs rouge` and -static, and librouge.a
#       in an otherwise dynamic program (pkg-config's libdir and native_static_libs)
#   (c) CMake: cmake-consumer/ with find_package(rouge 0.1 REQUIRED), rouge::rouge and
#       rouge::rouge_static; again after moving the prefix (relocatable); the version rules;
#       a DESTDIR-staged install with a multiarch --libdir. With include/rouge.hpp installed,
#       a C++17 program including it is built with pkg-config and with CMake too.
# Prints ok/FAIL per check and `packaging: N passed, M failed`; exits non-zero on any failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
finish() { echo "packaging: $pass passed, $fail failed"; [ $fail = 0 ]; exit; }
# run LOG CMD...: run quietly, show the log on failure.
run() { local log=$1; shift; "$@" >"$log" 2>&1 || { sed 's/^/    | /' "$log" | tail -n 40; return 1; }; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rouge-packaging.XXXXXX") || { echo "FAIL mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cc=${CC:-cc}
cflags=(-std=c99 -O2 -Wall -Wextra -Wpedantic -Werror)
generator=(); if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
version=$(awk '/^\[/ {pkg = ($0 == "[package]")} pkg && /^version[ \t]*=/ {gsub(/.*=[ \t]*"|".*/, ""); print; exit}' "$root/Cargo.toml")

# The program: a copy of the example, so that nothing next to it (the repository's include/)
# can stand in for the installed header.
example=$root/examples-c/rouge_example.c
[ -f "$example" ] || { bad "examples-c/rouge_example.c is missing"; finish; }
mkdir -p "$tmp/src"
cp "$example" "$tmp/src/rouge_example.c"
src=$tmp/src/rouge_example.c

needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
links_shared() { needed "$1" | grep -qx librouge.so.0; }
no_librouge() { ! needed "$1" | grep -q '^librouge'; }
same_output() { cmp -s "$tmp/out.shared" "$1"; }

# --- install ----------------------------------------------------------------------------------
if run "$tmp/install.log" "$here/install.sh" --prefix "$prefix"; then
  ok "install.sh --prefix $prefix"
else
  bad "install.sh --prefix $prefix"; finish
fi
lib=$prefix/lib
for f in include/rouge.h lib/librouge.a "lib/librouge.so.$version" lib/pkgconfig/rouge.pc \
         lib/cmake/rouge/rougeConfig.cmake lib/cmake/rouge/rougeConfigVersion.cmake; do
  [ -f "$prefix/$f" ] || echo "    missing: $f"
done
check "installed: header, librouge.a, librouge.so.$version, rouge.pc, rougeConfig*.cmake" \
  test -f "$prefix/include/rouge.h" -a -f "$lib/librouge.a" -a -f "$lib/librouge.so.$version" -a -f "$lib/pkgconfig/rouge.pc" \
  -a -f "$lib/cmake/rouge/rougeConfig.cmake" -a -f "$lib/cmake/rouge/rougeConfigVersion.cmake"
if [ -f "$root/include/rouge.hpp" ]; then
  check "installed: include/rouge.hpp" cmp -s "$root/include/rouge.hpp" "$prefix/include/rouge.hpp"
else
  echo "note: include/rouge.hpp does not exist (yet); not installed, C++ check skipped"
fi
check "symlinks: librouge.so -> librouge.so.0 -> librouge.so.$version" \
  test "$(readlink "$lib/librouge.so")" = librouge.so.0 -a "$(readlink "$lib/librouge.so.0")" = "librouge.so.$version"
check "installed librouge.so.$version has soname librouge.so.0" \
  test "$(readelf -d "$lib/librouge.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')" = librouge.so.0
cmake_abs=$(grep -lF -e "$prefix" -e "$root" "$lib"/cmake/rouge/*.cmake)
check "CMake files name no absolute path (relocatable)" test -z "$cmake_abs"

export PKG_CONFIG_PATH=$lib/pkgconfig
check "pkg-config --validate rouge" run "$tmp/validate.log" pkg-config --validate rouge
check "pkg-config finds the installed rouge.pc (prefix $prefix)" test "$(pkg-config --variable=prefix rouge)" = "$prefix"
header_version=$(sed -n 's/^#define ROUGE_VERSION_STRING "\(.*\)"/\1/p' "$prefix/include/rouge.h")
check "version $version: Cargo.toml = pkg-config --modversion = installed rouge.h" \
  test "$(pkg-config --modversion rouge)" = "$version" -a "$header_version" = "$version"
# shellcheck disable=SC2046,SC2005
static_libs=$(echo $(pkg-config --static --libs rouge))
check "pkg-config --static --libs rouge: $static_libs" \
  test "$static_libs" = "-L$lib -lrouge $(pkg-config --variable=native_static_libs rouge)"

# --- (a) shared, pkg-config ---------------------------------------------------------------------
bin=$tmp/a.shared
# shellcheck disable=SC2046
if run "$tmp/a.log" "$cc" "${cflags[@]}" "$src" -o "$bin" $(pkg-config --cflags --libs rouge); then
  ok "(a) cc \$(pkg-config --cflags --libs rouge) builds"
  check "(a) binary needs librouge.so.0 (readelf -d: $(needed "$bin" | tr '\n' ' '))" links_shared "$bin"
  check "(a) ldd resolves librouge.so.0 into the prefix" \
    sh -c 'LD_LIBRARY_PATH="$1" ldd "$2" | grep -qF "librouge.so.0 => $1/librouge.so.0 "' sh "$lib" "$bin"
  check "(a) runs with LD_LIBRARY_PATH=$lib" run "$tmp/out.shared.log" env LD_LIBRARY_PATH="$lib" "$bin"
  env LD_LIBRARY_PATH="$lib" "$bin" >"$tmp/out.shared" 2>&1
  sed 's/^/    /' "$tmp/out.shared"
else
  bad "(a) cc \$(pkg-config --cflags --libs rouge) builds"
fi

# --- (b) static, pkg-config ---------------------------------------------------------------------
bin=$tmp/b.static
# shellcheck disable=SC2046
if run "$tmp/b.log" "$cc" -static "${cflags[@]}" "$src" -o "$bin" $(pkg-config --static --cflags --libs rouge); then
  ok "(b) cc -static \$(pkg-config --static --cflags --libs rouge) builds"
  check "(b) fully static binary has no librouge.so dependency" no_librouge "$bin"
  check "(b) runs, same output as (a)" sh -c '"$1" >"$2" 2>&1 && cmp -s "$2" "$3"' sh "$bin" "$tmp/out.b" "$tmp/out.shared"
else
  bad "(b) cc -static \$(pkg-config --static --cflags --libs rouge) builds"
fi
bin=$tmp/b.archive
# shellcheck disable=SC2046
if run "$tmp/b2.log" "$cc" "${cflags[@]}" "$src" -o "$bin" $(pkg-config --cflags rouge) \
     "$(pkg-config --variable=libdir rouge)/librouge.a" $(pkg-config --variable=native_static_libs rouge); then
  ok "(b) librouge.a in a dynamic program (pkg-config libdir + native_static_libs) builds"
  check "(b) no librouge.so dependency (readelf -d: $(needed "$bin" | tr '\n' ' '))" no_librouge "$bin"
  check "(b) runs without LD_LIBRARY_PATH, same output as (a)" \
    sh -c '"$1" >"$2" 2>&1 && cmp -s "$2" "$3"' sh "$bin" "$tmp/out.b2" "$tmp/out.shared"
else
  bad "(b) librouge.a in a dynamic program builds"
fi

# --- (c) CMake ----------------------------------------------------------------------------------
cxx=()
if [ -f "$prefix/include/rouge.hpp" ]; then
  cat >"$tmp/src/rouge_cxx.cpp" <<'EOF'
#include <rouge.hpp>
#include <cstdio>
int main() {
    rouge_metric m = rouge::metric::parse("rougeLsum");
    std::printf("librouge %.*s\n", (int)rouge::version().size(), rouge::version().data());
    return rouge::abi_version() == ROUGE_ABI_VERSION && m.kind == ROUGE_METRIC_LSUM ? 0 : 1;
}
EOF
  cxx=(-DROUGE_CXX_SOURCE="$tmp/src/rouge_cxx.cpp")
  bin=$tmp/cxx.shared
  # shellcheck disable=SC2046
  if run "$tmp/cxx.log" "${CXX:-c++}" -std=c++17 -Wall -Wextra -Werror "$tmp/src/rouge_cxx.cpp" -o "$bin" \
       $(pkg-config --cflags --libs rouge) && run "$tmp/cxx.run.log" env LD_LIBRARY_PATH="$lib" "$bin"; then
    ok "C++17 with <rouge.hpp>: c++ \$(pkg-config --cflags --libs rouge) builds and runs"
  else
    bad "C++17 with <rouge.hpp>: c++ \$(pkg-config --cflags --libs rouge) builds and runs"
  fi
fi
# cmake_consumer NAME PREFIX: configure, build and run the consumer against PREFIX.
cmake_consumer() {
  local name=$1 pfx=$2 b=$tmp/build-${1//[^A-Za-z0-9]/_} dir
  if ! run "$b.configure.log" cmake -S "$here/cmake-consumer" -B "$b" "${generator[@]}" -DCMAKE_PREFIX_PATH="$pfx" \
         -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DROUGE_EXAMPLE_SOURCE="$src" "${cxx[@]}"; then
    bad "($name) cmake configure with -DCMAKE_PREFIX_PATH=$pfx"; return
  fi
  dir=$(sed -n 's/^rouge_DIR:PATH=//p' "$b/CMakeCache.txt")
  check "($name) find_package(rouge 0.1) -> $dir" test "$dir" = "$3"
  if ! run "$b.build.log" cmake --build "$b"; then bad "($name) cmake --build"; return; fi
  ok "($name) cmake --build"
  check "($name) rouge::rouge: needs librouge.so.0" links_shared "$b/rouge_example_shared"
  check "($name) rouge::rouge: runs (build RPATH, no LD_LIBRARY_PATH), same output as (a)" \
    sh -c '"$1" >"$2" 2>&1 && cmp -s "$2" "$3"' sh "$b/rouge_example_shared" "$b/out.shared" "$tmp/out.shared"
  check "($name) rouge::rouge_static: no librouge.so dependency" no_librouge "$b/rouge_example_static"
  check "($name) rouge::rouge_static: runs, same output as (a)" \
    sh -c '"$1" >"$2" 2>&1 && cmp -s "$2" "$3"' sh "$b/rouge_example_static" "$b/out.static" "$tmp/out.shared"
  if [ ${#cxx[@]} -gt 0 ]; then
    check "($name) C++ with <rouge.hpp> and rouge::rouge: builds and runs" run "$b.cxx.log" "$b/rouge_cxx_shared"
  fi
}
cmake_consumer c "$prefix" "$prefix/lib/cmake/rouge"

# Relocatable: the same files, moved elsewhere, still work through CMake.
moved=$tmp/moved/elsewhere
mkdir -p "$tmp/moved" && mv "$prefix" "$moved"
cmake_consumer "c, prefix moved" "$moved" "$moved/lib/cmake/rouge"
mv "$moved" "$prefix"

# Version rules (Cargo's caret): 0.1 and 0.1.0 EXACT and 0.1...0.3 find 0.1.x; 0.2, 1.0, 0.1.1 do not.
mkdir -p "$tmp/version"
cat >"$tmp/version/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.19)
project(rouge_version_check NONE)
find_package(rouge ${WANT} ${EXACT} REQUIRED)
EOF
version_check() {
  local want=$1 expect=$2 exact=${3:-} got
  rm -rf "$tmp/version/build"
  if cmake -S "$tmp/version" -B "$tmp/version/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
       -DWANT="$want" -DEXACT="$exact" >"$tmp/version.log" 2>&1; then got=found; else got="not found"; fi
  check "(c) find_package(rouge $want${exact:+ $exact}) against $version: $expect" test "$got" = "$expect"
}
major_minor=${version%.*}
version_check "$major_minor" found
version_check "$version" found EXACT
version_check "$major_minor...9999" found
version_check "${version%%.*}.$(( ${major_minor#*.} + 1 ))" "not found"
version_check "$(( ${version%%.*} + 1 )).0" "not found"
version_check "$major_minor.$(( ${version##*.} + 1 ))" "not found"

# A staged (DESTDIR) install with a deeper libdir (Debian's multiarch lib/<triplet>, which CMake
# searches; lib64 elsewhere): files under the stage, rouge.pc names the final prefix, and
# (relocatable) CMake finds the staged tree.
stage=$tmp/stage
arch=$("$cc" -print-multiarch 2>/dev/null || true)
libdir=${arch:+lib/$arch}; libdir=${libdir:-lib64}
if run "$tmp/stage.log" env DESTDIR="$stage" "$here/install.sh" --prefix /opt/rouge --libdir "$libdir"; then
  ok "DESTDIR=\$stage install.sh --prefix /opt/rouge --libdir $libdir"
  check "staged rouge.pc: libdir /opt/rouge/$libdir" \
    test "$(PKG_CONFIG_PATH=$stage/opt/rouge/$libdir/pkgconfig pkg-config --variable=libdir rouge)" = "/opt/rouge/$libdir"
  cmake_consumer "c, $libdir stage" "$stage/opt/rouge" "$stage/opt/rouge/$libdir/cmake/rouge"
else
  bad "DESTDIR=\$stage install.sh --prefix /opt/rouge --libdir $libdir"
fi

finish
