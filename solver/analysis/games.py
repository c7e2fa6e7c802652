"""A file of hand records as a sequence of games to 10.

The score runs on from hand to hand: each hand adds the points its result gives each side
(a hand passed out adds none). When a side reaches 10 the game is over and the next hand
starts a new game at 0-0. A record's own ``score`` field wins where it is given: the game
goes on from there (a 0-0 there starts a new game). When a hand's result is not known (the
record cannot be read, its play stops short, it is not reviewed), the score is lost: the
hands after it have none until a record gives its own, which then starts a new stretch of
play, counted as the next game. A change of game (another variant) starts a new game too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.variants import Variant
from .answer import figure
from .knowledge import win_chance_gap
from .odds import game_won_by, scoring_of, win_chances
from .record import HandResult, Record, side_score


@dataclass(frozen=True)
class GamePlace:
    """Where a hand stands in the games of its file."""

    number: int  # the game, from 1 in the file
    hand: int  # the hand in that game, from 1
    score: tuple[int, int]  # before the hand: the first side's (N-S, or N), the other's
    started: tuple[int, int]  # the score the game was first seen at (0-0 unless a record said otherwise)
    chance: float  # the first side's chance of winning the game before the hand
    after: tuple[int, int] | None = None  # the score after it (None: its result is not known)
    winner: int | None = None  # the side that won the game with this hand

    def to_json(self, variant: Variant) -> dict[str, Any]:
        return {"number": self.number, "hand": self.hand, "score": list(self.score), "started": list(self.started),
                "chance": figure(self.chance),
                "after": None if self.after is None else list(self.after),
                "winner": None if self.winner is None else variant.side_names[self.winner]}


def not_followed(variant: Variant) -> str | None:
    """Why a file's hands of this game are not followed as games to 10, or None."""
    if variant.cutthroat:
        return ("three players' games are not followed from hand to hand: each hand is judged at the score its "
                "record gives, if any")
    gap = win_chance_gap(variant)
    return None if gap is None else f"no chance of winning is worked out ({gap})"


def first_side_points(result: HandResult) -> tuple[int, int]:
    """The points a finished hand gave each side, the first side's first."""
    ours, theirs = result.score
    return (ours, theirs) if result.side in (0, None) else (theirs, ours)


def winning_chance(record: Record, score: tuple[int, int]) -> float:
    """The first side's chance of winning from this score, the record's dealer to deal (by
    the table of its scoring; at other auction or play settings than the defaults, those of
    the default auction and play stand in for them, as in the review)."""
    return win_chances(record.variant, scoring_of(record.settings)).chance(*score, record.deal.dealer)


def place_hands(records: Iterable[Record | None]) -> list[GamePlace | None]:
    """Each record's place in the games of its file (see the module); None where the score is
    not known. ``None`` in ``records``: a record that could not be read or is not reviewed."""
    places: list[GamePlace | None] = []
    score: tuple[int, int] | None = (0, 0)  # before the next hand; None: lost
    number, hand, started, variant = 0, 0, (0, 0), None
    for record in records:
        if record is None:
            places.append(None)
            score = None
            continue
        if not_followed(record.variant) is not None:
            places.append(None)
            score = None
            continue
        other_game = variant is not None and record.variant != variant
        scored = side_score(record.score, record.variant)
        given = None if scored is None else (scored[0], scored[1])
        if given is not None:
            starts = hand == 0 or score is None or other_game or (given == (0, 0) and score != (0, 0))
            score = given
        elif score is None:  # lost, and this record does not give it again
            places.append(None)
            continue
        else:
            starts = hand == 0 or other_game
            score = (0, 0) if other_game else score
        if starts:
            number, hand, started = number + 1, 0, score
        variant = record.variant
        hand += 1
        result = record.result
        after = winner = None
        if result is not None:
            points = first_side_points(result)
            after = (score[0] + points[0], score[1] + points[1])
            winner = game_won_by(*after, -1 if result.side is None else result.side)
        places.append(GamePlace(number, hand, score, started, winning_chance(record, score), after, winner))
        score = after
        if winner is not None:  # the game is over: the next hand begins the next at 0-0
            score, hand = (0, 0), 0
    return places
