"""The Python API: what ``import hasen`` gives.

Each function takes a deal as a ``Deal`` (or in deal notation, read as ``Deal(text)``),
which carries its dealer, variant, deck and table settings, and then only what is its own:
seats, suits and cards by name (``"N"``, ``"C"``, ``"KH"``) or as ``Seat``, ``Suit`` and
``Card``. It answers for the deal's own game (``hasen.games``): ``str()`` of an answer is
what ``hasen`` prints, ``to_json()`` what ``hasen ... --json`` prints.

``timeout``: the seconds after which the analysis stops at its next step with
``DeadlineExceeded`` (the web API's time limit; ``deadline``, a ``time.monotonic()``
instant, is its older form); ``progress(done, total)`` is called as the work advances.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, cast, overload

from .analysis.answer import Answer
from .analysis.inputs import (
    DEFAULT_CHOICE_LAYOUTS,
    DEFAULT_LAYOUTS,
    DEFAULT_REVIEW_LAYOUTS,
    BestLike,
    check_contract_notation,
    check_flags,
    coerce_card,
    coerce_deal,
    coerce_hand,
    coerce_seat,
    coerce_trump,
    coerce_variant,
    request_position,
)
from .analysis.many import answer_many
from .analysis.play import Contract, PlayState
from .analysis.table import Plan
from .core.bounds import check_seed
from .core.cards import SUITS
from .core.deal import Deal
from .core.errors import DeadlineExceeded, HasenError, NotationError, quoted
from .core.names import CardLike, CardSet, SeatLike, SuitLike
from .core.seats import SEATS
from .core.variants import HASENPFEFFER, Variant, VariantName
from .games import game_of
from .rules.settings import Settings, SettingsLike, settings_for

# each analysis is imported by the function that runs it, so that a command loads only its own
if TYPE_CHECKING:
    from .analysis.advice import BidAdvice, CallAdvice
    from .analysis.bidding import BidAnalysis
    from .analysis.euchre_table import EuchreAnalysis
    from .analysis.hand_review import HandReview
    from .analysis.knowledge import Knowledge
    from .analysis.layouts import Mapper
    from .analysis.lead import LeadSimulation
    from .analysis.odds import Odds
    from .analysis.odds_three import PlayerOdds
    from .analysis.position import PositionAnalysis
    from .analysis.record import Record
    from .analysis.review import PlayReview
    from .analysis.simulate import Simulation
    from .analysis.table import TableAnalysis
    from .rules.auction import Call
    from .rules.scoring import Bid
    from .workers import Scheduler

    Analysis = TableAnalysis | EuchreAnalysis  # analyze's answer: the table of the deal's game

# the calls so far of an auction: "W pass, N 3", or (seat, call) pairs
AuctionLike = str | Sequence[tuple[SeatLike, str]] | None

__all__ = [
    "analyze",
    "analyze_each",
    "analyze_many",
    "bid",
    "odds",
    "position",
    "review",
    "review_hand",
    "rows_of",
    "simulate",
    "simulate_lead",
    "solve",
    "to_frame",
    # what the interfaces (hasen.cli, hasen.api) take from here besides the analyses
    "DEFAULT_CHOICE_LAYOUTS",
    "DEFAULT_LAYOUTS",
    "DEFAULT_REVIEW_LAYOUTS",
    "DeadlineExceeded",
    "check_contract_notation",
    "coerce_seat",
    "coerce_trump",
    "SeatQuestion",
    "advise_seat",
    "knowledge_of",
    "lead_of_seat",
    "plan_analysis",
    "review_position",
    "seat_question",
    "simulate_seat",
    "solve_position",
    "settings_for",
]

Progress = Callable[[int, int], None]
Checkpoint = Callable[[], None]


def deadline_of(timeout: float | None, deadline: float | None) -> float | None:
    """The ``time.monotonic()`` instant the work must end by: ``timeout`` seconds from now,
    or the older ``deadline`` as given (with a DeprecationWarning)."""
    if deadline is not None:
        warnings.warn(
            "deadline= (a time.monotonic() instant) is deprecated: give timeout= in seconds",
            DeprecationWarning,
            stacklevel=3,
        )
        if timeout is not None:
            raise NotationError("timeout: give timeout= or deadline=, not both")
        return deadline
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0:
        raise NotationError(f"timeout: expected seconds, 0 or more, got {quoted(timeout)}")
    return time.monotonic() + timeout


def checkpoint_for(deadline: float | None) -> Checkpoint:
    """A checkpoint that raises ``DeadlineExceeded`` once ``deadline`` has passed (and never
    without one); it is checked once at once, so that work past its time never starts."""

    def checkpoint() -> None:
        if deadline is not None and time.monotonic() >= deadline:
            raise DeadlineExceeded("the analysis ran past its deadline")

    checkpoint()
    return checkpoint


def progress_for(deadline: float | None, progress: Progress | None) -> Progress | None:
    """``progress`` with the deadline checked at each step."""
    if deadline is None:
        return progress
    checkpoint = checkpoint_for(deadline)

    def step(done: int, total: int) -> None:
        checkpoint()
        if progress is not None:
            progress(done, total)

    return step


def analyze(
    deal: Deal | str,
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    progress: Progress | None = None,
    timeout: float | None = None,
    deadline: float | None = None,
) -> Analysis:
    """Every declarer's (or one ``declarer``'s) double-dummy tricks for each choice the game
    gives: in Hasenpfeffer each trump and discard, in Euchre each trump with the dealer's
    discards. ``defender``: an opponent who plays alone against the lone declarer.
    ``progress(done, total)`` is called after each declarer's tables.

    >>> table = analyze(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), declarer="N")
    >>> table.tables["N"].best
    BestChoice(trump=Suit('C'), discard=Card('KH'), tricks=6)
    >>> table.tables["N"].tricks["S"]["AS"]
    4
    """
    deadline = deadline_of(timeout, deadline)
    dealt = coerce_deal(deal)
    answer = game_of(dealt.variant).table(
        dealt, declarer=declarer, alone=alone, defender=defender, progress=progress_for(deadline, progress)
    )
    return cast("Analysis", answer)  # each game's table: not imported here, so as not to load every game


def plan_analysis(
    deal: Deal | str, *, declarer: SeatLike | None = None, alone: bool = False, defender: SeatLike | None = None
) -> Plan:
    """``analyze``'s request checked and its tables built, not yet solved (``Plan``)."""
    dealt = coerce_deal(deal)
    who = None if declarer is None else coerce_seat(declarer, "declarer")
    lone = None if defender is None else coerce_seat(defender, "defender")
    return game_of(dealt.variant).plan_table(dealt, declarer=who, alone=alone, defender=lone, settings=dealt.settings)


def analyze_many(
    deals: Iterable[Deal | str],
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    threads: int = 1,
    chunk: int | None = None,
) -> list[Analysis]:
    """``analyze`` of each deal, the answers in order, with the same options for all. The
    deals go to ``threads`` threads in chunks of ``chunk`` deals (by default a few chunks
    for each thread; see ``hasen.analysis.many``); each thread solves a chunk's tables in
    one call, so that threads gain on short tables too. A bad deal is an error that names
    its place in ``deals``.

    >>> deals = ["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "N:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS"]
    >>> [table.tables["N"].best_tricks for table in analyze_many(deals, declarer="N", threads=2)]
    [6, 4]
    """

    def plan_of(deal: Deal | str) -> Plan:
        return plan_analysis(deal, declarer=declarer, alone=alone, defender=defender)

    return cast("list[Analysis]", answer_many(list(deals), plan_of, threads, chunk, what="deals"))


def analyze_each(
    deals: Iterable[Deal | str],
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    threads: int = 1,
    jobs: int = 1,
    scheduler: Scheduler = None,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> Iterator[Analysis]:
    """``analyze`` of each deal as a lazy iterator, in order: the deals are read as the work
    needs them (a generator of a million deals is never held at once) and each answer comes
    as soon as it and those before it are done. ``threads`` threads in this process, or
    ``jobs`` processes, or a Dask cluster: ``scheduler`` its address or a
    ``distributed.Client`` (``hasen.Workers``); ``progress(done, total)`` after each chunk,
    ``total`` 0 when ``deals`` has no length.

    >>> deals = ["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "N:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS"]
    >>> [table.tables["N"].best_tricks for table in analyze_each(iter(deals), declarer="N", threads=2)]
    [6, 4]
    >>> rows = rows_of(analyze_each(deals, declarer="N"))
    >>> next(rows)["answer"], len(list(rows))
    (0, 55)
    """
    from .analysis.many import MAX_CHUNK, answer_each
    from .workers import Workers

    total = len(deals) if isinstance(deals, Sized) else 0
    options = {"declarer": declarer, "alone": alone, "defender": defender}
    analyze_options(options)  # a bad option is refused before any deal is read
    if threads != 1 and (jobs != 1 or scheduler is not None):
        warnings.warn(
            "threads= is ignored beside jobs= or scheduler= (a worker solves one deal at a time); "
            "give one or the other: both will be an error in the next minor release",
            DeprecationWarning,
            stacklevel=2,
        )
    if jobs == 1 and scheduler is None:

        def plan_of(deal: Deal | str) -> Plan:
            return plan_analysis(deal, **options)  # type: ignore[arg-type]

        answers: Iterator[Analysis] = cast(
            "Iterator[Analysis]", answer_each(deals, plan_of, threads, chunk or MAX_CHUNK, what="deals")
        )
        yield from counted(answers, progress, total, chunk or MAX_CHUNK)
        return
    with Workers(jobs, scheduler) as workers:
        work = partial(analyze_numbered, options)
        yield from counted(workers.map(work, enumerate(deals), chunk=chunk), progress, total, chunk or MAX_CHUNK)


def analyze_options(options: Mapping[str, object]) -> None:
    """``analyze``'s options checked on their own (the seats' names)."""
    for name in ("declarer", "defender"):
        if options[name] is not None:
            coerce_seat(options[name], name)  # type: ignore[arg-type]


def analyze_numbered(options: Mapping[str, object], item: tuple[int, Deal | str]) -> Analysis:
    """One deal's table on a worker, its error naming its place among the deals."""
    index, deal = item
    try:
        return analyze(deal, **options)  # type: ignore[arg-type]
    except HasenError as exc:
        raise type(exc)(f"deals[{index}]: {exc}") from None


def counted(answers: Iterable[Answer], progress: Progress | None, total: int, every: int) -> Iterator[Any]:
    """The answers as they come, ``progress`` told every ``every`` of them and at the end."""
    done = 0
    for answer in answers:
        yield answer
        done += 1
        if progress is not None and (done % every == 0 or done == total):
            progress(done, total)
    if progress is not None and done % every and done != total:
        progress(done, total)


def rows_of(answers: Answer | Iterable[Answer]) -> Iterator[dict[str, Any]]:
    """The tidy rows of an answer (its ``rows()``), or of each of many answers in order, each
    row then numbered by its answer (``answer``: 0, 1, ...); every value a name, number,
    bool or None.

    >>> row = next(rows_of(analyze(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"), declarer="N")))
    >>> row["declarer"], row["trump"], row["discard"], row["tricks"]
    ('N', 'S', 'AS', 4)
    """
    from .analysis.rows import rows_of as rows

    return rows(answers)


def to_frame(answers: Answer | Iterable[Answer]) -> Any:
    """``rows_of(answers)`` as a pandas DataFrame (``pip install 'hasen[frames]'``): a column
    per field, seats, suits and cards as their names; answers of one kind that is also
    written as files (tables, fair reviews) typed as their ``to_frame()`` types them.

    >>> frame = to_frame(analyze_each(["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"] * 3))
    >>> frame.groupby("declarer", observed=True).tricks.max().to_dict(), len(frame)
    ({'N': 6, 'E': 5, 'S': 5, 'W': 5}, 336)
    """
    from .analysis.rows import frame_of

    return frame_of(answers)


def position(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str = "",
    alone: bool = False,
    defender: SeatLike | None = None,
    best: BestLike = None,
    defender_best: BestLike = None,
) -> PlayState:
    """The position after ``played`` (a play record) in a contract: who is to move, the
    legal cards, ``play()`` to go on. ``discard``: the Hasenpfeffer declarer's; in Euchre the
    dealer's when the dealer takes the upcard. ``best``, ``defender_best``: in Railroad, each
    lone player's call for best (``"JK for 9C"``: the card the partner passed, the card put away).
    The whole contract may be given as a ``Contract`` in ``declarer``'s place, as in ``solve``
    and ``review``.

    >>> state = position(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH",
    ...                  played="JC KC")
    >>> state.to_move, state.legal()
    (Seat('S'), CardSet('TC'))
    """
    # the contract's notation is checked before the deal's, as the CLI and the web API do
    return request_position(deal, declarer, trump, discard, alone, defender, played, best, defender_best)


def solve(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str = "",
    alone: bool = False,
    defender: SeatLike | None = None,
    best: BestLike = None,
    defender_best: BestLike = None,
    timeout: float | None = None,
    deadline: float | None = None,
) -> PositionAnalysis:
    """Every legal card's double-dummy value at a position, and one best line of play.

    >>> result = solve(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH")
    >>> result.to_move, result.total
    (Seat('N'), 6)
    >>> [(choice.cards, choice.cost) for choice in result.choices][:2]
    [((Card('AS'), Card('KS')), 1), ((Card('AC'),), 1)]
    >>> [choice.cards for choice in result.choices if choice.cost == 0]
    [(Card('JK'), Card('JC'))]
    >>> contract = Contract("N", "C", "KH")  # or a PlayState's or a record's .contract
    >>> solve(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), contract, played="JC").total
    6
    """
    deadline = deadline_of(timeout, deadline)
    state = position(
        deal,
        declarer,
        trump,
        discard,
        played=played,
        alone=alone,
        defender=defender,
        best=best,
        defender_best=defender_best,
    )
    return solve_position(state, deadline=deadline)


def solve_position(state: PlayState, *, deadline: float | None = None) -> PositionAnalysis:
    """``solve``'s answer at a position already read (``position``): the web API reads a
    body's position once, keys its cache by it and solves it. ``deadline``: as to ``advise_seat``."""
    return game_of(state.deal.variant).solve(state, checkpoint=checkpoint_for(deadline))


def review(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str,
    alone: bool = False,
    defender: SeatLike | None = None,
    best: BestLike = None,
    defender_best: BestLike = None,
    timeout: float | None = None,
    deadline: float | None = None,
) -> PlayReview:
    """A played hand (``played``, a play record from the first card: whole or part) judged
    card by card, and the contract against the best one. The whole record is checked
    before anything is solved.

    >>> played = review(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH",
    ...                 played="JC KC TC 9C | AS AD 9S QS")
    >>> played.contract_cost, [(c.seat, c.card, c.cost) for c in played.cards if c.cost]
    (0, [])
    """
    deadline = deadline_of(timeout, deadline)
    end = position(
        deal,
        declarer,
        trump,
        discard,
        played=played,
        alone=alone,
        defender=defender,
        best=best,
        defender_best=defender_best,
    )
    return review_position(end, played, deadline=deadline)


def review_position(end: PlayState, played: str, *, deadline: float | None = None) -> PlayReview:
    """``review``'s answer for a play record already replayed to ``end`` (``position``);
    ``deadline``: as to ``advise_seat``."""
    return game_of(end.deal.variant).review(
        end.deal, end.contract, played, settings=end.settings, checkpoint=checkpoint_for(deadline)
    )


@overload
def bid(deal: Deal | str, *, timeout: float | None = None, deadline: float | None = None) -> BidAnalysis: ...


@overload
def bid(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    settings: SettingsLike = None,
    known: Mapping[str, str] | None = None,
    layouts: int | None = None,
    choice_layouts: int | None = None,
    seed: int | None = None,
    alone: bool | None = None,
    auction: AuctionLike = None,
    model: bool = True,
    uniform: bool = False,
    score: str | None = None,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    timeout: float | None = None,
    deadline: float | None = None,
) -> BidAdvice | CallAdvice: ...


def bid(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike | None = None,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    settings: SettingsLike = None,
    known: Mapping[str, str] | None = None,
    layouts: int | None = None,
    choice_layouts: int | None = None,
    seed: int | None = None,
    alone: bool | None = None,
    auction: AuctionLike = None,
    model: bool = True,
    uniform: bool = False,
    score: str | None = None,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    timeout: float | None = None,
    deadline: float | None = None,
) -> BidAnalysis | BidAdvice | CallAdvice:
    """What to bid. Given a ``seat``: what that seat should bid or call knowing only its own
    cards (single dummy; ``BidAdvice`` in Hasenpfeffer, each bid before the widow is seen;
    ``CallAdvice`` in Euchre, each call of either round). Without one: every seat's advice
    with every hand open, with the partner and alone, and the par of the hand, the
    auction's outcome when every seat knows every card (``BidAnalysis``).

    The seat's cards come from a ``deal`` or from ``hand`` (and in Euchre the upcard as
    ``extra``) with the ``dealer``, the ``variant`` and the ``settings``, as to
    ``knowledge_of``; the Hasenpfeffer widow stays unseen. The rest is dealt on ``layouts``
    random layouts (default 1,000), and the declarer's later choice of trump and discard is
    made on up to ``choice_layouts`` other layouts for each widow (``hasen.analysis.choosing``). The
    same ``seed`` gives the same answer on any number of ``threads``.

    Every option of the seat is valued at the table: the auction goes on by the model of
    the other players (``hasen.analysis.model``) and its contract is played out, passing
    included (``advice.actions``, ``advice.best_action()``). ``auction``: the calls so far
    (``"W pass, N 3"``, or (seat, call) pairs), the advice being for the seat's turn after
    them, on layouts that agree with them by the model (unless ``uniform``). ``model=False``:
    each bid judged as if it won the auction and passing as worth 0, every layout alike.
    ``score``: the score before the hand (``"8-5"``, N-S first): every option is then also
    valued by the chance of winning the game after the hand, and the advice is the option
    with the best chance.

    >>> par = bid(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"))
    >>> par.advice["N"]
    HasenpfefferAdvice(with_partner=DeclarerBest(...), alone=DeclarerBest(...))
    >>> par.advice["N"].with_partner.highest_bid
    '6'
    >>> mine = bid(hand="A.K..AQJ*", seat="N", dealer="W", layouts=40, choice_layouts=8)
    >>> worth = mine.forms["with_partner"].worth()
    >>> worth.bid, worth.trump
    ('6', Suit('C'))
    """
    deadline = deadline_of(timeout, deadline)
    check_seed(seed, text=True)
    if seat is None:
        given = [
            name
            for name, value in (
                ("hand", hand),
                ("extra", extra),
                ("dealer", dealer),
                ("variant", variant),
                ("settings", settings),
                ("known", known),
                ("layouts", layouts),
                ("choice_layouts", choice_layouts),
                ("seed", seed),
                ("alone", alone),
                ("auction", auction),
                ("score", score),
            )
            if value is not None
        ]
        given += [
            name
            for name, value, default in (("model", model, True), ("uniform", uniform, False))
            if value is not default
        ]
        if given:
            raise NotationError(
                f"bid: {', '.join(given)} {'is' if len(given) == 1 else 'are'} for one seat's view "
                "(single dummy): give the seat too (a whole deal carries its dealer, variant and "
                "settings)"
            )
        if deal is None:
            raise NotationError("bid: give a deal (every seat's advice and the par), or a seat and its hand")
        dealt = coerce_deal(deal)
        return game_of(dealt.variant).bid(dealt, dealt.settings, checkpoint=checkpoint_for(deadline))
    question = seat_question(
        deal,
        seat=seat,
        hand=hand,
        extra=extra,
        known=known,
        dealer=dealer,
        variant=variant,
        settings=settings,
        auction=auction,
        sees_widow=False,
        what="bid",
    )
    return advise_seat(
        question,
        layouts=layouts,
        choice_layouts=choice_layouts,
        seed=seed,
        alone=alone,
        model=model,
        uniform=uniform,
        score=score,
        progress=progress,
        mapper=mapper,
        threads=threads,
        deadline=deadline,
    )


class SeatQuestion(NamedTuple):
    """One seat's view of a hand, read and checked once where a request comes in: what the
    seat knows (``Knowledge``), the table's settings and the calls so far. The web API reads
    a body into one, keys its cache by it and works from it (``advise_seat``,
    ``simulate_seat``, ``lead_of_seat``), so that nothing is read twice."""

    knowledge: Knowledge
    settings: Settings
    calls: tuple[tuple[int, Call], ...] = ()


def seat_question(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    known: Mapping[str, str] | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    settings: SettingsLike = None,
    auction: AuctionLike = None,
    sees_widow: bool = True,
    what: str = "simulate",
) -> SeatQuestion:
    """The seat's view, checked: its cards as to ``knowledge_of``, the settings (a deal's own,
    or those given with a hand) and the calls of ``auction`` (``auction_calls``)."""
    knowledge = knowledge_of(
        deal,
        seat=seat,
        hand=hand,
        extra=extra,
        known=known,
        dealer=dealer,
        variant=variant,
        sees_widow=sees_widow,
        what=what,
    )
    checked = simulation_settings(deal, knowledge, settings, what)
    return SeatQuestion(knowledge, checked, auction_calls(auction, knowledge, checked))


def advise_seat(
    question: SeatQuestion,
    *,
    layouts: int | None = None,
    choice_layouts: int | None = None,
    seed: int | None = None,
    alone: bool | None = None,
    model: bool = True,
    uniform: bool = False,
    score: str | None = None,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    deadline: float | None = None,
) -> BidAdvice | CallAdvice:
    """``bid``'s advice for the seat of a question already read (``seat_question``);
    ``deadline``: the ``time.monotonic()`` instant it stops at (the web API's)."""
    check_seed(seed, text=True)
    check_flags(optional=True, alone=alone, model=model, uniform=uniform)
    from .analysis.knowledge import Context
    from .analysis.record import read_score

    if score is not None and not model:
        raise NotationError(
            "score: the chance of winning the game is worked out with the model of the other "
            "players; leave out model=False (--no-model)"
        )
    knowledge, checked = question.knowledge, question.settings
    context = Context(
        question.calls,
        model,
        uniform,
        score=read_score(score, knowledge.variant, checked.game_points),
    )
    return game_of(knowledge.variant).advise(
        knowledge,
        checked,
        DEFAULT_LAYOUTS if layouts is None else layouts,
        0 if seed is None else seed,
        alone,
        DEFAULT_CHOICE_LAYOUTS if choice_layouts is None else choice_layouts,
        threads,
        mapper,
        progress_for(deadline, progress),
        context,
    )


def auction_calls(auction: AuctionLike, knowledge: Knowledge, settings: Settings) -> tuple[tuple[int, Call], ...]:
    """The calls so far of ``auction`` (``"W pass, N 3"``, or (seat, call) pairs) as the
    auction's rules read them; each checked as it was made when the advice starts."""
    if auction is None:
        return ()
    from .analysis.playout import rules_for
    from .analysis.record import parse_auction

    k = knowledge
    rules = rules_for(k.variant, k.dealer, 0 if k.extra is None else k.extra, None, settings)
    if isinstance(auction, str):
        return tuple(parse_auction(auction, rules))
    if not isinstance(auction, Sequence):
        raise NotationError(f"auction: expected the calls as a string or (seat, call) pairs, got {quoted(auction)}")
    pairs = []
    for number, pair in enumerate(auction, 1):
        if not (isinstance(pair, Sequence) and len(pair) == 2 and isinstance(pair[1], str)):
            raise NotationError(f"auction: call {number}: expected a seat and a call, got {quoted(pair)}")
        pairs.append((coerce_seat(pair[0], f"auction: call {number}"), rules.parse_call(pair[1])))
    return tuple(pairs)


def knowledge_of(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    known: Mapping[str, str] | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    sees_widow: bool = True,
    what: str = "simulate",
) -> Knowledge:
    """What a simulating seat knows, checked: the seat's cards from ``deal`` (its other
    hands are not used), or ``hand`` and ``extra`` (the widow, or the upcard) with the
    ``dealer`` and the ``variant``; ``known``: cards known to be in other hands, by seat
    (``{"E": "AH KD"}``). ``sees_widow``: False for a seat that does not see the widow (it is
    then dealt at random too); an upcard is seen by every seat.

    >>> len(knowledge_of(hand="A.K..AQJ*", extra="KS", seat="N", dealer="W", known={"E": "AH"}).unseen)
    17
    """
    who = coerce_seat(seat, "seat")
    if deal is not None:
        if hand is not None or extra is not None or dealer is not None or variant is not None:
            raise NotationError(
                f"{what}: give a deal, or the seat's hand and extra card with the dealer and "
                "variant, not both (a Deal carries its dealer and variant)"
            )
        full = coerce_deal(deal)
        mine: tuple[Variant, int, int, int, int | None] = (full.variant, full.dealer, who, full.hands[who], full.extra)
    else:
        target = coerce_variant(variant) or HASENPFEFFER
        hidden = not sees_widow and target.extra_optional
        if hand is None or dealer is None or (extra is None and not hidden):
            raise NotationError(
                f"{what}: without a deal, give the seat's hand, the dealer"
                + ("" if hidden else f" and the {target.extra_card} (extra)")
            )
        if extra is not None and hidden:
            raise NotationError(f"{what}: the {target.extra_card} is not seen from this seat; leave it out")
        mine = (
            target,
            coerce_seat(dealer, "dealer"),
            who,
            coerce_hand(hand, "hand"),
            None if extra is None else coerce_card(extra, target.extra_card),
        )
    if not sees_widow and mine[0].extra_optional:
        mine = (*mine[:4], None)
    others = [0, 0, 0, 0]
    for name, cards in (known or {}).items():
        others[coerce_seat(name, "known")] = coerce_hand(cards, f"known: {name}")
    from .analysis.knowledge import Knowledge

    return Knowledge(*mine, known=tuple(others))


def simulation_settings(
    deal: Deal | str | None, knowledge: Knowledge, settings: SettingsLike, what: str = "simulate"
) -> Settings:
    """The table settings of a simulation, checked: the deal's own, or those given with a hand."""
    if deal is None:
        return settings_for(knowledge.variant, settings)
    if settings is not None:
        raise NotationError(f"{what}: the deal carries its settings; give them to the Deal")
    return coerce_deal(deal).settings


def simulate(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    settings: SettingsLike = None,
    known: Mapping[str, str] | None = None,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    alone: bool | None = None,
    auction: AuctionLike = None,
    uniform: bool = False,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    timeout: float | None = None,
    deadline: float | None = None,
) -> Simulation:
    """What ``seat`` should choose as declarer knowing only its cards: each trump (and
    discard, where it is the seat's) over ``layouts`` random layouts of the unseen cards.

    The seat's cards come from a ``deal`` (which carries the dealer, the variant and the
    settings), or from ``hand`` and ``extra`` with the ``dealer``, the ``variant`` and the
    ``settings``; as to ``knowledge_of``. ``alone``: only that form of play; by default both
    where the game has partners. The layouts are solved on ``threads`` threads, or through
    ``mapper`` (a ``map`` that keeps the order, such as a process pool's); the same ``seed``
    gives the same answer either way. ``auction``: the auction that made the seat declarer
    (``"N 4, E pass, S pass, W pass"``): the layouts then agree with the other seats' calls by
    the model of the other players (unless ``uniform``).

    >>> sim = simulate(hand="A.K..AQJ*", extra="KS", seat="N", dealer="W", layouts=20, seed=1, alone=False)
    >>> best = sim.forms["with_partner"].best()["6"]
    >>> best.trump, best.discard, best.mean >= 5
    (Suit('C'), Card('KH'), True)
    """
    deadline = deadline_of(timeout, deadline)
    check_seed(seed, text=True)
    question = seat_question(
        deal,
        seat=seat,
        hand=hand,
        extra=extra,
        known=known,
        dealer=dealer,
        variant=variant,
        settings=settings,
        auction=auction,
    )
    return simulate_seat(
        question,
        layouts=layouts,
        seed=seed,
        alone=alone,
        uniform=uniform,
        progress=progress,
        mapper=mapper,
        threads=threads,
        deadline=deadline,
    )


def simulate_seat(
    question: SeatQuestion,
    *,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    alone: bool | None = None,
    uniform: bool = False,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    deadline: float | None = None,
) -> Simulation:
    """``simulate``'s answer for the seat of a question already read (``seat_question``);
    ``deadline``: the ``time.monotonic()`` instant it stops at (the web API's)."""
    check_seed(seed, text=True)
    check_flags(uniform=uniform)
    from .analysis.simulate import simulate as simulate_layouts  # numpy: once the request is read

    knowledge, checked, calls = question
    forms = None if alone is None else (alone,)
    indexes = None
    if calls:
        from .analysis.advice import agreeing_layouts
        from .analysis.knowledge import Context

        lead_bid(knowledge, checked, calls, knowledge.seat, 0, False, None, contract=False)
        indexes = agreeing_layouts(knowledge, seed, layouts, Context(calls, True, uniform), checked).indexes
    answer = simulate_layouts(
        knowledge,
        game_of(knowledge.variant),
        layouts,
        seed,
        checked,
        forms,
        mapper,
        threads,
        progress=progress_for(deadline, progress),
        indexes=indexes,
    )
    from dataclasses import replace  # not at the top: a table's start does without it

    return replace(answer, auction=tuple((seat, call.words(checked)) for seat, call in calls))


def simulate_lead(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    declarer: SeatLike,
    trump: SuitLike,
    alone: bool = False,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    settings: SettingsLike = None,
    known: Mapping[str, str] | None = None,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    bid: str | None = None,
    auction: AuctionLike = None,
    uniform: bool = False,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    timeout: float | None = None,
    deadline: float | None = None,
) -> LeadSimulation:
    """The opening lead of ``seat``, knowing its hand and the contract (and in Euchre the
    upcard): each card's mean tricks for the leader's side over random layouts, and where the
    contract's stakes are known (Euchre; Hasenpfeffer with its ``bid``, or an ``auction``
    that ends in it) each card's expected points and chance of making or setting it.

    The seat's cards are given as to ``simulate``; in Hasenpfeffer the widow stays unseen.
    The card put away is chosen double-dummy by its owner on each layout. ``auction``: the
    whole auction, ``"N 4, E pass, S pass, W pass"``; the layouts then agree with the other
    seats' calls by the model of the other players (unless ``uniform``).

    >>> leads = simulate_lead(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), seat="N",
    ...                       declarer="E", trump="D", layouts=10, seed=1)
    >>> leads.best()[0].card, leads.leader_declares
    (Card('JK'), False)
    """
    deadline = deadline_of(timeout, deadline)
    check_seed(seed, text=True)
    question = seat_question(
        deal,
        seat=seat,
        hand=hand,
        extra=extra,
        known=known,
        dealer=dealer,
        variant=variant,
        settings=settings,
        auction=auction,
        sees_widow=False,
    )
    return lead_of_seat(
        question,
        declarer=declarer,
        trump=trump,
        alone=alone,
        bid=bid,
        layouts=layouts,
        seed=seed,
        uniform=uniform,
        progress=progress,
        mapper=mapper,
        threads=threads,
        deadline=deadline,
    )


def lead_of_seat(
    question: SeatQuestion,
    *,
    declarer: SeatLike,
    trump: SuitLike,
    alone: bool = False,
    bid: str | None = None,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    uniform: bool = False,
    progress: Progress | None = None,
    mapper: Mapper | None = None,
    threads: int = 1,
    deadline: float | None = None,
) -> LeadSimulation:
    """``simulate_lead``'s answer for the seat of a question already read (``seat_question``);
    ``deadline``: the ``time.monotonic()`` instant it stops at (the web API's)."""
    check_seed(seed, text=True)
    check_flags(alone=alone, uniform=uniform)
    from .analysis.knowledge import Context

    knowledge, checked, calls = question
    who, suit = coerce_seat(declarer, "declarer"), coerce_trump(trump)
    contract_bid = lead_bid(knowledge, checked, calls, who, suit, alone, bid)
    from .analysis.fair import Stakes  # numpy: once the request is read
    from .analysis.lead import simulate_lead as simulate_leads

    variant = knowledge.variant
    stakes = (
        None
        if variant.declarer_exchanges and contract_bid is None
        else Stakes.of(variant, checked, contract_bid, alone)
    )
    return simulate_leads(
        knowledge,
        who,
        suit,
        alone,
        layouts,
        seed,
        checked,
        mapper,
        progress=progress_for(deadline, progress),
        threads=threads,
        stakes=stakes,
        context=Context(calls, True, uniform),
    )


def lead_bid(
    knowledge: Knowledge,
    settings: Settings,
    calls: tuple[tuple[int, Call], ...],
    declarer: int,
    trump: int,
    alone: bool,
    bid: str | None,
    contract: bool = True,
) -> Bid | None:
    """The contract's bid (Hasenpfeffer): as given, or as the auction ended; the auction, when
    given, checked to end with ``declarer`` declaring (and, with ``contract``, in its trump and
    form)."""
    from .analysis.playout import rules_for
    from .rules.scoring import parse_bid

    k = knowledge
    variant = k.variant
    if bid is not None and not variant.declarer_exchanges:
        raise NotationError(f"bid: {variant.name} has no bids for tricks (the makers need three)")
    given = None if bid is None else parse_bid(bid, variant, settings)
    if not calls:
        return given
    rules = rules_for(variant, k.dealer, 0 if k.extra is None else k.extra, None, settings)
    state = rules.start()
    for number, (seat, call) in enumerate(calls, 1):
        reason = rules.refusal(state, seat, call)
        if reason is not None:
            raise NotationError(f"auction: call {number}, '{SEATS[seat]} {call.words(settings)}': {reason}")
        state = rules.after(state, call)
    end = state.end
    if end is None or end.declarer is None:
        raise NotationError("auction: give the whole auction, ending in the contract")
    if end.declarer != declarer:
        raise NotationError(f"auction: it ends with {SEATS[end.declarer]} declaring, not {SEATS[declarer]}")
    if contract and end.trump is not None and (end.trump != trump or bool(end.alone) != alone):
        raise NotationError(
            f"auction: it ends in {SUITS[end.trump]}{' alone' if end.alone else ''}, not the contract given"
        )
    if given is not None and end.bid is not None and given != end.bid:
        raise NotationError(f"bid: the auction ends in {end.bid.name(settings)}, not {given.name(settings)}")
    return end.bid


def review_hand(
    record: Record | str,
    *,
    layouts: int | None = None,
    seed: int = 0,
    threads: int = 1,
    uniform: bool = False,
    score: str | tuple[int, int] | None = None,
    progress: Progress | None = None,
    timeout: float | None = None,
    deadline: float | None = None,
) -> HandReview:
    """A played hand reviewed fairly: every decision (each call of the auction, the
    declarer's contract, each card) judged single dummy from the seat of the player who made
    it, in points of the hand, beside its double-dummy verdict, with the result, the score and
    the par. ``record``: a ``Record`` or its text (docs/notation.md, "Hand records");
    ``layouts`` per decision (default 200), dealt to agree with the auction by the model of
    the other players unless ``uniform``. ``score``: the score before the hand (``"8-5"``,
    by default the record's own ``score`` field): every decision's cost in the chance of
    winning the game is given beside its cost in points.

    >>> review = review_hand("dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
    ...                      "auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; "
    ...                      "play: JC KC TC 9C | AS AD 9S QS", layouts=30)
    >>> review.result is None, review.choice.cost, [str(c.card) for c in review.cards]
    (True, 0.0, ['JC', 'KC', 'TC', '9C', 'AS', 'AD', '9S', 'QS'])
    """
    deadline = deadline_of(timeout, deadline)
    check_seed(seed, text=True)
    from .analysis.hand_review import review_hand as review_record

    hand = read_record(record)
    check_flags(uniform=uniform)
    from .analysis.record import read_score

    return review_record(
        hand,
        game_of(hand.variant),
        DEFAULT_REVIEW_LAYOUTS if layouts is None else layouts,
        seed,
        threads,
        progress_for(deadline, progress),
        uniform,
        read_score(score, hand.variant, hand.settings.game_points),
    )


def read_record(record: Record | str) -> Record:
    from .analysis.record import Record

    hand = Record.parse(record) if isinstance(record, str) else record
    if not isinstance(hand, Record):
        raise NotationError(f"record: expected a hand record or its text, got {type(record).__name__}")
    return hand


def review_play(record: Record | str, *, timeout: float | None = None, deadline: float | None = None) -> PlayReview:
    """A hand record's play judged card by card with every hand open, and its contract
    against the best one (``review_hand`` also judges each decision from its player's seat).

    >>> played = review_play("dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
    ...                      "auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; "
    ...                      "play: JC KC TC 9C | AS AD 9S QS")
    >>> played.contract_cost, [(c.seat, c.card, c.cost) for c in played.cards if c.cost]
    (0, [])
    """
    deadline = deadline_of(timeout, deadline)
    hand = read_record(record)
    if hand.contract is None:
        raise NotationError(
            "record: no contract yet, so no play to review (the auction is not over, or it gives no contract)"
        )
    return game_of(hand.variant).review(
        hand.deal, hand.contract, hand.play_text(), settings=hand.settings, checkpoint=checkpoint_for(deadline)
    )


def odds(
    score: str,
    *,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    deck: int | None = None,
    settings: SettingsLike = None,
) -> Odds | PlayerOdds:
    """The chance of winning the game (to 10) from ``score`` (``"8-5"``: N-S first, or N in
    Two-handed Euchre; in Three-Handed Euchre each player's, ``"3-5-7"``, answered with each
    player's chance), with ``dealer`` to deal next (by default each dealer), under the model
    of the other players and the table's scoring (``hasen.analysis.odds``).

    >>> odds("8-5", dealer="N").chance > odds("5-8", dealer="N").chance
    True
    """
    from .analysis.odds import odds_at
    from .analysis.record import read_score

    game = coerce_variant(variant) if deck is None else variant_for_deck(variant, deck)
    chosen = game or HASENPFEFFER
    who = None if dealer is None else coerce_seat(dealer, "dealer")
    table = settings_for(chosen, settings)
    if chosen.cutthroat:  # each player's chance
        from .analysis.odds_three import player_odds_at

        scores = read_score(score, chosen, table.game_points)
        if scores is None:
            raise NotationError("score: give the three players' scores before the hand, like '3-5-7'")
        return player_odds_at(chosen, table, scores, who)
    given = read_score(score, chosen, table.game_points)
    if given is None:
        raise NotationError("score: give the score before the hand, like '8-5'")
    first, second = given
    return odds_at(chosen, table, first, second, who)


def variant_for_deck(variant: Variant | VariantName | None, deck: int) -> Variant:
    from .core.variants import variant_for

    return variant_for(variant.name if isinstance(variant, Variant) else variant, deck)
