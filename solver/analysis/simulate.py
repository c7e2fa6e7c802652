"""Single-dummy simulation: the right choice knowing only one seat's cards.

Double-dummy says what was possible with every card seen. Here a seat knows its own hand,
the widow or upcard, and perhaps some cards of other hands (from the bidding or the play).
The unseen cards are dealt at random to the other hands, uniformly among the layouts that
agree with what is known, and every choice the seat has (each trump, and each discard when
it is the seat's) is solved double-dummy on each layout (``hasen.analysis.layouts``). Over
the layouts each choice gets its mean tricks, the chance of taking at least k tricks for
every k, its expected score for every bid, and how often it is the layout's double-dummy
best. The figures are worked out from each choice's count of layouts per number of tricks.

Layout i is dealt from its own random generator, seeded by (seed, i), so that the answer
is the same whatever order or however many threads or workers solve the layouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.bounds import whole_number
from ..core.cards import SUITS, canonical_key, card_name
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Suit
from ..core.run import Mapper
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from .answer import Answer, figure, variant_json
from .family import Family
from .knowledge import Knowledge
from .layouts import Column, TableShape, solve_layouts

FORMS = {False: "with_partner", True: "alone"}  # the JSON names of the forms of play


@dataclass
class Sample:
    """Tricks over the layouts, as a count of layouts per number of tricks (0 up)."""

    counts: list[int]

    @property
    def layouts(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float:
        return sum(t * n for t, n in enumerate(self.counts)) / self.layouts

    @property
    def stderr(self) -> float:
        """The standard error of the mean (0 for a single layout)."""
        n = self.layouts
        if n < 2:
            return 0.0
        mean = self.mean
        variance = sum(count * (t - mean) ** 2 for t, count in enumerate(self.counts)) / (n - 1)
        return math.sqrt(variance / n)

    def at_least(self, k: int) -> float:
        return sum(self.counts[k:]) / self.layouts


@dataclass
class ChoiceStats(Sample):
    """One choice over the layouts: the declaring side's tricks."""

    trump: Suit
    discard: Card | None
    scores: dict[str, float]  # expected points of the declaring side, net, per bid
    dd_best: float  # the share of layouts where no other choice takes more
    hand_size: int  # the most tricks there are

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": SUITS[self.trump],
            "discard": None if self.discard is None else card_name(self.discard),
            "mean": figure(self.mean),
            "stderr": figure(self.stderr),
            "at_least": {str(k): figure(self.at_least(k)) for k in range(1, self.hand_size + 1)},
            "scores": {bid: figure(points) for bid, points in self.scores.items()},
            "dd_best": figure(self.dd_best),
        }


@dataclass
class FormStats:
    """Every choice in one form of play (with the partner, or alone), and the best per bid."""

    alone: bool
    choices: list[ChoiceStats]

    def best(self) -> dict[str, ChoiceStats]:
        """Per bid, the choice with the highest expected score (the first such in order)."""
        bids = list(self.choices[0].scores)
        return {bid: max(self.choices, key=lambda c: c.scores[bid]) for bid in bids}

    def to_json(self) -> dict[str, Any]:
        return {
            "choices": [c.to_json() for c in self.choices],
            "best": {
                bid: {
                    "trump": SUITS[c.trump],
                    "discard": None if c.discard is None else card_name(c.discard),
                    "score": figure(c.scores[bid]),
                    "mean": figure(c.mean),
                }
                for bid, c in self.best().items()
            },
        }


@dataclass(repr=False, frozen=True)
class Simulation(Answer):
    """Each choice of the seat over random layouts of the cards it cannot see.

    >>> import hasen
    >>> north = hasen.SeatView.in_deal(hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N")
    >>> sim = hasen.simulate(north, layouts=20, seed=1)
    >>> best = sim.forms["with_partner"].best()["6"]
    >>> best.trump, best.discard
    (Suit('C'), Card('KH'))
    """

    ROWS = ((None, ("forms", (None, "form"), "choices")),)  # each form's choices of trump and discard

    knowledge: Knowledge
    settings: Settings
    layouts: int
    seed: int
    forms: dict[str, FormStats] = field(default_factory=dict)
    auction: tuple[tuple[int, str], ...] = ()  # the calls its layouts agree with, if any

    def best(self) -> dict[str, tuple[FormStats, ChoiceStats]]:
        """Per bid, the form of play and choice with the highest expected score (with the
        partner first on a tie)."""
        forms = list(self.forms.values())
        bids = list(forms[0].choices[0].scores)
        return {
            bid: max(((form, form.best()[bid]) for form in forms), key=lambda pair: pair[1].scores[bid]) for bid in bids
        }

    def to_json(self) -> dict[str, Any]:
        data = variant_json(self.knowledge.variant)
        data |= {
            "dealer": SEATS[self.knowledge.dealer],
            **self.knowledge.describe(),
            "layouts": self.layouts,
            "seed": self.seed,
            "auction": [{"seat": SEATS[seat], "call": call} for seat, call in self.auction],
            "forms": {name: form.to_json() for name, form in self.forms.items()},
            "best": {
                bid: {
                    "alone": form.alone,
                    "trump": SUITS[c.trump],
                    "discard": None if c.discard is None else card_name(c.discard),
                    "score": figure(c.scores[bid]),
                }
                for bid, (form, c) in self.best().items()
            },
        }
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (
            f"<Simulation of {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over {self.layouts} layouts>"
        )


def simulate(
    knowledge: Knowledge,
    family: Family,
    layouts: int,
    seed: int = 0,
    settings: Settings = Settings(),
    forms: Sequence[bool] | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    progress: Callable[[int, int], None] | None = None,
    indexes: Sequence[int] | None = None,
) -> Simulation:
    """Solve ``layouts`` random layouts and gather each choice's figures (see the module).

    ``forms``: with the partner (False) and alone (True); by default both where the game
    has partners. The layouts are solved on ``threads`` threads, or through ``mapper`` (a
    map that keeps the order, e.g. over processes). ``progress(done, total)`` is called as
    layouts are gathered (a place for a caller with a time limit to stop). ``indexes``: the
    layouts of the stream to solve (those that agree with an auction), when not 0 to
    ``layouts - 1``.
    """
    whole_number("layouts", layouts)
    variant = knowledge.variant
    if knowledge.extra is None:
        raise NotationError(f"{variant.extra_card}: the declarer sees the {variant.extra_card}: give it")
    settings.check_for(variant)
    chosen = tuple(forms) if forms is not None else variant.forms
    if True in chosen and True not in variant.forms:
        raise NotationError(f"alone: {variant.never_alone}")
    shapes = [TableShape.of(knowledge, knowledge.seat, alone, settings) for alone in chosen]
    solved = solve_layouts(knowledge, shapes, layouts, seed, threads, mapper, progress, indexes=indexes)
    answer = Simulation(knowledge, settings, layouts if indexes is None else len(indexes), seed)
    for alone, shape, rows in zip(chosen, shapes, solved.rows):
        answer.forms[FORMS[alone]] = form_stats(alone, shape.columns, rows, family, variant, settings)
    return answer


def points_table(family: Family, variant: Variant, settings: Settings, alone: bool) -> tuple[list[str], np.ndarray]:
    """The bids (or calls) by name, and each one's net points for 0 to hand-size tricks
    (a row per bid)."""
    per_tricks = [family.scores(variant, settings, t, alone) for t in range(variant.hand_size + 1)]
    bids = [bid for bid, _ in per_tricks[0]]
    return bids, np.array([[points for _, points in row] for row in per_tricks], dtype=np.int64).T


def trick_counts(rows: np.ndarray, hand_size: int) -> np.ndarray:
    """Per column of ``rows`` (a layout a row), the layouts per number of tricks."""
    return np.stack([np.bincount(rows[:, c], minlength=hand_size + 1) for c in range(rows.shape[1])])


def form_stats(
    alone: bool, columns: list[Column], rows: np.ndarray, family: Family, variant: Variant, settings: Settings
) -> FormStats:
    """Each column's figures over the layouts (``rows``: a layout a row, a column per
    choice), the choices in trump order, then each trump's discards in card order."""
    bids, points = points_table(family, variant, settings, alone)
    counts = trick_counts(rows, variant.hand_size)
    expected = counts @ points.T / len(rows)
    best = (rows == rows.max(axis=1, keepdims=True)).sum(axis=0) / len(rows)

    def place(c: int) -> tuple[int, tuple[int, int] | tuple[()]]:
        trump, discard = columns[c]
        return trump, () if discard is None else canonical_key(discard)

    order = sorted(range(len(columns)), key=place)
    stats = []
    for c in order:
        trump, discard = columns[c]
        stats.append(
            ChoiceStats(
                counts[c].tolist(),
                Suit(trump),
                None if discard is None else Card(discard),
                dict(zip(bids, expected[c].tolist())),
                float(best[c]),
                variant.hand_size,
            )
        )
    return FormStats(alone, stats)
