#!/usr/bin/env bash
# The size check of issue 16: how much flash each build configuration costs, against the sizes
# recorded in sizes.txt (this directory).
#   probe: the Cortex-M4F firmware of this directory (src/main.rs; opt-level s, LTO, one codegen
#     unit, panic abort), which calls rouge_score_pair with rouge1, rouge2, rougeL and rougeLsum;
#     flash = .vector_table + .text + .rodata + .data of the linked ELF (llvm-size -A).
#   librouge.a for thumbv7em-none-eabihf and riscv32imac-unknown-none-elf: code and data of all
#     its members (llvm-size -B -t: text, which includes read-only data, plus data): the most an
#     embedder links, every C function included.
#   rouge.wasm (wasm32-unknown-unknown cdylib): its file size.
# Configurations: `full` (the default features: the whole library) and `minimal` (no default
# features: no ROUGE-1.5.5 text data, no Unicode tokeniser, no ROUGE-W, no ROUGE-S/SU).
# Fails when a configuration is more than 5% above its recorded size, when the minimal probe is
# above its 40 KB goal, or when either probe links float formatting or parsing code (the goal:
# none without Perl rounding; round5 is integer arithmetic). `check.sh --record` rewrites
# sizes.txt with the sizes measured (commit it when a growth is intended).
# Prints a table (target, configuration, bytes, recorded, change) and `N passed, N failed`.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
export CARGO_TERM_COLOR=never
. ffi-tests/need.sh

record=0
[ "${1:-}" = --record ] && record=1
sizes="$here/sizes.txt"
goal_minimal_probe=40960
tolerance_percent=5
probe_target=thumbv7em-none-eabihf
lib_targets=(thumbv7em-none-eabihf riscv32imac-unknown-none-elf)
wasm_target=wasm32-unknown-unknown
float_code='flt2dec|dec2flt|float_to_decimal|grisu|dragon'

pass=0; fail=0; rows=(); measured=()
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

need_deb 'command -v llvm-size && command -v llvm-nm' llvm || { echo "size: 0 passed, 1 failed"; exit 1; }
# One rustup at a time (need_target installs what is missing).
for t in "$probe_target" "${lib_targets[@]}" "$wasm_target"; do
  need_target "$t" || { echo "size: 0 passed, 1 failed"; exit 1; }
done

features_of() { [ "$1" = full ] && echo "--features capi" || echo "--no-default-features --features capi"; }

# Compares one measurement with its recorded size and adds a table row.
compare() {
  local target=$1 config=$2 bytes=$3 recorded change
  measured+=("$target $config $bytes")
  recorded=$(awk -v t="$target" -v c="$config" '$1 == t && $2 == c { print $3 }' "$sizes" 2>/dev/null)
  if [ -z "$recorded" ]; then
    rows+=("$(printf '%-40s %-8s %9s %9s %8s' "$target" "$config" "$bytes" "-" "new")")
    [ $record = 1 ] && ok || bad "$target $config: no recorded size in $sizes (run $0 --record)"
    return
  fi
  change=$(awk -v a="$bytes" -v b="$recorded" 'BEGIN { printf "%+.1f%%", (a - b) * 100 / b }')
  rows+=("$(printf '%-40s %-8s %9s %9s %8s' "$target" "$config" "$bytes" "$recorded" "$change")")
  if [ $record = 0 ] && awk -v a="$bytes" -v b="$recorded" -v p=$tolerance_percent 'BEGIN { exit !(a > b * (1 + p / 100)) }'; then
    bad "$target $config: $bytes bytes, more than $tolerance_percent% above the recorded $recorded"
  else
    ok
  fi
}

for config in minimal full; do
  # The probe.
  probe_features=""; [ $config = full ] && probe_features="--features full"
  if (cd "$here" && nice cargo build --quiet --release --target $probe_target $probe_features); then
    elf="$here/target/$probe_target/release/rouge-size-probe"
    flash=$(llvm-size -A "$elf" | awk '$1 == ".vector_table" || $1 == ".text" || $1 == ".rodata" || $1 == ".data" { s += $2 } END { print s }')
    compare "probe-$probe_target" $config "$flash"
    floats=$(llvm-nm -C "$elf" | grep -E "$float_code" | awk '{ $1 = ""; $2 = ""; print }' | head -5)
    if [ -n "$floats" ]; then bad "probe $config links float formatting or parsing:$floats"; else ok; fi
    if [ $config = minimal ]; then
      if [ "$flash" -le $goal_minimal_probe ]; then ok; else bad "minimal probe: $flash bytes of flash, above the goal of $goal_minimal_probe"; fi
    fi
  else
    bad "probe $config: build failed"
  fi
  # The static libraries.
  for t in "${lib_targets[@]}"; do
    # shellcheck disable=SC2046
    if nice cargo rustc --quiet --release --lib $(features_of $config) --crate-type staticlib --target "$t"; then
      bytes=$(llvm-size -B -t "target/$t/release/librouge.a" | awk '/\(TOTALS\)/ { print $1 + $2 }')
      compare "librouge.a-$t" $config "$bytes"
    else
      bad "librouge.a $t $config: build failed"
    fi
  done
  # The wasm32 module.
  # shellcheck disable=SC2046
  if nice cargo rustc --quiet --release --lib $(features_of $config) --crate-type cdylib --target $wasm_target; then
    compare "rouge.wasm-$wasm_target" $config "$(stat -c %s "target/$wasm_target/release/rouge.wasm")"
  else
    bad "rouge.wasm $config: build failed"
  fi
done

echo
printf '%-40s %-8s %9s %9s %8s\n' target config bytes recorded change
printf '%s\n' "${rows[@]}"
if [ $record = 1 ]; then
  {
    echo "# target configuration bytes: recorded by ffi-tests/size/check.sh --record; check.sh fails"
    echo "# when a configuration grows more than $tolerance_percent% past its line."
    printf '%s\n' "${measured[@]}"
  } > "$sizes"
  echo "recorded in $sizes"
fi
echo "size: $pass passed, $fail failed"
[ $fail = 0 ]
