#!/usr/bin/env bash
# The npm package as a user meets it (issue 26 point 1): the tarball `make pack` made is
# installed with `npm install <tarball>` into a new project in an empty temporary folder, then
#   (a) node-user.mjs, a Node ES module of that project, imports `librouge` by name, lets init()
#       find rouge.wasm, and runs checks.js: the hosts' agreement cases bit for bit the C
#       library's (ROUGE-W within pow's last bits, as the package's own suite), rouge-score's
#       text cases within 1e-9, an error;
#   (b) a TypeScript file of the project type-checks against the package's declarations, found
#       through the `types` condition of its exports;
#   (c) page.js, the same checks in a page bundled by esbuild (installed from npm into the
#       project, as a user adds it), importing `librouge` and `librouge/rouge.wasm` through the
#       package's exports, runs in headless chromium (../browser/run.js).
# Usage: test.sh TARBALL   (env: ESBUILD=version, TSC=path to tsc, CHROMIUM, NODE, NPM)
# Prints ok/FAIL per check and `npm-package: N passed, M failed`; exits non-zero on a failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
js=$(cd "$here/../.." && pwd)
root=$(cd "$js/../.." && pwd)
node=${NODE:-node}
npm=${NPM:-npm}
esbuild_version=${ESBUILD:?set ESBUILD to the esbuild version to install}
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
finish() { echo "npm-package: $pass passed, $fail failed"; [ $fail = 0 ]; exit; }
run() { local log=$1; shift; "$@" >"$log" 2>&1 || { sed 's/^/    | /' "$log" | tail -n 30; return 1; }; }

tarball=$(cd "$(dirname "${1:?usage: test.sh TARBALL}")" && pwd)/$(basename "$1")
[ -f "$tarball" ] || { bad "no tarball $tarball (make pack)"; finish; }
agree=$root/ffi-tests/agree/build
[ -f "$agree/cases.tsv" ] && [ -f "$agree/c.out" ] || { bad "$agree/{cases.tsv,c.out} missing (make -C ffi-tests/agree)"; finish; }

# --- the tarball ----------------------------------------------------------------------------------
want="package/LICENSE package/README.md package/package.json package/rouge-node.js package/rouge.d.ts package/rouge.js package/rouge.wasm"
got=$(tar tzf "$tarball" | sort | tr '\n' ' ')
if [ "${got% }" = "$want" ]; then ok "$(basename "$tarball") holds exactly: ${want//package\//}"; else bad "tarball holds: $got"; fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rouge-npm-user.XXXXXX") || { echo "FAIL mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
user=$tmp/user
mkdir -p "$user"
cat >"$user/package.json" <<'EOF'
{ "name": "rouge-user", "version": "1.0.0", "private": true, "type": "module" }
EOF
if run "$tmp/install.log" sh -c 'cd "$1" && "$2" install --no-audit --no-fund "$3"' sh "$user" "$npm" "$tarball"; then
  ok "npm install $(basename "$tarball") into an empty project"
else
  bad "npm install $(basename "$tarball")"; finish
fi
installed=$user/node_modules/librouge
dependency=$("$node" -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).dependencies.librouge)' "$user/package.json")
if cmp -s "$installed/rouge.wasm" "$js/rouge.wasm" && [[ $dependency == file:*"$(basename "$tarball")" ]]; then
  ok "node_modules/librouge/rouge.wasm is the module just built; the project depends on librouge: $dependency"
else
  bad "node_modules/librouge/rouge.wasm or the dependency entry"
fi

# The checks' inputs, copied beside the project's modules (nothing else of the checkout).
for f in "$agree/cases.tsv" "$agree/c.out" "$root/tests/conformance/seed_examples.jsonl" \
         "$root/tests/conformance/pltrdy_rouge_score.jsonl" "$js/test/agree.js" "$here/checks.js" \
         "$here/node-user.mjs" "$here/page.js" "$here/index.html"; do
  cp "$f" "$user/"
done

# --- (a) Node ------------------------------------------------------------------------------------
if (cd "$user" && "$node" node-user.mjs) >"$tmp/node.log" 2>&1; then
  sed 's/^/    /' "$tmp/node.log"
  ok "(a) Node: import ... from 'librouge' in the user's project"
else
  sed 's/^/    | /' "$tmp/node.log"
  bad "(a) Node: import ... from 'librouge' in the user's project"
fi

# --- (b) TypeScript ------------------------------------------------------------------------------
if [ -n "${TSC:-}" ]; then
  cat >"$user/use.ts" <<'EOF'
import { init, Scorer, Metric, tokenize, RougeError, type Score } from 'librouge';
await init();
const scores: Score[] = new Scorer(['rouge1', Metric.w(1.2)], { flavour: 'perl' }).score('a cat', ['the cat']);
const f: number = scores[0].fmeasure;
const t = tokenize(['a b', 'b c']);
const e: RougeError | null = null;
console.log(f, t.length, e);
// @ts-expect-error: the declarations reject a number as a metric
new Scorer([1]);
EOF
  if run "$tmp/tsc.log" sh -c 'cd "$1" && "$2" --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext use.ts' sh "$user" "$TSC"; then
    ok "(b) TypeScript: use.ts type-checks against node_modules/librouge (exports' types condition)"
  else
    bad "(b) TypeScript: use.ts against node_modules/librouge"
  fi
else
  bad "(b) TypeScript: TSC not set"
fi

# --- (c) a page bundled by esbuild, in headless chromium -----------------------------------------
if run "$tmp/esbuild-install.log" sh -c 'cd "$1" && "$2" install --no-audit --no-fund --save-dev "esbuild@$3"' sh "$user" "$npm" "$esbuild_version"; then
  ok "npm install --save-dev esbuild@$esbuild_version"
else
  bad "npm install --save-dev esbuild@$esbuild_version"; finish
fi
dist=$user/dist
if run "$tmp/bundle.log" sh -c 'cd "$1" && node_modules/.bin/esbuild page.js --bundle --format=esm --platform=browser --loader:.wasm=file --outdir=dist' sh "$user"; then
  sed 's/^/    /' "$tmp/bundle.log"
  ok "(c) esbuild page.js --bundle --platform=browser --loader:.wasm=file"
else
  bad "(c) esbuild bundle"; finish
fi
copied=$(ls "$dist"/*.wasm 2>/dev/null | head -n 1)
if [ -n "$copied" ] && cmp -s "$copied" "$js/rouge.wasm" && ! grep -q "node:" "$dist/page.js"; then
  ok "(c) the bundle: dist/$(basename "$copied") is the package's rouge.wasm; no Node module in dist/page.js"
else
  bad "(c) the bundle's wasm copy or a Node import in it"
fi
cp "$user/index.html" "$user/cases.tsv" "$user/c.out" "$user/seed_examples.jsonl" "$user/pltrdy_rouge_score.jsonl" "$dist/"
if "$node" "$js/test/browser/run.js" --root "$dist" --page /index.html >"$tmp/browser.log" 2>&1; then
  sed 's/^/    /' "$tmp/browser.log"
  ok "(c) the bundled page in headless chromium"
else
  sed 's/^/    | /' "$tmp/browser.log"
  bad "(c) the bundled page in headless chromium"
fi
finish
