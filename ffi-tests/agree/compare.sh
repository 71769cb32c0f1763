#!/usr/bin/env bash
# Checks that every host's output equals the C host's, line for line (see README.md).
set -uo pipefail
cd "$(dirname "$0")/build"
cases=$(wc -l < cases.tsv)
want=$((cases * 2 * 10))
pass=0; fail=0
[ -f c.out ] || { echo "agree: build/c.out is missing"; echo "agree: 0 passed, 1 failed"; exit 1; }
for f in *.out; do
  lines=$(wc -l < "$f")
  if [ "$lines" -ne "$want" ]; then
    echo "FAIL $f: $lines lines, want $want"; fail=$((fail + 1))
  elif ! cmp -s c.out "$f"; then
    echo "FAIL $f differs from c.out:"; diff c.out "$f" | head -5; fail=$((fail + 1))
  else
    echo "ok   $f: $lines lines identical to c.out"; pass=$((pass + 1))
  fi
done
echo "agree: $pass passed, $fail failed"
[ $fail = 0 ]
