#!/usr/bin/env bash
# The aarch64 manylinux wheel of dist/ installed and tested on an aarch64 CPython under
# qemu-aarch64 (tests/wheels.sh runs it; so can `make wheels-test` by hand).
#
# The CPython is Debian's arm64 python3.11 (bookworm), its packages fetched with apt-get into a
# state directory of their own (APT::Architecture=arm64; the system's apt configuration and
# package database are not touched) and unpacked into build/aarch64/root, which qemu-aarch64
# takes as its library prefix (-L). Then, all under qemu: a venv (pip put in from Debian's pip
# wheel), `pip install --only-binary=:all:` of the wheel and of numpy, pytest, nltk, absl-py, six
# from PyPI (pip choosing their aarch64 wheels itself), rouge-score 0.1.2 as a wheel built on
# the host (pure Python: building its sdist would need pip to start a subprocess, which qemu-user
# cannot run without binfmt_misc), tests/test_librouge.py and rouge-score's own suite.
#
# WHEELS_QEMU_TESTS=conformance (CI's smoke; default full): the wheel and pytest only, then
# tests/conformance_only.py (the shared conformance set against rouge-score's and
# ROUGE-1.5.5's values, and score_batch on four threads): under qemu, installing and importing
# numpy and nltk and running the full suites is most of the part's time.
# Prints `ok`/`FAIL` lines and `aarch64 wheel: N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
work=$here/build/aarch64
root=$work/root
steps_label="aarch64 wheel"
. "$here/tests/steps.sh"

wheel=$(ls "$here"/dist/librouge-*-cp39-abi3-manylinux*_aarch64.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || { echo "FAIL no aarch64 manylinux wheel in dist/: make wheels first"; failed=1; finish; }
. ../need.sh
need_deb 'command -v qemu-aarch64' qemu-user || { failed=1; finish; }
mkdir -p "$work"

sysroot() {
  local apt=$work/apt debs=$work/debs
  rm -rf "$apt" "$debs" "$root"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$debs" "$root"
  touch "$apt/status"
  local opts=(-o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Dir::State::Lists="$apt/lists"
              -o Dir::Cache="$apt/cache" -o Dir::State::status="$apt/status" -o Debug::NoLocking=1)
  apt-get "${opts[@]}" update -qq &&
  (cd "$debs" && apt-get "${opts[@]}" download -qq libc6 libgcc-s1 libstdc++6 python3.11-minimal \
     libpython3.11-minimal libpython3.11-stdlib python3-pip-whl libexpat1 zlib1g libbz2-1.0 \
     libcrypt1 libffi8 liblzma5 libssl3 libuuid1 libsqlite3-0 libncursesw6 libtinfo6 \
     libreadline8 media-types) &&
  for d in "$debs"/*.deb; do dpkg-deb -x "$d" "$root" || return 1; done &&
  ls "$debs"
}
step "Debian arm64 python3.11 unpacked into build/aarch64/root" sysroot
[ -x "$root/usr/bin/python3.11" ] || finish

venv=$work/venv
qpy() { qemu-aarch64 -L "$root" "$@"; }
vpy() { qemu-aarch64 -L "$root" "$venv/bin/python" "$@"; }
make_venv() {
  rm -rf "$venv" &&
  qpy "$root/usr/bin/python3.11" -m venv --without-pip --copies "$venv" &&
  local pipwhl; pipwhl=$(ls "$root"/usr/share/python-wheels/pip-*.whl) &&
  vpy "$pipwhl/pip" install --quiet --disable-pip-version-check --no-index "$pipwhl" &&
  vpy -c 'import platform, sys; print(platform.machine(), sys.version)'
}
step "venv of aarch64 CPython 3.11 under qemu" make_venv

tests=${WHEELS_QEMU_TESTS:-full}
case $tests in full|conformance) ;; *) echo "FAIL WHEELS_QEMU_TESTS=$tests: full or conformance"; failed=1; finish;; esac

install_conformance() {
  vpy -m pip install --quiet --disable-pip-version-check --no-compile --only-binary=:all: "$wheel" pytest &&
  vpy -c 'import librouge, platform; print("librouge", librouge.library_version, "from", librouge._native.__file__, "on", platform.machine())'
}
if [ "$tests" = conformance ]; then
  step "pip install $(basename "$wheel") and pytest under qemu" install_conformance
  grep -h '^librouge .* from ' "$work"/pip_install*.log 2>/dev/null | sed 's/^/     /'
  step "tests/conformance_only.py under qemu" bash -c "cd '$here/tests' && qemu-aarch64 -L '$root' '$venv/bin/python' -m pytest -p no:cacheprovider -q conformance_only.py"
  finish
fi

install() {
  rm -rf "$work/rouge-score" &&
  python3 -m pip wheel --quiet --disable-pip-version-check --no-deps rouge-score==0.1.2 -w "$work/rouge-score" &&
  # --no-compile: byte-compiling numpy's and nltk's thousands of modules under qemu costs
  # minutes; they are compiled when imported instead.
  vpy -m pip install --quiet --disable-pip-version-check --no-compile --only-binary=:all: "$wheel" numpy pytest nltk absl-py six &&
  vpy -m pip install --quiet --disable-pip-version-check --no-compile --no-index --no-deps "$work"/rouge-score/*.whl &&
  vpy -c 'import librouge, platform; print("librouge", librouge.library_version, "from", librouge._native.__file__, "on", platform.machine())' &&
  vpy -m pip list --disable-pip-version-check 2>/dev/null | grep -iE '^(numpy|pytest|librouge|rouge.score) '
}
step "pip install $(basename "$wheel") under qemu" install
grep -h '^librouge .* from ' "$work"/pip_install*.log 2>/dev/null | sed 's/^/     /'

step "tests/test_librouge.py under qemu" bash -c "cd '$here/tests' && qemu-aarch64 -L '$root' '$venv/bin/python' -m pytest -p no:cacheprovider -q test_librouge.py"
upstream() {
  UPSTREAM_PREPARE_ONLY=1 PYTHON=python3 tests/upstream.sh &&
  cd build/upstream/suite && vpy -m pytest -p no:cacheprovider -rs -o python_files='*_test.py' .
}
step "rouge-score 0.1.2's suite under qemu" upstream
finish
