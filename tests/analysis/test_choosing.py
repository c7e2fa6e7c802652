"""The race that makes a declarer's own choice (hasen.analysis.choosing), on made-up rows:
- with no more layouts than the first round it is the plain rule, the most points (the
  first candidate of equals);
- a candidate far behind drops out and is not solved again, as does one the same as an
  earlier candidate on every layout; one level with the leader stays;
- the choice is the leader over every layout solved, and the race stops when the stream
  runs dry or one candidate is left.
"""

from __future__ import annotations

import numpy as np
import pytest

from hasen.analysis.choosing import FIRST_ROUND, Question, race
from hasen.search.protocol import NOT_SOLVED

POINTS = np.array([-6, -6, -6, 3, 4, 5, 6])  # a bid of 3 in a six-trick hand: made from 3 tricks


def stream(table: np.ndarray, log: list):
    """A solve callback over fixed rows (a layout a row), leaving out the columns not read."""

    def solve(start: int, stop: int, read):
        rows = table[start:stop].copy()
        log.append((start, stop, None if read is None else set(read[0])))
        if read is not None:
            keep = sorted(read[0])
            mask = np.ones(rows.shape[1], dtype=bool)
            mask[keep] = False
            rows[:, mask] = NOT_SOLVED
        return [rows]

    return solve


def test_within_the_first_round_the_choice_is_the_most_points_first_of_equals() -> None:
    rng = np.random.default_rng(3)
    table = rng.integers(0, 7, size=(40, 5))
    table[:, 3] = table[:, 1]  # two candidates alike on every layout: the first listed wins
    order = (4, 3, 1, 0, 2)
    log: list = []
    chosen = race([Question(0, POINTS, order)], 1, 40, stream(table, log)).chosen[0]
    totals = {c: int(POINTS[table[:, c]].sum()) for c in order}
    best = max(totals.values())
    assert chosen == next(c for c in order if totals[c] == best)
    assert log == [(0, 40, None)]


def test_a_candidate_far_behind_drops_out_and_a_level_one_stays() -> None:
    rng = np.random.default_rng(5)
    count = 8 * FIRST_ROUND
    good = rng.integers(3, 7, size=count)
    level = good.copy()
    level[::2] = good[1::2]  # another candidate as good, not on the same layouts
    level[1::2] = good[::2]
    table = np.stack([good, np.zeros(count, dtype=np.int64), level, rng.integers(0, 7, size=count), good], axis=1)
    log: list = []
    result = race([Question(0, POINTS, (0, 1, 2, 3, 4))], 1, count, stream(table, log))
    assert log[0] == (0, FIRST_ROUND, None)
    assert all(1 not in read for _, _, read in log[1:]), "the candidate taking no trick is not solved again"
    assert all(4 not in read for _, _, read in log[1:]), "a candidate the same as the first on every layout goes"
    assert all({0, 2} <= read for _, _, read in log[1:]), "the two level ones stay in to the end"
    assert log[-1][1] == count
    totals = {c: int(POINTS[table[:, c]].sum()) for c in (0, 2)}
    assert result.chosen == (max((0, 2), key=totals.__getitem__),)
    assert [stop for _, stop, _ in log] == [FIRST_ROUND, 2 * FIRST_ROUND, 4 * FIRST_ROUND, count]


def test_the_race_ends_when_one_is_left_or_the_stream_runs_dry() -> None:
    count = 10 * FIRST_ROUND
    table = np.zeros((count, 3), dtype=np.int64)
    table[:, 2] = 6  # every trick, on every layout
    log: list = []
    assert race([Question(0, POINTS, (0, 1, 2))], 1, count, stream(table, log)).chosen == (2,)
    assert len(log) == 1, "the two behind on every layout drop out after the first round: one is left"
    short = table[: FIRST_ROUND + 10]
    log = []
    table2 = short.copy()
    table2[:, 1] = 6
    table2[7, 2] = 5  # all but one trick once: not far enough behind to drop out yet
    result = race([Question(0, POINTS, (0, 1, 2))], 1, count, stream(table2, log))
    assert log[-1] == (FIRST_ROUND, 2 * FIRST_ROUND, {1, 2}) and len(result.rows[0]) == FIRST_ROUND + 10
    assert result.chosen == (1,) and result.first_round == FIRST_ROUND


@pytest.mark.parametrize("layouts", [1, 2, FIRST_ROUND])
def test_one_round_solves_every_candidate(layouts: int) -> None:
    table = np.arange(3 * FIRST_ROUND).reshape(FIRST_ROUND, 3) % 7
    log: list = []
    race([Question(0, POINTS, (0, 1, 2))], 1, layouts, stream(table, log))
    assert log == [(0, layouts, None)]
