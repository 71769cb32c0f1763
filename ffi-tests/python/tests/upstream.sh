#!/usr/bin/env bash
# rouge-score 0.1.2's own test suite against librouge: downloads its sdist from PyPI into
# build/upstream (never committed), copies its *_test.py and test_util.py, points their
# `from rouge_score import X` at librouge (test_util stays theirs), and runs them with pytest
# and tests/upstream/conftest.py (which skips, with reasons, the tests whose data the sdist
# lacks and those of rouge-score's private helpers). The last line is pytest's.
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-build/venv/bin/python}
case $py in /*) ;; */*) py=$PWD/$py ;; esac
dir=build/upstream
rm -rf "$dir"; mkdir -p "$dir/dl" "$dir/suite"
"$py" -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
  rouge-score==0.1.2 -d "$dir/dl"
tar -xzf "$dir"/dl/rouge_score-0.1.2.tar.gz -C "$dir/dl"
src=$dir/dl/rouge_score-0.1.2/rouge_score
for f in "$src"/*_test.py "$src"/test_util.py; do
  sed -e 's/^from rouge_score import test_util$/import test_util/' \
      -e 's/^from rouge_score import /from librouge import /' "$f" > "$dir/suite/$(basename "$f")"
done
if grep -nE "^(from|import) rouge_score" "$dir"/suite/*.py; then
  echo "upstream: an import of rouge_score is left"; exit 1
fi
cp tests/upstream/conftest.py "$dir/suite/"
# The testdata directory the tests look for is not in the sdist: tests reading it skip.
test ! -e "$dir/suite/testdata"
# UPSTREAM_PREPARE_ONLY=1: the suite prepared in build/upstream/suite, not run (tests/aarch64.sh
# runs it under qemu).
[ "${UPSTREAM_PREPARE_ONLY:-0}" = 1 ] && exit 0
cd "$dir/suite"
exec "$py" -m pytest -p no:cacheprovider -rs -o python_files='*_test.py' .
