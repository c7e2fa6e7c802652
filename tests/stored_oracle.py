"""The oracle's values of a few long deals, stored: tests that check the product on whole
four-hand deals read them from tests/data/stored_oracle.json instead of taking tens of
seconds a deal to work them out again, and a slow test works one deal's out again and
compares. Rebuild the file (about a minute) with ``python tests/stored_oracle.py``
after a change to the oracle, the deal generator or the deals' seeds.

A value is the declaring side's tricks from a position (the hands, the leader, the trick so
far), keyed by the deal's name; a position the file does not hold is an error that says to
rebuild, never a value worked out quietly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from oracle import Oracle

PATH = Path(__file__).parent / "data" / "stored_oracle.json"


def position_key(hands: Sequence[int], leader: int, trick: Sequence[int]) -> str:
    return f"{' '.join(str(int(h)) for h in hands)}|{leader}|{' '.join(str(int(c)) for c in trick)}"


class StoredOracle:
    """An oracle whose ``value`` comes from ``values`` (or, recording, from the oracle itself,
    kept in ``values``); everything else is the oracle's."""

    def __init__(self, oracle: Oracle, values: dict[str, int], recording: bool = False) -> None:
        self.oracle, self.values, self.recording = oracle, values, recording

    def __getattr__(self, name: str) -> Any:
        return getattr(self.oracle, name)

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> int:
        key = position_key(hands, leader, trick)
        if key not in self.values:
            if not self.recording:
                raise KeyError(f"{PATH.name} holds no value for {key}: rebuild it (python tests/stored_oracle.py)")
            self.values[key] = self.oracle.value(hands, leader, trick)
        return self.values[key]


def stored(name: str) -> dict[str, int]:
    data: dict[str, dict[str, int]] = json.loads(PATH.read_text())
    return data[name]


if __name__ == "__main__":
    sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent / "analysis")]
    import test_review as review

    PATH.write_text(json.dumps(review.record_stored_values(), indent=0, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
