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
