#!/usr/bin/env bash
# Differential test of the XL-Sum stemmers ported from NLTK 3.10.4 (Porter on code points and
# the Snowball stemmers arabic, english, french, spanish, portuguese, italian, romanian) against
# NLTK itself:
#   1. a Python venv (target/venv, shared with tests/diff/run.sh; created if missing) with
#      nltk==3.10.4 from PyPI;
#   2. tests/diff/gen_snowball.py stems about 4,000 generated words per stemmer with NLTK (built
#      as the XL-Sum scorer builds them, with the NLTK stopword lists vendored in
#      ../shared/multilingual/data/nltk_stopwords), skipping words stems.jsonl already holds,
#      to target/diff/snowball.jsonl;
#   3. tests/diff_snowball.rs stems the same words with the library and compares.
# The last line is `diff-snowball: N passed, M failed`; the exit status is non-zero on any
# mismatch. Env: ROUGE_SNOWBALL_WORDS (words per stemmer, default 4000), ROUGE_SHARED_DIR
# (default ../shared).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/venv
py=$venv/bin/python
if [ "$("$py" -c 'import nltk; print(nltk.__version__)' 2>/dev/null)" != 3.10.4 ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check nltk==3.10.4
fi
shared=${ROUGE_SHARED_DIR:-../shared}/multilingual
if [ ! -d "$shared/data/nltk_stopwords" ]; then
  echo "diff-snowball: $shared/data/nltk_stopwords is missing (NLTK's stopword lists)"
  if [ "${CI:-}" = true ]; then echo "diff-snowball: 0 passed, 1 failed"; exit 1; fi
  echo "diff-snowball: not run"; exit 0
fi
data=target/diff/nltk_data
mkdir -p "$data/corpora/stopwords"
cp "$shared"/data/nltk_stopwords/* "$data/corpora/stopwords/"
out=target/diff/snowball.jsonl
NLTK_DATA="$PWD/$data" "$py" tests/diff/gen_snowball.py --out "$out" \
  --per-language "${ROUGE_SNOWBALL_WORDS:-4000}" --stems "$shared/stems.jsonl"
ROUGE_SNOWBALL_DIFF_FILE="$PWD/$out" cargo test --quiet --release --test diff_snowball
