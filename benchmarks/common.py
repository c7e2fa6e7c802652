"""What the benchmark scripts share: seeded random deals, one-core pinning, percentiles."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from hasen.analysis.play import PlayState
from hasen.cli.bench import seeded_deals
from hasen.search import USING_EXTENSION

random_deals = seeded_deals  # the seeded deals of hasen bench, for the scripts too


def timed_solve(searcher, state: PlayState) -> tuple[float, int]:
    """Seconds and nodes of the search alone on ``state``'s position, the table cleared first."""
    hands, active, leader = state.search_position()
    searcher.clear()
    before = searcher.nodes
    start = time.perf_counter()
    searcher.solve(hands, active, leader, state.declaring_side)
    return time.perf_counter() - start, searcher.nodes - before


def timed(searcher, job: Callable[[], object]) -> float:
    """Seconds ``job()`` takes, the searcher's table cleared first."""
    searcher.clear()
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


def percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1e3:8.4f} ms   p90 {p90 * 1e3:8.4f} ms"


def nodes_line(nodes: list[int]) -> str:
    return f"median {statistics.median(nodes):.0f}   mean {statistics.mean(nodes):.0f}"


def run(doc: str, bench: Callable[[str, type, int, int], None], deals: int, twin_deals: int) -> None:
    """Parse the common options, pin to one core, and bench the extension and the twin."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=deals, help="deals for the extension")
    parser.add_argument("--twin-deals", type=int, default=twin_deals, help="deals for the Python twin")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    from hasen.search._search_py import Searcher as Twin
    if USING_EXTENSION:
        from hasen.search._search import Searcher as Extension
        bench("extension", Extension, args.deals, args.seed)
    else:
        print("extension: not built (HASEN_NO_EXTENSIONS set or build failed)")
    if args.twin_deals:
        bench("python twin", Twin, args.twin_deals, args.seed)


def club_night(hands: int, seed: int, slip: float = 0.15,
               players: str = "players: N=Anna, E=Ben, S=Cleo, W=Dan") -> list[str]:
    """A made-up night of Hasenpfeffer as a club plays it, as record texts: the deal passes to
    the left each hand, every seat bids by the model of the other players, the model's
    declarer chooses the trump, discard and form, and each card is a double-dummy best one
    but for a random legal card ``slip`` of the time (all seeded)."""
    import random

    import hasen
    from hasen.analysis.model import PlayerModel
    from hasen.analysis.playout import layout_rules, model_play
    from hasen.core.seats import SEATS

    rng = random.Random(seed)
    variant = hasen.variant_for("hasenpfeffer")
    model = PlayerModel.of(variant)
    settings = hasen.Settings()
    records = []
    for number in range(hands):
        dealer = SEATS[number % 4]
        deal = hasen.random_deal(variant="hasenpfeffer", seed=rng.randrange(10**9), dealer=dealer)
        masks = [sum(1 << int(card) for card in deal.hands[seat]) for seat in range(4)]
        rules = layout_rules(variant, deal.dealer, masks, int(deal.extra), settings)
        state, calls = rules.start(), []
        while (turn := rules.to_call(state)) is not None:
            call = model.call(rules, state, masks[turn])
            calls.append(f"{SEATS[turn]} {call.words(settings)}")
            state = rules.after(state, call)
        head = f"id: {number + 1}\n{players}\ndealer: {dealer}\ndeal: {deal.notation()}\nauction: {', '.join(calls)}"
        end = state.end
        if end is None or end.declarer is None:
            records.append(head)
            continue
        play = model_play(model, end, deal.dealer, masks, int(deal.extra), settings)
        discard = (masks[end.declarer] | 1 << int(deal.extra)) & ~play.hands[end.declarer]
        contract = (f"{SEATS[end.declarer]} {end.bid.name(settings)}, trump {'SHDC'[play.trump]}, "
                    f"discard {hasen.Card(discard.bit_length() - 1)}" + (", alone" if play.alone else ""))
        record = hasen.Record(deal, auction=", ".join(calls), contract=contract)
        position = record.state
        played = []
        while not position.finished:
            legal = [str(card) for card in position.legal()]
            if rng.random() < slip:
                card = rng.choice(legal)
            else:
                best = hasen.solve(deal, SEATS[end.declarer], "SHDC"[play.trump], str(hasen.Card(
                    discard.bit_length() - 1)), played=" ".join(played), alone=play.alone)
                card = str(min(c for choice in best.choices if choice.cost == 0 for c in choice.cards))
            played.append(card)
            position.play(card)
        records.append(f"{head}\ncontract: {contract}\nplay: {' '.join(played)}")
    return records
