"""Euchre's scoring, worked by hand from docs/rules.md: 1 for 3-4 tricks, 2 for five, 4 for
five alone; euchred makers give the defenders 2.
"""

from __future__ import annotations

import pytest

from hasen.core.variants import variant_for
from hasen.games.euchre.rules import euchre_score


@pytest.mark.parametrize("name", ["euchre", "euchre2"])
@pytest.mark.parametrize(
    "tricks, alone, expected",
    [
        (5, False, (2, 0)),
        (5, True, (4, 0)),
        (4, False, (1, 0)),
        (4, True, (1, 0)),
        (3, False, (1, 0)),
        (2, False, (0, 2)),
        (2, True, (0, 2)),
        (0, False, (0, 2)),
    ],
)
def test_euchre(name, tricks, alone, expected):
    assert euchre_score(tricks, alone, variant_for(name)) == expected
