"""Requests per second and p50/p99 latency of POST /api/v1/table over HTTP.

    python benchmarks/bench_api.py [--tables 600] [--rounds 6] [--hits 3000] [--clients 4] [--seed 1]
    python benchmarks/bench_api.py --url http://127.0.0.1:8000   # a server already running

Without --url it starts ``hasen serve`` twice on free loopback ports, with one and with two
threads, and measures each: uncached tables (seeded random deals, every one new to the
server, all four declarers; in rounds that take turns between the two servers) and cached
ones (one deal asked again and again after a first answer). It prints the figures and the
two-thread / one-thread ratio of uncached throughput. The clients run in this process, on
the same machine, so they take some CPU from the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

from common import random_deals

from hasen.core.seats import SEATS
from hasen.core.variants import HASENPFEFFER

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Figures:
    requests: int
    seconds: float
    latencies: list[float]
    hits: int  # answers the server says came from its cache
    failures: list[str]

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    def line(self, name: str) -> str:
        return (
            f"  {name:<16}{self.rate:9.1f} req/s   p50 {statistics.median(self.latencies) * 1e3:7.2f} ms"
            f"   p99 {self.percentile(0.99) * 1e3:7.2f} ms   ({self.requests} requests, "
            f"{self.hits} cache hits, {len(self.failures)} failed)"
        )


def measure(host: str, port: int, bodies: list[bytes], clients: int) -> Figures:
    """Send every body once, from ``clients`` threads with a kept-alive connection each."""
    latencies: list[float] = []
    failures: list[str] = []
    hits = 0
    lock = threading.Lock()
    todo = iter(bodies)

    def client() -> None:
        nonlocal hits
        connection = http.client.HTTPConnection(host, port, timeout=60)
        while True:
            with lock:
                body = next(todo, None)
            if body is None:
                break
            start = time.perf_counter()
            connection.request("POST", "/api/v1/table", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = response.read()
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                hits += response.getheader("X-Cache") == "hit"
                if response.status != 200 or "declarers" not in json.loads(data):
                    failures.append(f"{response.status}: {data[:200]!r}")
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return Figures(len(bodies), time.perf_counter() - start, latencies, hits, failures)


def table_bodies(count: int, seed: int) -> list[bytes]:
    return [
        json.dumps({"deal": deal.notation(), "dealer": SEATS[deal.dealer]}).encode()
        for deal in random_deals(HASENPFEFFER, count, seed)
    ]


def merged(parts: list[Figures]) -> Figures:
    return Figures(
        sum(p.requests for p in parts),
        sum(p.seconds for p in parts),
        [x for p in parts for x in p.latencies],
        sum(p.hits for p in parts),
        [x for p in parts for x in p.failures],
    )


@dataclass
class Target:
    name: str
    host: str
    port: int
    uncached: list[Figures]
    cached: Figures | None = None


def start_server(threads: int, log: IO[str], options: list[str] | None = None) -> tuple[subprocess.Popen, str, int]:
    """``hasen serve`` on a free loopback port (with ``options``): the process, host and port."""
    process = subprocess.Popen(
        [sys.executable, "-m", "hasen.cli", "serve", "--port", "0", "--threads", str(threads), *(options or [])],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    first = lines.get(timeout=60)  # "hasen: serving on http://HOST:PORT ..."
    address = urlsplit(first.split()[3])
    return process, address.hostname, address.port


def run(targets: list[Target], args: argparse.Namespace) -> None:
    """Uncached rounds taking turns between the targets, so that load from elsewhere on the
    machine falls on all of them alike; then the cached requests."""
    warm = table_bodies(1, args.seed - 1)  # another seed: never one of the measured deals
    for target in targets:
        measure(target.host, target.port, warm, 1)  # threads started, the deal cached
    per_round = max(1, args.tables // args.rounds)
    for r in range(args.rounds):
        bodies = table_bodies(per_round, args.seed + r)  # new deals every round
        for target in targets:
            target.uncached.append(measure(target.host, target.port, bodies, args.clients))
    for target in targets:
        target.cached = measure(target.host, target.port, warm * args.hits, args.clients)


def report(target: Target) -> None:
    print(target.name)
    uncached = merged(target.uncached)
    print(uncached.line("uncached tables"))
    print(target.cached.line("cached tables"))
    for failure in (uncached.failures + target.cached.failures)[:5]:
        print(f"    failed: {failure}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="measure this running server instead of starting one")
    parser.add_argument("--tables", type=int, default=600, help="uncached requests (distinct deals)")
    parser.add_argument("--rounds", type=int, default=6, help="uncached rounds, taking turns between servers")
    parser.add_argument("--hits", type=int, default=3000, help="cached requests")
    parser.add_argument("--clients", type=int, default=4, help="concurrent client connections")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"POST /api/v1/table, all four declarers; {args.clients} clients; seed {args.seed}")
    if args.url:
        address = urlsplit(args.url)
        target = Target(args.url, address.hostname, address.port or 80, [])
        run([target], args)
        report(target)
        return 0
    with tempfile.TemporaryFile("w+") as log:
        servers = [start_server(threads, log) for threads in (1, 2)]
        try:
            targets = [
                Target(f"hasen serve --threads {threads}", host, port, [])
                for threads, (_, host, port) in zip((1, 2), servers)
            ]
            run(targets, args)
        finally:
            for process, _, _ in servers:
                process.terminate()
                process.wait(timeout=30)
        for target in targets:
            report(target)
        log.seek(0)
        # with more clients than threads, waitress warns of queued requests: expected here
        for line in log:
            if "Task queue depth" not in line:
                print(f"  server: {line.rstrip()}")
    one, two = targets
    ratios = [b.rate / a.rate for a, b in zip(one.uncached, two.uncached)]
    print(
        f"uncached throughput, 2 threads / 1 thread: {merged(two.uncached).rate / merged(one.uncached).rate:.2f}x"
        f" overall, {statistics.median(ratios):.2f}x the median round"
        f" (rounds: {', '.join(f'{r:.2f}x' for r in ratios)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
