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
are played on ``choice_layouts`` layouts of their own, dealt from another stream, and for
each bid the trump and discard with the best expected score there is the seat's choice
(on a tie, the first in the order S, H, D, C, and within a trump the discards in the
canonical card order). Only then is the choice scored, on the main layouts, each by its own widow. The
Euchre dealer's discard is chosen the same way, once, from its six cards. A discard by
another seat (an opposing or partnering Euchre dealer) is that seat's double-dummy choice.

The figures of a bid are those of the layouts it is scored on: the chance of making it,
the expected score by the table's scoring settings, its standard error, and the trump the
choice fell on. Passing is the yardstick, worth 0: a bid is worth making when its expected
score is above 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from ..core.cards import JOKER, NUM_CARDS, SUITS, canonical_key, card_name
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Suit
from ..core.seats import SEATS
from ..core.variants import Variant
from ..rules.scoring import EUCHRE_MAKES, bid_ladder
from ..rules.settings import Settings
from ..rules.trump import takes_upcard
from .answer import Answer, variant_json
from .family import Family
from .inputs import DEFAULT_CHOICE_LAYOUTS, whole_number
from .layouts import EXTRA, Column, Knowledge, Mapper, Progress, TableShape, solve_layouts
from .simulate import FORMS, figure, points_table, trick_counts


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
        return sum(self.counts[self.needs:]) / self.layouts

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
            "bid": self.bid, "needs": self.needs, "make": figure(self.make),
            "make_stderr": figure(self.make_stderr), "expected": figure(self.expected),
            "stderr": figure(self.stderr), "mean_tricks": figure(self.mean_tricks),
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


@dataclass(repr=False)
class BidAdvice(Answer):
    """Hasenpfeffer bid advice from the bidder's six cards (single dummy).

    >>> import hasen
    >>> advice = hasen.bid(hand="A.K..AQJ*", seat="N", dealer="W", layouts=40, choice_layouts=8)
    >>> advice.forms["with_partner"].worth().bid
    '6'
    """

    knowledge: Knowledge
    settings: Settings
    layouts: int
    choice_layouts: int
    seed: int
    forms: dict[str, FormAdvice] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        k = self.knowledge
        data = variant_json(k.variant) | {"dealer": SEATS[k.dealer], **k.describe(), "layouts": self.layouts,
                                          "choice_layouts": self.choice_layouts, "seed": self.seed,
                                          "forms": {name: form.to_json() for name, form in self.forms.items()}}
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (f"<BidAdvice for {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over "
                f"{self.layouts} layouts>")


def forms_of(variant: Variant, alone: bool | None) -> tuple[bool, ...]:
    """The forms of play asked for: both where the game has partners, unless one is named."""
    if alone is not None:
        if alone and not variant.partners:
            raise NotationError(f"alone: {variant.name} has no partners, so nobody plays alone")
        return (alone,)
    return (False, True) if variant.partners else (False,)


def choose(rows: np.ndarray, columns: Sequence[Column], points: np.ndarray,
           allowed: Callable[[Column], bool] | None = None) -> int:
    """The column (a choice) with the most points in all over ``rows``, among the allowed
    ones; on a tie the first in trump order, then by discard in canonical card order."""
    totals = (trick_counts(rows, len(points) - 1) @ points).tolist()
    candidates = [c for c in range(len(columns)) if allowed is None or allowed(columns[c])]
    def place(c: int) -> tuple[int, tuple[int, ...]]:
        trump, discard = columns[c]
        return trump, () if discard is None else canonical_key(discard)

    order = sorted(candidates, key=place)
    return max(order, key=totals.__getitem__)


def advise_hasenpfeffer(knowledge: Knowledge, family: Family, layouts: int, seed: int = 0,
                        settings: Settings = Settings(), alone: bool | None = None,
                        choice_layouts: int = DEFAULT_CHOICE_LAYOUTS, threads: int = 1,
                        mapper: Mapper | None = None, progress: Progress | None = None) -> BidAdvice:
    """Each bid's figures for the seat, with the widow unseen (see the module)."""
    k = knowledge
    variant = k.variant
    whole_number("layouts", layouts)
    whole_number("choice_layouts", choice_layouts)
    if not variant.declarer_exchanges:
        raise NotationError(f"variant: {variant.name}'s advice is on calls, not bids (the dealer takes the upcard)")
    if k.extra is not None:
        raise NotationError(f"{variant.extra_card}: the bid is made before the {variant.extra_card} is seen: "
                            f"leave it out")
    settings.check_for(variant)
    forms = forms_of(variant, alone)
    shapes = [TableShape.of(k, k.seat, a, settings) for a in forms]
    unseen = k.unseen
    # the main layouts' widows are known before they are solved: the choices to be made are too
    widows = sorted({k.dealt(seed, i, unseen)[1] for i in range(layouts)})
    total = layouts + len(widows) * choice_layouts
    main = solve_layouts(k, shapes, layouts, seed, threads, mapper, progress, total=total)
    ladder = bid_ladder(variant, settings)
    policy = np.zeros((len(forms), len(ladder), NUM_CARDS), dtype=np.int64)  # the column chosen, by widow
    for done, widow in enumerate(widows):
        seen = replace(k, extra=widow)
        chosen = solve_layouts(seen, [TableShape.of(seen, k.seat, a, settings) for a in forms], choice_layouts,
                               f"{seed}/widow {card_name(widow)}", threads, mapper, progress,
                               done_before=layouts + done * choice_layouts, total=total)
        for f, (a, shape, rows) in enumerate(zip(forms, shapes, chosen.rows)):
            _, points = points_table(family, variant, settings, a)
            columns = TableShape.of(seen, k.seat, a, settings).columns  # the widow by the card it is
            assert [(t, EXTRA if d == widow else d) for t, d in columns] == shape.columns, \
                "a widow's choice columns are the main layouts' columns"
            for b in range(len(ladder)):
                policy[f, b, widow] = choose(rows, columns, points[b])
    answer = BidAdvice(k, settings, layouts, choice_layouts, seed)
    n = np.arange(layouts)
    for f, (a, shape, rows) in enumerate(zip(forms, shapes, main.rows)):
        names, points = points_table(family, variant, settings, a)
        trump_of = np.array([t for t, _ in shape.columns])  # each column's trump
        bids = []
        for b, bid in enumerate(ladder):
            picked = policy[f, b][main.extras]
            tricks = rows[n, picked]
            chosen = np.bincount(trump_of[picked], minlength=len(SUITS)).tolist()
            trumps = {Suit(t): chosen[t] for t in range(len(SUITS))}
            bids.append(BidFigures(names[b], bid.tricks, trick_counts(tricks[:, None], variant.hand_size)[0].tolist(),
                                   points[b].tolist(), trumps))
        answer.forms[FORMS[a]] = FormAdvice(a, bids)
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
        return {"round": self.round, "call": self.bid, "alone": self.alone, **data,
                "march": figure(self.share(len(self.counts) - 1)), "euchred": figure(1 - self.make)}


@dataclass(repr=False)
class CallAdvice(Answer):
    """Euchre call advice from the seat's five cards and the upcard (single dummy).

    >>> import hasen
    >>> advice = hasen.bid(hand="..KQT9.9", extra="AS", seat="S", dealer="N", variant="euchre2", layouts=30)
    >>> advice.best(2).bid, advice.best(2).trump
    ('name D', Suit('D'))
    """

    knowledge: Knowledge
    settings: Settings
    layouts: int
    choice_layouts: int
    seed: int
    calls: list[CallFigures] = field(default_factory=list)
    nothing_to_decide: str | None = None  # why the seat has no call to make (a turned Joker)

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
        data = variant_json(k.variant) | {"dealer": SEATS[k.dealer], **k.describe(), "layouts": self.layouts,
                                          "choice_layouts": self.choice_layouts, "seed": self.seed,
                                          "calls": [c.to_json() for c in self.calls]}
        best = {}
        for round in sorted({c.round for c in self.calls}):
            top = self.best(round)
            best[str(round)] = None if top is None else {"call": top.bid, "alone": top.alone}
        data["best"] = best
        if self.nothing_to_decide:
            data["nothing_to_decide"] = self.nothing_to_decide
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (f"<CallAdvice for {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over "
                f"{self.layouts} layouts>")


def advise_euchre(knowledge: Knowledge, family: Family, layouts: int, seed: int = 0,
                  settings: Settings = Settings(), alone: bool | None = None,
                  choice_layouts: int = DEFAULT_CHOICE_LAYOUTS, threads: int = 1,
                  mapper: Mapper | None = None, progress: Progress | None = None) -> CallAdvice:
    """Each call the seat may make in either round, over random layouts (see the module)."""
    k = knowledge
    variant = k.variant
    whole_number("layouts", layouts)
    whole_number("choice_layouts", choice_layouts)
    settings.check_for(variant)
    assert k.extra is not None, "every seat sees the upcard"
    answer = CallAdvice(k, settings, layouts, choice_layouts, seed)
    dealer_seat = k.seat == k.dealer
    if k.extra == JOKER:
        if settings.joker_upcard == "redeal":
            answer.nothing_to_decide = "a turned Joker: the hand is dealt again"
            return answer
        if not dealer_seat:
            answer.nothing_to_decide = f"a turned Joker: the dealer {SEATS[k.dealer]} names trump"
            return answer
    forms = forms_of(variant, alone)
    shapes = [TableShape.of(k, k.seat, a, settings) for a in forms]
    own_discard = any(shape.chooser in shape.exchangers for shape in shapes)
    total = layouts + (choice_layouts if own_discard else 0)
    main = solve_layouts(k, shapes, layouts, seed, threads, mapper, progress, total=total)
    chosen = None
    if own_discard:
        chosen = solve_layouts(k, shapes, choice_layouts, f"{seed}/discard", threads, mapper, progress,
                               done_before=layouts, total=total)
    upcard_suit = None if k.extra == JOKER else next(t for t in range(len(SUITS)) if takes_upcard(k.extra, t))
    for f, (a, shape, rows) in enumerate(zip(forms, shapes, main.rows)):
        _, points = points_table(family, variant, settings, a)
        for trump in range(len(SUITS)):
            columns = [c for c, (t, _) in enumerate(shape.columns) if t == trump]
            round, call = call_of(trump, upcard_suit)
            if len(columns) > 1:  # the seat's own discards: chosen on the other layouts
                assert chosen is not None
                pick = choose(chosen.rows[f], shape.columns, points[0], partial(of_trump, trump))
                discard = shape.columns[pick][1]
                assert discard is not None and discard != EXTRA, "the upcard is seen"
                card = Card(discard)
            else:
                pick, card = columns[0], None
            tricks = rows[:, pick]
            answer.calls.append(CallFigures(call, EUCHRE_MAKES, trick_counts(tricks[:, None], variant.hand_size)[0]
                                            .tolist(), points[0].tolist(), {Suit(trump): layouts}, card, round, a))
    answer.calls.sort(key=lambda c: (c.round, next(iter(c.trumps)), c.alone))
    return answer


def of_trump(trump: int, column: Column) -> bool:
    return column[0] == trump


def call_of(trump: int, upcard_suit: int | None) -> tuple[int, str]:
    """The round a call of ``trump`` is made in, and its name in the auction's words
    (docs/notation.md): ``order up`` in the first round, ``name H`` in the second (or at
    once, by the dealer, under a turned Joker)."""
    if upcard_suit is not None and trump == upcard_suit:
        return 1, "order up"
    return (1 if upcard_suit is None else 2), f"name {SUITS[trump]}"

