"""``hasen serve`` as a real process on a loopback port, under concurrent clients."""

from __future__ import annotations

import http.client
import json
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER
from liveserver import ROOT, ServedProcess, hasen

from hasen.analysis.position import analyze_position, position
from hasen.games.hasenpfeffer.table import analyze_table
from hasen.notation.inputs import make_contract

CLIENTS = 6
ROUNDS = 3  # each client sends every request this many times (the later ones hit the cache)


class Server(ServedProcess):
    def request(
        self, connection: http.client.HTTPConnection, method: str, path: str, body: dict | str | None = None
    ) -> tuple[int, dict]:
        data = body if isinstance(body, str) or body is None else json.dumps(body)
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=60)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server("--threads", "2")
    yield running
    running.stop()
    assert "Traceback" not in running.log, running.log


def expected_requests() -> list[tuple[str, str, dict | str | None, int, dict | None]]:
    """(method, path, body, status, answer or None to check only the status)."""
    out: list[tuple[str, str, dict | str | None, int, dict | None]] = []
    for dealer in "NESW":
        for alone in (False, True):
            body = {"deal": HASENPFEFFER_DEAL, "dealer": dealer, "declarer": "N", "alone": alone}
            out.append(
                (
                    "POST",
                    "/api/v1/table",
                    body,
                    200,
                    analyze_table(HASENPFEFFER_DEAL, dealer, declarer="N", alone=alone).to_json(),
                )
            )
    whole = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER}
    out.append(("POST", "/api/v1/table", whole, 200, analyze_table(HASENPFEFFER_DEAL, HASENPFEFFER_DEALER).to_json()))
    for played in ("", "JC KC TC 9C", "JC KC TC 9C | AS AD 9S"):
        body = {**whole, "declarer": "N", "trump": "C", "discard": "KH", "played": played}
        state = position(HASENPFEFFER_DEAL, make_contract("N", "C", "KH"), played, dealer=HASENPFEFFER_DEALER)
        out.append(("POST", "/api/v1/solve", body, 200, analyze_position(state).to_json()))
    items = [{**whole, "declarer": s} for s in "ES"] + ["bad"]
    out.append(
        (
            "POST",
            "/api/v1/batch",
            {"items": items},
            200,
            {
                "version": analyze_table(HASENPFEFFER_DEAL).to_json()["version"],
                "results": [analyze_table(HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, declarer=s).to_json() for s in "ES"]
                + [{"index": 2, "error": "item: expected an object, got a string"}],
            },
        )
    )
    out.append(("POST", "/api/v1/table", "{not json", 400, None))
    out.append(("POST", "/api/v1/solve", {**whole, "declarer": "N", "trump": "C", "discard": "AH"}, 400, None))
    out.append(("GET", "/api/v1/health", None, 200, None))
    return out


def test_concurrent_clients_all_get_correct_answers(server: Server) -> None:
    requests = expected_requests()

    def client(number: int) -> list[str]:
        failures = []
        connection = server.connect()
        try:
            for _round in range(ROUNDS):
                # each client walks the list from a different place, so different requests overlap
                for i in range(len(requests)):
                    method, path, body, status, answer = requests[(i + number * 3) % len(requests)]
                    got_status, got = server.request(connection, method, path, body)
                    if got_status != status or (answer is not None and got != answer):
                        failures.append(f"client {number}, {method} {path} {body!r}: {got_status} {got!r}")
        finally:
            connection.close()
        return failures

    with ThreadPoolExecutor(CLIENTS) as pool:
        failures = [f for result in pool.map(client, range(CLIENTS)) for f in result]
    assert failures == []
    connection = server.connect()
    status, health = server.request(connection, "GET", "/api/v1/health")
    connection.close()
    assert status == 200 and health["threads"] == 2 and health["busy"] == 0
    assert health["cache"]["hits"] > 0  # the later rounds were answered from the cache


def test_a_taken_port_is_a_clear_error(server: Server) -> None:
    result = subprocess.run(
        hasen("serve", "--host", "127.0.0.1", "--port", str(server.port)),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"hasen: serve: cannot listen on 127.0.0.1:{server.port}: ")
    assert result.stderr.count("\n") == 1
