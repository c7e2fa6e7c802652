"""Run ``hasen`` in-process through ``hasen.cli.main([...])``, as the CLI tests do."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from hasen.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """main(argv) -> (exit status, stdout, stderr); argparse's own exits count too."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    out, err = capsys.readouterr()
    return code, out, err


def serve_without_listening(host: str, port: int, config: dict) -> None:
    """In place of ``hasen.api.server.serve``: the service is made, with all its checks of the
    settings, and never started."""
    from hasen.api import create_app

    create_app(config).extensions["hasen"].runner.shutdown()


def run_json(capsys, *argv: str) -> dict:
    """The ``--json`` answer of a command that must succeed without a word on stderr."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)


def interrupted_once_writing(argv: list[str], out: Path, cwd: Path) -> tuple[int, str]:
    """``hasen argv`` as a process, sent Ctrl-C as a terminal sends it (to its process group,
    workers too) once it has written to ``out``: (exit status, stderr)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "hasen", *argv],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while (not out.exists() or out.stat().st_size == 0) and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    return child.returncode, err
