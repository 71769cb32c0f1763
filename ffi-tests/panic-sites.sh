#!/usr/bin/env bash
# Counts the call sites in a built library that can reach a panic of Rust's core (bounds checks,
# slice and str index failures, unwrap/expect failures, assertions, panic!, division by zero),
# excluding the calls that core's panic functions make to each other. Prints the count per kind,
# then per function the sites sit in (where to look next), and the total; `--total` prints the
# total only. Usage: panic-sites.sh [--total] LIBRARY
set -euo pipefail
total_only=0
[ "${1:-}" = --total ] && { total_only=1; shift; }
lib=${1:?usage: panic-sites.sh [--total] LIBRARY}
panicky='core::panicking::|core::slice::index::.*fail|core::str::slice_error_fail|unwrap_failed|expect_failed|len_mismatch_fail|core::result::unwrap_failed|core::option::expect_failed'
# One line per call site: the panic function it reaches, a tab, the function it sits in (after
# inlining: an exported rouge_* function, or a core function the compiler kept out of line).
sites=$(objdump -d --no-show-raw-insn -C "$lib" | awk -v re="$panicky" '
  /^[0-9a-f]+ <.*>:$/ { name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name); inside = (name ~ re); next }
  !inside && /\t(call|jmp)[a-z]*[ \t]/ && match($0, /<[^>]+>/) {
    t = substr($0, RSTART + 1, RLENGTH - 2); sub(/\+0x[0-9a-f]+$/, "", t)
    if (t ~ re) {
      sub(/::<.*$/, "", t); sub(/::h[0-9a-f]{16}$/, "", t)
      f = name; sub(/::h[0-9a-f]{16}$/, "", f)
      print t "\t" f
    }
  }')
total=$(printf '%s' "$sites" | grep -c . || true)
if [ $total_only = 1 ]; then echo "$total"; exit 0; fi
echo "by kind:"
printf '%s\n' "$sites" | grep . | cut -f1 | sort | uniq -c | sort -rn
echo "by function:"
printf '%s\n' "$sites" | grep . | cut -f2 | sort | uniq -c | sort -k1,1rn -k2
echo "$(printf '%6d' "$total") in all"
