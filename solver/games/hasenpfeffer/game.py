"""Hasenpfeffer: the declarer takes the widow, names trump and discards one of seven cards.

Its table is the declarer's tricks for every trump and discard; a contract is judged
against that table's best cell; its auction is bidding for tricks (docs/variants.md).
These are the family's part of the analyses (``family``); its ``Game`` adds the public
calls and says the answers in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...analysis.table import TRUMPS
from ...core.cards import SUIT_NAMES, SUITS, card_name
from ...core.seats import SEATS
from ...play.state import PlayState
from ...rules.seating import active_seats, first_leader
from ...text.words import OPEN_HANDS, lone_form, signed, tricks
from ..base import Example, Game
from .family import HasenpfefferFamily
from .table import DeclarerTable, TableAnalysis

if TYPE_CHECKING:  # the auction, the review and the advice are imported when asked for
    from ...analysis.advice import BidAdvice
    from ...analysis.bidding import Advice
    from ...analysis.review import PlayReview

# the built-in example (``hasen table --example``): N declares clubs, discards KH, takes all six
EXAMPLE = Example("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W", declarer="N")


def format_table(analysis: TableAnalysis) -> str:
    """Each declarer's grid: trumps as rows, discards as columns, the best cell in brackets."""

    deal = analysis.deal
    out = [str(deal), OPEN_HANDS, ""]
    for seat, table in analysis.tables.items():
        defender = analysis.lone_defender
        seats = active_seats(deal.variant, seat, analysis.alone, defender)
        leader = first_leader(deal.dealer, seat, seats, analysis.alone, analysis.settings, defender)
        out.append(
            f"{SEATS[seat]} declares{lone_form(analysis.alone, defender)}; {SEATS[deal.dealer]} deals, "
            f"{SEATS[leader]} leads"
        )
        out.append("trump " + "".join(f"{card_name(d):>4}" for d in table.discards) + "   (discard)")
        (best_trump, best_discard), best_tricks = table.ties[0], table.best_tricks
        for trump in TRUMPS:
            cells = []
            for d in table.discards:
                n = table.tricks[trump][d]
                cells.append(f"[{n}]" if (trump, d) == (best_trump, best_discard) else f" {n} ")
            out.append(f"{SUITS[trump]:<6}" + "".join(f"{c:>4}" for c in cells).rstrip())
        ties = table.ties
        also = ""
        if len(ties) > 1:
            also = "; also " + ", ".join(f"{SUITS[t]}/{card_name(d)}" for t, d in ties[1:])
        out.append(f"best: {SUIT_NAMES[best_trump]}, discard {card_name(best_discard)}, {best_tricks} tricks{also}")
        out.append("")
    return "\n".join(out).rstrip()


def contract_line(review: PlayReview) -> str:
    """The declarer's trump and discard against the best cell of the table."""
    contract, table = review.contract, review.table
    assert isinstance(table, DeclarerTable)
    (trump, discard), tricks = table.ties[0], table.best_tricks
    chosen = (
        f"contract: {SUIT_NAMES[contract.trump]}, discard {card_name(contract.discard)}: "
        f"{review.contract_tricks} tricks double-dummy"
    )
    if review.contract_cost == 0:
        return chosen + ", the best choice"
    lost = "trick" if review.contract_cost == 1 else "tricks"
    return (
        chosen + f"; best: {SUIT_NAMES[trump]}, discard {card_name(discard)}, {tricks} tricks "
        f"({review.contract_cost} {lost} given away)"
    )


class Hasenpfeffer(HasenpfefferFamily, Game):
    family = "hasenpfeffer"
    examples = {"hasenpfeffer": EXAMPLE}

    def adviser(self) -> Callable[..., BidAdvice]:
        from ...analysis.advice import advise_hasenpfeffer

        return advise_hasenpfeffer

    def format_table(self, analysis: TableAnalysis) -> str:
        return format_table(analysis)

    def table_html(self, analysis: TableAnalysis) -> str:
        from ...text.html import grid_html  # html's modules only for notebooks and pages

        parts = []
        for seat, table in analysis.tables.items():
            (best_trump, best_discard), best_tricks = table.ties[0], table.best_tricks
            rows = [(SUITS[t], [table.tricks[t][d] for d in table.discards]) for t in TRUMPS]
            best = (TRUMPS.index(best_trump), table.discards.index(best_discard))
            parts.append(
                grid_html(
                    f"{SEATS[seat]} declares{lone_form(analysis.alone, analysis.lone_defender)}: "
                    f"best {SUIT_NAMES[best_trump]}, discard {card_name(best_discard)}, "
                    f"{tricks(best_tricks)}",
                    "trump \\ discard",
                    [card_name(d) for d in table.discards],
                    rows,
                    best,
                )
            )
        return "".join(parts)

    def advice_lines(self, seat: int, advice: Advice) -> list[str]:
        from ...analysis.bidding import HasenpfefferAdvice

        assert isinstance(advice, HasenpfefferAdvice), "a Hasenpfeffer seat's advice"
        lines = []
        for form, label in ((advice.with_partner, "with partner"), (advice.alone, "alone")):
            scores = " ".join(f"{s.bid}:{signed(s.declarers)}" for s in form.scores)
            lines.append(
                f"{SEATS[seat]} {label:<13} {tricks(form.tricks)}, highest bid "
                f"{form.highest_bid or 'none'}; scores {scores}"
            )
        return lines

    def contract_head(self, state: PlayState, exchange: bool = True) -> str:
        contract = state.contract
        return (
            f"{SEATS[contract.declarer]} declares {SUIT_NAMES[contract.trump]}"
            f"{lone_form(contract.alone, contract.lone_defender)}, discard {card_name(contract.discard)}"
        )

    def contract_line(self, review: PlayReview) -> str:
        return contract_line(review)


GAME = Hasenpfeffer()  # what hasen.games registers for the family
