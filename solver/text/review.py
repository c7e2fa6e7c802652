"""The play review as text for people: the play trick by trick, costly cards marked."""

from __future__ import annotations

from ..analysis.position import exchange_discard
from ..analysis.review import CardReview, PlayReview
from ..core.cards import SUIT_NAMES, card_name
from ..core.seats import SEATS

COSTLY = "*"  # follows a card that gave tricks away


def card_cell(entry: CardReview) -> str:
    return card_name(entry.card) + (COSTLY if entry.cost else "")


def euchre_contract_line(review: PlayReview) -> str:
    contract, start = review.contract, review.start
    trump, entry = review.table.best
    discard = exchange_discard(start)
    chosen = f"contract: {SUIT_NAMES[contract.trump]}"
    if discard is not None:
        chosen += f", the dealer discards {card_name(discard)}"
    chosen += f": {review.contract_tricks} tricks double-dummy"
    if review.contract_cost == 0:
        chosen += ", the best trump"
    else:
        lost = "trick" if review.contract_cost == 1 else "tricks"
        chosen += (f"; best: {SUIT_NAMES[trump]}, {entry.value} tricks "
                   f"({review.contract_cost} {lost} given away by the choice of trump)")
    if review.discard_cost:
        best = review.table.entries[contract.trump].discard
        lost = "trick" if review.discard_cost == 1 else "tricks"
        chosen += f"; the discard gave away {review.discard_cost} {lost} (best: {card_name(best)})"
    return chosen


def contract_line(review: PlayReview) -> str:
    if not review.start.deal.variant.declarer_exchanges:
        return euchre_contract_line(review)
    contract = review.contract
    trump, discard, tricks = review.table.best
    chosen = (f"contract: {SUIT_NAMES[contract.trump]}, discard {card_name(contract.discard)}: "
              f"{review.contract_tricks} tricks double-dummy")
    if review.contract_cost == 0:
        return chosen + ", the best choice"
    lost = "trick" if review.contract_cost == 1 else "tricks"
    return (chosen + f"; best: {SUIT_NAMES[trump]}, discard {card_name(discard)}, {tricks} tricks "
            f"({review.contract_cost} {lost} given away)")


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
            rows.append(f"  trick {c.trick}, {SEATS[c.seat]} {card_name(c.card)}: {side} {c.before} -> {c.after} "
                        f"({c.cost} {lost} given away); best: {best}")
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
        return (f"{side} took {end.declarer_taken()} tricks; the contract was worth {review.contract_tricks}, "
                f"the best contract {review.table.best_tricks}")
    return (f"after {len(review.cards)} cards: {side} have {end.declarer_taken()} tricks and take "
            f"{review.total} with best play from here; {SEATS[end.to_move]} to move")


def format_review(review: PlayReview) -> str:
    deal, contract, start = review.start.deal, review.contract, review.start
    alone = " alone" if contract.alone else ""
    if contract.lone_defender is not None:
        alone += f" against {SEATS[contract.lone_defender]} alone"
    if deal.variant.declarer_exchanges:
        head = f"{SEATS[contract.declarer]} declares {SUIT_NAMES[contract.trump]}{alone}, discard {card_name(contract.discard)}"
    else:
        head = f"{SEATS[contract.declarer]} makes {SUIT_NAMES[contract.trump]}{alone}"
    out = [str(deal), "",
           f"{head}; {SEATS[deal.dealer]} deals, {SEATS[start.leader]} leads",
           contract_line(review), ""]
    if review.cards:
        side = review.side_names[start.declaring_side]
        out += trick_rows(review)
        out.append(f"{COSTLY} gave tricks away; {side}: the tricks {side} take with best play after the trick")
        costly = costly_rows(review)
        out += ["", "costly cards:", *costly] if costly else ["", "no card gave a trick away"]
        out += ["", *player_rows(review)]
    else:
        out.append("no cards played")
    out += ["", outcome_line(review)]
    return "\n".join(out)
