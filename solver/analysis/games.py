"""A file of hand records as a sequence of games to 10.

The score runs on from hand to hand: each hand adds the points its result gives each side
(a hand passed out adds none). When a side reaches 10 the game is over and the next hand
starts a new game at 0-0. A record's own ``score`` field wins where it is given: the game
goes on from there (a 0-0 there starts a new game). When a hand's result is not known (the
record cannot be read, its play stops short, it is not reviewed), the score is lost: the
hands after it have none until a record gives its own, which then starts a new stretch of
play, counted as the next game. A change of game (another variant), or of its table rules
(a game to 5 after one to 10, say), starts a new game too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.settings import Settings
from ..core.variants import Variant
from ..notation.record import HandResult, Record
from ..rules.scoring import game_winners
from .answer import figure
from .chances import game_chances
from .odds import scoring_of


@dataclass(frozen=True)
class GamePlace:
    """Where a hand stands in the games of its file. Scores and chances are one for each of
    the variant's ``score_names``: the two sides (N-S, or N, first), or three players each."""

    number: int  # the game, from 1 in the file
    hand: int  # the hand in that game, from 1
    score: tuple[int, ...]  # before the hand
    started: tuple[int, ...]  # the score the game was first seen at (0-0 unless a record said otherwise)
    chances: tuple[float, ...]  # each one's chance of winning the game before the hand
    after: tuple[int, ...] | None = None  # the score after it (None: its result is not known)
    winners: tuple[int, ...] = ()  # who won the game with this hand (two defenders tied on a euchre share it)

    def to_json(self, variant: Variant) -> dict[str, Any]:
        data = {
            "number": self.number,
            "hand": self.hand,
            "score": list(self.score),
            "started": list(self.started),
            "chance": figure(self.chances[0]),
            "after": None if self.after is None else list(self.after),
            "winner": " and ".join(variant.score_names[w] for w in self.winners) or None,
        }
        if len(self.chances) > 2:  # each one's: of three or more, the first's says nothing of the others
            data["chances"] = [figure(c) for c in self.chances]
        return data


def points_by_scorer(result: HandResult) -> tuple[int, ...]:
    """The points a finished hand gave each of the variant's ``score_names``."""
    names = result.variant.score_names
    if result.redeal:
        return (0,) * len(names)
    points = result.points()
    return tuple(points[name] for name in names)


def winners_of(variant: Variant, score: tuple[int, ...], result: HandResult, target: int) -> tuple[int, ...]:
    """Who has won the game once the hand left this score (none while it goes on; a game
    is won with ``target`` points)."""
    declaring = -1 if result.redeal or result.declarer is None else variant.scorer_of(result.declarer)
    return game_winners(variant, score, declaring, target)


def winning_chances(record: Record, score: tuple[int, ...]) -> tuple[float, ...]:
    """Each one's chance of winning from this score, the record's dealer to deal (by the
    table of its scoring; at other auction or play settings than the defaults, those of the
    default auction and play stand in for them, as in the review)."""
    table = game_chances(record.variant, scoring_of(record.settings))
    return table.chances(score, record.deal.dealer)


def place_hands(records: Iterable[Record | None]) -> list[GamePlace | None]:
    """Each record's place in the games of its file (see the module); None where the score is
    not known. ``None`` in ``records``: a record that could not be read or is not reviewed."""
    records = list(records)
    places: list[GamePlace | None] = []
    score: tuple[int, ...] | None = ()  # before the next hand (() at the start: the first game's 0-0); None: lost
    number, hand, variant, rules = 0, 0, None, None
    started: tuple[int, ...] = ()
    for record in records:
        if record is None:
            places.append(None)
            score = None
            continue
        zero = (0,) * len(record.variant.score_names)
        # another game, or the same under other table rules (a game to 5, say): a game of its own
        other_game = variant is not None and (record.variant != variant or record.settings != rules)
        given = record.score
        if given is not None:
            starts = hand == 0 or score is None or other_game or (given == zero and score != zero)
            score = given
        elif score is None:  # lost, and this record does not give it again
            places.append(None)
            continue
        else:
            starts = hand == 0 or other_game
            score = zero if other_game or not score else score
        if starts:
            number, hand, started = number + 1, 0, score
        variant, rules = record.variant, record.settings
        hand += 1
        result = record.result
        after: tuple[int, ...] | None = None
        winners: tuple[int, ...] = ()
        if result is not None:
            after = tuple(s + p for s, p in zip(score, points_by_scorer(result)))
            winners = winners_of(variant, after, result, record.settings.game_points)
        places.append(GamePlace(number, hand, score, started, (), after, winners))
        score = after
        if winners:  # the game is over: the next hand begins the next at 0-0
            score, hand = zero, 0
    return with_chances(places, records)


def with_chances(places: list[GamePlace | None], records: Sequence[Record | None]) -> list[GamePlace | None]:
    """Each place with its chances of winning, read table by table: a table (worked out in a
    second or so where its scoring is not the default's) is kept only a few at a time, and
    records whose scorings take turns would work each out again and again."""
    tables: dict[tuple[Variant, Settings], list[int]] = {}
    for index, (place, record) in enumerate(zip(places, records)):
        if place is not None and record is not None:
            tables.setdefault((record.variant, scoring_of(record.settings)), []).append(index)
    out = list(places)
    for indices in tables.values():
        for index in indices:
            place, record = places[index], records[index]
            assert place is not None and record is not None
            out[index] = replace(place, chances=winning_chances(record, place.score))
    return out
