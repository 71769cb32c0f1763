#!/usr/bin/env bash
# Builds the reference environment of the XL-Sum conformance set (PyPI multilingual-rouge
# 0.0.1 with the pinned versions of ../shared/multilingual/requirements-oracle.txt) in a venv,
# as ../shared/multilingual/README.md section 5 says, with its three workarounds:
#   - `pip uninstall -y unidic`: fugashi must fall back to unidic-lite (the `unidic` package
#     holds no dictionary without a download);
#   - the Bengali `common.rules` the 0.0.1 wheel lacks, copied into the package;
#   - NLTK's stopwords: the vendored ones, under VENV/nltk_data, which the wrapper points
#     NLTK_DATA at.
# Then checks it: `oracle.py --check cases.jsonl` must find 0 mismatching cases.
#
#   tests/xlsum/oracle-env.sh [VENV]      # default target/xlsum-oracle/venv; e.g. /work/oracle/venv
#   tests/xlsum/oracle-env.sh --smoke [VENV]   # default target/xlsum-oracle/smoke-venv
#   VENV/bin/xlsum-oracle ARGS...         # = oracle.py ARGS... in that environment
#
# --smoke (CI's environment, tests/xlsum/run.sh without --full) leaves out Japanese: no fugashi,
# unidic (pulled by multilingual-rouge's fugashi[unidic]) or unidic-lite (250 MB unpacked, most
# of the full build's time). The fork imports fugashi only to segment Japanese, so every other
# language scores as in the full environment; multilingual-rouge is installed without its
# dependencies and the other pins with theirs. It also leaves out wordfreq (58 MB; gen_diff.py
# then draws its words from the cases' texts only). Its check is a sample of 300 non-Japanese
# cases.
#
# Needs Python 3.11 (`python3.11`, or `python3` when that is 3.11; PYTHON=... overrides) and
# PyPI. Takes about 3 minutes on a fresh machine (pip builds jieba and unidic-lite from sdists).
# An environment already built and checked is reused (its marker file records the inputs).
set -euo pipefail
cd "$(dirname "$0")/../.."
shared=${ROUGE_SHARED:-../shared}/multilingual
smoke=0
[ "${1:-}" = --smoke ] && { smoke=1; shift; }
if [ $smoke = 1 ]; then venv=${1:-target/xlsum-oracle/smoke-venv}; else venv=${1:-target/xlsum-oracle/venv}; fi
[ -f "$shared/requirements-oracle.txt" ] || { echo "oracle-env: no $shared (ROUGE_SHARED=...)" >&2; exit 2; }
shared=$(cd "$shared" && pwd)

if [ -z "${PYTHON:-}" ]; then
  for p in python3.11 python3; do
    if command -v "$p" >/dev/null && [ "$("$p" -c 'import sys; print(sys.version_info[:2] == (3, 11))')" = True ]; then
      PYTHON=$p; break
    fi
  done
fi
[ -n "${PYTHON:-}" ] || { echo "oracle-env: needs Python 3.11 (set PYTHON)" >&2; exit 2; }

# What the environment was built from: rebuilt when any of it changes.
stamp=$( (echo "smoke=$smoke"; cat "$0" "$shared/requirements-oracle.txt" "$shared/data/bengali_stemmer/common.rules") | sha256sum | cut -c1-16)
if [ -f "$venv/.xlsum-oracle-ok" ] && [ "$(cat "$venv/.xlsum-oracle-ok")" = "$stamp" ]; then
  echo "oracle-env: $venv is built and checked"
  exit 0
fi

rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
"$PYTHON" -m venv "$venv"
venv=$(cd "$venv" && pwd)
if [ $smoke = 1 ]; then
  grep -vE '^(multilingual-rouge|fugashi|unidic-lite|wordfreq)==' "$shared/requirements-oracle.txt" >"$venv/requirements-smoke.txt"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$venv/requirements-smoke.txt"
  # Last and alone: its fugashi[unidic] is what the smoke leaves out.
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps \
    "$(grep -E '^multilingual-rouge==' "$shared/requirements-oracle.txt")"
else
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$shared/requirements-oracle.txt"
  "$venv/bin/pip" uninstall -q -y unidic
fi
site=$("$venv/bin/python" -c 'import multilingual_rouge, os; print(os.path.dirname(multilingual_rouge.__file__))')
cp "$shared/data/bengali_stemmer/common.rules" "$site/bengali_stemmer/"
mkdir -p "$venv/nltk_data/corpora/stopwords"
cp "$shared"/data/nltk_stopwords/* "$venv/nltk_data/corpora/stopwords/"
cp "$shared/oracle.py" "$venv/oracle.py"
cat > "$venv/bin/xlsum-oracle" <<WRAP
#!/bin/sh
# oracle.py of the XL-Sum conformance set in this environment (built by tests/xlsum/oracle-env.sh).
NLTK_DATA="$venv/nltk_data" exec "$venv/bin/python" "$venv/oracle.py" "\$@"
WRAP
chmod +x "$venv/bin/xlsum-oracle"

"$venv/bin/python" -c 'import unicodedata, sys; assert unicodedata.unidata_version == "14.0.0", unicodedata.unidata_version'
if [ $smoke = 1 ]; then
  grep -v '"lang": "japanese"' "$shared/cases.jsonl" >"$venv/cases-smoke.jsonl"
  "$venv/bin/xlsum-oracle" --check "$venv/cases-smoke.jsonl" --sample 300 --seed 1 | tail -n 5
else
  "$venv/bin/xlsum-oracle" --check "$shared/cases.jsonl" | tail -n 5
fi
echo "$stamp" > "$venv/.xlsum-oracle-ok"
echo "oracle-env: $venv built and checked"
