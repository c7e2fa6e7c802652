"""The /api/v1 endpoints: check the body, answer from the cache or run the analysis."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from hasen import public
from hasen.analysis.answer import Answer
from hasen.analysis.inputs import (
    DEFAULT_CHOICE_LAYOUTS,
    DEFAULT_LAYOUTS,
    DEFAULT_REVIEW_LAYOUTS,
    coerce_seat,
    coerce_trump,
)
from hasen.analysis.inputs import request_position as position_of
from hasen.analysis.layouts import Knowledge
from hasen.analysis.lead import simulate_lead as simulate_leads
from hasen.analysis.play import PlayState
from hasen.analysis.record import Record
from hasen.analysis.simulate import simulate as simulate_layouts
from hasen.core.cards import CardId
from hasen.core.deal import Deal
from hasen.core.errors import HasenError
from hasen.core.variants import Variant, variant_for
from hasen.core.version import __version__
from hasen.games import game_of
from hasen.rules.seating import lead_settings_used
from hasen.rules.settings import (
    AUCTION_SETTINGS,
    PLAY_SETTINGS,
    Settings,
    checked_settings,
)
from hasen.search import USING_EXTENSION

from .bodies import BodyChecker, read_json
from .errors import ApiError, BadInput, TooLarge
from .openapi import (
    ADVICE_KEYS,
    PREFIX,
    RECORD_REQUEST,
    REVIEW_REQUEST,
    SOLVE_REQUEST,
    TABLE_REQUEST,
    batch_request,
    bid_request,
    document,
    hand_review_request,
    lead_request,
    simulate_request,
)
from .runner import Checkpoint
from .service import Job, Service

v1 = Blueprint("v1", __name__, url_prefix=PREFIX)

TABLE = BodyChecker(TABLE_REQUEST)
SOLVE = BodyChecker(SOLVE_REQUEST)
REVIEW = BodyChecker(REVIEW_REQUEST)


@lru_cache(maxsize=None)
def batch_checker(limit: int) -> BodyChecker:
    """The batch schema names the app's item limit, so there is one checker per limit."""
    return BodyChecker(batch_request(limit))


def service() -> Service:
    return current_app.extensions["hasen"]


def answer(data: dict[str, Any], cached: bool | None = None) -> Response:
    response = jsonify(data)
    if cached is not None:
        response.headers["X-Cache"] = "hit" if cached else "miss"
    return response


# --- table ----------------------------------------------------------------------------------

def body_settings(body: dict[str, Any], variant: Variant, names: tuple[str, ...]) -> Settings:
    """The settings a body gives (the others at their defaults), checked against the variant."""
    return checked_settings(variant, {name: body[name] for name in names if name in body})


def table_job(body: dict[str, Any]) -> Job:
    """The cache key and the work of one table request (checked, notation parsed)."""
    variant = variant_for(body.get("variant"), body.get("deck"))
    deal = Deal(body["deal"], body.get("dealer"), variant)
    declarer = coerce_seat(body["declarer"], "declarer") if "declarer" in body else None
    alone = body.get("alone", False)
    defender = coerce_seat(body["defender"], "defender") if "defender" in body else None
    settings = body_settings(body, variant, PLAY_SETTINGS)
    # a Deal compares by its cards, variant and dealer, however the string was written
    key = ("table", deal, declarer, alone, defender, settings)

    def work(checkpoint: Checkpoint) -> dict[str, Any]:
        # the table calls progress after each declarer's solves: a place to stop
        stop = lambda done, total: checkpoint()  # noqa: E731
        return game_of(variant).table(deal, declarer=declarer, alone=alone, defender=defender,
                                      settings=settings, progress=stop).to_json()

    return key, work


@v1.post("/table")
def table() -> Response:
    body = read_json(request)
    TABLE.check(body)
    key, work = table_job(body)
    data, cached = service().answer(key, work)
    return answer(data, cached)


# --- bid ------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def bid_checker(limit: int) -> BodyChecker:
    return BodyChecker(bid_request(limit))


@v1.post("/bid")
def bid() -> Response:
    body = read_json(request)
    if isinstance(body, dict) and "seat" not in body:
        given = [key for key in ADVICE_KEYS if key in body]
        if given:
            raise BadInput(f"body: {', '.join(given)} {'is' if len(given) == 1 else 'are'} for one seat's view "
                           "(single dummy): give \"seat\" too")
        if "deal" not in body:
            raise BadInput("body: missing key 'deal' (or 'seat' and its hand, for one seat's advice)")
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit)
    choice_layouts = body.get("choice_layouts", DEFAULT_CHOICE_LAYOUTS) if isinstance(body, dict) else None
    if isinstance(choice_layouts, int) and not isinstance(choice_layouts, bool) and choice_layouts > limit:
        raise TooLarge(f"choice_layouts: {choice_layouts}, at most {limit} per simulation (HASEN_SIMULATE_LIMIT)")
    bid_checker(limit).check(body)
    variant = variant_for(body.get("variant"), body.get("deck"))
    settings = body_settings(body, variant, PLAY_SETTINGS + AUCTION_SETTINGS)
    if "seat" in body:
        knowledge = public.knowledge_of(body.get("deal"), seat=body["seat"], hand=body.get("hand"),
                                        extra=body.get("upcard"), known=body.get("known"), dealer=body.get("dealer"),
                                        variant=variant, sees_widow=False, what="bid")
        seed, forms = body.get("seed", 0), FORMS[body.get("form", "both")]
        alone = None if forms is None else forms[0]
        return run_simulation(("bid", knowledge, settings, layouts, choice_layouts, seed, alone),
                              lambda progress: game_of(variant).advise(knowledge, settings, layouts, seed, alone,
                                                                       choice_layouts, progress=progress))
    deal = Deal(body["deal"], body.get("dealer"), variant)
    data, cached = service().answer(
        ("bid", deal, settings),
        lambda checkpoint: game_of(variant).bid(deal, settings, checkpoint=checkpoint).to_json())
    return answer(data, cached)


# --- solve ----------------------------------------------------------------------------------

def cards_played(state: PlayState) -> tuple[CardId, ...]:
    """The cards played so far, however the record was written: part of the cache key."""
    return tuple(c for _, cards, _ in state.tricks for c in cards) + tuple(state.trick)


def request_position(body: dict[str, Any], played: str) -> PlayState:
    """The position of a solve or review body, in its variant and settings (checked)."""
    variant = variant_for(body.get("variant"), body.get("deck"))
    settings = body_settings(body, variant, PLAY_SETTINGS)
    return position_of(body["deal"], body["declarer"], body["trump"], body.get("discard"),
                       body.get("alone", False), body.get("defender"), played,
                       dealer=body.get("dealer"), variant=variant, settings=settings)


@v1.post("/solve")
def solve() -> Response:
    body = read_json(request)
    SOLVE.check(body)
    state = request_position(body, body.get("played", ""))
    key = ("solve", state.deal, state.contract, state.settings, cards_played(state))
    data, cached = service().answer(
        key, lambda checkpoint: game_of(state.deal.variant).solve(state, checkpoint=checkpoint).to_json())
    return answer(data, cached)


# --- review ---------------------------------------------------------------------------------

RECORD_KEYS = ("played", "play")  # "play" is the record's older name, from before it matched /solve's


def record_key(body: dict[str, Any]) -> str:
    """Which of the record's names the body uses: exactly one of them."""
    given = [key for key in RECORD_KEYS if key in body]
    if len(given) > 1:
        raise BadInput("body: 'played' and its older name 'play' both given; give one")
    if not given:
        raise BadInput("body: missing key 'played' (the play record; 'play' is its older name)")
    return given[0]


@lru_cache(maxsize=None)
def hand_review_checker(limit: int) -> BodyChecker:
    return BodyChecker(hand_review_request(limit))


@v1.post("/review")
def review() -> Response:
    body = read_json(request)
    if isinstance(body, dict) and "record" in body:
        return review_record(body)
    REVIEW.check(body)
    record = body[record_key(body)]
    # the whole record is checked here, so that a bad one is a 400 before any solve
    end = request_position(body, record)
    deal, contract, settings = end.deal, end.contract, end.settings
    data, cached = service().answer(
        ("review", deal, contract, settings, cards_played(end)),
        lambda checkpoint: game_of(deal.variant).review(deal, contract, record, settings=settings,
                                                        checkpoint=checkpoint).to_json())
    return answer(data, cached)


def review_record(body: dict[str, Any]) -> Response:
    """A hand record reviewed fairly: each decision from its player's seat."""
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = body.get("layouts", DEFAULT_REVIEW_LAYOUTS)
    if isinstance(layouts, int) and not isinstance(layouts, bool) and layouts > limit:
        raise TooLarge(f"layouts: {layouts}, at most {limit} per decision (HASEN_SIMULATE_LIMIT)")
    hand_review_checker(limit).check(body)
    given = body["record"]
    record = Record.parse(given) if isinstance(given, str) else Record.from_json(given)
    if record.contract is None:
        raise BadInput("record: it has no contract to review (the auction is not over, or all passed)")
    seed = body.get("seed", 0)
    return run_simulation(("review", record.line(), layouts, seed),
                          lambda progress: public.review_hand(record, layouts=layouts, seed=seed, progress=progress))


# --- simulate -------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def simulate_checker(limit: int) -> BodyChecker:
    """The schema names the app's layout limit, so there is one checker per limit."""
    return BodyChecker(simulate_request(limit))


def checked_layouts(body: Any, limit: int) -> Any:
    """The layouts asked for (the default if none), refused with a 413 over the limit."""
    layouts = body.get("layouts", DEFAULT_LAYOUTS) if isinstance(body, dict) else None
    if isinstance(layouts, int) and not isinstance(layouts, bool) and layouts > limit:
        raise TooLarge(f"layouts: {layouts}, at most {limit} per simulation (HASEN_SIMULATE_LIMIT)")
    return layouts


FORMS = {"both": None, "partner": (False,), "alone": (True,)}  # the request's form: the forms to simulate


def simulation_body(checker: Callable[[int], BodyChecker]) -> tuple[dict[str, Any], int, Variant]:
    """A simulation's body, checked: the layouts asked for (413 over the limit), the variant."""
    body = read_json(request)
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit)
    checker(limit).check(body)
    return body, layouts, variant_for(body.get("variant"), body.get("deck"))


def knowledge_from(body: dict[str, Any], variant: Variant, extra_key: str | None) -> Knowledge:
    """What the simulating seat of a body knows; ``extra_key``: the extra card it sees, if any."""
    return public.knowledge_of(body.get("deal"), seat=body["seat"], hand=body.get("hand"),
                               extra=None if extra_key is None else body.get(extra_key), known=body.get("known"),
                               dealer=body.get("dealer"), variant=variant, sees_widow=extra_key is not None)


def run_simulation(key: tuple[Any, ...], simulate: Callable[[Callable[[int, int], None]], Answer]) -> Response:
    """Answer from the cache or run ``simulate(progress)``: each layout gathered is a place to stop."""
    def work(checkpoint: Checkpoint) -> dict[str, Any]:
        return simulate(lambda done, total: checkpoint()).to_json()

    data, cached = service().answer(key, work)
    return answer(data, cached)


@v1.post("/simulate")
def simulate() -> Response:
    body, layouts, variant = simulation_body(simulate_checker)
    extra_key, other_key = ("widow", "upcard") if variant.declarer_exchanges else ("upcard", "widow")
    if other_key in body:
        raise BadInput(f"{other_key}: {variant.name} has no {other_key}; give \"{extra_key}\"")
    settings = body_settings(body, variant, PLAY_SETTINGS + AUCTION_SETTINGS)
    knowledge = knowledge_from(body, variant, extra_key)
    seed, forms = body.get("seed", 0), FORMS[body.get("form", "both")]
    return run_simulation(("simulate", knowledge, settings, layouts, seed, forms),
                          lambda progress: simulate_layouts(knowledge, game_of(variant), layouts, seed, settings,
                                                            forms, progress=progress))


@lru_cache(maxsize=None)
def lead_checker(limit: int) -> BodyChecker:
    return BodyChecker(lead_request(limit))


@v1.post("/lead")
def lead() -> Response:
    body, layouts, variant = simulation_body(lead_checker)
    if "upcard" in body and variant.declarer_exchanges:
        raise BadInput(f"upcard: {variant.name} has no upcard (the widow is not seen by the leader)")
    settings = body_settings(body, variant, PLAY_SETTINGS)
    knowledge = knowledge_from(body, variant, None if variant.declarer_exchanges else "upcard")
    declarer, trump = coerce_seat(body["declarer"], "declarer"), coerce_trump(body["trump"])
    alone, seed = body.get("alone", False), body.get("seed", 0)
    return run_simulation(("lead", knowledge, declarer, trump, alone, settings, layouts, seed),
                          lambda progress: simulate_leads(knowledge, declarer, trump, alone, layouts, seed, settings,
                                                          progress=progress))


# --- batch ----------------------------------------------------------------------------------

@v1.post("/batch")
def batch() -> Response:
    body = read_json(request)
    limit = current_app.config["HASEN_BATCH_LIMIT"]
    items = body.get("items") if isinstance(body, dict) else None
    if isinstance(items, list) and len(items) > limit:
        raise TooLarge(f"items: {len(items)} items, at most {limit} per batch (HASEN_BATCH_LIMIT)")
    batch_checker(limit).check(body)
    assert isinstance(items, list)  # the schema says so
    jobs: list[Job | str] = []
    for item in items:
        try:
            TABLE.check(item, where="item")
            jobs.append(table_job(item))
        except ApiError as exc:
            jobs.append(exc.message)
        except HasenError as exc:
            jobs.append(str(exc))
    results = service().answer_all(jobs)
    return answer({"version": __version__, "results": results})


# --- record ---------------------------------------------------------------------------------

RECORD = BodyChecker(RECORD_REQUEST)


@v1.post("/record")
def record() -> Response:
    """A hand record, as text or JSON, checked and written back with its result (the page's
    record box reads records through it). Nothing is solved, so it is answered at once."""
    body = read_json(request)
    RECORD.check(body)
    given = body["record"]
    parsed = Record.parse(given) if isinstance(given, str) else Record.from_json(given)
    to_call, contract = parsed.to_call, parsed.contract
    # the settings that decide who leads this contract, where they differ from the defaults:
    # what the table, solve and review requests of the same hand need
    used = () if contract is None else lead_settings_used(contract.alone, contract.lone_defender)
    leads = {name: value for name, value in parsed.settings.changed().items() if name in used}
    return answer({"version": __version__, "record": parsed.to_json(), "text": str(parsed), "line": parsed.line(),
                   "to_call": None if to_call is None else str(to_call), "play_settings": leads})


# --- about the service ----------------------------------------------------------------------

@v1.get("/health")
def health() -> Response:
    svc = service()
    return answer({
        "status": "ok",
        "version": __version__,
        "extension": USING_EXTENSION,
        "threads": svc.runner.threads,
        "busy": svc.runner.busy,
        "cache": svc.cache.stats(),
    })


@v1.get("/openapi.json")
def openapi() -> Response:
    return answer(document(current_app.config))
