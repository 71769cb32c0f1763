#!/usr/bin/env bash
# Differential test of the rouge-score bootstrap against rouge-score 0.1.2 itself: installs
# rouge-score into .venv (gitignored) when missing, regenerates tests/corpus_diff/expected.jsonl
# with gen.py, then runs the Rust comparison (tests/corpus_diff/main.rs). The last line is
# `corpus-diff: N passed, M failed`. `cargo test` runs the comparison on the committed
# expected.jsonl without Python.
set -uo pipefail
cd "$(dirname "$0")/../.."
venv=.venv
summary() { echo "corpus-diff: $1 passed, $2 failed"; }
if ! "$venv/bin/python" -c "import rouge_score, numpy" 2>/dev/null; then
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q "rouge-score==0.1.2"; } ||
    { echo "corpus-diff: cannot install rouge-score 0.1.2 into $venv"; summary 0 1; exit 1; }
fi
"$venv/bin/python" tests/corpus_diff/gen.py tests/corpus_diff/expected.jsonl ||
  { echo "corpus-diff: gen.py failed"; summary 0 1; exit 1; }
out=$(cargo test --quiet --release --test corpus_diff 2>&1)
status=$?
echo "$out" | grep -v '^corpus-diff: [0-9]* passed' || true
line=$(echo "$out" | grep '^corpus-diff: [0-9]* passed, [0-9]* failed' | tail -1)
if [ -z "$line" ]; then summary 0 1; exit 1; fi
echo "$line"
exit $status
