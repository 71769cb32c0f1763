#!/usr/bin/env bash
# Differential test against rouge-score 0.1.2 and NLTK's Porter stemmer, end to end:
#   1. a Python venv (target/venv, created if missing) with rouge-score==0.1.2 and nltk from PyPI;
#   2. tests/diff/gen.py writes 2,000 generated candidate/reference pairs (fixed seed), each
#      scored by rouge-score with use_stemmer false and true (rouge1..rouge9, rougeL, rougeLsum),
#      rouge-score's tokens for every fifth pair, and NLTK's stem of every distinct token of
#      ../shared/conformance plus generated words, to target/diff/rouge_score.jsonl;
#   3. tests/diff_rouge_score.rs compares the library with all of it (1e-9, exact tokens).
# The last line is `diff-rouge-score: N passed, M failed`; the exit status is non-zero on any
# mismatch. Env: ROUGE_DIFF_PAIRS (default 2000), ROUGE_SHARED_DIR (default ../shared).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/venv
py=$venv/bin/python
if ! "$py" -c 'import rouge_score, nltk' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check rouge-score==0.1.2 nltk==3.10.4
fi
echo "diff: rouge-score $("$py" -c 'import importlib.metadata as m; print(m.version("rouge-score"))'), nltk $("$py" -c 'import nltk; print(nltk.__version__)')"
shared=${ROUGE_SHARED_DIR:-../shared}/conformance
shared_arg=()
if [ -d "$shared" ]; then
  shared_arg=(--shared "$shared")
elif [ "${CI:-}" = true ]; then
  echo "diff: $shared is missing and CI=true"; echo "diff-rouge-score: 0 passed, 1 failed"; exit 1
else
  echo "diff: WARNING $shared is missing: the word list has generated words only"
fi
out=target/diff/rouge_score.jsonl
"$py" tests/diff/gen.py --out "$out" --pairs "${ROUGE_DIFF_PAIRS:-2000}" "${shared_arg[@]}"
ROUGE_DIFF_FILE="$PWD/$out" cargo test --quiet --release --test diff_rouge_score
