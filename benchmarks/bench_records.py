"""Reading hand records: a field continued over many lines, and a night's file of records.

    python benchmarks/bench_records.py

prints the seconds to split a record whose play field is continued over 100,000 and 200,000
lines (the time should double with the lines: it is read in linear time), and to read and
check a file of 1,000 whole records. Each figure is the best of five runs.
"""

from __future__ import annotations

import time

import hasen
from hasen.api.page import EXAMPLE_RECORDS
from hasen.notation.record import split_records


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    for lines in (100_000, 200_000):
        text = "dealer: W\nplay: KH\n" + " AH\n" * lines
        seconds = best_of(5, lambda text=text: split_records(text))
        print(f"a field continued over {lines:,} lines: {seconds:.3f} s")
    night = "\n\n".join(EXAMPLE_RECORDS[name] for name in sorted(EXAMPLE_RECORDS) for _ in range(250))
    count = night.count("deal:")
    seconds = best_of(5, lambda: hasen.Record.parse_all(night))
    print(f"{count:,} records read and checked: {seconds:.3f} s ({1e6 * seconds / count:.0f} us a record)")


if __name__ == "__main__":
    main()
