"""The web API fuzzed from its own OpenAPI document with schemathesis, against a
real ``hasen serve`` on a loopback port: for every operation, requests the document allows
(positive) and requests it does not (negative). No answer may be a 5xx (but the time limit's
503, which a large allowed simulation meets on a loaded machine), every answer must
keep the document's promises (schemathesis's checks: statuses, content types, bodies that
match the response schemas, negative requests refused), and the server's log must hold no
traceback afterwards. A request the schema allows may still be refused with a 400: a deal
string can match the schema without being a deal.

The cases come from schemathesis's strategies, run with hypothesis directly (its pytest
plugin does not work under this pytest)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from liveserver import ServedProcess

from hasen.api import create_app
from hasen.api.runner import TimeLimitExceeded

schemathesis = pytest.importorskip("schemathesis")
pytestmark = pytest.mark.slow
# per operation and generation mode: 25 or 50 reach 23 to 31 lines of the package that the
# other tests of the web API do not, more by the draw than by the number, and the few that only
# 50 reached are tested elsewhere (benchmarks/fuzz_coverage.py --beside, docs/benchmarks.md)
EXAMPLES = 25
DOCUMENT = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json").get_json()
# the statuses that refuse a request the document does not allow: the API's 4xx (a batch or a
# simulation over its limit is a 413, not a 400)
REFUSALS = ["400", "403", "404", "405", "408", "413", "415", "431"]
CONFIG = schemathesis.Config.from_dict({"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}}})
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)
OPERATIONS = {result.ok().label: result.ok() for result in SCHEMA.get_all_operations()}
MODES = list(schemathesis.GenerationMode)
SENT: list[int] = []  # the statuses answered, for the count at the end
TIME_LIMIT = 5  # seconds, the server's --time-limit
TIMED_OUT = str(TimeLimitExceeded(TIME_LIMIT)).partition(";")[0]  # the start of its 503's words


@pytest.fixture(scope="module")
def served() -> Iterator[ServedProcess]:
    server = ServedProcess("--threads", "2", "--time-limit", str(TIME_LIMIT))
    yield server
    server.stop()
    statuses = sorted(set(SENT))
    print(f"\n{len(SENT)} requests fuzzed, statuses {statuses}; the server's log: {len(server.log_lines)} lines")
    assert "Traceback" not in server.log, server.log


def test_every_operation_is_fuzzed() -> None:
    assert set(OPERATIONS) >= {"POST /api/v1/table", "POST /api/v1/simulate", "GET /api/v1/health"}


@pytest.mark.parametrize("mode", MODES, ids=[mode.value for mode in MODES])
@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_no_request_gets_a_5xx_or_breaks_the_document(served: ServedProcess, label: str, mode) -> None:
    operation = OPERATIONS[label]
    if mode is schemathesis.GenerationMode.NEGATIVE and operation.method.upper() == "GET":
        pytest.skip("a GET takes nothing that could be wrong")

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def one(case) -> None:
        response = case.call(base_url=served.url, timeout=30)
        SENT.append(response.status_code)
        # the one 5xx the service means: an analysis the request allows outgrew the time limit
        # (a large simulation on a machine loaded by other work), said as the document says
        timed_out = response.status_code == 503 and TIMED_OUT in response.text
        assert response.status_code < 500 or timed_out, (response.status_code, response.text[:500])
        case.validate_response(response, excluded_checks=[schemathesis.checks.positive_data_acceptance])

    one()
