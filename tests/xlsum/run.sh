#!/usr/bin/env bash
# The XL-Sum tokeniser's checks that need the scorer itself (multilingual-rouge 0.0.1 and
# pyonmttok 1.38.1, in a reference environment built from PyPI by oracle-env.sh).
#
#   tests/xlsum/run.sh          the smoke CI runs, every language but Japanese: 40 s with the
#                               environment built from PyPI without a pip cache (2 cores, load
#                               1), 231 s the same at load 8
#   tests/xlsum/run.sh --full   everything, the full environment: 110 s built from PyPI without
#                               a pip cache at load 1 (77 s of it the environment and its check)
#
#   1. the reference environment, built (or reused) and checked: oracle.py --check on every
#      case of cases.jsonl (--full), or on 300 of them (the smoke, whose environment has no
#      fugashi: oracle-env.sh --smoke);
#   2. src/text/xlsum/onmt_tables.rs against a fresh probe of pyonmttok;
#   3. the pyonmttok port against pyonmttok (tests/xlsum_onmt.rs): a sample of about 0.6
#      million inputs, or with ROUGE_XLSUM_FULL=1 every code point in 7 contexts and 200,000
#      random strings (about 8 million inputs);
#   4. (--full) tests/xlsum/diff.jsonl regenerated: it must be what the committed generator
#      writes;
#   5. a differential run on fresh texts (--full 600, smoke 150; seed 1; ROUGE_XLSUM_TEXTS,
#      ROUGE_XLSUM_SEED): gen_diff.py has the scorer tokenise them, tests/xlsum_diff.rs compares;
#   6. (--full) tests/xlsum/diff_scores.jsonl regenerated (it must be what the committed
#      generator writes), and a differential run of scores on fresh pairs (--full 400, smoke
#      300; seed 1; ROUGE_XLSUM_PAIRS, ROUGE_XLSUM_SEED): gen_diff.py --pairs has the scorer
#      score them, tests/xlsum_score.rs compares P, R and F bit for bit.
# ROUGE_XLSUM_ORACLE=VENV uses (or builds) the environment there (default
# target/xlsum-oracle/venv, smoke target/xlsum-oracle/smoke-venv). Needs Python 3.11 and PyPI
# the first time.
set -euo pipefail
cd "$(dirname "$0")/../.."
full=0
[ "${1:-}" = --full ] && full=1
t0=$SECONDS
if [ $full = 1 ]; then
  venv=${ROUGE_XLSUM_ORACLE:-target/xlsum-oracle/venv}
  tests/xlsum/oracle-env.sh "$venv"
  texts=${ROUGE_XLSUM_TEXTS:-600} pairs=${ROUGE_XLSUM_PAIRS:-400}
  skip=()
else
  venv=${ROUGE_XLSUM_ORACLE:-target/xlsum-oracle/smoke-venv}
  tests/xlsum/oracle-env.sh --smoke "$venv"
  texts=${ROUGE_XLSUM_TEXTS:-150} pairs=${ROUGE_XLSUM_PAIRS:-300}
  skip=(--skip-langs japanese)
fi
venv=$(cd "$venv" && pwd)
export ROUGE_XLSUM_ORACLE=$venv NLTK_DATA=$venv/nltk_data
echo "xlsum: environment ready after $((SECONDS - t0)) s"

"$venv/bin/python" src/text/xlsum/gen_onmt_tables.py --stdout | cmp - src/text/xlsum/onmt_tables.rs
echo "xlsum: onmt_tables.rs is what pyonmttok gives"

mkdir -p target/xlsum-diff
# Runs a test with its output in target/xlsum-diff/NAME.log; prints its counts, or its log's
# end when it fails.
run_test() {
  local log=target/xlsum-diff/$1.log
  shift
  if "$@" -- --nocapture >"$log" 2>&1; then
    grep -E "differ|exact|test result" "$log"
  else
    tail -n 40 "$log"
    return 1
  fi
}
run_test onmt cargo test --release --test xlsum_onmt

if [ $full = 1 ]; then
  "$venv/bin/python" tests/xlsum/gen_diff.py --out target/xlsum-diff/committed.jsonl
  cmp target/xlsum-diff/committed.jsonl tests/xlsum/diff.jsonl
  echo "xlsum: tests/xlsum/diff.jsonl is what gen_diff.py writes"
fi

"$venv/bin/python" tests/xlsum/gen_diff.py --texts "$texts" --seed "${ROUGE_XLSUM_SEED:-1}" "${skip[@]}" \
  --out target/xlsum-diff/fresh.jsonl
ROUGE_XLSUM_DIFF=target/xlsum-diff/fresh.jsonl run_test diff cargo test --release --test xlsum_diff

if [ $full = 1 ]; then
  "$venv/bin/python" tests/xlsum/gen_diff.py --pairs 400 --seed 24 --out target/xlsum-diff/committed_scores.jsonl
  cmp target/xlsum-diff/committed_scores.jsonl tests/xlsum/diff_scores.jsonl
  echo "xlsum: tests/xlsum/diff_scores.jsonl is what gen_diff.py --pairs writes"
fi
"$venv/bin/python" tests/xlsum/gen_diff.py --pairs "$pairs" --seed "${ROUGE_XLSUM_SEED:-1}" "${skip[@]}" \
  --out target/xlsum-diff/fresh_scores.jsonl
ROUGE_XLSUM_SCORES=target/xlsum-diff/fresh_scores.jsonl run_test scores \
  cargo test --release --test xlsum_score test_our_generated_pairs
echo "xlsum: $([ $full = 1 ] && echo full run || echo smoke) done in $((SECONDS - t0)) s"
