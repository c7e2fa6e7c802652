"""The opening-lead simulation as text: each lead, best first."""

from __future__ import annotations

from ..analysis.lead import LeadSimulation
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import CardSet
from ..core.seats import SEATS
from .words import points_less


def format_leads(sim: LeadSimulation) -> str:
    known = sim.knowledge
    side = "the declaring side" if sim.leader_declares else "the defence"
    others = "".join(f", {SEATS[s]} holds {CardSet(m)}" for s, m in enumerate(known.known) if m)
    seen = "" if known.extra is None else f" and the {known.variant.extra_card} {card_name(known.extra)}"
    alone = " alone" if sim.alone else ""
    whose = (
        "its own"
        if sim.declarer == known.seat
        else f"{'its partner' if sim.leader_declares else 'against'} {SEATS[sim.declarer]}'s"
    )
    out = [
        f"{SEATS[known.seat]} leads {whose} {SUIT_NAMES[sim.trump]}{alone}, "
        f"knowing {CardSet(known.hand)}{seen}{others}; {SEATS[known.dealer]} deals"
    ]
    if sim.context.auction:
        words = ", ".join(f"{SEATS[s]} {c.words(sim.settings)}" for s, c in sim.context.auction)
        agree = sim.agreeing
        kept = (
            f"; the layouts agree with it by the model of the other players ({sim.layouts} of {agree.tried} dealt)"
            if agree is not None and agree.filtered
            else ""
        )
        out.append(f"after the auction {words}{kept}")
    out.append(
        f"{sim.layouts} random layouts of the other cards (seed {sim.seed}), each solved double-dummy; for {side}"
    )
    if sim.stakes is None:
        out += ["", f"{'lead':<6}{'tricks':>13}{'best':>7}"]
        for lead in sorted(sim.leads, key=lambda lead: -lead.mean):
            out.append(f"{card_name(lead.card):<6}{lead.mean:>7.2f} ±{lead.stderr:>4.2f}{100 * lead.best:>6.0f}%")
        out += [
            "",
            "best lead (by tricks: give --bid or --auction for the points): "
            + " ".join(card_name(lead.card) for lead in sim.best()),
        ]
        return "\n".join(out)
    chance = "makes" if sim.leader_declares else "sets"
    reckoned = points_less(known.variant, "the side's", "the leader's")
    out += [
        f"points: {reckoned}; {chance}: the chance the side "
        f"{'makes' if sim.leader_declares else 'sets'} the contract ({sim.stakes.needed} tricks needed)",
        "",
        f"{'lead':<6}{'points':>14}{chance:>7}{'tricks':>13}{'best':>7}",
    ]
    for lead in sorted(sim.leads, key=lambda lead: (-(lead.points or 0.0), -lead.mean)):
        assert lead.points is not None and lead.points_stderr is not None and lead.chance is not None
        out.append(
            f"{card_name(lead.card):<6}{lead.points:>+8.2f} ±{lead.points_stderr:>4.2f}"
            f"{100 * lead.chance:>6.0f}%{lead.mean:>7.2f} ±{lead.stderr:>4.2f}{100 * lead.best:>6.0f}%"
        )
    out += ["", "best lead: " + " ".join(card_name(lead.card) for lead in sim.best())]
    return "\n".join(out)
