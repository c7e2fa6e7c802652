"""The service under a mixed load: its dearest answers beside cheap ones, on loopback.

    python benchmarks/bench_load.py [--seconds 120] [--clients 6] [--time-limit 3] [--threads 2]

Starts ``hasen serve --time-limit 3`` on a free loopback port and for ``--seconds`` runs:

- ``--clients`` clients of the dearest requests, each in a loop: single-dummy bid advice at
  2,000 layouts (past what the limit allows: answered 503 at the limit), the fair review of
  a hand, and the chance of winning at scoring settings whose table is worked out (each a
  new one until the four kept are reused);
- one client of cheap requests: /health and a table, one after the other.

It prints, by kind, how many answers (200 and 503), the slowest and the 99th percentile, and
checks what the service promises: every answer within the time limit plus ``MARGIN``;
/health and the table under 0.5 s at the slowest; the server's resident memory (sampled
each second from /proc) under ``MEMORY_BOUND``. Then 16 identical single-dummy requests at
once: how many analyses the server ran for them (its /health counts the answers that
waited for another's analysis).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

from bench_api import start_server

MARGIN = 0.5  # seconds past the time limit an answer may take: the response written, a busy machine
MEMORY_BOUND = 600 * 2**20  # the server's resident memory, bytes (docs/web-api.md)
ROOT = Path(__file__).resolve().parent.parent

RECORD = (
    "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, S pass, W pass; "
    "contract: N 6, trump C, discard KH; play: JC KC TC 9C AS AH TS QS JK QH 9S JS"
)
DEAR = [
    ("bid", {"hand": "AJT.A9..K", "seat": "S", "dealer": "W", "layouts": 2000}),
    ("review", {"record": RECORD, "layouts": 200}),
    ("odds", None),
]  # the body made each time: other scoring settings
ODDS_SETTINGS = [
    {"game_points": 15},
    {"game_points": 5},
    {"fail_penalty": "tricks"},
    {"fail_penalty": "pepper"},
    {"defenders_score": True},
    {"fail_penalty": "tricks", "game_points": 15},
]
CHEAP = [("health", None), ("table", {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "declarer": "N"})]


def ask(base: str, path: str, body: dict | None, timeout: float = 30) -> tuple[int, float]:
    start = time.monotonic()
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        data=data,
        method="GET" if body is None else "POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    return status, time.monotonic() - start


def resident(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS:"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--time-limit", type=float, default=3)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    with open(ROOT / "bench_load.log", "w") as log:
        process, host, port = start_server(args.threads, log, ["--time-limit", str(args.time_limit)])
    base = f"http://{host}:{port}"
    answers: dict[str, list[tuple[int, float]]] = defaultdict(list)
    lock = threading.Lock()
    stop = time.monotonic() + args.seconds
    memory: list[int] = []
    odds_turn = [0]

    def dear(number: int) -> None:
        turn = number
        while time.monotonic() < stop:
            kind, body = DEAR[turn % len(DEAR)]
            if kind == "odds":
                with lock:
                    odds_turn[0] += 1
                    chosen = ODDS_SETTINGS[odds_turn[0] % len(ODDS_SETTINGS)]
                body = {"score": f"{odds_turn[0] % 4}-{(odds_turn[0] // 4) % 4}", **chosen}  # below 5, the shortest
            result = ask(base, kind, body)
            with lock:
                answers[kind].append(result)
            turn += 1

    def cheap() -> None:
        while time.monotonic() < stop:
            for kind, body in CHEAP:
                result = ask(base, kind, body)
                with lock:
                    answers[kind].append(result)

    def watch() -> None:
        while time.monotonic() < stop:
            memory.append(resident(process.pid))
            time.sleep(1)

    threads = [threading.Thread(target=dear, args=(n,)) for n in range(args.clients)]
    threads += [threading.Thread(target=cheap), threading.Thread(target=watch)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        burst = identical(base)
    finally:
        process.terminate()
        process.wait(30)
    print(
        f"hasen serve --time-limit {args.time_limit:g} --threads {args.threads}, {args.clients} clients of dear "
        f"requests and one of cheap ones, {args.seconds:g} s:"
    )
    ok = True
    for kind, results in sorted(answers.items()):
        times = sorted(t for _, t in results)
        statuses = defaultdict(int)
        for status, _ in results:
            statuses[status] += 1
        bound = 0.5 if kind in ("health", "table") else args.time_limit + MARGIN
        within = times[-1] <= bound
        ok &= within and set(statuses) <= {200, 503}
        print(
            f"  {kind:<8} {len(results):>5} answers {dict(statuses)}; slowest {times[-1]:.2f} s, 99th percentile "
            f"{times[int(0.99 * (len(times) - 1))]:.2f} s (bound {bound:g} s: {'met' if within else 'NOT met'})"
        )
    peak = max(memory)
    ok &= peak <= MEMORY_BOUND
    print(
        f"  resident memory: {memory[0] / 2**20:.0f} MB at the start, {peak / 2**20:.0f} MB at the most (bound "
        f"{MEMORY_BOUND / 2**20:.0f} MB: {'met' if peak <= MEMORY_BOUND else 'NOT met'})"
    )
    print(f"  16 identical single-dummy requests at once: {burst[0]} answered 200, {burst[1]} analyses run for them")
    ok &= burst[1] == 1
    print("every promise met" if ok else "SOME PROMISE NOT MET")
    sys.exit(0 if ok else 1)


def identical(base: str) -> tuple[int, int]:
    """16 identical requests at once (new to the server): their 200s, and the analyses run
    (16 less those that waited for another's or were read from the cache)."""
    before = json.loads(urllib.request.urlopen(f"{base}/api/v1/health").read())["cache"]
    body = {"hand": "AJT.A9..K", "seat": "N", "dealer": "W", "layouts": 120, "choice_layouts": 12, "seed": 77}
    results: list[tuple[int, float]] = []
    barrier = threading.Barrier(16)

    def one() -> None:
        barrier.wait(30)
        results.append(ask(base, "bid", body))

    group = [threading.Thread(target=one) for _ in range(16)]
    for thread in group:
        thread.start()
    for thread in group:
        thread.join()
    after = json.loads(urllib.request.urlopen(f"{base}/api/v1/health").read())["cache"]
    served = (after["shared"] - before["shared"]) + (after["hits"] - before["hits"])
    return sum(status == 200 for status, _ in results), 16 - served


if __name__ == "__main__":
    main()
