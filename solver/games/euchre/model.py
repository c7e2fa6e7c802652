"""Euchre's model of the other players (``hasen.analysis.model`` says how it judges a hand):
a seat orders up, or names the suit its fit rates best, with the partner or alone, when that
call is worth more than the threshold of its place; a dealer who takes the upcard discards by
the model's rule, and in Railroad a lone maker calls for best by it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from ...analysis.agreement import Ratings, blended
from ...analysis.contracts import Play
from ...analysis.model import PlayerModel
from ...analysis.playout import euchre_exchanges
from ...core.cards import CardId, Mask
from ...core.settings import Settings, joker_suit
from ...core.variants import Variant
from ...rules.auction import PASS, AuctionEnd, AuctionRules, AuctionState, Call
from ...rules.scoring import net_scores
from ...rules.trump import takes_upcard


class EuchreModel(PlayerModel):
    """Calls valued by the fit ``bid``, which reads who takes the upcard."""

    plausible_margin = 0.5  # points: about half Hasenpfeffer's, five tricks a hand and no bid at stake

    @classmethod
    def defends_alone(cls, variant: Variant) -> bool:
        """Not in Railroad, whose model's defenders always defend together: a lone defender
        there calls for best and scores more for a euchre, which would make the points
        depend on more than the tricks (docs/variants.md measures what this leaves out)."""
        return super().defends_alone(variant) and not variant.calls_for_best

    # --- judging a hand ------------------------------------------------------------------

    def upcard_taker(
        self, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> str | None:
        """Who takes the upcard if ``seat`` makes ``trump``: "self", "partner", "opponent"
        or nobody (None)."""
        if not takes_upcard(upcard, trump, joker_suit(settings)):
            return None
        if dealer == seat:
            return "self"
        if self.variant.declares_with(dealer, seat):
            return None if alone else "partner"  # a lone maker's partner sits out, and takes nothing
        return "opponent"

    def call_prediction(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> float:
        """The tricks the fit predicts for the makers if ``seat`` makes ``trump``."""
        taker = self.upcard_taker(seat, dealer, upcard, trump, alone, settings)
        leads = self.leads(seat, dealer, alone, settings)
        return self.fits["bid"][alone].rate(hand, trump, leads, None if taker is None else (taker, upcard))

    def call_shares(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> tuple[float, ...]:
        """P(tricks = t) for the makers if ``seat`` makes ``trump``."""
        return self.fits["bid"][alone].distribution(
            self.call_prediction(hand, seat, dealer, upcard, trump, alone, settings)
        )

    # --- the values of the calls ---------------------------------------------------------

    def call_values(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, settings: Settings
    ) -> dict[tuple[int, bool], float]:
        """Each call's expected points for the hand, by (trump, alone); worked out for many
        hands at once beforehand where ``known_call_values`` holds them (``remember``)."""
        known = self.known_call_values.get((hand, seat, dealer, upcard, settings))
        return known if known is not None else self.worked_call_values(hand, seat, dealer, upcard, settings)

    @property
    def known_call_values(self) -> dict[tuple[Mask, int, int, CardId, Settings], dict[tuple[int, bool], float]]:
        """This thread's call values worked out beforehand, by (hand, seat, dealer, upcard,
        settings): an advice's own, emptied when its auctions are played out."""
        return self._this_threads("calls")

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (one model per game, kept for the process)
    def worked_call_values(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, settings: Settings
    ) -> dict[tuple[int, bool], float]:
        """``call_values`` of one hand, worked out."""
        return {
            (trump, alone): self.fits["bid"][alone].expected(
                self.call_prediction(hand, seat, dealer, upcard, trump, alone, settings),
                net_scores(self.variant, settings, None, alone),
            )
            for trump in range(4)
            for alone in self.forms
        }

    def rated_call(self, ratings: Ratings, trump: int, alone: bool) -> np.ndarray:
        """``call_values(...)[(trump, alone)]`` of each of many hands: the same sums in the
        same order, as arrays."""
        values: np.ndarray | None = ratings.values.get((trump, alone))
        if values is None:
            rules, seat = ratings.rules, ratings.seat
            settings, upcard = rules.settings, rules.extra
            taker = self.upcard_taker(seat, rules.dealer, upcard, trump, alone, settings)
            fit = self.fits["bid"][alone]
            predicted = ratings.rate(
                fit,
                trump,
                self.leads(seat, rules.dealer, alone, settings),
                None if taker is None else (taker, upcard),
            )
            values = ratings.values[(trump, alone)] = blended(
                fit, predicted, net_scores(self.variant, settings, None, alone)
            )
        return values

    def remember(self, rules: AuctionRules, seat: int, hands: np.ndarray) -> None:
        """``call_values`` of the seat's hand on each layout, the upcard ``rules.extra``."""
        ratings = Ratings(self, rules, seat, hands)
        values = {(trump, alone): self.rated_call(ratings, trump, alone) for trump in range(4) for alone in self.forms}
        known = self.known_call_values
        dealer, upcard, settings = rules.dealer, rules.extra, rules.settings
        for index, hand in enumerate(np.asarray(hands, dtype=np.uint64).tolist()):
            known[(hand, seat, dealer, upcard, settings)] = {key: float(by[index]) for key, by in values.items()}

    def forget(self) -> None:
        self.known_call_values.clear()

    # --- calling -------------------------------------------------------------------------

    @staticmethod
    def call_trump(call: Call) -> int:
        """The trump a call makes (ordering up: the upcard's suit, which the auction puts in
        the call)."""
        assert call.trump is not None, "a Euchre call that makes trump names it"
        return call.trump

    def value_of(self, rules: AuctionRules, state: AuctionState, hand: Mask, call: Call) -> float:
        seat = rules.to_call(state)
        assert seat is not None
        values = self.call_values(hand, seat, rules.dealer, rules.extra, rules.settings)
        return values[(self.call_trump(call), call.alone)]

    def rated(self, ratings: Ratings, call: Call) -> np.ndarray:
        return self.rated_call(ratings, self.call_trump(call), call.alone)

    def best_call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> tuple[float, Call, Call | None]:
        """The trump its fit rates best (the first on a tie), alone when that is worth more
        than with the partner by the lone margin of its place."""
        legal = self.choices(rules, state)
        assert legal, "a seat to call has a call that makes trump"
        seat = rules.to_call(state)
        assert seat is not None
        values = self.call_values(hand, seat, rules.dealer, rules.extra, rules.settings)  # as value_of
        by_trump: dict[int, dict[bool, tuple[float, Call]]] = {}
        for option in legal:
            trump = self.call_trump(option)
            by_trump.setdefault(trump, {})[option.alone] = (values[(trump, option.alone)], option)
        trump = max(by_trump, key=lambda t: max(v for v, _ in by_trump[t].values()))  # the first of equals
        forms = by_trump[trump]
        margin = self.policy(rules.settings, seat).lone_margin(rules.place(state))
        alone = True in forms and (False not in forms or forms[True][0] - forms[False][0] > margin)
        value, call = forms[alone]
        other = forms.get(not alone)
        return max(v for v, _ in forms.values()), call, None if other is None else other[1]

    def choices(self, rules: AuctionRules, state: AuctionState) -> list[Call]:
        """Every call that makes trump."""
        return [c for c in rules.calls(state) if c.kind != PASS]

    def place_of_call(self, rules: AuctionRules, state: AuctionState, call: Call) -> str:
        """The seat's own place."""
        return rules.place(state)

    # --- the contract --------------------------------------------------------------------

    def own_form(
        self, meant: bool | None, end: AuctionEnd, hand: Mask, seat: int, dealer: int, settings: Settings
    ) -> bool:
        """As the call said."""
        return bool(end.alone)

    def play(self, end: AuctionEnd, dealer: int, hands: Sequence[Mask], extra: CardId, settings: Settings) -> Play:
        """The maker's call; the dealer takes the upcard and discards, and a lone maker may
        call for best, by the model's rules."""
        declarer = end.declarer
        assert declarer is not None and end.trump is not None
        alone = bool(end.alone)
        taker = self.upcard_taker(declarer, dealer, extra, end.trump, alone, settings)
        after = euchre_exchanges(self.variant, list(hands), dealer, extra, end.trump, declarer, alone, settings, taker)
        return Play(after, dealer, declarer, end.trump, alone)


MODEL = EuchreModel  # what hasen.analysis.model asks the family for
