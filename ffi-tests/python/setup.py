"""Builds the extension librouge._native with librouge's C library linked into it: one shared
object, nothing else to find at run time. The library is the crate's static library
(`cargo rustc --release --lib --features capi --crate-type staticlib`, the command of
ffi-tests/build-lib.sh), built here unless LIBROUGE_SKIP_CARGO=1; every *.c of src/librouge is
compiled. The crate is the checkout around ffi-tests/python or, in the sdist, its copy in
rust/ (which `sdist` writes: Cargo.toml without its test and bench targets, Cargo.lock,
build.rs, cbindgen.toml, src/, include/, LICENSE).

Environment:
  LIBROUGE_SKIP_CARGO=1    take <target dir>/release/librouge.a as it is (make install, after
                           make lib); the target dir is $CARGO_TARGET_DIR or the crate's target/
  LIBROUGE_LIMITED_API=1   compile for the limited API of CPython 3.9 (Py_LIMITED_API
                           0x03090000): _native.abi3.so in a cp39-abi3 wheel, for every CPython
                           from 3.9 (the wheels; a build from source uses the full API, faster)
  LIBROUGE_PREBUILT=FILE   put FILE, an extension already compiled and linked (build_wheels.py's
                           cross builds), in the wheel instead of compiling; no cargo then
"""

import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
SDIST_CRATE = os.path.join(HERE, "rust")
IN_SDIST = os.path.exists(os.path.join(SDIST_CRATE, "Cargo.toml"))
CRATE = SDIST_CRATE if IN_SDIST else os.path.normpath(os.path.join(HERE, "..", ".."))
LIMITED = os.environ.get("LIBROUGE_LIMITED_API") == "1"
PREBUILT = os.environ.get("LIBROUGE_PREBUILT")
# What the crate's static library needs at link time beyond the C library (the crate is
# no_std: nothing; the extension's own threads need -pthread).
LINK_LIBS = ["-pthread"]
if sys.platform.startswith("linux"):
    LINK_LIBS.append("-ldl")  # dlopen/dlsym (_native.c, text_view_init): libdl's before glibc 2.34


def static_library():
    target_dir = os.environ.get("CARGO_TARGET_DIR") or os.path.join(CRATE, "target")
    return os.path.join(target_dir, "release", "librouge.a")


def build_static_library():
    if os.environ.get("LIBROUGE_SKIP_CARGO") != "1":
        if shutil.which("cargo") is None:
            raise SystemExit(
                "librouge: building from source needs cargo (Rust >= 1.88: https://rustup.rs) "
                "and a C compiler; or install a wheel (pip install --only-binary=:all: librouge)"
            )
        command = ["cargo", "rustc", "--release", "--lib", "--features", "capi",
                   "--crate-type", "staticlib", "--manifest-path", os.path.join(CRATE, "Cargo.toml")]
        if IN_SDIST:
            command.append("--locked")  # the versions the sdist was tested with
        subprocess.check_call(command)
    lib = static_library()
    if not os.path.exists(lib):
        raise SystemExit("librouge: %s is missing: the cargo build failed?" % lib)
    return lib


class BuildExt(build_ext):
    """Builds (or takes) the static library first, then links it into the extension; or puts
    a prebuilt extension in place."""

    def build_extension(self, ext):
        path = self.get_ext_fullpath(ext.name)
        # An extension left in the build directory by a build of another kind (full API,
        # abi3) would be packed into the wheel beside this one, and imported first.
        for old in glob.glob(os.path.join(os.path.dirname(path), "_native.*")):
            if os.path.abspath(old) != os.path.abspath(path):
                os.remove(old)
        if PREBUILT:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            shutil.copyfile(PREBUILT, path)
            return
        ext.extra_objects = [build_static_library()]
        super().build_extension(ext)


class SdistWithCrate(sdist):
    """The sdist carries the crate it builds from, in rust/."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        dest = os.path.join(base_dir, "rust")
        os.makedirs(dest)
        for name in ("Cargo.lock", "build.rs", "cbindgen.toml", "LICENSE"):
            shutil.copyfile(os.path.join(CRATE, name), os.path.join(dest, name))
        with open(os.path.join(CRATE, "Cargo.toml")) as f:
            manifest = library_manifest(f.read())
        with open(os.path.join(dest, "Cargo.toml"), "w") as f:
            f.write(manifest)
        for tree in ("src", "include"):
            shutil.copytree(os.path.join(CRATE, tree), os.path.join(dest, tree),
                            ignore=shutil.ignore_patterns("__pycache__", "*.orig", "*~"))


def library_manifest(text):
    """Cargo.toml without its [[test]], [[bench]] and [[example]] targets, whose files the
    sdist does not carry (cargo refuses a manifest naming a missing target)."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        header = re.match(r"\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$", line)
        if header:
            skipping = bool(re.match(r"\s*\[\[(test|bench|example)\]\]", line))
        if not skipping:
            out.append(line)
    return "".join(out).rstrip() + "\n"


def package_files(pattern):
    """Every file of src/librouge matching `pattern`, relative to here (setuptools' way)."""
    found = glob.glob(os.path.join(HERE, "src", "librouge", pattern))
    return sorted(os.path.relpath(p, HERE) for p in found)


options = {}
macros = []
if LIMITED or PREBUILT:
    options["bdist_wheel"] = {"py_limited_api": "cp39"}
    macros.append(("Py_LIMITED_API", "0x03090000"))

setup(
    cmdclass={"build_ext": BuildExt, "sdist": SdistWithCrate},
    options=options,
    ext_modules=[
        Extension(
            "librouge._native",
            sources=package_files("*.c"),
            depends=package_files("*.h"),
            include_dirs=[os.path.join(CRATE, "include")],
            define_macros=macros,
            py_limited_api=LIMITED or bool(PREBUILT),
            extra_compile_args=["-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers",
                                "-Wno-cast-function-type"],
            # The library's symbols stay inside the extension: it exports PyInit__native only.
            extra_link_args=["-Wl,--exclude-libs,ALL"] + LINK_LIBS,
        )
    ],
)
