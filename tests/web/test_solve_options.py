"""``hasen solve`` / ``POST /api/v1/solve`` and ``hasen review`` / ``POST /api/v1/review``
with the table's options: a lone defender, the Euchre variants and decks (the dealer's
discard when the dealer takes the upcard), and the lead settings.

Every card's value from /solve is checked against the oracle (tests/oracle.py). The
positions are set up for the oracle here, from docs/rules.md (as in tests/euchre_deals.py), and
the random cards before them are chosen and played by the oracle's own rules; the product
sees only the request.
"""

from __future__ import annotations

import json
import random
from functools import partial

import pytest
from cli_run import run
from dealgen import random_deal as random_hasenpfeffer_deal
from euchre_deals import DEALT_SEATS, case, next_seat, takes_upcard
from examples import EUCHRE2_DEAL, EUCHRE_DEAL, HASENPFEFFER_DEAL
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from oracle import Oracle
from stored_oracle import golden_value

from hasen.core.cards import card_name, cards_of, parse_card
from hasen.core.deal import Deal

SEATS = "NESW"
SUITS = "SHDC"
pytestmark = pytest.mark.app_config(HASEN_CACHE_SIZE=0)  # every answer solved, none from the cache


class OracleGame:
    """A hand in the oracle's view (its seats, sides by seat parity), played card by card by
    the oracle's rules; ``total()`` is the makers' tricks for the hand with best play."""

    def __init__(self, hands: list[int], seats: tuple[int, ...], leader: int, trump: int, side: int) -> None:
        self.oracle = Oracle(trump, seats, side)
        self.hands, self.leader, self.side = list(hands), leader, side
        self.trick: list[int] = []
        self.taken = 0

    def to_move(self) -> int:
        return self.oracle.order(self.leader)[len(self.trick)]

    def legal(self) -> list[int]:
        led = self.trick[0] if self.trick else None
        return cards_of(self.oracle.legal(self.hands[self.to_move()], led))

    def finished(self) -> bool:
        return not any(self.hands)

    def play(self, card: int) -> None:
        self.hands[self.to_move()] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) == len(self.oracle.seats):
            winner = self.oracle.order(self.leader)[self.oracle.winner(self.trick)]
            self.taken += winner % 2 == self.side
            self.leader, self.trick = winner, []

    def copy(self) -> OracleGame:
        other = object.__new__(OracleGame)
        other.__dict__.update(self.__dict__)
        other.hands, other.trick = list(self.hands), list(self.trick)
        return other

    def total(self) -> int:
        if self.finished():
            return self.taken
        return self.taken + self.oracle.value(self.hands, self.leader, self.trick)


def partner(seat: int) -> int:
    return (seat + 2) % 4


def euchre_start(
    deal: Deal,
    maker: int,
    trump: int,
    alone: bool,
    defender: int | None,
    discard: int,
    first_lead: str = "dealer_left",
    lone_lead: str = "left_of_loner",
) -> OracleGame:
    """The start of play by docs/rules.md, with the lead settings: who plays, what the dealer holds
    after taking the upcard, who leads; at the oracle's seats."""
    dealt = DEALT_SEATS[deal.variant.name]
    playing = tuple(
        s
        for s in dealt
        if not (alone and s == partner(maker)) and not (defender is not None and s == partner(defender))
    )
    hands = {s: deal.hands[s] for s in playing}
    if deal.dealer in playing and takes_upcard(deal.extra, trump):
        hands[deal.dealer] = (hands[deal.dealer] | 1 << deal.extra) & ~(1 << discard)
    if defender is not None:
        leader = defender
    elif alone and lone_lead == "left_of_loner":
        leader = next_seat(maker, playing)
    elif not alone and first_lead == "declarer":
        leader = maker
    else:
        leader = next_seat(deal.dealer, playing)
    at = {s: (s if len(dealt) == 4 else dealt.index(s)) for s in playing}
    oracle_hands = [0] * 4
    for s in playing:
        oracle_hands[at[s]] = hands[s]
    return OracleGame(oracle_hands, tuple(sorted(at.values())), at[leader], trump, at[maker] % 2)


def exchanges(deal: Deal, maker: int, trump: int, alone: bool, defender: int | None) -> bool:
    idle = {partner(maker)} if alone else set()
    if defender is not None:
        idle.add(partner(defender))
    return deal.dealer not in idle and takes_upcard(deal.extra, trump)


def play_some(game: OracleGame, rng: random.Random, cards: int) -> list[int]:
    played = []
    for _ in range(cards):
        if game.finished():
            break
        card = rng.choice(game.legal())
        game.play(card)
        played.append(card)
    return played


def documented(doc: dict, path: str, answer: dict) -> None:
    schema = doc["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    OAS31Validator({**schema, "components": doc["components"]}).validate(answer)


def post(client: FlaskClient, path: str, body: dict) -> tuple[int, dict]:
    response = client.post(f"/api/v1/{path}", data=json.dumps(body), content_type="application/json")
    return response.status_code, response.get_json()


def oracle_facts(game: OracleGame) -> dict:
    """What /solve must agree with, by the oracle: the position's total, and each legal card's
    total after it."""
    after = {}
    for card in [] if game.finished() else game.legal():
        played = game.copy()
        played.play(card)
        after[card_name(card)] = played.total()
    return {"total": game.total(), "after": after}


def check_solve(client: FlaskClient, doc: dict, body: dict, facts: dict, label: str) -> dict:
    """/solve's every card against the oracle's ``facts`` (``oracle_facts``): the position's
    total and each run's cards."""
    code, answer = post(client, "solve", body)
    assert code == 200, (label, answer)
    documented(doc, "solve", answer)
    assert answer["total"] == facts["total"], label
    if not facts["after"]:
        assert answer["choices"] == []
        return answer
    assert SEATS.index(answer["to_move"]) in range(4)
    listed = sorted(c for choice in answer["choices"] for c in choice["cards"])
    assert listed == sorted(facts["after"]), f"{label}: every legal card in exactly one run"
    for choice in answer["choices"]:
        for name in choice["cards"]:
            assert facts["after"][name] == choice["total"], f"{label}: {name}"
    assert min(c["cost"] for c in answer["choices"]) == 0
    return answer


# --- against the oracle ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_hasenpfeffer_lone_defender_matches_the_oracle(client, openapi_doc, seed):
    rng = random.Random(7000 + seed)
    deal = random_hasenpfeffer_deal(rng)
    declarer, trump = rng.randrange(4), rng.randrange(4)
    defender = (declarer + rng.choice((1, 3))) % 4
    seven = deal.hands[declarer] | 1 << deal.extra
    discard = rng.choice(cards_of(seven))
    # two hands play: the declarer's (the widow taken, the discard put away) and the defender's, who leads
    hands = [0] * 4
    hands[declarer] = seven & ~(1 << discard)
    hands[defender] = deal.hands[defender]
    game = OracleGame(hands, (declarer, defender), defender, trump, declarer % 2)
    played = play_some(game, rng, rng.randrange(9))
    body = {
        "deal": deal.notation(),
        "dealer": SEATS[deal.dealer],
        "declarer": SEATS[declarer],
        "trump": SUITS[trump],
        "discard": card_name(discard),
        "alone": True,
        "defender": SEATS[defender],
        "played": " ".join(card_name(c) for c in played),
    }
    answer = check_solve(client, openapi_doc, body, oracle_facts(game), f"seed {seed}: {body}")
    assert answer["defender"] == SEATS[defender] and "deck" not in answer


EUCHRE_CASES = [
    (name, size, seed)
    for name, sizes in (("euchre2", (24, 25, 32)), ("euchre", (24, 25)))
    for size in sizes
    for seed in range(5)
]


@pytest.mark.parametrize("name, size, seed", EUCHRE_CASES)
def test_euchre_positions_match_the_oracle(client, openapi_doc, name, size, seed):
    c = case(8000 + seed, name, size, alone_rate=0.6)
    rng = random.Random(seed)
    deal = c.deal
    game = euchre_start(deal, c.maker, c.trump, c.alone, c.defender, c.discard)
    played = play_some(game, rng, rng.randrange(8))
    body = {
        "deal": deal.notation(),
        "dealer": SEATS[deal.dealer],
        "variant": name,
        "deck": size,
        "declarer": SEATS[c.maker],
        "trump": SUITS[c.trump],
        "alone": c.alone,
        "played": " ".join(card_name(x) for x in played),
    }
    if c.defender is not None:
        body["defender"] = SEATS[c.defender]
    exchanged = exchanges(deal, c.maker, c.trump, c.alone, c.defender)
    if exchanged:
        body["discard"] = card_name(c.discard)
    answer = check_solve(client, openapi_doc, body, oracle_facts(game), c.describe())
    assert (answer["variant"], answer["deck"]) == (name, size)
    assert answer["discard"] == (card_name(c.discard) if exchanged else None)
    assert answer.get("defender") == body.get("defender")


LEAD_SETTINGS = [{"first_lead": "declarer"}, {"lone_lead": "dealer_left_skip_idle"}]


def lead_settings_case(settings: dict, seed: int) -> tuple[dict, str, OracleGame]:
    """A Euchre deal played under a lead setting: the /solve request, its label, the oracle's game."""
    alone = "lone_lead" in settings
    c = case(9000 + seed, "euchre", 24, alone_rate=0.0)
    game = euchre_start(c.deal, c.maker, c.trump, alone, None, c.discard, **settings)
    body = {
        "deal": c.deal.notation(),
        "dealer": SEATS[c.deal.dealer],
        "variant": "euchre",
        "declarer": SEATS[c.maker],
        "trump": SUITS[c.trump],
        "alone": alone,
        **settings,
    }
    if exchanges(c.deal, c.maker, c.trump, alone, None):
        six = c.deal.hands[c.deal.dealer] | 1 << c.deal.extra
        discard = random.Random(seed).choice(cards_of(six))
        game = euchre_start(c.deal, c.maker, c.trump, alone, None, discard, **settings)
        body["discard"] = card_name(discard)
    return body, f"{c.describe()} {settings}", game


def lead_settings_key(label: str) -> str:
    """The case's key in tests/data/oracle_values.json."""
    return f"lead settings: {label}"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("settings", LEAD_SETTINGS)
def test_lead_settings_match_the_oracle(client, openapi_doc, settings, seed):
    body, label, game = lead_settings_case(settings, seed)
    # four hands from the first lead: half a second for the oracle, so its answer is stored
    facts = golden_value(lead_settings_key(label), lambda: oracle_facts(game))
    answer = check_solve(client, openapi_doc, body, facts, label)
    assert answer["settings"] == settings


@pytest.mark.slow
def test_the_stored_lead_settings_values_are_the_oracles() -> None:
    """One stored case of each setting, worked out again."""
    for settings in LEAD_SETTINGS:
        label, game = lead_settings_case(settings, 3)[1:]
        assert golden_value(lead_settings_key(label), partial(oracle_facts, game)) == oracle_facts(game), label


def oracle_trump_value(deal: Deal, maker: int, trump: int, alone: bool, defender: int | None) -> int:
    """A maker table entry's value by the oracle: the makers' tricks with this trump, the dealer
    choosing the discard for the dealer's own side when the dealer exchanges (docs/rules.md)."""
    if not exchanges(deal, maker, trump, alone, defender):
        return euchre_start(deal, maker, trump, alone, defender, deal.extra).total()
    six = cards_of(deal.hands[deal.dealer] | 1 << deal.extra)
    values = [euchre_start(deal, maker, trump, alone, defender, d).total() for d in six]
    partners = deal.variant.name == "euchre"
    own = (deal.dealer - maker) % 2 == 0 if partners else deal.dealer == maker
    return (max if own else min)(values)


@pytest.mark.parametrize("name, size, seed", EUCHRE_CASES[::2])
def test_euchre_reviews_match_the_oracle(client, openapi_doc, name, size, seed):
    c = case(8500 + seed, name, size, alone_rate=0.6)
    rng = random.Random(seed)
    game = euchre_start(c.deal, c.maker, c.trump, c.alone, c.defender, c.discard)
    start = game.copy()
    played = play_some(game, rng, rng.randrange(21))
    body = {
        "deal": c.deal.notation(),
        "dealer": SEATS[c.deal.dealer],
        "variant": name,
        "deck": size,
        "declarer": SEATS[c.maker],
        "trump": SUITS[c.trump],
        "alone": c.alone,
        "play": " ".join(card_name(x) for x in played),
    }
    if c.defender is not None:
        body["defender"] = SEATS[c.defender]
    if exchanges(c.deal, c.maker, c.trump, c.alone, c.defender):
        body["discard"] = card_name(c.discard)
    code, answer = post(client, "review", body)
    assert code == 200, (c.describe(), answer)
    documented(openapi_doc, "review", answer)
    # the contract: the chosen trump with the actual discard, against every trump's oracle entry
    entries = {t: oracle_trump_value(c.deal, c.maker, t, c.alone, c.defender) for t in range(4)}
    best = max(entries.values())
    contract = answer["contract"]
    assert contract["tricks"] == start.total(), c.describe()
    assert contract["cost"] == best - entries[c.trump]
    assert contract["discard_cost"] == abs(entries[c.trump] - start.total())
    assert contract["best"]["tricks"] == best
    assert [t for t, _ in contract["ties"]] == [SUITS[t] for t in range(4) if entries[t] == best]
    # every card: the value before and after it, and every legal card's total at its turn
    state = start
    for card, reviewed in zip(played, answer["cards"], strict=True):
        assert reviewed["before"] == state.total(), c.describe()
        for choice in reviewed["choices"]:
            for other in choice["cards"]:
                after = state.copy()
                after.play(parse_card(other))
                assert after.total() == choice["total"], f"{c.describe()}: {other}"
        state = state.copy()
        state.play(card)
        assert reviewed["after"] == state.total()
    assert answer["total"] == state.total()


# --- the command line -----------------------------------------------------------------------


def test_cli_json_is_the_api_answer(capsys, client, euchre2):
    status, out, err = run(
        capsys,
        "solve",
        euchre2.deal,
        "--variant",
        "euchre2",
        "--declarer",
        "S",
        "--trump",
        "S",
        "--discard",
        "KD",
        "--played",
        "TS",
        "--json",
    )
    assert (status, err) == (0, "")
    code, answer = post(
        client,
        "solve",
        {"deal": euchre2.deal, "variant": "euchre2", "declarer": "S", "trump": "S", "discard": "KD", "played": "TS"},
    )
    assert code == 200 and json.loads(out) == answer
    assert (answer["discard"], answer["to_move"]) == ("KD", "N")


def test_cli_text_names_the_exchange_and_the_lone_defender(capsys, euchre2, euchre):
    status, out, _ = run(
        capsys, "solve", euchre2.deal, "--variant", "euchre2", "--declarer", "S", "--trump", "S", "--discard", "KD"
    )
    assert status == 0
    assert "S makes spades, N takes the upcard AS, discards KD; N deals" in out
    assert "S: 0 taken + 4 with best play = 4" in out  # the two-handed game's sides are its players
    status, out, _ = run(
        capsys,
        "solve",
        euchre.deal,
        "--variant",
        "euchre",
        "--declarer",
        "E",
        "--trump",
        "H",
        "--alone",
        "--defender",
        "N",
    )
    assert status == 0
    assert "E makes hearts alone against N alone, nobody takes the upcard KS; N deals" in out
    assert "trick 1, N led; N to move" in out


def test_cli_hasenpfeffer_lone_defender(capsys, hasenpfeffer):
    args = [
        "solve",
        hasenpfeffer.deal,
        "--dealer",
        hasenpfeffer.dealer,
        "--declarer",
        "N",
        "--trump",
        "C",
        "--discard",
        "KH",
        "--alone",
        "--defender",
        "W",
        "--json",
    ]
    status, out, _ = run(capsys, *args)
    answer = json.loads(out)
    assert status == 0 and answer["defender"] == "W" and answer["to_move"] == "W"
    assert all(len(t.split()) == 2 for t in answer["best_line"].split("|"))


def test_cli_review_takes_the_options(capsys, client, hasenpfeffer):
    args = [
        "review",
        hasenpfeffer.deal,
        "--dealer",
        hasenpfeffer.dealer,
        "--declarer",
        "N",
        "--trump",
        "C",
        "--discard",
        "KH",
        "--alone",
        "--defender",
        "E",
        "--play",
        "AD JC",
        "--json",
    ]
    status, out, err = run(capsys, *args)
    assert (status, err) == (0, "")
    code, answer = post(
        client,
        "review",
        {
            "deal": hasenpfeffer.deal,
            "dealer": hasenpfeffer.dealer,
            "declarer": "N",
            "trump": "C",
            "discard": "KH",
            "alone": True,
            "defender": "E",
            "play": "AD JC",
        },
    )
    assert code == 200 and json.loads(out) == answer
    assert answer["defender"] == "E" and set(answer["players"]) == {"N", "E"}
    assert [c["seat"] for c in answer["cards"]] == ["E", "N"]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "S"],
            "discard: the dealer N takes the upcard AS with spades trump: give the dealer's discard",
        ),
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "H", "--discard", "KD"],
            "discard: nobody takes the upcard AS (hearts is not the upcard's suit), so there is no discard",
        ),
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "H", "--discard", "AS"],
            "discard: nobody takes the upcard AS",
        ),  # the upcard itself is refused too, not ignored
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "S", "--discard", "AH"],
            "discard: AH is neither in N's hand nor the upcard",
        ),
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "H", "--alone"],
            "alone: euchre2 has no partners, so nobody plays alone",
        ),
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "H", "--lone-lead", "left_of_loner"],
            "lone_lead: euchre2 has no partners, so nobody plays alone",
        ),
        (
            ["--variant", "euchre2", "--declarer", "S", "--trump", "H", "--defender", "N"],
            "defender: a defender plays alone only against a lone declarer",
        ),
        (["--variant", "euchre2", "--declarer", "E", "--trump", "H"], "declarer: E holds no hand in euchre2"),
        (
            ["--variant", "euchre2", "--deck", "28", "--declarer", "S", "--trump", "H"],
            "deck: euchre2 is played with 24, 32 or 25 cards, not '28'",
        ),
    ],
)
def test_cli_errors(capsys, args, message, euchre2):
    status, out, err = run(capsys, "solve", euchre2.deal, *args)
    assert (status, out) == (2, "")
    assert err.startswith("hasen: ") and message in err and err.count("\n") == 1


def test_cli_euchre_review_text(capsys, euchre2):
    status, out, err = run(
        capsys,
        "review",
        euchre2.deal,
        "--variant",
        "euchre2",
        "--declarer",
        "S",
        "--trump",
        "S",
        "--discard",
        "AS",
        "--play",
        "TS 9C | AH",
    )
    assert (status, err) == (0, "")
    assert "S makes spades; N deals, S leads" in out
    # N, defending, throws the upcard back rather than a diamond: S gets the fifth trick
    assert (
        "contract: spades, the dealer discards AS: 5 tricks double-dummy; with the dealer's best discard (KD) "
        "spades is worth 4, hearts 5: the choice of trump gave away 1 trick; the dealer's AS instead of KD gave "
        "the makers 1 trick"
    ) in out


def test_cli_hasenpfeffer_still_needs_the_discard(capsys, hasenpfeffer):
    status, _, err = run(capsys, "solve", hasenpfeffer.deal, "--declarer", "N", "--trump", "C")
    assert status == 2 and "discard: the declarer N takes the widow KS: give the declarer's discard" in err
    status, _, err = run(
        capsys,
        "review",
        hasenpfeffer.deal,
        "--declarer",
        "N",
        "--trump",
        "C",
        "--discard",
        "KH",
        "--defender",
        "E",
        "--play",
        "",
    )
    assert status == 2 and "defender: a defender plays alone only against a lone declarer" in err


# --- the API's errors -----------------------------------------------------------------------

EUCHRE2 = {"deal": EUCHRE2_DEAL, "variant": "euchre2", "declarer": "S"}
FOUR_HAND = {"deal": EUCHRE_DEAL, "variant": "euchre", "declarer": "E"}


@pytest.mark.parametrize(
    "path, body, message",
    [
        ("solve", {**EUCHRE2, "trump": "S"}, "discard: the dealer N takes the upcard AS with spades trump"),
        ("solve", {**EUCHRE2, "trump": "D", "discard": "9C"}, "discard: nobody takes the upcard AS"),
        # the dealer N sits out as the lone maker's partner: no exchange
        (
            "solve",
            {**FOUR_HAND, "declarer": "S", "trump": "S", "alone": True, "discard": "9C"},
            "discard: nobody takes the upcard KS (the dealer N sits out)",
        ),
        (
            "solve",
            {**FOUR_HAND, "trump": "H", "defender": "N"},
            "defender: a defender plays alone only against a lone declarer",
        ),
        ("solve", {**FOUR_HAND, "trump": "H", "alone": True, "defender": "W"}, "defender: W is not an opponent of E"),
        (
            "solve",
            {**EUCHRE2, "trump": "H", "lone_lead": "dealer_left_skip_idle"},
            "lone_lead: euchre2 has no partners, so nobody plays alone",
        ),
        ("solve", {**EUCHRE2, "trump": "H", "fail_penalty": "tricks"}, "body: unknown key 'fail_penalty'"),
        ("solve", {**EUCHRE2, "trump": "H", "first_lead": "nobody"}, "first_lead: 'nobody' is not one of"),
        (
            "solve",
            {"deal": HASENPFEFFER_DEAL, "declarer": "N", "trump": "C", "variant": "hasenpfeffer"},
            "body: missing key 'discard'",
        ),
        (
            "solve",
            {"deal": HASENPFEFFER_DEAL, "declarer": "N", "trump": "C", "discard": "KH", "variant": "Hasenpfeffer"},
            "variant: 'Hasenpfeffer' is not one of hasenpfeffer, euchre2, euchre",
        ),
        ("review", {**EUCHRE2, "trump": "S", "play": ""}, "discard: the dealer N takes the upcard AS"),
        (
            "review",
            {"deal": HASENPFEFFER_DEAL, "declarer": "N", "trump": "C", "discard": "KH", "defender": "E", "play": ""},
            "defender: a defender plays alone only against a lone declarer",
        ),
    ],
)
def test_api_errors_name_the_problem(client, path, body, message):
    code, answer = post(client, path, body)
    assert code == 400, answer
    assert message in answer["error"], answer["error"]


def test_api_hasenpfeffer_without_variant_still_requires_the_discard(client, hasenpfeffer):
    code, answer = post(client, "solve", {"deal": hasenpfeffer.deal, "declarer": "N", "trump": "C"})
    assert (code, answer["error"]) == (400, "body: missing key 'discard' (required: deal, declarer, trump, discard)")


def test_api_review_with_a_lone_defender_is_documented(client, openapi_doc, hasenpfeffer):
    body = {
        "deal": hasenpfeffer.deal,
        "dealer": hasenpfeffer.dealer,
        "declarer": "N",
        "trump": "C",
        "discard": "KH",
        "alone": True,
        "defender": "W",
        "play": "QS AS | JC",
    }
    code, answer = post(client, "review", body)
    assert code == 200, answer
    documented(openapi_doc, "review", answer)
    assert answer["defender"] == "W" and "settings" not in answer
    # each card's value after it is the next card's value before it, and the last is the total
    cards = answer["cards"]
    assert [c["after"] for c in cards[:-1]] == [c["before"] for c in cards[1:]]
    assert cards[-1]["after"] == answer["total"]
