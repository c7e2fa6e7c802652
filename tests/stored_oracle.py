"""The oracle's values, stored, so that the tests which hold the searches to the plain
minimax need not work its answers out again on every run; a slow test beside each use works
a sample out again and compares.

- The values of the review's deals, position by position (``StoredOracle``): its checks on
  lone hands and whole four-hand deals read them from tests/data/stored_oracle.json instead of
  taking half a second a lone hand and tens of seconds a four-hand deal. Rebuild the file
  (about a minute) with ``python tests/stored_oracle.py``.
- The oracle's answer for each random position of the search's tests, by the position's
  label (``golden_value``): tests/data/oracle_values.json. Rebuild it (about two minutes)
  with ``python tests/stored_oracle.py --golden``: it runs those tests once, one process,
  with ``HASEN_RECORD_ORACLE=1``, when each value is worked out and kept.

Rebuild after a change to the oracle, the deal generators or the deals' seeds.

A value is the declaring side's tricks from a position (the hands, the leader, the trick so
far), keyed by the deal's name; a position the file does not hold is an error that says to
rebuild, never a value worked out quietly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from oracle import Oracle

PATH = Path(__file__).parent / "data" / "stored_oracle.json"
GOLDEN = Path(__file__).parent / "data" / "oracle_values.json"
RECORDING = os.environ.get("HASEN_RECORD_ORACLE") == "1"
# the tests that read golden_value: the rebuild runs them
GOLDEN_TESTS = [
    "tests/search/test_search.py",
    "tests/games/euchre/test_variant_search.py",
    "tests/games/euchre/test_calling_for_best.py",
    "tests/web/test_solve_options.py",
]
_recorded: dict[str, Any] = {}


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


@cache
def _golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


def golden_value(label: str, work: Callable[[], Any]) -> Any:
    """The oracle's answer stored under ``label``; ``work()`` works it out, which only the
    rebuild and the slow re-checks do. A label the file does not hold is an error that says
    to rebuild, never an answer worked out quietly."""
    if RECORDING:
        _recorded[label] = work()
        return _recorded[label]
    try:
        return _golden()[label]
    except KeyError:
        raise KeyError(
            f"{GOLDEN.name} holds no oracle value for {label!r}: rebuild it (python tests/stored_oracle.py --golden)"
        ) from None


def write_recorded() -> None:
    """The values recorded in this run, written (tests/conftest.py, at the end of a rebuild)."""
    if _recorded:
        GOLDEN.write_text(json.dumps(_recorded, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__" and sys.argv[1:] == ["--golden"]:
    root = Path(__file__).parent.parent
    command = [sys.executable, "-m", "pytest", "-n", "0", "-q", *GOLDEN_TESTS]  # in this process: it records
    subprocess.run(command, cwd=root, env={**os.environ, "HASEN_RECORD_ORACLE": "1"}, check=True)
    print(f"wrote {GOLDEN} ({len(json.loads(GOLDEN.read_text()))} values)")
elif __name__ == "__main__":
    sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent / "analysis")]
    import test_review as review

    PATH.write_text(json.dumps(review.record_stored_values(), indent=0, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
