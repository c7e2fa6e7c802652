"""One position, every legal card's value and a best line, as text."""

from __future__ import annotations

from ..analysis.position import PositionAnalysis
from ..core.cards import card_name
from ..core.seats import SEATS
from .words import OPEN_HANDS


def format_position(result: PositionAnalysis, contract_head: str) -> str:
    """The position, then every legal card with its total and cost, best first;
    ``contract_head`` is the game's words for the contract (``N declares clubs, discard KH``)."""
    state = result.state
    deal = state.deal
    side = deal.variant.sides_of(state.contract.declarer)[state.declaring_side]
    out = [
        str(deal),
        OPEN_HANDS,
        "",
        f"{contract_head}; {SEATS[deal.dealer]} deals",
        f"played: {result.played_record() or '(nothing)'}",
    ]
    if result.to_move is None:
        out.append(f"the hand is over: {side} took {result.taken} tricks")
        return "\n".join(out)
    out.append(f"trick {len(state.tricks) + 1}, {SEATS[state.leader]} led; {SEATS[result.to_move]} to move")
    out.append(f"{side}: {result.taken} taken + {result.remaining} with best play = {result.total}")
    out.append("")
    out.append(f"{'card':<16}{'total':>5}{'cost':>6}")
    for choice in sorted(result.choices, key=lambda c: c.cost):
        cards = " ".join(card_name(c) for c in choice.cards)
        mark = "  best" if choice.cost == 0 else ""
        out.append(f"{cards:<16}{choice.total:>5}{choice.cost:>6}{mark}")
    out.append("")
    out.append(f"best line: {result.line_record()}")
    return "\n".join(out)
