"""Hasenpfeffer's part of the analyses (``hasen.analysis.family``): the declarer's trump x
discard table a contract is judged by, the bidding searched with every card known, and a
seat's bids with what each scores. It sits in the analyses' layer, so that an analysis
asking it for these never calls up into the game's text (docs/layers.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...analysis.family import Family
from ...core.deal import Deal
from ...core.settings import Settings
from ...core.variants import Variant
from ...rules.auction import AuctionEnd, auction_for
from ...rules.scoring import Bid, bid_ladder
from ...search import Searcher
from .rules import hasenpfeffer_score
from .table import DeclarerTable, declarer_table

if TYPE_CHECKING:  # the auction and the advice are imported when asked for
    from ...analysis.bidding import Auction, HasenpfefferAdvice, Played
    from ...analysis.outcomes import Outcomes


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
    ladder = bid_ladder(variant, settings)
    forms = []
    for alone in (False, True):
        result = outcomes.best(seat, alone)
        making = [b for b in ladder if b.tricks <= result.tricks]
        scores = []
        for bid in ladder:
            mine, theirs = hasenpfeffer_score(bid, result.tricks, alone, variant, settings)
            scores.append(BidScore(bid.name(settings), result.tricks >= bid.tricks, mine, theirs))
        forms.append(DeclarerBest(result, making[-1].name(settings) if making else None, tuple(scores)))
    return HasenpfefferAdvice(*forms)


class HasenpfefferFamily(Family):
    """What the analyses take from Hasenpfeffer: the declarer takes the widow and chooses."""

    chooser_names_trump = True  # the declarer, with the widow

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
        out = []
        for bid in bid_ladder(variant, settings):
            mine, theirs = hasenpfeffer_score(bid, tricks, alone, variant, settings)
            out.append((bid.name(settings), mine - theirs))
        return out
