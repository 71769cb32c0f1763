#!/usr/bin/env bash
# Builds the C artifacts (feature `capi`) for the edge and mobile targets and checks each:
#   static libraries (librouge.a; no linker needed) for Android (aarch64, armv7, x86_64), iOS
#   (device, arm64 simulator) and bare metal (Cortex-M4F thumbv7em-none-eabihf, RISC-V
#   riscv32imac-unknown-none-elf): the archive lists its members (`ar t`) and names every
#   function of include/rouge.h as a symbol (its string tables hold `rouge_x` NUL-terminated,
#   read with grep, so no cross nm is needed), and on bare metal no reference to abort();
#   the wasm32 module (rouge.wasm, a cdylib linked by the toolchain's rust-lld): Node checks that
#   it has no imports and exports exactly the functions of rouge.h and its memory.
# Missing targets are added with rustup (need_target); where rustup has no rust-std for a target
# (here: aarch64-apple-ios-sim, whose download answers 404), core is built from rust-src instead
# (-Zbuild-std=core, enabled on the stable toolchain with RUSTC_BOOTSTRAP=1), and the table
# says so. Prints a table (target, artifact, bytes, how built, check) and `N passed, N failed`.
# Usage: ffi-tests/cross/build.sh [TARGET...]   (default: every target below)
set -uo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TERM_COLOR=never

static_targets=(
  aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
  aarch64-apple-ios aarch64-apple-ios-sim
  thumbv7em-none-eabihf riscv32imac-unknown-none-elf
)
wasm_target=wasm32-unknown-unknown
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${static_targets[@]}" "$wasm_target")

. ffi-tests/need.sh

functions=$(grep -o '\brouge_[a-z0-9_]*(' include/rouge.h | tr -d '(' | sort -u)
function_count=$(echo "$functions" | wc -l)
need_deb 'command -v node' nodejs || { echo "cross: 0 passed, 1 failed"; exit 1; }

pass=0; fail=0; rows=()
row() { rows+=("$(printf '%-30s %-52s %9s  %-14s %s' "$@")"); }

# Installs the target's rust-std, or prepares to build core from rust-src. Sets `build_std`.
prepare() {
  local t=$1
  build_std=()
  need_target "$t" >/dev/null && return 0
  rustup component list --installed | grep -q '^rust-src' || rustup component add rust-src >/dev/null 2>&1 || return 1
  echo "cross: no rust-std for $t from rustup; building core from rust-src" >&2
  build_std=(-Zbuild-std=core)
}

build() {
  local t=$1 kind=$2
  if [ ${#build_std[@]} -gt 0 ]; then
    RUSTC_BOOTSTRAP=1 nice cargo rustc --quiet --release --lib --features capi --crate-type "$kind" --target "$t" "${build_std[@]}"
  else
    nice cargo rustc --quiet --release --lib --features capi --crate-type "$kind" --target "$t"
  fi
}

check_static() {
  local a=$1 missing=()
  [ -n "$(ar t "$a" 2>/dev/null)" ] || { echo "ar t lists no member"; return 1; }
  # The name NUL-terminated, as string tables hold it, so rouge_tokenize is not found inside
  # rouge_tokenize_scratch_words.
  for f in $functions; do LC_ALL=C grep -aqP "${f}\\x00" "$a" || missing+=("$f"); done
  [ ${#missing[@]} = 0 ] || { echo "missing symbols: ${missing[*]}"; return 1; }
  # Bare metal has no C library: the panic handler must trap, not call abort().
  if [[ $2 == *-none-* ]] && LC_ALL=C grep -aqP '(?<![A-Za-z0-9_$.])_?abort\x00' "$a"; then
    echo "references abort(), which bare metal lacks"; return 1
  fi
  echo "ar ok, $function_count rouge_* symbols"
}

check_wasm() {
  node --input-type=module - "$1" include/rouge.h <<'EOF'
import { readFileSync } from 'node:fs';
const [wasm, header] = process.argv.slice(2);
const module = new WebAssembly.Module(readFileSync(wasm));
const imports = WebAssembly.Module.imports(module);
const exports = WebAssembly.Module.exports(module);
const fns = exports.filter((e) => e.kind === 'function').map((e) => e.name).sort();
const declared = [...new Set([...readFileSync(header, 'utf8').matchAll(/\b(rouge_[a-z0-9_]*)\(/g)].map((m) => m[1]))].sort();
const problems = [];
if (imports.length) problems.push(`imports: ${imports.map((i) => `${i.module}.${i.name}`).join(' ')}`);
if (fns.join() !== declared.join()) problems.push(`exports ${fns.join(' ')} != rouge.h ${declared.join(' ')}`);
if (!exports.some((e) => e.name === 'memory' && e.kind === 'memory')) problems.push('no memory export');
if (problems.length) { console.log(problems.join('; ')); process.exit(1); }
console.log(`0 imports, ${fns.length} rouge_* exports`);
EOF
}

for t in "${targets[@]}"; do
  if [ "$t" = "$wasm_target" ]; then kind=cdylib; artifact=target/$t/release/rouge.wasm
  else kind=staticlib; artifact=target/$t/release/librouge.a; fi
  echo "=== $t ($kind)"
  if ! prepare "$t"; then
    fail=$((fail + 1)); row "$t" "-" "-" "-" "FAIL: cannot install the target or rust-src"; continue
  fi
  how=rust-std; [ ${#build_std[@]} -gt 0 ] && how=core-from-src
  rm -f "$artifact"
  if ! build "$t" "$kind"; then
    fail=$((fail + 1)); row "$t" "$artifact" "-" "$how" "FAIL: build"; continue
  fi
  if [ "$kind" = cdylib ]; then verdict=$(check_wasm "$artifact"); else verdict=$(check_static "$artifact" "$t"); fi
  if [ $? = 0 ]; then pass=$((pass + 1)); verdict="ok: $verdict"; else fail=$((fail + 1)); verdict="FAIL: $verdict"; fi
  row "$t" "$artifact" "$(stat -c %s "$artifact")" "$how" "$verdict"
done

echo
printf '%-30s %-52s %9s  %-14s %s\n' target artifact bytes built check
printf '%s\n' "${rows[@]}"
echo "cross: $pass passed, $fail failed"
[ $fail = 0 ]
