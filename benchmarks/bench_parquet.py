"""``hasen batch --parquet`` at scale: the time and the peak memory of writing the Parquet file
of a large run, and that the memory does not grow with the run.

    python benchmarks/bench_parquet.py [--deals 10000 100000] [--solved 200] [--keep DIR]

It solves ``--solved`` seeded random Hasenpfeffer deals with ``hasen batch`` once, then, for
each count of ``--deals``, makes a results file of that many lines by repeating those results
under new ids (each deal's table is 112 rows) and an input of the same ids, and runs ``hasen
batch IN OUT --parquet FILE``: every id is already in OUT, so the run solves nothing and only
writes the Parquet file. Each run is its own process; its wall time and peak resident memory
(``ru_maxrss`` of the child) are printed, with the rows a second and the file's size. A
million deals are 112 million rows: the time grows with the rows, the memory should not.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import random_deals

import hasen
from hasen.core.variants import HASENPFEFFER

ROWS_A_DEAL = 4 * 4 * 7  # four declarers, four trumps, seven discards


def peak_child_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--solved", type=int, default=200)
    parser.add_argument("--keep", type=Path, help="keep the files in this folder")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="hasen-parquet-"))
    folder.mkdir(parents=True, exist_ok=True)
    deals = folder / "deals.jsonl"
    with deals.open("w", encoding="utf-8") as out:
        for i, deal in enumerate(random_deals(HASENPFEFFER, args.solved, 1)):
            out.write(json.dumps({"id": i, "deal": deal.notation()}) + "\n")
    solved = folder / "solved.jsonl"
    subprocess.run(
        [sys.executable, "-m", "hasen", "batch", str(deals), str(solved), "--jobs", "2"],
        check=True,
        stderr=subprocess.DEVNULL,
    )
    results = [json.loads(line) for line in solved.read_text(encoding="utf-8").splitlines()]
    print(f"hasen {hasen.__version__}; {len(results)} solved tables repeated under new ids")
    print(f"{'deals':>9} {'rows':>12} {'seconds':>8} {'rows/s':>10} {'peak RSS':>9} {'file':>9}")
    for count in args.deals:
        source, output, table = folder / f"in{count}.jsonl", folder / f"out{count}.jsonl", folder / f"t{count}.parquet"
        with source.open("w", encoding="utf-8") as ids, output.open("w", encoding="utf-8") as lines:
            for i in range(count):
                result = results[i % len(results)]
                ids.write(json.dumps({"id": i, "deal": result["table"]["deal"]}) + "\n")
                lines.write(json.dumps({**result, "id": i}) + "\n")
        table.unlink(missing_ok=True)
        # a process of its own for each count: ru_maxrss of the children is the largest so far
        probe = (
            "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        )
        start = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                probe,
                sys.executable,
                "-m",
                "hasen",
                "batch",
                str(source),
                str(output),
                "--parquet",
                str(table),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        rss = int(done.stdout.strip()) / 1024
        rows = count * ROWS_A_DEAL
        print(
            f"{count:>9,} {rows:>12,} {seconds:>8.1f} {rows / seconds:>10,.0f} {rss:>6.0f} MiB "
            f"{table.stat().st_size / 2**20:>5.1f} MiB"
        )
    if not args.keep:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
