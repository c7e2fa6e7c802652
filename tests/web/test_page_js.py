"""The review page's DOM-free functions (api/static/hands.js, simulation.js, words.js,
advice.js and fair.js) run under node and checked against the solver's answers and the
oracle: the hands of a deal, the hands at the first lead, how a hand is sorted once trump is
known, random deals, the review as a series of values, the dealer's discard in a Euchre
table; the single-dummy view's request, the figures it picks from the answer and how it
writes them; the bid advice and the fair review of a hand record in words. Skipped without
node."""

from __future__ import annotations

import json
import random
import re
import select
import shutil
import subprocess
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from examples import EUCHRE, EUCHRE2, HASENPFEFFER, Example
from flask import Flask
from flask.testing import FlaskClient
from oracle import card_facts
from page_words import RECORDS, SYMBOLS, card_words, expected_card, half_up, page_facts, share, trump_words, two

import hasen
from hasen.api.page import PAGE_GAMES
from hasen.core.cards import card_name, cards_of, mask_of, parse_card
from hasen.core.deal import Deal, format_hand
from hasen.core.seats import SEATS
from hasen.core.variants import VARIANTS, variant_for
from hasen.text.advice import bid_line, round_line

NODE = shutil.which("node")
STATIC = Path(__file__).resolve().parents[2] / "api" / "static"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian: apt-get install nodejs)")

# One Node process for the module: it reads the page's facts, then a list of calls a line, and
# answers each list on a line of its own (each call's value, or the error it threw).
RUNNER = """
import * as advice from "./advice.js";
import * as fair from "./fair.js";
import * as hands from "./hands.js";
import * as simulation from "./simulation.js";
import * as words from "./words.js";
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin });
let facts;
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
const text = (pieces) => words.plainText(pieces, facts);
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
  plainText: ([pieces]) => words.plainText(pieces, facts),
  // the bid advice and the fair review: sentences as the page shows them
  adviceBody: ([view, gameBody, settings, singleDummy]) => advice.adviceBody(view, gameBody, settings, singleDummy),
  adviceLines: ([answer, g]) => advice.adviceLines(answer, game(g)).map((p) => words.plainText(p, facts)),
  adviceBasis: ([answer, g]) => advice.adviceBasis(answer, game(g)).map((p) => words.plainText(p, facts)),
  bidFigures: ([form]) => advice.bidFigures(form).map((row) => ({ ...row, trumps: text(row.trumps) })),
  callFigures: ([answer]) => advice.callFigures(answer).map((row) => ({ ...row, call: text(row.call) })),
  tableLine: ([answer, g]) => {
    const pieces = advice.tableLine(answer, game(g));
    return pieces && words.plainText(pieces, facts);
  },
  actionRows: ([answer, g]) => advice.actionRows(answer, game(g)).map((row) => ({ ...row, option: text(row.option) })),
  fairBody: ([record, singleDummy]) => fair.fairBody(record, singleDummy),
  withPlay: ([record, cards]) => fair.withPlay(record, cards),
  sharedCards: ([review, view]) => fair.sharedCards(review, view),
  cardVerdict: ([card]) => {
    const { verdict, single, double } = fair.cardVerdict(card, facts.mistake);
    return { verdict, single: words.plainText(single, facts), double: double && words.plainText(double, facts) };
  },
  callVerdicts: ([review]) => fair.callVerdicts(review).map(({ call, words: pieces }) => ({
    number: call.number, text: words.plainText(pieces, facts) })),
  whyWords: ([why, made, best]) => words.plainText(fair.whyWords(why, [made], [best]), facts),
  choiceVerdict: ([review, g]) => {
    const pieces = fair.choiceVerdict(review, game(g));
    return pieces && words.plainText(pieces, facts);
  },
  parWords: ([review]) => words.plainText(fair.parWords(review), facts),
  playerRows: ([review]) => fair.playerRows(review),
};
for await (const line of lines) {
  if (facts === undefined) {
    facts = JSON.parse(line);
    continue;
  }
  const answers = JSON.parse(line).map(([name, args]) => {
    try {
      return { value: run[name](args) };
    } catch (err) {
      return { error: err.message };
    }
  });
  process.stdout.write(JSON.stringify(answers) + "\\n");
}
"""


@pytest.fixture(scope="module")
def facts() -> dict:
    from hasen.api import create_app

    with create_app({"TESTING": True}).test_client() as client:
        return page_facts(client.get("/").get_data(as_text=True))


@pytest.fixture(scope="module")
def js(facts: dict, tmp_path_factory: pytest.TempPathFactory):
    """``js([(name, args), ...])``: each call's answer ({"value": ...} or {"error": ...}), from
    one Node process for the module (a process a call took most of the module's time)."""
    folder = tmp_path_factory.mktemp("page-js")
    for module in ("hands.js", "simulation.js", "words.js", "advice.js", "fair.js"):
        shutil.copy(STATIC / module, folder / module)
    (folder / "package.json").write_text('{"type": "module"}')
    (folder / "run.js").write_text(RUNNER)
    errors = folder / "stderr.txt"  # a file, not a pipe: a pipe left unread could fill and stop node
    with errors.open("w") as stderr:
        node = subprocess.Popen(
            [NODE, "run.js"], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, text=True
        )
    assert node.stdin is not None and node.stdout is not None
    node.stdin.write(json.dumps(facts) + "\n")

    def call(calls: list[tuple[str, list]]) -> list[dict]:
        node.stdin.write(json.dumps(calls) + "\n")
        node.stdin.flush()
        ready, _, _ = select.select([node.stdout], [], [], 60)
        line = node.stdout.readline() if ready else ""
        assert line, f"node answered nothing in 60 s: {errors.read_text()}"
        return json.loads(line)

    try:
        yield call
        node.stdin.close()
        assert node.wait(timeout=30) == 0, errors.read_text()
    finally:
        if node.poll() is None:
            node.kill()
            node.wait()
        node.stdout.close()


def game_of(deal: Deal) -> dict:
    return {"name": deal.variant.name, "deck": str(deal.variant.deck_size)}


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


def random_deals(count: int) -> list[Deal]:
    """Deals of every game and deck, from the solver's own notation, for the functions to read."""
    rng = random.Random(9)
    deals = []
    for decks in (VARIANTS[name] for name in PAGE_GAMES):
        for variant in decks.values():
            for _ in range(count):
                cards = cards_of(variant.deck)
                rng.shuffle(cards)
                seats = [SEATS[s] for s in variant.seats]
                size = variant.hand_size
                text = (
                    seats[0]
                    + ":"
                    + " ".join(_dotted(cards[i * size : (i + 1) * size]) for i in range(len(seats)))
                    + " "
                    + card_name(cards[len(seats) * size])
                )
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
    calls = [
        ("startingHands", [g, text, {"declarer": "N", "dealer": example.dealer, "discard": card_name(c)}])
        for c in cards_of(six)
    ]
    answers = js(calls + [("startingHands", [g, text, {"declarer": "N", "dealer": example.dealer, "discard": None}])])
    for card, answer in zip(cards_of(six), answers):
        held = answer["value"]
        assert set(held[seat]) == names(six & ~(1 << card)), card_name(card)
        for other in held:
            if other != seat:
                assert set(held[other]) == names(deal.hands[SEATS.index(other)])
    # nobody took the upcard (a Euchre trump of another suit): the hands as dealt
    if example.variant != "hasenpfeffer":
        assert {s: set(c) for s, c in answers[-1]["value"].items()} == {
            SEATS[s]: names(deal.hands[s]) for s in deal.variant.seats
        }


def test_a_discard_not_in_canonical_form_is_refused_not_guessed(js, hasenpfeffer: Example) -> None:
    # a link's "K♥" made the page put away the widow instead of KH
    deal = Deal(hasenpfeffer.deal, hasenpfeffer.dealer)
    contract = {"declarer": "N", "dealer": "W"}
    answers = js(
        [
            ("startingHands", [game_of(deal), deal.notation(), {**contract, "discard": discard}])
            for discard in ("K♥", " KH", "*", "KH")
        ]
    )
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
        order = (
            [trump]
            + [s for s in "SHDC" if (s in red) != (trump in red)][:1]
            + [s for s in "SHDC" if s != trump and (s in red) == (trump in red)]
            + [s for s in "SHDC" if (s in red) != (trump in red)][1:]
        )
        assert suits_seen == [s for s in order if s in suits_seen], shown
        powers = [card_facts(parse_card(c), trump) for c in shown]
        for (s1, p1), (s2, p2) in zip(powers, powers[1:]):
            assert s1 != s2 or p1 > p2, shown


@pytest.mark.parametrize(("name", "size"), [(n, s) for n in PAGE_GAMES for s in VARIANTS[n]])
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


@pytest.mark.parametrize(
    ("body", "declarer"),
    [
        # two costly cards, then the hand played out with best play
        (
            {
                "deal": HASENPFEFFER.deal,
                "dealer": "W",
                "trump": "C",
                "discard": "KH",
                "play": "AS KC 9S QS | AH 9H JH JC",
                "play_out": True,
            },
            "N",
        ),
        ({"deal": EUCHRE.deal, "variant": "euchre", "trump": "S", "discard": "AC", "play": "AD 9D QD JC | KS"}, "E"),
        ({"deal": EUCHRE2.deal, "variant": "euchre2", "trump": "H", "play": ""}, "S"),
    ],
)
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
    assert [p["cost"] for p in values["value"]] == [0, *(c["cost"] for c in cards)][: len(expected)]
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
        for table in hasen.analyze(
            hasen.Deal(deal.notation(), variant=deal.variant.name, deck=deal.variant.deck_size)
        ).tables.values():
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
            text = "N:" + " ".join(_dotted(cards[i * 5 : (i + 1) * 5]) for i in range(4)) + " JK"
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
def test_the_single_dummy_view_picks_the_apis_figures(
    js, facts: dict, module_app: Flask, case: tuple[Deal, str, bool]
) -> None:
    deal, declarer, alone = case
    g = game_of(deal)
    game_body = {"variant": deal.variant.name, "deck": deal.variant.deck_size}
    view = {"deal": deal.notation(), "dealer": SEATS[deal.dealer], "declarer": declarer, "alone": alone}
    (body,) = js([("simulateBody", [view, game_body])])
    body = body["value"]
    # the request: the declarer's cards, the form of play on view, the page's layouts and seed
    assert body == {
        "deal": deal.notation(),
        "dealer": SEATS[deal.dealer],
        "seat": declarer,
        **game_body,
        "layouts": facts["singleDummy"]["layouts"],
        "seed": facts["singleDummy"]["seed"],
        "form": "alone" if alone else "partner",
    }
    assert facts["singleDummy"] == {"layouts": 200, "seed": 0}
    client = module_app.test_client()
    response = client.post("/api/v1/simulate", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    sim = hasen.simulate(
        hasen.SeatView(
            declarer, deal=hasen.Deal(deal.notation(), SEATS[deal.dealer], deal.variant.name, deal.variant.deck_size)
        ),
        layouts=200,
        seed=0,
        alone=alone,
    )
    assert answer == sim.to_json()
    ((name, stats),) = sim.forms.items()
    api_form = answer["forms"][name]

    table = client.post(
        "/api/v1/table", json={"deal": deal.notation(), "declarer": declarer, "alone": alone, **game_body}
    ).get_json()["declarers"][declarer]
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
    chosen, bids = rest[: len(contracts)], rest[len(contracts) :]

    assert form["value"] == api_form
    assert "has no form" in other["error"]  # only the form asked for is there
    for (trump, discard, expected), got in zip(contracts, chosen):
        assert got["value"] == by_choice[expected], (trump, discard)
    if not deal.variant.declarer_exchanges and SEATS[deal.dealer] != declarer:
        assert all(c["value"]["discard"] is None for c in chosen)  # another dealer's discard is no choice
    # per bid: the best choice by expected points, its points, its share of making the bid
    needs = {bid: int(bid) if bid.isdigit() else 3 for bid in stats.best()}
    assert rows["value"] == [
        {
            "bid": bid,
            "needs": needs[bid],
            "choice": c.to_json(),
            "score": round(c.scores[bid], 4),
            "make": round(c.at_least(needs[bid]), 4),
        }
        for bid, c in stats.best().items()
    ]
    # the bid the double-dummy best's tricks make: the highest they reach, else the lowest
    for tricks, got in enumerate(bids):
        reached = [bid for bid in needs if needs[bid] <= tricks]
        bid = reached[-1] if reached else next(iter(needs))
        assert got["value"] == {"name": bid, "needs": needs[bid]}, tricks


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


# --- the page's own words --------------------------------------------


def test_the_api_messages_in_the_pages_words(js, client: FlaskClient) -> None:
    """The notation's hints name the command line's and the API's options; the page names its
    controls instead, and leaves every other message as the API wrote it."""
    bodies = [
        {"deal": "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"},
        {"deal": "N:..KQT9.9 T9.AK8.. AS", "variant": "euchre2"},
        {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "declarer": "N", "defender": "E"},
        {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ", "declarer": "N"},
    ]
    messages = []
    for body in bodies:
        response = client.post("/api/v1/table", json=body)
        assert response.status_code == 400
        messages.append(response.get_json()["error"])
    assert 'pass --variant euchre or --variant railroad, or "variant" in the API' in messages[0]
    assert "--deck 32" in messages[1] and "(--alone)" in messages[2]
    shown = [a["value"] for a in js([("pageMessage", [m]) for m in messages])]
    assert (
        shown[0] == "deal: N holds 5 cards, expected 6: 'A.K..AQJ' (5-card hands in 5 fields fit Euchre or "
        "Railroad Euchre: choose one under Game)"
    )
    assert (
        shown[1] == "deal: 8H in S's hand is not in the euchre2 deck (24 cards) (it is in the 32-card deck: "
        "choose 32 cards under Deck)"
    )
    assert shown[2] == "defender: a defender plays alone only against a lone declarer"
    assert shown[3] == messages[3]  # nothing to put in other words
    assert not any("--" in m or "API" in m for m in shown)


def test_the_seats_of_a_link(js) -> None:
    euchre2 = {"name": "euchre2", "deck": "24"}
    hasen = {"name": "hasenpfeffer", "deck": "25"}
    answers = js(
        [
            ("linkSeat", ["w", "dealer", hasen, "Hasenpfeffer"]),
            ("linkSeat", [" n ", "dealer", hasen, "H"]),
            ("linkSeat", [None, "dealer", hasen, "H"]),
            ("linkSeat", ["", "dealer", hasen, "H"]),
            ("linkSeat", ["x", "dealer", hasen, "Hasenpfeffer"]),
            ("linkSeat", ["e", "declarer", euchre2, "Two-handed Euchre"]),
            ("linkFlag", ["1", "alone"]),
            ("linkFlag", [None, "alone"]),
            ("linkFlag", ["0", "alone"]),
            ("linkFlag", ["yes", "alone"]),
        ]
    )
    assert [a.get("value", a.get("error")) for a in answers] == [
        "W",
        "N",
        None,
        None,
        "The link's dealer 'x' is not a seat of Hasenpfeffer: N, E, S or W.",
        "The link's declarer 'e' is not a seat of Two-handed Euchre: N or S.",
        True,
        False,
        False,
        "The link's alone 'yes' is not 1 or 0.",
    ]


def test_a_records_result_in_words(js, client: FlaskClient) -> None:
    from hasen.api.page import EXAMPLE_RECORDS

    texts = [
        EXAMPLE_RECORDS["euchre2"],
        "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, N pass, S pass, N pass",
        "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass",
        "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, N pass, S name H; "
        "contract: S, trump H; play: AH KD | KH",
    ]
    answers = [client.post("/api/v1/record", json={"record": t}).get_json() for t in texts]
    shown = js(
        [("resultWords", [a["record"]["result"]]) for a in answers]
        + [("recordState", [a["record"], a["to_call"]]) for a in answers]
    )
    assert [a["value"] for a in shown] == [
        "S took 5 tricks: made · score S +2, N 0",
        "Nobody declared: the hand is dealt again · no score",
        None,
        None,
        None,
        None,
        "The auction goes on: N to call. No contract yet.",
        "The record stops after 3 cards of the play: no result yet.",
    ]


def test_each_played_records_result_in_words(js, client: FlaskClient) -> None:
    """Made or down, by how much and the score of each game's example record and of one that
    goes down: the API's result, and the page's words for it (the browser shows them for a few
    of these records, test_browser.py)."""
    answers = {name: client.post("/api/v1/record", json={"record": r[0]}).get_json() for name, r in RECORDS.items()}
    for name, (_, _, made, down, score) in RECORDS.items():
        result = answers[name]["record"]["result"]
        assert (result["made"], result["down"], result["score"]) == (made, down, score), name
    shown = js([("resultWords", [a["record"]["result"]]) for a in answers.values()])
    assert [a["value"] for a in shown] == [words for _, words, *_ in RECORDS.values()]


# --- the bid advice and the fair review in words ----------


def post_json(client: FlaskClient, endpoint: str, body: dict) -> dict:
    response = client.post(f"/api/v1/{endpoint}", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


ADVICE_LAYOUTS = {"layouts": 40, "seed": 3}  # few layouts: these tests are about the words
FEW_CHOICES = {"choice_layouts": 5}  # and few for the declarer's later choice, added to the page's body
HASEN_GAME = {"name": "hasenpfeffer", "deck": "25"}


def test_plain_text_of_cards_and_trumps(js) -> None:
    (answer,) = js(
        [("plainText", [["best ", {"card": "TD"}, ", ", {"card": "JK"}, " in ", {"trump": "C"}, " ", {"suit": "H"}]])]
    )
    assert answer["value"] == "best 10♦, JK in ♣ clubs ♥"


def decision(line: str) -> str:
    """An advice line up to its figures, the suit symbols left out: "Alone: worth bidding up to 5
    (clubs most often): 5", "With the partner: pass; no bid scores above 0 on average (the best, 1,"."""
    return re.split(r";? (?:it )?makes | expects ", re.sub("[♠♥♦♣] ", "", line))[0]


def expected_form_line(answer: dict, name: str) -> str:
    """A Hasenpfeffer form's advice, worded from the API's figures by the test."""
    labels = {"with_partner": "With the partner", "alone": "Alone"}
    form = answer["forms"][name]
    if form["worth"] is None:
        best = max(form["bids"], key=lambda b: b["expected"])
        return (
            f"{labels[name]}: pass; no bid scores above 0 on average (the best, {best['bid']}, expects "
            f"{two(best['expected'], True)})"
        )
    worth = next(b for b in form["bids"] if b["bid"] == form["worth"])
    other = next(n for n in answer["forms"] if n != name)
    there = next(b for b in answer["forms"][other]["bids"] if b["bid"] == worth["bid"])
    return (
        f"{labels[name]}: worth bidding up to {worth['bid']} ({trump_words(worth['trump'])} most often): "
        f"{worth['bid']} makes {share(worth['make'])} of the time, expected {two(worth['expected'], True)} points "
        f"({labels[other].lower()}: {two(there['expected'], True)})"
    )


@pytest.mark.compiled
@pytest.mark.parametrize("seat", ["N", "S"])  # N's is worth a bid; S's alone is a pass
def test_the_hasenpfeffer_bid_advice_in_words(js, client: FlaskClient, seat: str) -> None:
    """The advice first, as `hasen bid --seat` says it; then each bid's figures."""
    view = {"deal": HASENPFEFFER.deal, "dealer": HASENPFEFFER.dealer, "declarer": seat, "alone": True}
    settings = {"bidding": "pepper"}  # a record's scoring and bidding go with the request
    (body,) = js([("adviceBody", [view, {"variant": "hasenpfeffer", "deck": 25}, settings, ADVICE_LAYOUTS])])
    assert body["value"] == {
        "deal": HASENPFEFFER.deal,
        "dealer": HASENPFEFFER.dealer,
        "seat": seat,
        "variant": "hasenpfeffer",
        "deck": 25,
        "bidding": "pepper",
        **ADVICE_LAYOUTS,
    }
    answer = post_json(client, "bid", {**body["value"], **FEW_CHOICES})
    lines, basis, *figures = js(
        [("adviceLines", [answer, HASEN_GAME]), ("adviceBasis", [answer, HASEN_GAME])]
        + [("bidFigures", [answer["forms"][name]]) for name in answer["forms"]]
    )
    assert list(answer["forms"]) == ["with_partner", "alone"]
    assert lines["value"] == [expected_form_line(answer, name) for name in answer["forms"]]
    if seat == "S":
        assert lines["value"][1].startswith("Alone: pass; no bid scores above 0")
    # the same advice as the command line's (`hasen bid --seat`): the same bid and trump, or pass
    advice = hasen.advise(
        hasen.SeatView.in_deal(
            hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer, settings={"bidding": "pepper"}), seat
        ),
        **ADVICE_LAYOUTS,
        **FEW_CHOICES,
    )
    assert advice.to_json() == answer
    forms = list(advice.forms.values())
    for line, form, other in zip(lines["value"], forms, reversed(forms)):
        words = bid_line(form, "With the partner" if not form.alone else "Alone", other)
        assert decision(line) == decision(words), (line, words)
    assert basis["value"] == [
        f"Knowing only {seat}'s six cards and who deals ({HASENPFEFFER.dealer}): the widow and the other 18 cards are "
        "dealt at random over 40 layouts (seed 3), each played out double dummy (every hand open, best play). After "
        "each option the auction goes on by the model of the other players (how a player bids knowing only its own "
        "cards), and the contract it ends in is played out.",
        f"Trump and discard are chosen after the widow is taken, on up to {answer['choice_layouts']} other layouts "
        "for each card it can be (the choices plainly behind are dropped as the layouts come), so that the choice "
        "never sees the layout it is scored on.",
    ]
    for name, rows in zip(answer["forms"], figures):
        form = answer["forms"][name]
        assert [r["bid"] for r in rows["value"]] == ["1", "2", "3", "4", "5", "little pepper", "big pepper"]
        for row, bid in zip(rows["value"], form["bids"]):
            shares = sorted(bid["trumps"].items(), key=lambda kv: -kv[1])
            assert row == {
                "bid": bid["bid"],
                "worth": bid["bid"] == form["worth"],
                "make": share(bid["make"]),
                "expected": two(bid["expected"], True),
                "stderr": f"±{two(bid['stderr'])}",
                "tricks": two(bid["mean_tricks"]),
                "trumps": ", ".join(f"{SYMBOLS[t]} {share(n)}" for t, n in shares),
            }


def expected_call_words(call: dict, dealer: bool) -> str:
    words = (
        ("pick it up" if dealer else "order it up")
        if call["call"] == "order up"
        else f"name {trump_words(call['trump'])}"
    )
    if call["alone"]:
        words += " alone"
    if call.get("discard"):
        words += f", discarding {card_words(call['discard'])}"
    return words


def expected_round_line(answer: dict, round: int) -> str:
    calls = [c for c in answer["calls"] if c["round"] == round]
    title = "First round" if round == 1 else "Second round"
    dealer = answer["seat"] == answer["dealer"]
    pick = answer["best"][str(round)]
    if pick is None:
        top = max(calls, key=lambda c: c["expected"])
        return (
            f"{title}: pass (the best call, {expected_call_words(top, dealer)}, expects {two(top['expected'], True)})"
        )
    best = next(c for c in calls if (c["call"], c["alone"]) == (pick["call"], pick["alone"]))
    must = " (the dealer must call)" if best["expected"] <= 0 else ""
    return (
        f"{title}: {expected_call_words(best, dealer)}{must}; it makes {share(best['make'])} of the time, "
        f"expected {two(best['expected'], True)} points"
    )


def notation_words(line: str) -> str:
    """A line of the page in the command line's spelling: "♥ hearts" as "hearts", "10♦" as "TD"."""
    letters = {symbol: suit for suit, symbol in SYMBOLS.items()}
    line = re.sub("[♠♥♦♣] ", "", line)
    return re.sub("(10|[AKQJ2-9])([♠♥♦♣])", lambda m: ("T" if m[1] == "10" else m[1]) + letters[m[2]], line)


# (deal, dealer, seat): the Two-handed dealer (its discard, a first round it passes); a
# four-hand seat that is not the dealer (every call with the partner and alone)
CALL_ADVICE = [
    (Deal(EUCHRE2.deal, "N", variant=variant_for("euchre2")), "N"),
    (Deal(EUCHRE.deal, "N", variant=variant_for("euchre")), "E"),
]


@pytest.mark.parametrize(("deal", "seat"), CALL_ADVICE, ids=lambda v: v if isinstance(v, str) else v.variant.name)
def test_the_euchre_call_advice_in_words(js, client: FlaskClient, deal: Deal, seat: str) -> None:
    g = game_of(deal)
    view = {"deal": deal.notation(), "dealer": SEATS[deal.dealer], "declarer": seat, "alone": False}
    game_body = {"variant": deal.variant.name, "deck": deal.variant.deck_size}
    (body,) = js([("adviceBody", [view, game_body, {}, ADVICE_LAYOUTS])])
    answer = post_json(client, "bid", {**body["value"], **FEW_CHOICES})
    lines, basis, rows = js([("adviceLines", [answer, g]), ("adviceBasis", [answer, g]), ("callFigures", [answer])])
    rounds = sorted({c["round"] for c in answer["calls"]})
    assert rounds == [1, 2]
    assert lines["value"] == [expected_round_line(answer, r) for r in rounds]
    # the command line's advice for each round, in the page's words
    advice = hasen.advise(hasen.SeatView.in_deal(deal, seat), **ADVICE_LAYOUTS, **FEW_CHOICES)
    assert advice.to_json() == answer
    for line, r in zip(lines["value"], rounds):
        cli = round_line(advice, r)
        assert decision(notation_words(line)) == decision(cli), (line, cli)
    if seat == "N":  # the dealer: its first round is a pass, naming the card it would discard
        assert lines["value"][0].startswith("First round: pass (the best call, pick it up, discarding ")
    else:
        assert any(c["alone"] for c in answer["calls"]) and any(not c["alone"] for c in answer["calls"])
    held = len(answer["hand"].split())
    unseen = deal.variant.deck_size - held - 1
    assert basis["value"][0] == (
        f"Knowing only {seat}'s five cards, the upcard {card_words(answer['upcard'])} and who deals "
        f"({answer['dealer']}): the other {unseen} cards are dealt at random over {answer['layouts']} layouts "
        "(seed 3), each played out double dummy (every hand open, best play). After each option the auction goes "
        "on by the model of the other players (how a player bids knowing only its own cards), and the contract it "
        "ends in is played out."
    )
    assert (
        basis["value"][1:]
        == [
            f"The dealer's discard is chosen on up to {answer['choice_layouts']} other "
            "layouts (the discards plainly behind are dropped as the layouts come)."
        ]
    ) == (seat == SEATS[deal.dealer])
    dealer = seat == answer["dealer"]
    assert rows["value"] == [
        {
            "round": c["round"],
            "call": expected_call_words(c, dealer),
            "make": share(c["make"]),
            "march": share(c["march"]),
            "euchred": share(c["euchred"]),
            "expected": two(c["expected"], True),
            "stderr": f"±{two(c['stderr'])}",
            "best": answer["best"][str(c["round"])] == {"call": c["call"], "alone": c["alone"]},
        }
        for c in answer["calls"]
    ]


@pytest.mark.compiled
@pytest.mark.parametrize(
    ("deal", "seat"),
    [*CALL_ADVICE, (Deal(HASENPFEFFER.deal, HASENPFEFFER.dealer), "N")],
    ids=["euchre2", "euchre", "hasenpfeffer"],
)
def test_the_options_at_the_table_in_words(js, client: FlaskClient, deal: Deal, seat: str) -> None:
    """The headline is the option worth most, as ``hasen bid --seat`` names it, with what
    passing is worth; a row for each option."""
    g = game_of(deal)
    body = {
        "deal": deal.notation(),
        "dealer": SEATS[deal.dealer],
        "seat": seat,
        "variant": deal.variant.name,
        "deck": deal.variant.deck_size,
        **ADVICE_LAYOUTS,
        **FEW_CHOICES,
    }
    answer = post_json(client, "bid", body)
    headline, rows = (a["value"] for a in js([("tableLine", [answer, g]), ("actionRows", [answer, g])]))
    best = max(answer["actions"], key=lambda a: a["expected"])
    assert best["call"] == answer["advice"]
    hasenpfeffer = deal.variant.declarer_exchanges

    def words(action: dict) -> str:
        if hasenpfeffer:
            if action["call"] == "pass":
                return "pass"
            form = " alone" if action["alone"] else " with the partner"
            return f"bid up to {action['call'].removesuffix(' alone')}{form}"
        if action["call"] == "pass":
            later = answer.get("second_round")
            if later is None:
                return "pass"
            return (
                "pass (pass again in the second round)"
                if later == "pass"
                else f"pass (then {call_words(later, seat == answer['dealer'])} in the second round)"
            )
        return call_words(action["call"], seat == answer["dealer"])

    shown = words(best)
    close = [next(a for a in answer["actions"] if a["call"] == call) for call in answer["close_calls"]]
    if len(close) > 1:  # options within the sampling error of the best: a close call, none of them advice

        def listed(items: list[str], last: str) -> str:
            return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"

        what = listed([words(a) for a in close], "or")
        figures = listed([two(a["expected"], True) for a in close], "and")
        assert headline == (
            f"{what[0].upper()}{what[1:]}: a close call (expected {figures} points for "
            f"{deal.variant.score_names[deal.variant.scorer_of(SEATS.index(seat))]}; the difference "
            "is within the sampling error)."
        )
    else:
        assert headline.startswith(f"{shown[0].upper()}{shown[1:]}: expected {two(best['expected'], True)} points for ")
        passing = next(a for a in answer["actions"] if a["call"] == "pass")
        if passing is not best and passing["expected"] != best["expected"]:
            assert f"; passing: {two(passing['expected'], True)} (" in headline
    assert [r["option"] for r in rows] == [words(a) for a in answer["actions"]]
    assert [(r["expected"], r["ours"]) for r in rows] == [
        (two(a["expected"], True), share(a["ours"])) for a in answer["actions"]
    ]


def test_a_dealer_stuck_with_the_call_and_a_turned_joker(js, client: FlaskClient) -> None:
    """The dealer who must name trump says so; a seat with nothing to decide says why."""
    euchre2 = {"name": "euchre2", "deck": "24"}
    stuck = {
        "seat": "N",
        "dealer": "N",
        "upcard": "AS",
        "hand": "TD 9D 9C 9H TH",
        "calls": [
            {
                "round": 2,
                "call": "name H",
                "alone": False,
                "make": 0.3,
                "expected": -0.9,
                "stderr": 0.1,
                "trump": "H",
                "march": 0.0,
                "euchred": 0.7,
            }
        ],
        "best": {"2": {"call": "name H", "alone": False}},
    }
    deal = joker_turned_deal()
    body = {"deal": deal.notation(), "dealer": "W", "seat": "N", "variant": "euchre", "deck": 25, **ADVICE_LAYOUTS}
    turned = post_json(client, "bid", body)
    lines = js([("adviceLines", [stuck, euchre2]), ("adviceLines", [turned, {"name": "euchre", "deck": "25"}])])
    assert lines[0]["value"] == [
        "Second round: name ♥ hearts (the dealer must call); it makes 30% of the time, expected −0.90 points"
    ]
    assert lines[1]["value"] == [f"Nothing to decide: {turned['nothing_to_decide']}."]
    assert turned["nothing_to_decide"] == "a turned Joker: the dealer W names trump"


# --- the fair review -----------------------------------------------------------------------------

# a hand of each game (the page's examples), and one that goes down: N bids 6 in spades and
# loses a trick to W's right bower
DOWN_RECORD = "\n".join(
    [
        "dealer: W",
        "deal: W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS",
        "auction: N 6, E pass, S pass, W pass",
        "contract: N 6, trump S, discard KH",
        "play: JK TD 9S QS | JC KD TS JS | QD KS AD 9D | AS AH TH JD | AC KC TC 9C | QC QH 9H JH",
    ]
)


@pytest.fixture(scope="module")
def fair_reviews(module_app: Flask) -> dict[str, dict]:
    """The fair review of each record, at the page's layouts and seed."""
    from hasen.api.page import EXAMPLE_RECORDS

    client = module_app.test_client()
    records = {**EXAMPLE_RECORDS, "hasenpfeffer-down": DOWN_RECORD}
    return {
        name: post_json(client, "review", {"record": text, "layouts": 200, "seed": 0}) for name, text in records.items()
    }


def game_of_review(review: dict) -> dict:
    return {"name": review["record"]["variant"], "deck": str(review["record"]["deck"])}


@pytest.mark.compiled
def test_each_cards_verdicts_in_words(js, facts: dict, fair_reviews: dict[str, dict]) -> None:
    """A card's single-dummy verdict, in points with its tricks beside them, next to its
    double-dummy one; a card costly only with every hand open reads as such, not as a mistake."""
    from hasen.analysis.fair import MISTAKE_POINTS

    assert facts["mistake"] == MISTAKE_POINTS
    cards = [card for review in fair_reviews.values() for card in review["cards"]]
    # cards the examples lack: a material cost not clear of its sampling error, and none at all
    cards += [
        {
            **cards[0],
            "cost": 0.3,
            "stderr": 0.2,
            "points_cost": 0.5,
            "points_stderr": 0.3,
            "mistake": False,
            "verdict": "good",
            "exact": False,
        },
        {
            **cards[0],
            "cost": 0.0,
            "stderr": 0.0,
            "points_cost": 0.0,
            "points_stderr": 0.0,
            "exact": True,
            "verdict": "good",
        },
    ]
    shown = [a["value"] for a in js([("cardVerdict", [card]) for card in cards])]
    assert shown == [expected_card(card, MISTAKE_POINTS) for card in cards]
    verdicts = {card["verdict"] for card in cards}
    assert verdicts == {"mistake", "good", "forced", "double dummy only"}
    assert any(card["exact"] and card["points_cost"] for card in cards)
    # four-hand Euchre's opening lead, the A♥: a trick given away only with every hand open
    first = next(c for c, s in zip(cards, shown) if c is fair_reviews["euchre"]["cards"][0])
    words = shown[cards.index(first)]
    assert first["verdict"] == "double dummy only" and not first["mistake"]
    assert (
        words["double"] == "double dummy: 1 trick given away (best A♦ or 10♦) — only with every hand open: "
        "not a mistake"
    )
    assert "— a mistake" not in words["single"]


def call_words(call: str, dealer: bool) -> str:
    """A call in the page's words, by the test: "order it up" (the dealer: "pick it up"),
    "name ♥ hearts", each "alone" or not; a bid or a pass as it is."""
    alone = call.endswith(" alone")
    bare = call.removesuffix(" alone")
    words = (
        ("pick it up" if dealer else "order it up")
        if bare == "order up"
        else f"name {trump_words(bare[-1])}"
        if bare.startswith("name ")
        else bare
    )
    return words + (" alone" if alone else "")


@pytest.mark.compiled
def test_the_calls_contract_par_and_players_in_words(js, fair_reviews: dict[str, dict]) -> None:
    calls = []
    for review in fair_reviews.values():
        g = game_of_review(review)
        calls += [
            ("callVerdicts", [review]),
            ("choiceVerdict", [review, g]),
            ("parWords", [review]),
            ("playerRows", [review]),
        ]
    answers = [a["value"] for a in js(calls)]
    for (name, review), (verdicts, choice, par, players) in zip(fair_reviews.items(), zip(*[iter(answers)] * 4)):
        record = review["record"]
        hasenpfeffer = record["variant"] == "hasenpfeffer"
        assert [v["number"] for v in verdicts] == [c["number"] for c in review["calls"]], name
        for call, shown in zip(review["calls"], (v["text"] for v in verdicts)):
            dealer = call["seat"] == record["dealer"]
            head = f"{call['number']}. {call['seat']} {call_words(call['call'], dealer)}: {two(call['expected'], True)}"
            if call["best"] == call["call"] or call["cost"] <= 0:
                assert shown == f"{head} — the best call.", name
            else:
                # the sum of two four-decimal figures, itself one (not its float's own digits)
                best = round(call["expected"] + call["cost"], 4)
                assert (
                    shown == f"{head}; best {call_words(call['best'], dealer)}: "
                    f"{two(best, True)} ({two(call['cost'])} "
                    f"±{two(call['stderr'])} points given away) — "
                    f"{'a mistake' if call['mistake'] else 'not a mistake'}."
                ), name
        c = review["choice"]
        if c is None:
            assert choice is None and not hasenpfeffer
        else:

            def words(pair: dict, trump: bool = hasenpfeffer) -> str:
                discard = f"discard {card_words(pair['discard'])}"
                form = (" alone" if pair["alone"] else " with the partner") if trump else ""
                return f"{trump_words(pair['trump'])}, {discard}{form}" if trump else discard

            head = (
                f"The contract, knowing only {c['seat']}'s seven cards: "
                if hasenpfeffer
                else f"The dealer's discard, knowing only {c['seat']}'s six cards: "
            )
            tail = (
                " — the best choice."
                if c["chosen"] == c["best"] or c["cost"] <= 0
                else f"; best {words(c['best'])}: {two(c['best_points'], True)} ({two(c['cost'])} ±{two(c['stderr'])} "
                f"points given away) — {'a mistake' if c['mistake'] else 'not a mistake'}."
            )
            assert (
                choice == f"{head}{words(c['chosen'])}: {two(c['points'], True)} points expected "
                f"({two(c['mean'])} tricks){tail}"
            ), name
        p = review["par"]["contract"]
        sides = list(p["score"])  # the sides, or with three players each player
        ours = next(s for s in sides if p["declarer"] in s)
        how = (
            f" bids {p['bid']}{' alone' if p['alone'] else ''} in "
            if p.get("bid")
            else f" makes{' alone' if p['alone'] else ''} "
        )
        discard = f", discard {card_words(p['discard'])}" if p["discard"] else ""
        score = lambda n: f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"  # noqa: E731
        scored = ", ".join(f"{side} {score(p['score'][side])}" for side in [ours] + [s for s in sides if s != ours])
        tricks = f"{p['tricks']} trick{'s' if p['tricks'] != 1 else ''}"
        assert (
            par == f"Par, every hand open: {p['declarer']}{how}{trump_words(p['trump'])}{discard}, {tricks}: "
            f"score {scored}."
        ), name
        assert players == [
            {
                "seat": seat,
                "cards": str(t["cards"]),
                "mistakes": str(t["mistakes"]),
                "play": two(t["play_points"]),
                "contract": two(t["bidding_points"]),
                "open": str(t["double_dummy_given_away"]),
            }
            for seat, t in review["players"].items()
        ]
    # a choice judged a mistake, and a reason: the words for them
    review = fair_reviews["hasenpfeffer"]
    worse = {
        **review,
        "choice": {
            **review["choice"],
            "chosen": {"trump": "S", "discard": "AC", "alone": False},
            "points": 1.1,
            "mean": 4.1,
            "cost": 3.5,
            "stderr": 0.4,
            "mistake": True,
        },
    }
    choice, why = (
        a["value"]
        for a in js(
            [
                ("choiceVerdict", [worse, HASEN_GAME]),
                (
                    "whyWords",
                    [
                        {
                            "hands": {"N": "AS KH", "E": "QD"},
                            "made": {"tricks": 2, "points": -4},
                            "best": {"tricks": 4, "points": 4},
                            "best_better": 0.7,
                            "made_better": 0.1,
                        },
                        "6",
                        "5",
                    ],
                ),
            ]
        )
    )
    best = review["choice"]["best"]
    assert (
        choice == "The contract, knowing only N's seven cards: ♠ spades, discard A♣ with the partner: +1.10 "
        f"points expected (4.10 tricks); best {trump_words(best['trump'])}, discard "
        f"{card_words(best['discard'])} {'alone' if best['alone'] else 'with the partner'}: "
        f"{two(review['choice']['best_points'], True)} (3.50 ±0.40 points given away) — a mistake."
    )
    assert why == "For example, with N AS KH, E QD: 6 −4 points, 5 +4; 5 is the better on 70% of the layouts, 6 on 10%."
    # a record that does not know the dealer's discard has no par
    unknown = {**fair_reviews["euchre"], "par": None}
    [par] = (a["value"] for a in js([("parWords", [unknown])]))
    assert par == "Par, every hand open: not known (the record does not know the dealer's discard)."


@pytest.mark.compiled
def test_which_cards_of_the_board_the_fair_review_covers(
    js, client: FlaskClient, fair_reviews: dict[str, dict]
) -> None:
    review = fair_reviews["hasenpfeffer"]
    record = review["record"]
    contract = record["contract"]
    cards = [c["card"] for c in review["cards"]]
    board = {
        "deal": record["deal"],
        "dealer": record["dealer"],
        "declarer": contract["declarer"],
        "trump": contract["trump"],
        "discard": contract["discard"],
        "alone": contract["alone"],
        "cards": cards,
    }
    # a different fifth card: the first four are shared; another contract or deal: none
    other = next(c["card"] for c in review["cards"][4]["choices"] if c["card"] != cards[4])
    views = [
        board,
        {**board, "cards": cards[:10]},
        {**board, "cards": [*cards[:4], other]},
        {**board, "trump": "S"},
        {**board, "discard": "AS"},
        {**board, "alone": True},
        {**board, "deal": record["deal"].replace("W:", "N:", 1)},
        {**board, "cards": []},
    ]
    shared = [a["value"] for a in js([("sharedCards", [review, view]) for view in views])]
    assert shared == [24, 10, 4, 0, 0, 0, 0, 0]
    # the board's play under the record's auction and contract: a record the API reviews
    (replayed,) = js([("withPlay", [record, [*cards[:4], other]])])
    replayed = replayed["value"]
    assert "result" not in replayed and replayed["play"] == " ".join([*cards[:4], other])
    assert {k: v for k, v in replayed.items() if k != "play"} == {
        k: v for k, v in record.items() if k not in ("play", "result")
    }
    (body,) = js([("fairBody", [replayed, {"layouts": 20, "seed": 1}])])
    assert body["value"] == {"record": replayed, "layouts": 20, "seed": 1}
    again = post_json(client, "review", body["value"])
    assert [c["card"] for c in again["cards"]] == [*cards[:4], other] and again["result"] is None
