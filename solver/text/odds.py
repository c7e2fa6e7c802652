"""The chance of winning the game as text: the chance, then what it rests on."""

from __future__ import annotations

import math

from ..analysis.odds import Odds, lowest
from ..analysis.odds_three import PlayerOdds, lowest_three
from ..core.seats import SEATS
from .words import percent, sides_text, verb


def format_odds(odds: Odds) -> str:
    first, second = odds.side_names
    target = odds.settings.game_points
    score = (odds.first, odds.second)
    game = odds.variant.title
    wins = verb(first, "win", "wins")
    if odds.dealer is not None:
        chance, error = odds.by_dealer[odds.dealer]
        plus = plus_minus(error, "")
        lines = [
            f"{game}, to {target}: {sides_text(odds.side_names, score)}, {SEATS[odds.dealer]} to deal: "
            f"{first} {wins} {percent(chance)}{plus}, {second} {percent(1 - chance)}."
        ]
    else:
        each = [f"{percent(c)} with {SEATS[d]}" for d, (c, _) in odds.by_dealer.items()]
        each[0] += " to deal"
        lines = [
            f"{game}, to {target}: {sides_text(odds.side_names, score)}: {first} {wins} {', '.join(each)}; "
            f"{second} the rest."
        ]
    low = lowest(odds.variant)
    errors = not all(math.isnan(e) for _, e in odds.by_dealer.values())
    lines.append(basis(odds.hands, f"; a side more than {-low} behind counts as that far" if low else "", errors))
    return "\n".join(lines)


def plus_minus(error: float, most: str) -> str:
    """The standard error after a chance, `` (±0.1%)``; one that rounds to 0.0% is said to be
    under 0.1%; nothing where the table has none. ``most``: `` at most `` before the largest of
    several."""
    if math.isnan(error):
        return ""
    return " (± under 0.1%)" if error < 0.0005 else f" (±{most}{100 * error:.1f}%)"


def basis(hands: int, deepest: str, errors: bool) -> str:
    """What the chances rest on, said under them."""
    return (
        f"From {hands:,} hands played by the model of the other players (every seat bidding by it, each "
        f"contract played double dummy) and the table's scoring{deepest}"
        + ("; ± is the standard error." if errors else " (worked out for these settings, without a standard error).")
    )


def format_player_odds(odds: PlayerOdds) -> str:
    """``euchre3 (24 cards), to 10: N 3, E 5, S 7, N to deal: N wins 12%, E 24%, S 64%.``"""
    game = odds.variant.title
    score = sides_text(odds.names, odds.scores)
    target = odds.settings.game_points

    def each(chances: tuple[float, ...], errors: tuple[float, ...]) -> str:
        first, *rest = [f"{name} {percent(c)}" for name, c in zip(odds.names, chances)]
        plus = plus_minus(max(errors), " at most ")
        return ", ".join([first.replace(" ", " wins ", 1), *rest]) + plus

    if odds.dealer is not None:
        lines = [f"{game}, to {target}: {score}, {SEATS[odds.dealer]} to deal: {each(*odds.by_dealer[odds.dealer])}."]
    else:
        lines = [f"{game}, to {target}: {score}:"]
        lines += [f"  {SEATS[d]} to deal: {each(*pair)}" for d, pair in odds.by_dealer.items()]
    low = lowest_three(odds.variant, odds.settings)
    errors = not all(math.isnan(e) for _, errs in odds.by_dealer.values() for e in errs)
    lines.append(basis(odds.hands, f"; a score below {low} counts as {low}" if low else "", errors))
    return "\n".join(lines)
