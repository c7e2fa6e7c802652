"""How much the auction changes an opening lead's figures, on a few examples.

    python benchmarks/lead_auction.py [--layouts 2000]

For each example the leads are simulated twice on the same seed: on layouts that agree with
the auction by the model of the other players, and on every layout alike (``uniform``). It
prints each lead's expected points and mean tricks both ways, the change, and the share of
layouts that agreed; docs/variants.md quotes them.
"""

from __future__ import annotations

import argparse

import hasen

EXAMPLES = [
    # four-hand Euchre: the dealer's partner ordered up, the leader's partner passed
    {
        "variant": "euchre",
        "hand": "AS 9S KH QD 9C",
        "extra": "TD",
        "dealer": "W",
        "seat": "N",
        "declarer": "E",
        "trump": "D",
        "auction": "N pass, E order up",
    },
    # four-hand Euchre: second round, the maker named hearts after three passes
    {
        "variant": "euchre",
        "hand": "AS KS QH 9D TC",
        "extra": "JC",
        "dealer": "N",
        "seat": "E",
        "declarer": "S",
        "trump": "H",
        "auction": "E pass, S pass, W pass, N pass, E pass, S name H",
    },
    # Two-handed Euchre: the dealer ordered up after the leader passed
    {
        "variant": "euchre2",
        "hand": "KS 9S AH TD QC",
        "extra": "JS",
        "dealer": "N",
        "seat": "S",
        "declarer": "N",
        "trump": "S",
        "auction": "S pass, N order up",
    },
    # Hasenpfeffer: W opened with a pass, N bid 5 and the others passed
    {
        "variant": "hasenpfeffer",
        "hand": ".AQ.AKT.K",
        "dealer": "S",
        "seat": "W",
        "declarer": "N",
        "trump": "C",
        "auction": "W pass, N 5, E pass, S pass",
    },
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--layouts", type=int, default=2000)
    args = parser.parse_args()
    for example in EXAMPLES:
        view = hasen.SeatView(
            example["seat"],
            hand=example["hand"],
            extra=example["extra"],
            dealer=example["dealer"],
            variant=example["variant"],
            auction=example["auction"],
        )
        contract = f"{example['declarer']}, trump {example['trump']}"
        kept = hasen.simulate_lead(view, contract, layouts=args.layouts, seed=1)
        alike = hasen.simulate_lead(view, contract, layouts=args.layouts, seed=1, uniform=True)
        agree = kept.agreeing
        share = f"{len(agree.indexes) / agree.tried:.0%}" if agree is not None and agree.filtered else "all"
        print(
            f"{example['variant']}: {example['seat']} leads against {example['declarer']}'s {example['trump']} "
            f"after {example['auction']} (layouts agreeing: {share})"
        )
        best_kept = " ".join(str(lead.card) for lead in kept.best())
        best_alike = " ".join(str(lead.card) for lead in alike.best())
        for lead, other in zip(kept.leads, alike.leads):
            print(
                f"  {lead.card}: {lead.points:+.2f} points, {lead.mean:.2f} tricks with the auction; "
                f"{other.points:+.2f}, {other.mean:.2f} without: {lead.points - other.points:+.2f} points"
            )
        print(f"  best lead: {best_kept} with the auction, {best_alike} without")


if __name__ == "__main__":
    main()
