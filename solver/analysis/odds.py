"""The chance of winning the game from a score: a game is played to 10 (``game_points``: 5 or 15).

A hand's result is drawn from the hands the model of the other players plays: random deals,
every seat bidding or calling by the model (``hasen.analysis.model``), the contract it ends
in played double dummy (``tools/odds_fit.py`` simulates them and keeps how each came
out, relative to the dealer: who declared, the bid, alone or not, the tricks). Scored by the
table's scoring, those give each side's points for a hand dealt by any seat; from them the
chance that the first side (N-S, or N in Two-handed Euchre) wins from each score and dealer
follows by dynamic programming over the scores:

    W(a, b, d) = sum over results r of P(r) * (1 or 0 if r ends the game, else W(a', b', d'))

where a and b are the sides' scores, d deals, a' and b' are the scores after the hand and d'
is the next dealer. The game ends when a side reaches 10 (or the table's ``game_points``);
when both do in one hand, the
higher score wins, and the declaring side on a tie. Scores can fall below 0 in Hasenpfeffer
(a failed bid loses points): a side more than ``DEEPEST`` points behind 0 is counted as that
deep (the chance of winning from there is tiny, and the table needs an edge). The equations
are solved by iterating to a fixed point.

The table for the default settings is shipped (hasen/data/win_chances.json) with the
standard error of each chance (from the build's resampling of its hands); other scoring
settings are worked out from the same hands when asked for.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..core.errors import NotationError
from ..core.memo import shared
from ..core.seats import NUM_SEATS, SEATS, left_of
from ..core.settings import SCORING_SETTINGS, Settings
from ..core.variants import Variant
from ..rules.families import family_rules
from ..rules.scoring import bid_ladder, game_won_by, side_points
from .answer import Answer, variant_json

if TYPE_CHECKING:
    import numpy as np

Grid = list[list[list[float]]]  # [dealer index in variant.seats][first - low][second - low]

DEEPEST = -40  # the lowest score the table keeps; below it a score counts as this (Hasenpfeffer)
TABLES_KEPT = 4  # the tables of scoring settings worked out, kept (the shipped default's among them)
ODDS_FILE = "win_chances.json"  # in hasen/data, written by tools/odds_fit.py
ODDS_VERSION = 1
TOLERANCE = 1e-12  # the iteration stops when no chance moves more than this
MAX_ROUNDS = 10_000


@dataclass(frozen=True)
class Outcome:
    """How one kind of hand came out, relative to its dealer."""

    offset: int  # the declarer's place from the dealer (``declarer_offset``); -1: nobody declared
    bid: int  # Hasenpfeffer: the bid's place on the ladder; -1 in Euchre
    alone: bool
    tricks: int
    count: int


def lowest(variant: Variant) -> int:
    """The lowest score the table keeps: 0 where no score falls below it."""
    return DEEPEST if family_rules(variant.family).BELOW_ZERO else 0


def declarer_offset(variant: Variant, dealer: int, declarer: int) -> int:
    """Where the declarer sits from the dealer, as ``Outcome.offset`` keeps it: clockwise
    steps round the table of four; where three keep score (each for themselves), round the
    three."""
    if len(variant.score_names) > 2:
        return (variant.seats.index(declarer) - variant.seats.index(dealer)) % len(variant.seats)
    return (declarer - dealer) % NUM_SEATS


def next_dealer(variant: Variant, dealer: int) -> int:
    seat = left_of(dealer)
    while seat not in variant.seats:
        seat = left_of(seat)
    return seat


def results(
    variant: Variant, settings: Settings, outcomes: list[Outcome], dealer: int
) -> list[tuple[float, int, int, int]]:
    """For a hand ``dealer`` deals: each result's chance, the points of side 0 and side 1,
    and the declaring side (-1: nobody declared)."""
    total = sum(o.count for o in outcomes)
    ladder = bid_ladder(variant, settings)
    out = []
    for o in outcomes:
        if o.offset < 0:
            out.append((o.count / total, 0, 0, -1))
            continue
        declarer = (dealer + o.offset) % 4
        side = variant.side_of(declarer)
        bid = ladder[o.bid] if o.bid >= 0 else None
        first, second = side_points(variant, settings, bid, o.tricks, o.alone, side)
        out.append((o.count / total, first, second, side))
    return out


def solve_table(variant: Variant, settings: Settings, outcomes: list[Outcome]) -> np.ndarray:
    """W[dealer index in variant.seats, a - low, b - low]: the first side's chance of winning."""
    import numpy as np  # only to work a table out: the shipped one is read without it

    low, target = lowest(variant), settings.game_points
    size = target - low  # scores low .. target - 1
    seats = variant.seats
    cells = size * size
    scores = np.arange(low, target)
    a, b = np.meshgrid(scores, scores, indexing="ij")
    # the table flat, then two cells for a game over: the first side lost (0.0), won (1.0)
    lost = len(seats) * cells
    plans = []  # per dealer: for each result and cell in turn, where its value is read, and its chance
    for dealer in seats:
        reads, chances = [], []
        following = seats.index(next_dealer(variant, dealer))
        for chance, gain_a, gain_b, side in results(variant, settings, outcomes, dealer):
            after_a, after_b = a + gain_a, b + gain_b
            over = (after_a >= target) | (after_b >= target)
            first_wins = (after_a > after_b) | ((after_a == after_b) & (side == 0))
            index_a = np.clip(after_a, low, target - 1) - low
            index_b = np.clip(after_b, low, target - 1) - low
            reads.append(np.where(over, lost + first_wins, following * cells + index_a * size + index_b).ravel())
            chances.append(np.full(cells, chance))
        plans.append((np.concatenate(reads), np.concatenate(chances)))
    return fixed_point(np.full((len(seats), size, size), 0.5), plans, np.array([0.0, 1.0]))


def fixed_point(table: np.ndarray, plans: list[tuple[np.ndarray, np.ndarray]], ends: np.ndarray) -> np.ndarray:
    """The chances of winning at the fixed point of one hand after another, from ``table``
    (by dealer first). ``plans``, per dealer: for each result of a hand and each cell of the
    dealer's table in turn, where the value it leads to is read (in the table, flat, then in
    ``ends``, the values of the games' ends), and the result's chance."""
    import numpy as np

    cells = table[0].size
    # each cell's sum over the results in their order (bincount adds in the order given), as
    # one result at a time would: the same table to the last bit, in one pass a round
    cell_of = np.tile(np.arange(cells), len(plans[0][0]) // cells)
    for _ in range(MAX_ROUNDS):
        values = np.concatenate([table.ravel(), ends])
        new = np.stack(
            [np.bincount(cell_of, weights=chance * values[read], minlength=cells) for read, chance in plans]
        ).reshape(table.shape)
        change = float(np.abs(new - table).max())
        table = new
        if change < TOLERANCE:
            break
    return table


@dataclass(frozen=True)
class WinChances:
    """The first side's chance of winning from every score, for one game and its settings."""

    variant: Variant
    settings: Settings
    table: Grid
    stderr: Grid | None  # per state, where the shipped table has it
    hands: int  # the hands simulated

    def chance(self, first: int, second: int, dealer: int) -> float:
        """The first side's chance of winning with these scores, ``dealer`` to deal next."""
        return self.read(self.table, first, second, dealer)

    def chances(self, score: tuple[int, ...], dealer: int) -> tuple[float, float]:
        """Each side's chance with these scores (``chance`` and the rest)."""
        first = self.chance(score[0], score[1], dealer)
        return first, 1 - first

    def after(self, score: tuple[int, ...], gains: tuple[int, ...], declaring: int, dealer: int) -> tuple[float, float]:
        """Each side's chance once a hand ``dealer`` dealt gave the sides ``gains``
        (``declaring``: the declaring side, -1 for a redeal), the game over or not."""
        first = chance_after(self, score[0], score[1], gains, declaring, dealer)
        return first, 1 - first

    def error(self, first: int, second: int, dealer: int) -> float:
        return math.nan if self.stderr is None else self.read(self.stderr, first, second, dealer)

    def read(self, grid: Grid, first: int, second: int, dealer: int) -> float:
        target = self.settings.game_points
        if first >= target or second >= target:
            raise NotationError(f"score: a game ends at {target}: {first}-{second} is over")
        low = lowest(self.variant)
        check_reachable((first, second), low, self.variant)
        return float(grid[self.variant.seats.index(dealer)][max(first, low) - low][max(second, low) - low])


def check_reachable(score: tuple[int, ...], low: int, variant: Variant) -> None:
    """Refuse a score below 0 where the game's points never take one there (the table's edge
    is 0); below a deeper edge a score counts as the edge, as the table says."""
    if low == 0 and min(score) < 0:
        raise NotationError(
            f"score: {'-'.join(map(str, score))}: no score falls below 0 in {variant.name} at these settings"
        )


@cache
def odds_data() -> dict[str, Any]:
    text = files("hasen").joinpath("data", ODDS_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("version") != ODDS_VERSION:
        raise RuntimeError(
            f"hasen/data/{ODDS_FILE} is not the table this version reads: rebuild it with python tools/odds_fit.py"
        )
    return data


def outcomes_of(variant: Variant) -> tuple[list[Outcome], int]:
    game = odds_data()["games"][variant.key]
    outcomes = [Outcome(*row) for row in game["outcomes"]]
    return outcomes, sum(o.count for o in outcomes)


@shared(TABLES_KEPT)  # a table worked out is some 13 MB: a few are kept, each worked out once at a time
def win_chances(variant: Variant, settings: Settings = Settings()) -> WinChances:
    """The table for the game and its settings: shipped for the defaults, else worked out
    from the shipped hands (a second or so)."""
    settings.check_for(variant)
    outcomes, hands = outcomes_of(variant)
    game = odds_data()["games"][variant.key]
    if settings.changed() == {} and "table" in game:
        return WinChances(variant, settings, game["table"], game["stderr"], hands)
    return WinChances(variant, settings, solve_table(variant, settings, outcomes).tolist(), None, hands)


def chance_after(
    table: WinChances, first: int, second: int, gains: tuple[int, ...], declaring: int, dealer: int
) -> float:
    """The first side's chance of winning once a hand dealt by ``dealer`` gave the sides
    ``gains`` (``declaring``: the declaring side, -1 for a redeal), the game over or not."""
    after_first, after_second = first + gains[0], second + gains[1]
    won = game_won_by(after_first, after_second, declaring, table.settings.game_points)
    if won is not None:
        return float(won == 0)
    return table.chance(after_first, after_second, next_dealer(table.variant, dealer))


@dataclass(repr=False, frozen=True)
class Odds(Answer):
    """The chance of winning the game from a score: ``hasen.odds("8-5", dealer="N")``.

    >>> import hasen
    >>> odds = hasen.odds("9-0", dealer="N", variant="euchre")
    >>> odds.chance > 0.9, odds.side_names
    (True, ('N-S', 'E-W'))
    """

    ROWS = ((None, ("by_dealer", (None, "dealer"))),)  # the chance with each dealer

    variant: Variant
    settings: Settings
    first: int  # the first side's score (N-S, or N)
    second: int
    dealer: int | None  # who deals next; None: each dealer
    by_dealer: dict[int, tuple[float, float]]  # the first side's chance and its standard error (nan: none)
    hands: int

    @property
    def side_names(self) -> tuple[str, str]:
        return self.variant.side_names

    @property
    def chance(self) -> float:
        """The first side's chance with the dealer given (or the mean over the dealers)."""
        if self.dealer is not None:
            return self.by_dealer[self.dealer][0]
        return sum(c for c, _ in self.by_dealer.values()) / len(self.by_dealer)

    def to_json(self) -> dict[str, Any]:
        first, second = self.side_names
        data = variant_json(self.variant) | {
            "score": {first: self.first, second: self.second},
            "dealer": None if self.dealer is None else SEATS[self.dealer],
            "chance": {first: round(self.chance, 4), second: round(1 - self.chance, 4)},
            "by_dealer": {
                SEATS[d]: {"chance": round(c, 4), "stderr": None if math.isnan(e) else round(e, 4)}
                for d, (c, e) in self.by_dealer.items()
            },
            "hands": self.hands,
            "target": self.settings.game_points,
            "deepest": lowest(self.variant),
        }
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return f"<Odds {self.first}-{self.second} in {self.variant.label}: {self.chance:.3f}>"


def scoring_of(settings: Settings) -> Settings:
    """The table's scoring alone: what the chance of winning reads of a table's settings."""
    return Settings()._replace(**{name: getattr(settings, name) for name in SCORING_SETTINGS})


def check_scoring(settings: Settings) -> None:
    """Refuse a setting that changes the auction or the play: the hands were played at the defaults."""
    other = [name for name in settings.changed() if name not in SCORING_SETTINGS]
    if other:
        raise NotationError(
            f"{other[0]}: the chance of winning rests on hands bid and played at the default "
            f"settings; only the scoring may differ ({', '.join(SCORING_SETTINGS)})"
        )


def dealers_asked(variant: Variant, dealer: int | None) -> tuple[int, ...]:
    """The dealers an answer gives the chance for: the one named (a seat of the game), or each."""
    if dealer is not None and dealer not in variant.seats:
        raise NotationError(f"dealer: {SEATS[dealer]} holds no hand in {variant.name}")
    return variant.seats if dealer is None else (dealer,)


def odds_at(variant: Variant, settings: Settings, first: int, second: int, dealer: int | None) -> Odds:
    """The answer for a score (``record.read_score``) and the next dealer (None: each)."""
    check_scoring(settings)
    table = win_chances(variant, settings)
    dealers = dealers_asked(variant, dealer)
    return Odds(
        variant,
        settings,
        first,
        second,
        dealer,
        {d: (table.chance(first, second, d), table.error(first, second, d)) for d in dealers},
        table.hands,
    )
