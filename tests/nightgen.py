"""The sample night that ``hasen session --example`` reviews (``hasen/data/example_night.txt``),
made here from seeds, so that it can be made again and checked:

    python tests/nightgen.py            # writes solver/data/example_night.txt (about 5 s)

Eight Hasenpfeffer hands among four named players, the deal passing to the left. Each
auction is the model of the players' (docs/variants.md), every seat calling on its own cards;
the contract is the model's trump and discard, and the play is double dummy but for a few
cards: on the hands listed in ``SLIPS``, the player to move at that card plays the legal card
that costs the most, so that the report has mistakes to show.
"""

from __future__ import annotations

import sys
from pathlib import Path

import hasen
from hasen.analysis.model import PlayerModel
from hasen.analysis.playout import layout_rules, model_play
from hasen.core.cards import card_name

PATH = Path(__file__).resolve().parent.parent / "solver" / "data" / "example_night.txt"
PLAYERS = "N=Anna, E=Ben, S=Cleo, W=Dan"
HANDS = 8
FIRST_SEED = 40
SLIPS = {1: 3, 3: 9, 4: 14, 6: 5}  # hand number: the card (counted from 1) played badly
SEATS = "NESW"


def hand_text(number: int, seed: int, dealer: str) -> str:
    deal = hasen.random_deal(seed=seed, dealer=dealer)
    variant, settings = deal.variant, deal.settings
    hands = [int(h) for h in deal.hands]
    model = PlayerModel.of(variant)
    rules = layout_rules(variant, deal.dealer, hands, int(deal.extra), settings)
    state, calls = rules.start(), []
    while (seat := rules.to_call(state)) is not None:
        call = model.call(rules, state, hands[seat])
        calls.append(f"{SEATS[seat]} {call.words(settings)}")
        state = rules.after(state, call)
    lines = [f"id: {number}", f"players: {PLAYERS}", f"dealer: {dealer}", f"deal: {deal.notation()}",
             f"auction: {', '.join(calls)}"]
    end = state.end
    if end is None or end.declarer is None:  # passed out: dealt again
        return "\n".join(lines)
    play = model_play(model, end, deal.dealer, hands, int(deal.extra), settings)
    discard = card_name(((hands[play.declarer] | 1 << int(deal.extra)) & ~play.hands[play.declarer]).bit_length() - 1)
    declarer, trump = SEATS[play.declarer], "SHDC"[play.trump]
    assert end.bid is not None
    lines.append(f"contract: {declarer} {end.bid.name(settings)}, trump {trump}, discard {discard}"
                 f"{', alone' if play.alone else ''}")
    played: list[str] = []
    while True:
        answer = hasen.solve(deal, declarer, trump, discard, alone=play.alone, played=" ".join(played))
        if answer.to_move is None:
            break
        choices = answer.choices
        slip = SLIPS.get(number) == len(played) + 1 and max(c.cost for c in choices) > 0
        chosen = max(choices, key=lambda c: c.cost) if slip else choices[0]
        played.append(str(chosen.cards[0]))
    lines.append(f"play: {' '.join(played)}")
    return "\n".join(lines)


def night() -> str:
    return "\n\n".join(hand_text(number, FIRST_SEED + number, SEATS[(3 + number) % 4])
                       for number in range(1, HANDS + 1)) + "\n"


if __name__ == "__main__":
    PATH.write_text(night(), encoding="utf-8")
    print(f"wrote {PATH}", file=sys.stderr)
