"""Hasenpfeffer's part of the analyses (``hasen.analysis.family``): the plan of its table, the
declarer's trump x discard table a contract is judged by, the bidding searched with every
card known, and a seat's bids with what each scores. It sits in the analyses' layer, so that
an analysis asking it for these never calls up into the game's text (docs/layers.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...analysis.family import Family
from ...analysis.table import Plan
from ...core.deal import Deal
from ...core.settings import Settings
from ...core.variants import Variant
from ...rules.auction import AuctionEnd, auction_for
from ...rules.scoring import Bid, bid_ladder
from ...search import Searcher
from .rules import hasenpfeffer_score
from .table import DeclarerTable, declarer_table, plan_table

if TYPE_CHECKING:  # the auction and the advice are imported when asked for
    from ...analysis.bidding import Auction, HasenpfefferAdvice, Played
    from ...analysis.outcomes import Outcomes


def bid_scores(variant: Variant, settings: Settings, tricks: int, alone: bool) -> list[tuple[Bid, tuple[int, int]]]:
    """Each bid of the game, lowest first, with the declaring side's and the defenders' points
    when the declarer takes ``tricks``."""
    return [(bid, hasenpfeffer_score(bid, tricks, alone, variant, settings)) for bid in bid_ladder(variant, settings)]


def hasenpfeffer_contract(outcomes: Outcomes, declarer: int, bid: Bid) -> Played:
    """The declarer plays its best trump and discard, with the partner or alone, whichever
    scores better for its side (with the partner on a tie)."""
    from ...analysis.bidding import Played

    variant, settings = outcomes.deal.variant, outcomes.settings
    side = variant.side_of(declarer)
    best: Played | None = None
    for alone in (False, True):
        result = outcomes.best(declarer, alone)
        score = hasenpfeffer_score(bid, result.tricks, alone, variant, settings)
        played = Played(result, bid.name(settings), score)
        if best is None or played.net(variant, side) > best.net(variant, side):
            best = played
    assert best is not None
    return best


def hasenpfeffer_par(outcomes: Outcomes) -> Auction:
    """The bidding searched to the end (docs/variants.md, "Par: the auction model"); the
    winner plays its best trump and discard, alone or not (``hasenpfeffer_contract``)."""
    from ...analysis.bidding import search_auction

    def played(end: AuctionEnd) -> Played:
        assert end.declarer is not None and end.bid is not None
        return hasenpfeffer_contract(outcomes, end.declarer, end.bid)

    return search_auction(auction_for(outcomes.deal, outcomes.settings), played)


def hasenpfeffer_advice(outcomes: Outcomes, seat: int) -> HasenpfefferAdvice:
    """Each form of play's tricks for ``seat`` as declarer, the highest bid they make, and
    what every bid would score."""
    from ...analysis.bidding import BidScore, DeclarerBest, HasenpfefferAdvice

    variant, settings = outcomes.deal.variant, outcomes.settings
    forms = []
    for alone in (False, True):
        result = outcomes.best(seat, alone)
        scores = [
            BidScore(bid.name(settings), result.tricks >= bid.tricks, mine, theirs)
            for bid, (mine, theirs) in bid_scores(variant, settings, result.tricks, alone)
        ]
        making = [score.bid for score in scores if score.made]
        forms.append(DeclarerBest(result, making[-1] if making else None, tuple(scores)))
    return HasenpfefferAdvice(*forms)


class HasenpfefferFamily(Family):
    """What the analyses take from Hasenpfeffer: the declarer takes the widow and chooses."""

    chooser_names_trump = True  # the declarer, with the widow

    def plan_table(
        self,
        deal: Deal,
        declarer: str | int | None = None,
        alone: bool = False,
        defender: str | int | None = None,
        settings: Settings | None = None,
    ) -> Plan:
        return plan_table(deal, declarer=declarer, alone=alone, defender=defender, settings=settings)

    def contract_table(
        self, deal: Deal, declarer: int, alone: bool, lone_defender: int | None, settings: Settings, searcher: Searcher
    ) -> DeclarerTable:
        return declarer_table(deal, declarer, alone, settings, searcher, lone_defender)

    def discard_owner(self, deal: Deal, declarer: int) -> int:
        return declarer  # who takes the widow

    def par(self, outcomes: Outcomes) -> Auction:
        return hasenpfeffer_par(outcomes)

    def advice(self, outcomes: Outcomes, seat: int) -> HasenpfefferAdvice:
        return hasenpfeffer_advice(outcomes, seat)

    def scores(self, variant: Variant, settings: Settings, tricks: int, alone: bool) -> list[tuple[str, int]]:
        scored = bid_scores(variant, settings, tricks, alone)
        return [(bid.name(settings), mine - theirs) for bid, (mine, theirs) in scored]


FAMILY = HasenpfefferFamily()  # what ``hasen.analysis.family.family_of`` finds for the family
