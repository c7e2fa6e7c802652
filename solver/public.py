"""The Python API: what ``import hasen`` gives.

Each function takes a deal as a ``Deal`` (or in deal notation, read as ``Deal(text)``),
which carries its dealer, variant, deck and table settings, and then only what is its own:
seats, suits and cards by name (``"N"``, ``"C"``, ``"KH"``) or as ``Seat``, ``Suit`` and
``Card``. It answers for the deal's own game (``hasen.games``): ``str()`` of an answer is
what ``hasen`` prints, ``to_json()`` what ``hasen ... --json`` prints.

``run``: how to run it (``hasen.Run``: threads, processes, ``progress(done, total)``, a
``timeout`` in seconds after which the analysis stops at its next step with
``DeadlineExceeded``). One seat's view for the single-dummy calls is a ``hasen.SeatView``.
The calls' older keyword forms still work, each with a ``DeprecationWarning``.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from .analysis.answer import Answer
from .analysis.family import plan_deal
from .analysis.many import answer_many
from .analysis.table import Plan
from .core.bounds import check_seed
from .core.cards import SUITS, card_name
from .core.deal import Deal
from .core.errors import DeadlineExceeded, HasenError, NotationError, quoted
from .core.names import Card, CardLike, SeatLike, SuitLike
from .core.older import keeps_older_form
from .core.run import (
    DEFAULT_RUN,
    RUN_FIELDS,
    Progress,
    Run,
    checkpoint_for,
    older_run,
    progress_for,
    run_from_older,
    run_of,
)
from .core.seats import SEATS
from .core.settings import Settings, SettingsLike, settings_for
from .core.variants import HASENPFEFFER, Variant, VariantName
from .games import game_of
from .notation.inputs import (
    DEFAULT_CHOICE_LAYOUTS,
    DEFAULT_LAYOUTS,
    DEFAULT_REVIEW_LAYOUTS,
    check_contract_notation,
    check_flags,
    coerce_best,
    coerce_card,
    coerce_deal,
    coerce_seat,
    coerce_trump,
    coerce_variant,
    request_position,
)
from .play.state import Contract, PlayState
from .seat_view import (
    SeatQuestion,
    SeatView,
    knowledge_of,
    seat_question,
)

# each analysis is imported by the function that runs it, so that a command loads only its own
if TYPE_CHECKING:
    from .analysis.advice import BidAdvice, CallAdvice
    from .analysis.bidding import BidAnalysis
    from .analysis.hand_review import HandReview
    from .analysis.knowledge import Knowledge
    from .analysis.lead import LeadSimulation
    from .analysis.odds import Odds
    from .analysis.odds_three import PlayerOdds
    from .analysis.position import PositionAnalysis
    from .analysis.review import PlayReview
    from .analysis.simulate import Simulation
    from .games.euchre.table import EuchreAnalysis
    from .games.hasenpfeffer.table import TableAnalysis
    from .notation.record import Record
    from .rules.auction import Call
    from .rules.scoring import Bid

    Analysis = TableAnalysis | EuchreAnalysis  # analyze's answer: the table of the deal's game


__all__ = [
    "advise",
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
    "SeatView",
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


@older_run("analyze", "progress", "timeout", "deadline")
def analyze(
    deal: Deal | str,
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    run: Run | None = None,
) -> Analysis:
    """Every declarer's (or one ``declarer``'s) double-dummy tricks for each choice the game
    gives: in Hasenpfeffer each trump and discard, in Euchre each trump with the dealer's
    discards. ``defender``: an opponent who plays alone against the lone declarer.
    ``run``: its ``timeout``, and its ``progress(done, total)``, called after each
    declarer's tables (the older keywords ``progress=`` and ``timeout=`` warn).

    >>> table = analyze(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), declarer="N")
    >>> table.tables["N"].best
    BestChoice(trump=Suit('C'), discard=Card('KH'), tricks=6)
    >>> table.tables["N"].tricks["S"]["AS"]
    4
    """
    chosen = run_of(run).only("analyze", "progress", "timeout")
    deadline = chosen.deadline()
    dealt = coerce_deal(deal)
    answer = game_of(dealt.variant).table(
        dealt, declarer=declarer, alone=alone, defender=defender, progress=progress_for(deadline, chosen.progress)
    )
    return cast("Analysis", answer)  # each game's table: not imported here, so as not to load every game


def plan_analysis(
    deal: Deal | str, *, declarer: SeatLike | None = None, alone: bool = False, defender: SeatLike | None = None
) -> Plan:
    """``analyze``'s request checked and its tables built, not yet solved (``Plan``)."""
    return plan_deal(deal, declarer, alone, defender)


@older_run("analyze_many", "threads", "chunk")
def analyze_many(
    deals: Iterable[Deal | str],
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    run: Run | None = None,
) -> list[Analysis]:
    """``analyze`` of each deal, the answers in order, with the same options for all. The
    deals go to ``run``'s threads in chunks of its ``chunk`` deals (by default a few chunks
    for each thread; see ``hasen.analysis.many``); each thread solves a chunk's tables in
    one call, so that threads gain on short tables too. A bad deal is an error that names
    its place in ``deals``. (The older keywords ``threads=`` and ``chunk=`` warn.)

    >>> deals = ["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "N:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS"]
    >>> [table.tables["N"].best_tricks for table in analyze_many(deals, declarer="N", run=Run(threads=2))]
    [6, 4]
    """
    chosen = run_of(run).only("analyze_many", "threads", "chunk")
    analyze_options({"declarer": declarer, "defender": defender})  # refused as itself, not as a deal's
    plan_of = partial(plan_deal, declarer=declarer, alone=alone, defender=defender)
    return cast("list[Analysis]", answer_many(list(deals), plan_of, chosen.threads, chosen.chunk, what="deals"))


@older_run("analyze_each", "threads", "jobs", "scheduler", "chunk", "progress")
def analyze_each(
    deals: Iterable[Deal | str],
    *,
    declarer: SeatLike | None = None,
    alone: bool = False,
    defender: SeatLike | None = None,
    run: Run | None = None,
) -> Iterator[Analysis]:
    """``analyze`` of each deal as a lazy iterator, in order: the deals are read as the work
    needs them (a generator of a million deals is never held at once) and each answer comes
    as soon as it and those before it are done. ``run``: its ``threads`` in this process, or
    its ``jobs`` processes, or a Dask cluster, its ``scheduler`` (an address or a
    ``distributed.Client``; ``hasen.Workers``); its ``chunk``; its ``progress(done, total)``
    after each chunk, ``total`` 0 when ``deals`` has no length. (The older keywords
    ``threads=``, ``jobs=``, ``scheduler=``, ``chunk=`` and ``progress=`` warn.)

    >>> deals = ["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "N:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS"]
    >>> [table.tables["N"].best_tricks for table in analyze_each(iter(deals), declarer="N", run=Run(threads=2))]
    [6, 4]
    >>> rows = rows_of(analyze_each(deals, declarer="N"))
    >>> next(rows)["answer"], len(list(rows))
    (0, 55)
    """
    from .analysis.many import MAX_CHUNK, answer_each
    from .workers import Workers

    chosen = run_of(run).only("analyze_each", "threads", "jobs", "scheduler", "chunk", "progress")
    threads, jobs, scheduler, chunk, progress = (
        chosen.threads,
        chosen.jobs,
        chosen.scheduler,
        chosen.chunk,
        chosen.progress,
    )
    total = len(deals) if isinstance(deals, Sized) else 0
    options = {"declarer": declarer, "alone": alone, "defender": defender}
    analyze_options(options)  # a bad option is refused before any deal is read
    if threads != 1 and (jobs != 1 or scheduler is not None):
        warnings.warn(
            "run.threads is ignored beside run.jobs or run.scheduler (a worker solves one deal at a "
            "time); give one or the other: both will be an error in the next minor release",
            DeprecationWarning,
            stacklevel=2,
        )
    if jobs == 1 and scheduler is None:
        plan_of = partial(plan_deal, declarer=declarer, alone=alone, defender=defender)
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


BEST_CALLS = ("best", "defender_best")  # position, solve and review's older keywords, now the contract's
TIMEOUT_KEYWORDS = ("timeout", "deadline")  # the older run keywords of the calls that took no other
NEW_POSITION = "the contract as its text, 'S, trump C, alone, best JK for 9C'; run=hasen.Run(timeout=...)"


def through_contract_text(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], old: dict[str, Any]
) -> Any:
    """A ``position``, ``solve`` or ``review`` of the older form, with ``best=`` or
    ``defender_best=`` (and the timeout keywords): answered with the contract as its text."""
    import inspect  # the older forms' path only: not loaded at start-up

    call = inspect.signature(function).bind_partial(*args, **kwargs).arguments
    if function.__name__ != "position":  # position takes no run
        call["run"] = run_from_older(call.get("run"), old)
    best, defender_best = old.pop("best", None), old.pop("defender_best", None)
    declarer = call.pop("declarer", None)
    if best is None and defender_best is None:
        return function(**call, declarer=declarer)
    if isinstance(declarer, Contract) or declarer is None or call.get("trump") is None:
        raise NotationError("best: give the contract as its text, 'S, trump C, alone, best JK for 9C'")
    parts = [SEATS[coerce_seat(declarer, "declarer")], f"trump {SUITS[coerce_trump(call.pop('trump'))]}"]
    discard = call.pop("discard", None)
    parts += [] if discard is None else [f"discard {card_name(coerce_card(discard, 'discard'))}"]
    alone = call.pop("alone", False)
    check_flags(alone=alone)
    parts += ["alone"] if alone else []
    defender = call.pop("defender", None)
    parts += [] if defender is None else [f"defender {SEATS[coerce_seat(defender, 'defender')]}"]
    for words, name, given in (("best", "best", best), ("defender best", "defender_best", defender_best)):
        called = coerce_best(given, name)  # checked here: its text goes into the contract's
        if called is not None:
            parts.append(f"{words} {Card(called.passed)} for {Card(called.discard)}")
    return function(**call, declarer=", ".join(parts))


@keeps_older_form("position", BEST_CALLS, NEW_POSITION, through_contract_text)
def position(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str = "",
    alone: bool = False,
    defender: SeatLike | None = None,
) -> PlayState:
    """The position after ``played`` (a play record) in a contract: who is to move, the
    legal cards, ``play()`` to go on. ``discard``: the Hasenpfeffer declarer's; in Euchre the
    dealer's when the dealer takes the upcard. The whole contract may be given in
    ``declarer``'s place, as in ``solve`` and ``review``: a ``Contract``, or its text as a hand
    record writes it (``"S, trump C, alone, best JK for 9C"``), which in Railroad holds each
    lone player's call for best: the card the partner passed, the card put away. (The older
    keywords ``best=`` and ``defender_best=`` warn.)

    >>> state = position(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH",
    ...                  played="JC KC")
    >>> state.to_move, state.legal()
    (Seat('S'), CardSet('TC'))
    """
    return read_position(deal, declarer, trump, discard, alone, defender, played)


def read_position(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None,
    discard: CardLike | None,
    alone: bool,
    defender: SeatLike | None,
    played: str,
) -> PlayState:
    """The position of ``position``, ``solve`` and ``review``, its contract given by its
    fields, as a ``Contract`` or as its text in ``declarer``'s place; the contract's notation
    is checked before the deal's, as the CLI and the web API do (its text is read in the
    deal's game)."""
    if not (isinstance(declarer, str) and "," in declarer):
        return request_position(deal, declarer, trump, discard, alone, defender, played)
    fields = {"trump": trump, "discard": discard, "defender": defender}
    given = [name for name, value in fields.items() if value is not None] + (["alone"] if alone else [])
    if given:
        raise NotationError(f"contract: give its text or its fields, not both (also given: {', '.join(given)})")
    from .notation.record import contract_spec

    dealt = coerce_deal(deal)
    spec = contract_spec(declarer, dealt.variant, dealt.settings)
    return request_position(
        dealt,
        spec.declarer,
        spec.trump,
        None if spec.discard is None else Card(spec.discard),
        spec.alone,
        spec.defender,
        played,
        spec.best,
        spec.defender_best,
    )


@keeps_older_form("solve", BEST_CALLS + TIMEOUT_KEYWORDS, NEW_POSITION, through_contract_text)
def solve(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str = "",
    alone: bool = False,
    defender: SeatLike | None = None,
    run: Run | None = None,
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
    >>> solve(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N 6, trump C, discard KH").total
    6
    """
    deadline = run_of(run).only("solve", "timeout").deadline()
    state = read_position(deal, declarer, trump, discard, alone, defender, played)
    return solve_position(state, deadline=deadline)


def solve_position(state: PlayState, *, deadline: float | None = None) -> PositionAnalysis:
    """``solve``'s answer at a position already read (``position``): the web API reads a
    body's position once, keys its cache by it and solves it. ``deadline``: as to ``advise_seat``."""
    return game_of(state.deal.variant).solve(state, checkpoint=checkpoint_for(deadline))


@keeps_older_form("review", BEST_CALLS + TIMEOUT_KEYWORDS, NEW_POSITION, through_contract_text)
def review(
    deal: Deal | str,
    declarer: SeatLike | Contract,
    trump: SuitLike | None = None,
    discard: CardLike | None = None,
    *,
    played: str,
    alone: bool = False,
    defender: SeatLike | None = None,
    run: Run | None = None,
) -> PlayReview:
    """A played hand (``played``, a play record from the first card: whole or part) judged
    card by card, and the contract against the best one. The whole record is checked
    before anything is solved.

    >>> played = review(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH",
    ...                 played="JC KC TC 9C | AS AD 9S QS")
    >>> played.contract_cost, [(c.seat, c.card, c.cost) for c in played.cards if c.cost]
    (0, [])
    """
    deadline = run_of(run).only("review", "timeout").deadline()
    end = read_position(deal, declarer, trump, discard, alone, defender, played)
    return review_position(end, played, deadline=deadline)


def review_position(end: PlayState, played: str, *, deadline: float | None = None) -> PlayReview:
    """``review``'s answer for a play record already replayed to ``end`` (``position``);
    ``deadline``: as to ``advise_seat``."""
    return game_of(end.deal.variant).review(
        end.deal, end.contract, played, settings=end.settings, checkpoint=checkpoint_for(deadline)
    )


# the keywords of bid, simulate and simulate_lead's older form that are now a SeatView's fields
VIEW_FIELDS = SeatView._fields
ADVISE_OPTIONS = ("layouts", "choice_layouts", "seed", "alone", "model", "uniform")


def view_from_older(what: str, deal: object, old: dict[str, object], named: Sequence[str]) -> SeatView:
    """The ``SeatView`` of an older form's keywords (taken out of ``old``) and its deal; a
    ``SeatView`` given with none of them (beside an older run keyword) as it is. ``named``:
    the older keywords given, for the message when the seat is missing."""
    fields = set(old) & set(VIEW_FIELDS)
    if isinstance(deal, SeatView):
        if fields:
            raise NotationError(f"{what}: give {', '.join(sorted(fields))} in the SeatView, not beside it")
        return deal
    if "deal" in old and deal is not None:
        raise TypeError(f"{what}() got multiple values for argument 'deal'")
    given = {name: old.pop(name) for name in VIEW_FIELDS if name in old}
    if given.get("seat") is None:
        raise seat_missing(what, named)
    return SeatView(**{"deal": deal, **given})  # type: ignore[arg-type]


def seat_missing(what: str, named: Sequence[str]) -> NotationError:
    """The fault of an older form that gives what one seat knows (``named``) but not the seat."""
    return NotationError(
        f"{what}: {', '.join(named)} {'is' if len(named) == 1 else 'are'} for one seat's view "
        "(single dummy): give the seat too, as hasen.SeatView(seat, ...)"
    )


# the older single-dummy keywords at their defaults: given so, they ask for nothing of a seat
OLDER_DEFAULTS = {"model": True, "uniform": False}


def advice_of_older(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], old: dict[str, Any]
) -> Any:
    """A ``bid`` of the older form: with ``seat=``, one seat's advice (``advise``) from the
    ``SeatView``'s fields as keywords; else the par, with the older run keywords."""
    import inspect  # the older forms' path only: not loaded at start-up

    call = inspect.signature(function).bind_partial(*args, **kwargs).arguments
    asked = [name for name, value in old.items() if value is not OLDER_DEFAULTS.get(name)]
    run = run_from_older(call.pop("run", None), old)
    if old.get("seat") is None:
        seat_only = [name for name in asked if name in VIEW_FIELDS or name in ADVISE_OPTIONS]
        if seat_only:
            raise seat_missing("bid", seat_only)
        return function(**call, run=run)
    view = view_from_older("bid", call.pop("deal", None), old, asked)
    return advise_as("bid", view, run, old)


@keeps_older_form(
    "bid",
    VIEW_FIELDS + ADVISE_OPTIONS + RUN_FIELDS,
    "bid(deal, run=hasen.Run(timeout=...)) for the par; "
    "hasen.advise(hasen.SeatView(seat, hand=..., dealer=...), layouts=..., run=hasen.Run(threads=...)) "
    "for one seat's advice",
    advice_of_older,
)
def bid(deal: Deal | str, *, run: Run | None = None) -> BidAnalysis:
    """Every seat's advice with every hand open, with the partner and alone, and the par of
    the hand: the auction's outcome when every seat knows every card (``BidAnalysis``).
    ``run``: its ``timeout``. One seat's advice knowing only its own cards is ``advise``'s.

    >>> par = bid(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"))
    >>> par.advice["N"]
    HasenpfefferAdvice(with_partner=DeclarerBest(...), alone=DeclarerBest(...))
    >>> par.advice["N"].with_partner.highest_bid
    '6'

    The older form, one seat's advice from ``seat=`` and the ``SeatView``'s other fields as
    keywords with ``advise``'s options and ``threads``, ``mapper``, ``progress`` and
    ``timeout``, still answers as ``advise`` does, with a ``DeprecationWarning``.
    """
    if isinstance(deal, SeatView):
        raise NotationError("bid: a seat's view is advise's (hasen.advise(view)); bid takes a whole deal")
    deadline = run_of(run).only("bid", "timeout").deadline()
    if deal is None:
        raise NotationError("bid: give a deal (every seat's advice and the par); one seat's advice is advise's")
    dealt = coerce_deal(deal)
    return game_of(dealt.variant).bid(dealt, dealt.settings, checkpoint=checkpoint_for(deadline))


def advise(
    view: SeatView,
    *,
    layouts: int | None = None,
    choice_layouts: int | None = None,
    seed: int | None = None,
    alone: bool | None = None,
    model: bool = True,
    uniform: bool = False,
    run: Run | None = None,
) -> BidAdvice | CallAdvice:
    """What the seat of ``view`` should bid or call knowing only what it knows (single dummy):
    ``BidAdvice`` in Hasenpfeffer, each bid before the widow is seen; ``CallAdvice`` in
    Euchre, each call of either round.

    The unseen cards are dealt on ``layouts`` random layouts (default 1,000), and the
    declarer's later choice of trump and discard is made on up to ``choice_layouts`` other
    layouts for each widow (``hasen.analysis.choosing``). The same ``seed`` gives the same
    answer on any number of threads (``run``: its ``threads``, ``mapper``, ``progress`` and
    ``timeout``).

    Every option of the seat is valued at the table: the auction goes on by the model of
    the other players (``hasen.analysis.model``) and its contract is played out, passing
    included (``advice.actions``, ``advice.best_action()``). The advice is for the seat's
    turn after the view's ``auction``, on layouts that agree with it by the model (unless
    ``uniform``). ``model=False``: each bid judged as if it won the auction and passing as
    worth 0, every layout alike. With the view's ``score``, every option is also valued by
    the chance of winning the game after the hand, and the advice is the option with the
    best chance.

    >>> mine = advise(SeatView("N", hand="A.K..AQJ*", dealer="W"), layouts=40, choice_layouts=8)
    >>> worth = mine.forms["with_partner"].worth()
    >>> worth.bid, worth.trump
    ('6', Suit('C'))
    """
    options = {"layouts": layouts, "choice_layouts": choice_layouts, "seed": seed, "alone": alone}
    return advise_as("advise", view, run, {**options, "model": model, "uniform": uniform})


def advise_as(what: str, view: SeatView, run: Run | None, options: Mapping[str, Any]) -> BidAdvice | CallAdvice:
    """``advise`` with its ``options`` (``ADVISE_OPTIONS``), its faults named as ``what``'s
    (``bid``'s older form answers through it)."""
    chosen = run_of(run).only(what, "threads", "mapper", "progress", "timeout")
    deadline = chosen.deadline()
    check_seed(options.get("seed"), text=True)
    return advise_seat(
        read_view(view, what, sees_widow=False),
        **options,
        score=view.score,
        run=chosen,
        deadline=deadline,
    )


def read_view(view: object, what: str, *, sees_widow: bool = True, scored: bool = True) -> SeatQuestion:
    """``view`` read (``seat_question``), refused by name if it is no ``SeatView`` or gives
    a score where the answer has no use for one (unless ``scored``)."""
    if not isinstance(view, SeatView):
        raise NotationError(
            f"{what}: expected what the seat knows as a hasen.SeatView (hasen.SeatView('N', hand=..., "
            f"dealer=...)), got {quoted(view)}"
        )
    if not scored and view.score is not None:
        raise NotationError(f"{what}: the score does not change this answer; leave it out of the view")
    return seat_question(view, sees_widow=sees_widow, what=what)


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
    run: Run = DEFAULT_RUN,
    deadline: float | None = None,
) -> BidAdvice | CallAdvice:
    """``bid``'s advice for the seat of a question already read (``seat_question``);
    ``deadline``: the ``time.monotonic()`` instant it stops at (the web API's)."""
    check_seed(seed, text=True)
    check_flags(optional=True, alone=alone, model=model, uniform=uniform)
    from .analysis.knowledge import Context
    from .notation.record import read_score

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
        score=read_score(score, knowledge.variant, checked),
    )
    return game_of(knowledge.variant).advise(
        knowledge,
        checked,
        context,
        alone,
        DEFAULT_LAYOUTS if layouts is None else layouts,
        0 if seed is None else seed,
        DEFAULT_CHOICE_LAYOUTS if choice_layouts is None else choice_layouts,
        run._replace(progress=progress_for(deadline, run.progress)),
    )


def simulation_of_older(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], old: dict[str, Any]
) -> Any:
    """A ``simulate`` or ``simulate_lead`` of the older form: the deal first (or none) and the
    ``SeatView``'s fields as keywords, the run's too; for the lead, the contract as
    ``declarer=``, ``trump=``, ``alone=`` and ``bid=``."""
    import inspect  # the older forms' path only: not loaded at start-up

    call = inspect.signature(function).bind_partial(*args, **kwargs).arguments
    named = list(old)
    call["run"] = run_from_older(call.get("run"), old)
    terms = {name: old.pop(name) for name in LEAD_TERMS if name in old}
    call["view"] = view_from_older(function.__name__, call.get("view"), old, named)
    if not terms:
        return function(**call)
    if call.get("contract") is not None:
        raise NotationError("contract: give the contract, or declarer= and trump=, not both")
    if "declarer" not in terms or "trump" not in terms:
        raise NotationError("simulate_lead: give the contract, like 'E 4, trump D'")
    declarer, trump = coerce_seat(terms["declarer"], "declarer"), coerce_trump(terms["trump"])
    check_flags(alone=terms.get("alone", False))
    bid_given = terms.get("bid")
    if bid_given is not None and (not isinstance(bid_given, str) or "," in bid_given):
        raise NotationError(f"bid: not a bid: {quoted(bid_given)}")
    bid_text = "" if bid_given is None else f" {bid_given}"
    alone = ", alone" if terms.get("alone") else ""
    return function(**{**call, "contract": f"{SEATS[declarer]}{bid_text}, trump {SUITS[trump]}{alone}"})


LEAD_TERMS = ("declarer", "trump", "alone", "bid")  # simulate_lead's older contract keywords


@keeps_older_form(
    "simulate",
    VIEW_FIELDS + RUN_FIELDS,
    "hasen.simulate(hasen.SeatView(seat, hand=..., dealer=...), layouts=..., run=hasen.Run(threads=...))",
    simulation_of_older,
)
def simulate(
    view: SeatView,
    *,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    alone: bool | None = None,
    uniform: bool = False,
    run: Run | None = None,
) -> Simulation:
    """What the seat of ``view`` should choose as declarer knowing only what it knows: each
    trump (and discard, where it is the seat's) over ``layouts`` random layouts of the unseen
    cards. ``alone``: only that form of play; by default both where the game has partners.
    The layouts are solved on ``run``'s threads, or through its ``mapper`` (a ``map`` that
    keeps the order, such as a process pool's); the same ``seed`` gives the same answer
    either way. The view's ``auction``, the auction that made the seat declarer
    (``"N 4, E pass, S pass, W pass"``): the layouts then agree with the other seats' calls
    by the model of the other players (unless ``uniform``).

    >>> north = SeatView("N", hand="A.K..AQJ*", extra="KS", dealer="W")
    >>> sim = simulate(north, layouts=20, seed=1, alone=False)
    >>> best = sim.forms["with_partner"].best()["6"]
    >>> best.trump, best.discard, best.mean >= 5
    (Suit('C'), Card('KH'), True)

    The older form, the deal first and the ``SeatView``'s fields as keywords (``seat=``,
    ``hand=``, ...) with ``threads``, ``mapper``, ``progress`` and ``timeout``, still answers,
    with a ``DeprecationWarning``.
    """
    chosen = run_of(run).only("simulate", "threads", "mapper", "progress", "timeout")
    deadline = chosen.deadline()
    check_seed(seed, text=True)
    return simulate_seat(
        read_view(view, "simulate", scored=False),
        layouts=layouts,
        seed=seed,
        alone=alone,
        uniform=uniform,
        run=chosen,
        deadline=deadline,
    )


def simulate_seat(
    question: SeatQuestion,
    *,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    alone: bool | None = None,
    uniform: bool = False,
    run: Run = DEFAULT_RUN,
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
        run.mapper,
        run.threads,
        progress=progress_for(deadline, run.progress),
        indexes=indexes,
    )
    from dataclasses import replace  # not at the top: a table's start does without it

    return replace(answer, auction=tuple((seat, call.words(checked)) for seat, call in calls))


@keeps_older_form(
    "simulate_lead",
    VIEW_FIELDS + RUN_FIELDS + LEAD_TERMS,
    "hasen.simulate_lead(hasen.SeatView(seat, hand=..., dealer=...), 'E 4, trump D', run=hasen.Run(...))",
    simulation_of_older,
)
def simulate_lead(
    view: SeatView,
    contract: str | Mapping[str, Any] | None = None,
    *,
    layouts: int = DEFAULT_LAYOUTS,
    seed: int = 0,
    uniform: bool = False,
    run: Run | None = None,
) -> LeadSimulation:
    """The opening lead of the seat of ``view``, knowing what it knows and the ``contract``
    as a hand record writes it without its discard (``"E 4, trump D"``, ``"E, trump D,
    alone"``: the declarer, in Hasenpfeffer the bid, the trump and whether the declarer plays
    alone): each card's mean tricks for the leader's side over random layouts, and where the
    contract's stakes are known (Euchre; Hasenpfeffer with its bid, or a view's ``auction``
    that ends in it) each card's expected points and chance of making or setting it.

    In Hasenpfeffer the widow stays unseen. The card put away is chosen double-dummy by its
    owner on each layout. The view's ``auction``, the whole auction (``"N 4, E pass, S pass,
    W pass"``): the layouts then agree with the other seats' calls by the model of the other
    players (unless ``uniform``). ``run``: its ``threads``, ``mapper``, ``progress`` and
    ``timeout``, as to ``simulate``.

    >>> north = SeatView.in_deal(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N")
    >>> leads = simulate_lead(north, "E, trump D", layouts=10, seed=1)
    >>> leads.best()[0].card, leads.leader_declares
    (Card('JK'), False)

    The older form, the deal first, the ``SeatView``'s fields as keywords and the contract as
    ``declarer=``, ``trump=``, ``alone=`` and ``bid=``, with ``threads``, ``mapper``,
    ``progress`` and ``timeout``, still answers, with a ``DeprecationWarning``.
    """
    chosen = run_of(run).only("simulate_lead", "threads", "mapper", "progress", "timeout")
    deadline = chosen.deadline()
    check_seed(seed, text=True)
    question = read_view(view, "simulate_lead", sees_widow=False, scored=False)
    return lead_of_seat(
        question,
        **lead_terms(contract, question),
        layouts=layouts,
        seed=seed,
        uniform=uniform,
        run=chosen,
        deadline=deadline,
    )


def lead_terms(contract: object, question: SeatQuestion) -> dict[str, Any]:
    """The declarer, trump, form and bid of a lead's ``contract`` as a record writes it; a
    discard or a lone defender the leader cannot know is refused."""
    from .notation.record import contract_spec

    if contract is None:
        raise NotationError("simulate_lead: give the contract, like 'E 4, trump D'")
    if not isinstance(contract, (str, Mapping)):
        raise NotationError(f"contract: expected its text, like 'E 4, trump D', got {quoted(contract)}")
    spec = contract_spec(contract, question.knowledge.variant, question.settings)
    if spec.discard is not None:
        raise NotationError("contract: the leader does not know the discard; leave it out")
    for name, value in (("defender", spec.defender), ("best", spec.best)):
        if value is not None:
            raise NotationError(
                f"contract: a lead is simulated for the declarer, the bid, the trump and alone; leave out the {name}"
            )
    bid_name = None if spec.bid is None else spec.bid.name(question.settings)
    return {"declarer": spec.declarer, "trump": spec.trump, "alone": spec.alone, "bid": bid_name}


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
    run: Run = DEFAULT_RUN,
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
    from .rules.scoring import bids_for_tricks

    variant = knowledge.variant
    stakes = (
        None
        if bids_for_tricks(variant) and contract_bid is None  # the stakes are the bid's
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
        run.mapper,
        progress=progress_for(deadline, run.progress),
        threads=run.threads,
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
    from .rules.scoring import bids_for_tricks, parse_bid

    k = knowledge
    variant = k.variant
    if bid is not None and not bids_for_tricks(variant):
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


@older_run("review_hand", "threads", "progress", "timeout", "deadline")
def review_hand(
    record: Record | str,
    *,
    layouts: int | None = None,
    seed: int = 0,
    uniform: bool = False,
    score: str | tuple[int, int] | None = None,
    run: Run | None = None,
) -> HandReview:
    """A played hand reviewed fairly: every decision (each call of the auction, the
    declarer's contract, each card) judged single dummy from the seat of the player who made
    it, in points of the hand, beside its double-dummy verdict, with the result, the score and
    the par. ``record``: a ``Record`` or its text (docs/notation.md, "Hand records");
    ``layouts`` per decision (default 200), dealt to agree with the auction by the model of
    the other players unless ``uniform``. ``score``: the score before the hand (``"8-5"``,
    by default the record's own ``score`` field): every decision's cost in the chance of
    winning the game is given beside its cost in points. ``run``: its ``threads``,
    ``progress`` and ``timeout`` (the older keywords of those names warn).

    >>> review = review_hand("dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
    ...                      "auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; "
    ...                      "play: JC KC TC 9C | AS AD 9S QS", layouts=30)
    >>> review.result is None, review.choice.cost, [str(c.card) for c in review.cards]
    (True, 0.0, ['JC', 'KC', 'TC', '9C', 'AS', 'AD', '9S', 'QS'])
    """
    chosen = run_of(run).only("review_hand", "threads", "progress", "timeout")
    deadline = chosen.deadline()
    check_seed(seed, text=True)
    from .analysis.hand_review import review_hand as review_record

    hand = read_record(record)
    check_flags(uniform=uniform)
    from .notation.record import read_score

    return review_record(
        hand,
        game_of(hand.variant),
        DEFAULT_REVIEW_LAYOUTS if layouts is None else layouts,
        seed,
        chosen.threads,
        progress_for(deadline, chosen.progress),
        uniform,
        read_score(score, hand.variant, hand.settings),
    )


def read_record(record: Record | str) -> Record:
    from .notation.record import Record

    hand = Record.parse(record) if isinstance(record, str) else record
    if not isinstance(hand, Record):
        raise NotationError(f"record: expected a hand record or its text, got {type(record).__name__}")
    return hand


@older_run("review_play", "timeout", "deadline")
def review_play(record: Record | str, *, run: Run | None = None) -> PlayReview:
    """A hand record's play judged card by card with every hand open, and its contract
    against the best one (``review_hand`` also judges each decision from its player's seat).
    ``run``: its ``timeout`` (the older keyword ``timeout=`` warns).

    >>> played = review_play("dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
    ...                      "auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; "
    ...                      "play: JC KC TC 9C | AS AD 9S QS")
    >>> played.contract_cost, [(c.seat, c.card, c.cost) for c in played.cards if c.cost]
    (0, [])
    """
    deadline = run_of(run).only("review_play", "timeout").deadline()
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
    from .analysis.chances import game_odds
    from .notation.record import read_score, score_wanted

    game = coerce_variant(variant) if deck is None else variant_for_deck(variant, deck)
    chosen = game or HASENPFEFFER
    who = None if dealer is None else coerce_seat(dealer, "dealer")
    table = settings_for(chosen, settings)
    given = read_score(score, chosen, table)
    if given is None:
        whose, example = score_wanted(chosen)
        raise NotationError(f"score: give {whose} scores before the hand, like '{example}'")
    return game_odds(chosen, table, given, who)


def variant_for_deck(variant: Variant | VariantName | None, deck: int) -> Variant:
    from .core.variants import variant_for

    return variant_for(variant.name if isinstance(variant, Variant) else variant, deck)
