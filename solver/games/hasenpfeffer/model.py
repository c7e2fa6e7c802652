"""Hasenpfeffer's model of the other players (``hasen.analysis.model`` says how it judges a
hand): a seat bids up one step at a time while the lowest bid it may make is worth more than
the threshold of its place; its declarer plays alone when that expects more at its bid, and
having taken the widow plays the trump its fit expects most of."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...analysis.agreement import Ratings, blended
from ...analysis.contracts import Play
from ...analysis.model import PlayerModel, model_discard
from ...core.cards import CardId, Mask
from ...core.settings import Settings
from ...rules.auction import PASS, AuctionEnd, AuctionRules, AuctionState, Call
from ...rules.scoring import Bid, bid_ladder, net_scores


class HasenpfefferModel(PlayerModel):
    """Bids valued before the widow, by the fits ``bid`` and ``play`` (after the discard)."""

    plausible_margin = 1.0  # its values span about twice Euchre's: six tricks a hand and the bid at stake

    # --- judging a hand ------------------------------------------------------------------

    def play_value(self, hand: Mask, trump: int, seat: int, dealer: int, alone: bool, settings: Settings) -> float:
        """The tricks the fit expects of the hand as played (after the discard)."""
        fit = self.fits["play"][alone]
        return fit.rate(hand, trump, self.leads(seat, dealer, alone, settings))

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (asked again for each bid the same declarer's auctions end in)
    def declarer_choice(
        self, cards: Mask, seat: int, dealer: int, settings: Settings, alone: bool
    ) -> tuple[int, CardId]:
        """The trump and discard of a declarer holding ``cards`` (the widow taken): the trump
        whose kept hand the fit expects most of (the first in S H D C on a tie), the discard
        by the rule."""
        best: tuple[float, int, CardId] | None = None
        for trump in range(4):
            discard = model_discard(cards, trump)
            value = self.play_value(cards & ~(1 << discard), trump, seat, dealer, alone, settings)
            if best is None or value > best[0]:
                best = (value, trump, discard)
        assert best is not None
        return best[1], best[2]

    def bid_prediction(self, hand: Mask, seat: int, dealer: int, settings: Settings, alone: bool) -> float:
        """The tricks the bid fit predicts for the declaring side, before the widow: the hand
        judged in the trump the play fit rates best."""
        leads = self.leads(seat, dealer, alone, settings)
        play = self.fits["play"][alone]
        trump, best = 0, play.rate(hand, 0, leads)
        for t in (1, 2, 3):  # the trump rated best, the first on a tie
            rated = play.rate(hand, t, leads)
            if rated > best:
                trump, best = t, rated
        return self.fits["bid"][alone].rate(hand, trump, leads)

    def bid_shares(self, hand: Mask, seat: int, dealer: int, settings: Settings, alone: bool) -> tuple[float, ...]:
        """P(tricks = t) for the declaring side, before the widow."""
        return self.fits["bid"][alone].distribution(self.bid_prediction(hand, seat, dealer, settings, alone))

    # --- the values of the bids ----------------------------------------------------------

    def bid_values(self, hand: Mask, seat: int, dealer: int, settings: Settings) -> tuple[float, ...]:
        """Each bid's expected points for the hand, with the partner or alone, whichever is
        more (the bids in ladder order); worked out for many hands at once beforehand where
        ``known_bid_values`` holds them (``remember``)."""
        known = self.known_bid_values.get((hand, seat, dealer, settings))
        return known if known is not None else self.worked_bid_values(hand, seat, dealer, settings)

    @property
    def known_bid_values(self) -> dict[tuple[Mask, int, int, Settings], tuple[float, ...]]:
        """This thread's bid values worked out beforehand, by (hand, seat, dealer, settings):
        an advice's own, emptied when its auctions are played out."""
        return self._this_threads("bids")

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (one model per game, kept for the process)
    def worked_bid_values(self, hand: Mask, seat: int, dealer: int, settings: Settings) -> tuple[float, ...]:
        """``bid_values`` of one hand, worked out."""
        forms = [
            (self.fits["bid"][alone], self.bid_prediction(hand, seat, dealer, settings, alone)) for alone in self.forms
        ]
        return tuple(
            max(fit.expected(predicted, scores) for (fit, predicted), scores in zip(forms, by_form))
            for by_form in self.bid_scores(settings)
        )

    @lru_cache(maxsize=64)  # noqa: B019
    def bid_scores(self, settings: Settings) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per bid of the ladder, per form: the declaring side's net points by tricks (what
        ``expected`` weighs the shares by)."""
        return tuple(
            tuple(net_scores(self.variant, settings, bid, alone) for alone in self.forms)
            for bid in self.ladder(settings)
        )

    @lru_cache(maxsize=64)  # noqa: B019
    def ladder(self, settings: Settings) -> tuple[Bid, ...]:
        return tuple(bid_ladder(self.variant, settings))

    def rated_bids(self, ratings: Ratings) -> list[np.ndarray]:
        """``bid_values`` of each of many hands, by bid of the ladder: the same sums in the
        same order, as arrays."""
        values: list[np.ndarray] | None = ratings.values.get("bids")
        if values is None:
            settings, dealer, seat = ratings.rules.settings, ratings.rules.dealer, ratings.seat
            per_form = []
            for alone in self.forms:
                leads = self.leads(seat, dealer, alone, settings)
                play = self.fits["play"][alone]
                best, trump = ratings.rate(play, 0, leads), np.zeros(len(ratings.joker), dtype=np.intp)
                for t in (1, 2, 3):  # the trump rated best, the first on a tie
                    rated = ratings.rate(play, t, leads)
                    better = rated > best
                    best, trump = np.where(better, rated, best), np.where(better, t, trump)
                fit = self.fits["bid"][alone]
                per_form.append((fit, np.choose(trump, [ratings.rate(fit, t, leads) for t in range(4)])))
            values = ratings.values["bids"] = [
                np.maximum.reduce([blended(fit, rated, scores) for (fit, rated), scores in zip(per_form, by_form)])
                for by_form in self.bid_scores(settings)
            ]
        return values

    def remember(self, rules: AuctionRules, seat: int, hands: np.ndarray) -> None:
        """``bid_values`` of the seat's hand on each layout (they do not read the widow)."""
        known = self.known_bid_values
        values = self.rated_bids(Ratings(self, rules, seat, hands))
        dealer, settings = rules.dealer, rules.settings
        for index, hand in enumerate(np.asarray(hands, dtype=np.uint64).tolist()):
            known[(hand, seat, dealer, settings)] = tuple(float(by_bid[index]) for by_bid in values)

    def forget(self) -> None:
        self.known_bid_values.clear()

    # --- calling -------------------------------------------------------------------------

    def value_of(self, rules: AuctionRules, state: AuctionState, hand: Mask, call: Call) -> float:
        seat = rules.to_call(state)
        assert seat is not None and call.bid is not None
        ladder = self.ladder(rules.settings)
        return self.bid_values(hand, seat, rules.dealer, rules.settings)[ladder.index(call.bid)]

    def rated(self, ratings: Ratings, call: Call) -> np.ndarray:
        assert call.bid is not None
        return self.rated_bids(ratings)[self.ladder(ratings.rules.settings).index(call.bid)]

    def best_call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> tuple[float, Call, Call | None]:
        """The lowest bid the seat may make (its form is chosen once it declares)."""
        bids = self.choices(rules, state)
        assert bids, "a seat to call has a bid to make"
        return self.value_of(rules, state, hand, bids[0]), bids[0], None

    def choices(self, rules: AuctionRules, state: AuctionState) -> list[Call]:
        """The lowest bid: the model's only bid."""
        return [c for c in rules.calls(state) if c.kind != PASS][:1]

    def place_of_call(self, rules: AuctionRules, state: AuctionState, call: Call) -> str:
        """The place of the bid made: a jump is judged as if the bids below it had been made."""
        assert call.bid is not None
        return f"b{self.ladder(rules.settings).index(call.bid) + 1}{rules.place(state)[-1]}"

    # --- the contract --------------------------------------------------------------------

    @lru_cache(maxsize=1 << 16)  # noqa: B019
    def declarer_form(self, hand: Mask, seat: int, dealer: int, bid: Bid, settings: Settings) -> bool:
        """Does the model's declarer, before the widow, play the bid alone?"""
        if not self.variant.partners:
            return False
        values = [
            self.fits["bid"][alone].expected(
                self.bid_prediction(hand, seat, dealer, settings, alone), net_scores(self.variant, settings, bid, alone)
            )
            for alone in self.forms
        ]
        return values[1] > values[0]

    def own_form(
        self, meant: bool | None, end: AuctionEnd, hand: Mask, seat: int, dealer: int, settings: Settings
    ) -> bool:
        if meant is not None:
            return meant
        assert end.bid is not None
        return self.declarer_form(hand, seat, dealer, end.bid, settings)

    def play(self, end: AuctionEnd, dealer: int, hands: Sequence[Mask], extra: CardId, settings: Settings) -> Play:
        """The declarer's form before the widow; then, the widow taken, its trump and discard."""
        declarer = end.declarer
        assert declarer is not None and end.bid is not None
        alone = self.declarer_form(hands[declarer], declarer, dealer, end.bid, settings)
        cards = hands[declarer] | 1 << extra
        trump, discard = self.declarer_choice(cards, declarer, dealer, settings, alone)
        after = list(hands)
        after[declarer] = cards & ~(1 << discard)
        return Play(tuple(after), dealer, declarer, trump, alone)


MODEL = HasenpfefferModel  # what hasen.analysis.model asks the family for
