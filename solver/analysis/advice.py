"""What to bid knowing only one's own hand: single-dummy bid advice.

A bid is made before the cards that decide it are seen. In Hasenpfeffer the bidder holds
six cards and has not seen the widow; in Euchre a player orders up, calls a suit or passes
knowing its five cards and the upcard. Here the cards the seat cannot see are dealt at
random, uniformly among the layouts that agree with what it knows (``hasen.analysis.layouts``),
and each bid or call is played out double-dummy on every layout.

When the bid wins, the declarer still has a choice to make without seeing the layout:
in Hasenpfeffer the trump and the discard, once the widow is taken; in Euchre the dealer's
discard after taking up the upcard. That choice must not see the layout it is scored on,
or every bid would look better than it is (the best of many noisy figures is too high).
So it is made on other layouts: for each card the widow could be, the seat's seven cards
are played on up to ``choice_layouts`` layouts of their own, dealt from another stream, and
for each bid the trump and discard with the best expected score there is the seat's choice
(on a tie, the first in the order S, H, D, C, and within a trump the discards in the
canonical card order), the candidates plainly behind dropped as the layouts come
(``hasen.analysis.choosing``). Only then is the choice scored, on the main layouts, each by
its own widow (and solved only in the columns so chosen: no other is read). The Euchre
dealer's discard is chosen the same way, once, from its six cards. A discard by another
seat (an opposing or partnering Euchre dealer) is that seat's double-dummy choice.

The figures of a bid are those of the layouts it is scored on: the chance of making it,
the expected score by the table's scoring settings, its standard error, and the trump the
choice fell on. Passing is the yardstick, worth 0: a bid is worth making when its expected
score is above 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from ..core.bounds import whole_number
from ..core.cards import NUM_CARDS, SUITS, canonical_key, card_name
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Suit
from ..core.run import Mapper, Progress
from ..core.seats import NUM_SEATS, SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..games.euchre.rules import first_round_suit
from ..notation.inputs import DEFAULT_CHOICE_LAYOUTS
from ..rules.auction import BID, PASS, PASSING, AuctionEnd, AuctionRules, AuctionState, Call
from ..rules.scoring import bid_ladder, bids_for_tricks, tricks_needed
from ..search.protocol import NOT_SOLVED
from .actions import ActionFigures, Option, OwnTricks, best_option, options_at, value_options
from .agreement import consistent_many
from .answer import Answer, figure, stderr_of_mean, variant_json
from .chances import game_chances
from .choosing import Question, race
from .contracts import lone_defenders
from .fair import close
from .family import Family
from .knowledge import DEFAULT_CONTEXT, Context, Knowledge
from .layouts import EXTRA, Column, Read, Solved, TableShape, map_in_order, solve_layouts
from .model import PlayerModel
from .odds import scoring_of
from .playout import OwnCall, rules_for
from .simulate import FORMS, points_table, trick_counts


@dataclass
class BidFigures:
    """One bid or call in one form of play, over the layouts it is scored on."""

    bid: str  # the bid's name ("4", "little pepper") or the call ("order up", "name H")
    needs: int  # the tricks that make it
    counts: list[int]  # layouts per number of tricks the declaring side took
    points: list[int]  # the declaring side's net points for 0, 1, ... tricks
    trumps: dict[Suit, int]  # layouts on which each trump was the choice
    discard: Card | None = None  # the seat's own discard, when it is the same on every layout

    @property
    def layouts(self) -> int:
        return sum(self.counts)

    @property
    def make(self) -> float:
        """The chance of taking the tricks the bid needs."""
        return sum(self.counts[self.needs :]) / self.layouts

    @property
    def make_stderr(self) -> float:
        return math.sqrt(self.make * (1 - self.make) / self.layouts)

    @property
    def expected(self) -> float:
        """The expected net score."""
        return sum(n * p for n, p in zip(self.counts, self.points)) / self.layouts

    @property
    def stderr(self) -> float:
        """The standard error of the expected score (0 for a single layout)."""
        n = self.layouts
        if n < 2:
            return 0.0
        mean = self.expected
        return math.sqrt(sum(c * (p - mean) ** 2 for c, p in zip(self.counts, self.points)) / (n - 1) / n)

    @property
    def mean_tricks(self) -> float:
        return sum(t * n for t, n in enumerate(self.counts)) / self.layouts

    @property
    def trump(self) -> Suit:
        """The trump chosen most often (the first in S H D C order on a tie)."""
        return max(self.trumps, key=lambda t: self.trumps[t])

    def share(self, tricks: int) -> float:
        """The chance of exactly ``tricks`` tricks."""
        return self.counts[tricks] / self.layouts

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "bid": self.bid,
            "needs": self.needs,
            "make": figure(self.make),
            "make_stderr": figure(self.make_stderr),
            "expected": figure(self.expected),
            "stderr": figure(self.stderr),
            "mean_tricks": figure(self.mean_tricks),
            "trump": SUITS[self.trump],
            "trumps": {SUITS[t]: figure(n / self.layouts) for t, n in self.trumps.items() if n},
        }
        if self.discard is not None:
            data["discard"] = card_name(self.discard)
        return data


@dataclass
class FormAdvice:
    """Every bid in one form of play (with the partner, or alone)."""

    alone: bool
    bids: list[BidFigures]

    def worth(self) -> BidFigures | None:
        """The highest bid whose expected score is above 0 (None: pass)."""
        good = [b for b in self.bids if b.expected > 0]
        return good[-1] if good else None

    def to_json(self) -> dict[str, Any]:
        worth = self.worth()
        return {"bids": [b.to_json() for b in self.bids], "worth": None if worth is None else worth.bid}


class AtTheTable:
    """What both games' advice reads of its options at the table (``actions``, valued by the
    model of the other players, and the ``context`` they were valued in)."""

    actions: list[ActionFigures]
    context: Context

    def best_action(self) -> ActionFigures | None:
        """The option worth most: by the chance of winning the game when the score is known."""
        return best_option(self.actions, self.context.score is not None) if self.actions else None

    def best_by_points(self) -> ActionFigures | None:
        return best_option(self.actions) if self.actions else None

    def close_to_best(self) -> list[ActionFigures]:
        """The other options within the sampling error of the best (by the deciding
        criterion): with any, the advice is a close call, not a recommendation."""
        best = self.best_action()
        return [] if best is None else close_actions(self.actions, best, self.context.score is not None)

    def passing(self) -> ActionFigures | None:
        return next((a for a in self.actions if a.option.call.kind == PASS), None)


@dataclass(repr=False, frozen=True)
class BidAdvice(AtTheTable, Answer):
    """Hasenpfeffer bid advice from the bidder's six cards (single dummy).

    >>> import hasen
    >>> advice = hasen.advise(hasen.SeatView("N", hand="A.K..AQJ*", dealer="W"), layouts=40, choice_layouts=8)
    >>> advice.forms["with_partner"].worth().bid
    '6'
    """

    ROWS = ((None, ("forms", (None, "form"), "bids")),)  # each highest bid, with the partner and alone

    knowledge: Knowledge
    settings: Settings
    layouts: int
    choice_layouts: int
    seed: int
    forms: dict[str, FormAdvice] = field(default_factory=dict)
    context: Context = field(default_factory=lambda: Context())
    agreeing: Agreeing | None = None  # the layouts kept for agreeing with the calls so far
    actions: list[ActionFigures] = field(default_factory=list)  # every call at the table (with the model)

    def to_json(self) -> dict[str, Any]:
        k = self.knowledge
        data = variant_json(k.variant) | {
            "dealer": SEATS[k.dealer],
            **k.describe(),
            "layouts": self.layouts,
            "choice_layouts": self.choice_layouts,
            "seed": self.seed,
            **context_json(self.context, self.agreeing, self.settings),
            "forms": {name: form.to_json() for name, form in self.forms.items()},
        }
        data.update(actions_json(self.actions, self.context.score is not None))
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (
            f"<BidAdvice for {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over {self.layouts} layouts>"
        )


def context_json(context: Context, agreeing: Agreeing | None, settings: Settings) -> dict[str, Any]:
    """What the advice assumed of the other players, for JSON."""
    data: dict[str, Any] = {
        "auction": [{"seat": SEATS[seat], "call": call.words(settings)} for seat, call in context.auction],
        "passes_taken": context.passes_taken,
        "model": context.model,
    }
    if context.score is not None:
        data["score"] = list(context.score)
    if agreeing is not None and context.model:
        data["layouts_agree"] = {"with_calls": agreeing.filtered, "dealt": agreeing.tried}
    return data


def actions_json(actions: Sequence[ActionFigures], by_win: bool = False) -> dict[str, Any]:
    if not actions:
        return {}
    best = best_option(actions, by_win)
    data: dict[str, Any] = {
        "actions": [a.to_json() for a in actions],
        "advice": best.option.words,
        "close_calls": [a.option.words for a in [best, *close_actions(actions, best, by_win)]],
    }
    if by_win:
        data["advice_by_points"] = best_option(actions).option.words
    return data


def close_actions(actions: Sequence[ActionFigures], best: ActionFigures, by_win: bool) -> list[ActionFigures]:
    """The options other than ``best`` whose difference from it is within twice its standard
    error (by the chance of winning the game when ``by_win``); one of options that come to
    the same on every layout."""
    out: list[ActionFigures] = []
    for action in actions:
        if np.array_equal(action.points, best.points) or any(np.array_equal(action.points, a.points) for a in out):
            continue
        if by_win and action.wins is not None and best.wins is not None:
            near = close(best.win - action.win, stderr_of_mean(best.wins - action.wins))
        else:
            near = close(best.expected - action.expected, best.stderr_against(action))
        if near:
            out.append(action)
    return out


def forms_of(variant: Variant, alone: bool | None) -> tuple[bool, ...]:
    """The forms of play asked for: both where the game has partners, unless one is named."""
    if alone is not None:
        if alone not in variant.forms:
            raise NotationError(f"alone: {variant.never_alone}")
        return (alone,)
    return variant.forms


def tie_order(columns: Sequence[Column], allowed: Callable[[Column], bool] | None = None) -> tuple[int, ...]:
    """The allowed columns (choices) in the order ties go by: trump order, then by discard in
    canonical card order."""

    def place(c: int) -> tuple[int, tuple[int, ...]]:
        trump, discard = columns[c]
        return trump, () if discard is None else canonical_key(discard)

    return tuple(sorted((c for c in range(len(columns)) if allowed is None or allowed(columns[c])), key=place))


class ChoiceStream:
    """A choice's own layouts (those of its stream that agree with the calls so far), dealt
    and solved as the race asks for them (``choosing.SolveRound``)."""

    def __init__(
        self,
        knowledge: Knowledge,
        forms: Sequence[bool],
        settings: Settings,
        seed: str,
        context: Context,
        threads: int,
        mapper: Mapper | None,
        progress: Progress | None,
        done_before: int,
        total: int,
    ) -> None:
        self.knowledge, self.forms, self.settings, self.seed, self.context = knowledge, forms, settings, seed, context
        self.threads, self.mapper, self.progress, self.done_before, self.total = (
            threads,
            mapper,
            progress,
            done_before,
            total,
        )
        self.agreeing: Agreeing | None = None
        self.extras: list[np.ndarray] = []

    def __call__(self, start: int, stop: int, read: Sequence[set[int]] | None) -> tuple[np.ndarray, ...]:
        k = self.knowledge
        self.agreeing = agreeing_layouts(k, self.seed, stop, self.context, self.settings, self.agreeing)
        indexes = self.agreeing.indexes[start:stop]
        assert k.extra is not None, "a choice is made with the extra card seen"
        solved = solve_defended(
            k,
            self.forms,
            self.settings,
            len(indexes),
            self.seed,
            self.threads,
            self.mapper,
            self.progress,
            self.done_before + start,
            self.total,
            indexes,
            None if read is None else [{k.extra: columns} for columns in read],
        )
        self.extras.append(solved.extras)
        return solved.rows


MAX_TRIES = 20  # candidate layouts per layout wanted, when the calls so far rule some out
AGREE_BATCH = 64  # candidate layouts dealt at least at once (those past the last one kept are dealt for nothing)


@dataclass(frozen=True)
class Agreeing:
    """The layouts of a stream that agree with the calls so far."""

    indexes: tuple[int, ...]
    tried: int  # candidates dealt to find them
    filtered: bool  # False: every layout was taken (no call of another seat to agree with, or not asked)


def agreeing_layouts(
    knowledge: Knowledge,
    seed: int | str,
    count: int,
    context: Context,
    settings: Settings,
    after: Agreeing | None = None,
) -> Agreeing:
    """Layouts 0, 1, ... of the stream, keeping those that agree with the calls of the
    other seats so far (``hasen.analysis.playout``), until ``count`` are kept or
    ``MAX_TRIES * count`` are dealt; when none agrees, every layout (said in the answer).
    ``after``: the same stream's answer for fewer layouts, to go on from."""
    k = knowledge
    if after is not None and not after.filtered:  # every layout was taken: so it goes on
        return Agreeing(tuple(range(count)), max(count, after.tried), False)
    if not context.model or context.uniform or all(seat == k.seat for seat, _ in context.auction):
        return Agreeing(tuple(range(count)), count, False)
    model = PlayerModel.of(k.variant).at_score(context.score)
    # the calls' plausibility does not read the widow, nor who holds the Joker (it only ends an auction)
    rules = rules_for(k.variant, k.dealer, 0 if k.extra is None else k.extra, None, settings)
    others = [seat for seat in k.variant.seats if seat != k.seat]
    unseen = k.unseen
    found: list[int] = [] if after is None else list(after.indexes)
    tried = 0 if after is None else after.tried
    while len(found) < count and tried < MAX_TRIES * count:
        # a batch at a time, dealt in one call to the search core and tested as arrays; read in
        # order up to the last one wanted
        batch = range(tried, min(tried + max(AGREE_BATCH, 2 * (count - len(found))), MAX_TRIES * count))
        dealt = k.dealt_many(seed, batch, unseen)
        by_seat = [
            np.fromiter((hands[seat] for hands, _ in dealt), dtype=np.uint64, count=len(dealt))
            for seat in range(NUM_SEATS)
        ]
        agree = consistent_many(model, rules, context.auction, by_seat, others)
        for index in np.flatnonzero(agree).tolist():
            found.append(batch[index])
            if len(found) == count:
                break
        tried = batch[-1] + 1 if len(found) < count else found[-1] + 1
    if not found:
        return Agreeing(tuple(range(count)), tried, False)
    return Agreeing(tuple(found), tried, True)


def turn_state(
    knowledge: Knowledge, context: Context, settings: Settings
) -> tuple[AuctionRules, AuctionState, Context]:
    """The auction's rules and where it stands, the calls so far checked: at the seat's
    turn. With no calls given: in Hasenpfeffer the start, the calls before the seat's
    first turn being the model's on each layout; in Euchre, where the seat has a call to
    make only if those before it passed, after their passes (and the context says so)."""
    k = knowledge
    extra = 0 if k.extra is None else k.extra  # the widow is unseen: the auction does not read it
    rules = rules_for(k.variant, k.dealer, extra, None, settings)
    state = rules.start()
    for number, (seat, call) in enumerate(context.auction, 1):
        reason = rules.refusal(state, seat, call)
        if reason is not None:
            raise NotationError(f"auction: call {number}, '{SEATS[seat]} {call.words(settings)}': {reason}")
        state = rules.after(state, call)
    if not context.auction and bids_for_tricks(k.variant):  # a bid before the seat's does not end the auction
        return rules, state, context
    if not context.auction:
        passes = []
        while (turn := rules.to_call(state)) is not None and turn != k.seat and PASSING in rules.calls(state):
            passes.append((turn, PASSING))
            state = rules.after(state, PASSING)
        if passes:
            context = replace(context, auction=tuple(passes), passes_taken=True)
    turn = rules.to_call(state)
    if turn != k.seat:
        where = (
            "the auction is over after these calls" if turn is None else f"it is {SEATS[turn]}'s call after these calls"
        )
        raise NotationError(f"auction: {where}, not {SEATS[k.seat]}'s: give the calls up to {SEATS[k.seat]}'s turn")
    return rules, state, context


def with_defences(knowledge: Knowledge, declarer: int, alone: bool, settings: Settings) -> list[TableShape]:
    """The seat's table in one form, and against a lone declarer with each defender alone
    too: the defenders choose the defence (``contracts.defences``)."""
    return [
        TableShape.of(knowledge, declarer, alone, settings, d)
        for d in [None, *lone_defenders(knowledge.variant, declarer, alone)]
    ]


def solve_defended(
    knowledge: Knowledge,
    forms: Sequence[bool],
    settings: Settings,
    count: int,
    seed: int | str,
    threads: int,
    mapper: Mapper | None,
    progress: Progress | None,
    done_before: int,
    total: int,
    indexes: Sequence[int] | None,
    read: Sequence[Read] | None = None,
    declarer: int | None = None,
) -> Solved:
    """The rows of ``declarer``'s table (by default the seat's own) in each form, a lone
    declarer's against the defenders' best defence; ``read``: per form, the only columns
    solved (``solve_layouts``)."""
    maker = knowledge.seat if declarer is None else declarer
    groups = [with_defences(knowledge, maker, a, settings) for a in forms]
    flat = [shape for group in groups for shape in group]
    flat_read = (
        None
        if read is None
        else [
            None if columns is None else {extra: columns_in(group[0], shape, cols) for extra, cols in columns.items()}
            for group, columns in zip(groups, read)
            for shape in group
        ]
    )
    solved = solve_layouts(
        knowledge,
        flat,
        count,
        seed,
        threads,
        mapper,
        progress,
        done_before=done_before,
        total=total,
        indexes=indexes,
        read=flat_read,
    )
    rows, at = [], 0
    for group in groups:
        defences = [
            row[:, columns_in(group[0], shape, range(len(group[0].columns)))]
            for shape, row in zip(group, solved.rows[at : at + len(group)])
        ]
        rows.append(np.minimum.reduce(defences) if len(group) > 1 else solved.rows[at])
        at += len(group)
    return Solved(solved.extras, tuple(rows))


def columns_in(main: TableShape, other: TableShape, columns: Iterable[int]) -> list[int]:
    """Where ``main``'s columns are in ``other``'s row: the same choice, or the trump's one
    column where the chooser makes none there (a lone defender's partner who would take the
    upcard sits out: a defence that leaves the dealer out has no discard to choose)."""
    if other.columns == main.columns:
        return list(columns)
    place = {column: i for i, column in enumerate(other.columns)}
    out = []
    for c in columns:
        trump, discard = main.columns[c]
        out.append(place[(trump, discard)] if (trump, discard) in place else place[(trump, None)])
    return out


def advise_hasenpfeffer(
    knowledge: Knowledge,
    family: Family,
    layouts: int,
    seed: int = 0,
    settings: Settings = Settings(),
    alone: bool | None = None,
    choice_layouts: int = DEFAULT_CHOICE_LAYOUTS,
    threads: int = 1,
    mapper: Mapper | None = None,
    progress: Progress | None = None,
    context: Context = DEFAULT_CONTEXT,
) -> BidAdvice:
    """Each bid's figures for the seat, with the widow unseen (see the module)."""
    k = knowledge
    variant = k.variant
    whole_number("layouts", layouts)
    whole_number("choice_layouts", choice_layouts)
    if not bids_for_tricks(variant):
        raise NotationError(f"variant: {variant.name}'s advice is on calls, not bids (the dealer takes the upcard)")
    if k.extra is not None:
        raise NotationError(
            f"{variant.extra_card}: the bid is made before the {variant.extra_card} is seen: leave it out"
        )
    settings.check_for(variant)
    rules, state, context = turn_state(k, context, settings)
    forms = forms_of(variant, alone)
    shapes = [TableShape.of(k, k.seat, a, settings) for a in forms]
    unseen = k.unseen
    chosen_layouts = agreeing_layouts(k, seed, layouts, context, settings)
    indexes = chosen_layouts.indexes
    # the main layouts' widows are known before they are solved: the choices to be made are too
    dealt = k.dealt_many(seed, indexes, unseen)
    widows = sorted({widow for _, widow in dealt})
    total = len(indexes) + len(widows) * choice_layouts
    ladder = bid_ladder(variant, settings)
    policy = np.zeros((len(forms), len(ladder), NUM_CARDS), dtype=np.int64)  # the column chosen, by widow
    # with threads of this process the widows race side by side, each on one thread (a race's
    # later rounds are too small to share); a mapper shares out each round's chunks instead
    side_by_side = threads > 1 and mapper is None

    def race_widow(done: int) -> tuple[int, ...]:
        widow = widows[done]
        seen = replace(k, extra=widow)
        questions = []
        for f, (a, shape) in enumerate(zip(forms, shapes)):
            _, points = points_table(family, variant, settings, a)
            columns = TableShape.of(seen, k.seat, a, settings).columns  # the widow by the card it is
            assert [(t, EXTRA if d == widow else d) for t, d in columns] == shape.columns, (
                "a widow's choice columns are the main layouts' columns"
            )
            questions += [Question(f, points[b], tie_order(columns)) for b in range(len(ladder))]
        solve = ChoiceStream(
            seen,
            forms,
            settings,
            f"{seed}/widow {card_name(widow)}",
            context,
            1 if side_by_side else threads,
            mapper,
            None if side_by_side else progress,
            done * choice_layouts,
            total,
        )
        return race(questions, len(forms), choice_layouts, solve).chosen

    def widow_done(i: int) -> None:
        if side_by_side and progress:
            progress((i + 1) * choice_layouts, total)

    raced = map_in_order(race_widow, range(len(widows)), threads if side_by_side else 1, after=widow_done)
    for widow, chosen in zip(widows, raced):
        for q, column in enumerate(chosen):
            policy[q // len(ladder), q % len(ladder), widow] = column  # the questions by form, then bid
    # the main layouts are solved last, only in the columns chosen for their widows
    read = [{widow: set(policy[f, :, widow].tolist()) for widow in widows} for f in range(len(forms))]
    main = solve_defended(
        k,
        forms,
        settings,
        len(indexes),
        seed,
        threads,
        mapper,
        progress,
        len(widows) * choice_layouts,
        total,
        indexes,
        read,
    )
    answer = BidAdvice(k, settings, len(indexes), choice_layouts, seed, context=context, agreeing=chosen_layouts)
    n = np.arange(len(indexes))
    for f, (a, shape, rows) in enumerate(zip(forms, shapes, main.rows)):
        names, points = points_table(family, variant, settings, a)
        trump_of = np.array([t for t, _ in shape.columns])  # each column's trump
        bids = []
        for b, bid in enumerate(ladder):
            if b <= state.high:
                continue  # below the bid to beat: not a bid the seat may make
            picked = policy[f, b][main.extras]
            tricks = rows[n, picked]
            assert (tricks != NOT_SOLVED).all(), "every column read was solved"
            chosen = np.bincount(trump_of[picked], minlength=len(SUITS)).tolist()
            trumps = {Suit(t): chosen[t] for t in range(len(SUITS))}
            bids.append(
                BidFigures(
                    names[b],
                    bid.tricks,
                    trick_counts(tricks[:, None], variant.hand_size)[0].tolist(),
                    points[b].tolist(),
                    trumps,
                )
            )
        answer.forms[FORMS[a]] = FormAdvice(a, bids)
    if context.model:
        rank = {bid: b for b, bid in enumerate(ladder)}

        def own_tricks(i: int, end: AuctionEnd, own_alone: bool) -> int:
            assert end.bid is not None
            f = forms.index(own_alone) if own_alone in forms else 0
            return int(main.rows[f][i, policy[f, rank[end.bid], main.extras[i]]])

        calls = [PASSING, *(Call(BID, bid) for bid in ladder[state.high + 1 :])]
        options = [o for o in options_at(variant, calls, settings) if o.call.kind != BID or o.alone in forms]
        answer = replace(
            answer,
            actions=scored(
                value_options(
                    PlayerModel.of(variant).at_score(context.score),
                    settings,
                    k.seat,
                    k.dealer,
                    context.auction,
                    dealt,
                    options,
                    own_tricks,
                ),
                k,
                settings,
                context,
            ),
        )
    return answer


# --- Euchre ----------------------------------------------------------------------------------


@dataclass
class CallFigures(BidFigures):
    """One Euchre call in one form of play: the figures of a bid, and how often all five
    tricks come (the march) or fewer than three (euchred)."""

    round: int = 1
    alone: bool = False

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        for name in ("bid", "needs", "trumps"):  # the call, the three tricks of every call, its one trump
            data.pop(name)
        return {
            "round": self.round,
            "call": self.bid,
            "alone": self.alone,
            **data,
            "march": figure(self.share(len(self.counts) - 1)),
            "euchred": figure(1 - self.make),
        }


@dataclass(repr=False, frozen=True)
class CallAdvice(AtTheTable, Answer):
    """Euchre call advice from the seat's five cards and the upcard (single dummy).

    >>> import hasen
    >>> south = hasen.SeatView("S", hand="..KQT9.9", extra="AS", dealer="N", variant="euchre2")
    >>> advice = hasen.advise(south, layouts=30)
    >>> advice.best(2).bid, advice.best(2).trump
    ('name D', Suit('D'))
    """

    ROWS = ((None, ("calls",)),)  # each call

    knowledge: Knowledge
    settings: Settings
    layouts: int
    choice_layouts: int
    seed: int
    calls: list[CallFigures] = field(default_factory=list)
    nothing_to_decide: str | None = None  # why the seat has no call to make (a turned Joker)
    context: Context = field(default_factory=lambda: Context())
    agreeing: Agreeing | None = None
    actions: list[ActionFigures] = field(default_factory=list)
    second_round: Option | None = None  # the seat's own call should the first round go by

    def best(self, round: int) -> CallFigures | None:
        """The call of the round with the highest expected score, if any is above 0 (None:
        pass); for a dealer stuck with the last call, the best call whatever it scores."""
        calls = [c for c in self.calls if c.round == round]
        if not calls:
            return None
        top = max(calls, key=lambda c: c.expected)
        return top if top.expected > 0 or self.stuck(round) else None

    def stuck(self, round: int) -> bool:
        """Must the seat call in this round (stick the dealer)?"""
        k = self.knowledge
        return round == 2 and self.settings.all_pass == "stick_the_dealer" and k.seat == k.dealer

    def to_json(self) -> dict[str, Any]:
        k = self.knowledge
        data = variant_json(k.variant) | {
            "dealer": SEATS[k.dealer],
            **k.describe(),
            "layouts": self.layouts,
            "choice_layouts": self.choice_layouts,
            "seed": self.seed,
            **context_json(self.context, self.agreeing, self.settings),
            "calls": [c.to_json() for c in self.calls],
        }
        best = {}
        for round in sorted({c.round for c in self.calls}):
            top = self.best(round)
            best[str(round)] = None if top is None else {"call": top.bid, "alone": top.alone}
        data["best"] = best
        if self.nothing_to_decide:
            data["nothing_to_decide"] = self.nothing_to_decide
        data.update(actions_json(self.actions, self.context.score is not None))
        if self.second_round is not None:
            data["second_round"] = self.second_round.words
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (
            f"<CallAdvice for {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over "
            f"{self.layouts} layouts>"
        )


def advise_euchre(
    knowledge: Knowledge,
    family: Family,
    layouts: int,
    seed: int = 0,
    settings: Settings = Settings(),
    alone: bool | None = None,
    choice_layouts: int = DEFAULT_CHOICE_LAYOUTS,
    threads: int = 1,
    mapper: Mapper | None = None,
    progress: Progress | None = None,
    context: Context = DEFAULT_CONTEXT,
) -> CallAdvice:
    """Each call the seat may make in either round, over random layouts (see the module)."""
    k = knowledge
    variant = k.variant
    whole_number("layouts", layouts)
    whole_number("choice_layouts", choice_layouts)
    settings.check_for(variant)
    assert k.extra is not None, "every seat sees the upcard"
    answer = CallAdvice(k, settings, layouts, choice_layouts, seed, context=context)
    dealer_seat = k.seat == k.dealer
    upcard_suit = first_round_suit(k.extra, settings)
    if upcard_suit is None:  # a turned Joker that stands for no suit
        if settings.joker_upcard == "redeal":
            return replace(answer, nothing_to_decide="a turned Joker: the hand is dealt again")
        if not dealer_seat:
            return replace(answer, nothing_to_decide=f"a turned Joker: the dealer {SEATS[k.dealer]} names trump")
    rules, state, context = turn_state(k, context, settings)
    answer = replace(answer, context=context)
    forms = forms_of(variant, alone)
    shapes = [TableShape.of(k, k.seat, a, settings) for a in forms]
    own_discard = any(shape.chooser in shape.exchangers for shape in shapes)
    second_round_follows = context.model and state.round == 1
    main_layouts = agreeing_layouts(k, seed, layouts, context, settings)
    count = len(main_layouts.indexes)
    answer = replace(answer, layouts=count, agreeing=main_layouts)
    choice_count = choice_layouts if own_discard or second_round_follows else 0  # the most, for progress
    total = count + choice_count
    picks: list[dict[int, int]] = []  # per form, the column of each trump (the seat's own discard chosen)
    discards: list[dict[int, Card | None]] = []
    questions: dict[tuple[int, int], Question] = {}  # (form, trump): the seat's own discard to choose
    for f, (a, shape) in enumerate(zip(forms, shapes)):
        _, points = points_table(family, variant, settings, a)
        picks.append({})
        discards.append({})
        for trump in range(len(SUITS)):
            columns = [c for c, (t, _) in enumerate(shape.columns) if t == trump]
            picks[f][trump], discards[f][trump] = columns[0], None
            if len(columns) > 1:  # the seat's own discards: chosen on the other layouts
                questions[(f, trump)] = Question(f, points[0], tie_order(shape.columns, partial(of_trump, trump)))
    chosen = choice = None
    if choice_count:
        solve = ChoiceStream(k, forms, settings, f"{seed}/discard", context, threads, mapper, progress, 0, total)
        raced = race(list(questions.values()), len(forms), choice_layouts, solve)
        for (f, trump), pick in zip(questions, raced.chosen):
            discard = shapes[f].columns[pick][1]
            assert discard is not None and discard != EXTRA, "the upcard is seen"
            picks[f][trump], discards[f][trump] = pick, Card(discard)
        # the second round is valued on the layouts solved in every column
        first = raced.first_round
        assert solve.agreeing is not None
        choice = replace(solve.agreeing, indexes=solve.agreeing.indexes[:first])
        chosen = Solved(np.concatenate(solve.extras)[:first], tuple(rows[:first] for rows in raced.rows))
    # the main layouts are solved in the columns picked only
    read = [{k.extra: set(picks[f].values())} for f in range(len(forms))]
    main = solve_defended(
        k, forms, settings, count, seed, threads, mapper, progress, choice_count, total, main_layouts.indexes, read
    )
    for f, (a, rows) in enumerate(zip(forms, main.rows)):
        _, points = points_table(family, variant, settings, a)
        for trump in range(len(SUITS)):
            round, call = call_of(trump, upcard_suit)
            if round < state.round:
                continue  # a round gone by: not a call the seat may make
            pick, card = picks[f][trump], discards[f][trump]
            tricks = rows[:, pick]
            assert (tricks != NOT_SOLVED).all(), "every column read was solved"
            answer.calls.append(
                CallFigures(
                    call,
                    tricks_needed(variant, None),
                    trick_counts(tricks[:, None], variant.hand_size)[0].tolist(),
                    points[0].tolist(),
                    {Suit(trump): count},
                    card,
                    round,
                    a,
                )
            )
    answer.calls.sort(key=lambda c: (c.round, next(iter(c.trumps)), c.alone))
    if not context.model:
        return answer
    model = PlayerModel.of(variant).at_score(context.score)

    def tricks_from(solved: Solved) -> OwnTricks:
        def own_tricks(i: int, end: AuctionEnd, own_alone: bool) -> int:
            assert end.trump is not None
            f = forms.index(own_alone) if own_alone in forms else 0
            return int(solved.rows[f][i, picks[f][end.trump]])

        return own_tricks

    unseen = k.unseen
    own_call: OwnCall | None = None
    if second_round_follows:
        assert choice is not None and chosen is not None
        # the seat's second-round call, should the first round go by, chosen on the other
        # layouts: the suit and form by what the call makes when the seat plays it (as the
        # table of calls weighs them), then that call against passing again by the model
        later = options_at(variant, rules.calls(state._replace(turn=k.seat, round=2)), settings)
        later = [o for o in later if o.alone in forms]
        naming = [o for o in later if o.call.kind != PASS]

        def makes(option: Option) -> float:
            f = forms.index(option.alone)
            trump = option.call.trump
            assert trump is not None
            _, points = points_table(family, variant, settings, option.alone)
            return float(points[0][chosen.rows[f][:, picks[f][trump]]].mean())

        later = [max(naming, key=makes)] + [o for o in later if o.call.kind == PASS]
        passing = [o for o in options_at(variant, rules.calls(state), settings) if o.call.kind == PASS]
        dealt = k.dealt_many(f"{seed}/discard", choice.indexes, unseen)
        values = []
        for option in later:

            def fixed(at: AuctionState, call: Call = option.call) -> Call | None:
                return call if at.round == 2 else None

            values.append(
                value_options(
                    model, settings, k.seat, k.dealer, context.auction, dealt, passing, tricks_from(chosen), fixed
                )[0].expected
            )
        plan = later[max(range(len(later)), key=values.__getitem__)]
        answer = replace(answer, second_round=plan)
        best_later = plan.call

        def own_call(at: AuctionState) -> Call | None:
            return best_later if at.round == 2 else None

    options = [o for o in options_at(variant, rules.calls(state), settings) if o.call.kind == PASS or o.alone in forms]
    dealt = k.dealt_many(seed, main_layouts.indexes, unseen)
    return replace(
        answer,
        actions=scored(
            value_options(
                model, settings, k.seat, k.dealer, context.auction, dealt, options, tricks_from(main), own_call
            ),
            k,
            settings,
            context,
        ),
    )


def scored(
    actions: list[ActionFigures], knowledge: Knowledge, settings: Settings, context: Context
) -> list[ActionFigures]:
    """With the score before the hand: each option's chance of winning the game after it
    (``hasen.analysis.odds``, by the table's scoring)."""
    if context.score is None:
        return actions
    table = game_chances(knowledge.variant, scoring_of(settings))
    return [a.with_score(table, context.score, knowledge.dealer, knowledge.seat) for a in actions]


def of_trump(trump: int, column: Column) -> bool:
    return column[0] == trump


def call_of(trump: int, upcard_suit: int | None) -> tuple[int, str]:
    """The round a call of ``trump`` is made in, and its name in the auction's words
    (docs/notation.md): ``order up`` in the first round, ``name H`` in the second (or at
    once, by the dealer, under a turned Joker)."""
    if upcard_suit is not None and trump == upcard_suit:
        return 1, "order up"
    return (1 if upcard_suit is None else 2), f"name {SUITS[trump]}"
