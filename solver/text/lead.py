"""The opening-lead simulation as text: each lead, best first."""

from __future__ import annotations

from ..analysis.lead import LeadSimulation
from ..core.cards import SUIT_NAMES, card_name
from ..core.names import CardSet
from ..core.seats import SEATS


def format_leads(sim: LeadSimulation) -> str:
    known = sim.knowledge
    side = "the declaring side" if sim.leader_declares else "the defence"
    others = "".join(f", {SEATS[s]} holds {CardSet(m)}" for s, m in enumerate(known.known) if m)
    seen = "" if known.extra is None else f" and the {known.variant.extra_card} {card_name(known.extra)}"
    alone = " alone" if sim.alone else ""
    out = [f"{SEATS[known.seat]} leads against {SEATS[sim.declarer]}'s {SUIT_NAMES[sim.trump]}{alone}, "
           f"knowing {CardSet(known.hand)}{seen}{others}; {SEATS[known.dealer]} deals",
           f"{sim.layouts} random layouts of the other cards (seed {sim.seed}), each solved double-dummy; "
           f"tricks for {side}",
           "",
           f"{'lead':<6}{'tricks':>13}{'best':>7}"]
    for lead in sorted(sim.leads, key=lambda lead: -lead.mean):
        out.append(f"{card_name(lead.card):<6}{lead.mean:>7.2f} ±{lead.stderr:>4.2f}{100 * lead.best:>6.0f}%")
    out += ["", "best lead: " + " ".join(card_name(lead.card) for lead in sim.best())]
    return "\n".join(out)
