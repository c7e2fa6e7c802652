"""A hand typed once: a record that gives the auction and the play, not the deal.

Each seat's hand is what it played. What the play cannot show is said not to be known, by
the rules written out here apart from ``hasen.play.from_play``: the discard of whoever
took the upcard or widow, unless given or unless it is the card taken (Euchre: the upcard put
straight back), or, in Hasenpfeffer with every hand played, the one card nobody played; the
widow, unless given; a lone player's partner and a lone defender's partner, who sat out.
Over random records of every game (tests/recordgen.py) the record typed once plays the same
hand as the whole record; written back, it reads the same; and its review equals the review
of the whole record told the same unknowns.
"""

from __future__ import annotations

import pytest
from recordgen import random_record

import hasen
from hasen.core.cards import card_name
from hasen.notation.record import Record
from hasen.play.state import PlayState

GAMES = ("hasenpfeffer", "euchre", "euchre2", "euchre3", "railroad")


def whole_records(count: int, game: str | None = None) -> list[tuple[Record, dict]]:
    """Finished random records with a contract (of ``game``), each with the parts the
    generator chose (its taker and idle seats, by docs/rules.md)."""
    out = []
    seed = 0
    while len(out) < count:
        made = random_record(seed, complete=True)
        seed += 1
        if made.contract_value is None or (game is not None and made.variant.name != game):
            continue
        record = Record.parse(made.text())
        c = made.contract_value
        idle = {
            "partner": (c.declarer + 2) % 4 if c.alone else None,
            "defender partner": None if c.lone_defender is None else (c.lone_defender + 2) % 4,
        }
        out.append((record, {"taker": made.taker, "idle": idle, "discard": c.discard}))
    return out


def typed_once(record: Record, discard: bool, extra: bool) -> str:
    """The record's text without its deal: the upcard (or the widow, when ``extra``) named,
    the contract with or without its discard."""
    lines = []
    for key, value in record.fields():
        if key == "deal":
            if extra or not record.variant.extra_optional:
                lines.append(f"{record.variant.extra_card}: {card_name(record.deal.extra)}")
            continue
        if key == "contract" and not discard:
            value = ", ".join(p for p in value.split(", ") if not p.startswith("discard "))
        if key != "result":
            lines.append(f"{key}: {value}")
    return "\n".join(lines)


def expected_unknown(record: Record, parts: dict, discard: bool, extra: bool) -> tuple[str, ...]:
    """What the play cannot show, by the rules of the module's docstring."""
    out = []
    taker, idle, put_away = parts["taker"], parts["idle"], parts["discard"]
    hidden_hand = any(seat is not None and seat in record.variant.seats for seat in idle.values())
    known_widow = extra or not record.variant.extra_optional
    taker_kept = taker is not None and put_away == record.deal.extra and known_widow
    if taker is not None and not discard and not taker_kept:
        every_card_placed = record.variant.extra_optional and not hidden_hand
        if not every_card_placed:
            out.append("discard")
    if record.variant.extra_optional and not extra:
        out.append("widow")
    for part, seat in idle.items():
        if seat is not None and seat in record.variant.seats:
            out.append(part)
    return tuple(out)


def after_exchanges(record: Record) -> list[int]:
    """The hands of the seats that play, after the exchanges: what the play shows."""
    state = PlayState(record.deal, record.contract, record.settings)
    return [state.hands[s] for s in state.seats]


@pytest.mark.parametrize("discard, extra", [(True, True), (False, True), (False, False), (True, False)])
def test_a_record_typed_once_plays_the_hand_of_the_whole_record(discard: bool, extra: bool) -> None:
    checked = 0
    for record, parts in whole_records(120):
        typed = Record.parse(typed_once(record, discard, extra))
        assert typed.unknown == expected_unknown(record, parts, discard, extra), record.line()
        assert typed.auction_text() == record.auction_text() and typed.play_text() == record.play_text()
        assert typed.result.text() == record.result.text()
        assert typed.contract[:2] == record.contract[:2] and typed.contract.alone == record.contract.alone
        assert typed.contract.lone_defender == record.contract.lone_defender
        assert after_exchanges(typed) == after_exchanges(record)
        if not typed.unknown:  # nothing unknown: the very deal
            assert typed.deal.notation() == record.deal.notation() and typed == record
        # written back: without the deal where it would show stand-ins, and read the same
        again = Record.parse(typed.line())
        assert again == typed and Record.from_json(typed.to_json()) == typed
        assert ("deal:" in typed.line()) == (not typed.unknown)
        if "discard" in typed.unknown:
            assert typed.to_json()["contract"]["discard"] is None
        checked += 1
    assert checked == 120


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_typed_once(game: str) -> None:
    for record, parts in whole_records(8, game):
        typed = Record.parse(typed_once(record, False, False))
        assert typed.unknown == expected_unknown(record, parts, False, False)
        assert after_exchanges(typed) == after_exchanges(record)


def marked(record: Record, unknown: tuple[str, ...]) -> Record:
    """The whole record told it does not know ``unknown``."""
    return Record.parse(f"unknown: {', '.join(unknown)}\n{record}") if unknown else record


def without(review: dict) -> dict:
    """A review's verdicts and figures, not the record it was given."""
    return {key: value for key, value in review.items() if key not in ("record", "version")}


@pytest.mark.compiled
@pytest.mark.parametrize("game", GAMES)
def test_the_review_of_a_record_typed_once_equals_the_whole_records_with_its_unknowns(game: str) -> None:
    """The record typed once and the whole record told the same unknowns: one review, figure
    for figure (what is not known is not judged, and nothing else rests on it)."""
    for record, _ in whole_records(2, game):
        typed = Record.parse(typed_once(record, False, False))
        same = marked(record, typed.unknown)
        assert without(hasen.review_hand(typed, layouts=6, seed=2).to_json()) == without(
            hasen.review_hand(same, layouts=6, seed=2).to_json()
        )


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "variant: euchre; dealer: N; auction: E order up; contract: E, trump H; play: 9H",
            "upcard: a record without a deal needs the upcard",
        ),
        (
            "variant: euchre; dealer: N; upcard: 9H; auction: E order up; contract: E, trump H; play: TH JH QH KH",
            "play: the hand is not played out, so the cards of N, E, S, W are not all known",
        ),
        (
            "variant: euchre; dealer: N; upcard: 9H; widow: 9H; auction: E order up; contract: E, trump H; play: TH",
            "widow: euchre has no widow",
        ),
        ("dealer: N; upcard: 9H; auction: N 4; contract: N 4, trump H; play: TH", "upcard: hasenpfeffer has no upcard"),
        (
            "variant: euchre; dealer: N; upcard: 9H; unknown: discard; auction: E order up; "
            "contract: E, trump H; play: TH",
            "unknown: a record without a deal says nothing of what it does not know",
        ),
        (
            "variant: euchre; upcard: 9H; auction: E order up; contract: E, trump H; play: TH",
            "dealer: a record without",
        ),
        (
            "variant: euchre; dealer: N; upcard: 9H; auction: E order up; contract: E, trump H; play: TH TH",
            "play: TH is played twice",
        ),
        (
            "variant: euchre; dealer: N; upcard: 9H; auction: E order up",
            "the deal is missing ('deal: <deal>'); without one, give the contract and the whole play",
        ),
    ],
)
def test_a_record_typed_once_that_cannot_be_read_says_why(text: str, message: str) -> None:
    with pytest.raises(hasen.NotationError) as refused:
        Record.parse(text)
    assert message in str(refused.value) and "\n" not in str(refused.value)
