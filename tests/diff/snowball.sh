#!/usr/bin/env bash
# Differential test of every stemmer ported from NLTK 3.10.4 against NLTK itself, in one
# Python venv (target/venv, shared with tests/diff/run.sh; created if missing, nltk==3.10.4 from
# PyPI) with one NLTK_DATA (corpora/stopwords from src/stem/data/nltk_stopwords, the files the
# library's stopword tables are generated from, = nltk_data's and ../shared/multilingual's):
#   1. the Snowball stemmers of the nine languages XL-Sum does not use plus Russian (Danish,
#      Dutch, Finnish, German, Hungarian, Norwegian, Swedish, Russian):
#      tests/diff/nltk_snowball.py generates ROUGE_SNOWBALL_WORDS words per language (syllables
#      and chains of the stemmer's own suffixes, mutated) and stems them with NLTK;
#      tests/nltk_snowball_diff.rs compares the library's stems;
#   2. the XL-Sum stemmers (Porter on code points, Arabic, English, French, Spanish, Portuguese,
#      Italian, Romanian): tests/diff/gen_snowball.py stems about ROUGE_SNOWBALL_WORDS generated
#      words per stemmer with NLTK, built as the XL-Sum scorer builds them, skipping the words
#      ../shared/multilingual/stems.jsonl holds; tests/diff_snowball.rs compares.
# Each part ends with its own line, `nltk-snowball-diff: N passed, M failed` and
# `diff-snowball: N passed, M failed`; the exit status is non-zero on any mismatch.
# Env: ROUGE_SNOWBALL_WORDS (words per language, default 4000), ROUGE_SNOWBALL_LANGS (part 1
# only, comma-separated, default all), ROUGE_SHARED_DIR (default ../shared).
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
words=${ROUGE_SNOWBALL_WORDS:-4000}
status=0

# 1. The Snowball languages XL-Sum does not list, and Russian.
out=target/diff/nltk_snowball.jsonl
langs=()
[ -n "${ROUGE_SNOWBALL_LANGS:-}" ] && langs=(--langs "$ROUGE_SNOWBALL_LANGS")
NLTK_DATA="$PWD/$data" "$py" tests/diff/nltk_snowball.py --out "$out" --words "$words" "${langs[@]}"
ROUGE_SNOWBALL_DIFF_FILE="$PWD/$out" cargo test --quiet --release --test nltk_snowball_diff || status=1

# 2. The XL-Sum stemmers (skipping the words of stems.jsonl, which tests/multilingual_stems.rs checks).
shared=${ROUGE_SHARED_DIR:-../shared}/multilingual
if [ ! -f "$shared/stems.jsonl" ]; then
  echo "diff-snowball: $shared/stems.jsonl is missing"
  if [ "${CI:-}" = true ]; then echo "diff-snowball: 0 passed, 1 failed"; exit 1; fi
  echo "diff-snowball: not run"; exit $status
fi
out=target/diff/snowball.jsonl
NLTK_DATA="$PWD/$data" "$py" tests/diff/gen_snowball.py --out "$out" --per-language "$words" --stems "$shared/stems.jsonl"
ROUGE_SNOWBALL_DIFF_FILE="$PWD/$out" cargo test --quiet --release --test diff_snowball || status=1
exit $status
