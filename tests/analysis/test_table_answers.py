"""Table answers keep the search's values and build their mappings when first read (issue
17, item 2): reading them must not change what an answer equals, prints or pickles to, and
the JSON (read from the values) must say what the mappings say."""

from __future__ import annotations

import json
import pickle

import pytest

import hasen
from hasen.cli.bench import seeded_deals
from hasen.core.cards import card_name
from hasen.core.variants import variant_for

SUITS = "SHDC"
VARIANTS = [("hasenpfeffer", None), ("euchre", 24), ("euchre", 25), ("euchre2", 32)]


def read_everything(answer) -> None:
    """Every lazily built part of every table of the answer."""
    for table in answer.tables.values():
        _ = table.best, table.ties, [table.grid(t) for t in range(4)]
        _ = table.tricks if hasattr(table, "tricks") else table.entries


@pytest.mark.parametrize("name, deck", VARIANTS)
def test_reading_a_table_changes_nothing_it_equals_or_prints(name: str, deck: int | None) -> None:
    for deal in seeded_deals(variant_for(name, deck), 4, 11):
        fresh, read = hasen.analyze(deal), hasen.analyze(deal)
        text = json.dumps(read.to_json())
        read_everything(read)
        assert read == fresh and fresh == read
        assert json.dumps(read.to_json()) == text
        assert str(read) == str(fresh)
        copied = pickle.loads(pickle.dumps(read))
        assert copied == fresh and json.dumps(copied.to_json()) == text


@pytest.mark.parametrize("name, deck", VARIANTS)
def test_the_json_says_what_the_mappings_say(name: str, deck: int | None) -> None:
    for deal in seeded_deals(variant_for(name, deck), 6, 12):
        answer = hasen.analyze(deal)
        declarers = answer.to_json()["declarers"]
        for seat, table in answer.tables.items():
            data = declarers[str(seat)]
            if hasattr(table, "tricks"):  # a Hasenpfeffer declarer: trump x discard
                assert data["tricks"] == {
                    SUITS[t]: {card_name(d): table.tricks[t][d] for d in table.discards} for t in range(4)
                }
                assert data["ties"] == [[SUITS[t], card_name(d)] for t, d in table.ties]
                assert (
                    data["best"]["tricks"]
                    == table.best_tricks
                    == max(max(row.values()) for row in table.tricks.values())
                )
            else:  # a Euchre maker: one number per trump, or every dealer's discard and the choice
                for t in range(4):
                    entry = table.entries[t]
                    cell = data["tricks"][SUITS[t]]
                    if entry.discards:
                        assert cell == {**{card_name(d): n for d, n in entry.discards.items()}, "value": entry.value}
                    else:
                        assert cell == entry.value
                assert data["ties"] == [
                    [SUITS[t], None if table.entries[t].discard is None else card_name(table.entries[t].discard)]
                    for t in table.ties
                ]
                assert data["best"]["tricks"] == table.best_tricks == max(e.value for e in table.entries.values())
