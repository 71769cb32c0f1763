#!/usr/bin/env bash
# Differential test of the NLTK Snowball stemmer ports against NLTK 3.10.4 itself:
#   1. the Python venv of tests/diff/run.sh (target/venv; nltk==3.10.4 installed if missing);
#   2. NLTK_DATA made from the stopword files the library is generated from
#      (src/stem/data/nltk_stopwords, = nltk_data's, see src/stem/data/README.md);
#   3. tests/diff/nltk_snowball.py generates words per language (fixed seed) and writes NLTK's
#      stem of each to target/diff/nltk_snowball.jsonl;
#   4. tests/nltk_snowball_diff.rs compares the library's stems with them, exactly.
# The last line is `nltk-snowball-diff: N passed, M failed`; the exit status is non-zero on any
# mismatch. Env: ROUGE_SNOWBALL_WORDS (words per language, default 4000), ROUGE_SNOWBALL_LANGS
# (comma-separated, default every language the generator knows).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/venv
py=$venv/bin/python
if ! "$py" -c 'import nltk, sys; sys.exit(nltk.__version__ != "3.10.4")' 2>/dev/null; then
  [ -x "$py" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check nltk==3.10.4
fi
data=target/diff/nltk_data
mkdir -p "$data/corpora/stopwords"
cp src/stem/data/nltk_stopwords/* "$data/corpora/stopwords/"
out=target/diff/nltk_snowball.jsonl
langs=()
[ -n "${ROUGE_SNOWBALL_LANGS:-}" ] && langs=(--langs "$ROUGE_SNOWBALL_LANGS")
NLTK_DATA="$PWD/$data" "$py" tests/diff/nltk_snowball.py --out "$out" --words "${ROUGE_SNOWBALL_WORDS:-4000}" "${langs[@]}"
ROUGE_SNOWBALL_DIFF_FILE="$PWD/$out" cargo test --quiet --release --test nltk_snowball_diff
