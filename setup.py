"""Decides what to compile: the Cython search core, unless HASEN_NO_EXTENSIONS is set.

The build takes no CPU flags: the search's C body is compiled once portably and once for
x86-64-v3 inside the one extension, and the copy to run is chosen at run time
(solver/search/_search_cpu.h).
"""

import os

from setuptools import Extension, setup

ext_modules = []
if os.environ.get("HASEN_NO_EXTENSIONS", "") in ("", "0"):
    from Cython.Build import cythonize

    headers = ["solver/search/_search_cpu.h", "solver/search/_search_core.h"]
    ext_modules = cythonize(
        [
            Extension(
                "hasen.search._search", ["solver/search/_search.pyx"], depends=headers, include_dirs=["solver/search"]
            )
        ],
        compiler_directives={"language_level": 3},
    )

setup(ext_modules=ext_modules)
