"""Builds librouge's shared library from this checkout (cargo, through ffi-tests/build-lib.sh),
bundles it in the package as librouge/librouge.so.0 (its soname), and compiles the extension
librouge._native against it with an $ORIGIN run path, so the installed package needs nothing
outside itself. LIBROUGE_SKIP_CARGO=1 uses target/release/librouge.so as it is."""

import os
import shutil
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PKG = os.path.join(HERE, "src", "librouge")


def bundle_library():
    if os.environ.get("LIBROUGE_SKIP_CARGO") != "1":
        subprocess.check_call([os.path.join(ROOT, "ffi-tests", "build-lib.sh")])
    built = os.path.join(ROOT, "target", "release", "librouge.so")
    if not os.path.exists(built):
        raise SystemExit("librouge: %s is missing: cargo build failed?" % built)
    shutil.copyfile(built, os.path.join(PKG, "librouge.so.0"))


bundle_library()

setup(
    ext_modules=[
        Extension(
            "librouge._native",
            sources=["src/librouge/_native.c", "src/librouge/batch.c", "src/librouge/pool.c", "src/librouge/text.c"],
            depends=["src/librouge/_native.h", "src/librouge/pool.h"],
            include_dirs=[os.path.join(ROOT, "include")],
            library_dirs=[PKG],
            libraries=[":librouge.so.0"],
            extra_compile_args=["-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers", "-Wno-cast-function-type"],
            extra_link_args=["-Wl,-rpath,$ORIGIN", "-pthread"],
        )
    ],
)
