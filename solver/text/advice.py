"""Single-dummy bid advice as text: the advice in a line or two, what the seat knows, then
every option's value at the table and every bid's (or call's) figures if the seat plays it."""

from __future__ import annotations

import numpy as np

from ..analysis.actions import ActionFigures
from ..analysis.advice import BidAdvice, BidFigures, CallAdvice, CallFigures, FormAdvice
from ..analysis.answer import stderr_of_mean
from ..analysis.choosing import FIRST_ROUND
from ..analysis.knowledge import Context, Knowledge
from ..core.cards import SUIT_NAMES, card_name
from ..core.deal import upcard_text
from ..core.names import CardSet
from ..core.seats import SEATS
from ..core.settings import Settings
from .words import OWN_POINTS, by_shape, form_title, form_words, percent, score_text, sides_text, verb


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
        return (
            f"{label}: pass; no bid scores above 0 on average (the best, {best.bid}, expects {points(best.expected)})"
        )
    line = (
        f"{label}: worth bidding up to {worth.bid} ({SUIT_NAMES[worth.trump]} most often): {worth.bid} makes "
        f"{percent(worth.make)} of the time, expected {points(worth.expected)} points"
    )
    if other is not None:
        there = next(b for b in other.bids if b.bid == worth.bid)
        line += f" ({'alone' if other.alone else 'with the partner'}: {points(there.expected)})"
    return line


def what_is_known(
    knowledge: Knowledge, layouts: int, seed: int, context: Context | None = None, settings: Settings | None = None
) -> list[str]:
    """What the seat knows and what is dealt at random, in a few sentences."""
    k = knowledge
    seen = [f"its {len(CardSet(k.hand))} cards"]
    if k.extra is not None:
        seen.append(f"the {k.variant.extra_card}")
    seen.append("who deals")
    if context is not None and context.auction and not context.passes_taken:
        seen.append("the calls so far")
    seen += [f"that {SEATS[s]} holds {CardSet(m)}" for s, m in enumerate(k.known) if m]
    unseen = len(k.unseen)
    rest = f"the {k.variant.extra_card} and {unseen - 1} other cards" if k.extra is None else f"{unseen} cards"
    lines = [f"What {SEATS[k.seat]} knows: {', '.join(seen[:-1])} and {seen[-1]}."]
    if context is not None and context.auction:
        words = ", ".join(f"{SEATS[seat]} {call.words(settings or Settings())}" for seat, call in context.auction)
        taken = " (taken to have passed: give --auction for other calls)" if context.passes_taken else ""
        lines.append(f"The auction so far: {words}{taken}.")
    lines.append(
        f"The rest, {rest}, is dealt at random: {layouts:,} layouts (seed {seed}), each played "
        "double-dummy (every hand open, best play)."
    )
    return lines


def model_lines(advice: BidAdvice | CallAdvice) -> list[str]:
    """How the other players were taken, and which layouts were kept."""
    context, agreeing = advice.context, advice.agreeing
    if not context.model:
        return [
            "Each bid is judged as if it won the auction, and passing as worth 0 (--no-model): what the other "
            "players would call is left out."
        ]
    lines = [
        "After the seat's call the auction goes on by the model of the other players (how a player bids "
        "knowing only its own cards; docs/variants.md), and the contract it ends in is played out."
    ]
    if agreeing is not None and agreeing.filtered:
        lines.append(
            f"The layouts agree with the other seats' calls so far by the model: {advice.layouts:,} of "
            f"{agreeing.tried:,} dealt."
        )
    elif (
        agreeing is not None
        and any(seat != advice.knowledge.seat for seat, _ in context.auction)
        and not context.uniform
    ):
        lines.append(
            f"No layout of {agreeing.tried:,} dealt agrees with the other seats' calls by the model: every "
            "layout is taken."
        )
    return lines


def side_name(advice: BidAdvice | CallAdvice) -> tuple[str, str]:
    variant, seat = advice.knowledge.variant, advice.knowledge.seat
    ours = variant.score_names[variant.scorer_of(seat)]
    return ours, variant.against(seat)


def option_words(action: ActionFigures, advice: BidAdvice | CallAdvice) -> str:
    """The option as a player says it: ``pass``, ``bid up to 5 alone``, ``order it up``."""
    option = action.option
    if isinstance(advice, BidAdvice):
        if option.up_to is None:
            return "pass"
        form = form_words(advice.knowledge.variant, option.alone)
        return f"bid up to {option.words.removesuffix(' alone')}{form}"
    call = option.call
    dealer = advice.knowledge.seat == advice.knowledge.dealer
    if call.kind == "pass":
        if advice.second_round is not None:
            later = advice.second_round
            then = "pass again" if later.call.kind == "pass" else f"then {euchre_words(later.words, dealer)}"
            return f"pass ({then} in the second round)"
        return "pass"
    return euchre_words(option.words, dealer)


def euchre_words(words: str, dealer: bool) -> str:
    alone = words.endswith(" alone")
    core = words.removesuffix(" alone")
    if core == "order up":
        text = "pick it up" if dealer else "order it up"
    else:
        text = f"name {SUIT_NAMES['SHDC'.index(core[-1])]}"
    return text + (" alone" if alone else "")


def shares(action: ActionFigures) -> tuple[float, float, float, float]:
    """Who plays and who makes it: options that share a line show the same."""
    return action.share_ours, action.ours_make, action.theirs_make, float(action.redeal.mean())


def distinct(advice: BidAdvice | CallAdvice) -> list[list[ActionFigures]]:
    """The options in groups that come to the same on every layout, points and who plays and
    makes it alike (a bid the auction is already past before the seat's turn is the same as
    passing), in the order given."""
    groups: list[list[ActionFigures]] = []
    for action in advice.actions:
        for group in groups:
            if np.array_equal(group[0].points, action.points) and shares(group[0]) == shares(action):
                group.append(action)
                break
        else:
            groups.append([action])
    return groups


def group_words(group: list[ActionFigures], advice: BidAdvice | CallAdvice) -> str:
    """Options that come to the same, in short: ``pass, or bid up to 1 or 2``."""
    if not isinstance(advice, BidAdvice) or len(group) == 1:
        return " = ".join(option_words(a, advice) for a in group)
    bids = [a for a in group if a.option.up_to is not None]
    parts = ["pass"] if len(bids) < len(group) else []
    variant = advice.knowledge.variant
    by_form = {
        alone: list(dict.fromkeys(a.option.words.removesuffix(" alone") for a in bids if a.option.alone == alone))
        for alone in (False, True)
    }
    if by_form[False] and by_form[False] == by_form[True]:  # (never where nobody plays alone)
        return ", or ".join([*parts, f"bid up to {' or '.join(by_form[False])}, with the partner or alone"])
    for alone, levels in by_form.items():  # each form's bids on their own: no bid is listed twice
        if levels:
            parts.append(f"bid up to {' or '.join(levels)}{form_words(variant, alone)}")
    return ", or ".join(parts)


def score_words(advice: BidAdvice | CallAdvice) -> str:
    """``At 9-0 (N-S 9, E-W 0)``."""
    assert advice.context.score is not None
    score = advice.context.score
    return f"At {score_text(*score)} ({sides_text(advice.knowledge.variant.score_names, score)})"


def headline(advice: BidAdvice | CallAdvice) -> str:
    """The best option in words, with its value and passing's (or the next best's); with a
    score, by the chance of winning the game, saying so where the points would choose else."""
    best = advice.best_action()
    passing = advice.passing()
    assert best is not None
    ours, theirs = side_name(advice)
    what = option_words(best, advice)
    near = advice.close_to_best()
    if near:
        return close_call_line(advice, best, near)
    if advice.context.score is not None:
        line = (
            f"{score_words(advice)}: {what}: {ours} {verb(ours, 'win', 'wins')} the game "
            f"{percent(best.win)} of the time "
            f"(expected {points(best.expected)} points)"
        )
        by_points = advice.best_by_points()
        assert by_points is not None
        same = next(g for g in distinct(advice) if best in g)
        if by_points not in same:
            line += (
                f"; by points alone {option_words(by_points, advice)} would be best "
                f"({points(by_points.expected)}, winning {percent(by_points.win)})"
            )
        elif passing is not None and passing not in same:
            line += f"; passing wins {percent(passing.win)}"
        return line + "."
    line = f"{what[0].upper()}{what[1:]}: expected {points(best.expected)} points for {ours}"
    same = next(g for g in distinct(advice) if best in g)
    if passing is not None and passing not in same:
        theirs_play = 1 - passing.share_ours - float(passing.redeal.mean())
        # the others' verbs agree through our name: "E or S" is no seat, but one player plays
        line += (
            f"; passing: {points(passing.expected)} ({theirs.replace(' and ', ' or ')} then "
            f"{verb(ours, 'play', 'plays')} the hand {percent(theirs_play)} of the time and "
            f"{verb(ours, 'make', 'makes')} it {percent(passing.theirs_make)})"
        )
    else:
        others = [a for a in advice.actions if a not in same]
        if others:
            top = max(others, key=lambda a: a.expected)
            line += f"; the best other option, {option_words(top, advice)}, expects {points(top.expected)}"
    return line + "."


def listed(items: list[str], last: str) -> str:
    """``a, b or c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def close_call_line(advice: BidAdvice | CallAdvice, best: ActionFigures, near: list[ActionFigures]) -> str:
    """``Order it up or pass: a close call (expected +1.45 and +1.47 ±0.02 points for N-S)``:
    options whose difference is within the sampling error, none of them advice."""
    ours, _ = side_name(advice)
    options = [best, *near]
    what = listed([option_words(a, advice) for a in options], "or")
    if advice.context.score is not None:
        figures = listed([percent(a.win) for a in options], "and")
        detail = f"{ours} {verb(ours, 'win', 'wins')} the game {figures} of the time"
    else:
        figures = listed([points(a.expected) for a in options], "and")
        detail = f"expected {figures} points for {ours}"
    if advice.context.score is not None:
        spread = f"±{100 * max(stderr_of_mean(best.wins - a.wins) for a in near):.1f}%"  # type: ignore[operator]
        return (
            f"{score_words(advice)}: {what}: a close call ({detail}; the difference is within the sampling "
            f"error, {spread})."
        )
    spread = f"±{max(best.stderr_against(a) for a in near):.2f}"
    return (
        f"{what[0].upper()}{what[1:]}: a close call ({detail}; the difference is within the sampling error, {spread})."
    )


def actions_table(advice: BidAdvice | CallAdvice) -> list[str]:
    ours, theirs = side_name(advice)
    groups = distinct(advice)
    width = max(len("option"), *(len(group_words(g, advice)) for g in groups)) + 2
    game = advice.context.score is not None
    less = by_shape(advice.knowledge.variant, f"its points less {theirs}'s", f"its {OWN_POINTS}")
    others = theirs.replace(" and ", " or ")  # three players: either of the other two
    make = verb(ours, "make", "makes")  # a side, or a player (and so either of the others)
    heads = (f"{ours} {verb(ours, 'play', 'plays')}", f"{ours} {make}", f"{others} {make}")
    widths = [max(11, len(head) + 2) for head in heads]
    lines = [
        f"at the table, the auction played out (points for {ours}: {less}):",
        f"  {'option':<{width}}{'expected':>13}"
        + "".join(f"{h:>{w}}" for h, w in zip(heads, widths))
        + (f"{'win game':>14}" if game else ""),
    ]
    for group in groups:
        action = group[0]
        won = f"{percent(action.win):>8} ±{100 * action.win_stderr:.1f}%" if game else ""
        shares = (action.share_ours, action.ours_make, action.theirs_make)
        lines.append(
            f"  {group_words(group, advice):<{width}}{points(action.expected):>7} ±{action.stderr:.2f}"
            + "".join(f"{percent(p):>{w}}" for p, w in zip(shares, widths))
            + won
        )
    lines.append(
        f"({heads[0]}: the share of layouts on which {heads[0]} the contract; {make}: on which "
        f"{verb(ours, 'the side', 'that player')} "
        "plays it and makes it; options that come to the same on every layout share a line."
        + (
            f" win game: {ours}'s chance of winning the game after the hand, from the chance at each score "
            "(hasen odds).)"
            if game
            else ")"
        )
    )
    return lines


def format_bid_advice(advice: BidAdvice) -> str:
    k = advice.knowledge
    seat = SEATS[k.seat]
    out = [f"{seat} holds {CardSet(k.hand)}; {SEATS[k.dealer]} deals"]
    labels = {"with_partner": "With the partner", "alone": "Alone"}
    forms = list(advice.forms.values())
    if advice.actions:
        out.append(headline(advice))
    else:
        for name, form in advice.forms.items():
            other = next((f for f in forms if f is not form), None)
            out.append(bid_line(form, form_title(k.variant, labels[name], "Advice"), other))
    out += [
        "",
        *what_is_known(k, advice.layouts, advice.seed, advice.context, advice.settings),
        *model_lines(advice),
        f"Trump and discard are chosen after the widow, for each card it can be, "
        f"{choice_layouts_words(advice.choice_layouts)}.",
        "",
    ]
    if advice.actions:
        out += [*actions_table(advice), "", f"if {seat} wins the bid and plays it:"]
    for name, form in advice.forms.items():
        out.append(f"{form_title(k.variant, labels[name].lower(), 'every bid')}:")
        out.append(f"  {'bid':<15}{'makes':>6}{'expected':>16}{'tricks':>8}  trump chosen")
        for bid in form.bids:
            out.append(
                f"  {bid.bid:<15}{percent(bid.make):>6}{points(bid.expected):>10} ±{bid.stderr:.2f}"
                f"{bid.mean_tricks:>8.2f}  {trump_shares(bid)}"
            )
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
    return (
        f"{title}: {call_words(best, dealer)}{must}; it makes {percent(best.make)} of the time, "
        f"expected {points(best.expected)} points"
    )


def format_call_advice(advice: CallAdvice) -> str:
    k = advice.knowledge
    assert k.extra is not None
    out = [
        f"{SEATS[k.seat]} holds {CardSet(k.hand)}; the upcard is {upcard_text(k.extra, advice.settings)}; "
        f"{SEATS[k.dealer]} deals"
    ]
    if advice.nothing_to_decide:
        return "\n".join(out + [f"Nothing to decide: {advice.nothing_to_decide}."])
    rounds = sorted({c.round for c in advice.calls})
    if advice.actions:
        out.append(headline(advice))
    else:
        out += [round_line(advice, r) for r in rounds]
    out += ["", *what_is_known(k, advice.layouts, advice.seed, advice.context, advice.settings), *model_lines(advice)]
    own_discard = any(c.discard is not None for c in advice.calls)
    if own_discard:
        out.append(f"The dealer's discard is chosen {choice_layouts_words(advice.choice_layouts)}.")
    if advice.second_round is not None:
        first = min(advice.choice_layouts, FIRST_ROUND)
        where = (
            f"the first {first} of those layouts"
            if own_discard and advice.choice_layouts > first
            else f"the same {first} other layouts"
            if own_discard
            else f"{first} other layouts"
        )
        out.append(
            f"{SEATS[k.seat]}'s own second-round call, should the first round go by, is chosen on {where}: "
            "the suit by what each call makes when it is played, then against passing again."
        )
    if advice.actions:
        out += ["", *actions_table(advice), "", f"if {SEATS[k.seat]} makes trump (each call played by its maker):"]
    out += ["", f"  {'round':<7}{'call':<20}{'makes':>6}{'march':>7}{'euchred':>9}{'expected':>16}"]
    dealer = k.seat == k.dealer
    for call in advice.calls:  # the words of the options above: the dealer picks the upcard up
        name = ("pick it up" if dealer and call.bid == "order up" else call.bid) + (" alone" if call.alone else "")
        out.append(
            f"  {call.round:<7}{name:<20}{percent(call.make):>6}{percent(call.share(len(call.counts) - 1)):>7}"
            f"{percent(1 - call.make):>9}{points(call.expected):>10} ±{call.stderr:.2f}"
        )
    return "\n".join(out).rstrip()


def choice_layouts_words(layouts: int) -> str:
    """Where the seat's own later choice is made (``hasen.analysis.choosing``), in words."""
    if layouts <= FIRST_ROUND:
        return f"on {layouts} other layouts"
    return (
        f"on up to {layouts} other layouts: every choice on the first {FIRST_ROUND}, then only those still "
        "close to the best"
    )
