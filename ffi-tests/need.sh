# Sourced by the test scripts: `need_deb CHECK-COMMAND PACKAGE...` makes sure a tool a suite needs
# is there. When it is missing, it is installed with apt-get if we are root on Debian (as
# .ci/run is), else the suite fails with one line naming what to install. No suite skips
# silently for lack of a tool.
need_deb() {
  local check=$1; shift
  if bash -c "$check" >/dev/null 2>&1; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${*} (for: $check)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1
  fi
  if bash -c "$check" >/dev/null 2>&1; then return 0; fi
  echo "MISSING: \`$check\` fails: install ${*} (Debian: apt-get install ${*})"
  return 1
}

# `need_target TRIPLE` makes sure rustup has a target's standard library. An install cut short
# (interrupted, or two rustups at once) leaves files behind that make every later `rustup target
# add` refuse with "detected conflict"; those leftovers are removed and the install tried again.
need_target() {
  local triple=$1 lib
  rustup target list --installed 2>/dev/null | grep -qx "$triple" && return 0
  rustup target add "$triple" >/dev/null 2>&1 && return 0
  lib="$(rustc --print sysroot)/lib/rustlib"
  rm -rf "${lib:?}/$triple" "$lib/manifest-rust-std-$triple"
  [ -f "$lib/components" ] && sed -i "/^rust-std-$triple\$/d" "$lib/components"
  rustup target add "$triple" >/dev/null 2>&1 && return 0
  echo "MISSING: rustup target add $triple fails"
  return 1
}

# `need_miri` makes sure the nightly toolchain has Miri (and the library sources it builds its
# sysroot from), and builds that sysroot (about two minutes, once per machine).
need_miri() {
  if ! rustup +nightly component list --installed 2>/dev/null | grep -q '^miri'; then
    rustup toolchain list 2>/dev/null | grep -q '^nightly' ||
      rustup toolchain install nightly --profile minimal >/dev/null 2>&1
    rustup +nightly component add miri rust-src >/dev/null 2>&1 || {
      echo "MISSING: rustup +nightly component add miri rust-src fails"
      return 1
    }
  fi
  cargo +nightly miri setup >/dev/null 2>&1 || {
    echo "MISSING: cargo +nightly miri setup fails"
    return 1
  }
}
