#!/usr/bin/env bash
# The x86_64 musllinux wheel of dist/ installed and tested on a musl CPython (tests/wheels.sh
# runs it).
#
# No musl CPython comes ready from the registries this project may use (Debian's musl packages
# carry no Python, python-build-standalone is not on PyPI, Alpine is not reachable), so one is
# built: CPython 3.11.2 and zlib from Debian bookworm's source packages (apt-get source, with a
# deb-src list and state directory of their own: the system's apt configuration is not
# touched), compiled with Debian's musl-gcc (musl-tools) and run natively by musl's loader
# (Debian's `musl`). It has no OpenSSL, SQLite, libffi, bz2 or lzma (none is built for musl
# here), so no https: pip inside it installs from wheels the host's pip downloads for
# musllinux_1_2_x86_64 and CPython 3.11, the wheel itself given by its file, as a user does.
# What runs there is tests/conformance_only.py: the package against rouge-score 0.1.2's values
# (336 cases, exact) and ROUGE-1.5.5's (1,344 cases) from the shared conformance set, with no
# numpy, nltk or rouge-score. test_librouge.py and rouge-score's suite need nltk, which needs
# ssl and sqlite3 at import; numpy's musllinux_1_2 wheel (2.4.6) crashes on import in this
# CPython (Debian's musl 1.2.3), so numpy 1.26.4's musllinux_1_1 wheel, which loads, meets the
# package's dependency here. Prints `ok`/`FAIL` lines and `musl wheel: N passed, M failed`.
# The aarch64 musllinux wheel: tests/musl_aarch64.sh (a CPython cross-built for aarch64 musl
# with zig, run under qemu; README.md, "Install").
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
work=$here/build/musl
prefix=$work/prefix
steps_label="musl wheel"
. "$here/tests/steps.sh"

wheel=$(ls "$here"/dist/librouge-*-cp39-abi3-musllinux_1_2_x86_64.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || { echo "FAIL no x86_64 musllinux wheel in dist/: make wheels first"; failed=1; finish; }
. ../need.sh
need_deb 'command -v musl-gcc && test -e /lib/ld-musl-x86_64.so.1' musl musl-tools musl-dev || { failed=1; finish; }
mkdir -p "$work"

sources() {
  local apt=$work/apt
  rm -rf "$apt" "$work/src" && mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$work/src" &&
  touch "$apt/status" &&
  echo "deb-src http://deb.debian.org/debian bookworm main" >"$apt/sources.list" &&
  local opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts="$apt/none"
              -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
              -o Dir::State::status="$apt/status" -o Debug::NoLocking=1) &&
  apt-get "${opts[@]}" update -qq &&
  (cd "$work/src" && apt-get "${opts[@]}" source --download-only -qq python3.11 zlib) &&
  tar -xf "$work"/src/zlib_*.orig.tar.* -C "$work/src" &&
  tar -xf "$work"/src/python3.11_*.orig.tar.* -C "$work/src" &&
  ls "$work/src"
}

build() {
  # musl-gcc wraps the host gcc, whose -print-multiarch (x86_64-linux-gnu) CPython's configure
  # would compare with its musl triplet and refuse, and its setup.py would add glibc's
  # /usr/include/x86_64-linux-gnu to every module's include path: the wrapper answers nothing
  # there, and a dpkg-architecture that fails keeps setup.py from asking dpkg instead.
  printf '#!/bin/sh\ncase " $* " in *" -print-multiarch "*|*" --print-multiarch "*) exit 0;; esac\nexec musl-gcc "$@"\n' >"$work/musl-cc" &&
  mkdir -p "$work/shadow" && printf '#!/bin/sh\nexit 1\n' >"$work/shadow/dpkg-architecture" &&
  chmod +x "$work/musl-cc" "$work/shadow/dpkg-architecture" && rm -rf "$prefix" &&
  (cd "$work"/src/zlib-*/ && CC=musl-gcc ./configure --prefix="$prefix" && make -j2 && make install) &&
  (cd "$work"/src/Python-3.11.*/ &&
   CC="$work/musl-cc" CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib -Wl,-rpath,$prefix/lib" \
     ./configure --prefix="$prefix" --without-ensurepip --disable-test-modules &&
   PATH="$work/shadow:$PATH" make -j2 && make install) &&
  "$prefix/bin/python3.11" -c 'import sys, zlib, json, _pickle, _decimal, _socket, sysconfig; print(sys.version, sysconfig.get_config_var("HOST_GNU_TYPE"))' &&
  readelf -l "$prefix/bin/python3.11" | grep -o '/lib/ld-musl-x86_64.so.1'
}

if [ ! -x "$prefix/bin/python3.11" ] || [ "${MUSL_REBUILD:-0}" = 1 ]; then
  step "Debian's python3.11 and zlib sources" sources
  step "CPython 3.11 built with musl-gcc" build
fi
[ -x "$prefix/bin/python3.11" ] || finish

venv=$work/venv
vpy() { "$venv/bin/python" "$@"; }
make_venv() {
  rm -rf "$venv" "$work/wheels" && mkdir -p "$work/wheels" &&
  "$prefix/bin/python3.11" -m venv --without-pip "$venv" &&
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: pip -d "$work/wheels" &&
  local pipwhl; pipwhl=$(ls "$work"/wheels/pip-*.whl) &&
  vpy "$pipwhl/pip" install --quiet --disable-pip-version-check --no-index "$pipwhl" &&
  python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    --platform musllinux_1_2_x86_64 --python-version 3.11 --implementation cp --abi cp311 \
    -d "$work/wheels" pytest &&
  # numpy, the package's one dependency: 1.26.4's musllinux_1_1 wheel, which loads here (2.4.6's
  # musllinux_1_2 wheel crashes on import in this CPython).
  python3 -m pip download --quiet --disable-pip-version-check --only-binary=:all: --no-deps \
    --platform musllinux_1_1_x86_64 --python-version 3.11 --implementation cp --abi cp311 \
    -d "$work/wheels" numpy==1.26.4 &&
  ls "$work/wheels"
}
step "venv of the musl CPython, wheels fetched for musllinux_1_2_x86_64" make_venv

install() {
  vpy -m pip install --quiet --disable-pip-version-check --no-index --find-links "$work/wheels" \
    --only-binary=:all: "$wheel" numpy==1.26.4 pytest &&
  vpy -c 'import librouge, numpy, sys, sysconfig; print("librouge", librouge.library_version, "from", librouge._native.__file__, "on", sys.version.split()[0], sysconfig.get_config_var("HOST_GNU_TYPE"), "numpy", numpy.__version__)'
}
step "pip install $(basename "$wheel") on the musl CPython" install
grep -h '^librouge .* from ' "$work"/pip_install*.log 2>/dev/null | sed 's/^/     /'

step "tests/conformance_only.py on the musl CPython" bash -c "cd '$here/tests' && '$venv/bin/python' -m pytest -p no:cacheprovider -q conformance_only.py"
finish
