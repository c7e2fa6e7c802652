"""The play review as text for people: the play trick by trick, costly cards marked."""

from __future__ import annotations

from ..analysis.review import CardReview, PlayReview
from ..core.cards import card_name
from ..core.seats import SEATS
from .words import OPEN_HANDS, tricks, verb

COSTLY = "*"  # follows a card that gave tricks away


def card_cell(entry: CardReview) -> str:
    return card_name(entry.card) + (COSTLY if entry.cost else "")


def trick_rows(review: PlayReview) -> list[str]:
    """One row per trick: leader, cards, winner, and the declaring side's total after it."""
    side = review.side_names[review.start.declaring_side]
    width = 5 * len(review.start.seats)
    rows = [f"{'trick':<7}{'lead':<6}{'cards':<{width}}{'won by':<8}{side}"]
    winners = [winner for _, _, winner in review.end.tricks]
    for number in range(1, review.cards[-1].trick + 1 if review.cards else 1):
        entries = [c for c in review.cards if c.trick == number]
        cells = "".join(f"{card_cell(c):<5}" for c in entries)
        won = SEATS[winners[number - 1]] if number <= len(winners) else "-"
        rows.append(f"{number:<7}{SEATS[entries[0].seat]:<6}{cells:<{width}}{won:<8}{entries[-1].after}")
    return rows


def costly_rows(review: PlayReview) -> list[str]:
    rows = []
    side = review.side_names[review.start.declaring_side]
    for c in review.cards:
        if c.cost:
            lost = "trick" if c.cost == 1 else "tricks"
            best = " ".join(card_name(b) for b in c.best_cards)
            rows.append(
                f"  trick {c.trick}, {SEATS[c.seat]} {card_name(c.card)}: {side} {c.before} -> {c.after} "
                f"({c.cost} {lost} given away); best: {best}"
            )
    return rows


def player_rows(review: PlayReview) -> list[str]:
    rows = [f"{'player':<8}{'cards':>5}{'costly':>8}{'tricks lost':>13}"]
    for seat, p in review.players.items():
        rows.append(f"{SEATS[seat]:<8}{p.cards:>5}{p.costly:>8}{p.tricks_lost:>13}")
    return rows


def outcome_line(review: PlayReview) -> str:
    side = review.side_names[review.start.declaring_side]
    end = review.end
    if end.finished:
        return (
            f"{side} took {tricks(end.declarer_taken())}; the contract was worth {review.contract_tricks}, "
            f"the best contract {review.table.best_tricks}"
        )
    return (
        f"after {len(review.cards)} cards: {side} {verb(side, 'have', 'has')} {tricks(end.declarer_taken())} "
        f"and {verb(side, 'take', 'takes')} "
        f"{review.total} with best play from here; {SEATS[end.to_move]} to move"
    )


def format_review(review: PlayReview, contract_head: str, contract_line: str) -> str:
    """The contract (the game's words: ``contract_head`` and ``contract_line``), the play
    trick by trick, the costly cards, each player's summary and the outcome."""
    deal, start = review.start.deal, review.start
    out = [
        str(deal),
        OPEN_HANDS,
        "",
        f"{contract_head}; {SEATS[deal.dealer]} deals, {SEATS[start.leader]} leads",
        contract_line,
        "",
    ]
    if review.cards:
        side = review.side_names[start.declaring_side]
        out += trick_rows(review)
        out.append(
            f"{COSTLY} gave tricks away; {side}: the tricks {side} {verb(side, 'take', 'takes')} with best "
            "play after the trick"
        )
        costly = costly_rows(review)
        out += ["", "costly cards:", *costly] if costly else ["", "no card gave a trick away"]
        out += ["", *player_rows(review)]
    else:
        out.append("no cards played")
    out += ["", outcome_line(review)]
    return "\n".join(out)
