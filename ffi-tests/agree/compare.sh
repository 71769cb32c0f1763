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
  elif cmp -s c.out "$f"; then
    echo "ok   $f: $lines lines identical to c.out"; pass=$((pass + 1))
  elif [[ $f == js* ]] && close=$(python3 - c.out "$f" <<'PY'
# wasm has no C library: ROUGE-W's weights come from libm's pow there, not the C library's, and
# may differ in the last bits (README.md). Every other line must be identical.
import struct, sys
want, got = (open(p).read().split("\n") for p in sys.argv[1:])
close = 0
for a, b in zip(want, got):
    if a == b:
        continue
    x, y = a.split(), b.split()
    if x[:3] != y[:3] or not x[2].startswith("rougeW") or len(x) != 9 or len(y) != 9:
        sys.exit(1)
    for h, k in zip(x[3:], y[3:]):
        u, v = (struct.unpack(">d", bytes.fromhex(z))[0] for z in (h, k))
        if abs(u - v) > 1e-14 * max(abs(u), abs(v)):
            sys.exit(1)
    close += 1
print(close)
PY
  ); then
    echo "ok   $f: $lines lines as in c.out ($close ROUGE-W lines within 1e-14: wasm's pow)"; pass=$((pass + 1))
  else
    echo "FAIL $f differs from c.out:"; diff c.out "$f" | head -5; fail=$((fail + 1))
  fi
done
echo "agree: $pass passed, $fail failed"
[ $fail = 0 ]
