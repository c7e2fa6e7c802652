"""The review page's DOM-free functions (api/static/hands.js and simulation.js) run under
node and checked against the solver's answers and the oracle: the hands of a deal, the hands
at the first lead, how a hand is sorted once trump is known, random deals, the review as a
series of values, the dealer's discard in a Euchre table; the single-dummy view's request,
the figures it picks from the answer and how it writes them. Skipped without node."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from examples import EUCHRE, EUCHRE2, HASENPFEFFER, Example
from flask import Flask
from flask.testing import FlaskClient
from oracle import card_facts
from test_page import page_facts

import hasen
from hasen.core.cards import card_name, cards_of, mask_of, parse_card
from hasen.core.deal import Deal, format_hand
from hasen.core.seats import SEATS
from hasen.core.variants import VARIANTS, variant_for

NODE = shutil.which("node")
STATIC = Path(__file__).resolve().parents[2] / "api" / "static"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian: apt-get install nodejs)")

# Runs each call on hands.js and prints the answers, or the error a call threw.
RUNNER = """
import * as hands from "./hands.js";
import * as simulation from "./simulation.js";
import * as words from "./words.js";
import { readFileSync } from "node:fs";

const { facts, calls } = JSON.parse(readFileSync(0, "utf8"));
// a seeded generator for randomDeal, so that a failure can be replayed
function seeded(seed) {  // mulberry32
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const game = (g) => facts.games[g.name].decks[g.deck];
const run = {
  parseDeal: ([g, text]) => hands.parseDeal(text, game(g), facts),
  startingHands: ([g, text, contract]) => hands.startingHands(hands.parseDeal(text, game(g), facts), game(g), contract),
  sortHand: ([g, cards, trump]) => hands.sortHand(cards, hands.handOrder(game(g), facts, trump).order),
  randomDeal: ([g, seed]) => hands.randomDeal(game(g), facts, seeded(seed)),
  valueSeries: ([review]) => hands.valueSeries(review),
  wonSeries: ([g, review, declarer]) => hands.wonSeries(review, game(g), declarer),
  dealerChoice: ([entry]) => hands.dealerChoice(entry),
  simulateBody: ([view, gameBody]) => simulation.simulateBody(view, gameBody, facts.singleDummy),
  simulatedForm: ([answer, alone]) => simulation.simulatedForm(answer, alone),
  bidFor: ([g, tricks]) => simulation.bidFor(game(g).bids, tricks),
  contractChoice: ([form, trump, discard]) => simulation.contractChoice(form, trump, discard),
  bidRows: ([g, form]) => simulation.bidRows(form, game(g).bids),
  decimal: ([value, places, sign]) => simulation.decimal(value, places, sign),
  percent: ([share]) => simulation.percent(share),
  pageMessage: ([message]) => words.pageMessage(message, facts),
  linkSeat: ([value, name, g, title]) => words.linkSeat(value, name, game(g), title),
  linkFlag: ([value, name]) => words.linkFlag(value, name),
  resultWords: ([result]) => words.resultWords(result),
  recordState: ([record, toCall]) => words.recordState(record, toCall),
};
const answers = calls.map(([name, args]) => {
  try {
    return { value: run[name](args) };
  } catch (err) {
    return { error: err.message };
  }
});
process.stdout.write(JSON.stringify(answers));
"""


@pytest.fixture(scope="module")
def facts() -> dict:
    from hasen.api import create_app

    with create_app({"TESTING": True}).test_client() as client:
        return page_facts(client.get("/").get_data(as_text=True))


@pytest.fixture
def js(facts: dict, tmp_path: Path):
    """``js([(name, args), ...])``: each call's answer ({"value": ...} or {"error": ...})."""
    for module in ("hands.js", "simulation.js", "words.js"):
        shutil.copy(STATIC / module, tmp_path / module)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(RUNNER)

    def call(calls: list[tuple[str, list]]) -> list[dict]:
        done = subprocess.run([NODE, "run.js"], cwd=tmp_path, input=json.dumps({"facts": facts, "calls": calls}),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return call


def game_of(deal: Deal) -> dict:
    return {"name": deal.variant.name, "deck": str(deal.variant.deck_size)}


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


def random_deals(count: int) -> list[Deal]:
    """Deals of every game and deck, from the solver's own notation, for the functions to read."""
    rng = random.Random(9)
    deals = []
    for decks in VARIANTS.values():
        for variant in decks.values():
            for _ in range(count):
                cards = cards_of(variant.deck)
                rng.shuffle(cards)
                seats = [SEATS[s] for s in variant.seats]
                size = variant.hand_size
                text = seats[0] + ":" + " ".join(
                    _dotted(cards[i * size:(i + 1) * size]) for i in range(len(seats))) + " " + card_name(
                    cards[len(seats) * size])
                deals.append(Deal(text, dealer=rng.choice(seats), variant=variant))
    return deals


def _dotted(cards: list[int]) -> str:
    return format_hand(mask_of(cards))


def test_the_hands_of_a_canonical_deal(js) -> None:
    deals = random_deals(5)
    answers = js([("parseDeal", [game_of(d), d.notation()]) for d in deals])
    for deal, answer in zip(deals, answers):
        hands = answer["value"]["hands"]
        assert set(hands) == {SEATS[s] for s in deal.variant.seats}, deal
        for seat in deal.variant.seats:
            assert set(hands[SEATS[seat]]) == names(deal.hands[seat]), deal
        assert answer["value"]["extra"] == card_name(deal.extra)


@pytest.mark.parametrize("example", [HASENPFEFFER, EUCHRE2, EUCHRE], ids=lambda e: e.variant)
def test_the_hands_at_the_first_lead(js, example: Example) -> None:
    deal = Deal(example.deal, example.dealer, variant=example.variant)
    text, g = deal.notation(), game_of(deal)
    six = deal.hands[deal.dealer if example.variant != "hasenpfeffer" else 0] | 1 << deal.extra
    seat = "N" if example.variant == "hasenpfeffer" else example.dealer  # who takes the widow or upcard
    calls = [("startingHands", [g, text, {"declarer": "N", "dealer": example.dealer, "discard": card_name(c)}])
             for c in cards_of(six)]
    answers = js(calls + [("startingHands", [g, text, {"declarer": "N", "dealer": example.dealer, "discard": None}])])
    for card, answer in zip(cards_of(six), answers):
        held = answer["value"]
        assert set(held[seat]) == names(six & ~(1 << card)), card_name(card)
        for other in held:
            if other != seat:
                assert set(held[other]) == names(deal.hands[SEATS.index(other)])
    # nobody took the upcard (a Euchre trump of another suit): the hands as dealt
    if example.variant != "hasenpfeffer":
        assert {s: set(c) for s, c in answers[-1]["value"].items()} == \
            {SEATS[s]: names(deal.hands[s]) for s in deal.variant.seats}


def test_a_discard_not_in_canonical_form_is_refused_not_guessed(js, hasenpfeffer: Example) -> None:
    # issue 9: a link's "K♥" made the page put away the widow instead of KH
    deal = Deal(hasenpfeffer.deal, hasenpfeffer.dealer)
    contract = {"declarer": "N", "dealer": "W"}
    answers = js([("startingHands", [game_of(deal), deal.notation(), {**contract, "discard": discard}])
                  for discard in ("K♥", " KH", "*", "KH")])
    for answer in answers[:3]:
        assert "error" in answer and "is not among" in answer["error"]
    assert set(answers[3]["value"]["N"]) == {"AS", "KS", "AC", "QC", "JC", "JK"}


def test_hands_sorted_for_the_trump(js) -> None:
    """Trumps first, strongest first (the Joker, right and left bowers included), then the
    other suits, colours alternating; by the oracle's effective suits and powers."""
    rng = random.Random(3)
    cases = []
    for deal in random_deals(4):
        for seat in deal.variant.seats:
            cards = [card_name(c) for c in cards_of(deal.hands[seat] | 1 << deal.extra)]
            rng.shuffle(cards)
            cases.append((deal, cards, rng.choice("SHDC")))
    answers = js([("sortHand", [game_of(d), cards, trump]) for d, cards, trump in cases])
    red = {"H", "D"}
    for (_deal, cards, trump), answer in zip(cases, answers):
        shown = answer["value"]
        assert sorted(shown) == sorted(cards)
        suits_seen = []
        for card in shown:
            suit, _ = card_facts(parse_card(card), trump)
            if not suits_seen or suits_seen[-1] != suit:
                assert suit not in suits_seen, f"{shown}: {suit} is split"
                suits_seen.append(suit)
        if trump in suits_seen:
            assert suits_seen[0] == trump, shown
        order = ([trump] + [s for s in "SHDC" if (s in red) != (trump in red)][:1]
                 + [s for s in "SHDC" if s != trump and (s in red) == (trump in red)]
                 + [s for s in "SHDC" if (s in red) != (trump in red)][1:])
        assert suits_seen == [s for s in order if s in suits_seen], shown
        powers = [card_facts(parse_card(c), trump) for c in shown]
        for (s1, p1), (s2, p2) in zip(powers, powers[1:]):
            assert s1 != s2 or p1 > p2, shown


@pytest.mark.parametrize(("name", "size"), [(n, s) for n, d in VARIANTS.items() for s in d])
def test_random_deals_are_valid_deals_of_the_game(js, name: str, size: int) -> None:
    answers = js([("randomDeal", [{"name": name, "deck": str(size)}, seed]) for seed in range(1, 201)])
    variant = variant_for(name, size)
    seen_extra = set()
    for answer in answers:
        deal = Deal(answer["value"]["deal"], variant=variant)  # raises if it is not a valid deal
        assert SEATS[deal.dealer] == answer["value"]["dealer"]
        assert deal.notation() == answer["value"]["deal"]  # written in canonical form, from the dealer
        seen_extra.add(deal.extra)
    assert len(seen_extra) > variant.deck_size // 2  # the extra card is not always the same


def review_of(client: FlaskClient, body: dict) -> dict:
    response = client.post("/api/v1/review", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


@pytest.mark.parametrize(("body", "declarer"), [
    # two costly cards, then the hand played out with best play
    ({"deal": HASENPFEFFER.deal, "dealer": "W", "trump": "C", "discard": "KH", "play": "AS KC 9S QS | AH 9H JH JC",
      "play_out": True}, "N"),
    ({"deal": EUCHRE.deal, "variant": "euchre", "trump": "S", "discard": "AC", "play": "AD 9D QD JC | KS"}, "E"),
    ({"deal": EUCHRE2.deal, "variant": "euchre2", "trump": "H", "play": ""}, "S"),
])
def test_the_review_as_a_series(js, client: FlaskClient, body: dict, declarer: str) -> None:
    body = {**body, "declarer": declarer}
    play_out = body.pop("play_out", False)
    if play_out:
        position = {k: v for k, v in body.items() if k != "play"}
        solved = client.post("/api/v1/solve", json={**position, "played": body["play"]}).get_json()
        body["play"] += " " + solved["best_line"]
    review = review_of(client, body)
    if play_out:
        assert review["complete"] and any(c["cost"] for c in review["cards"])
    g = {"name": review["variant"], "deck": str(review.get("deck", 25))}
    values, won = js([("valueSeries", [review]), ("wonSeries", [g, review, declarer])])
    cards = review["cards"]
    expected = [cards[0]["before"], *(c["after"] for c in cards)] if cards else [review["total"]]
    assert [p["value"] for p in values["value"]] == expected
    assert [p["cost"] for p in values["value"]] == [0, *(c["cost"] for c in cards)][:len(expected)]
    # tricks won: counted from the completed tricks' winners, on the declarer's side
    variant = variant_for(review["variant"], review.get("deck"))
    side = variant.side_of(SEATS.index(declarer))
    counts, taken, seats = [0], 0, len(review["players"])
    for i, _card in enumerate(cards, start=1):
        if i % seats == 0 and variant.side_of(SEATS.index(review["tricks"][i // seats - 1]["winner"])) == side:
            taken += 1
        counts.append(taken)
    assert won["value"] == counts
    assert counts[-1] == review["taken"]


def test_the_dealers_discard_in_a_euchre_table(js) -> None:
    deals = [d for d in random_deals(3) if not d.variant.declarer_exchanges]
    cases = []
    for deal in deals:
        for table in hasen.analyze(hasen.Deal(deal.notation(), variant=deal.variant.name,
                                              deck=deal.variant.deck_size)).tables.values():
            for entry in table.entries.values():
                if entry.discard is not None:
                    cases.append((entry.to_json(), card_name(entry.discard)))
    assert cases
    answers = js([("dealerChoice", [entry]) for entry, _ in cases])
    assert [a["value"] for a in answers] == [choice for _, choice in cases]


# --- the single-dummy view (simulation.js) ----------------------------------------------------

def joker_turned_deal() -> Deal:
    """Four-hand Euchre, 25 cards, the Joker turned up: the dealer takes it whatever the trump."""
    variant = variant_for("euchre", 25)
    rng = random.Random(5)
    while True:
        cards = cards_of(variant.deck)
        rng.shuffle(cards)
        if card_name(cards[20]) == "JK":
            text = "N:" + " ".join(_dotted(cards[i * 5:(i + 1) * 5]) for i in range(4)) + " JK"
            return Deal(text, dealer="W", variant=variant)


# (deal, declarer, alone): each game; the Euchre dealer as maker (its discard its own choice)
# and not; alone
SIMULATIONS = [
    (Deal(HASENPFEFFER.deal, HASENPFEFFER.dealer), "N", False),
    (Deal(HASENPFEFFER.deal, HASENPFEFFER.dealer), "E", True),
    (Deal(EUCHRE2.deal, EUCHRE2.dealer, variant=variant_for("euchre2")), "S", False),
    (Deal(EUCHRE2.deal, EUCHRE2.dealer, variant=variant_for("euchre2")), "N", False),
    (Deal(EUCHRE.deal, EUCHRE.dealer, variant=variant_for("euchre")), "E", False),
    (Deal(EUCHRE.deal, EUCHRE.dealer, variant=variant_for("euchre")), "N", False),
    (Deal(EUCHRE.deal, EUCHRE.dealer, variant=variant_for("euchre")), "S", True),
    (joker_turned_deal(), "W", False),
]


def simulation_id(case: tuple[Deal, str, bool]) -> str:
    deal, declarer, alone = case
    return f"{deal.variant.name}-{deal.variant.deck_size}-{declarer}{'-alone' if alone else ''}"


@pytest.mark.slow  # 200 layouts, twice: seconds with the compiled search, minutes with its Python twin
@pytest.mark.parametrize("case", SIMULATIONS, ids=simulation_id)
def test_the_single_dummy_view_picks_the_apis_figures(js, facts: dict, module_app: Flask,
                                                      case: tuple[Deal, str, bool]) -> None:
    deal, declarer, alone = case
    g = game_of(deal)
    game_body = {"variant": deal.variant.name, "deck": deal.variant.deck_size}
    view = {"deal": deal.notation(), "dealer": SEATS[deal.dealer], "declarer": declarer, "alone": alone}
    (body,) = js([("simulateBody", [view, game_body])])
    body = body["value"]
    # the request: the declarer's cards, the form of play on view, the page's layouts and seed
    assert body == {"deal": deal.notation(), "dealer": SEATS[deal.dealer], "seat": declarer, **game_body,
                    "layouts": facts["singleDummy"]["layouts"], "seed": facts["singleDummy"]["seed"],
                    "form": "alone" if alone else "partner"}
    assert facts["singleDummy"] == {"layouts": 200, "seed": 0}
    client = module_app.test_client()
    response = client.post("/api/v1/simulate", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    sim = hasen.simulate(hasen.Deal(deal.notation(), SEATS[deal.dealer], deal.variant.name, deal.variant.deck_size),
                         seat=declarer, layouts=200, seed=0, alone=alone)
    assert answer == sim.to_json()
    (name, stats), = sim.forms.items()
    api_form = answer["forms"][name]

    table = client.post("/api/v1/table", json={
        "deal": deal.notation(), "declarer": declarer, "alone": alone, **game_body}).get_json()["declarers"][declarer]
    contracts = []  # every contract of the table, and the choice of the simulation it is
    for trump, row in table["tricks"].items():
        if isinstance(row, int):  # Euchre, nobody takes the upcard
            contracts.append((trump, None, (trump, None)))
            continue
        for discard in (d for d in row if d != "value"):
            # the discard is the seat's own in Hasenpfeffer, and in Euchre when the seat deals
            own = deal.variant.declarer_exchanges or SEATS[deal.dealer] == declarer
            contracts.append((trump, discard, (trump, discard if own else None)))
    by_choice = {(c["trump"], c["discard"]): c for c in api_form["choices"]}
    calls = [("simulatedForm", [answer, alone]), ("simulatedForm", [answer, not alone]), ("bidRows", [g, api_form])]
    calls += [("contractChoice", [api_form, trump, discard]) for trump, discard, _ in contracts]
    calls += [("bidFor", [g, tricks]) for tricks in range(deal.variant.hand_size + 1)]
    form, other, rows, *rest = js(calls)
    chosen, bids = rest[:len(contracts)], rest[len(contracts):]

    assert form["value"] == api_form
    assert "has no form" in other["error"]  # only the form asked for is there
    for (trump, discard, expected), got in zip(contracts, chosen):
        assert got["value"] == by_choice[expected], (trump, discard)
    if not deal.variant.declarer_exchanges and SEATS[deal.dealer] != declarer:
        assert all(c["value"]["discard"] is None for c in chosen)  # another dealer's discard is no choice
    # per bid: the best choice by expected points, its points, its share of making the bid
    needs = {bid: int(bid) if bid.isdigit() else 3 for bid in stats.best()}
    assert rows["value"] == [
        {"bid": bid, "needs": needs[bid], "choice": c.to_json(), "score": round(c.scores[bid], 4),
         "make": round(c.at_least(needs[bid]), 4)} for bid, c in stats.best().items()]
    # the bid the double-dummy best's tricks make: the highest they reach, else the lowest
    for tricks, got in enumerate(bids):
        reached = [bid for bid in needs if needs[bid] <= tricks]
        bid = reached[-1] if reached else next(iter(needs))
        assert got["value"] == {"name": bid, "needs": needs[bid]}, tricks


def half_up(value: float, places: int) -> Decimal:
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def test_the_single_dummy_figures_in_words(js) -> None:
    # the API's figures have four decimals: rounded half away from zero on those decimals
    values = [0.0, 1.0, 0.955, 0.005, 0.0049, 0.125, 2.415, 5.8599, 0.0626, 1.145, 6.0, 0.9999, 3.005, 1.005, 0.285]
    values += [-v for v in values if v]
    rng = random.Random(4)
    values += [round(rng.uniform(-12, 12), 4) for _ in range(200)]
    shares = [v for v in values if 0 <= v <= 1] + [round(rng.randrange(201) / 200, 4) for _ in range(100)]
    calls = [("decimal", [v, 2, sign]) for v in values for sign in (False, True)]
    calls += [("percent", [s]) for s in shares]
    answers = [a["value"] for a in js(calls)]
    expected = []
    for v in values:
        r = half_up(v, 2)
        text = f"{abs(r):.2f}"
        expected += [("−" if r < 0 else "") + text, ("−" if r < 0 else "+" if r > 0 else "") + text]
    expected += [f"{Decimal(repr(s)).scaleb(2).quantize(Decimal(1), ROUND_HALF_UP)}%" for s in shares]
    assert answers == expected
    assert answers[calls.index(("percent", [0.955]))] == "96%"
    assert answers[calls.index(("decimal", [2.415, 2, False]))] == "2.42"
    assert answers[calls.index(("decimal", [-1.145, 2, True]))] == "−1.15"


# --- the page's own words (words.js; issue 19, item 4) --------------------------------------------

def test_the_api_messages_in_the_pages_words(js, client: FlaskClient) -> None:
    """The notation's hints name the command line's and the API's options; the page names its
    controls instead, and leaves every other message as the API wrote it."""
    bodies = [{"deal": "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"},
              {"deal": "N:..KQT9.9 T9.AK8.. AS", "variant": "euchre2"},
              {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "declarer": "N", "defender": "E"},
              {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ", "declarer": "N"}]
    messages = []
    for body in bodies:
        response = client.post("/api/v1/table", json=body)
        assert response.status_code == 400
        messages.append(response.get_json()["error"])
    assert "pass --variant euchre, or \"variant\" in the API" in messages[0]
    assert "--deck 32" in messages[1] and "(--alone)" in messages[2]
    shown = [a["value"] for a in js([("pageMessage", [m]) for m in messages])]
    assert shown[0] == "deal: N holds 5 cards, expected 6: 'A.K..AQJ' (5-card hands in 5 fields fit Euchre: " \
                       "choose it under Game)"
    assert shown[1] == "deal: 8H in S's hand is not in the euchre2 deck (24 cards) (it is in the 32-card deck: " \
                       "choose 32 cards under Deck)"
    assert shown[2] == "defender: a defender plays alone only against a lone declarer"
    assert shown[3] == messages[3]  # nothing to put in other words
    assert not any("--" in m or "API" in m for m in shown)


def test_the_seats_of_a_link(js) -> None:
    euchre2 = {"name": "euchre2", "deck": "24"}
    hasen = {"name": "hasenpfeffer", "deck": "25"}
    answers = js([("linkSeat", ["w", "dealer", hasen, "Hasenpfeffer"]), ("linkSeat", [" n ", "dealer", hasen, "H"]),
                  ("linkSeat", [None, "dealer", hasen, "H"]), ("linkSeat", ["", "dealer", hasen, "H"]),
                  ("linkSeat", ["x", "dealer", hasen, "Hasenpfeffer"]),
                  ("linkSeat", ["e", "declarer", euchre2, "Two-handed Euchre"]),
                  ("linkFlag", ["1", "alone"]), ("linkFlag", [None, "alone"]), ("linkFlag", ["0", "alone"]),
                  ("linkFlag", ["yes", "alone"])])
    assert [a.get("value", a.get("error")) for a in answers] == [
        "W", "N", None, None, "The link's dealer 'x' is not a seat of Hasenpfeffer: N, E, S or W.",
        "The link's declarer 'e' is not a seat of Two-handed Euchre: N or S.", True, False, False,
        "The link's alone 'yes' is not 1 or 0."]


def test_a_records_result_in_words(js, client: FlaskClient) -> None:
    from hasen.api.page import EXAMPLE_RECORDS

    texts = [EXAMPLE_RECORDS["euchre2"],
             "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, N pass, S pass, N pass",
             "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass",
             "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, N pass, S name H; "
             "contract: S, trump H; play: AH KD | KH"]
    answers = [client.post("/api/v1/record", json={"record": t}).get_json() for t in texts]
    shown = js([("resultWords", [a["record"]["result"]]) for a in answers] +
               [("recordState", [a["record"], a["to_call"]]) for a in answers])
    assert [a["value"] for a in shown] == [
        "S took 5 tricks: made · score S +2, N 0", "Nobody declared: the hand is dealt again · no score", None, None,
        None, None, "The auction goes on: N to call. No contract yet.",
        "The record stops after 3 cards of the play: no result yet."]
