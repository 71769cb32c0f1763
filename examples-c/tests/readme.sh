#!/usr/bin/env bash
# The README's C example is a real program: extract its first ```c block, compile it against the
# header and librouge.a with every warning an error (an unchecked ROUGE_MUST_USE status fails),
# run it, and check what it prints against rouge-score 0.1.2's values for the same inputs:
#   rouge1 of ids [1 2 3 4 5] vs [1 2 4 5 6 7]: F = 0.72727 (4 hits);
#   rougeLsum, use_stemmer=True, "The cat sat.\nIt was sunny." vs "A cat sat on a mat.": F = 0.33333.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/examples-c/build/readme
mkdir -p "$out"
awk '/^```c$/ {on = 1; next} on && /^```$/ {exit} on' "$root/README.md" >"$out/readme.c"
[ -s "$out/readme.c" ] || { echo "readme: no \`\`\`c block in README.md"; echo "readme: 0 passed, 1 failed"; exit 1; }
cc -std=c99 -Wall -Wextra -Wpedantic -Werror -I"$root/include" "$out/readme.c" \
   "$root/target/release/librouge.a" -lm -o "$out/readme"
got=$("$out/readme")
want=$'rouge1 F 0.72727 (4 hits)\nrougeLsum F 0.33333'
if [ "$got" = "$want" ]; then echo "readme: 1 passed, 0 failed"
else printf 'readme: printed\n%s\nexpected\n%s\n' "$got" "$want"; echo "readme: 0 passed, 1 failed"; exit 1; fi
