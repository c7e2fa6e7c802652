"""Play review: a played hand, whole or partial, judged card by card double-dummy.

For every card played: the declaring side's total for the hand before and after it, what
it cost the side that played it, and every legal card's value at that turn (the every-card
analysis of ``position``). The contract is judged against the family's table
(``Family.contract_table``: the declarer's trump x discard table in Hasenpfeffer, the
maker's table in Euchre). That table's cell for the chosen contract is also the value
before the first card, and the value after card k is the value before card k + 1, so each
position is solved once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import card_name
from ..core.deal import Deal
from ..core.names import Card, Seat
from ..core.run import Checkpoint, no_checkpoint
from ..core.seats import SEATS
from ..core.settings import Settings
from ..notation.inputs import coerce_deal
from ..play.state import Contract, PlayState, parse_play_record, replay
from ..search import Searcher, thread_searcher
from .answer import Answer, options_json
from .family import ContractTable, Family
from .position import CardChoice, card_choices, contract_json, format_record


@dataclass(frozen=True)
class CardReview:
    """One card of the record and the turn it was played at."""

    trick: int  # 1 for the first trick
    seat: int
    card: Card
    before: int  # the declaring side's total for the hand with best play from here
    after: int  # the same after this card
    choices: tuple[CardChoice, ...]  # every legal card at this turn, in runs

    @property
    def cost(self) -> int:
        """Tricks this card gave away to the other side; 0 for a best card."""
        return next(c.cost for c in self.choices if self.card in c.cards)

    @property
    def best_cards(self) -> list[Card]:
        return [card for c in self.choices if c.cost == 0 for card in c.cards]

    def to_json(self) -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": SEATS[self.seat],
            "card": card_name(self.card),
            "before": self.before,
            "after": self.after,
            "cost": self.cost,
            "choices": [c.to_json() for c in self.choices],
        }


@dataclass(frozen=True)
class PlayerSummary:
    cards: int  # cards played
    costly: int  # cards that cost a trick or more
    tricks_lost: int

    def to_json(self) -> dict[str, int]:
        return {"cards": self.cards, "costly": self.costly, "tricks_lost": self.tricks_lost}


@dataclass(repr=False, frozen=True)
class PlayReview(Answer):
    """A played hand judged card by card: ``review.cards``, ``review.contract_cost``.

    >>> import hasen
    >>> played = hasen.review(hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), "N", "C", "KH",
    ...                       played="AS KC 9S QS")
    >>> played.cards[0]
    CardReview(trick=1, seat=Seat('N'), card=Card('AS'), before=6, after=5, choices=...)
    >>> played.cards[0].cost, played.cards[0].best_cards
    (1, [Card('JK'), Card('JC')])
    """

    ROWS = ((None, ("cards",)),)  # each card played

    start: PlayState  # the contract made, nothing played
    end: PlayState  # after the last card of the record
    table: ContractTable  # the declarer's every trump and discard; in Euchre the maker's
    cards: list[CardReview]

    @property
    def contract(self) -> Contract:
        return self.start.contract

    @property
    def contract_tricks(self) -> int:
        """What the chosen trump and discard take double-dummy (the value before any card)."""
        return self.table.contract_tricks(self.contract)

    @property
    def contract_cost(self) -> int:
        """Tricks the choice of contract gave away against the best choice."""
        return self.table.contract_cost(self.contract)

    def contract_json(self) -> dict[str, Any]:
        return self.table.contract_json(self.contract)

    @property
    def total(self) -> int:
        """The declaring side's total with best play after the last card played."""
        return self.cards[-1].after if self.cards else self.contract_tricks

    @property
    def players(self) -> dict[int, PlayerSummary]:
        """Every playing seat, in seat order."""
        out = {}
        for seat in sorted(self.start.seats):
            own = [c for c in self.cards if c.seat == seat]
            out[seat] = PlayerSummary(len(own), sum(1 for c in own if c.cost), sum(c.cost for c in own))
        return out

    @property
    def side_names(self) -> tuple[str, str]:
        return self.start.deal.variant.sides_of(self.start.contract.declarer)

    def played_record(self) -> str:
        return format_record([cards for _, cards, _ in self.end.tricks] + [self.end.trick])

    def to_json(self) -> dict[str, Any]:
        end = self.end
        return {
            **contract_json(self.start),
            "played": self.played_record(),
            "complete": end.finished,
            "contract": self.contract_json(),
            "cards": [c.to_json() for c in self.cards],
            "tricks": [
                {"leader": SEATS[leader], "cards": [card_name(c) for c in cards], "winner": SEATS[winner]}
                for leader, cards, winner in end.tricks
            ],
            "players": {SEATS[s]: p.to_json() for s, p in self.players.items()},
            "taken": end.declarer_taken(),
            "total": self.total,
            "to_move": None if end.finished else SEATS[end.to_move],
            **options_json(self.start.contract.lone_defender, self.start.settings),
        }

    def __repr__(self) -> str:
        costly = sum(1 for c in self.cards if c.cost)
        return (
            f"<PlayReview of {self.start.deal!r}: {len(self.cards)} cards, {costly} costly, "
            f"contract cost {self.contract_cost}>"
        )


def review_play(
    deal: Deal | str,
    contract: Contract,
    record: str,
    family: Family,
    dealer: str | int | None = None,
    settings: Settings = Settings(),
    searcher: Searcher | None = None,
    checkpoint: Checkpoint = no_checkpoint,
) -> PlayReview:
    """Review ``record`` (a play record from the first card: whole, or stopping anywhere).

    A record that cannot have been played raises IllegalPlayError or NotationError naming
    the card and the trick, before any search. ``checkpoint()`` is called before each solve,
    as in ``analyze_position``.
    """
    deal = coerce_deal(deal, dealer)
    start = PlayState(deal, contract, settings)
    end = replay(start.copy(), record)  # every check, and the '|' ones, before any solve
    cards = [card for group in parse_play_record(record) for card in group]
    searcher = searcher or thread_searcher()
    checkpoint()
    table = family.contract_table(deal, contract.declarer, contract.alone, contract.lone_defender, settings, searcher)
    review = PlayReview(start, end, table, [])
    state = start.copy()
    before = review.contract_tricks
    for card in cards:
        choices = card_choices(state, before, searcher, checkpoint)
        after = next(c.total for c in choices if card in c.cards)
        review.cards.append(
            CardReview(len(state.tricks) + 1, Seat(state.to_move), Card(card), before, after, tuple(choices))
        )
        state.play(card)
        before = after
    return review
