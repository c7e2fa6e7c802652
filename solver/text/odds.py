"""The chance of winning the game as text: the chance, then what it rests on."""

from __future__ import annotations

import math

from ..analysis.odds import TARGET, Odds, lowest
from ..core.seats import SEATS
from .words import percent, sides_text


def format_odds(odds: Odds) -> str:
    first, second = odds.side_names
    score = (odds.first, odds.second)
    game = odds.variant.label if odds.variant.has_deck_choice else odds.variant.name
    if odds.dealer is not None:
        chance, error = odds.by_dealer[odds.dealer]
        plus = "" if math.isnan(error) else f" (±{100 * error:.1f}%)"
        lines = [f"{game}, to {TARGET}: {sides_text(odds.side_names, score)}, {SEATS[odds.dealer]} to deal: "
                 f"{first} win {percent(chance)}{plus}, {second} {percent(1 - chance)}."]
    else:
        each = [f"{percent(c)} with {SEATS[d]}" for d, (c, _) in odds.by_dealer.items()]
        each[0] += " to deal"
        lines = [f"{game}, to {TARGET}: {sides_text(odds.side_names, score)}: {first} win {', '.join(each)}; "
                 f"{second} the rest."]
    low = lowest(odds.variant)
    deepest = f"; a side more than {-low} behind counts as that far" if low else ""
    errors = not all(math.isnan(e) for _, e in odds.by_dealer.values())
    lines.append(f"From {odds.hands:,} hands played by the model of the other players (every seat bidding by it, each "
                 f"contract played double dummy) and the table's scoring{deepest}"
                 + ("; ± is the standard error." if errors else " (worked out for these settings, without a standard "
                    "error)."))
    return "\n".join(lines)
