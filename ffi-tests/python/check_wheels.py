"""Checks the wheels and the sdist build_wheels.py wrote (`make wheels` runs it after the build):

- each wheel: `auditwheel show` names a platform tag the wheel's file name carries (auditwheel
  is the judge of manylinux and musllinux tags: symbol versions, libraries outside the
  policy's list); `abi3audit` finds no symbol outside 3.9's stable ABI; the extension exports
  PyInit__native only (the library's symbols stay inside) and needs no library but the C
  library's; the wheel holds every module of src/librouge and the one extension, no C source;
- the sdist: it carries the package's sources and the crate (rust/: Cargo.toml, Cargo.lock,
  build.rs, cbindgen.toml, LICENSE, src/, include/rouge.h), every file the crate's src/ has.

Prints one line per check and `wheels: N passed, M failed`; exits non-zero on a failure.
Usage: check_wheels.py [DIST_DIR]
"""

import glob
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
BIN = os.path.dirname(sys.executable)
# The libraries an extension may need: the C library's (glibc split in several; musl one).
ALLOWED_NEEDED = re.compile(r"^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|libc\.musl-\w+\.so\.1)$")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok   " + what)
    else:
        failed += 1
        print("FAIL " + what)


def tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


def platform_tags(wheel):
    return set(os.path.basename(wheel)[: -len(".whl")].split("-")[-1].split("."))


def auditwheel_tag(wheel):
    out = subprocess.run([tool("auditwheel"), "show", wheel], capture_output=True, text=True)
    text = " ".join((out.stdout + out.stderr).split())
    m = re.search(r'is consistent with the following platform tag: "([^"]+)"', text)
    return (m.group(1) if m else None), text


def dynamic_exports(so):
    out = subprocess.check_output(["readelf", "-W", "--dyn-syms", so], text=True)
    names = set()
    for line in out.splitlines():
        f = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(f) >= 8 and f[4] in ("GLOBAL", "WEAK") and f[6] != "UND":
            names.add(f[7].split("@")[0])
    return names


def needed(so):
    out = subprocess.check_output(["readelf", "-W", "-d", so], text=True)
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def check_wheel(wheel):
    name = os.path.basename(wheel)
    tag, text = auditwheel_tag(wheel)
    check(tag is not None and tag in platform_tags(wheel),
          "%s: auditwheel show: consistent with %s" % (name, tag or "nothing: " + text[-300:]))
    out = subprocess.run([tool("abi3audit"), "--strict", "--summary", wheel],
                         capture_output=True, text=True)
    summary = " ".join((out.stdout + out.stderr).split())
    m = re.search(r"(\d+) ABI version mismatches and (\d+) ABI violations", summary)
    check(out.returncode == 0 and m and m.group(1) == "0" and m.group(2) == "0",
          "%s: abi3audit: %s" % (name, m.group(0) if m else summary[-300:]))
    # The package's modules and its subpackages' (librouge.multilingual), paths from src/.
    src = os.path.join(HERE, "src")
    modules = sorted(os.path.relpath(p, os.path.join(src, "librouge")).replace(os.sep, "/")
                     for p in glob.glob(os.path.join(src, "librouge", "**", "*.py"), recursive=True))
    with zipfile.ZipFile(wheel) as z, tempfile.TemporaryDirectory() as tmp:
        files = [n for n in z.namelist() if n.startswith("librouge/")]
        expected = sorted(["librouge/" + m for m in modules] + ["librouge/_native.abi3.so"])
        check(sorted(files) == expected,
              "%s: holds %d modules and _native.abi3.so, nothing else" % (name, len(modules))
              + ("" if sorted(files) == expected else ": has %s" % sorted(files)))
        so = z.extract("librouge/_native.abi3.so", tmp)
        exports = dynamic_exports(so)
        check(exports == {"PyInit__native"}, "%s: exports %s" % (name, " ".join(sorted(exports))))
        libs = needed(so)
        check(all(ALLOWED_NEEDED.match(l) for l in libs), "%s: needs %s" % (name, " ".join(libs)))


def check_sdist(sdist):
    name = os.path.basename(sdist)
    with tarfile.open(sdist) as t:
        names = set(t.getnames())
    top = name[: -len(".tar.gz")]
    required = ["setup.py", "pyproject.toml", "README.md", "LICENSE", "rust/Cargo.toml",
                "rust/Cargo.lock", "rust/build.rs", "rust/cbindgen.toml", "rust/LICENSE",
                "rust/include/rouge.h"]
    for pattern, base in (("src/librouge/*", HERE), ("src/**/*.rs", ROOT)):
        for p in glob.glob(os.path.join(base, pattern), recursive=True):
            rel = os.path.relpath(p, base)
            if not rel.endswith(".so") and "__pycache__" not in rel:
                required.append(rel if base == HERE else "rust/" + rel)
    missing = [r for r in required if "%s/%s" % (top, r) not in names]
    check(not missing, "%s: carries the package and the crate (%d files checked)%s"
          % (name, len(required), ": missing " + " ".join(missing) if missing else ""))


def main():
    dist = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "dist")
    wheels = sorted(glob.glob(os.path.join(dist, "*.whl")))
    sdists = sorted(glob.glob(os.path.join(dist, "*.tar.gz")))
    check(len(wheels) == 4 and len(sdists) == 1,
          "%s: %d wheels and %d sdist" % (dist, len(wheels), len(sdists)))
    for w in wheels:
        check_wheel(w)
    for s in sdists:
        check_sdist(s)
    print("wheels: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
