"""What pyproject.toml installs: every package folder of the repository, under the one
import name ``hasen``."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def folder_packages() -> set[str]:
    """Each folder holding an ``__init__.py`` under a mapped folder, named as installed."""
    found = set()
    for package, folder in SETUPTOOLS["package-dir"].items():
        for init in (ROOT / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join([package, *parts]))
    return found


def test_every_package_folder_is_installed_and_nothing_else() -> None:
    assert set(SETUPTOOLS["packages"]) == folder_packages()


def test_one_import_name() -> None:
    assert {name.split(".")[0] for name in SETUPTOOLS["packages"]} == {"hasen"}
