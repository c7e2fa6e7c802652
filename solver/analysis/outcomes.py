"""What each declarer's hand comes to when every choice is made by whoever makes it, and
the table comparing each declarer's best with the partner and alone.

For a declarer, a trump and a form of play (with the partner, or alone):
- the discard is chosen by its owner (docs/rules.md, "Who chooses the discard"): the Hasenpfeffer
  declarer, or the Euchre dealer, who helps the dealer's own side;
- against a lone declarer the defenders then choose to defend together or to let one of
  them play alone (two hands play; that defender leads), whichever leaves the declaring
  side fewer tricks. No rule scores lone defence, so it is chosen for tricks alone.
Ties go to the first discard in canonical order, and to defending together before a lone
defender (the declarer's left-hand opponent before the right-hand one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.cards import SUITS, card_name
from ..core.deal import Deal
from ..core.names import Card, Seat, Suit
from ..core.run import Checkpoint
from ..core.seats import SEATS, left_of, partner_of
from ..core.settings import Settings
from ..search import Searcher, thread_searcher
from .family import Choice, Family
from .table import TRUMPS


@dataclass(frozen=True)
class Result:
    """One declarer's hand with every choice made: the declaring side's tricks."""

    declarer: Seat
    alone: bool
    trump: Suit
    discard: Card | None  # the declarer's (Hasenpfeffer) or the dealer's (Euchre); None: no exchange
    defender: Seat | None  # the defender who played alone; None: both defended
    tricks: int

    def to_json(self) -> dict[str, Any]:
        return {
            "trump": SUITS[self.trump],
            "discard": None if self.discard is None else card_name(self.discard),
            "alone": self.alone,
            "defender": None if self.defender is None else SEATS[self.defender],
            "tricks": self.tricks,
        }


class Outcomes:
    """Every declarer's results for one deal, solved on first use and kept."""

    def __init__(
        self,
        deal: Deal,
        family: Family,
        settings: Settings = Settings(),
        searcher: Searcher | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> None:
        settings.check_for(deal.variant)
        self.deal = deal
        self.family = family
        self.settings = settings
        self.searcher = searcher or thread_searcher()
        # called before each table is solved: a caller with a time limit raises from it
        self.checkpoint = checkpoint or (lambda: None)
        self._results: dict[tuple[int, bool], dict[int, Result]] = {}

    def defences(self, declarer: int, alone: bool) -> list[int | None]:
        """Both defenders together; against a lone declarer, each defender alone too."""
        if not alone:
            return [None]
        left = left_of(declarer)
        return [None, left, partner_of(left)]

    def _grids(self, declarer: int, alone: bool, defender: int | None) -> dict[int, dict[int | None, int]]:
        """Per trump, the declaring side's tricks for each discard (key None: no exchange)."""
        deal, settings, searcher = self.deal, self.settings, self.searcher
        self.checkpoint()
        table = self.family.contract_table(deal, declarer, alone, defender, settings, searcher)
        return {t: table.grid(t) for t in TRUMPS}

    def discard_helps_declarer(self, declarer: int) -> bool:
        """Does the discard's owner play for the declaring side?"""
        return self.deal.variant.declares_with(self.family.discard_owner(self.deal, declarer), declarer)

    def by_trump(self, declarer: int, alone: bool) -> dict[int, Result]:
        """The declarer's result for each trump, in this form."""
        key = (declarer, alone)
        if key not in self._results:
            defences = self.defences(declarer, alone)
            grids = {d: self._grids(declarer, alone, d) for d in defences}
            helps = self.discard_helps_declarer(declarer)
            worth = self.worth(alone)
            results = {}
            for trump in TRUMPS:
                # (discard, defender, tricks) for every choice, in the order of the ties
                options = [
                    (discard, defender, tricks)
                    for defender in defences
                    for discard, tricks in grids[defender][trump].items()
                ]
                if helps:  # the owner discards for the declaring side, then the defence answers
                    answers = [
                        min((o for o in options if o[0] == discard), key=worth) for discard in grids[None][trump]
                    ]
                    discard, defender, tricks = max(answers, key=worth)
                else:  # the dealer defends: discard and defence both work against the makers
                    discard, defender, tricks = min(options, key=worth)
                results[trump] = Result(
                    Seat(declarer),
                    alone,
                    Suit(trump),
                    None if discard is None else Card(discard),
                    None if defender is None else Seat(defender),
                    tricks,
                )
            self._results[key] = results
        return self._results[key]

    def worth(self, alone: bool) -> Callable[[Choice], tuple[int, int]]:
        """What a (discard, lone defender, tricks) choice is worth to the declaring side (the
        game's ``choice_worth``)."""
        return self.family.choice_worth(self.deal.variant, self.settings, alone)

    def best(self, declarer: int, alone: bool) -> Result:
        """The declarer's best trump in this form (ties: S H D C)."""
        results = self.by_trump(declarer, alone)
        worth = self.worth(alone)
        return max(results.values(), key=lambda r: worth((r.discard, r.defender, r.tricks)))  # the first of equals


@dataclass
class AloneComparison:
    """Each declarer's best with the partner and alone (None where there are no partners)."""

    deal: Deal
    rows: dict[int, tuple[Result, Result | None]]

    def to_json(self) -> dict[str, Any]:
        return {
            SEATS[s]: {"with_partner": partner.to_json(), "alone": None if alone is None else alone.to_json()}
            for s, (partner, alone) in self.rows.items()
        }


def compare_alone(outcomes: Outcomes) -> AloneComparison:
    deal = outcomes.deal
    rows = {}
    for seat in deal.variant.seats:
        by_form = {alone: outcomes.best(seat, alone) for alone in deal.variant.forms}
        rows[seat] = (by_form[False], by_form.get(True))
    return AloneComparison(deal, rows)
