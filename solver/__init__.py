"""Double-dummy and single-dummy analysis for Hasenpfeffer and the Euchre family.

>>> import hasen
>>> deal = hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
>>> "KH" in deal.hand("N")
True
>>> hasen.analyze(deal, declarer="N").tables["N"].best
BestChoice(trump=Suit('C'), discard=Card('KH'), tricks=6)

A whole played hand is a ``Record`` (``Record.parse``, ``Record.from_json``; ``read_egn`` and
``write_egn`` for EGN files of Euchre games); ``random_deal`` deals any game at random, by seed.

``analyze`` (the table; ``analyze_many`` for a batch of deals on threads), ``solve``
(every card's value at a position), ``review`` (a played hand), ``bid`` (every seat's
advice and the par), ``advise`` (one seat's bid or call knowing what it knows, a
``SeatView``), ``simulate`` (the right choice knowing only one's own cards) and ``position``
(a position to step through) answer for the deal's own game; ``Run`` says how to run them
(threads, processes, progress, a time limit) (``ordered_map`` and ``Workers``
run work like a simulation's on processes or a Dask cluster; ``create_app`` builds the web
service for a WSGI server); ``str()`` of an answer is the
text ``hasen`` prints, ``to_json()`` its ``--json``. See docs/python.md.

The names below are the public API; everything else in the package is internal. They load
on first use, so that ``import hasen`` (and the ``hasen`` command's start) costs little; a
name's annotations resolve as it loads (``hasen.type_hints``), for ``typing.get_type_hints``.

The package in layers, each importing only from those before it (docs/layers.md):
``core`` (cards, seats, variants, the deal notation; with ``workers``, which runs work on
processes or a cluster) -> ``rules`` (trump order, seating, settings, scoring) ->
``search`` (the layout and the two search cores) -> ``play`` (a contract, its play state,
a play record replayed) -> ``notation`` (inputs, hand records, EGN) -> ``analysis``
(tables, positions, reviews, bidding, single-dummy simulation, the game to 10) -> ``text``
(output for people) -> ``games`` (one Game per family) -> the interfaces: ``hasen.public``
(the Python API) with ``hasen.seat_view``, ``hasen.cli`` and ``hasen.api`` (the web
service) -> this module. tests/test_layers.py holds the order.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core.version import __version__
from .type_hints import resolve_all

# each public name and the module that defines it
_HOMES = {
    "Answer": "analysis.answer",
    "BidAnalysis": "analysis.bidding",
    "EuchreAdvice": "analysis.bidding",
    "HasenpfefferAdvice": "analysis.bidding",
    "EuchreAnalysis": "games.euchre.table",
    "MakerTable": "games.euchre.table",
    "CallingTable": "games.euchre.table",
    "BestCard": "play.state",
    "LeadSimulation": "analysis.lead",
    "Contract": "play.state",
    "PlayState": "play.state",
    "PositionAnalysis": "analysis.position",
    "Record": "notation.record",
    "read_egn": "notation.egn",
    "write_egn": "notation.egn",
    "PlayReview": "analysis.review",
    "Simulation": "analysis.simulate",
    "DeclarerTable": "games.hasenpfeffer.table",
    "TableAnalysis": "games.hasenpfeffer.table",
    "Deal": "core.deal",
    "DeadlineExceeded": "core.errors",
    "random_deal": "core.dealing",
    "HasenError": "core.errors",
    "IllegalCallError": "core.errors",
    "IllegalPlayError": "core.errors",
    "InvalidDealError": "core.errors",
    "NotationError": "core.errors",
    "ByName": "core.names",
    "Card": "core.names",
    "CardSet": "core.names",
    "Seat": "core.names",
    "Suit": "core.names",
    "VARIANTS": "core.variants",
    "Variant": "core.variants",
    "variant_for": "core.variants",
    "GAMES": "games",
    "Game": "games",
    "game_of": "games",
    "BidAdvice": "analysis.advice",
    "CallAdvice": "analysis.advice",
    "analyze": "public",
    "analyze_each": "public",
    "analyze_many": "public",
    "rows_of": "public",
    "to_frame": "public",
    "bid": "public",
    "advise": "public",
    "SeatView": "seat_view",
    "Run": "core.run",
    "position": "public",
    "review": "public",
    "review_hand": "public",
    "HandReview": "analysis.hand_review",
    "Odds": "analysis.odds",
    "PlayerOdds": "analysis.odds_three",
    "odds": "public",
    "simulate": "public",
    "simulate_lead": "public",
    "solve": "public",
    "Settings": "core.settings",
    "USING_EXTENSION": "search",
    "Workers": "workers",
    "create_app": "api",
    "ordered_map": "workers",
}

# the types the answers hold, for annotations and isinstance (each documented where defined)
_ANSWER_TYPES = {
    "ActionFigures": "analysis.actions",
    "Option": "analysis.actions",
    "Agreeing": "analysis.advice",
    "BidFigures": "analysis.advice",
    "CallFigures": "analysis.advice",
    "Context": "analysis.knowledge",
    "FormAdvice": "analysis.advice",
    "BestChoice": "analysis.answer",
    "Auction": "analysis.bidding",
    "BidScore": "analysis.bidding",
    "CallOutcome": "analysis.bidding",
    "DeclarerBest": "analysis.bidding",
    "Played": "analysis.bidding",
    "SeatCall": "analysis.bidding",
    "TrumpEntry": "games.euchre.table",
    "CardChoiceFigure": "analysis.fair",
    "FairVerdict": "analysis.fair",
    "Stakes": "analysis.fair",
    "Why": "analysis.fair",
    "ContractTable": "analysis.family",
    "HandResult": "notation.record",
    "EgnDeal": "notation.egn",
    "PlayerSummary": "analysis.review",
    "Plan": "analysis.table",
    "CallOption": "analysis.hand_review",
    "CallVerdict": "analysis.hand_review",
    "ChoiceVerdict": "analysis.hand_review",
    "PlayerTotals": "analysis.hand_review",
    "Knowledge": "analysis.knowledge",
    "LeadStats": "analysis.lead",
    "WinChances": "analysis.odds",
    "PlayerChances": "analysis.odds_three",
    "AloneComparison": "analysis.outcomes",
    "Outcomes": "analysis.outcomes",
    "Result": "analysis.outcomes",
    "CardChoice": "analysis.position",
    "CardReview": "analysis.review",
    "ChoiceStats": "analysis.simulate",
    "FormStats": "analysis.simulate",
    "Example": "games.base",
    "AuctionEnd": "rules.auction",
    "AuctionRules": "rules.auction",
    "AuctionState": "rules.auction",
    "Call": "rules.auction",
    "Bid": "rules.scoring",
    "SettingsDict": "core.settings",
    "Searcher": "search",
    "Seats": "search",
}
_HOMES.update(_ANSWER_TYPES)

if TYPE_CHECKING:
    from .analysis.actions import ActionFigures as ActionFigures
    from .analysis.actions import Option as Option
    from .analysis.advice import Agreeing as Agreeing
    from .analysis.advice import BidAdvice as BidAdvice
    from .analysis.advice import BidFigures as BidFigures
    from .analysis.advice import CallAdvice as CallAdvice
    from .analysis.advice import CallFigures as CallFigures
    from .analysis.advice import FormAdvice as FormAdvice
    from .analysis.answer import Answer as Answer
    from .analysis.answer import BestChoice as BestChoice
    from .analysis.bidding import Auction as Auction
    from .analysis.bidding import BidAnalysis as BidAnalysis
    from .analysis.bidding import BidScore as BidScore
    from .analysis.bidding import CallOutcome as CallOutcome
    from .analysis.bidding import DeclarerBest as DeclarerBest
    from .analysis.bidding import EuchreAdvice as EuchreAdvice
    from .analysis.bidding import HasenpfefferAdvice as HasenpfefferAdvice
    from .analysis.bidding import Played as Played
    from .analysis.bidding import SeatCall as SeatCall
    from .analysis.fair import CardChoiceFigure as CardChoiceFigure
    from .analysis.fair import FairVerdict as FairVerdict
    from .analysis.fair import Stakes as Stakes
    from .analysis.fair import Why as Why
    from .analysis.family import ContractTable as ContractTable
    from .analysis.hand_review import CallOption as CallOption
    from .analysis.hand_review import CallVerdict as CallVerdict
    from .analysis.hand_review import ChoiceVerdict as ChoiceVerdict
    from .analysis.hand_review import HandReview as HandReview
    from .analysis.hand_review import PlayerTotals as PlayerTotals
    from .analysis.knowledge import Context as Context
    from .analysis.knowledge import Knowledge as Knowledge
    from .analysis.lead import LeadSimulation as LeadSimulation
    from .analysis.lead import LeadStats as LeadStats
    from .analysis.odds import Odds as Odds
    from .analysis.odds import WinChances as WinChances
    from .analysis.odds_three import PlayerChances as PlayerChances
    from .analysis.odds_three import PlayerOdds as PlayerOdds
    from .analysis.outcomes import AloneComparison as AloneComparison
    from .analysis.outcomes import Outcomes as Outcomes
    from .analysis.outcomes import Result as Result
    from .analysis.position import CardChoice as CardChoice
    from .analysis.position import PositionAnalysis as PositionAnalysis
    from .analysis.review import CardReview as CardReview
    from .analysis.review import PlayerSummary as PlayerSummary
    from .analysis.review import PlayReview as PlayReview
    from .analysis.simulate import ChoiceStats as ChoiceStats
    from .analysis.simulate import FormStats as FormStats
    from .analysis.simulate import Simulation as Simulation
    from .analysis.table import Plan as Plan
    from .api import create_app as create_app
    from .core.deal import Deal as Deal
    from .core.dealing import random_deal as random_deal
    from .core.errors import DeadlineExceeded as DeadlineExceeded
    from .core.errors import HasenError as HasenError
    from .core.errors import IllegalCallError as IllegalCallError
    from .core.errors import IllegalPlayError as IllegalPlayError
    from .core.errors import InvalidDealError as InvalidDealError
    from .core.errors import NotationError as NotationError
    from .core.names import ByName as ByName
    from .core.names import Card as Card
    from .core.names import CardSet as CardSet
    from .core.names import Seat as Seat
    from .core.names import Suit as Suit
    from .core.run import Run as Run
    from .core.settings import Settings as Settings
    from .core.settings import SettingsDict as SettingsDict
    from .core.variants import VARIANTS as VARIANTS
    from .core.variants import Variant as Variant
    from .core.variants import variant_for as variant_for
    from .games import GAMES as GAMES
    from .games import Game as Game
    from .games import game_of as game_of
    from .games.base import Example as Example
    from .games.euchre.table import CallingTable as CallingTable
    from .games.euchre.table import EuchreAnalysis as EuchreAnalysis
    from .games.euchre.table import MakerTable as MakerTable
    from .games.euchre.table import TrumpEntry as TrumpEntry
    from .games.hasenpfeffer.table import DeclarerTable as DeclarerTable
    from .games.hasenpfeffer.table import TableAnalysis as TableAnalysis
    from .notation.egn import EgnDeal as EgnDeal
    from .notation.egn import read_egn as read_egn
    from .notation.egn import write_egn as write_egn
    from .notation.record import HandResult as HandResult
    from .notation.record import Record as Record
    from .play.state import BestCard as BestCard
    from .play.state import Contract as Contract
    from .play.state import PlayState as PlayState
    from .public import advise as advise
    from .public import analyze as analyze
    from .public import analyze_each as analyze_each
    from .public import analyze_many as analyze_many
    from .public import bid as bid
    from .public import odds as odds
    from .public import position as position
    from .public import review as review
    from .public import review_hand as review_hand
    from .public import rows_of as rows_of
    from .public import simulate as simulate
    from .public import simulate_lead as simulate_lead
    from .public import solve as solve
    from .public import to_frame as to_frame
    from .rules.auction import AuctionEnd as AuctionEnd
    from .rules.auction import AuctionRules as AuctionRules
    from .rules.auction import AuctionState as AuctionState
    from .rules.auction import Call as Call
    from .rules.scoring import Bid as Bid
    from .search import USING_EXTENSION as USING_EXTENSION
    from .search import Searcher as Searcher
    from .search import Seats as Seats
    from .seat_view import SeatView as SeatView
    from .workers import Workers as Workers
    from .workers import ordered_map as ordered_map


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'hasen' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    resolve_all(value)  # typing.get_type_hints works on it, though its module imports some names lazily
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


__all__ = [*_HOMES, "__version__"]
