"""The mistakes of a night's report in words (``hasen.analysis.session.mistakes_of``): each
kind of decision the fair review can call a mistake, from a review's JSON written by hand
here, so that the words of each kind are checked whatever the sample night's reviews find."""

from __future__ import annotations

from typing import Any

from hasen.analysis.session import mistakes_of


def review_with_mistakes() -> dict[str, Any]:
    """A review's JSON with only what the report reads: one mistake of each kind and one
    decision that is not a mistake."""
    return {
        "record": {"players": {"N": "Anna", "E": "Ben"}},
        "calls": [
            {"seat": "N", "call": "pass", "best": "order up alone", "number": 3, "mistake": True, "cost": 0.75},
            {"seat": "E", "call": "name H", "best": "pass", "number": 6, "mistake": False, "cost": 0.1},
        ],
        "choice": {
            "seat": "E",
            "chosen": {"trump": "S", "discard": "TH", "alone": False},
            "best": {"trump": "C", "discard": "TH", "alone": True},
            "mistake": True,
            "cost": 1.25,
            "win_cost": 0.04,
        },
        "cards": [
            {"seat": "S", "card": "AS", "best": "JK", "trick": 2, "mistake": True, "points_cost": 0.5},
            {"seat": "W", "card": "9C", "best": "9C", "trick": 2, "mistake": False, "points_cost": 0.0},
        ],
    }


def test_each_kind_of_mistake_is_said_as_a_player_says_it() -> None:
    said = [(m.player, m.seat, m.what, m.better, m.points, m.win) for m in mistakes_of("h7", review_with_mistakes())]
    assert said == [
        ("Anna", "N", "passed at the auction's 3rd call", "ordering up alone", 0.75, None),
        ("Ben", "E", "chose spades, discard TH", "choosing clubs, discard TH alone", 1.25, 0.04),
        ("S", "S", "played AS at trick 2", "playing JK", 0.5, None),  # no name given: the seat
    ]


def test_a_hand_without_a_mistake_has_none_and_no_choice_is_no_mistake() -> None:
    review = review_with_mistakes()
    for decision in [*review["calls"], *review["cards"]]:
        decision["mistake"] = False
    review["choice"] = None  # a hand passed to the end has no contract to choose
    assert mistakes_of("h8", review) == []


def test_a_widow_not_seen_is_said_so_under_a_mistake_not_shown_as_a_card() -> None:
    """The report shows each costly mistake's deal; a widow the table did not see has a card
    standing in for it, which is never shown as the widow."""
    from hasen.core.deal import diagram
    from hasen.notation.record import Record
    from hasen.text.session_report import deal_shown

    text = (
        "variant: hasenpfeffer; dealer: W; widow: KS; auction: N 6, E pass, S pass, W pass; "
        "contract: N 6, trump C, discard KH; "
        "play: JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
    )
    seen = Record.parse(text)
    assert deal_shown(seen).splitlines()[-1] == "widow: KS"
    unseen = Record.parse(text.replace("widow: KS; ", ""))
    assert "widow" in unseen.unknown and deal_shown(unseen).splitlines()[-1] == "widow: not seen"
    assert deal_shown(unseen).splitlines()[:-1] == diagram(unseen.deal, compact=True).splitlines()[:-1]
