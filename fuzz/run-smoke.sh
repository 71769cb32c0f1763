#!/usr/bin/env bash
# Fuzz smoke run: builds every target of fuzz/ (cargo-fuzz, libFuzzer, AddressSanitizer, overflow
# checks and debug assertions on), replays the committed corpus of each (fuzz/corpus/<target>,
# every input run once), then fuzzes each for SECONDS seconds (default 60) from that corpus,
# new inputs going to a temporary folder so that the committed corpus is left as it is. Any
# crash, abort, hang (-timeout=5 s), leak or differential mismatch (an assertion of a target)
# fails the target; its input is in fuzz/artifacts/<target>/. One line per target, then
# `fuzz: N passed, M failed`.
#
# Usage: fuzz/run-smoke.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
summary() { echo "fuzz: $1 passed, $2 failed"; }

# What a fresh machine lacks: the nightly toolchain and cargo-fuzz (one rustup at a time).
if ! cargo +nightly --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal >/dev/null 2>&1 ||
    { echo "MISSING: rustup toolchain install nightly fails"; summary 0 1; exit 1; }
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo +nightly install cargo-fuzz --locked >/dev/null 2>&1 ||
    { echo "MISSING: cargo +nightly install cargo-fuzz --locked fails"; summary 0 1; exit 1; }
fi

if ! build=$(nice cargo +nightly fuzz build -a 2>&1); then
  echo "$build" | tail -20
  echo "fuzz: build failed"
  summary 0 1
  exit 1
fi

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "$tmp/$t"
  log="$tmp/$t.log"
  ok=1
  inputs=$(find "corpus/$t" -type f | wc -l)
  if ! nice cargo +nightly fuzz run -a "$t" "corpus/$t" -- -runs=0 -timeout=5 >"$log" 2>&1; then
    ok=0 what="replaying the corpus"
  elif [ "$seconds" -gt 0 ] &&
    ! nice cargo +nightly fuzz run -a "$t" "$tmp/$t" "corpus/$t" -- \
      -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 >"$log" 2>&1; then
    ok=0 what="fuzzing"
  fi
  runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | tail -1)
  if [ $ok = 1 ]; then
    passed=$((passed + 1))
    echo "fuzz $t: ok ($inputs corpus inputs replayed; ${runs:-no run})"
  else
    failed=$((failed + 1))
    echo "fuzz $t: FAILED $what; the input is in fuzz/artifacts/$t/:"
    grep -E 'panicked at|ERROR: libFuzzer|ERROR: AddressSanitizer|SUMMARY|Test unit written' "$log" | head -8 | sed 's/^/  /'
  fi
done
summary $passed $failed
[ $failed = 0 ]
