"""A single-dummy simulation as text: each choice's figures, then the best choice per bid."""

from __future__ import annotations

from ..analysis.simulate import FORMS, ChoiceStats, FormStats, Simulation
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import CardSet
from ..core.seats import SEATS
from .words import declare_verb, form_title, percent

FORM_TITLES = {name: title for name, title in zip(FORMS.values(), ("with the partner", "alone"))}


def choice_name(choice: ChoiceStats) -> str:
    return SUIT_NAMES[choice.trump] + ("" if choice.discard is None else f", discard {card_name(choice.discard)}")


def format_form(title: str, form: FormStats) -> list[str]:
    hand_size = form.choices[0].hand_size
    head = f"{'choice':<22}{'tricks':>13}" + "".join(f"{'>=' + str(k):>6}" for k in range(1, hand_size + 1))
    out = [f"{title}:", head + f"{'DD best':>9}"]
    for choice in form.choices:
        row = f"{choice_name(choice):<22}{choice.mean:>7.2f} ±{choice.stderr:>4.2f}"
        row += "".join(f"{percent(choice.at_least(k)):>6}" for k in range(1, hand_size + 1))
        out.append(row + f"{percent(choice.dd_best):>9}")
    out.append("best choice per bid (expected points, net):")
    for bid, choice in form.best().items():
        out.append(f"  {bid:<14}{choice_name(choice)} ({choice.scores[bid]:+.2f})")
    return out


def recommendation(sim: Simulation, name: str, form: FormStats) -> str:
    """The choice that takes the most tricks on average, in a line, and the bids for which
    another choice scores more."""
    best = max(form.choices, key=lambda c: c.mean)
    title = form_title(sim.knowledge.variant, FORM_TITLES[name].capitalize(), "Best")
    line = (
        f"{title}: {choice_name(best)}, {best.mean:.2f} tricks on average "
        f"(the double-dummy best on {percent(best.dd_best)} of the layouts)"
    )
    others = [(bid, choice) for bid, choice in form.best().items() if choice is not best]
    if others and len(form.choices[0].scores) > 1:
        line += "; for a bid of " + ", ".join(f"{bid} {choice_name(choice)}" for bid, choice in others)
    return line


def format_simulation(sim: Simulation) -> str:
    known = sim.knowledge
    assert known.extra is not None  # a declarer sees the widow or upcard
    others = "".join(f", {SEATS[s]} holds {CardSet(m)}" for s, m in enumerate(known.known) if m)
    verb = declare_verb(known.variant)
    out = [recommendation(sim, name, form) for name, form in sim.forms.items()]
    out += [
        "",
        f"{SEATS[known.seat]} {verb} knowing {CardSet(known.hand)} and the {known.variant.extra_card} "
        f"{card_name(known.extra)}{others}; {SEATS[known.dealer]} deals",
    ]
    if sim.auction:
        out.append(
            "after the auction "
            + ", ".join(f"{SEATS[seat]} {call}" for seat, call in sim.auction)
            + ", the layouts agreeing with it by the model of the other players"
        )
    out += [f"{sim.layouts} random layouts of the other cards (seed {sim.seed}), each solved double-dummy", ""]
    for name, form in sim.forms.items():
        title = form_title(known.variant, FORM_TITLES[name], "every choice")
        out += format_form(title, form) + [""]
    if len(sim.forms) > 1:
        out.append("best per bid, with the partner or alone:")
        for bid, (form, choice) in sim.best().items():
            how = "alone" if form.alone else "with the partner"
            out.append(f"  {bid:<14}{how}, {choice_name(choice)} ({choice.scores[bid]:+.2f})")
    return "\n".join(out).rstrip()
