"""Hasenpfeffer's scoring and bids, worked by hand from docs/rules.md: a made bid scores one
point per trick taken; a failed one loses the bid (``fail_penalty: bid``), the tricks taken
(``tricks``) or a flat 6 (``pepper``); a lone declarer and big pepper each double.
"""

from __future__ import annotations

import pytest

from hasen.core.errors import NotationError
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.games.hasenpfeffer.rules import hasenpfeffer_score
from hasen.rules.scoring import Bid, bid_ladder, parse_bid

HASEN = variant_for("hasenpfeffer")
PLAIN = Settings()
BIG = Bid(6, big_pepper=True)


@pytest.mark.parametrize(
    "bid, tricks, alone, penalty, expected",
    [
        (Bid(4), 5, False, "bid", 5),  # made: the tricks taken, not the bid
        (Bid(4), 4, False, "bid", 4),
        (Bid(1), 6, False, "bid", 6),
        (Bid(4), 3, False, "bid", -4),  # failed: the bid
        (Bid(4), 3, False, "tricks", -3),  # failed: the tricks it took
        (Bid(4), 0, False, "tricks", 0),
        (Bid(4), 3, False, "pepper", -6),  # failed: a flat 6
        (Bid(6), 6, True, "bid", 12),  # alone: double
        (Bid(5), 4, True, "bid", -10),
        (Bid(5), 4, True, "tricks", -8),
        (Bid(5), 4, True, "pepper", -12),
        (BIG, 6, False, "bid", 12),  # big pepper: double
        (BIG, 6, True, "bid", 24),  # alone and big pepper: four times
        (BIG, 5, False, "bid", -12),
        (BIG, 5, False, "pepper", -12),  # docs/rules.md: "a flat 6 (12 for big pepper)"
        (BIG, 5, True, "pepper", -24),
    ],
)
def test_hasenpfeffer_declarers(bid, tricks, alone, penalty, expected):
    assert hasenpfeffer_score(bid, tricks, alone, HASEN, Settings(fail_penalty=penalty)) == (expected, 0)


@pytest.mark.parametrize(
    "bid, tricks, alone, expected",
    [
        (Bid(3), 4, False, (4, 2)),  # the defenders took 6 - 4 = 2
        (Bid(5), 4, False, (-5, 2)),
        (Bid(2), 6, True, (12, 0)),  # the defenders' points are not doubled
        (Bid(2), 1, True, (-4, 5)),
    ],
)
def test_hasenpfeffer_defenders_score(bid, tricks, alone, expected):
    assert hasenpfeffer_score(bid, tricks, alone, HASEN, Settings(defenders_score=True)) == expected


def test_bid_ladders_and_names():
    assert [b.name(PLAIN) for b in bid_ladder(HASEN, PLAIN)] == ["1", "2", "3", "4", "5", "6"]
    pepper = Settings(bidding="pepper")
    assert [b.name(pepper) for b in bid_ladder(HASEN, pepper)] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "little pepper",
        "big pepper",
    ]
    assert parse_bid("Big Pepper", HASEN, pepper) == BIG
    assert parse_bid(" 3", HASEN, PLAIN) == Bid(3)
    with pytest.raises(NotationError) as info:
        parse_bid("big pepper", HASEN, PLAIN)
    assert str(info.value) == "bid: not a bid: 'big pepper' (expected one of 1, 2, 3, 4, 5, 6)"
