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


def test_a_number_of_any_exponent_is_read_as_it_says_or_refused() -> None:
    """An exponent beyond what a decimal holds (it was an HTTP 500): a number that small is 0,
    a zero of any exponent the whole number 0, and one that large refused, named."""
    from hasen.core import strict_json

    assert strict_json.loads("0e9999999999999999999") == 0 and type(strict_json.loads("0e9999999999999999999")) is int
    assert strict_json.loads("-1e-9999999999999999999") == 0.0
    with pytest.raises(strict_json.JSONInputError, match=r": a number too large to read$"):
        strict_json.loads('{"deal": 1e9999999999999999999}')
