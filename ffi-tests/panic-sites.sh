#!/usr/bin/env bash
# Counts the call sites in a built library that can reach a panic of Rust's core (bounds checks,
# slice and str index failures, unwrap/expect failures, assertions, panic!, division by zero),
# excluding the calls that core's panic functions make to each other. Prints one line per kind
# and the total; `--total` prints the total only. Usage: panic-sites.sh [--total] LIBRARY
set -euo pipefail
total_only=0
[ "${1:-}" = --total ] && { total_only=1; shift; }
lib=${1:?usage: panic-sites.sh [--total] LIBRARY}
panicky='core::panicking::|core::slice::index::.*fail|core::str::slice_error_fail|unwrap_failed|expect_failed|len_mismatch_fail|core::result::unwrap_failed|core::option::expect_failed'
counts=$(objdump -d --no-show-raw-insn -C "$lib" | awk -v re="$panicky" '
  /^[0-9a-f]+ <.*>:$/ { name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name); inside = (name ~ re); next }
  !inside && /\t(call|jmp)[a-z]*[ \t]/ && match($0, /<[^>]+>/) {
    t = substr($0, RSTART + 1, RLENGTH - 2); sub(/\+0x[0-9a-f]+$/, "", t)
    if (t ~ re) { sub(/::<.*$/, "", t); sub(/::h[0-9a-f]{16}$/, "", t); n[t]++ }
  }
  END { for (t in n) printf "%6d %s\n", n[t], t }' | sort -rn)
total=$(echo "$counts" | awk '{s += $1} END {print s + 0}')
if [ $total_only = 1 ]; then echo "$total"; else echo "$counts"; echo "$(printf '%6d' "$total") in all"; fi
