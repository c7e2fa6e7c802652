"""Run ``hasen`` in-process through ``hasen.cli.main([...])``, as the CLI tests do."""

from __future__ import annotations

import json

from hasen.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """main(argv) -> (exit status, stdout, stderr); argparse's own exits count too."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    """The ``--json`` answer of a command that must succeed without a word on stderr."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)
