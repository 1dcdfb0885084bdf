"""Builds the C reader (readers/c/navbundle.c) into the shared library navbundle.py loads.

The library is a setuptools extension only so that setuptools compiles and installs it beside
the module; navbundle.py opens it with ctypes and it exports no Python module of its own.
pip may build from a copy of this directory, where ../c is not reachable: the C sources are
therefore copied into core/ whenever ../c is there (a checkout), and an sdist carries that copy.
The header goes beside the library, where navbundle.py reads the core's functions and structs
from it. Fused multiply-adds are off, as readers/c/README.md asks, so that every reader's arithmetic is
the specification's to the bit (ARM64 compilers fuse them by default).
"""

import os
import shutil

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.join(HERE, "core")
CHECKOUT = os.path.join(HERE, "..", "c")

if os.path.isfile(os.path.join(CHECKOUT, "navbundle.c")):
    os.makedirs(CORE, exist_ok=True)
    for name in ("navbundle.c", "navbundle.h"):
        shutil.copyfile(os.path.join(CHECKOUT, name), os.path.join(CORE, name))
if not os.path.isfile(os.path.join(CORE, "navbundle.c")):
    raise SystemExit("navbundle: the C reader's sources are neither in ../c nor in core/")


class BuildWithHeader(build_ext):
    """Builds the library and puts navbundle.h beside it (in place, or in the wheel)."""

    def run(self):
        super().run()
        for extension in self.extensions:
            folder = os.path.dirname(self.get_ext_fullpath(extension.name))
            shutil.copyfile(os.path.join(CORE, "navbundle.h"), os.path.join(folder, "navbundle.h"))


setup(cmdclass={"build_ext": BuildWithHeader}, ext_modules=[Extension("_navbundle_core", sources=["core/navbundle.c"], extra_compile_args=["-O2", "-std=c99", "-ffp-contract=off"],
                             libraries=["m"])])
