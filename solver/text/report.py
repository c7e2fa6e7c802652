"""Text for people: the Euchre table, and the bid advice with the par of the hand."""

from __future__ import annotations

from ..analysis.bidding import BidAnalysis
from ..analysis.euchre_table import EuchreAnalysis
from ..analysis.outcomes import Result
from ..analysis.play import Contract, PlayState
from ..analysis.table import TRUMPS
from ..core.cards import SUIT_NAMES, SUITS, card_name
from ..core.seats import SEATS


def who_leads(analysis: EuchreAnalysis, maker: int) -> str:
    """``N deals, E leads`` for this maker, from the rules the play itself follows."""
    deal = analysis.deal
    state = PlayState(deal, Contract(maker, TRUMPS[0], deal.extra, analysis.alone, analysis.lone_defender),
                      analysis.settings)
    return f"{SEATS[deal.dealer]} deals, {SEATS[state.leader]} leads"


def format_euchre_table(analysis: EuchreAnalysis) -> str:
    """Per maker: a row per trump, the tricks (best in brackets), and for the upcard's suit
    the tricks after each of the dealer's discards and the one the dealer picks."""
    deal = analysis.deal
    out = [str(deal), ""]
    form = ""
    if analysis.alone:
        form = " alone" + ("" if analysis.lone_defender is None else
                           f" against {SEATS[analysis.lone_defender]} alone")
    for maker, table in analysis.tables.items():
        out.append(f"{SEATS[maker]} makes{form}; {who_leads(analysis, maker)}; upcard {card_name(deal.extra)}")
        out.append("trump  tricks  after each of the dealer's discards")
        best_trump, best = table.best
        for trump in TRUMPS:
            entry = table.entries[trump]
            cell = f"[{entry.value}]" if trump == best_trump else f" {entry.value} "
            row = f"{SUITS[trump]:<7}{cell:<8}"
            if entry.discards:
                row += "  ".join(f"{card_name(d)} {n}" for d, n in entry.discards.items())
                row += f"   {SEATS[deal.dealer]} discards {card_name(entry.discard)}"
            out.append(row.rstrip())
        also = "; also " + ", ".join(SUIT_NAMES[t] for t in table.ties[1:]) if len(table.ties) > 1 else ""
        out.append(f"best: {SUIT_NAMES[best_trump]}, {tricks(best.value)}{also}")
        out.append("")
    return "\n".join(out).rstrip()


def describe(result: Result) -> str:
    """``clubs, discard KH, 6 tricks`` (and who defended alone)."""
    parts = [SUIT_NAMES[result.trump]]
    if result.discard is not None:
        parts.append(f"discard {card_name(result.discard)}")
    parts.append(tricks(result.tricks))
    if result.defender is not None:
        parts.append(f"{SEATS[result.defender]} defending alone")
    return ", ".join(parts)


def tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def format_bidding(analysis: BidAnalysis) -> str:
    deal = analysis.deal
    variant = deal.variant
    names = variant.side_names
    settings = analysis.settings.applicable(variant)
    out = [str(deal), "", "settings: " + ", ".join(f"{k}={v}" for k, v in settings.items())]
    if analysis.comparison is not None:
        out += ["", "each declarer's best, with the partner and alone (against the best lone defence)"]
        for seat, (partner, alone) in analysis.comparison.rows.items():
            out.append(f"{SEATS[seat]}  with partner: {describe(partner)}")
            out.append(f"   alone:        {describe(alone)}")  # type: ignore[arg-type]
    out += ["", "bid advice"]
    for seat, advice in analysis.advice.items():
        if variant.family == "hasenpfeffer":
            for form, label in (("with_partner", "with partner"), ("alone", "alone")):
                a = advice[form]
                scores = " ".join(f"{s['bid']}:{signed(s['declarers'])}" for s in a["scores"])
                out.append(f"{SEATS[seat]} {label:<13} {tricks(a['tricks'])}, highest bid "
                           f"{a['highest_bid'] or 'none'}; scores {scores}")
        else:
            cells = []
            for call in advice["calls"]:
                alone = " alone" if call["alone"] else ""
                cells.append(f"{call['trump']}{alone} {call['tricks']} ({signed(call['makers'] - call['defenders'])})")
            best = advice["best"]
            out.append(f"{SEATS[seat]}  " + ", ".join(cells) +
                       f"; best {best['trump']}{' alone' if best['alone'] else ''}")
    par = analysis.par
    out += ["", "par: " + ("redeal" if par.played is None else play_text(analysis))]
    out.append("auction: " + (", ".join(f"{SEATS[c.seat]} {c.call}" for c in par.calls) or "(none)"))
    if par.played is not None:
        made = variant.side_of(par.played.result.declarer)
        points = {names[made]: par.played.score[0], names[1 - made]: par.played.score[1]}
        out.append("score: " + ", ".join(f"{side} {signed(p)}" for side, p in points.items()))
    return "\n".join(out)


def play_text(analysis: BidAnalysis) -> str:
    played = analysis.par.played
    assert played is not None
    result = played.result
    bid = f" bids {played.bid}" if played.bid is not None else " makes"
    alone = " alone" if result.alone else ""
    return f"{SEATS[result.declarer]}{bid}{alone}: {describe(result)}"
