"""The /api/v1 endpoints: check the body, answer from the cache or run the analysis.

Each analysis is the Python API's (``hasen.public``), given the request's deadline. A body
is read once, as it comes in, into the library's own values (a ``Deal``, what a seat knows,
a position), which key the cache and are what the work runs from; they are read by the
library's own functions, so that the web API checks and answers exactly as the library does.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import cache, partial
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from hasen import public
from hasen.analysis.answer import Answer
from hasen.cli.session import Hand, hand_outcome, read_hands, summed_lines
from hasen.core.cards import card_name
from hasen.core.deal import Deal, read_deal
from hasen.core.errors import HasenError
from hasen.core.names import Seat, Suit
from hasen.core.run import Run
from hasen.core.settings import AUCTION_SETTINGS, JOKER_SETTINGS, PLAY_SETTINGS, SCORING_SETTINGS, checked_settings
from hasen.core.variants import Variant, variant_for
from hasen.core.version import __version__
from hasen.notation.egn import write_egn
from hasen.notation.inputs import request_position
from hasen.notation.record import Record
from hasen.notation.recorder import next_step, step_json, tapped_from_json
from hasen.play.state import PlayState
from hasen.rules.seating import play_settings_used
from hasen.search import USING_EXTENSION
from hasen.text.session_report import require_matplotlib, session_html

from .bodies import BodyChecker, read_json
from .errors import ApiError, BadInput, TooLarge
from .openapi import PREFIX, document
from .request_schemas import (
    ADVICE_KEYS,
    EGN_REQUEST,
    ODDS_REQUEST,
    RECORD_REQUEST,
    RECORDING_REQUEST,
    REVIEW_REQUEST,
    SOLVE_REQUEST,
    TABLE_REQUEST,
    batch_request,
    bid_request,
    hand_review_request,
    lead_request,
    night_request,
    simulate_request,
)
from .service import Job, Service

v1 = Blueprint("v1", __name__, url_prefix=PREFIX)

TABLE = BodyChecker(TABLE_REQUEST)
SOLVE = BodyChecker(SOLVE_REQUEST)
REVIEW = BodyChecker(REVIEW_REQUEST)


def run_until(deadline: float) -> Run:
    """An analysis's run, with the seconds left until ``deadline`` (a ``time.monotonic()``
    instant) as its ``timeout``."""
    return Run(timeout=max(0.0, deadline - time.monotonic()))


@cache
def batch_checker(limit: int) -> BodyChecker:
    """The batch schema names the app's item limit, so there is one checker per limit."""
    return BodyChecker(batch_request(limit))


def service() -> Service:
    found: Service = current_app.extensions["hasen"]
    return found


def answer(data: dict[str, Any], cached: bool | None = None) -> Response:
    response = jsonify(data)
    if cached is not None:
        response.headers["X-Cache"] = "hit" if cached else "miss"
    return response


# --- table ---------------------------------------------------------------------------------


def body_deal(body: dict[str, Any], names: tuple[str, ...], variant: Variant | None = None) -> Deal:
    """The body's deal, in its variant, with the table settings it gives (checked against
    the variant) among ``names``."""
    variant = variant or variant_for(body.get("variant"), body.get("deck"))
    settings = {name: body[name] for name in names if name in body}
    return read_deal(body["deal"], body.get("dealer"), variant, settings)


def table_job(body: dict[str, Any]) -> Job:
    """The cache key and the work of one table request (checked, notation parsed)."""
    deal = body_deal(body, PLAY_SETTINGS)
    # a Deal compares by its cards, variant, dealer and settings, however the string was written;
    # the seats are read once, for the key and the work
    declarer, defender = (
        None if body.get(name) is None else Seat(public.coerce_seat(body[name], name))
        for name in ("declarer", "defender")
    )
    alone = body.get("alone", False)
    key = ("table", deal, alone, declarer, defender)
    return key, lambda deadline: public.analyze(
        deal, declarer=declarer, alone=alone, defender=defender, run=run_until(deadline)
    ).to_json()


@v1.post("/table")
def table() -> Response:
    body = read_json(request)
    TABLE.check(body)
    key, work = table_job(body)
    data, cached = service().answer(key, work)
    return answer(data, cached)


# --- bid ------------------------------------------------------------------------------------


@cache
def bid_checker(limit: int) -> BodyChecker:
    """The schema names the app's layout limit (for one seat's advice)."""
    return BodyChecker(bid_request(limit))


@v1.post("/bid")
def bid() -> Response:
    body = read_json(request)
    if isinstance(body, dict) and "seat" not in body:
        given = [key for key in ADVICE_KEYS if key in body]
        if given:
            raise BadInput(
                f"body: {', '.join(given)} {'is' if len(given) == 1 else 'are'} for one seat's view "
                '(single dummy): give "seat" too'
            )
        if "deal" not in body:
            raise BadInput("body: missing key 'deal' (or 'seat' and its hand, for one seat's advice)")
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit)
    choice_layouts = checked_layouts(body, limit, "choice_layouts", public.DEFAULT_CHOICE_LAYOUTS)
    bid_checker(limit).check(body)
    names = PLAY_SETTINGS + AUCTION_SETTINGS
    if "seat" not in body:
        deal = body_deal(body, names)
        data, cached = service().answer(
            ("bid", deal), lambda deadline: public.bid(deal, run=run_until(deadline)).to_json()
        )
        return answer(data, cached)
    variant = variant_for(body.get("variant"), body.get("deck"))
    question = seat_question(body, variant, variant.seen_extra(), names, sees_widow=False, what="bid")
    work = partial(
        public.advise_seat,
        question,
        layouts=layouts,
        choice_layouts=choice_layouts,
        seed=body.get("seed", 0),
        alone=FORMS[body.get("form", "both")],
        model=body.get("model", True),
        uniform=body.get("uniform", False),
        score=body.get("score"),
    )
    return run_simulation(("bid", *work.args, *work.keywords.values()), lambda deadline: work(deadline=deadline))


# --- solve ----------------------------------------------------------------------------------


def contract_of(body: dict[str, Any], played: str) -> tuple[PlayState, tuple[Any, ...]]:
    """The position after ``played`` in the contract of a solve or review body, read once (its
    contract's notation checked before its deal), and its cache key: the deal, the contract
    and the cards played so far, however the record was written."""
    public.check_contract_notation(body["declarer"], body["trump"], body.get("discard"))
    state = request_position(
        body_deal(body, PLAY_SETTINGS),
        body["declarer"],
        body["trump"],
        body.get("discard"),
        body.get("alone", False),
        body.get("defender"),
        played,
        body.get("best"),
        body.get("defender_best"),
    )
    cards = tuple(c for _, trick, _ in state.tricks for c in trick) + tuple(state.trick)
    return state, (state.deal, state.contract, cards)


@v1.post("/solve")
def solve() -> Response:
    body = read_json(request)
    SOLVE.check(body)
    played = body.get("played", "")
    state, key = contract_of(body, played)
    data, cached = service().answer(
        ("solve", *key), lambda deadline: public.solve_position(state, deadline=deadline).to_json()
    )
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


@cache
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
    state, key = contract_of(body, record)
    data, cached = service().answer(
        ("review", *key), lambda deadline: public.review_position(state, record, deadline=deadline).to_json()
    )
    return answer(data, cached)


def review_record(body: dict[str, Any]) -> Response:
    """A hand record reviewed fairly: each decision from its player's seat."""
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit, "layouts", public.DEFAULT_REVIEW_LAYOUTS, "decision")
    hand_review_checker(limit).check(body)
    given = body["record"]
    record = Record.parse(given) if isinstance(given, str) else Record.from_json(given)
    if record.contract is None:
        raise BadInput("record: it has no contract to review (the auction is not over, or all passed)")
    seed, uniform, score = body.get("seed", 0), body.get("uniform", False), body.get("score")
    return run_simulation(
        ("review", record.line(), layouts, seed, uniform, score),
        lambda deadline: public.review_hand(
            record, layouts=layouts, seed=seed, uniform=uniform, score=score, run=run_until(deadline)
        ),
    )


# --- simulate -------------------------------------------------------------------------------


@cache
def simulate_checker(limit: int) -> BodyChecker:
    """The schema names the app's layout limit, so there is one checker per limit."""
    return BodyChecker(simulate_request(limit))


def checked_layouts(
    body: Any, limit: int, key: str = "layouts", default: int | None = None, per: str = "simulation"
) -> Any:
    """The layouts asked for under ``key`` (the default if none), refused with a 413 over
    the limit."""
    layouts = body.get(key, public.DEFAULT_LAYOUTS if default is None else default) if isinstance(body, dict) else None
    if isinstance(layouts, int) and not isinstance(layouts, bool) and layouts > limit:
        shown = f"{layouts}" if layouts < 10**12 else f"a number of {len(str(layouts))} digits"
        raise TooLarge(f"{key}: {shown}, at most {limit} per {per} (HASEN_SIMULATE_LIMIT)")
    return layouts


FORMS = {"both": None, "partner": False, "alone": True}  # the request's form: the ``alone`` to simulate


def simulation_body(checker: Callable[[int], BodyChecker]) -> tuple[dict[str, Any], int, Variant]:
    """A simulation's body, checked: the layouts asked for (413 over the limit), the variant."""
    body = read_json(request)
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit)
    checker(limit).check(body)
    return body, layouts, variant_for(body.get("variant"), body.get("deck"))


def seat_question(
    body: dict[str, Any],
    variant: Variant,
    extra_key: str | None,
    names: tuple[str, ...],
    sees_widow: bool,
    what: str = "simulate",
) -> public.SeatQuestion:
    """What the seat of a simulation body knows, read and checked once: its cards, from a deal
    or from its hand and ``extra_key``'s card (the extra card it sees, if any), with the table
    settings among ``names``, and the calls so far. It is the request's cache key too."""
    other = variant.other_extra_card  # given, it would be dropped: refused by name
    if other in body:
        seat = "bidder" if what == "bid" else "leader"
        why = f'give "{extra_key}"' if extra_key else f"the {variant.extra_card} is not seen by the {seat}"
        raise BadInput(f"{other}: {variant.name} has no {other} ({why})")
    given = [key for key in ("hand", extra_key) if key is not None and key in body]
    if "deal" in body and given:
        cards = " and ".join(f'"{key}"' for key in ("hand", extra_key) if key is not None)
        raise BadInput(f'{given[0]}: give a "deal", or the seat\'s {cards} with "dealer", not both')
    options: dict[str, Any] = {"seat": body["seat"], "known": body.get("known"), "auction": body.get("auction")}
    if "deal" in body:
        options["deal"] = body_deal(body, names, variant)
    else:
        options.update(
            hand=body.get("hand"),
            extra=None if extra_key is None else body.get(extra_key),
            dealer=body.get("dealer"),
            variant=variant,
            settings={name: body[name] for name in names if name in body},
        )
    return public.seat_question(public.SeatView(**options), sees_widow=sees_widow, what=what)


def run_simulation(key: tuple[Any, ...], simulate: Callable[[float], Answer]) -> Response:
    """Answer from the cache or run ``simulate(deadline)`` in the single-dummy lane: it stops
    at the deadline."""
    data, cached = service().answer(key, lambda deadline: simulate(deadline).to_json(), costly=True)
    return answer(data, cached)


@v1.post("/simulate")
def simulate() -> Response:
    body, layouts, variant = simulation_body(simulate_checker)
    question = seat_question(body, variant, variant.extra_card, PLAY_SETTINGS + AUCTION_SETTINGS, sees_widow=True)
    work = partial(
        public.simulate_seat,
        question,
        layouts=layouts,
        seed=body.get("seed", 0),
        alone=FORMS[body.get("form", "both")],
        uniform=body.get("uniform", False),
    )
    return run_simulation(("simulate", *work.args, *work.keywords.values()), lambda deadline: work(deadline=deadline))


@cache
def lead_checker(limit: int) -> BodyChecker:
    return BodyChecker(lead_request(limit))


@v1.post("/lead")
def lead() -> Response:
    body, layouts, variant = simulation_body(lead_checker)
    question = seat_question(body, variant, variant.seen_extra(), PLAY_SETTINGS, sees_widow=False, what="lead")
    work = partial(
        public.lead_of_seat,
        question,
        declarer=Seat(public.coerce_seat(body["declarer"], "declarer")),
        trump=Suit(public.coerce_trump(body["trump"])),
        alone=body.get("alone", False),
        layouts=layouts,
        seed=body.get("seed", 0),
        bid=body.get("bid"),
        uniform=body.get("uniform", False),
    )
    return run_simulation(("lead", *work.args, *work.keywords.values()), lambda deadline: work(deadline=deadline))


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
    # the settings that change this contract's play (who leads, calls for best, who takes a
    # turned Joker), where they differ from the defaults: what the table, solve and review
    # requests of the same hand need; before a contract, only who takes a turned Joker
    used = JOKER_SETTINGS if contract is None else play_settings_used(contract.alone, contract.lone_defender)
    play = {name: value for name, value in parsed.settings.changed().items() if name in used}
    return answer(
        {
            "version": __version__,
            "record": parsed.to_json(),
            "text": str(parsed),
            "line": parsed.line(),
            "to_call": None if to_call is None else str(to_call),
            "play_settings": play,
            # a discard not seen: the card the play shows was put away, which the page replays with
            "play_discard": card_name(contract.discard)
            if contract is not None and "discard" in parsed.unknown
            else None,
        }
    )


# --- a night of records: its hands reviewed one by one, then its report ----------------------


@cache
def night_checker(limit: int, hand: bool = False) -> BodyChecker:
    return BodyChecker(night_request(limit, hand))


def night_body(hand: bool = False) -> tuple[dict[str, Any], list[Hand], int]:
    """The body checked, the night's hands placed in its games, and the layouts asked for."""
    body = read_json(request)
    limit = current_app.config["HASEN_SIMULATE_LIMIT"]
    layouts = checked_layouts(body, limit, "layouts", public.DEFAULT_REVIEW_LAYOUTS, "decision")
    night_checker(limit, hand).check(body)
    return body, read_hands("records", body["records"]), layouts


def night_review(text: str, score: tuple[Any, ...] | None, layouts: int, seed: int) -> tuple[dict[str, Any], bool]:
    """One hand's fair review at its place in the games, from the cache or made now: the
    report finds there the hands the page had reviewed one by one."""
    return service().answer(
        ("night", text, layouts, seed, score),
        lambda deadline: public.review_hand(
            text, layouts=layouts, seed=seed, score=score, run=run_until(deadline)
        ).to_json(),
        costly=True,
    )


def not_reviewed(hand: Hand) -> str:
    return "passed out: dealt again" if hand.passed_out else str(hand.error)


@v1.post("/night")
def night() -> Response:
    """A night's hands as the report takes them: which are reviewed, at which score. Nothing
    is solved."""
    _, hands, _ = night_body()
    plan = []
    for hand in hands:
        entry: dict[str, Any] = {"id": hand.id, "reviewable": hand.text is not None}
        if hand.text is None:
            entry["why"] = not_reviewed(hand)
        if hand.game is not None:
            entry["score"] = list(hand.game["score"])
        plan.append(entry)
    return answer({"version": __version__, "hands": plan})


@v1.post("/night/review")
def night_review_hand() -> Response:
    """One hand of the night reviewed (the page shows the night's progress hand by hand)."""
    body, hands, layouts = night_body(hand=True)
    index = body["hand"]
    if index >= len(hands):
        raise BadInput(f"hand: {index}: the night has {len(hands)} hands, 0 to {len(hands) - 1}")
    hand = hands[index]
    if hand.text is None:
        raise BadInput(f"hand: {index} (id {hand.id}) is not reviewed: {not_reviewed(hand)}")
    review, cached = night_review(hand.text, hand.score, layouts, body.get("seed", 0))
    mistakes = sum(totals["mistakes"] for totals in review["players"].values())
    return answer({"version": __version__, "hand": index, "id": hand.id, "mistakes": mistakes}, cached)


@v1.post("/night/report")
def night_report() -> Response:
    """The night's report, as ``hasen session --html`` writes it, each hand linked to its
    review on this server's page; hands reviewed before come from the cache."""
    body, hands, layouts = night_body()
    require_matplotlib()
    seed = body.get("seed", 0)
    lines = [
        {"id": hand.id, **hand_outcome(hand, lambda text, score: night_review(text, score, layouts, seed)[0])}
        for hand in hands
    ]
    night = summed_lines(lines)
    html = session_html(night.session, "hasen: tonight's hands", layouts, len(night.errors), request.host_url)
    return answer({"version": __version__, "html": html, "hands": len(night.session.reviewed)})


EGN = BodyChecker(EGN_REQUEST)


@v1.post("/egn")
def egn() -> Response:
    """Records of Euchre games written as EGN (the page's night downloads through it)."""
    body = read_json(request)
    EGN.check(body)
    records = Record.parse_all(body["records"])
    return answer({"version": __version__, "egn": write_egn(records, body.get("title")), "hands": len(records)})


RECORDING = BodyChecker(RECORDING_REQUEST)


@v1.post("/record/step")
def record_step() -> Response:
    """The next step of a hand recorded at the table (the page's recorder): whose turn it is
    and what it may do; once the last card is played, the hand's record. Nothing is solved."""
    body = read_json(request)
    RECORDING.check(body)
    variant = variant_for(body.get("variant"), body.get("deck"))
    settings = checked_settings(variant, dict(body.get("settings", {})))
    step = next_step(tapped_from_json(body, variant, settings))
    return answer({"version": __version__, **step_json(step)})


# --- odds -----------------------------------------------------------------------------------

ODDS = BodyChecker(ODDS_REQUEST)


@v1.post("/odds")
def odds() -> Response:
    """The chance of winning the game from a score: read from the shipped table."""
    body = read_json(request)
    ODDS.check(body)
    variant = variant_for(body.get("variant"), body.get("deck"))
    settings = public.settings_for(variant, {name: body[name] for name in SCORING_SETTINGS if name in body})
    score, dealer = body["score"], body.get("dealer")
    # the table of other scoring settings is worked out (seconds), as any analysis: under the time limit,
    # in the single-dummy lane, once for every request asking for it at the time
    data, cached = service().answer(
        ("odds", variant, settings, json.dumps(score, sort_keys=True), dealer),
        lambda deadline: public.odds(score, dealer=dealer, variant=variant, settings=settings).to_json(),
        costly=True,
    )
    return answer(data, cached)


# --- about the service ----------------------------------------------------------------------


@v1.get("/health")
def health() -> Response:
    svc = service()
    return answer(
        {
            "status": "ok",
            "version": __version__,
            "extension": USING_EXTENSION,
            "threads": svc.runner.threads,
            "busy": svc.runner.busy,
            "cache": {**svc.cache.stats(), "shared": svc.shared},
        }
    )


@v1.get("/openapi.json")
def openapi() -> Response:
    return answer(document(current_app.config))
