"""Euchre's part of the analyses (``hasen.analysis.family``): the plan of its table, the
maker's table a contract is judged by, with the dealer's discards; ordering up and naming
trump searched with every card known; a seat's calls with what each scores. It sits in the
analyses' layer, so that an analysis asking it for these never calls up into the game's text
(docs/layers.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...analysis.family import Family
from ...analysis.table import TRUMPS, Plan
from ...core.deal import Deal
from ...core.settings import Settings
from ...core.variants import Variant
from ...rules.auction import AuctionEnd, auction_for
from ...search import Searcher
from .rules import euchre_score
from .table import MakerTable, maker_table, plan_euchre

if TYPE_CHECKING:  # the auction and the advice are imported when asked for
    from ...analysis.bidding import Auction, CallOutcome, EuchreAdvice, Played
    from ...analysis.family import Choice
    from ...analysis.outcomes import Outcomes


def euchre_contract(outcomes: Outcomes, maker: int, trump: int, alone: bool) -> Played:
    """The maker plays ``trump`` in the form of its call, with the dealer's best discard."""
    from ...analysis.bidding import Played

    result = outcomes.by_trump(maker, alone)[trump]
    return Played(
        result,
        None,
        euchre_score(result.tricks, alone, outcomes.deal.variant, result.defender is not None, outcomes.settings),
    )


def euchre_par(outcomes: Outcomes) -> Auction:
    """Ordering up and naming trump searched to the end (docs/variants.md, "The Euchre
    auction"); the maker plays the trump and form of its call."""
    from ...analysis.bidding import search_auction

    def played(end: AuctionEnd) -> Played:
        assert end.declarer is not None and end.trump is not None and end.alone is not None
        return euchre_contract(outcomes, end.declarer, end.trump, end.alone)

    return search_auction(auction_for(outcomes.deal, outcomes.settings), played)


def euchre_advice(outcomes: Outcomes, seat: int) -> EuchreAdvice:
    """Every trump and form ``seat`` could make, with its score, and the one its side nets
    most from."""
    from ...analysis.bidding import CallOutcome, EuchreAdvice

    variant = outcomes.deal.variant
    calls = []
    best: tuple[float, CallOutcome] | None = None
    for trump in TRUMPS:
        for alone in variant.forms:
            played = euchre_contract(outcomes, seat, trump, alone)
            call = CallOutcome(played.result, *played.score)
            calls.append(call)
            net = played.standing(variant, seat)
            if best is None or net > best[0]:
                best = net, call
    assert best is not None
    return EuchreAdvice(tuple(calls), best[1])


class EuchreFamily(Family):
    """What the analyses take from Euchre: the dealer may take the upcard and discard."""

    chooser_names_trump = False  # the dealer discards under the trump the auction made

    def plan_table(
        self,
        deal: Deal,
        declarer: str | int | None = None,
        alone: bool = False,
        defender: str | int | None = None,
        settings: Settings | None = None,
    ) -> Plan:
        return plan_euchre(deal, declarer=declarer, alone=alone, defender=defender, settings=settings)

    def contract_table(
        self, deal: Deal, declarer: int, alone: bool, lone_defender: int | None, settings: Settings, searcher: Searcher
    ) -> MakerTable:
        return maker_table(deal, declarer, alone, lone_defender, settings, searcher)

    def discard_owner(self, deal: Deal, declarer: int) -> int:
        return deal.dealer  # who takes the upcard

    def choice_worth(self, variant: Variant, settings: Settings, alone: bool) -> Callable[[Choice], tuple[int, int]]:
        """Its tricks; in Railroad, where a lone defender who euchres scores more, its points
        first."""
        if not variant.calls_for_best:
            return super().choice_worth(variant, settings, alone)

        def points_then_tricks(choice: Choice) -> tuple[int, int]:
            makers, defenders = euchre_score(choice[2], alone, variant, choice[1] is not None, settings)
            return makers - defenders, choice[2]

        return points_then_tricks

    def par(self, outcomes: Outcomes) -> Auction:
        return euchre_par(outcomes)

    def advice(self, outcomes: Outcomes, seat: int) -> EuchreAdvice:
        return euchre_advice(outcomes, seat)

    def scores(self, variant: Variant, settings: Settings, tricks: int, alone: bool) -> list[tuple[str, int]]:
        makers, defenders = euchre_score(tricks, alone, variant, settings=settings)
        return [("make", makers - defenders)]


FAMILY = EuchreFamily()  # what ``hasen.analysis.family.family_of`` finds for the family
