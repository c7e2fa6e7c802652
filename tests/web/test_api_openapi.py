"""The OpenAPI document is valid and describes what the endpoints really return: every
documented answer (each path, each status) is produced here and checked against it."""

from __future__ import annotations

import time

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, Example
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate as validate_spec
from problems import PROBLEM_TYPE

from hasen.api import create_app

TABLE = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER, "declarer": "N"}
SOLVE = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER, "declarer": "N", "trump": "C", "discard": "KH"}
EUCHRE_RECORD = (
    "variant: euchre; dealer: N; upcard: 9H; auction: E pass, S pass, W pass, N order up; "
    "contract: N, trump H; play: JS TH 9S KH | AD 9D KD AH | QH JD TS TD | 9H KC JC JH | 9C QD QC AC"
)
LIMITS = {"MAX_CONTENT_LENGTH": 2048, "HASEN_BATCH_LIMIT": 5}
pytestmark = pytest.mark.app_config(**LIMITS)  # the app, its client and its openapi_doc


def endless(*args, progress=None, checkpoint=None, **kwargs):
    """An analysis that never ends but checks in (its progress given by name, or among its
    arguments), so that its deadline stops it."""
    progress = progress or next((a for a in args if callable(a)), None)
    while True:
        (progress or (lambda done, total: checkpoint()))(0, 1)
        time.sleep(0.001)


# one request per documented answer: (path, status) -> (method, body, what to make endless)
CASES = {
    ("table", 200): ("post", {"deal": HASENPFEFFER_DEAL, "alone": True}, None),
    ("table", 400): ("post", {"deal": "N:"}, None),
    ("table", 413): ("post", {"deal": "x" * 3000}, None),
    ("table", 503): ("post", TABLE, "hasen.games.hasenpfeffer.game.Hasenpfeffer.table"),
    ("solve", 200): ("post", {**SOLVE, "played": "JC KC TC 9C | AS"}, None),
    ("solve", 400): ("post", {**SOLVE, "played": "JC KC TC QD"}, None),
    ("solve", 413): ("post", {**SOLVE, "played": "JC " * 1000}, None),
    ("solve", 503): ("post", SOLVE, "hasen.games.base.Game.solve"),
    ("review", 200): ("post", {**SOLVE, "play": "AS AD 9S QS | JC"}, None),
    ("review", 400): ("post", {**SOLVE, "play": "JC KC TC QD"}, None),
    ("review", 413): ("post", {**SOLVE, "play": "JC " * 1000}, None),
    ("review", 503): ("post", {**SOLVE, "play": ""}, "hasen.games.base.Game.review"),
    ("bid", 200): ("post", {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER}, None),
    ("bid", 400): ("post", {"deal": HASENPFEFFER_DEAL, "variant": "euchre"}, None),
    ("bid", 413): ("post", {"deal": "x" * 3000}, None),
    ("bid", 503): ("post", {"deal": HASENPFEFFER_DEAL}, "hasen.games.base.Game.bid"),
    ("batch", 200): ("post", {"items": [TABLE, {"deal": HASENPFEFFER_DEAL, "declarer": "E"}, 3, {"x": 1}]}, None),
    ("batch", 400): ("post", {"items": "all"}, None),
    ("batch", 413): ("post", {"items": [TABLE] * 6}, None),
    ("batch", 503): ("post", {"items": [TABLE]}, "hasen.games.hasenpfeffer.game.Hasenpfeffer.table"),
    ("simulate", 200): ("post", {"deal": HASENPFEFFER_DEAL, "seat": "N", "layouts": 3, "form": "alone"}, None),
    ("simulate", 400): ("post", {"deal": HASENPFEFFER_DEAL, "seat": "N", "known": {"E": "AS"}}, None),
    ("simulate", 413): ("post", {"deal": HASENPFEFFER_DEAL, "seat": "N", "layouts": 10**6}, None),
    ("simulate", 503): ("post", {"deal": HASENPFEFFER_DEAL, "seat": "N"}, "hasen.analysis.simulate.simulate"),
    ("lead", 200): (
        "post",
        {"deal": HASENPFEFFER_DEAL, "dealer": "W", "seat": "N", "declarer": "E", "trump": "D", "layouts": 3},
        None,
    ),
    ("lead", 400): (
        "post",
        {"deal": HASENPFEFFER_DEAL, "dealer": "W", "seat": "E", "declarer": "E", "trump": "D"},
        None,
    ),
    ("lead", 413): (
        "post",
        {"deal": HASENPFEFFER_DEAL, "seat": "N", "declarer": "E", "trump": "D", "layouts": 10**6},
        None,
    ),
    ("lead", 503): (
        "post",
        {"deal": HASENPFEFFER_DEAL, "dealer": "W", "seat": "N", "declarer": "E", "trump": "D"},
        "hasen.analysis.lead.simulate_lead",
    ),
    ("record", 200): ("post", {"record": f"deal: {HASENPFEFFER_DEAL}; dealer: W; auction: N 4, E pass"}, None),
    ("record", 400): ("post", {"record": f"deal: {HASENPFEFFER_DEAL}; dealer: W; auction: N 4, E 3"}, None),
    ("record", 413): ("post", {"record": "x" * 3000}, None),
    ("egn", 200): ("post", {"records": EUCHRE_RECORD}, None),
    ("egn", 400): ("post", {"records": f"deal: {HASENPFEFFER_DEAL}; dealer: W; auction: N 4, E pass"}, None),
    ("egn", 413): ("post", {"records": "x" * 3000}, None),
    ("night", 200): ("post", {"records": EUCHRE_RECORD}, None),
    ("night", 400): ("post", {"records": 3}, None),
    ("night", 413): ("post", {"records": "x" * 3000}, None),
    ("night/review", 200): ("post", {"records": EUCHRE_RECORD, "hand": 0, "layouts": 3}, None),
    ("night/review", 400): ("post", {"records": EUCHRE_RECORD, "hand": 5}, None),
    ("night/review", 413): ("post", {"records": EUCHRE_RECORD, "hand": 0, "layouts": 10**6}, None),
    ("night/review", 503): ("post", {"records": EUCHRE_RECORD, "hand": 0}, "hasen.analysis.hand_review.review_hand"),
    ("night/report", 200): ("post", {"records": EUCHRE_RECORD, "layouts": 3}, None),
    ("night/report", 400): ("post", {"records": EUCHRE_RECORD, "seed": -1}, None),
    ("night/report", 413): ("post", {"records": EUCHRE_RECORD, "layouts": 10**6}, None),
    ("night/report", 503): ("post", {"records": EUCHRE_RECORD}, "hasen.analysis.hand_review.review_hand"),
    ("record/step", 200): (
        "post",
        {
            "variant": "euchre",
            "dealer": "N",
            "upcard": "KS",
            "discard": None,
            "play": ["AH"],
            "auction": ["pass", "pass", "pass", "order up"],
        },
        None,
    ),
    ("record/step", 400): ("post", {"variant": "euchre", "dealer": "N", "upcard": "KS", "auction": ["4"]}, None),
    ("record/step", 413): ("post", {"dealer": "N", "auction": ["pass"] * 1000}, None),
    ("odds", 200): ("post", {"score": "8-5", "dealer": "E"}, None),
    ("odds", 400): ("post", {"score": "8 to 5"}, None),
    ("odds", 413): ("post", {"score": "x" * 3000}, None),
    ("health", 200): ("get", None, None),
    ("openapi.json", 200): ("get", None, None),
}
# every POST refuses a body not sent as JSON (415) and a page of another site (403)
for _path in (
    "table",
    "solve",
    "review",
    "bid",
    "batch",
    "simulate",
    "lead",
    "record",
    "record/step",
    "egn",
    "night",
    "night/review",
    "night/report",
    "odds",
):
    CASES[(_path, 403)] = ("post from elsewhere", {}, None)
    CASES[(_path, 415)] = ("post as text", {}, None)
SENDERS = {
    "post from elsewhere": lambda client, url, body: client.post(
        url, json=body, headers={"Origin": "https://elsewhere.example"}
    ),
    "post as text": lambda client, url, body: client.post(url, data="{}", content_type="text/plain"),
}


def response_schema(doc: dict, path: str, method: str, status: int) -> dict:
    answer = doc["paths"][f"/api/v1/{path}"][method]["responses"][str(status)]
    schema = answer["content"]["application/json" if status < 400 else "application/problem+json"]["schema"]
    # the document's components travel along, so the schema's $refs resolve inside it
    return {**schema, "components": doc["components"]}


def test_the_document_is_valid_openapi(openapi_doc: dict) -> None:
    validate_spec(openapi_doc)
    assert openapi_doc["openapi"] == "3.1.0"


def test_every_documented_answer_is_tested(openapi_doc: dict) -> None:
    documented = {
        (path.removeprefix("/api/v1/"), int(status))
        for path, item in openapi_doc["paths"].items()
        for operation in item.values()
        for status in operation["responses"]
    }
    assert documented == set(CASES)


@pytest.mark.parametrize("path, status", sorted(CASES))
def test_real_answers_match_the_document(openapi_doc: dict, monkeypatch, path: str, status: int) -> None:
    method, body, endless_target = CASES[(path, status)]
    config = dict(LIMITS)
    if endless_target:
        monkeypatch.setattr(endless_target, endless)
        config["HASEN_TIME_LIMIT"] = 0.05
    client: FlaskClient = create_app(config).test_client()
    url = f"/api/v1/{path}"
    if method in SENDERS:
        response, method = SENDERS[method](client, url, body), "post"
    else:
        response = getattr(client, method)(url, json=body)
    assert response.status_code == status, response.get_json()
    assert response.mimetype == ("application/json" if status < 400 else PROBLEM_TYPE)
    OAS31Validator(response_schema(openapi_doc, path, method, status)).validate(response.get_json())


# every kind of request once: not a test of the time limit (tests/web/test_api_deadline.py),
# which a loaded machine would otherwise meet
@pytest.mark.app_config(HASEN_TIME_LIMIT=120)
def test_the_document_describes_the_request_bodies(
    client: FlaskClient, openapi_doc: dict, hasenpfeffer: Example
) -> None:
    # the same schemas check the bodies (hasen.api.request_schemas); here: every key the document lists is
    # one an endpoint takes, by sending a body with all of them
    schemas = openapi_doc["components"]["schemas"]
    # a lone defender leads whatever the lead settings, so they are given at their defaults
    full_table = {
        "deal": hasenpfeffer.deal,
        "dealer": "W",
        "declarer": "N",
        "alone": True,
        "variant": "hasenpfeffer",
        "deck": 25,
        "defender": "E",
        "first_lead": "dealer_left",
        "lone_lead": "left_of_loner",
    }
    full_bid = {
        "deal": hasenpfeffer.deal,
        "dealer": "W",
        "variant": "hasenpfeffer",
        "deck": 25,
        "first_lead": "declarer",
        "lone_lead": "left_of_loner",
        "fail_penalty": "tricks",
        "defenders_score": True,
        "bidding": "pepper",
        "all_pass": "redeal",
    }
    # a setting is refused for a game that lacks it, so the Joker's is asked of Euchre
    joker_bid = {
        "deal": "W:AQ..J.K9 K.A.QT.T 9.JT.K.Q J.Q.A.J* 9H",
        "variant": "euchre",
        "deck": 25,
        "joker_upcard": "dealer_names",
    }
    position_options = {
        "alone": True,
        "variant": "hasenpfeffer",
        "deck": 25,
        "defender": "E",
        "first_lead": "dealer_left",
        "lone_lead": "left_of_loner",
    }
    full_solve = {**SOLVE, **position_options, "played": ""}
    # Railroad's own setting, asked of Railroad (a lone maker, who calls for best unless it is off)
    railroad_table = {
        "deal": "N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD",
        "dealer": "N",
        "declarer": "S",
        "alone": True,
        "variant": "railroad",
        "call_for_best": False,
    }
    # the settings of Railroad and of the Joker, asked of their games below
    assert set(full_table) | {"call_for_best", "joker_upcard"} == set(schemas["TableRequest"]["properties"])
    assert set(full_solve) | {"call_for_best", "joker_upcard", "best", "defender_best"} == set(
        schemas["SolveRequest"]["properties"]
    )
    # one seat's advice (single dummy): its hand instead of a deal, and the layouts
    seat_bid = {
        "seat": "E",
        "hand": "9S AD 9D QC 9C",
        "upcard": "TC",
        "dealer": "N",
        "known": {"W": "AS"},
        "layouts": 20,
        "choice_layouts": 3,
        "seed": 2,
        "form": "both",
        "variant": "euchre",
        "deck": 24,
        "auction": "",
        "model": True,
        "uniform": False,
        "score": "4-3",
        "game_points": 5,
    }
    # Three-Handed Euchre's own setting, asked of its par
    three_bid = {"deal": "N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD", "variant": "euchre3", "euchred": "maker_loses"}
    assert set(full_bid) | set(joker_bid) | set(seat_bid) | set(three_bid) | {"call_for_best"} == set(
        schemas["BidRequest"]["properties"]
    )
    full_review = {**SOLVE, **position_options, "played": ""}  # or "play", the older name of "played"
    assert set(full_review) | {"play", "call_for_best", "joker_upcard", "best", "defender_best"} == set(
        schemas["ReviewRequest"]["properties"]
    )
    assert client.post("/api/v1/review", json=full_review).status_code == 200
    older_review = {**SOLVE, **position_options, "play": ""}
    assert client.post("/api/v1/review", json=older_review).status_code == 200
    assert client.post("/api/v1/table", json=full_table).status_code == 200
    assert client.post("/api/v1/table", json=railroad_table).status_code == 200
    assert client.post("/api/v1/solve", json=full_solve).status_code == 200
    assert client.post("/api/v1/bid", json=full_bid).status_code == 200
    assert client.post("/api/v1/bid", json=joker_bid).status_code == 200
    assert client.post("/api/v1/bid", json=seat_bid).status_code == 200
    assert client.post("/api/v1/bid", json=three_bid).status_code == 200
    assert client.post("/api/v1/batch", json={"items": [full_table]}).status_code == 200
    # every key, each setting at the value of a shipped table: the tables at other settings are
    # worked out in test_api_single_flight.py and the odds tests
    full_odds = {
        "score": "8-5",
        "dealer": "E",
        "variant": "hasenpfeffer",
        "deck": 25,
        "fail_penalty": "bid",
        "defenders_score": False,
        "game_points": 10,
    }
    three_odds = {"score": "3-5-7", "variant": "euchre3", "euchred": "others_score"}  # a setting of that game alone
    assert set(full_odds) | set(three_odds) == set(schemas["OddsRequest"]["properties"])
    assert client.post("/api/v1/odds", json=full_odds).status_code == 200
    assert client.post("/api/v1/odds", json=three_odds).status_code == 200


def test_finished_hand_matches_the_document(client: FlaskClient, openapi_doc: dict) -> None:
    # the nulls of a finished hand (no leader, nobody to move) are part of the schema
    played = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
    response = client.post("/api/v1/solve", json={**SOLVE, "played": played})
    answer = response.get_json()
    assert answer["to_move"] is None
    OAS31Validator(response_schema(openapi_doc, "solve", "post", 200)).validate(answer)


def test_finished_review_matches_the_document(client: FlaskClient, openapi_doc: dict) -> None:
    played = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
    response = client.post("/api/v1/review", json={**SOLVE, "play": played})
    answer = response.get_json()
    assert answer["to_move"] is None and answer["complete"] is True
    OAS31Validator(response_schema(openapi_doc, "review", "post", 200)).validate(answer)


@pytest.mark.parametrize(
    "body",
    [
        {"seat": "S", "hand": "AJT.A9..K", "dealer": "W", "layouts": 6, "choice_layouts": 2},
        {
            "seat": "N",
            "deal": HASENPFEFFER_DEAL,
            "layouts": 4,
            "choice_layouts": 2,
            "form": "alone",
            "bidding": "pepper",
        },
        {
            "seat": "N",
            "hand": "9S AD JD QD 9C",
            "upcard": "TD",
            "dealer": "N",
            "variant": "euchre",
            "layouts": 5,
            "choice_layouts": 2,
        },
        {"seat": "S", "hand": "KD QD TD 9D 9C", "upcard": "AS", "dealer": "N", "variant": "euchre2", "layouts": 5},
        {
            "seat": "E",
            "hand": "9S AD 9D QC 9C",
            "upcard": "JK",
            "dealer": "N",
            "variant": "euchre",
            "deck": 25,
            "layouts": 5,
        },
    ],
    ids=["hasenpfeffer", "from a deal", "euchre dealer", "euchre2", "a turned Joker"],
)
def test_one_seats_advice_matches_the_document(client: FlaskClient, openapi_doc: dict, body: dict) -> None:
    response = client.post("/api/v1/bid", json=body)
    assert response.status_code == 200, response.get_json()
    OAS31Validator(response_schema(openapi_doc, "bid", "post", 200)).validate(response.get_json())


def operations(doc: dict) -> list[tuple[str, str, dict]]:
    return [
        (path, method, operation) for path, methods in doc["paths"].items() for method, operation in methods.items()
    ]


def test_every_operation_has_an_id_and_a_tag(openapi_doc: dict) -> None:
    ids = [operation["operationId"] for _, _, operation in operations(openapi_doc)]
    assert len(ids) == len(set(ids)) == len(operations(openapi_doc)) > 10
    tags = {tag["name"] for tag in openapi_doc["tags"]}
    assert all(len(op["tags"]) == 1 and op["tags"][0] in tags for _, _, op in operations(openapi_doc))
    assert "const" not in str(openapi_doc["components"]["schemas"]["Error"]["properties"]["version"])


def posted_examples(doc: dict) -> list[tuple[str, dict]]:
    return [
        (path, op["requestBody"]["content"]["application/json"])
        for path, method, op in operations(doc)
        if method == "post"
    ]


def test_each_example_is_a_request_the_document_accepts(openapi_doc: dict) -> None:
    examples = posted_examples(openapi_doc)
    assert len(examples) > 8 and all("example" in body for _, body in examples)
    for _, body in examples:
        OAS31Validator({**body["schema"], "components": openapi_doc["components"]}).validate(body["example"])


@pytest.mark.compiled  # the single-dummy examples are too many solves for the pure-Python twin's time limit
def test_each_example_is_a_request_the_service_answers(client: FlaskClient, openapi_doc: dict) -> None:
    """The service answers each example as the document says, with the answer the document
    shows as its example (tools/build_response_examples.py made them; not its version)."""
    for path, body in posted_examples(openapi_doc):
        response = client.post(path, json=body["example"])
        assert response.status_code == 200, (path, response.get_json())
        name = path.removeprefix("/api/v1/")
        OAS31Validator(response_schema(openapi_doc, name, "post", 200)).validate(response.get_json())
        shown = openapi_doc["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["example"]
        answer = response.get_json()
        if "version" in answer:
            assert shown["version"] == answer["version"], "the document shows the running version"
        assert shown == answer, f"{path}: the example answer is stale: python tools/build_response_examples.py"
    # the health of the machine the examples were made on: only its shape is the service's
    health = client.get("/api/v1/health").get_json()
    assert set(
        openapi_doc["paths"]["/api/v1/health"]["get"]["responses"]["200"]["content"]["application/json"]["example"]
    ) == set(health)


def test_every_answer_has_an_example_the_document_accepts(openapi_doc: dict) -> None:
    """A reader (or a mock server) sees a real answer for each operation, of the shape the
    document gives."""
    shown = 0
    for path, _, operation in operations(openapi_doc):
        if path == "/api/v1/openapi.json":
            continue
        body = operation["responses"]["200"]["content"]["application/json"]
        assert "example" in body, path
        OAS31Validator({**body["schema"], "components": openapi_doc["components"]}).validate(body["example"])
        shown += 1
    assert shown == len(operations(openapi_doc)) - 1 > 10


def test_seats_suits_cards_and_games_are_shared_components(openapi_doc: dict) -> None:
    """A generated client makes one type of each: every seat, suit, card and game of the
    document is a reference to its component, never a list of its own."""
    schemas = openapi_doc["components"]["schemas"]
    assert schemas["Seat"]["enum"] == ["N", "E", "S", "W"] and schemas["Suit"]["enum"] == ["S", "H", "D", "C"]
    assert "pattern" in schemas["Card"] and "hasenpfeffer" in schemas["Variant"]["enum"]
    shared = {name: schemas[name] for name in ("Seat", "SeatName", "Suit", "TrumpName", "Card", "Variant")}
    inline = []

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            for name, schema in shared.items():
                same = {k: v for k, v in node.items() if k != "description"} == {
                    k: v for k, v in schema.items() if k != "description"
                }
                if same and where != f"/components/schemas/{name}":
                    inline.append(f"{where}: {name}")
            if "enum" in node and {"N", "E", "S", "W"} <= set(map(str, node["enum"])):
                if where not in ("/components/schemas/Seat", "/components/schemas/SeatName"):
                    inline.append(f"{where}: seats listed")
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(openapi_doc, "")
    assert not inline, inline
