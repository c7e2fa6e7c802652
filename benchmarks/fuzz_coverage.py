"""How much of the package a fuzz test reaches, by the number of inputs it sends: for the
size of the web API's (tests/web/test_api_server_schemathesis.py, ``api``) and the command
line's (tests/cli/test_cli_fuzz.py, ``cli``).

    python benchmarks/fuzz_coverage.py [api|cli] [--examples 25 50 100 200] [--seed 0] [--show] [--beside [--wide]]

``api``: for each count, a fresh app (as the fuzz test's server: two solver threads, a 5 s time
limit), each in a process of its own, is sent that many requests of each operation of its
OpenAPI document and generation mode (positive and negative), drawn by schemathesis's
strategies as the test draws them, through Flask's test client; the lines of ``hasen`` they
run are counted with coverage.py (``pip install coverage``). ``cli``: the command-line fuzz
test itself, run by pytest with that many command lines per command (its
``CALLS_PER_COMMAND``). It prints, for each count, the
lines run, the lines run that the largest count does not, the lines the largest count runs
beyond it, and the seconds taken; ``--show`` lists the lines only the largest count runs.

``--beside``: what each count adds to the other tests of the same interface (``BESIDE``: the
web API's in-process tests, or the command line's), run once more under coverage in a process
of their own: the lines the fuzzing runs that they do not. Those tests are a part of the suite,
so this is the most the fuzzing can add to the whole of it; ``--wide`` adds more of the suite
(``WIDER``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import coverage

Lines = set[tuple[str, int]]
FUZZ_TESTS = {"api": "tests/web/test_api_server_schemathesis.py", "cli": "tests/cli/test_cli_fuzz.py"}
# the other tests of each fuzzed interface (pytest's arguments): the web API's that run in
# this process (a served process's lines are not counted), the command line's
BESIDE = {
    "api": ["tests/web", "-m", "not browser", f"--ignore={FUZZ_TESTS['api']}"],
    "cli": ["tests/cli", f"--ignore={FUZZ_TESTS['cli']}"],
}
# ``--wide``: with them, the fast tests of the analyses, the cards, the rules, the games and
# the Python API
WIDER = ["tests/analysis", "tests/core", "tests/rules", "tests/games", "tests/test_public_api.py"]
WIDER += ["tests/test_older_forms.py", "-m", "not slow and not browser"]


def measured(run: Callable[[], None]) -> tuple[Lines, float]:
    """The lines of hasen that ``run()`` runs, and its seconds."""
    measure = coverage.Coverage(source=["hasen"], data_file=None, concurrency=["thread"])
    measure.start()
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    measure.stop()
    data = measure.get_data()
    return {(path, line) for path in data.measured_files() for line in data.lines(path) or ()}, seconds


def fuzz(examples: int, seed: int) -> None:
    """``examples`` requests of each operation and mode of the web API."""
    import schemathesis  # here: the command line's run imports hypothesis under pytest
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    from hasen.api import create_app

    app = create_app({"TESTING": True, "HASEN_TIME_LIMIT": 5, "HASEN_THREADS": 2})
    client = app.test_client()
    document = client.get("/api/v1/openapi.json").get_json()
    operations = [result.ok() for result in schemathesis.openapi.from_dict(document).get_all_operations()]
    for operation in operations:
        for mode in schemathesis.GenerationMode:
            if mode is schemathesis.GenerationMode.NEGATIVE and operation.method.upper() == "GET":
                continue

            @hypothesis_seed(seed)
            @settings(
                max_examples=examples,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
            def send(case) -> None:
                query = f"?{urlencode(case.query, doseq=True)}" if case.query else ""
                body = None if type(case.body).__name__ == "NotSet" else case.body
                client.open(
                    case.formatted_path + query,
                    method=case.method,
                    data=body if body is None or isinstance(body, (bytes, str)) else json.dumps(body),
                    headers={"Content-Type": "application/json", **(case.headers or {})},
                )

            send()


class Sized:
    """A pytest plugin that sets the command-line fuzz test's number of calls per command."""

    def __init__(self, calls: int) -> None:
        self.calls = calls

    def pytest_collection_modifyitems(self, items: list[Any]) -> None:
        for item in items:
            item.module.CALLS_PER_COMMAND = self.calls


def fuzz_cli(calls: int) -> None:
    """The command-line fuzz test, with ``calls`` per command."""
    run_tests([FUZZ_TESTS["cli"]], [Sized(calls)])


def run_tests(arguments: list[str], plugins: list[Any]) -> None:
    """pytest in this process, from the repository (its settings), on one core."""
    import pytest

    os.chdir(Path(__file__).resolve().parent.parent)
    plain = ["-q", "-p", "no:cacheprovider", "-p", "no:benchmark", "-p", "no:xdist"]
    status = pytest.main([*plain, *arguments], plugins=plugins)
    assert status == 0, f"pytest {' '.join(arguments)} failed"


def lines_of(fuzzer: str, size: int | None, seed: int, folder: str, wide: bool = False) -> tuple[Lines, float]:
    """The lines of one run in a fresh process (a module's own lines run at its import): the
    fuzzing with ``size`` inputs, or the other tests of its interface where ``size`` is None."""
    out = Path(folder) / f"{size}.json"
    command = [sys.executable, __file__, fuzzer, "--seed", str(seed), "--one", str(out)]
    command += (["--beside"] + ["--wide"] * wide) if size is None else ["--examples", str(size)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done = json.loads(out.read_text())
    return {tuple(line) for line in done["lines"]}, done["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fuzzer", nargs="?", choices=("api", "cli"), default="api")
    parser.add_argument("--examples", type=int, nargs="+", default=[25, 50, 100, 200])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--show", action="store_true", help="list the lines only the largest count runs (beside: and no other test)"
    )
    parser.add_argument("--beside", action="store_true", help="the lines each count adds to the other tests")
    parser.add_argument("--wide", action="store_true", help="with --beside: more of the suite (WIDER)")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)  # a count's run, in its own process
    args = parser.parse_args()
    if args.one:
        size = args.examples[0]
        if args.beside:
            tests = BESIDE[args.fuzzer] + WIDER * args.wide
            lines, seconds = measured(lambda: run_tests(tests, []))
        else:
            lines, seconds = measured(lambda: fuzz(size, args.seed) if args.fuzzer == "api" else fuzz_cli(size))
        args.one.write_text(json.dumps({"lines": sorted(lines), "seconds": seconds}))
        sys.stdout.flush()
        os._exit(0)  # without waiting for threads the tests left behind, which may never end
    with tempfile.TemporaryDirectory() as folder:
        runs = {n: lines_of(args.fuzzer, n, args.seed, folder) for n in sorted(args.examples)}
        others = lines_of(args.fuzzer, None, args.seed, folder, args.wide)[0] if args.beside else None
    most = runs[max(runs)][0]
    counted = "inputs per operation and mode" if args.fuzzer == "api" else "command lines per command"
    added = "   beyond the other tests" if others is not None else ""
    print(f"{counted:>31}   lines run   not in the largest   the largest's beyond   seconds{added}")
    for n, (lines, seconds) in runs.items():
        row = f"{n:>31}   {len(lines):>9,}   {len(lines - most):>18,}   {len(most - lines):>20,}   {seconds:7.1f}"
        print(row + (f"   {len(lines - others):>23,}" if others is not None else ""))
    if others is not None:
        print(f"{'the other tests alone':>31}   {len(others):>9,}")
    if args.show:  # the lines only the largest count runs (and the other tests do not)
        for n, (lines, _) in runs.items():
            for path, line in sorted(most - lines - (others or set())):
                print(f"  only with {max(runs)}, not {n}: {path.split('/hasen/', 1)[-1]}:{line}")


if __name__ == "__main__":
    main()
