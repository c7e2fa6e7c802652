"""A hand played by the oracle's rules alone (tests/oracle.py), for checking the values
the review, the API and the page show: who is to move, the legal cards, who wins each
trick and the double-dummy total are all worked out here, not by hasen.rules or
hasen.play."""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle import Oracle

from hasen.core.cards import cards_of
from hasen.core.deal import Deal
from hasen.play.state import Contract


@dataclass
class Replay:
    """A hand played by the oracle's rules alone: the hands, who leads, the trick so far and
    the tricks the declaring side won; values by the oracle's minimax."""

    oracle: Oracle
    hands: list[int]
    leader: int
    trick: list[int] = field(default_factory=list)
    won: int = 0

    @classmethod
    def start(cls, deal: Deal, contract: Contract) -> Replay:
        seats = [s for s in range(4) if not (contract.alone and s == (contract.declarer + 2) % 4)]
        hands = [deal.hands[s] if s in seats else 0 for s in range(4)]
        hands[contract.declarer] = (hands[contract.declarer] | 1 << deal.extra) & ~(1 << contract.discard)
        # docs/rules.md: left of the dealer leads; left of a lone declarer when one plays alone
        leader = (contract.declarer if contract.alone else deal.dealer) + 1
        return cls(Oracle(contract.trump, seats, contract.declarer % 2), hands, leader % 4)

    @property
    def to_move(self) -> int:
        return self.oracle.order(self.leader)[len(self.trick)]

    @property
    def finished(self) -> bool:
        return not any(self.hands)

    def legal(self) -> list[int]:
        return cards_of(self.oracle.legal(self.hands[self.to_move], self.trick[0] if self.trick else None))

    def total(self) -> int:
        """The declaring side's tricks for the whole hand with best play from here."""
        if self.finished:
            return self.won
        return self.won + self.oracle.value(self.hands, self.leader, self.trick)

    def after(self, card: int) -> Replay:
        order = self.oracle.order(self.leader)
        hands = list(self.hands)
        hands[self.to_move] &= ~(1 << card)
        trick = self.trick + [card]
        if len(trick) < len(order):
            return Replay(self.oracle, hands, self.leader, trick, self.won)
        winner = order[self.oracle.winner(trick)]
        return Replay(self.oracle, hands, winner, [], self.won + self.oracle.declaring[winner])
