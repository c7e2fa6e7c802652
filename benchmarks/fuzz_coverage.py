"""How much of the package the web API's schemathesis fuzzing reaches, by the number of
requests it sends: for the size of tests/web/test_api_server_schemathesis.py.

    python benchmarks/fuzz_coverage.py [--examples 25 50 100 200] [--seed 0] [--show]

For each count, a fresh app (as the fuzz test's server: two solver threads, a 5 s time
limit), each in a process of its own, is sent that many requests of each operation of its
OpenAPI document and generation mode (positive and negative), drawn by schemathesis's
strategies as the test draws them, through Flask's test client; the lines of ``hasen`` they
run are counted with coverage.py (``pip install coverage``). It prints, for each count, the
lines run, the lines run that the largest count does not, the lines the largest count runs
beyond it, and the seconds taken; ``--show`` lists the lines only the largest count runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import coverage
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed


def fuzz(examples: int, seed: int) -> tuple[set[tuple[str, int]], float]:
    """The lines of hasen that ``examples`` requests of each operation and mode run."""
    measure = coverage.Coverage(source=["hasen"], data_file=None, concurrency=["thread"])
    measure.start()
    start = time.perf_counter()
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
    seconds = time.perf_counter() - start
    measure.stop()
    data = measure.get_data()
    lines = {(path, line) for path in data.measured_files() for line in data.lines(path) or ()}
    return lines, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, nargs="+", default=[25, 50, 100, 200])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", action="store_true", help="list the lines only the largest count runs")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)  # a count's run, in its own process
    args = parser.parse_args()
    if args.one:
        lines, seconds = fuzz(args.examples[0], args.seed)
        args.one.write_text(json.dumps({"lines": sorted(lines), "seconds": seconds}))
        return
    runs = {}
    with tempfile.TemporaryDirectory() as folder:
        for n in sorted(args.examples):  # each in a fresh process: a module's own lines run at its import
            out = Path(folder) / f"{n}.json"
            command = [sys.executable, __file__, "--examples", str(n), "--seed", str(args.seed), "--one", str(out)]
            subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
            done = json.loads(out.read_text())
            runs[n] = ({tuple(line) for line in done["lines"]}, done["seconds"])
    most = runs[max(runs)][0]
    print("requests per operation and mode   lines run   not in the largest   the largest's beyond   seconds")
    for n, (lines, seconds) in runs.items():
        print(f"{n:>31}   {len(lines):>9,}   {len(lines - most):>18,}   {len(most - lines):>20,}   {seconds:7.1f}")
    if args.show:
        for n, (lines, _) in runs.items():
            for path, line in sorted(most - lines):
                print(f"  only with {max(runs)}, not {n}: {path.split('/hasen/', 1)[-1]}:{line}")


if __name__ == "__main__":
    main()
