"""A night's play: the fair reviews of many hands, summed per player.

A player is the name the records give its seat (``players: N=Anna, ...``), or else the seat
itself. For each player over the session: the hands it played, its cards, its mistakes (of
its calls, its contract and its cards, single dummy), the expected points it gave away in
the play and in the auction and contract (sums over the hands), the tricks it gave away in
the play with every hand open, and the contracts it declared, made and was set in. The figures are read
from the reviews' JSON (the lines ``hasen session`` writes), so that a session can be summed
again from its file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayerSession:
    """One player's figures over the hands of a session."""

    name: str
    hands: int = 0
    cards: int = 0
    mistakes: int = 0
    play_points: float = 0.0  # expected points given away in the play, single dummy, summed
    bidding_points: float = 0.0  # in the auction and the contract, single dummy, summed
    double_dummy_given_away: int = 0
    declared: int = 0
    made: int = 0
    set: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"player": self.name, "hands": self.hands, "cards": self.cards, "mistakes": self.mistakes,
                "play_points": round(self.play_points, 4) + 0.0,
                "bidding_points": round(self.bidding_points, 4) + 0.0,
                "double_dummy_given_away": self.double_dummy_given_away, "declared": self.declared,
                "made": self.made, "set": self.set}


@dataclass
class HandLine:
    """One hand of the session as the report draws it."""

    id: str
    given_away: dict[str, float]  # per player: points given away in the play and the bidding, single dummy
    needed: int | None  # the tricks the declaring side needed (None: not finished)
    taken: int | None  # the tricks it took
    declarer: str | None


@dataclass
class Session:
    players: dict[str, PlayerSession] = field(default_factory=dict)
    hands: list[HandLine] = field(default_factory=list)

    def add(self, id: object, review: dict[str, Any]) -> None:
        """One hand's review (its JSON)."""
        names = review["record"].get("players", {})
        per_hand: dict[str, float] = {}
        for seat, totals in review["players"].items():
            name = names.get(seat, seat)
            player = self.players.setdefault(name, PlayerSession(name))
            player.hands += 1
            player.cards += totals["cards"]
            player.mistakes += totals["mistakes"]
            player.play_points += totals["play_points"]
            player.bidding_points += totals["bidding_points"]
            player.double_dummy_given_away += totals["double_dummy_given_away"]
            per_hand[name] = totals["play_points"] + totals["bidding_points"]
        contract = review["record"].get("contract")
        declarer = None
        if contract is not None:
            declarer = names.get(contract["declarer"], contract["declarer"])
            player = self.players.setdefault(declarer, PlayerSession(declarer))
            player.declared += 1
        result = review.get("result")
        needed = taken = None
        if result is not None and not result["redeal"]:
            needed, taken = result["needed"], result["tricks"][result["declarers"]]
            if declarer is not None:
                if result["made"]:
                    self.players[declarer].made += 1
                else:
                    self.players[declarer].set += 1
        self.hands.append(HandLine(str(id), per_hand, needed, taken, declarer))

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players.values()], "hands": len(self.hands)}
