"""Euchre, two- and four-handed: the dealer may take the upcard when its suit is trump.

Its table is each maker's tricks for every trump, with the dealer's discards where the
dealer takes the upcard; a contract is judged on the maker's trump and the dealer's
discard apart; its auction is ordering up and naming trump (docs/variants.md). These are
the family's part of the analyses (``family``); its ``Game`` adds the public calls and
says the answers in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...analysis.table import TRUMPS
from ...core.cards import SUIT_NAMES, SUITS, card_name
from ...core.deal import upcard_text
from ...core.seats import SEATS
from ...play.state import PlayState, exchange_discard
from ...rules.seating import active_seats, first_leader
from ...text.words import OPEN_HANDS, calls_words, lone_form, signed, tricks
from ..base import Example, Game
from .family import EuchreFamily
from .table import EuchreAnalysis, MakerTable

if TYPE_CHECKING:  # the auction, the review and the advice are imported when asked for
    from ...analysis.advice import CallAdvice
    from ...analysis.bidding import Advice
    from ...analysis.review import PlayReview


def who_leads(analysis: EuchreAnalysis, maker: int) -> str:
    """``N deals, E leads`` for this maker, from the rules the play itself follows."""
    deal = analysis.deal
    seats = active_seats(deal.variant, maker, analysis.alone, analysis.lone_defender)
    leader = first_leader(deal.dealer, maker, seats, analysis.alone, analysis.settings, analysis.lone_defender)
    return f"{SEATS[deal.dealer]} deals, {SEATS[leader]} leads"


def format_euchre_table(analysis: EuchreAnalysis) -> str:
    """Per maker: a row per trump, the tricks (best in brackets), and for the upcard's suit
    the tricks after each of the dealer's discards and the one the dealer picks."""
    deal = analysis.deal
    out = [str(deal), OPEN_HANDS, ""]
    form = lone_form(analysis.alone, analysis.lone_defender)
    for maker, table in analysis.tables.items():
        against = f" against {deal.variant.sides_of(maker)[1]}" if deal.variant.cutthroat else ""
        out.append(
            f"{SEATS[maker]} makes{form}{against}; {who_leads(analysis, maker)}; "
            f"upcard {upcard_text(deal.extra, analysis.settings)}"
        )
        calling = any(entry.best is not None for entry in table.entries.values())
        out.append("trump  tricks  after each of the dealer's discards" + ("; the calls for best" if calling else ""))
        best = table.best
        for trump in TRUMPS:
            entry = table.entries[trump]
            cell = f"[{entry.value}]" if trump == best.trump else f" {entry.value} "
            row = f"{SUITS[trump]:<7}{cell:<8}"
            if entry.discard is not None:
                row += "  ".join(f"{card_name(d)} {n}" for d, n in entry.discards.items())
                row += f"   {SEATS[deal.dealer]} discards {card_name(entry.discard)}"
            calls = calls_words(entry.best, maker, entry.defender_best, analysis.lone_defender)
            if calls:
                row += f"; {calls}" if entry.discard is not None else calls
            out.append(row.rstrip())
        also = "; also " + ", ".join(SUIT_NAMES[t] for t in table.ties[1:]) if len(table.ties) > 1 else ""
        out.append(f"best: {SUIT_NAMES[best.trump]}, {tricks(best.tricks)}{also}")
        out.append("")
    return "\n".join(out).rstrip()


def contract_line(review: PlayReview) -> str:
    """The maker's trump against the best trump, and the dealer's discard against the
    dealer's best discard."""
    contract, start, table = review.contract, review.start, review.table
    assert isinstance(table, MakerTable)
    best = table.best
    chosen = table.entries[contract.trump]  # valued with the dealer's own best discard
    discard = exchange_discard(start)
    calls = calls_words(contract.best, contract.declarer, contract.defender_best, contract.lone_defender)
    parts = [
        f"contract: {SUIT_NAMES[contract.trump]}"
        + ("" if discard is None else f", the dealer discards {card_name(discard)}")
        + (f", {calls}" if calls else "")
        + f": {tricks(review.contract_tricks)} double-dummy"
    ]
    if review.contract_cost == 0:
        parts.append(f"{SUIT_NAMES[contract.trump]} is the best trump")
    else:
        with_best = "" if chosen.discard is None else f"with the dealer's best discard ({card_name(chosen.discard)}) "
        parts.append(
            f"{with_best}{SUIT_NAMES[contract.trump]} is worth {chosen.value}, {SUIT_NAMES[best.trump]} "
            f"{best.tricks}: the choice of trump gave away {tricks(review.contract_cost)}"
        )
    discard_cost = table.discard_cost(contract)
    the_makers = "the maker" if start.deal.variant.cutthroat else "the makers"
    if discard_cost and discard is not None and chosen.discard is not None:
        makers = start.deal.variant.side_of(start.deal.dealer, contract.declarer) == start.declaring_side
        effect = f"cost {the_makers}" if makers else f"gave {the_makers}"
        parts.append(
            f"the dealer's {card_name(discard)} instead of {card_name(chosen.discard)} {effect} {tricks(discard_cost)}"
        )
    if contract.best is not None and hasattr(table, "call_costs"):
        maker_cost, defender_cost = table.call_costs(contract)
        for cost, call, seat, effect in (
            (maker_cost, contract.best, contract.declarer, "cost the makers"),
            (defender_cost, contract.defender_best, contract.lone_defender, "gave the makers"),
        ):
            if cost and call is not None and seat is not None:
                parts.append(
                    f"{SEATS[seat]}'s call ({card_name(call.passed)} for {card_name(call.discard)}) "
                    f"{effect} {tricks(cost)} against its best call"
                )
    return "; ".join(parts)


class Euchre(EuchreFamily, Game):
    family = "euchre"
    # each maker's best is four tricks, and in the upcard's suit the dealer's discard matters
    examples = {
        "euchre": Example("N:K.QT.T.K 9..A9.Q9 A.KJ.J.J QJ.A9.Q. TC", dealer="N", declarer="N"),
        "euchre2": Example("N:9.Q9.J.T T..T.AJ9 9D", dealer="N", declarer="N"),
        # N takes the AD and puts away the 9H for four tricks; a spade away, three
        "euchre3": Example("N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD", dealer="N", declarer="N"),
        # alone, S takes the Joker from N for all five tricks in clubs; with N, three
        "railroad": Example("N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD", dealer="N", declarer="S"),
    }

    def adviser(self) -> Callable[..., CallAdvice]:
        from ...analysis.advice import advise_euchre

        return advise_euchre

    def format_table(self, analysis: EuchreAnalysis) -> str:
        return format_euchre_table(analysis)

    def table_html(self, analysis: EuchreAnalysis) -> str:
        from ...text.html import grid_html  # html's modules only for notebooks and pages

        parts = []
        for maker, table in analysis.tables.items():
            best = table.best
            rows: list[tuple[str, Sequence[int | str]]] = []
            for trump in TRUMPS:
                entry = table.entries[trump]
                exchange = ", ".join(f"{card_name(d)} {n}" for d, n in entry.discards.items())
                rows.append((SUITS[trump], [entry.value, exchange]))
            parts.append(
                grid_html(
                    f"{SEATS[maker]} makes{lone_form(analysis.alone, analysis.lone_defender)}: "
                    f"best {SUIT_NAMES[best.trump]}, {tricks(best.tricks)}",
                    "trump",
                    ["tricks", "after each of the dealer's discards"],
                    rows,
                    (TRUMPS.index(best.trump), 0),
                )
            )
        return "".join(parts)

    def advice_lines(self, seat: int, advice: Advice) -> list[str]:
        from ...analysis.bidding import EuchreAdvice

        assert isinstance(advice, EuchreAdvice), "a Euchre seat's advice"
        cells = []
        for call in advice.calls:
            alone = " alone" if call.result.alone else ""
            cells.append(f"{call.result.trump}{alone} {call.result.tricks} ({signed(call.makers - call.defenders)})")
        best = advice.best.result
        return [f"{SEATS[seat]}  " + ", ".join(cells) + f"; best {best.trump}{' alone' if best.alone else ''}"]

    def contract_head(self, state: PlayState, exchange: bool = True) -> str:
        contract, deal = state.contract, state.deal
        head = (
            f"{SEATS[contract.declarer]} makes {SUIT_NAMES[contract.trump]}"
            f"{lone_form(contract.alone, contract.lone_defender)}"
        )
        if not exchange:
            return head
        discard = exchange_discard(state)
        calls = calls_words(contract.best, contract.declarer, contract.defender_best, contract.lone_defender)
        calls = f"; {calls}" if calls else ""
        if discard is None:
            return head + f", nobody takes the upcard {card_name(deal.extra)}" + calls
        return (
            head
            + f", {SEATS[deal.dealer]} takes the upcard {card_name(deal.extra)}, discards {card_name(discard)}"
            + calls
        )

    def contract_line(self, review: PlayReview) -> str:
        return contract_line(review)


GAME = Euchre()  # what hasen.games registers for the family
