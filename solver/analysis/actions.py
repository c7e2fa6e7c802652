"""What each call open to a seat is worth at the table: points against the real alternative.

For every call the seat may make at its turn, on every layout of the cards it cannot see,
the auction goes on by the model of the other players (``hasen.analysis.playout``) to a
contract or a redeal; the contract is played double dummy and scored by the table's
scoring. A call's value is the mean, over the layouts, of the seat's side's points less the
other side's. Passing is valued the same way: what it costs when the opponents then take
the hand, or what the partner makes of it. The seat's own contracts use its own choices,
made on other layouts (the trump and discard after the widow, the Euchre dealer's discard,
its second-round call after passing in the first); every other choice is the model's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..core.cards import CardId, Mask
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.auction import BID, PASSING, AuctionEnd, AuctionRules, AuctionState, Call
from ..rules.scoring import Bid, scorer_points, tricks_needed
from .answer import figure, given_figures, stderr_of_mean
from .chances import Chances
from .contracts import Play, solve_plays
from .model import PlayerModel
from .playout import OwnCall, continued, layout_rules, net_points

OwnTricks = Callable[[int, AuctionEnd, bool], int]  # (layout, the auction's end, alone) -> the side's tricks


@dataclass(frozen=True)
class Option:
    """What the seat may do: in Euchre a call (``call``), the same at every layout; in
    Hasenpfeffer, where the bidding goes round, a highest bid (``up_to``; None: pass at
    its first turn): at each of its turns the seat bids the lowest bid it may while that is
    no higher, else passes. ``alone``: whether it plays alone if it declares (the
    Hasenpfeffer declarer says so after the auction)."""

    call: Call
    alone: bool
    words: str  # "pass", "4", "4 alone", "order up", "name H alone"
    up_to: Bid | None = None

    def own(self, rules: AuctionRules, later: OwnCall | None = None) -> OwnCall:
        """The seat's call at each of its turns, given this option (``later``: its calls
        after the first, where the option does not say them; None: the model's)."""
        if self.up_to is None:
            first: list[bool] = []

            def call_once(state: AuctionState) -> Call | None:
                if not first:
                    first.append(True)
                    return self.call
                return None if later is None else later(state)

            return call_once
        limit = self.up_to

        def bid_up(state: AuctionState) -> Call | None:
            bids = [c for c in rules.calls(state) if c.kind == BID]
            if limit is not None and bids and bids[0].bid is not None and bids[0].bid <= limit:
                return bids[0]
            return PASSING

        return bid_up


@dataclass
class ActionFigures:
    """One call's value over the layouts (each array a value per layout)."""

    option: Option
    points: np.ndarray  # the seat's side's net points
    ours: np.ndarray  # the seat's side plays the contract
    made: np.ndarray  # the declaring side made its contract
    redeal: np.ndarray  # nobody declared
    gains: np.ndarray  # each scorer's points (a row per layout: the first side's, the second's; or each player's)
    declaring: np.ndarray  # the declaring side's place among the scorers (``Variant.scorer_of``); -1: a redeal
    wins: np.ndarray | None = None  # with a score: the seat's side's chance of winning the game after the hand

    @property
    def call(self) -> str:
        return self.option.words

    @property
    def expected(self) -> float:
        return float(self.points.mean())

    @property
    def stderr(self) -> float:
        return stderr_of_mean(self.points)

    @property
    def share_ours(self) -> float:
        return float(self.ours.mean())

    @property
    def ours_make(self) -> float:
        """The chance the seat's side plays the contract and makes it."""
        return float((self.ours & self.made).mean())

    @property
    def theirs_make(self) -> float:
        """The chance the other side plays the contract and makes it."""
        return float((~self.ours & ~self.redeal & self.made).mean())

    def stderr_against(self, other: ActionFigures) -> float:
        """The standard error of the difference between two calls' values (the same layouts)."""
        return stderr_of_mean(other.points - self.points)

    @property
    def win(self) -> float:
        """With a score: the seat's side's chance of winning the game."""
        assert self.wins is not None
        return float(self.wins.mean())

    @property
    def win_stderr(self) -> float:
        assert self.wins is not None
        return stderr_of_mean(self.wins)

    def with_score(self, table: Chances, score: tuple[int, ...], dealer: int, seat: int) -> ActionFigures:
        """The figures with each layout's chance of winning the game from ``score``."""
        scorer = table.variant.scorer_of(seat)
        chances = np.array(
            [
                table.after(score, tuple(int(g) for g in gains), int(d), dealer)[scorer]
                for gains, d in zip(self.gains, self.declaring)
            ]
        )
        return replace(self, wins=chances)

    def to_json(self) -> dict[str, Any]:
        data = {
            "call": self.option.words,
            "alone": self.option.alone,
            "expected": figure(self.expected),
            "stderr": figure(self.stderr),
            "ours": figure(self.share_ours),
            "ours_make": figure(self.ours_make),
            "theirs_make": figure(self.theirs_make),
            "redeal": figure(float(self.redeal.mean())),
        }
        if self.wins is not None:
            data |= given_figures(win=self.win, win_stderr=self.win_stderr)
        return data


def value_options(
    model: PlayerModel,
    settings: Settings,
    seat: int,
    dealer: int,
    start: Sequence[tuple[int, Call]],
    layouts: Sequence[tuple[Sequence[Mask], CardId]],
    options: Sequence[Option],
    own_tricks: OwnTricks | None,
    own_call: OwnCall | None = None,
) -> list[ActionFigures]:
    """Each option's figures over ``layouts`` (the hands at the auction and the widow or
    upcard of each), the auction so far being ``start`` (see the module). ``own_tricks``:
    the seat's side's tricks when it declares, by its own choices; None: the model's."""
    variant = model.variant
    count = len(layouts)
    points = np.zeros((len(options), count), dtype=np.float64)
    gains = np.zeros((len(options), count, len(variant.score_names)), dtype=np.int64)
    declaring = np.full((len(options), count), -1, dtype=np.int64)
    ours = np.zeros((len(options), count), dtype=bool)
    made = np.zeros((len(options), count), dtype=bool)
    redeal = np.zeros((len(options), count), dtype=bool)
    plays: list[Play] = []
    waiting: list[tuple[int, int, AuctionEnd]] = []  # (option, layout, end) of each play
    known: dict[tuple[int, AuctionEnd], int] = {}  # a layout's model contract solved once
    try:
        remember_values(model, settings, dealer, layouts)
        for i, (hands, extra) in enumerate(layouts):
            rules = layout_rules(variant, dealer, hands, extra, settings)
            state = rules.start()
            for _, call in start:
                state = rules.after(state, call)
            memo: dict[AuctionState, AuctionState] = {}
            # options that call alike (a Hasenpfeffer bid with the partner and alone) end alike
            ends: dict[tuple[Call, Bid | None], AuctionEnd] = {}
            for o, option in enumerate(options):
                end = ends.get((option.call, option.up_to))
                if end is None:
                    end = continued(model, rules, state, hands, seat, option.own(rules, own_call), memo).end
                    assert end is not None
                    ends[(option.call, option.up_to)] = end
                if end.declarer is None:
                    redeal[o, i] = True
                    continue
                needed = tricks_needed(variant, end.bid)
                if end.declarer == seat and own_tricks is not None:
                    # the form the seat meant when it bid; None: made to declare, it plays as the model's declarer
                    meant = option.alone if option.call.kind == BID else None
                    alone = model.own_form(meant, end, hands[seat], seat, dealer, settings)
                    tricks = own_tricks(i, end, alone)
                    points[o, i] = net_points(variant, settings, end, alone, tricks, seat)
                    declaring[o, i] = variant.scorer_of(seat)
                    gains[o, i] = scorer_points(variant, settings, end.bid, tricks, alone, int(declaring[o, i]))
                    ours[o, i], made[o, i] = True, tricks >= needed
                    continue
                ours[o, i] = variant.declares_with(seat, end.declarer)
                key = (i, end)
                if key not in known:
                    known[key] = len(plays)
                    plays.append(model.play(end, dealer, hands, extra, settings))
                waiting.append((o, i, end))
    finally:  # this call's alone
        model.forget()
    solved = solve_plays(variant, plays, settings)
    for o, i, end in waiting:
        assert end.declarer is not None  # only contracts wait to be played
        play_index = known[(i, end)]
        tricks = solved[play_index]
        points[o, i] = net_points(variant, settings, end, plays[play_index].alone, tricks, seat)
        declaring[o, i] = variant.scorer_of(end.declarer)
        gains[o, i] = scorer_points(variant, settings, end.bid, tricks, plays[play_index].alone, int(declaring[o, i]))
        made[o, i] = tricks >= tricks_needed(variant, end.bid)
    return [
        ActionFigures(option, points[o], ours[o], made[o], redeal[o], gains[o], declaring[o])
        for o, option in enumerate(options)
    ]


def remember_values(
    model: PlayerModel, settings: Settings, dealer: int, layouts: Sequence[tuple[Sequence[Mask], CardId]]
) -> None:
    """Every seat's bid or call values on every layout worked out at once, not hand by hand
    in the auctions (``PlayerModel.remember``). The bid values do not read the
    widow; the call values read the upcard, so they go by upcard (every layout's is the same
    one where it is seen)."""
    variant = model.variant
    by_extra: dict[CardId | None, list[int]] = {}
    for index, (_, extra) in enumerate(layouts):
        by_extra.setdefault(None if variant.seen_extra() is None else extra, []).append(index)
    for indexes in by_extra.values():
        hands, extra = layouts[indexes[0]]
        rules = layout_rules(variant, dealer, hands, extra, settings)
        for seat in variant.seats:
            model.remember(rules, seat, np.array([layouts[i][0][seat] for i in indexes], dtype=np.uint64))


def best_option(figures: Sequence[ActionFigures], by_win: bool = False) -> ActionFigures:
    """The call worth most (the first listed of equals: passing first, then the lower bid);
    ``by_win``: the one with the best chance of winning the game (most points on a tie)."""
    if by_win:
        return max(figures, key=lambda f: (round(f.win, 12), f.expected))
    return max(figures, key=lambda f: f.expected)


def options_at(variant: Variant, calls: Sequence[Call], settings: Settings) -> list[Option]:
    """Every option open to the seat (see ``Option``): in Euchre each call; in Hasenpfeffer
    passing, and each highest bid with the partner and alone (where there are partners)."""
    out: list[Option] = []
    for call in calls:
        if call.kind == BID:  # a bid for tricks, made meaning to play it in one form or the other
            assert call.bid is not None
            name = call.bid.name(settings)
            out.extend(Option(call, alone, f"{name} alone" if alone else name, call.bid) for alone in variant.forms)
        else:
            out.append(Option(call, call.alone, call.words(settings)))
    return out
