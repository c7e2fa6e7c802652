"""Every variant's play against the plain-minimax oracle, on random deals.

For each variant and deck: random deals, a random maker, trump, form (alone, a lone
defender) and dealer's discard; the product solves through ``PlayState`` (which does the
exchange, the playing seats, the leader and the seat mapping), the oracle from the start
position worked out in ``euchre_deals`` from docs/rules.md. Both search implementations run.
Also Hasenpfeffer with a lone defender, whose start position is worked out here.
"""

from __future__ import annotations

import random

import pytest
from euchre_deals import case, deck, oracle_entry, random_deal
from oracle import Oracle
from stored_oracle import golden_value

from hasen.core.cards import card_name
from hasen.core.deal import Deal, format_hand
from hasen.games.euchre.table import analyze_euchre
from hasen.play.state import Contract, PlayState

VARIANT_DECKS = [
    ("euchre2", 24),
    ("euchre2", 32),
    ("euchre2", 25),
    ("euchre3", 24),
    ("euchre3", 32),
    ("euchre", 24),
    ("euchre", 25),
]
DEALS_PER_VARIANT = 24

_oracle_values: dict[str, int] = {}


def product_value(c, searcher) -> int:
    state = PlayState(c.deal, Contract(c.maker, c.trump, c.discard, c.alone, c.defender))
    return state.value(searcher)


@pytest.mark.parametrize("name, size", VARIANT_DECKS, ids=[f"{n}-{s}" for n, s in VARIANT_DECKS])
def test_variant_deals_equal_the_oracle(searcher, name, size):
    failures = []
    for seed in range(DEALS_PER_VARIANT):
        c = case(seed, name, size)
        if c.label not in _oracle_values:
            _oracle_values[c.label] = golden_value(f"variant search: {c.label}", c.oracle)
        expected, got = _oracle_values[c.label], product_value(c, searcher)
        if got != expected:
            failures.append(f"{type(searcher).__module__} gives {got}, the oracle {expected}: {c.describe()}")
    assert not failures, "\n".join(failures)


def test_the_cases_cover_every_form():
    """The random cases reach what they are meant to test: exchanges, kept upcards, lone
    makers, lone defenders, dealers sitting out, a Joker upcard."""
    seen = set()
    for name, size in VARIANT_DECKS:
        for seed in range(DEALS_PER_VARIANT):
            c = case(seed, name, size)
            seen.add("exchange" if c.discard != c.deal.extra else "no exchange")
            seen.add("alone" if c.alone else "with partner")
            if c.defender is not None:
                seen.add("lone defender")
            if c.alone and c.deal.dealer == (c.maker + 2) % 4:
                seen.add("dealer sits out")
    assert seen >= {"exchange", "no exchange", "alone", "with partner", "lone defender", "dealer sits out"}


# --- Hasenpfeffer: a lone declarer against a lone defender ---------------------------------


def lone_defence_case(seed: int):
    """A random deal; the declarer takes the widow and discards a random card; both play
    alone, so two hands play and the defender leads (docs/rules.md)."""
    rng = random.Random(seed)
    cards = deck(25)
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[6 * s : 6 * s + 6]) for s in range(4)]
    widow = cards[24]
    deal = Deal("N:" + " ".join(format_hand(h) for h in hands) + " " + card_name(widow), dealer=rng.randrange(4))
    declarer, trump = rng.randrange(4), rng.randrange(4)
    defender = (declarer + rng.choice((1, 3))) % 4
    seven = hands[declarer] | 1 << widow
    discard = rng.choice([c for c in range(64) if seven >> c & 1])
    oracle_hands = [0] * 4
    oracle_hands[declarer] = seven & ~(1 << discard)
    oracle_hands[defender] = hands[defender]
    expected = Oracle(trump, (declarer, defender), declarer % 2).value(oracle_hands, defender)
    return deal, Contract(declarer, trump, discard, True, defender), expected


@pytest.mark.parametrize("seed", range(12))
def test_hasenpfeffer_lone_defence_equals_the_oracle(searcher, seed):
    deal, contract, expected = lone_defence_case(seed)
    got = PlayState(deal, contract).value(searcher)
    assert got == expected, f"{deal!r} {contract}: product {got}, oracle {expected}"


# --- Three-Handed endings: part of the play made, the rest solved ---------------------------

THREE_HANDED_ENDINGS = 24


@pytest.mark.parametrize("size", (24, 32))
def test_three_handed_endings_equal_the_oracle(searcher, size):
    """Random Three-Handed contracts played at random for 1 to 13 cards, then solved. The
    oracle follows the same cards from its own start position, finding each trick's winner
    by its own rules, so the product's bookkeeping of the play (whose turn, who won, which
    side a trick counts for with three players) is checked too."""
    failures = []
    for seed in range(THREE_HANDED_ENDINGS):
        c = case(seed, "euchre3", size)
        rng = random.Random(seed)
        state = PlayState(c.deal, Contract(c.maker, c.trump, c.discard, c.alone, c.defender))
        oracle = Oracle(c.trump, c.seats, makers=c.makers)
        hands, leader, trick = list(c.hands), c.leader, []
        for _ in range(rng.randrange(1, 14)):
            card = rng.choice(list(state.legal()))
            state.play(card)
            hands[oracle.order(leader)[len(trick)]] &= ~(1 << card)
            trick.append(card)
            if len(trick) == len(c.seats):
                leader, trick = oracle.order(leader)[oracle.winner(trick)], []
        expected, got = oracle.value(hands, leader, trick), state.value(searcher)
        if got != expected:
            failures.append(
                f"{type(searcher).__module__} gives {got}, the oracle {expected}: {c.describe()} "
                f"after {[card_name(x) for _, cards, _ in state.tricks for x in cards] + state.trick}"
            )
    assert not failures, "\n".join(failures)


# --- whole tables --------------------------------------------------------------------------

TABLE_CASES = [
    ("euchre2", 24, 0),
    ("euchre2", 32, 1),
    ("euchre2", 25, 2),
    ("euchre2", 25, 7),
    ("euchre3", 24, 4),
    ("euchre3", 32, 5),
    ("euchre", 24, 3),
    ("euchre", 25, 10),
]  # seed 10 turns up the Joker


def joker_turned(name: str, size: int) -> list[int]:
    """Seeds of random_deal that turn up the Joker."""
    return [seed for seed in range(400) if card_name(random_deal(random.Random(seed), name, size).extra) == "JK"]


@pytest.mark.parametrize(
    "name, suit, count", [("euchre2", "hearts", 3), ("euchre2", "clubs", 2), ("euchre", "spades", 1)]
)
def test_a_joker_standing_for_a_suit_is_taken_for_that_suit_alone(name, suit, count):
    """Where the table has a turned Joker stand for a suit (joker_upcard: hearts, ...), the
    dealer takes it when that suit is trump and for no other: every maker's whole table
    against the oracle, whose start follows docs/rules.md (euchre_deals.joker_suit_of)."""
    seeds = joker_turned(name, 25)[:count]
    assert len(seeds) == count, "random deals turn up the Joker"
    for seed in seeds:
        rng = random.Random(seed)
        deal = random_deal(rng, name, 25).replace(settings={"joker_upcard": suit})
        makers = deal.variant.seats if name == "euchre2" else [rng.choice(deal.variant.seats)]
        result = analyze_euchre(deal, declarer=None).to_json()  # by the deal's own settings
        for maker in makers:
            got = result["declarers"]["NESW"[maker]]["tricks"]
            assert got == {"SHDC"[t]: oracle_entry(deal, maker, t) for t in range(4)}, f"{deal!r} maker {maker}"
            # the dealer plays with the partner: it exchanges under that suit, and only there
            assert [t for t in "SHDC" if isinstance(got[t], dict)] == [suit[0].upper()]


@pytest.mark.parametrize("name, size, seed", TABLE_CASES, ids=[f"{n}-{s}-{d}" for n, s, d in TABLE_CASES])
def test_maker_tables_equal_the_oracle(name, size, seed):
    """Every entry of a maker table (one maker, with the partner) on a random deal, the
    dealer's discards and choice included, against the oracle. Four-hand tables take the
    oracle seconds, so one maker each; every player of the two- and three-handed games
    (with three, each maker's sides differ)."""
    rng = random.Random(seed)
    deal = random_deal(rng, name, size)
    makers = deal.variant.seats if name in ("euchre2", "euchre3") else [rng.choice(deal.variant.seats)]
    result = analyze_euchre(deal, declarer=None).to_json()
    for maker in makers:
        got = result["declarers"]["NESW"[maker]]["tricks"]
        expected = {"SHDC"[t]: stored_entry(name, size, seed, maker, t) for t in range(4)}
        assert got == expected, f"{deal!r} maker {'NESW'[maker]}"


def stored_entry(name: str, size: int, seed: int, maker: int, trump: int) -> int | dict[str, int]:
    """A maker table's entry by the oracle, as stored (tests/stored_oracle.py)."""
    deal = random_deal(random.Random(seed), name, size)
    return golden_value(
        f"maker table: {name}-{size}-{seed}, {'NESW'[maker]}, {'SHDC'[trump]}", lambda: oracle_entry(deal, maker, trump)
    )


@pytest.mark.slow
def test_the_stored_oracle_values_are_the_oracles() -> None:
    """A sample of the stored answers worked out again: a random case of each variant and
    deck, and one entry of a two-handed, a three-handed and a four-hand maker table."""
    for name, size in VARIANT_DECKS:
        c = case(DEALS_PER_VARIANT - 1, name, size)
        assert golden_value(f"variant search: {c.label}", c.oracle) == c.oracle(), c.label
    for name, size, seed in (TABLE_CASES[0], TABLE_CASES[4], TABLE_CASES[6]):
        rng = random.Random(seed)  # as the table's test draws its deal and four-hand maker
        deal = random_deal(rng, name, size)
        maker = rng.choice(deal.variant.seats) if name == "euchre" else deal.variant.seats[-1]
        for trump in range(4):
            assert stored_entry(name, size, seed, maker, trump) == oracle_entry(deal, maker, trump), (name, seed)
