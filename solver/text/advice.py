"""Single-dummy bid advice as text: the advice in a line or two, what the seat knows, then
every bid's (or call's) figures."""

from __future__ import annotations

from ..analysis.advice import BidAdvice, BidFigures, CallAdvice, CallFigures, FormAdvice
from ..analysis.layouts import Knowledge
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import CardSet
from ..core.seats import SEATS
from .simulation import percent


def points(value: float) -> str:
    return f"{value:+.2f}"


def trump_shares(bid: BidFigures) -> str:
    """``clubs 95%, hearts 5%``: the trumps chosen, most often first."""
    shares = sorted(((n, t) for t, n in bid.trumps.items() if n), key=lambda pair: -pair[0])
    return ", ".join(f"{SUIT_NAMES[t]} {percent(n / bid.layouts)}" for n, t in shares)


def bid_line(form: FormAdvice, label: str, other: FormAdvice | None = None) -> str:
    """One form's advice: the highest bid worth making (with the other form's expected
    score at that bid, to compare), or pass."""
    worth = form.worth()
    if worth is None:
        best = max(form.bids, key=lambda b: b.expected)
        return (f"{label}: pass; no bid scores above 0 on average (the best, {best.bid}, "
                f"expects {points(best.expected)})")
    line = (f"{label}: worth bidding up to {worth.bid} ({SUIT_NAMES[worth.trump]} most often): {worth.bid} makes "
            f"{percent(worth.make)} of the time, expected {points(worth.expected)} points")
    if other is not None:
        there = next(b for b in other.bids if b.bid == worth.bid)
        line += f" ({'alone' if other.alone else 'with the partner'}: {points(there.expected)})"
    return line


def what_is_known(knowledge: Knowledge, layouts: int, seed: int) -> list[str]:
    """What the seat knows and what is dealt at random, in two sentences."""
    k = knowledge
    seen = [f"its {len(CardSet(k.hand))} cards"]
    if k.extra is not None:
        seen.append(f"the {k.variant.extra_card}")
    seen.append("who deals")
    seen += [f"that {SEATS[s]} holds {CardSet(m)}" for s, m in enumerate(k.known) if m]
    unseen = len(k.unseen)
    rest = f"the {k.variant.extra_card} and {unseen - 1} other cards" if k.extra is None else f"{unseen} cards"
    return [f"What {SEATS[k.seat]} knows: {', '.join(seen[:-1])} and {seen[-1]}.",
            f"The rest, {rest}, is dealt at random: {layouts:,} layouts (seed {seed}), each played double-dummy."]


def format_bid_advice(advice: BidAdvice) -> str:
    k = advice.knowledge
    seat = SEATS[k.seat]
    out = [f"{seat} holds {CardSet(k.hand)}; {SEATS[k.dealer]} deals"]
    labels = {"with_partner": "With the partner", "alone": "Alone"}
    forms = list(advice.forms.values())
    for name, form in advice.forms.items():
        other = next((f for f in forms if f is not form), None)
        out.append(bid_line(form, labels[name] if k.variant.partners else "Advice", other))
    out += ["", *what_is_known(k, advice.layouts, advice.seed),
            f"Trump and discard are chosen after the widow, on {advice.choice_layouts} other layouts for each "
            f"card it can be.", ""]
    for name, form in advice.forms.items():
        out.append(f"{labels[name].lower() if k.variant.partners else 'every bid'}:")
        out.append(f"  {'bid':<15}{'makes':>6}{'expected':>16}{'tricks':>8}  trump chosen")
        for bid in form.bids:
            out.append(f"  {bid.bid:<15}{percent(bid.make):>6}{points(bid.expected):>10} ±{bid.stderr:.2f}"
                       f"{bid.mean_tricks:>8.2f}  {trump_shares(bid)}")
        out.append("")
    return "\n".join(out).rstrip()


def call_words(call: CallFigures, dealer: bool) -> str:
    """``order it up``, ``pick it up, discarding 9S`` (the dealer), ``name hearts``, each
    ``alone`` or not."""
    if call.bid == "order up":
        words = "pick it up" if dealer else "order it up"
    else:
        words = f"name {SUIT_NAMES[call.trump]}"
    if call.alone:
        words += " alone"
    if call.discard is not None:
        words += f", discarding {card_name(call.discard)}"
    return words


def round_line(advice: CallAdvice, round: int) -> str:
    calls = [c for c in advice.calls if c.round == round]
    title = "First round" if round == 1 else "Second round"
    dealer = advice.knowledge.seat == advice.knowledge.dealer
    best = advice.best(round)
    if best is None:
        top = max(calls, key=lambda c: c.expected)
        return f"{title}: pass (the best call, {call_words(top, dealer)}, expects {points(top.expected)})"
    must = " (the dealer must call)" if advice.stuck(round) and best.expected <= 0 else ""
    return (f"{title}: {call_words(best, dealer)}{must}; it makes {percent(best.make)} of the time, "
            f"expected {points(best.expected)} points")


def format_call_advice(advice: CallAdvice) -> str:
    k = advice.knowledge
    assert k.extra is not None
    out = [f"{SEATS[k.seat]} holds {CardSet(k.hand)}; the upcard is {card_name(k.extra)}; {SEATS[k.dealer]} deals"]
    if advice.nothing_to_decide:
        return "\n".join(out + [f"Nothing to decide: {advice.nothing_to_decide}."])
    rounds = sorted({c.round for c in advice.calls})
    out += [round_line(advice, r) for r in rounds]
    out += ["", *what_is_known(k, advice.layouts, advice.seed)]
    if any(c.discard is not None for c in advice.calls):
        out.append(f"The dealer's discard is chosen on {advice.choice_layouts} other layouts.")
    out += ["", f"  {'round':<7}{'call':<20}{'makes':>6}{'march':>7}{'euchred':>9}{'expected':>16}"]
    for call in advice.calls:
        name = call.bid + (" alone" if call.alone else "")
        out.append(f"  {call.round:<7}{name:<20}{percent(call.make):>6}{percent(call.share(len(call.counts) - 1)):>7}"
                   f"{percent(1 - call.make):>9}{points(call.expected):>10} ±{call.stderr:.2f}")
    return "\n".join(out).rstrip()
