"""What pyproject.toml installs: every package folder of the repository, under the one
import name ``hasen``."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
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


def build_commands(value: object) -> list[str]:
    """Every ``command`` a shipped data file records, at any depth."""
    if isinstance(value, dict):
        found = [value["command"]] if isinstance(value.get("command"), str) else []
        return found + [c for key, v in value.items() if key != "command" for c in build_commands(v)]
    return [c for v in value for c in build_commands(v)] if isinstance(value, list) else []


def test_the_shipped_tables_name_a_command_that_rebuilds_them() -> None:
    """Each data file says how it was built: a script of tools/, with options that script
    takes, so that the command it records can be run as it stands."""
    commands = {
        command
        for path in sorted((ROOT / "solver" / "data").glob("*.json"))
        for command in build_commands(json.loads(path.read_text()))
    }
    assert len(commands) >= 3  # the model, its thresholds, the chances of winning
    for command in commands:
        python, script, *words = shlex.split(command)
        assert python == "python" and script.startswith("tools/") and (ROOT / script).is_file(), command
        shown = subprocess.run(
            [sys.executable, script, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
        ).stdout
        for word in words:
            assert not word.startswith("--") or f"{word} " in shown, f"{script} has no {word}"
