"""A declarer's own choice made on layouts of its own, by a race between the candidates.

The Hasenpfeffer declarer names trump and discards after taking the widow, the Euchre dealer
discards after taking up the upcard: a choice among many (28 for the declarer, 6 for the
dealer) made without seeing the other hands. The advice makes it on layouts of its own,
never those it is scored on (``hasen.analysis.advice``): the candidate with the most points
over them is the choice. Each candidate's total is noisy, and the choice is only as good as
the layouts it sees, but most candidates are plainly worse after a few dozen layouts. So the
layouts come in rounds: the first ``FIRST_ROUND`` are solved for every candidate; after
each round a candidate whose points trail the leader's by more than ``MARGIN`` standard
errors of their difference (the same layouts for both) drops out, as does one worth the
same as an earlier candidate on every layout so far, and the next round, as
many layouts again as all before it, is solved only for those still in. The race ends when
one candidate is left or the layouts are used up; the choice is the leader on every layout
solved (on a tie, the first in the candidates' order). With no more layouts than the first
round this is the plain rule: the most points over them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

FIRST_ROUND = 60  # layouts every candidate is solved on
MARGIN = 3.0  # standard errors of the difference by which a candidate must trail to drop out

# (start, stop, columns read per form) -> each form's rows for those layouts; fewer rows when
# the stream has no more layouts to give
SolveRound = Callable[[int, int, Sequence[set[int]] | None], Sequence[np.ndarray]]


@dataclass(frozen=True)
class Question:
    """One choice: among the columns ``candidates`` of form ``form``'s rows (in the order
    ties go by), the one whose ``points`` (by tricks taken) total most."""

    form: int
    points: np.ndarray
    candidates: tuple[int, ...]


@dataclass(frozen=True)
class Race:
    """The choices made, and the layouts each form was solved on (``rows``: every column on
    the first round's layouts, then the candidates still in)."""

    chosen: tuple[int, ...]  # per question, the column chosen
    rows: tuple[np.ndarray, ...]
    first_round: int  # layouts solved in every column (the first rows)


def race(questions: Sequence[Question], forms: int, layouts: int, solve: SolveRound) -> Race:
    """Each question's choice over at most ``layouts`` layouts (see the module)."""
    alive = [list(q.candidates) for q in questions]
    parts: list[list[np.ndarray]] = [[] for _ in range(forms)]
    done, first = 0, 0
    while done < layouts:
        stop = min(layouts, FIRST_ROUND if done == 0 else 2 * done)
        read: list[set[int]] | None = None
        if done:
            read = [set() for _ in range(forms)]
            for question, columns in zip(questions, alive):
                read[question.form].update(columns)
        rows = solve(done, stop, read)
        for form in range(forms):
            parts[form].append(rows[form])
        done += len(rows[0])
        first = first or done
        gathered = [np.concatenate(p) for p in parts]
        alive = [survivors(q, columns, gathered[q.form]) for q, columns in zip(questions, alive)]
        if done < stop or all(len(columns) == 1 for columns in alive):
            break  # the stream has no more layouts to give, or every choice is made
    gathered = [np.concatenate(p) for p in parts]
    chosen = tuple(
        columns[int(np.argmax(totals(q, columns, gathered[q.form])))] for q, columns in zip(questions, alive)
    )
    return Race(chosen, tuple(gathered), first)


def totals(question: Question, columns: Sequence[int], rows: np.ndarray) -> np.ndarray:
    summed: np.ndarray = question.points[rows[:, list(columns)]].sum(axis=0)
    return summed


def survivors(question: Question, columns: list[int], rows: np.ndarray) -> list[int]:
    """The candidates that do not trail the leader by more than ``MARGIN`` standard errors,
    less any worth the same as one before it on every layout so far (it could only be
    chosen after it, on a tie)."""
    count = len(rows)
    if len(columns) == 1 or count < 2:
        return columns
    points = question.points[rows[:, columns]]
    leader = int(np.argmax(points.sum(axis=0)))
    behind = points - points[:, leader : leader + 1]
    mean = behind.mean(axis=0)
    stderr = behind.std(axis=0, ddof=1) / math.sqrt(count)
    kept, seen = [], set()
    for j, column in enumerate(columns):
        values = points[:, j].tobytes()
        if mean[j] + MARGIN * stderr[j] >= 0 and values not in seen:
            kept.append(column)
        seen.add(values)
    return kept
