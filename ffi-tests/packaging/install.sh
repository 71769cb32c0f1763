#!/usr/bin/env bash
# Builds librouge (ffi-tests/build-lib.sh) and installs it the way C users expect:
#
#   PREFIX/include/rouge.h                 (and rouge.hpp when include/rouge.hpp exists)
#   PREFIX/LIBDIR/librouge.a
#   PREFIX/LIBDIR/librouge.so.X.Y.Z        librouge.so.0 -> it (the soname), librouge.so -> librouge.so.0
#   PREFIX/LIBDIR/pkgconfig/rouge.pc
#   PREFIX/LIBDIR/cmake/rouge/rougeConfig.cmake, rougeConfigVersion.cmake
#                                          (imported targets rouge::rouge, rouge::rouge_static)
#
# Usage: install.sh [--prefix DIR] [--libdir DIR]
#   --prefix DIR   default /usr/local
#   --libdir DIR   relative to the prefix (or an absolute path inside it), default lib;
#                  e.g. lib64 or lib/x86_64-linux-gnu
#   DESTDIR=/stage install.sh ...   stages the files under /stage (for packagers); the paths
#                  written into rouge.pc still say PREFIX.
#
# The version comes from Cargo.toml; the templates rouge.pc.in, rougeConfig.cmake.in and
# rougeConfigVersion.cmake.in next to this script get the version and paths substituted. The
# CMake files are relocatable (paths computed from their own location); rouge.pc names the
# prefix, as pkg-config files do (pkgconf's --define-prefix relocates it).
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true   # '&' in a path is literal in ${x//a/b}

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "install.sh: $*" >&2; exit 1; }

prefix=/usr/local
libdir=lib
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --libdir) [ $# -ge 2 ] || die "--libdir needs a directory"; libdir=$2; shift 2 ;;
    --libdir=*) libdir=${1#--libdir=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
done

# Absolute prefix without a trailing slash ("/" stays "/").
[ -n "$prefix" ] || die "empty --prefix"
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
while [ "${prefix%/}" != "$prefix" ] && [ "$prefix" != / ]; do prefix=${prefix%/}; done
# libdir relative to the prefix, normalised (no ./, no trailing /, no ..).
case $libdir in
  /*) if [ "$prefix" = / ]; then libdir=${libdir#/}
      elif [ "${libdir#"$prefix"/}" != "$libdir" ]; then libdir=${libdir#"$prefix"/}
      else die "--libdir $libdir is not inside the prefix $prefix (the CMake package finds the headers relative to itself)"
      fi ;;
esac
IFS=/ read -r -a parts <<<"$libdir"
libdir=; depth=0
for p in "${parts[@]}"; do
  case $p in ''|.) ;; ..) die "--libdir must not contain '..'" ;; *) libdir=${libdir:+$libdir/}$p; depth=$((depth + 1)) ;; esac
done
[ -n "$libdir" ] || die "empty --libdir"
# From PREFIX/LIBDIR/cmake/rouge back up to PREFIX.
up=..; for ((i = 1; i < depth + 2; i++)); do up=$up/..; done

# Version: the [package] version of Cargo.toml.
version=$(awk '/^\[/ {pkg = ($0 == "[package]")} pkg && /^version[ \t]*=/ {gsub(/.*=[ \t]*"|".*/, ""); print; exit}' "$root/Cargo.toml")
[[ $version =~ ^([0-9]+)\.([0-9]+)\.([0-9]+) ]] || die "cannot read the version from Cargo.toml (got '$version')"
major=${BASH_REMATCH[1]}
header_version=$(sed -n 's/^#define ROUGE_VERSION_STRING "\(.*\)"/\1/p' "$root/include/rouge.h")
[ "$header_version" = "$version" ] ||
  die "include/rouge.h says version '$header_version', Cargo.toml '$version': refresh the header (ROUGE_UPDATE_HEADER=1 cargo build)"

# What the static archive needs besides itself. Cargo replays rustc's note when the build is
# fresh; should it not, ask once more in a separate target directory.
native_query() {
  (cd "$root" && cargo rustc --quiet --release --lib --features capi --crate-type staticlib -- --print native-static-libs 2>&1) |
    sed -n 's/.*native-static-libs: //p' | tail -n 1
}
native=$(native_query)
if [ -z "$native" ]; then
  native=$(CARGO_TARGET_DIR="$root/target/packaging-native-libs" native_query)
fi
[ -n "$native" ] || die "rustc did not report the native-static-libs of librouge.a"

"$root/ffi-tests/build-lib.sh"
a=$root/target/release/librouge.a
so=$root/target/release/librouge.so
[ -f "$a" ] && [ -f "$so" ] || die "build-lib.sh did not produce $a and $so"

soname=
if command -v readelf >/dev/null 2>&1; then
  soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
fi
soname=${soname:-librouge.so.$major}
real=librouge.so.$version
[ "$soname" != "$real" ] && [ "$soname" != librouge.so ] || die "unexpected soname '$soname'"
# Pointer size of the build, for the CMake version check (ELF class byte: 1 = 32-bit, 2 = 64-bit).
case $(od -An -tu1 -j4 -N1 "$so" | tr -d ' ') in 1) sizeof_void_p=4 ;; 2) sizeof_void_p=8 ;; *) sizeof_void_p= ;; esac

cmake_native=
for f in $native; do
  case $f in -l*) item=${f#-l} ;; *) item=$f ;; esac
  cmake_native=${cmake_native:+$cmake_native;}$item
done

# configure TEMPLATE OUTPUT: substitute @VAR@ and install the result with mode 644.
configure() {
  local text
  text=$(<"$here/$1")
  text=${text//@VERSION@/$version}
  text=${text//@PREFIX@/$prefix}
  text=${text//@LIBDIR@/$libdir}
  text=${text//@NATIVE_STATIC_LIBS@/$native}
  text=${text//@CMAKE_NATIVE_LIBS@/$cmake_native}
  text=${text//@CMAKEDIR_TO_PREFIX@/$up}
  text=${text//@SONAME@/$soname}
  text=${text//@SHARED_REAL@/$real}
  text=${text//@SIZEOF_VOID_P@/$sizeof_void_p}
  if [[ $text =~ @[A-Z_]+@ ]]; then die "$1: no value for ${BASH_REMATCH[0]}"; fi
  printf '%s\n' "$text" >"$2.tmp.$$"
  chmod 644 "$2.tmp.$$"
  mv -f "$2.tmp.$$" "$2"
}
# put MODE SOURCE DEST: copy next to the destination, then rename over it (a running program
# keeps its old librouge.so mapped instead of seeing it rewritten).
put() {
  install -m "$1" "$2" "$3.tmp.$$"
  mv -f "$3.tmp.$$" "$3"
}

dest=${DESTDIR:-}$prefix
[ "$dest" != / ] || dest=
inc=$dest/include lib=$dest/$libdir
install -d "$inc" "$lib" "$lib/pkgconfig" "$lib/cmake/rouge"

put 644 "$root/include/rouge.h" "$inc/rouge.h"
[ ! -f "$root/include/rouge.hpp" ] || put 644 "$root/include/rouge.hpp" "$inc/rouge.hpp"
put 644 "$a" "$lib/librouge.a"
put 755 "$so" "$lib/$real"
ln -sfn "$real" "$lib/$soname"
ln -sfn "$soname" "$lib/librouge.so"
configure rouge.pc.in "$lib/pkgconfig/rouge.pc"
configure rougeConfig.cmake.in "$lib/cmake/rouge/rougeConfig.cmake"
configure rougeConfigVersion.cmake.in "$lib/cmake/rouge/rougeConfigVersion.cmake"

echo "installed librouge $version into ${DESTDIR:+$DESTDIR (staged) for }$prefix:"
for f in include/rouge.h include/rouge.hpp "$libdir/librouge.a" "$libdir/$real" "$libdir/$soname" "$libdir/librouge.so" \
         "$libdir/pkgconfig/rouge.pc" "$libdir/cmake/rouge/rougeConfig.cmake" "$libdir/cmake/rouge/rougeConfigVersion.cmake"; do
  if [ -L "$dest/$f" ]; then echo "  $f -> $(readlink "$dest/$f")"; elif [ -e "$dest/$f" ]; then echo "  $f"; fi
done
