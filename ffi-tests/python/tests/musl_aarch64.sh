#!/usr/bin/env bash
# By hand, not in CI: the aarch64 musllinux wheel of dist/ installed and tested on an aarch64
# musl CPython under qemu-aarch64.
#
# No aarch64 musl CPython is to be had from the registries this project may use, so one is
# cross-built, as tests/musl.sh builds the x86_64 one: CPython 3.11.2 and zlib from Debian
# bookworm's source packages, compiled and linked with zig (PyPI's ziglang, build/tools, which
# `make wheels` installs) as `zig cc -target aarch64-linux-musl -dynamic` (a dynamic
# executable: a static one cannot load extension modules), the build machine's CPython 3.11
# (Debian's /usr/bin/python3.11, the same version) running the build's Python steps. It runs
# under qemu-aarch64 with Debian's arm64 musl loader (`apt-get download musl:arm64`, unpacked
# into a sysroot: QEMU_LD_PREFIX). apt runs with a source list, architecture and state
# directory of its own: the system's apt and dpkg configuration are not touched. The host's
# pip installs into its venv for musllinux_1_2_aarch64 and CPython 3.11 (pytest and its
# pure-Python dependencies; the wheel itself given by its file, with --no-deps: numpy, the
# package's one dependency, is not needed here; install() says why not pip inside it). What
# runs is tests/conformance_only.py: the package against rouge-score 0.1.2's and ROUGE-1.5.5's
# values of the shared conformance set, exact, per call and as batches on four threads.
# Prints `ok`/`FAIL` lines and `musl aarch64 wheel: N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
work=$here/build/musl-aarch64
prefix=$work/prefix
sysroot=$work/sysroot
zig=$here/build/tools/bin/python
steps_label="musl aarch64 wheel"
. "$here/tests/steps.sh"

wheel=$(ls "$here"/dist/librouge-*-cp39-abi3-musllinux_1_2_aarch64.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || { echo "FAIL no aarch64 musllinux wheel in dist/: make wheels first"; failed=1; finish; }
[ -x "$zig" ] && "$zig" -m ziglang version >/dev/null 2>&1 || { echo "FAIL no zig in build/tools: make tools first"; failed=1; finish; }
. ../need.sh
need_deb 'command -v qemu-aarch64' qemu-user || { failed=1; finish; }
need_deb 'test -x /usr/bin/python3.11' python3.11 || { failed=1; finish; }
mkdir -p "$work"

sources() {
  local apt=$work/apt
  rm -rf "$apt" "$work/src" "$sysroot" && mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$work/src" &&
  touch "$apt/status" &&
  printf 'deb-src http://deb.debian.org/debian bookworm main\ndeb [arch=arm64] http://deb.debian.org/debian bookworm main\n' >"$apt/sources.list" &&
  local opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts="$apt/none"
              -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
              -o Dir::State::status="$apt/status" -o Debug::NoLocking=1
              -o APT::Architecture=arm64 -o APT::Architectures::=arm64) &&
  apt-get "${opts[@]}" update -qq &&
  (cd "$work/src" && apt-get "${opts[@]}" source --download-only -qq python3.11 zlib &&
   apt-get "${opts[@]}" download -qq musl:arm64) &&
  dpkg-deb -x "$work"/src/musl_*_arm64.deb "$sysroot" &&
  test -e "$sysroot/lib/ld-musl-aarch64.so.1" &&
  tar -xf "$work"/src/zlib_*.orig.tar.* -C "$work/src" &&
  tar -xf "$work"/src/python3.11_*.orig.tar.* -C "$work/src" &&
  ls "$work/src"
}

build() {
  # zig as the C compiler, archiver and ranlib. The compiler wrapper answers nothing to
  # -print-multiarch (as tests/musl.sh's does), drops the build machine's /usr/include and
  # /usr/local/include (glibc's headers, which setup.py adds to the modules' include path) and
  # allows __DATE__ (zig's clang makes it an error: getbuildinfo.c uses it). configure wants a
  # host readelf (GNU readelf reads aarch64 ELF). zig's musl is 1.2.5, Debian's loader 1.2.3:
  # preadv2 and pwritev2 (musl 1.2.5) are declared absent, or the interpreter does not start
  # ("Error relocating ... preadv2: symbol not found").
  cat >"$work/cc" <<EOF &&
#!/bin/sh
case " \$* " in *" -print-multiarch "*|*" --print-multiarch "*) exit 0;; esac
for a; do shift; case "\$a" in -I/usr/include|-I/usr/local/include|-L/usr/lib|-L/usr/local/lib) ;; *) set -- "\$@" "\$a";; esac; done
exec $zig -m ziglang cc -target aarch64-linux-musl -dynamic -Wno-date-time "\$@"
EOF
  printf '#!/bin/sh\nexec %s -m ziglang ar "$@"\n' "$zig" >"$work/ar" &&
  printf '#!/bin/sh\nexec %s -m ziglang ranlib "$@"\n' "$zig" >"$work/ranlib" &&
  printf '#!/bin/sh\nexec /usr/bin/readelf "$@"\n' >"$work/readelf" &&
  chmod +x "$work/cc" "$work/ar" "$work/ranlib" "$work/readelf" &&
  printf 'ac_cv_file__dev_ptmx=yes\nac_cv_file__dev_ptc=no\nac_cv_func_preadv2=no\nac_cv_func_pwritev2=no\n' >"$work/config.site" &&
  rm -rf "$prefix" &&
  (cd "$work"/src/zlib-*/ && { make distclean >/dev/null 2>&1 || true; } &&
   CC="$work/cc" AR="$work/ar" RANLIB="$work/ranlib" CHOST=aarch64-linux-musl ./configure --prefix="$prefix" &&
   make -j2 AR="$work/ar" ARFLAGS=rc RANLIB="$work/ranlib" &&
   make install AR="$work/ar" ARFLAGS=rc RANLIB="$work/ranlib") &&
  (cd "$work"/src/Python-3.11.*/ &&
   CONFIG_SITE=$work/config.site CC="$work/cc" AR="$work/ar" RANLIB="$work/ranlib" READELF="$work/readelf" \
     CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib -Wl,-rpath,$prefix/lib" \
     ./configure --prefix="$prefix" --host=aarch64-linux-musl --build=x86_64-pc-linux-gnu \
     --with-build-python=/usr/bin/python3.11 --without-ensurepip --disable-test-modules --disable-ipv6 &&
   make -j2 && make install) &&
  QEMU_LD_PREFIX=$sysroot qemu-aarch64 "$prefix/bin/python3.11" -c 'import sys, zlib, json, _pickle, sysconfig, platform; print(sys.version, platform.machine(), sysconfig.get_config_var("HOST_GNU_TYPE"))' &&
  readelf -l "$prefix/bin/python3.11" | grep -o '/lib/ld-musl-aarch64.so.1'
}

if [ ! -x "$prefix/bin/python3.11" ] || [ "${MUSL_REBUILD:-0}" = 1 ]; then
  step "Debian's python3.11, zlib and arm64 musl" sources
  step "CPython 3.11 cross-built for aarch64 musl with zig" build
fi
[ -x "$prefix/bin/python3.11" ] || finish

export QEMU_LD_PREFIX=$sysroot
venv=$work/venv
site=$venv/lib/python3.11/site-packages
vpy() { qemu-aarch64 "$venv/bin/python3.11" "$@"; }
make_venv() {
  rm -rf "$venv" && qemu-aarch64 "$prefix/bin/python3.11" -m venv --without-pip --copies "$venv" &&
  test -d "$site"
}
step "venv of the aarch64 musl CPython" make_venv

# pip inside this CPython cannot judge the musllinux tag: packaging runs the interpreter's
# loader (/lib/ld-musl-aarch64.so.1, the ELF's PT_INTERP) to read musl's version, and under
# qemu-user that path is the host's, where there is none. So the host's pip installs into the
# venv's site-packages for the venv's tags (--platform musllinux_1_2_aarch64, CPython 3.11):
# the same wheel files and the same tag check, made by pip on the host.
install() {
  local tags=(--only-binary=:all: --platform musllinux_1_2_aarch64 --python-version 3.11
              --implementation cp --abi cp311 --target "$site" --upgrade)
  python3 -m pip install --quiet --disable-pip-version-check "${tags[@]}" pytest &&
  python3 -m pip install --quiet --disable-pip-version-check "${tags[@]}" --no-deps "$wheel" &&
  vpy -c 'import librouge, sys, sysconfig, platform; print("librouge", librouge.library_version, "from", librouge._native.__file__, "on", sys.version.split()[0], platform.machine(), sysconfig.get_config_var("HOST_GNU_TYPE"), "str copied:", librouge._native.STR_COPIED)'
}
step "$(basename "$wheel") installed for the aarch64 musl CPython" install
grep -h "^librouge .* from " "$work"/librouge_*installed.log 2>/dev/null | sed 's/^/     /'

step "tests/conformance_only.py on the aarch64 musl CPython (qemu)" bash -c "cd '$here/tests' && QEMU_LD_PREFIX='$sysroot' qemu-aarch64 '$venv/bin/python3.11' -m pytest -p no:cacheprovider -q conformance_only.py"
finish
