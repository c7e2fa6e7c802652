"""How close the model of the other players comes to the full single-dummy advice.

    python benchmarks/model_fidelity.py [--hands 200] [--layouts 500] [--seed 1]

For random hands of each game, the seat first to call (left of the dealer), it compares the
model's call (``hasen.analysis.model``) with the full advice for the same hand knowing only
its cards (``hasen.advise(..., model=False)``: every bid or call solved on random layouts, the
declarer's later choices made on other layouts):

- Hasenpfeffer: the highest bid worth making (expected score above 0) with the partner, the
  same or one apart; and the error of the model's chance of making each bid with the partner.
- Euchre (four-hand, Two-handed, Three-Handed and Railroad): the first-round call (order up, alone or
  not, or pass), and the error of the model's chance of making the order-up with the partner
  (the maker alone against two in Three-Handed Euchre).

It prints the figures docs/variants.md reports, and how long it took.
"""

from __future__ import annotations

import argparse
import random
import time

import hasen
from hasen.analysis.knowledge import Knowledge
from hasen.core.deal import format_hand
from hasen.core.seats import left_of
from hasen.games.euchre.model import EuchreModel
from hasen.games.hasenpfeffer.model import HasenpfefferModel
from hasen.rules.auction import PASS, auction_for

SEATS = "NESW"


def hasenpfeffer(hands: int, layouts: int, seed: int) -> str:
    variant = hasen.variant_for("hasenpfeffer")
    model = HasenpfefferModel.of(variant)
    same = near = 0
    errors: list[float] = []
    for i in range(hands):
        deal = hasen.random_deal("hasenpfeffer", seed=seed * 100_000 + i)
        seat = left_of(deal.dealer)
        advice = hasen.advise(
            hasen.SeatView(SEATS[seat], hand=format_hand(deal.hands[seat]), dealer=SEATS[deal.dealer]),
            layouts=layouts,
            choice_layouts=30,
            seed=i,
            alone=False,
            model=False,
            run=hasen.Run(threads=2),
        )
        form = advice.forms["with_partner"]
        worth = form.worth()
        full = 0 if worth is None else worth.needs
        shares = model.bid_shares(deal.hands[seat], seat, deal.dealer, deal.settings, False)
        values = model.bid_values(deal.hands[seat], seat, deal.dealer, deal.settings)
        mine = max((b + 1 for b, v in enumerate(values) if v > 0), default=0)
        same += mine == full
        near += abs(mine - full) <= 1
        for bid in form.bids:
            errors.append(abs(sum(shares[bid.needs :]) - bid.make))
    mae = sum(errors) / len(errors)
    return (
        f"hasenpfeffer: {hands} hands; highest bid worth making with the partner: the same {same / hands:.0%}, "
        f"within one {near / hands:.0%}; chance of making each bid: mean error {mae:.3f}"
    )


def euchre(name: str, hands: int, layouts: int, seed: int) -> str:
    variant = hasen.variant_for(name)
    model = EuchreModel.of(variant)
    same = 0
    errors: list[float] = []
    for i in range(hands):
        deal = hasen.random_deal(name, seed=seed * 100_000 + i)
        seat = next(s for s in (left_of(deal.dealer), left_of(left_of(deal.dealer))) if s in variant.seats)
        advice = hasen.advise(
            hasen.SeatView(
                SEATS[seat],
                hand=format_hand(deal.hands[seat]),
                extra=str(deal.extra),
                dealer=SEATS[deal.dealer],
                variant=variant,
            ),
            layouts=layouts,
            choice_layouts=30,
            seed=i,
            model=False,
            run=hasen.Run(threads=2),
        )
        if advice.nothing_to_decide:
            continue
        best = advice.best(1)
        full = "pass" if best is None else best.bid + (" alone" if best.alone else "")
        rules = auction_for(deal, deal.settings)
        call = model.call(rules, rules.start(), deal.hands[seat])
        mine = "pass" if call.kind == PASS else call.words(deal.settings)
        same += mine == full
        order = next((c for c in advice.calls if c.round == 1 and not c.alone), None)
        if order is not None:
            knowledge = Knowledge(variant, deal.dealer, seat, deal.hands[seat], deal.extra)
            trump = next(iter(order.trumps))
            shares = model.call_shares(knowledge.hand, seat, deal.dealer, deal.extra, int(trump), False, deal.settings)
            errors.append(abs(sum(shares[3:]) - order.make))
    mae = sum(errors) / max(len(errors), 1)
    return (
        f"{name}: {hands} hands; the first-round call: the same {same / hands:.0%}; chance of making the "
        f"order-up with the partner: mean error {mae:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--layouts", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--games",
        default="hasenpfeffer,euchre,euchre2,euchre3,railroad",
        help="the games to measure, by name (default: every game the model is fitted for)",
    )
    args = parser.parse_args()
    start = time.monotonic()
    for name in args.games.split(","):
        if name == "hasenpfeffer":
            print(hasenpfeffer(args.hands, args.layouts, args.seed), flush=True)
        else:
            print(euchre(name, args.hands, args.layouts, args.seed), flush=True)
    print(f"({time.monotonic() - start:.0f} s; full advice at {args.layouts} layouts a hand)")


if __name__ == "__main__":
    random.seed(0)
    main()
