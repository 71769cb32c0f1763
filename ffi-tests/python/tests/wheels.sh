#!/usr/bin/env bash
# The wheels and the sdist of dist/ (make wheels) as a user meets them; CI's suite python-wheels.
#
#   x86_64 manylinux wheel: for every CPython 3.9 to 3.13 that pyenv has, a fresh venv whose PATH
#       holds no cargo, rustc or C compiler (checked); `pip install --only-binary=:all:` of the
#       wheel file and of numpy, pytest, nltk, absl-py, six from PyPI (rouge-score 0.1.2, pure
#       Python, has only an sdist); then tests/test_librouge.py against it, and on the versions
#       of WHEELS_UPSTREAM_VERSIONS every tests/test_*.py (threads, pickling with multiprocessing,
#       inputs, rewards too) and rouge-score's own suite (tests/upstream.sh)
#   sdist: in a temporary directory outside the checkout, a venv, `pip install
#       librouge-0.1.0.tar.gz` with cargo and the C compiler on PATH and a cargo target
#       directory of its own (what a user's machine does), then tests/test_librouge.py
#   aarch64 manylinux wheel: tests/aarch64.sh (Debian's arm64 CPython under qemu-aarch64)
#   x86_64 musllinux wheel: tests/musl.sh (a CPython built with musl-gcc from Debian's source)
#
# WHEELS_UPSTREAM_VERSIONS (default: every version) limits the versions that also run the
# package's other tests and rouge-score's suite; WHEELS_PARTS (default "venvs sdist aarch64 musl") picks the parts;
# WHEELS_PYTHONS (default: all five) the venvs' versions; WHEELS_QEMU_TESTS (tests/aarch64.sh:
# full or conformance) what runs under qemu. CI (ffi-tests/run-all.sh) runs
# WHEELS_PARTS="venvs sdist aarch64" WHEELS_UPSTREAM_VERSIONS="3.9 3.13"
# WHEELS_QEMU_TESTS=conformance: every version gets test_librouge.py, the oldest and newest
# every test file and rouge-score's suite too, the aarch64 wheel the conformance set; the musl
# part, whose CPython build from source takes minutes, runs with the full command (no variables).
# One line per run with pytest's closing line, then `python-wheels: N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
parts=${WHEELS_PARTS:-venvs sdist aarch64 musl}
upstream_versions=${WHEELS_UPSTREAM_VERSIONS:-all}
passed=0; failed=0; lines=()
result() { # result NAME STATUS LOG
  local last; last=$(grep -E '^(=+ )?[0-9]+ (passed|failed)|^[0-9]+ passed|error' "$3" | tail -n 1)
  if [ "$2" = 0 ]; then passed=$((passed + 1)); lines+=("ok   $1: $last")
  else failed=$((failed + 1)); lines+=("FAIL $1: ${last:-see $3}"); tail -n 30 "$3"; fi
  echo "${lines[-1]}"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/librouge-wheels.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
wheel=$(ls dist/librouge-*-cp39-abi3-manylinux*_x86_64.whl 2>/dev/null | head -n 1)
sdist=$(ls dist/librouge-*.tar.gz 2>/dev/null | head -n 1)
[ -n "$wheel" ] && [ -n "$sdist" ] || { echo "no wheel or sdist in dist/: make wheels first"; echo "python-wheels: 0 passed, 1 failed"; exit 1; }

# A PATH with the system's tools but no compiler, linker, cargo or rustc.
clean=$tmp/bin; mkdir -p "$clean"
for d in /usr/local/bin /usr/bin /bin; do
  for f in "$d"/*; do
    b=$(basename "$f")
    [[ $b =~ ^(cc|c\+\+|c89.*|c99.*|cpp.*|gcc.*|g\+\+.*|clang.*|ld|ld\..*|lld.*|as|tcc|zig|cargo.*|rustc|rustup|rustdoc|rust-.*|.*-(gcc|g\+\+|cc|c\+\+|ld|as|cpp)(-[0-9.]+)?)$ ]] && continue
    [ -e "$clean/$b" ] || ln -s "$f" "$clean/$b"
  done
done
no_compiler() {
  local found; found=$(PATH=$clean bash -c 'for t in cc gcc clang cargo rustc zig x86_64-linux-gnu-gcc; do command -v $t; done')
  [ -z "$found" ] || { echo "still on PATH: $found"; return 1; }
}

venv_run() { # venv_run PYTHON: fresh venv, install the wheel, run the suites
  local py=$1 v ver log full=0 files=test_librouge.py extra=
  ver=$("$py" -c 'import platform; print(platform.python_version())')
  v=$tmp/venv-$ver; log=$tmp/venv-$ver.log
  if [ "$upstream_versions" = all ] || [[ " $upstream_versions " == *" ${ver%.*} "* ]]; then
    full=1; files='test_*.py'
    extra=pyarrow  # test_arrow.py: score_batch's Arrow path in the abi3 wheel (3.9 copies texts)
  fi
  {
    env -i HOME="$HOME" PATH="$clean" "$py" -m venv "$v" &&
    env -i HOME="$HOME" PATH="$v/bin:$clean" bash -c '
      set -e
      pip() { python -m pip --disable-pip-version-check --quiet "$@"; }
      pip install --only-binary=:all: "'"$here/$wheel"'" numpy pytest nltk absl-py six '"$extra"'
      pip install --no-deps rouge-score==0.1.2
      python -c "import librouge, sys; print(\"librouge\", librouge.library_version, \"from\", librouge._native.__file__, \"on\", sys.version.split()[0])"
      python -m pip --disable-pip-version-check list 2>/dev/null | grep -iE "^(numpy|pytest|nltk|rouge.score|librouge) " | tr -s " " | paste -sd ";" -
      cd "'"$here"'/tests" && python -m pytest -p no:cacheprovider -q '"$files"
  } >"$log" 2>&1
  local status=$?
  result "CPython $ver, $(basename "$wheel"), $files" $status "$log"
  grep -E '^librouge .* from ' "$log" | sed 's/^/     /'
  if [ "$full" = 1 ]; then
    env -i HOME="$HOME" PATH="$v/bin:$clean" PYTHON="$v/bin/python" tests/upstream.sh >"$log.up" 2>&1
    status=$?
    result "CPython $ver, rouge-score 0.1.2's suite" $status "$log.up"
  fi
}

if [[ " $parts " == *" venvs "* ]]; then
  if no_compiler; then passed=$((passed + 1)); echo "ok   the venvs' PATH has no cc, gcc, clang, cargo, rustc, zig"
  else failed=$((failed + 1)); echo "FAIL the venvs' PATH has a compiler"; fi
  pythons=$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.{9,10,11,12,13}.* 2>/dev/null | sort -V)
  count=$(echo "$pythons" | grep -c . || true)
  [ "$count" = 5 ] || { failed=$((failed + 1)); echo "FAIL pyenv has $count of CPython 3.9 to 3.13"; }
  if [ -n "${WHEELS_PYTHONS:-}" ]; then  # by hand: only these versions (e.g. "3.9 3.13")
    pythons=$(for p in $pythons; do v=$(basename "$p"); [[ " $WHEELS_PYTHONS " == *" ${v%.*} "* ]] && echo "$p"; done)
  fi
  for p in $pythons; do venv_run "$p/bin/python3"; done
fi

if [[ " $parts " == *" sdist "* ]]; then
  log=$tmp/sdist.log
  mkdir -p "$tmp/sdist" && cp "$sdist" "$tmp/sdist/"
  start=$(date +%s)
  (
    set -e
    cd "$tmp/sdist"
    python3 -m venv venv
    pip() { venv/bin/python -m pip --disable-pip-version-check --quiet "$@"; }
    CARGO_TARGET_DIR=$tmp/sdist/cargo-target pip install "./$(basename "$sdist")"
    pip install numpy pytest nltk absl-py six && pip install --no-deps rouge-score==0.1.2
    venv/bin/python -c "import librouge; print('librouge from', librouge._native.__file__)"
    cd "$here/tests" && "$tmp/sdist/venv/bin/python" -m pytest -p no:cacheprovider -q test_librouge.py
  ) >"$log" 2>&1
  status=$?
  result "sdist $(basename "$sdist") built by pip in $tmp/sdist ($(( $(date +%s) - start )) s with the tests), test_librouge.py" $status "$log"
fi

if [[ " $parts " == *" aarch64 "* ]]; then
  log=$tmp/aarch64.log
  tests/aarch64.sh >"$log" 2>&1
  status=$?
  grep -E '^(ok|FAIL|aarch64)' "$log" | sed 's/^/     /'
  result "aarch64 manylinux wheel under qemu-aarch64" $status "$log"
fi

if [[ " $parts " == *" musl "* ]]; then
  log=$tmp/musl.log
  tests/musl.sh >"$log" 2>&1
  status=$?
  grep -E '^(ok|FAIL|musl)' "$log" | sed 's/^/     /'
  result "x86_64 musllinux wheel on a musl CPython" $status "$log"
fi

echo
printf '%s\n' "${lines[@]}"
echo "python-wheels: $passed passed, $failed failed"
[ "$failed" = 0 ]
