"""The play review (hasen.analysis.review): every value checked against the plain minimax of
tests/oracle.py, on random deals and random play records, with the play itself followed by
the oracle's rules rather than the product's; and every way a record can be wrong."""

from __future__ import annotations

import dataclasses
import random

import euchre_deals
import pytest
from dealgen import random_contract, random_deal
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, HASENPFEFFER_LINE, Example
from replay import Replay
from stored_oracle import StoredOracle, stored

from hasen.analysis.review import review_play
from hasen.core.cards import card_name
from hasen.core.deal import Deal
from hasen.core.errors import IllegalPlayError, NotationError
from hasen.games import GAMES, game_of
from hasen.notation.inputs import make_contract
from hasen.play.state import Contract

HASENPFEFFER_GAME = GAMES["hasenpfeffer"]

# the oracle's values of these deals are stored (tests/stored_oracle.py): half a second a deal
# of three hands in play (a lone hand) and tens of seconds one of four, on every run; slow
# tests below work a sample out again
LONE_SEEDS = 30
BOTH_SEARCHES_SEEDS = range(900, 904)  # lone hands reviewed by each search in turn


def random_record(rng: random.Random, replay: Replay, cards: int) -> tuple[list[int], str]:
    """``cards`` random legal cards, and their record: with '|' at every trick's end, or
    without, or cut anywhere."""
    played = []
    for _ in range(cards):
        card = rng.choice(replay.legal())
        played.append(card)
        replay = replay.after(card)
    names = [card_name(c) for c in played]
    if rng.random() < 0.5:
        width = len(replay.oracle.seats)
        return played, " | ".join(" ".join(names[i : i + width]) for i in range(0, len(names), width))
    return played, " ".join(names)


def check_review(
    deal: Deal,
    contract: Contract,
    seed: int,
    searcher=None,
    values: dict[str, int] | None = None,
    recording: bool = False,
) -> None:
    """``values``: the oracle's values stored (tests/stored_oracle.py), or recorded there."""
    rng = random.Random(seed)
    replay = Replay.start(deal, contract)
    if values is not None:
        replay = dataclasses.replace(replay, oracle=StoredOracle(replay.oracle, values, recording))
    whole = 6 * len(replay.oracle.seats)
    cards, record = random_record(rng, replay, whole if rng.random() < 0.6 else rng.randrange(whole))
    review = review_play(deal, contract, record, game_of(deal.variant), searcher=searcher)
    where = f"seed {seed}: Deal({deal.notation()!r}, {deal.dealer}), {contract}, play {record!r}"

    assert review.contract_tricks == replay.total(), where
    assert len(review.cards) == len(cards), where
    lost = {s: 0 for s in replay.oracle.seats}
    for number, (entry, card) in enumerate(zip(review.cards, cards)):
        here = f"{where}, card {number + 1} ({card_name(card)})"
        before = replay.total()
        declaring = replay.oracle.declaring[replay.to_move]
        assert (entry.card, entry.seat) == (card, replay.to_move), here
        assert entry.trick == number // len(replay.oracle.seats) + 1, here
        assert entry.before == before, here
        choice_cards = [c for choice in entry.choices for c in choice.cards]
        assert sorted(choice_cards) == sorted(replay.legal()), here
        for choice in entry.choices:
            for option in choice.cards:  # every card of a run, not only its first
                assert choice.total == replay.after(option).total(), f"{here}: {card_name(option)}"
            assert choice.cost == (before - choice.total if declaring else choice.total - before), here
        replay = replay.after(card)
        assert entry.after == replay.total(), here
        assert entry.cost == (entry.before - entry.after if declaring else entry.after - entry.before) >= 0
        lost[entry.seat] += entry.cost
    assert {s: p.tricks_lost for s, p in review.players.items()} == lost, where
    assert review.total == replay.total(), where
    assert review.end.finished == replay.finished
    out = review.to_json()
    assert out["taken"] == replay.won and out["total"] == replay.total()
    assert out["to_move"] == (None if replay.finished else "NESW"[replay.to_move])


def lone_name(seed: int) -> str:
    """The lone hand's name in tests/data/stored_oracle.json."""
    return f"lone hand {seed}"


def lone_hand(seed: int, values: dict[str, int], recording: bool = False, searcher=None) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    check_review(deal, random_contract(rng, deal, alone_rate=1.0), seed, searcher, values, recording)


@pytest.mark.parametrize("seed", range(LONE_SEEDS))
def test_lone_hands_match_the_stored_oracle(seed: int) -> None:
    lone_hand(seed, stored(lone_name(seed)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 17, 902])
def test_the_stored_lone_hand_values_are_the_oracles(seed: int) -> None:
    """A sample of the stored lone hands, every value worked out again."""
    values: dict[str, int] = {}
    lone_hand(seed, values, recording=True)
    assert values == stored(lone_name(seed))


# the search's own oracle tests cover many more four-hand deals (tests/search/test_search.py),
# these the review's figures built on them
MORE_FOUR_HAND_SEEDS = range(4)
LIVE_SEED = 2  # the stored deal worked out again by the oracle itself: the quickest


def more_four_hand(seed: int, values: dict[str, int], recording: bool = False) -> None:
    rng = random.Random(500 + seed)
    deal = random_deal(rng)
    check_review(deal, random_contract(rng, deal, alone_rate=0.0), 500 + seed, values=values, recording=recording)


@pytest.mark.parametrize("seed", MORE_FOUR_HAND_SEEDS)
def test_more_four_hand_deals_match_the_stored_oracle(seed: int) -> None:
    more_four_hand(seed, stored(f"four hands {seed}"))


@pytest.mark.slow
def test_the_stored_oracle_values_are_the_oracles() -> None:
    """One stored deal's every value, worked out again."""
    values: dict[str, int] = {}
    more_four_hand(LIVE_SEED, values, recording=True)
    assert values == stored(f"four hands {LIVE_SEED}")


def record_stored_values() -> dict[str, dict[str, int]]:
    """The values tests/stored_oracle.py stores: every position the checks above reach."""
    out: dict[str, dict[str, int]] = {}
    for seed in [*range(LONE_SEEDS), *BOTH_SEARCHES_SEEDS]:
        out[lone_name(seed)] = {}
        lone_hand(seed, out[lone_name(seed)], recording=True)
    for seed in MORE_FOUR_HAND_SEEDS:
        out[f"four hands {seed}"] = {}
        more_four_hand(seed, out[f"four hands {seed}"], recording=True)
    return out


@pytest.mark.parametrize("seed", BOTH_SEARCHES_SEEDS)
def test_both_searches_match_the_stored_oracle(searcher, seed: int) -> None:
    lone_hand(seed, stored(lone_name(seed)), searcher=searcher)


# --- the worked example (the table and line of the core issue) ---------------------------------


def example(trump: str = "C", discard: str = "KH", play: str = HASENPFEFFER_LINE, alone: bool = False):
    return review_play(
        HASENPFEFFER_DEAL,
        make_contract("N", trump, discard, alone),
        play,
        HASENPFEFFER_GAME,
        dealer=HASENPFEFFER_DEALER,
    )


def test_the_best_line_costs_nothing() -> None:
    review = example()
    assert (review.contract_tricks, review.contract_cost, review.total) == (6, 0, 6)
    assert [c.cost for c in review.cards] == [0] * 24
    assert all(c.before == c.after == 6 for c in review.cards)
    assert review.end.finished and review.end.declarer_taken() == 6


def test_the_contract_is_judged_against_the_table() -> None:
    # hearts with AS discarded makes 4 (the core issue's table); clubs with KH makes 6
    review = example("H", "AS", "")
    assert (review.contract_tricks, review.contract_cost) == (4, 2)
    out = review.to_json()["contract"]
    assert out == {"tricks": 4, "cost": 2, "best": {"trump": "C", "discard": "KH", "tricks": 6}, "ties": [["C", "KH"]]}


def test_an_ace_led_before_the_trumps_costs_a_trick() -> None:
    # leading AS instead of drawing trumps: N-S 6 -> 5; E's AD under it gives it back (KC ruffs)
    review = example(play="AS AD")
    first, second = review.cards
    assert (first.before, first.after, first.cost) == (6, 5, 1)
    assert [card_name(c) for c in first.best_cards] == ["JK", "JC"]
    assert (second.before, second.after, second.cost) == (5, 6, 1)
    assert [card_name(c) for c in second.best_cards] == ["KC"]
    players = review.to_json()["players"]
    assert players["N"] == {"cards": 1, "costly": 1, "tricks_lost": 1}
    assert players["E"] == {"cards": 1, "costly": 1, "tricks_lost": 1}
    assert players["S"] == players["W"] == {"cards": 0, "costly": 0, "tricks_lost": 0}


def test_json_of_a_partial_record() -> None:
    out = example(play="jc kc tc 9c as").to_json()
    assert out["played"] == "JC KC TC 9C | AS"
    assert out["complete"] is False and out["to_move"] == "E"
    assert out["tricks"] == [{"leader": "N", "cards": ["JC", "KC", "TC", "9C"], "winner": "N"}]
    assert [(c["trick"], c["seat"], c["card"]) for c in out["cards"]] == [
        (1, "N", "JC"),
        (1, "E", "KC"),
        (1, "S", "TC"),
        (1, "W", "9C"),
        (2, "N", "AS"),
    ]
    assert out["taken"] == 1 and out["deal"].startswith("W:")


def test_an_empty_record_judges_the_contract_only() -> None:
    review = example(play="")
    assert review.cards == [] and review.total == 6 and not review.end.finished


def test_lone_hand_skips_the_partner() -> None:
    out = example(alone=True, play="AD QD").to_json()
    assert [c["seat"] for c in out["cards"]] == ["E", "W"]  # left of the lone N leads; S sits out
    assert set(out["players"]) == {"N", "E", "W"}


def test_each_position_is_solved_once(hasenpfeffer: Example) -> None:
    # the table gives the value before the first card; each card's value after it is one of
    # the turn's choices and is the next turn's value before: no position is solved twice
    from hasen.search import thread_searcher

    real = thread_searcher()
    seen = []

    class Spy:
        def solve(self, hands, active, leader, declarers, trick=()):
            seen.append((tuple(hands), active, leader, declarers, tuple(trick)))
            return real.solve(hands, active, leader, declarers, trick)

        def solve_many(self, positions, active, leader, declarers):
            return [self.solve(hands, active, leader, declarers) for hands in positions]

    two_tricks = "JC KC TC 9C | AS AD 9S QS"  # a partial record: every position after it is solved
    review = review_play(
        hasenpfeffer.deal,
        make_contract("N", "C", "KH"),
        two_tricks,
        HASENPFEFFER_GAME,
        dealer=hasenpfeffer.dealer,
        searcher=Spy(),
    )
    assert len(seen) == 28 + sum(len(c.choices) for c in review.cards)
    assert len(set(seen)) == len(seen)


def test_checkpoint_can_stop_the_review(hasenpfeffer: Example) -> None:
    class Stop(Exception):
        pass

    calls = []

    def checkpoint() -> None:
        calls.append(1)
        if len(calls) == 5:
            raise Stop

    with pytest.raises(Stop):
        review_play(
            hasenpfeffer.deal,
            make_contract("N", "C", "KH"),
            HASENPFEFFER_LINE,
            HASENPFEFFER_GAME,
            dealer=hasenpfeffer.dealer,
            checkpoint=checkpoint,
        )
    assert len(calls) == 5


# --- records that cannot have been played ----------------------------------------------------


@pytest.mark.parametrize(
    "play, message",
    [
        ("JC KC TC QD", "play: trick 1, W must follow C (led JC) with JS 9C, not QD"),  # JS: left bower
        ("JC KC TC 9C | AS AD 9D", "play: trick 2, S must follow S (led AS) with TS 9S, not 9D"),
        ("JC KC TC 9C KH", "play: trick 2, N does not hold KH"),  # the discard is out of play
        ("JC KC TC 9C | JC", "play: trick 2, N does not hold JC"),  # played twice
        ("AD", "play: trick 1, N does not hold AD"),  # E's card out of turn
        ("JC KC | TC 9C", "play: '|' after KC does not end a trick (trick 1 has 2 of 4 cards)"),
        ("JC KC TC 9C AS | AD", "play: '|' after AS does not end a trick (trick 2 has 1 of 4 cards)"),
        (HASENPFEFFER_LINE + " AS", "play: AS after the last trick; all cards are played"),
        ("JC QQ", "play: group 1: not a card: 'QQ'"),
        ("JC K", "play: group 1: not a card: 'K'"),
    ],
)
def test_bad_records_name_the_card_and_trick(play: str, message: str) -> None:
    with pytest.raises((IllegalPlayError, NotationError)) as info:
        example(play=play)
    assert str(info.value).startswith(message)


def test_bad_record_type() -> None:
    with pytest.raises(NotationError, match="play: expected a string of cards, got list"):
        example(play=["JC"])


def test_discard_not_held() -> None:
    with pytest.raises(IllegalPlayError, match="discard: AH is neither in N's hand nor the widow"):
        example("C", "AH", "")


def test_euchre_hands_are_reviewed_against_the_maker_table() -> None:
    # (more in test_solve_options.py: every card of Euchre reviews against the oracle)
    c = euchre_deals.case(1, "euchre", 24)
    contract = Contract(c.maker, c.trump, c.discard, c.alone, c.defender)
    review = review_play(c.deal, contract, "", game_of(c.deal.variant))
    assert review.contract_tricks == review.total == c.oracle()
    assert review.contract_cost == review.table.best_tricks - review.table.entries[c.trump].value
