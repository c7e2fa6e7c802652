"""Decides what to compile: the Cython search core, unless HASEN_NO_EXTENSIONS is set."""

import os

from setuptools import setup

ext_modules = []
if os.environ.get("HASEN_NO_EXTENSIONS", "") in ("", "0"):
    from Cython.Build import cythonize

    ext_modules = cythonize(
        ["solver/search/_search.pyx"],
        compiler_directives={"language_level": 3},
    )

setup(ext_modules=ext_modules)
