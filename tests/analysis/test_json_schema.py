"""The core's schema checker (``hasen.notation.json_schema``) gives the ``jsonschema``
package's verdict on EGN and EMN files: on files the product writes, and on thousands of
them mangled at random (a value replaced by another type, a key added or dropped, a list
grown past its limit). Where both refuse, the checker's message is one line naming a place.
"""

from __future__ import annotations

import json
import random

import pytest
from egngen import mangled, validator, written

from hasen.notation import json_schema

VALIDATORS = {"egn": validator("egn"), "emn": validator("emn")}
# mangled files a format: 800 reached no line of the checker that 400 do not, and no line
# beyond the rest of the suite (docs/benchmarks.md); the agreement is checked on each
TRIALS = 400


@pytest.mark.parametrize("name, games", [("egn", 1), ("emn", 2)])
def test_the_checker_agrees_with_jsonschema_on_mangled_files(name: str, games: int) -> None:
    rng = random.Random(7)
    documents = [written(seed, games) for seed in range(3)]
    refused = 0
    for trial in range(TRIALS):
        document = mangled(rng.choice(documents), rng) if trial else documents[0]
        expected = VALIDATORS[name].is_valid(document)
        try:
            json_schema.check(document, name)
            assert expected, f"the checker let through what jsonschema refuses: {json.dumps(document)[:300]}"
        except json_schema.SchemaError as exc:
            assert not expected, f"the checker refused what jsonschema lets through: {exc}"
            assert "\n" not in str(exc) and len(str(exc)) < 400
            refused += 1
    # the mangling reaches the schema's rules, not only harmless corners (an EMN match checks
    # only the outside of its games: EGN's schema checks each game's inside)
    assert refused > TRIALS * (3 / 8 if name == "egn" else 1 / 8), refused
