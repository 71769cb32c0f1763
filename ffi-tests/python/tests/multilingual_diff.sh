#!/usr/bin/env bash
# Differential run of librouge.multilingual against XL-Sum's scorer itself on fresh text:
# tests/xlsum/gen_diff.py --pairs (texts of every XL-Sum language and of the edge kinds,
# perturbed copies, other texts, empty and punctuation-only ones; without and with
# use_stemmer) has multilingual-rouge 0.0.1 score PAIRS new pairs in the reference
# environment, then multilingual_check.py scores them through RougeScorer(...).score (zh/ja/th
# through jieba, fugashi, pythainlp) and the tokenize module, bit for bit.
#
#   tests/multilingual_diff.sh [PAIRS [SEED]]     # from ffi-tests/python, after `make install`
#
# PAIRS 100 (200 scored pairs, about 30 s: what `make test` runs) by default; the full run is
# 3000 (6,000 scored pairs, about a minute: 66 s here under load). The reference environment is
# $ROUGE_XLSUM_ORACLE when that holds one (e.g. /work/oracle/venv), else tests/xlsum/oracle-env.sh
# builds (or reuses) target/xlsum-oracle/venv, as the xlsum-oracle suite does (PyPI, Python
# 3.11, about 3 minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(cd ../.. && pwd)
pairs=${1:-100}
seed=${2:-1}
# Without $ROUGE_XLSUM_ORACLE: the full reference environment when it is there, else the smoke
# one (no fugashi, so no Japanese pairs: what CI has, built by the xlsum-oracle suite before
# this one), built here when neither is.
skip=()
venv=${ROUGE_XLSUM_ORACLE:-$root/target/xlsum-oracle/venv}
if [ -z "${ROUGE_XLSUM_ORACLE:-}" ] && ! [ -x "$venv/bin/python" ]; then
  venv=$root/target/xlsum-oracle/smoke-venv
  skip=(--skip-langs japanese)
  "$root/tests/xlsum/oracle-env.sh" --smoke "$venv"
elif ! [ -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import multilingual_rouge" 2>/dev/null; then
  "$root/tests/xlsum/oracle-env.sh" "$venv"
fi
venv=$(cd "$venv" && pwd)
out=build/multilingual-diff
mkdir -p "$out"
NLTK_DATA=$venv/nltk_data "$venv/bin/python" "$root/tests/xlsum/gen_diff.py" --pairs "$pairs" --seed "$seed" "${skip[@]}" \
  --out "$out/pairs-$pairs-$seed.jsonl"
cd tests
../build/venv/bin/python multilingual_check.py "../$out/pairs-$pairs-$seed.jsonl" 2> >(grep -v "jieba\|Prefix dict\|Loading model\|Dumping model\|Building prefix" >&2)
