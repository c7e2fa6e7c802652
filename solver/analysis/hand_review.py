"""A whole hand reviewed fairly: every decision judged by what its maker could know.

Each decision gets two verdicts side by side. Single dummy, from the seat of the player
who made it, in points of the hand (its side's points less the other side's):

- every call of the auction, each seat's, against the other calls it could have made: on
  layouts of the cards it could not see that agree with the calls before it (by the model
  of the other players, ``hasen.analysis.model``), the auction goes on by the model and its
  contract is played out (``hasen.analysis.actions``; every later choice, the caller's own
  included, is the model's);
- the declarer's contract (Hasenpfeffer: the trump, the discard, and whether to play alone;
  the Euchre dealer's discard) over layouts of the cards it could not see;
- every card of the play from its player's seat (``hasen.analysis.fair``), on layouts that
  agree with the auction too.

Double dummy, with every hand open: the existing review of the contract and of every card
(``hasen.analysis.review``), in tricks. A decision is a mistake only when its single-dummy
cost is material (``fair.MISTAKE_POINTS`` points or more, and clear of twice its standard
error); a call with no other open to it is not judged; a card that cost tricks only with
every hand open is shown as such. The review ends with the result and the par.

A record that does not know the dealer's discard (``unknown: discard``: a game transcribed
from play) shows a stand-in for it in the deal; one that does not know a lone declarer's
partner (``unknown: partner``), stand-ins for its hand, which never played: its calls and the
par are not judged, and everything else is. Every decision that does not rest on the
dealer's hand before the exchange is judged as ever: the other seats' calls and cards (they
never saw the discard, so their layouts are the same whatever it was), and every card
double dummy (the hands after the exchange are all known). The dealer's calls, its discard
and its cards single dummy (its layouts would leave the stand-in out), the contract's trump
against the others with every hand open, and the par rest on it: they are not judged, and
``not_judged`` says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..core.bounds import whole_number
from ..core.cards import SUITS, CardId, Mask, canonical_key, card_name
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Seat, Suit
from ..core.run import Progress
from ..core.seats import NUM_SEATS, SEATS, partner_of
from ..core.version import __version__
from ..notation.inputs import DEFAULT_REVIEW_LAYOUTS
from ..notation.record import HandResult, Record
from ..play.state import PlayState
from ..rules.auction import Call
from .actions import ActionFigures, Option, value_options
from .advice import agreeing_layouts, solve_defended
from .agreement import consistent_many
from .answer import Answer, figure, given_figures, stderr_of_mean
from .bidding import Auction
from .chances import GameState, game_chances
from .columns import DECISION_ROW
from .fair import MIN_JUDGED, MISTAKE_POINTS, MISTAKE_WIN, Agree, FairVerdict, Stakes, Why, close, judge_play, material
from .family import Family
from .knowledge import Context, Knowledge
from .layouts import Column, TableShape
from .model import PlayerModel
from .odds import scoring_of
from .playout import rules_for
from .review import PlayReview, review_play
from .rows import EarlierNames, Row, decision_rows
from .views import View, rotation


@dataclass(frozen=True)
class CallOption:
    """One call a seat could have made, valued at the table."""

    call: str  # as the auction writes it: "pass", "4", "order up alone", "name H"
    expected: float  # the caller's side's points less the other side's
    stderr: float  # of its difference from the call made
    win: float | None = None  # with a score: the caller's side's chance of winning the game
    win_stderr: float | None = None  # of its difference from the call made
    gap_stderr: float = 0.0  # of its difference from the best call, in the deciding criterion

    def to_json(self) -> dict[str, Any]:
        return {
            "call": self.call,
            "expected": figure(self.expected),
            "stderr": figure(self.stderr),
            **given_figures(win=self.win, win_stderr=self.win_stderr),
        }


@dataclass(frozen=True)
class CallVerdict:
    """One call of the auction judged from its caller's seat, against every call it could
    have made there."""

    number: int  # its place in the auction, from 1
    seat: Seat
    made: CallOption
    options: tuple[CallOption, ...]  # every call open to the seat, the best first (by ``by_win``)
    layouts: int
    agreeing: bool  # the layouts were kept to those that agree with the calls before it
    why: Why | None = None  # for a mistake
    # weighed on layouts that do not agree with the calls before it, though it should (none did)
    unagreed: bool = False

    @property
    def by_win(self) -> bool:
        """Is it decided by the chance of winning the game (the score is known), not points?"""
        return self.made.win is not None

    @property
    def best(self) -> CallOption:
        """The best call by the deciding criterion."""
        return self.options[0]

    @property
    def best_by_points(self) -> CallOption:
        return max(self.options, key=lambda o: o.expected)  # the first of equals: the order the options are in

    @property
    def cost(self) -> float:
        """The points given away against the call worth most in points."""
        return self.best_by_points.expected - self.made.expected

    @property
    def stderr(self) -> float:
        return self.best_by_points.stderr

    @property
    def win_cost(self) -> float | None:
        """With a score: the chance of winning the game given away against the call with the best."""
        if self.made.win is None or self.best.win is None:
            return None
        return self.best.win - self.made.win

    @property
    def judged(self) -> bool:
        """Was it weighed on enough layouts (``MIN_JUDGED``) that agree with the auction?"""
        return self.layouts >= MIN_JUDGED and not self.unagreed

    @property
    def close_calls(self) -> tuple[str, ...]:
        """The calls no clearer than the sampling error from the best (by the deciding
        criterion), the best first: where there are several, the choice is a close call."""
        best = self.best
        out = []
        for option in self.options:
            if self.by_win and option.win is not None and best.win is not None:
                near = close(best.win - option.win, option.gap_stderr)
            else:
                near = close(best.expected - option.expected, option.gap_stderr)
            if option is best or near:
                out.append(option.call)
        return tuple(out)

    @property
    def mistake(self) -> bool:
        """A material cost in the deciding criterion, clear of twice its standard error; only
        when judged."""
        if not self.judged:
            return False
        if self.by_win and self.win_cost is not None:
            return material(self.win_cost, self.best.win_stderr or 0.0, MISTAKE_WIN)
        return material(self.cost, self.stderr, MISTAKE_POINTS)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "seat": SEATS[self.seat],
            "call": self.made.call,
            "expected": figure(self.made.expected),
            "best": self.best.call,
            "cost": figure(self.cost),
            "stderr": figure(self.stderr),
            "mistake": self.mistake,
            "judged": self.judged,
            "decided_by": "win" if self.by_win else "points",
            "close_calls": list(self.close_calls),
            "layouts": self.layouts,
            "agree_with_auction": self.agreeing,
            "options": [o.to_json() for o in self.options],
            **given_figures(win_cost=self.win_cost, win_stderr=self.best.win_stderr),
        }
        if self.why is not None:
            data["why"] = self.why.to_json()
        return data


@dataclass(frozen=True)
class ChoiceVerdict:
    """The declarer's contract (Hasenpfeffer: trump, discard and form of play; the Euchre
    dealer's discard), judged from the chooser's seat in points, with the mean tricks of its
    side beside them."""

    seat: Seat
    chosen: tuple[Suit, Card | None, bool]  # trump, discard, alone
    best: tuple[Suit, Card | None, bool]
    points: float  # expected, with the choice made
    best_points: float
    stderr: float  # of the difference
    mean: float  # tricks, with the choice made
    best_mean: float
    layouts: int
    win_cost: float | None = None  # with a score: the chance of winning given away against the best choice for it
    win_stderr: float | None = None

    @property
    def cost(self) -> float:
        return self.best_points - self.points

    @property
    def judged(self) -> bool:
        return self.layouts >= MIN_JUDGED

    @property
    def mistake(self) -> bool:
        """A material cost in the deciding criterion (with the score known, the chance of
        winning the game), clear of twice its standard error; only when judged."""
        if not self.judged:
            return False
        if self.win_cost is not None and self.win_stderr is not None:
            return material(self.win_cost, self.win_stderr, MISTAKE_WIN)
        return material(self.cost, self.stderr, MISTAKE_POINTS)

    def to_json(self) -> dict[str, Any]:
        def choice(pair: tuple[Suit, Card | None, bool]) -> dict[str, Any]:
            return {
                "trump": SUITS[pair[0]],
                "discard": None if pair[1] is None else card_name(pair[1]),
                "alone": pair[2],
            }

        return {
            "seat": SEATS[self.seat],
            "chosen": choice(self.chosen),
            "best": choice(self.best),
            "points": figure(self.points),
            "best_points": figure(self.best_points),
            "cost": figure(self.cost),
            "stderr": figure(self.stderr),
            "mean": figure(self.mean),
            "best_mean": figure(self.best_mean),
            "layouts": self.layouts,
            "judged": self.judged,
            "mistake": self.mistake,
            "decided_by": "points" if self.win_cost is None else "win",
            **given_figures(win_cost=self.win_cost, win_stderr=self.win_stderr),
        }


@dataclass(frozen=True)
class PlayerTotals:
    """One player's decisions over a hand (or a session)."""

    cards: int = 0
    mistakes: int = 0  # single dummy: calls, the contract and cards
    given_away: float = 0.0  # mean tricks given away in the play, single dummy
    play_points: float = 0.0  # expected points given away in the play, single dummy
    bidding_points: float = 0.0  # by the calls and the contract chosen
    double_dummy_given_away: int = 0  # tricks given away in the play with every hand open
    play_win: float = 0.0  # with a score: the chance of winning the game given away in the play
    bidding_win: float = 0.0  # in the calls and the contract

    def __add__(self, other: PlayerTotals) -> PlayerTotals:
        return PlayerTotals(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple())))

    def as_tuple(self) -> tuple[Any, ...]:
        return (
            self.cards,
            self.mistakes,
            self.given_away,
            self.play_points,
            self.bidding_points,
            self.double_dummy_given_away,
            self.play_win,
            self.bidding_win,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "mistakes": self.mistakes,
            "given_away": figure(self.given_away),
            "play_points": figure(self.play_points),
            "bidding_points": figure(self.bidding_points),
            "double_dummy_given_away": self.double_dummy_given_away,
            "play_win": figure(self.play_win),
            "bidding_win": figure(self.bidding_win),
        }


@dataclass(repr=False, frozen=True)
class HandReview(Answer):
    """A hand record reviewed fairly (see the module): ``review.cards``, ``review.result``.

    >>> import hasen
    >>> review = hasen.review_hand("variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; "
    ...                            "auction: S pass, N pass, S name H; contract: S, trump H; "
    ...                            "play: AH KD KH QD QH TD TS 9D 9S 9C", layouts=20)
    >>> review.result.made, [call.made.call for call in review.calls], len(review.cards)
    (True, ['pass', 'pass', 'name H'], 10)
    """

    ROWS = (("call", ("calls",)), ("choice", ("choice",)), ("card", ("cards",)))  # every decision judged
    ROW_SCHEMA = DECISION_ROW

    record: Record
    layouts: int
    seed: int
    calls: list[CallVerdict]
    choice: ChoiceVerdict | None
    cards: list[FairVerdict]
    double_dummy: PlayReview
    par: Auction | None  # None: not known (the dealer's discard is not)
    players: dict[Seat, PlayerTotals] = field(default_factory=dict)
    uniform: bool = False  # the layouts were dealt without regard to the auction
    score: tuple[int, ...] | None = None  # the score before the hand (each of Variant.score_names), when known
    not_judged: tuple[str, ...] = ()  # what the record does not know enough to judge, in words

    @property
    def result(self) -> HandResult | None:
        return self.record.result

    def double_dummy_cost(self, number: int) -> int:
        return self.double_dummy.cards[number - 1].cost

    def verdict(self, card: FairVerdict) -> str:
        """``mistake``, ``forced``, ``double dummy only`` (a cost only with every hand open), or
        ``good``."""
        if card.mistake:
            return "mistake"
        if not card.choices:
            return "forced"
        return "double dummy only" if self.double_dummy_cost(card.number) else "good"

    def to_json(self) -> dict[str, Any]:
        dd = self.double_dummy
        par = None if self.par is None else self.par.played
        data = {
            "version": __version__,
            "record": self.record.to_json(),
            "layouts": self.layouts,
            "seed": self.seed,
            "result": None if self.result is None else self.result.to_json(),
            "par": None
            if self.par is None
            else {
                "contract": None if par is None else par.to_json(self.record.variant),
                "auction": [c.to_json() for c in self.par.calls],
            },
            "calls": [call.to_json() for call in self.calls],
            "uniform": self.uniform,
            "score": None if self.score is None else list(self.score),
            "choice": None if self.choice is None else self.choice.to_json(),
            "contract": None if "discard" in self.record.unknown else dd.contract_json(),
            "cards": [
                {
                    **card.to_json(),
                    "trick": dd.cards[card.number - 1].trick,
                    "double_dummy": {
                        "cost": self.double_dummy_cost(card.number),
                        "best": [card_name(c) for c in dd.cards[card.number - 1].best_cards],
                    },
                    "verdict": self.verdict(card),
                }
                for card in self.cards
            ],
            "players": {SEATS[seat]: totals.to_json() for seat, totals in self.players.items()},
        }
        if self.not_judged:
            data["not_judged"] = list(self.not_judged)
        return data

    def rows(self) -> list[Row]:
        """Every decision as a row of ``hasen schema decision-rows``, as ``hasen session``
        writes them (a row read by a name of the rows before, ``cost`` or ``exact``, gives
        its old value with a DeprecationWarning)."""
        data = self.to_json()
        return [
            EarlierNames(row, before) for row, before in zip(decision_rows(data), self.rows_of_json(data), strict=True)
        ]

    def __repr__(self) -> str:
        mistakes = sum(t.mistakes for t in self.players.values())
        return f"<HandReview of {self.record.deal!r}: {len(self.cards)} cards, {mistakes} mistakes>"


def review_hand(
    record: Record,
    family: Family,
    layouts: int = DEFAULT_REVIEW_LAYOUTS,
    seed: int = 0,
    threads: int = 1,
    progress: Progress | None = None,
    uniform: bool = False,
    score: tuple[int, ...] | None = None,
) -> HandReview:
    """Review a record whose auction ended in a contract (the play whole or part-way).
    ``uniform``: deal the layouts without regard to the auction. ``score``: the score before
    the hand (by default the record's own, if it has one): every decision's cost in the
    chance of winning the game is given too."""
    whole_number("layouts", layouts)
    contract = record.contract
    if contract is None:
        raise NotationError("review: the record has no contract to review (the auction is not over, or all passed)")
    deal, settings = record.deal, record.settings
    start = PlayState(deal, contract, settings)
    cards = [int(c) for c in record.cards]
    calls = sum(1 for _ in record.calls)
    steps = calls + 2 + len(cards)
    done = [0]

    def step(count: int = 1) -> None:
        done[0] += count
        if progress:
            progress(done[0], steps)

    def tick(*_: object) -> None:  # within a step: a place for the caller to stop
        if progress:
            progress(done[0], steps)

    score = record.score if score is None else score
    game = None if score is None else GameState(game_chances(deal.variant, scoring_of(settings)), score, deal.dealer)
    # the seats whose own hands the record does not know whole (see the module)
    no_discard = "discard" in record.unknown
    blind, calls_blind = blind_seats(record)
    verdicts = judge_calls(record, layouts, seed, uniform, step, game, skip=blind | calls_blind)
    choice = None if no_discard else judge_choice(record, family, layouts, seed, threads, tick, uniform, game)
    step()
    stakes = Stakes.of(
        deal.variant,
        settings,
        record.bid,
        contract.alone,
        game,
        deal.variant.scorer_of(contract.declarer),
        contract.lone_defender is not None,
    )
    agree = None if uniform else auction_check(record, score)
    play = judge_play(
        start,
        cards,
        stakes,
        layouts,
        seed,
        threads,
        progress=None if progress is None else lambda n, total: progress(calls + 1 + n, steps),
        agree=agree,
    )
    play = [card for card in play if card.seat not in blind]
    done[0] += len(cards)
    text = " ".join(card_name(c) for c in cards)
    dd = review_play(deal, contract, text, family, settings=settings, checkpoint=tick)
    par = None if record.unknown else family.par(_outcomes(record, family))
    step()
    not_judged = not_judged_words(record)
    review = HandReview(
        record, layouts, seed, verdicts, choice, play, dd, par, uniform=uniform, score=score, not_judged=not_judged
    )
    return replace(review, players=player_totals(review))


def blind_seats(record: Record) -> tuple[set[int], set[int]]:
    """The seats none of whose decisions are judged (the taker whose discard is not known:
    its calls, its choice and its cards), and those whose calls alone are not (a Hasenpfeffer
    declarer whose widow is not known bid on a hand the record does not know, but chose its
    contract and played knowing every card it held; a partner who sat out unseen)."""
    contract, state = record.contract, record.state
    assert contract is not None and state is not None
    blind, calls = set(), set()
    if "discard" in record.unknown and state.taker is not None:
        blind.add(state.taker)
    if "widow" in record.unknown:
        calls.add(contract.declarer)
    for part, lone in (("partner", contract.declarer), ("defender partner", contract.lone_defender)):
        if part in record.unknown and lone is not None:
            calls.add(partner_of(lone))
    return blind, calls


def not_judged_words(record: Record) -> tuple[str, ...]:
    """What a record that does not know a hand leaves unjudged, and why, in words."""
    contract = record.contract
    assert contract is not None
    taker = next(iter(blind_seats(record)[0]), record.deal.dealer)
    dealer, partner, declarer = SEATS[taker], SEATS[partner_of(contract.declarer)], SEATS[contract.declarer]
    words = {
        "discard": f"{dealer}'s calls, its discard and its cards from its seat, the choice of trump with every hand "
        f"open, and the par: the record does not know {dealer}'s discard, so its hand before the "
        "exchange",
        "widow": f"{declarer}'s calls and the par: the record does not know which card was the widow, so "
        f"{declarer}'s hand when it bid",
        "partner": f"{partner}'s calls and the par: the record does not know the hand of {partner}, who sat out "
        f"while {declarer} played alone",
    }
    if contract.lone_defender is not None:
        idle, lone = SEATS[partner_of(contract.lone_defender)], SEATS[contract.lone_defender]
        words["defender partner"] = (
            f"{idle}'s calls and the par: the record does not know the hand of {idle}, who "
            f"sat out while {lone} defended alone"
        )
    return tuple(words[part] for part in record.unknown)


def _outcomes(record: Record, family: Family) -> Any:
    from .outcomes import Outcomes

    return Outcomes(record.deal, family, record.settings)


def player_totals(review: HandReview) -> dict[Seat, PlayerTotals]:
    totals = {Seat(s): PlayerTotals() for s in review.record.variant.seats}
    for card in review.cards:
        totals[card.seat] += PlayerTotals(
            1,
            int(card.mistake),
            card.cost,
            card.points_cost,
            0.0,
            review.double_dummy_cost(card.number),
            card.win_cost or 0.0,
        )
    for call in review.calls:
        totals[call.seat] += PlayerTotals(
            mistakes=int(call.mistake), bidding_points=call.cost, bidding_win=call.win_cost or 0.0
        )
    if review.choice is not None:
        totals[review.choice.seat] += PlayerTotals(
            mistakes=int(review.choice.mistake),
            bidding_points=review.choice.cost,
            bidding_win=review.choice.win_cost or 0.0,
        )
    return totals


def bidding_hand(record: Record, seat: int) -> Knowledge:
    """What a seat knew when it called: its hand (and in Euchre the upcard)."""
    deal, variant = record.deal, record.variant
    return Knowledge(variant, deal.dealer, seat, deal.hands[seat], None if variant.seen_extra() is None else deal.extra)


def judge_calls(
    record: Record,
    layouts: int,
    seed: int,
    uniform: bool,
    step: Callable[[], None] = lambda: None,
    game: GameState | None = None,
    skip: set[int] | frozenset[int] = frozenset(),
) -> list[CallVerdict]:
    """Every call of the auction with another call open to its seat, judged from that seat
    (see the module); the calls of the seats in ``skip``, whose hands are not known, are not."""
    deal, variant, settings = record.deal, record.variant, record.settings
    model = PlayerModel.of(variant).at_score(None if game is None else game.score)  # its seats call at the score
    rules = record.rules
    state = rules.start()
    verdicts = []
    before: list[tuple[int, Call]] = []
    for number, (seat, call) in enumerate(record.calls, 1):
        legal = rules.calls(state)
        if len(legal) > 1 and seat not in skip:
            knowledge = bidding_hand(record, seat)
            context = Context(tuple(before), True, uniform, score=None if game is None else game.score)
            stream = f"{seed}/call {number}"
            agreeing = agreeing_layouts(knowledge, stream, layouts, context, settings)
            unseen = knowledge.unseen
            dealt = knowledge.dealt_many(stream, agreeing.indexes, unseen)
            options = [Option(option, option.alone, option.words(settings)) for option in legal]
            figures = value_options(model, settings, seat, deal.dealer, tuple(before), dealt, options, None)
            if game is not None:
                figures = [f.with_score(game.table, game.score, game.dealer, seat) for f in figures]
            wanted = not uniform and any(other != seat for other, _ in before)  # calls to agree with
            verdicts.append(
                call_verdict(
                    number,
                    Seat(seat),
                    call.words(settings),
                    figures,
                    dealt,
                    agreeing.filtered,
                    wanted and not agreeing.filtered,
                )
            )
        step()
        before.append((seat, call))
        state = rules.after(state, call)
    return verdicts


def call_verdict(
    number: int,
    seat: Seat,
    made_words: str,
    figures: list[ActionFigures],
    dealt: Sequence[tuple[Sequence[Mask], CardId]],
    agreeing: bool,
    unagreed: bool = False,
) -> CallVerdict:
    """A call's verdict from the figures of every call open to it: the options by points, or
    with a score by the chance of winning the game (points on a tie)."""
    made = next(f for f in figures if f.call == made_words)
    order = sorted(figures, key=lambda f: -f.expected)  # the first listed of equals first
    by_win = made.wins is not None
    if by_win:
        order.sort(key=lambda f: -round(f.win, 12))

    def option(f: ActionFigures) -> CallOption:
        if f.wins is None or made.wins is None:
            return CallOption(f.call, f.expected, made.stderr_against(f), gap_stderr=order[0].stderr_against(f))
        assert order[0].wins is not None
        return CallOption(
            f.call,
            f.expected,
            made.stderr_against(f),
            f.win,
            stderr_of_mean(made.wins - f.wins),
            stderr_of_mean(order[0].wins - f.wins),
        )

    verdict = CallVerdict(
        number, seat, option(made), tuple(option(f) for f in order), len(dealt), agreeing, unagreed=unagreed
    )
    if verdict.mistake:
        best = order[0]
        gap = best.points - made.points if not by_win else best.wins - made.wins  # type: ignore[operator]
        worst = int(np.argmax(gap))
        hands = {SEATS[s]: str(CardSet(dealt[worst][0][s])) for s in range(4) if dealt[worst][0][s]}
        why = Why(
            hands,
            (None, float(made.points[worst])),
            (None, float(best.points[worst])),
            float((gap > 0).mean()),
            float((gap < 0).mean()),
        )
        verdict = replace(verdict, why=why)
    return verdict


def auction_check(record: Record, score: tuple[int, ...] | None = None) -> Callable[[PlayState, View], Agree | None]:
    """For a turn of the play, the layouts that agree with the auction: for every seat whose
    hand at the auction a layout gives (not the declarer who took the widow, nor a dealer who
    took the upcard, nor a lone player's partner who sits out), the model finds its calls
    plausible with that hand (``hasen.analysis.playout``). A Railroad lone player who called
    for best is not checked either: what it holds now is not what it called with."""
    deal, variant, settings = record.deal, record.variant, record.settings
    model = PlayerModel.of(variant).at_score(score)
    rules = rules_for(variant, deal.dealer, deal.extra, None, settings)
    calls = tuple(record.calls)

    def for_turn(state: PlayState, view: View) -> Agree | None:
        taker = state.taker
        played = [0, 0, 0, 0]
        for leader, cards, _ in state.tricks:
            for seat, card in zip(rotation(state, leader), cards):
                played[seat] |= 1 << card
        for seat, card in zip(rotation(state, state.leader), state.trick):
            played[seat] |= 1 << card
        contract = state.contract
        exchanged = {
            taker,
            contract.declarer if contract.best else None,
            contract.lone_defender if contract.defender_best else None,
        }
        checked = [
            i
            for i, place in enumerate(view.places)
            if place < NUM_SEATS and place not in exchanged and any(s == place for s, _ in calls)
        ]
        if not checked:
            return None

        seats = [view.places[i] for i in checked]

        def agree(batch: Sequence[Sequence[Mask]]) -> Sequence[bool]:
            hands = [np.zeros(len(batch), dtype=np.uint64) for _ in range(NUM_SEATS)]
            for i, seat in zip(checked, seats):
                hands[seat] = np.fromiter((held[i] for held in batch), dtype=np.uint64, count=len(batch)) | np.uint64(
                    played[seat]
                )
            agreeing: list[bool] = consistent_many(model, rules, calls, hands, seats).tolist()
            return agreeing

        return agree

    return for_turn


def judge_choice(
    record: Record,
    family: Family,
    layouts: int,
    seed: int,
    threads: int,
    progress: Progress | None = None,
    uniform: bool = False,
    game: GameState | None = None,
) -> ChoiceVerdict | None:
    """The contract of the Hasenpfeffer declarer (trump, discard, and with the partner or
    alone), or the discard of the Euchre dealer who took the upcard, from the chooser's seat
    (its cards and the widow or upcard known, the rest dealt at random on layouts that agree
    with the auction unless ``uniform``), in points."""
    contract = record.contract
    assert contract is not None
    deal, variant, settings = record.deal, record.variant, record.settings
    taker = PlayState(deal, contract, settings).taker
    if taker is None:
        return None
    known = Knowledge(variant, deal.dealer, taker, deal.hands[taker], deal.extra)
    forms = variant.forms if family.chooser_names_trump else (contract.alone,)
    stream = f"{seed}/choice"
    agreeing = agreeing_layouts(
        known,
        stream,
        layouts,
        Context(tuple(record.calls), True, uniform, score=None if game is None else game.score),
        settings,
    )
    count = len(agreeing.indexes)
    shapes = [TableShape.of(known, contract.declarer, alone, settings) for alone in forms]

    def judged(column: Column) -> bool:  # a choice of the chooser's: in Euchre, a discard under the trump made
        trump, discard = column
        return discard is not None and (family.chooser_names_trump or trump == contract.trump)

    # only the choices judged are solved
    read = [{int(deal.extra): [c for c, column in enumerate(shape.columns) if judged(column)]} for shape in shapes]
    solved = solve_defended(
        known,
        forms,
        settings,
        count,
        stream,
        threads,
        None,
        progress,
        0,
        count,
        agreeing.indexes,
        read,
        declarer=contract.declarer,
    )
    chooser_declares = variant.declares_with(taker, contract.declarer)
    candidates = []  # (points per layout, tricks per layout, trump, discard, alone)
    wins: dict[tuple[int, int, bool], np.ndarray] = {}  # with a score: each choice's chance of winning, per layout
    chooser = variant.scorer_of(taker)
    for alone, shape, rows in zip(forms, shapes, solved.rows):
        stakes = Stakes.of(variant, settings, record.bid, alone, game, variant.scorer_of(contract.declarer))
        table = stakes.standing(variant, chooser_declares)
        for c, (t, d) in enumerate(shape.columns):
            if not judged((t, d)):
                continue
            assert d is not None
            declarers = rows[:, c].astype(np.int64)
            points = table[declarers]
            tricks = declarers if chooser_declares else variant.hand_size - declarers
            candidates.append((points, tricks, t, d, alone))
            if stakes.wins is not None:
                wins[(t, d, alone)] = np.array(stakes.wins)[declarers, chooser]
    assert candidates, "a chooser has a discard to make"

    def place(entry: tuple[np.ndarray, np.ndarray, int, int, bool]) -> tuple[float, float, bool, int, tuple[int, int]]:
        points, tricks, trump, discard, alone = entry
        return -float(points.mean()), -float(tricks.mean()), alone, trump, canonical_key(discard)

    best = min(candidates, key=place)
    if wins:  # with the score known, the chance of winning the game decides (points on a tie)
        best = min(candidates, key=lambda c: (-round(float(wins[(c[2], c[3], c[4])].mean()), 12), place(c)))
    chosen = next(c for c in candidates if (c[2], c[3], c[4]) == (contract.trump, contract.discard, contract.alone))
    differences = best[0] - chosen[0]
    stderr = stderr_of_mean(differences)

    def pair(entry: tuple[np.ndarray, np.ndarray, int, int, bool]) -> tuple[Suit, Card | None, bool]:
        return Suit(entry[2]), Card(entry[3]), entry[4]

    win_cost = win_stderr = None
    if wins:
        made, top = wins[(chosen[2], chosen[3], chosen[4])], wins[(best[2], best[3], best[4])]
        win_cost, win_stderr = float(top.mean() - made.mean()), stderr_of_mean(top - made)
    return ChoiceVerdict(
        Seat(taker),
        pair(chosen),
        pair(best),
        float(chosen[0].mean()),
        float(best[0].mean()),
        stderr,
        float(chosen[1].mean()),
        float(best[1].mean()),
        count,
        win_cost,
        win_stderr,
    )
