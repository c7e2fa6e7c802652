"""A fair hand review as text: the result, every call of the auction and the contract judged,
then every card with its single-dummy and double-dummy verdicts side by side, and why each
mistake is one."""

from __future__ import annotations

from ..analysis.fair import EPSILON, MIN_JUDGED, MISTAKE_POINTS, FairVerdict, Why
from ..analysis.hand_review import CallVerdict, ChoiceVerdict, HandReview
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import Card, Suit
from ..core.seats import SEATS
from ..core.variants import Variant
from ..rules.scoring import named_points
from .words import OPEN_HANDS, by_shape, calls_words, lone_form, points_less, sides_text, signed, tricks


def choice_words(pair: tuple[Suit, Card | None, bool], variant: Variant) -> str:
    """A choice as the chooser makes it: the declarer who takes the widow names the trump,
    the discard and the form of play (where the game has two); the dealer who takes the
    upcard only discards."""
    trump, discard, alone = pair
    exchanges = variant.exchanger == "declarer"
    form = (" alone" if alone else " with the partner") if exchanges and len(variant.forms) > 1 else ""
    if discard is None:
        return SUIT_NAMES[trump] + form
    if exchanges:
        return f"{SUIT_NAMES[trump]}, discard {card_name(discard)}{form}"
    return f"discard {card_name(discard)}"


def result_lines(review: HandReview) -> list[str]:
    record = review.record
    score = (
        ""
        if review.score is None
        else f" (the score before it: {sides_text(record.variant.score_names, review.score)})"
    )
    contract = record.contract
    assert contract is not None
    bid = record.bid
    what = f"bid {bid.name(record.settings)}" if bid is not None else "made trump"
    calls = calls_words(contract.best, contract.declarer, contract.defender_best, contract.lone_defender)
    head = (
        f"{SEATS[contract.declarer]} {what}{lone_form(contract.alone, contract.lone_defender)} in "
        f"{SUIT_NAMES[contract.trump]}" + (f" ({calls})" if calls else "")
    )
    result = review.result
    if result is None:
        played = len(record.cards)
        lines = [f"{head}; the record stops after {played} card{'s' * (played != 1)}{score}."]
    else:
        lines = [f"{head}: {result.text()}{score}."]
    par = None if review.par is None else review.par.played
    if review.par is None:
        lines.append("Par, every hand open: not known (the record does not know the dealer's discard).")
    elif par is None:
        lines.append("Par, every hand open: nobody declares (the hand is dealt again).")
    else:
        variant, declarer = record.variant, par.result.declarer
        if len(variant.score_names) > 2:  # each one's points: the declarer's say nothing of the others'
            worth = ", ".join(f"{name} {signed(p)}" for name, p in named_points(variant, declarer, par.score).items())
        else:
            worth = f"{variant.side_names[variant.side_of(declarer)]} {par.score[0]:+d}"
        how = f"bids {par.bid}" if par.bid else "makes"
        lines.append(
            f"Par, every hand open: {SEATS[declarer]} {how}"
            f"{' alone' if par.result.alone else ''} in {SUIT_NAMES[par.result.trump]}, "
            f"{tricks(par.result.tricks)}: {worth}."
        )
    return lines


def points(value: float) -> str:
    return f"{value:+.2f}"


def not_judged_words(layouts: int, unagreed: bool = False) -> str:
    if unagreed:
        return "not judged: no layout agrees with the calls before it"
    return (
        f"not judged: only {layouts} layout{'s' * (layouts != 1)} agree with what the player knew (at least "
        f"{MIN_JUDGED} are needed)"
    )


def call_line(call: CallVerdict) -> str:
    """``3. E pass: -4.10; best 5 +1.20 (5.30 ±0.40 points given away): a MISTAKE``, a close
    call, or not judged; with the score known, decided by the chance of winning the game,
    ``; wins the game 45% (5: 64%)``."""
    head = f"  {call.number}. {SEATS[call.seat]} {call.made.call}: {points(call.made.expected)}"
    close = call.close_calls
    others = [c for c in close if c != call.made.call]
    if not call.judged:
        line = f"{head} ({not_judged_words(call.layouts, call.unagreed)})"
    elif call.made.call in close and others:
        line = f"{head}, a close call with {' or '.join(others)} (within the sampling error)"
    elif call.best.call == call.made.call or (call.win_cost if call.win_cost is not None else call.cost) <= EPSILON:
        line = head + ", the best call"
    elif call.by_win and call.win_cost is not None:
        line = (
            f"{head}; best {call.best.call} {points(call.best.expected)} ({100 * call.win_cost:.1f} "
            f"±{100 * (call.best.win_stderr or 0.0):.1f}% of the game given away)"
        )
        line += ": a MISTAKE" if call.mistake else ""
    else:
        line = (
            f"{head}; best {call.best.call} {points(call.best.expected)} ({call.cost:.2f} ±{call.stderr:.2f} "
            "given away)"
        )
        line += ": a MISTAKE" if call.mistake else ""
    return line + game_words(call)


def game_words(call: CallVerdict) -> str:
    """``; wins the game 45% (5: 64%)``: the caller's side's chance of winning the game after the
    call, and after the call that gives the most, when the score is known."""
    if call.made.win is None:
        return ""
    top = max(call.options, key=lambda o: o.win or 0.0)
    better = (
        f" ({top.call}: {top.win or 0.0:.0%})" if top.call != call.made.call and (call.win_cost or 0) >= 0.005 else ""
    )
    return f"; wins the game {call.made.win:.0%}{better}"


def decision_lines(review: HandReview) -> list[str]:
    out = []
    variant = review.record.variant
    if review.calls:
        agree = "" if review.uniform else ", on layouts that agree with the calls before it by the model"
        whose = by_shape(variant, "the caller's side's", "the caller's")
        out.append(
            f"Each call, knowing only its caller's cards{agree} ({review.layouts} layouts a call; the "
            "auction then goes on by the model of the other players, and its contract is played out): "
            f"{whose} expected points, {points_less(variant, 'its', 'its')}."
        )
        out += [call_line(call) for call in review.calls]
    if review.choice is not None:
        out.append(choice_line(review.choice, variant))
    return out


def choice_line(c: ChoiceVerdict, variant: Variant) -> str:
    what = "The contract" if variant.exchanger == "declarer" else "The dealer's discard"
    line = (
        f"{what}, knowing {SEATS[c.seat]}'s cards: {choice_words(c.chosen, variant)}, "
        f"{points(c.points)} points expected ({c.mean:.2f} tricks)"
    )
    if c.chosen == c.best or c.cost <= 0:
        return line + ", the best choice."
    line += (
        f"; best {choice_words(c.best, variant)}, {points(c.best_points)} "
        f"({c.cost:.2f} ±{c.stderr:.2f} points given away)"
    )
    return line + (": a mistake." if c.mistake else ".")


def single_dummy_words(card: FairVerdict) -> str:
    if not card.choices:
        return "the only card"
    if not card.judged:
        return (
            "not judged (no layout agrees with the auction)"
            if card.unagreed
            else f"not judged (only {card.layouts} layouts)"
        )
    if (
        card.best == card.card
        or (card.win_cost is not None and card.win_cost <= EPSILON)
        or (card.win_cost is None and card.points_cost <= 0 and card.cost <= 0)
    ):
        return "best" if not card.exact else "best (exact)"
    game = "" if card.win_cost is None else f", {100 * card.win_cost:.0f}% game"
    words = (
        f"{card.points_cost:.2f} ±{card.points_stderr:.2f} pts, {card.cost:.2f} tr{game} (best {card_name(card.best)})"
    )
    return ("MISTAKE " if card.mistake else "") + words


def double_dummy_words(cost: int) -> str:
    return "best" if cost == 0 else f"{tricks(cost)} given away"


def why_lines(why: Why, made: str, best: str) -> list[str]:
    """A mistake's reason: the layout where it did worst against the best, and the shares."""

    def one(words: str, pair: tuple[int | None, float]) -> str:  # a call's contracts differ: no tricks
        return f"{words}: {'' if pair[0] is None else tricks(pair[0]) + ', '}{pair[1]:+g} points"

    there = f"{one(made, why.made)}; {one(best, why.best)}"
    hands = "  ".join(f"{seat} {cards}" for seat, cards in why.hands.items())
    return [
        f"     for example: {hands}",
        f"     there {there}; {best} is the better on {why.best_better:.0%} of the layouts, {made} on "
        f"{why.made_better:.0%}",
    ]


def format_hand_review(review: HandReview) -> str:
    record = review.record
    out = result_lines(review) + [f"Not judged: {why}." for why in review.not_judged] + [""] + [str(record.deal)] + [""]
    out += decision_lines(review)
    for call in review.calls:
        if call.why is not None:
            out.append(f"  why call {call.number}, {SEATS[call.seat]} {call.made.call}, is a mistake:")
            out += why_lines(call.why, call.made.call, call.best.call)
    agree = "" if review.uniform else ", the layouts agreeing with the auction"
    reckoned = points_less(record.variant, "its side's", "its")
    out += [
        "",
        f"Each card judged twice: single dummy, from its player's seat, knowing what it could know "
        f"({review.layouts} layouts a card{agree}, seed {review.seed}), in points of the hand "
        f"({reckoned}) and tricks; and double dummy, in tricks.",
        OPEN_HANDS,
    ]
    if review.score is not None:
        out.append('With the score known, "game" is the chance of winning the game given away, in percentage points.')
    out.append("")
    width = max([46, *(len(single_dummy_words(card)) + 2 for card in review.cards)])
    out.append(f"{'trick':<7}{'seat':<6}{'card':<6}{'single dummy: given away':<{width}}double dummy")
    for card in review.cards:
        trick = review.double_dummy.cards[card.number - 1].trick
        out.append(
            f"{trick:<7}{SEATS[card.seat]:<6}{card_name(card.card):<6}{single_dummy_words(card):<{width}}"
            f"{double_dummy_words(review.double_dummy_cost(card.number))}"
        )
    mistakes = [c for c in review.cards if c.mistake]
    unlucky = [c for c in review.cards if review.verdict(c) == "double dummy only"]
    out.append("")
    if mistakes:
        out.append(f"Mistakes (at least {MISTAKE_POINTS:.2f} points, clear of the sampling error):")
        for c in mistakes:
            out.append(
                f"  {SEATS[c.seat]} {card_name(c.card)} (trick {review.double_dummy.cards[c.number - 1].trick}"
                f", {c.points_cost:.2f} points; best {card_name(c.best)})"
            )
            if c.why is not None:
                out += why_lines(c.why, card_name(c.card), card_name(c.best))
    else:
        out.append("No card of the play was a mistake from its player's seat.")
    if unlucky:
        out.append(
            "Cost tricks only with every hand open (no mistake from the player's seat): "
            + ", ".join(f"{SEATS[c.seat]} {card_name(c.card)}" for c in unlucky)
            + "."
        )
    game = review.score is not None
    out += [
        "",
        "per player: cards, mistakes, points given away (single dummy: in the play, in the auction and "
        "the contract)"
        + (", the chance of winning the game given away" if game else "")
        + ", tricks given away in the play with every hand open",
    ]
    for seat, t in review.players.items():
        chance = (
            f"; the game: {100 * t.play_win:.0f}% in the play, {100 * t.bidding_win:.0f}% in the auction"
            if game
            else ""
        )
        out.append(
            f"  {SEATS[seat]}  {t.cards:>2} card{'s' * (t.cards != 1)}, {t.mistakes} mistake"
            f"{'s' * (t.mistakes != 1)}, "
            f"{t.play_points:.2f} in the play, {t.bidding_points:.2f} in the auction and contract{chance}; "
            f"double dummy {t.double_dummy_given_away}"
        )
    return "\n".join(out)
