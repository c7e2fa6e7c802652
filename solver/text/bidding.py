"""Bid advice and the par of the hand as text; each game gives the lines of its own advice."""

from __future__ import annotations

from collections.abc import Mapping

from ..analysis.bidding import BidAnalysis
from ..core.seats import SEATS
from ..rules.scoring import named_points
from .words import OPEN_HANDS, describe, signed


def format_bidding(analysis: BidAnalysis, advice_lines: Mapping[int, list[str]]) -> str:
    """The deal, the alone-or-not comparison, each seat's advice (its game's lines of it, by
    seat: ``advice_lines``), the par."""
    deal = analysis.deal
    variant = deal.variant
    settings = analysis.settings.applicable(variant)
    out = [str(deal), OPEN_HANDS, "", "settings: " + ", ".join(f"{k}={v}" for k, v in settings.items())]
    if analysis.comparison is not None:
        out += ["", "each declarer's best, with the partner and alone (against the best lone defence)"]
        for seat, (partner, alone) in analysis.comparison.rows.items():
            out.append(f"{SEATS[seat]}  with partner: {describe(partner)}")
            out.append(f"   alone:        {describe(alone)}")  # type: ignore[arg-type]
    out += ["", "bid advice"]
    for seat in analysis.advice:
        out += advice_lines[seat]
    par = analysis.par
    out += ["", "par: " + ("redeal" if par.played is None else play_text(analysis))]
    out.append("auction: " + (", ".join(f"{SEATS[c.seat]} {c.call}" for c in par.calls) or "(none)"))
    if par.played is not None:
        points = named_points(variant, par.played.result.declarer, par.played.score)
        out.append("score: " + ", ".join(f"{side} {signed(p)}" for side, p in points.items()))
    return "\n".join(out)


def play_text(analysis: BidAnalysis) -> str:
    played = analysis.par.played
    assert played is not None
    result = played.result
    bid = f" bids {played.bid}" if played.bid is not None else " makes"
    alone = " alone" if result.alone else ""
    return f"{SEATS[result.declarer]}{bid}{alone}: {describe(result)}"
