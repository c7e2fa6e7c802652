"""``hasen completion SHELL``: a script that completes every command and each command's
options, as its ``--help`` lists them, in the shell itself (no Python runs to complete)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from cli_run import run

from hasen.cli.parser import COMMANDS


def helped_options(capsys, command: str) -> set[str]:
    """The long options ``hasen COMMAND --help`` prints."""
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", out))


def completed(script: str, *words: str) -> list[str]:
    """What bash offers for the last of ``words`` after ``hasen``."""
    probe = (
        f"{script}\nCOMP_WORDS=(hasen {' '.join(words)}); COMP_CWORD={len(words)}; _hasen; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_the_commands_and_their_options(capsys) -> None:
    code, script, _ = run(capsys, "completion", "bash")
    assert code == 0
    assert sorted(completed(script, "s")) == sorted(c for c in COMMANDS if c.startswith("s"))
    for command in COMMANDS:
        offered = set(completed(script, command, "--"))
        assert helped_options(capsys, command) <= offered, command
    assert sorted(completed(script, "table", "--dec")) == ["--deck", "--declarer"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_every_shell_gets_every_command(capsys, shell: str) -> None:
    code, script, _ = run(capsys, "completion", shell)
    assert code == 0 and all(re.search(rf"\b{command}\b", script) for command in COMMANDS)
    option = "-l played" if shell == "fish" else "--played"
    assert option in script and "scheduler" in script


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_a_file_name_with_spaces_as_one(capsys, tmp_path) -> None:
    """The names came back split at each space ("my", "night.txt")."""
    code, script, _ = run(capsys, "completion", "bash")
    assert code == 0
    (tmp_path / "my night.txt").write_text("")
    (tmp_path / "my other night.txt").write_text("")
    probe = (
        f'{script}\ncd "{tmp_path}"; COMP_WORDS=(hasen record my); COMP_CWORD=2; _hasen; '
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30, check=True)
    assert sorted(done.stdout.splitlines()) == ["my night.txt", "my other night.txt"]
