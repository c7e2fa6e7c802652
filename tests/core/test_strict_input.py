"""Notation is case-insensitive in ASCII only: a letter that upper-cases to one of ours
(``ſ`` is 'S', ``ı`` is 'I') is not one of ours. And a deck size is a number, however JSON
writes it."""

from __future__ import annotations

import pytest

from hasen.core.cards import parse_card, parse_rank, parse_suit
from hasen.core.errors import NotationError
from hasen.core.seats import parse_seat
from hasen.core.variants import variant_for


@pytest.mark.parametrize("text", ["ſ", "ﬀ"])
def test_a_non_ascii_look_alike_is_no_seat_or_suit(text: str) -> None:
    assert "ſ".upper() == "S"  # the trap: str.upper makes it a seat and a suit letter
    with pytest.raises(NotationError, match="not a seat"):
        parse_seat(text)
    assert parse_suit(text) == -1
    with pytest.raises(NotationError, match="not a card"):
        parse_card("A" + text)


def test_a_non_ascii_rank_or_joker_is_refused() -> None:
    assert parse_rank("ｔ") == -1
    with pytest.raises(NotationError):
        parse_card("ＪＫ")


def test_a_variant_name_is_ascii() -> None:
    with pytest.raises(NotationError, match="unknown variant"):
        variant_for("euchre\u0332")
    assert variant_for("EUCHRE2").name == "euchre2"


@pytest.mark.parametrize("deck", [24, 24.0, "24", " 24 "])
def test_a_deck_size_is_the_number_however_written(deck) -> None:
    assert variant_for("euchre", deck).deck_size == 24


@pytest.mark.parametrize("deck", [24.5, "1" * 5000, "٢٤", True])
def test_a_deck_that_is_no_size_is_refused(deck) -> None:
    with pytest.raises(NotationError, match="deck: euchre is played with 24 or 25 cards"):
        variant_for("euchre", deck)
