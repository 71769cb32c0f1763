#!/usr/bin/env bash
# The Go package as a user outside the repository takes it (issue 26): librouge installed into
# a temporary prefix by ffi-tests/packaging/install.sh, a new module in a temporary folder that
# requires librouge.dev/rouge through a replace directive to this directory, built with
# `-tags rouge_system` (so the package's `#cgo pkg-config: rouge` finds the installed rouge.pc;
# the repository's include/ and target/ are not on any path), then run. Checks:
#   - the program needs librouge.so.0 and the loader resolves it in the prefix;
#   - its agreement output (testdata/installed/main.go) equals ../agree/build/c.out byte for byte;
#   - the rouge-score text cases of tests/conformance/seed_examples.jsonl score within 1e-9;
#   - the same module with a go.work (`use` of this directory) instead of the replace builds too.
# Prints ok/FAIL per check and `go-installed: N passed, M failed`; exits non-zero on a failure.
# Needs ../agree/build/{cases.tsv,c.out} (make -C ../agree) and pkg-config.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
go=${GO:-go}
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
finish() { echo "go-installed: $pass passed, $fail failed"; [ $fail = 0 ]; exit; }
# run LOG CMD...: run quietly, show the log's end on failure.
run() { local log=$1; shift; "$@" >"$log" 2>&1 || { sed 's/^/    | /' "$log" | tail -n 30; return 1; }; }

. "$root/ffi-tests/need.sh"
need_deb 'command -v pkg-config' pkg-config || { bad "pkg-config"; finish; }
cases=$root/ffi-tests/agree/build/cases.tsv
c_out=$root/ffi-tests/agree/build/c.out
[ -f "$cases" ] && [ -f "$c_out" ] || { bad "$cases and $c_out missing: run make -C ffi-tests/agree"; finish; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rouge-go-installed.XXXXXX") || { echo "FAIL mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT
# A fixed prefix: the go command's build cache keys a cgo package on its flags but not on where
# pkg-config found them, so a new temporary prefix each run would link against the first one.
prefix=$here/build/prefix
rm -rf "$prefix"
if run "$tmp/install.log" "$root/ffi-tests/packaging/install.sh" --prefix "$prefix"; then
  ok "install.sh --prefix $prefix"
else
  bad "install.sh --prefix $prefix"; finish
fi

# The user's module: nothing from the repository but the package's directory, by replace.
app=$tmp/app
mkdir -p "$app"
cp "$here/testdata/installed/main.go" "$app/main.go"
cat >"$app/go.mod" <<EOF
module example.com/rougeuser

go 1.24

require librouge.dev/rouge v0.0.0

replace librouge.dev/rouge => $here
EOF
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig GOTOOLCHAIN=local GOPROXY=off GOFLAGS=-mod=mod CGO_ENABLED=1
unset CGO_CFLAGS CGO_LDFLAGS
bin=$tmp/rougeuser
if run "$tmp/build.log" sh -c 'cd "$1" && "$2" build -tags rouge_system -o "$3" .' sh "$app" "$go" "$bin"; then
  ok "go build -tags rouge_system (replace librouge.dev/rouge => ffi-tests/go, PKG_CONFIG_PATH=<prefix>/lib/pkgconfig)"
else
  bad "go build -tags rouge_system"; finish
fi
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
if [[ " $needed" == *" librouge.so.0 "* ]]; then ok "the program needs librouge.so.0 (readelf -d: $needed)"; else bad "NEEDED: $needed"; fi
if LD_LIBRARY_PATH=$prefix/lib ldd "$bin" | grep -qF "librouge.so.0 => $prefix/lib/librouge.so.0 "; then
  ok "ldd resolves librouge.so.0 into the prefix"
else
  bad "ldd does not resolve librouge.so.0 into $prefix/lib"
fi
if LD_LIBRARY_PATH=$prefix/lib "$bin" "$cases" "$tmp/go-installed.out" "$root/tests/conformance/seed_examples.jsonl" >"$tmp/run.log" 2>&1; then
  sed 's/^/    /' "$tmp/run.log"
  ok "the program runs against the installed librouge.so.0"
else
  sed 's/^/    | /' "$tmp/run.log"
  bad "the program runs against the installed librouge.so.0"
fi
if cmp -s "$tmp/go-installed.out" "$c_out"; then
  ok "agreement: $(wc -l <"$c_out") lines identical to ffi-tests/agree/build/c.out"
else
  cmp "$tmp/go-installed.out" "$c_out" | sed 's/^/    /'
  bad "agreement output differs from c.out"
fi

# The same module through a workspace instead of the replace directive.
ws=$tmp/ws
mkdir -p "$ws/app"
cp "$app/main.go" "$ws/app/main.go"
printf 'module example.com/rougeuser\n\ngo 1.24\n\nrequire librouge.dev/rouge v0.0.0\n' >"$ws/app/go.mod"
printf 'go 1.24\n\nuse (\n\t./app\n\t%s\n)\n' "$here" >"$ws/go.work"
if run "$tmp/ws.log" sh -c 'cd "$1/app" && GOFLAGS= "$2" build -tags rouge_system -o "$3" .' sh "$ws" "$go" "$tmp/rougeuser-ws" &&
   LD_LIBRARY_PATH=$prefix/lib "$tmp/rougeuser-ws" "$cases" "$tmp/ws.out" "$root/tests/conformance/seed_examples.jsonl" >/dev/null 2>&1 &&
   cmp -s "$tmp/ws.out" "$c_out"; then
  ok "go.work (use ./app and ffi-tests/go): builds, runs, agreement output identical"
else
  bad "go.work (use ./app and ffi-tests/go): builds, runs, agreement output identical"
fi
finish
