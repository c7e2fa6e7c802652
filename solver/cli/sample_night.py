"""A made-up night of Hasenpfeffer, as a club plays it: the sample night of ``hasen session
--example`` (``hasen/data/example_night.txt``, made again by ``python tests/nightgen.py``)
and the benchmarks' nights."""

from __future__ import annotations

import random

from .. import public
from ..analysis.model import PlayerModel
from ..analysis.playout import layout_rules
from ..core.dealing import random_deal
from ..core.names import Card
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import variant_for
from ..notation.record import Record


def club_night(
    hands: int, seed: int, slip: float = 0.15, players: str = "players: N=Anna, E=Ben, S=Cleo, W=Dan"
) -> list[str]:
    """A made-up night of Hasenpfeffer as a club plays it, as record texts: the deal passes to
    the left each hand, every seat bids by the model of the other players, the model's
    declarer chooses the trump, discard and form, and each card is a double-dummy best one
    but for a random legal card ``slip`` of the time (all seeded)."""
    rng = random.Random(seed)
    variant = variant_for("hasenpfeffer")
    model = PlayerModel.of(variant)
    settings = Settings()
    records = []
    for number in range(hands):
        dealer = SEATS[number % 4]
        deal = random_deal(variant="hasenpfeffer", seed=rng.randrange(10**9), dealer=dealer)
        masks = [sum(1 << int(card) for card in deal.hands[seat]) for seat in range(4)]
        rules = layout_rules(variant, deal.dealer, masks, int(deal.extra), settings)
        state, calls = rules.start(), []
        while (turn := rules.to_call(state)) is not None:
            call = model.call(rules, state, masks[turn])
            calls.append(f"{SEATS[turn]} {call.words(settings)}")
            state = rules.after(state, call)
        head = f"id: {number + 1}\n{players}\ndealer: {dealer}\ndeal: {deal.notation()}\nauction: {', '.join(calls)}"
        end = state.end
        if end is None or end.declarer is None or end.bid is None:  # passed out: dealt again
            records.append(head)
            continue
        play = model.play(end, deal.dealer, masks, int(deal.extra), settings)
        discard = (masks[end.declarer] | 1 << int(deal.extra)) & ~play.hands[end.declarer]
        contract = (
            f"{SEATS[end.declarer]} {end.bid.name(settings)}, trump {'SHDC'[play.trump]}, "
            f"discard {Card(discard.bit_length() - 1)}" + (", alone" if play.alone else "")
        )
        record = Record(deal, auction=", ".join(calls), contract=contract)
        position = record.state
        assert position is not None, "a record with its contract has a position"
        played: list[str] = []
        while not position.finished:
            legal = [str(card) for card in position.legal()]
            if rng.random() < slip:
                card = rng.choice(legal)
            else:
                best = public.solve(deal, position.contract, played=" ".join(played))
                card = str(min(c for choice in best.choices if choice.cost == 0 for c in choice.cards))
            played.append(card)
            position.play(card)
        records.append(f"{head}\ncontract: {contract}\nplay: {' '.join(played)}")
    return records
