"""A fair hand review as text: the result, the decisions that mattered, then every card
with its single-dummy and double-dummy verdicts side by side."""

from __future__ import annotations

from ..analysis.fair import MISTAKE, FairVerdict
from ..analysis.hand_review import ChoiceVerdict, HandReview
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import Card, Suit
from ..core.seats import SEATS
from .simulation import percent
from .words import OPEN_HANDS, tricks


def choice_words(pair: tuple[Suit, Card | None], exchanges: bool) -> str:
    trump, discard = pair
    if discard is None:
        return SUIT_NAMES[trump]
    return f"{SUIT_NAMES[trump]}, discard {card_name(discard)}" if exchanges else f"discard {card_name(discard)}"


def result_lines(review: HandReview) -> list[str]:
    record = review.record
    contract = record.contract
    assert contract is not None
    bid = record.bid
    what = f"bid {bid.name(record.settings)}" if bid is not None else "made trump"
    alone = " alone" if contract.alone else ""
    head = f"{SEATS[contract.declarer]} {what}{alone} in {SUIT_NAMES[contract.trump]}"
    result = review.result
    if result is None:
        played = len(record.cards)
        lines = [f"{head}; the record stops after {played} card{'s' * (played != 1)}."]
    else:
        lines = [f"{head}: {result.text()}."]
    par = review.par.played
    if par is None:
        lines.append("Par, every hand open: nobody declares (the hand is dealt again).")
    else:
        ours = record.variant.side_names[record.variant.side_of(par.result.declarer)]
        how = f"bids {par.bid}" if par.bid else "makes"
        lines.append(f"Par, every hand open: {SEATS[par.result.declarer]} {how}"
                     f"{' alone' if par.result.alone else ''} in {SUIT_NAMES[par.result.trump]}, "
                     f"{tricks(par.result.tricks)}: {ours} {par.score[0]:+d}.")
    return lines


def decision_lines(review: HandReview) -> list[str]:
    out = []
    exchanges = review.record.variant.declarer_exchanges
    if review.bid is not None:
        b = review.bid
        f = b.figures
        verdict = "a mistake: it is expected to lose" if b.mistake else "sound"
        worth = f"worth bidding up to {b.worth}" if exchanges else f"the best call of its round: {b.worth or 'pass'}"
        if exchanges and b.worth is None:
            worth = "no bid was worth making"
        out.append(f"The {'bid' if exchanges else 'call'}, knowing {SEATS[b.seat]}'s own cards: {f.bid} makes "
                   f"{percent(f.make)} of the time, expected {f.expected:+.2f} ±{f.stderr:.2f} points; {worth}; "
                   f"{verdict}.")
    if review.choice is not None:
        out.append(choice_line(review.choice, exchanges))
    return out


def choice_line(c: ChoiceVerdict, exchanges: bool) -> str:
    what = "Trump and discard" if exchanges else "The dealer's discard"
    line = (f"{what}, knowing {SEATS[c.seat]}'s cards: {choice_words(c.chosen, exchanges)}, "
            f"{c.mean:.2f} tricks on average")
    if c.chosen == c.best:
        return line + ", the best choice."
    line += (f"; best {choice_words(c.best, exchanges)}, {c.best_mean:.2f} "
             f"({c.cost:.2f} ±{c.stderr:.2f} given away)")
    return line + (": a mistake." if c.mistake else ".")


def single_dummy_words(card: FairVerdict) -> str:
    if not card.choices:
        return "the only card"
    if card.cost == 0:
        return "best" if not card.exact else "best (exact)"
    words = f"{card.cost:.2f} ±{card.stderr:.2f} (best {card_name(card.best)})"
    return ("MISTAKE " if card.mistake else "") + words


def double_dummy_words(cost: int) -> str:
    return "best" if cost == 0 else f"{tricks(cost)} given away"


def format_hand_review(review: HandReview) -> str:
    record = review.record
    out = result_lines(review) + [""] + [str(record.deal)] + [""]
    out += decision_lines(review)
    out += ["", f"Each card judged twice: single dummy, from its player's seat, knowing what it could know "
                f"({review.layouts} layouts a card, seed {review.seed}); and double dummy.",
            OPEN_HANDS,
            "",
            f"{'trick':<7}{'seat':<6}{'card':<6}{'single dummy: tricks given away':<40}double dummy"]
    for card in review.cards:
        trick = review.double_dummy.cards[card.number - 1].trick
        out.append(f"{trick:<7}{SEATS[card.seat]:<6}{card_name(card.card):<6}{single_dummy_words(card):<40}"
                   f"{double_dummy_words(review.double_dummy_cost(card.number))}")
    mistakes = [c for c in review.cards if c.mistake]
    unlucky = [c for c in review.cards if review.verdict(c) == "double dummy only"]
    out.append("")
    if mistakes:
        out.append(f"Mistakes (at least {MISTAKE:.2f} tricks, clear of the sampling error): " + ", ".join(
            f"{SEATS[c.seat]} {card_name(c.card)} (trick {review.double_dummy.cards[c.number - 1].trick}, "
            f"{c.cost:.2f})" for c in mistakes) + ".")
    else:
        out.append("No card of the play was a mistake from its player's seat.")
    if unlucky:
        out.append("Cost tricks only with every hand open (no mistake from the player's seat): " + ", ".join(
            f"{SEATS[c.seat]} {card_name(c.card)}" for c in unlucky) + ".")
    out += ["", "per player: cards, mistakes, tricks given away (single dummy: in the play, by the trump and "
                "discard; double dummy: in the play)"]
    for seat, t in review.players.items():
        out.append(f"  {SEATS[seat]}  {t.cards:>2} cards, {t.mistakes} mistake{'s' * (t.mistakes != 1)}, "
                   f"{t.given_away:.2f} in the play, {t.bidding_given_away:.2f} by the contract; "
                   f"double dummy {t.double_dummy_given_away}")
    return "\n".join(out)
