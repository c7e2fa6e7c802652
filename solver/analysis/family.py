"""What the analyses need from a family of games (``hasen.games`` holds one per family).

The tables, the review and the auction are the same machinery in every game; what differs
is the table a declarer's choices are judged by, and how the auction runs. The analyses
take these through a ``Family`` object, so that none of them asks which game it is in.
``Family`` is the one declaration of that part: each family implements it in its folder's
module ``family``, in this layer, and its game (``hasen.games.base.Game``) builds on that
with the public calls and their text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from ..core.deal import Deal
from ..core.settings import Settings
from ..core.variants import Variant
from ..notation.inputs import coerce_deal, coerce_seat
from ..play.state import Contract
from ..search import Searcher

if TYPE_CHECKING:
    from .bidding import Advice, Auction
    from .outcomes import Outcomes
    from .table import Plan


class ContractTable(Protocol):
    """A declarer's (or maker's) tricks for every choice, and a chosen contract against them."""

    @property
    def best_tricks(self) -> int: ...

    def grid(self, trump: int) -> dict[int | None, int]:
        """This trump's tricks by discard; the key None when nobody exchanges."""
        ...

    def contract_tricks(self, contract: Contract) -> int: ...

    def contract_cost(self, contract: Contract) -> int: ...

    def contract_json(self, contract: Contract) -> dict[str, Any]: ...


# a declarer's choice of contract as the tables give it: the discard (None: nobody
# exchanges), the defender who plays alone (None: they defend together) and the tricks
Choice = tuple[int | None, int | None, int]


class Family(ABC):
    """The game-specific part of the analyses."""

    # does whoever takes the extra card choose the whole contract with it, its trump, discard
    # and form of play (the Hasenpfeffer declarer), or only a discard under a trump already
    # made (the Euchre dealer)?
    chooser_names_trump: bool

    @abstractmethod
    def plan_table(
        self,
        deal: Deal,
        declarer: str | int | None = None,
        alone: bool = False,
        defender: str | int | None = None,
        settings: Settings | None = None,
    ) -> Plan:
        """The table's request checked and its tables built, not yet solved: every declarer's
        (or one's) tricks for every choice the game gives."""

    @abstractmethod
    def discard_owner(self, deal: Deal, declarer: int) -> int:
        """Who takes the extra card and discards, where anyone does, in ``declarer``'s table."""

    def choice_worth(self, variant: Variant, settings: Settings, alone: bool) -> Callable[[Choice], tuple[int, int]]:
        """What a choice of contract is worth to the declaring side, as a key to order the
        choices by: its tricks."""
        return lambda choice: (0, choice[2])

    @abstractmethod
    def contract_table(
        self, deal: Deal, declarer: int, alone: bool, lone_defender: int | None, settings: Settings, searcher: Searcher
    ) -> ContractTable:
        """The table a declarer's choice of contract is judged by."""

    @abstractmethod
    def par(self, outcomes: Outcomes) -> Auction:
        """The auction with every card known, searched to the end."""

    @abstractmethod
    def advice(self, outcomes: Outcomes, seat: int) -> Advice:
        """What the seat should bid or call."""

    @abstractmethod
    def scores(self, variant: Variant, settings: Settings, tricks: int, alone: bool) -> list[tuple[str, int]]:
        """For each bid (or call) the game has, by name: the declaring side's points less
        the defenders' when it takes ``tricks``."""


@cache
def family_of(variant: Variant) -> Family:
    """The part of the analyses that is ``variant``'s family's own, from its folder (loaded
    when first asked for: each family's builds on ``Family``)."""
    family: Family = import_module(f"..games.{variant.family}.family", __package__).FAMILY
    return family


def plan_deal(
    deal: Deal | str, declarer: str | int | None = None, alone: bool = False, defender: str | int | None = None
) -> Plan:
    """``hasen.analyze``'s request of one deal (its text or a ``Deal``) checked and its tables
    built, not yet solved, with the deal's own settings."""
    dealt = coerce_deal(deal)
    who = None if declarer is None else coerce_seat(declarer, "declarer")
    lone = None if defender is None else coerce_seat(defender, "defender")
    return family_of(dealt.variant).plan_table(dealt, declarer=who, alone=alone, defender=lone, settings=dealt.settings)
