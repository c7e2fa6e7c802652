"""What the declarer's choice after the widow loses by being made on few layouts.

    python benchmarks/choice_accuracy.py [--pairs 60] [--seed 1] [--sizes 60,240,480,960]
                                         [--reference 2000] [--eval 400] [--variant hasenpfeffer]
                                         [--first-round N] [--margin Z]

The bid advice makes the seat's own later choice (the Hasenpfeffer declarer's trump and
discard once the widow is taken, the Euchre dealer's discard) on layouts of its own
(``hasen.analysis.choosing``). For random pairs of a hand and a widow (Hasenpfeffer: six
random cards for North, dealer West, one random unseen card as the widow; Euchre: five
random cards and the upcard for the dealer, who takes it up) it makes the choice for every
bid, with the partner, three ways:

- the advice's own, with ``--choice-layouts`` at each of ``--sizes`` (its stream, its race);
- the reference: every candidate solved on ``--reference`` layouts of another stream, the
  most points over them;

and scores each choice on ``--eval`` layouts of a third stream, every candidate solved:
the loss is the reference choice's chance of making the bid, less the advice's (and the
same in points). It prints, per size, the mean loss over the pairs of the bid whose loss is
largest, with its standard error, and the cells the race solved per pair. ``--first-round``
and ``--margin`` try the race with other settings than the package's.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

from hasen.analysis import choosing
from hasen.analysis.advice import of_trump, tie_order
from hasen.analysis.choosing import Question, race
from hasen.analysis.knowledge import Knowledge
from hasen.analysis.layouts import TableShape, solve_layouts
from hasen.analysis.simulate import points_table
from hasen.core.cards import cards_of
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.games import game_of
from hasen.rules.scoring import bid_ladder
from hasen.rules.trump import takes_upcard
from hasen.search.protocol import NOT_SOLVED

SETTINGS = Settings()


def random_pair(variant, rng: random.Random) -> Knowledge:
    """A random hand and the card it takes: North's six and the widow (Hasenpfeffer), or the
    dealer's five and the upcard (Euchre, the dealer North)."""
    cards = cards_of(variant.deck)
    rng.shuffle(cards)
    hand = sum(1 << c for c in cards[: variant.hand_size])
    if variant.declarer_exchanges:
        return Knowledge(variant, 3, 0, hand, cards[variant.hand_size])
    return Knowledge(variant, 0, 0, hand, cards[variant.hand_size])


def questions_of(variant, knowledge: Knowledge) -> tuple[TableShape, list[Question], list[int], list[str]]:
    """The shape with the partner, the choices to make (per bid, or the dealer's discard
    under the upcard's suit), and the tricks each question's bid needs."""
    shape = TableShape.of(knowledge, knowledge.seat, False, SETTINGS)
    names, points = points_table(game_of(variant), variant, SETTINGS, False)
    if variant.declarer_exchanges:
        ladder = bid_ladder(variant, SETTINGS)
        return (
            shape,
            [Question(0, points[b], tie_order(shape.columns)) for b in range(len(ladder))],
            [bid.tricks for bid in ladder],
            names,
        )
    trump = next(t for t in range(4) if takes_upcard(knowledge.extra, t))
    return shape, [Question(0, points[0], tie_order(shape.columns, lambda c: of_trump(trump, c)))], [3], ["order up"]


def solved(
    knowledge: Knowledge, shape: TableShape, stream: str, start: int, stop: int, read: set[int] | None
) -> np.ndarray:
    extra = knowledge.extra
    rows = solve_layouts(
        knowledge,
        [shape],
        stop - start,
        stream,
        indexes=range(start, stop),
        read=None if read is None else [{extra: read}],
    ).rows[0]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="60,240,480,960")
    parser.add_argument("--reference", type=int, default=2000)
    parser.add_argument("--eval", type=int, default=400)
    parser.add_argument("--variant", default="hasenpfeffer")
    parser.add_argument("--first-round", type=int, default=choosing.FIRST_ROUND)
    parser.add_argument("--margin", type=float, default=choosing.MARGIN)
    args = parser.parse_args()
    choosing.FIRST_ROUND, choosing.MARGIN = args.first_round, args.margin
    variant = variant_for(args.variant)
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(args.seed)
    started = time.perf_counter()
    losses = {size: [] for size in sizes}  # per pair, per question: (make loss, points loss)
    cells = {size: [] for size in sizes}
    for pair in range(args.pairs):
        k = random_pair(variant, rng)
        shape, questions, needs, names = questions_of(variant, k)
        reference = solved(k, shape, f"reference {pair}", 0, args.reference, None)
        best = [q.candidates[int(np.argmax(q.points[reference[:, list(q.candidates)]].sum(axis=0)))] for q in questions]
        scoring = solved(k, shape, f"eval {pair}", 0, args.eval, None)
        for size in sizes:
            used = [0]

            def solve(
                start: int,
                stop: int,
                read,
                k: Knowledge = k,
                shape: TableShape = shape,
                pair: int = pair,
                used: list[int] = used,
            ):
                rows = solved(k, shape, f"{args.seed}/choice {pair}", start, stop, None if read is None else read[0])
                used[0] += int((rows != NOT_SOLVED).sum())
                return [rows]

            chosen = race(questions, 1, size, solve).chosen
            cells[size].append(used[0])
            pair_losses = []
            for q, need, mine, ref in zip(questions, needs, chosen, best):
                make = float((scoring[:, ref] >= need).mean() - (scoring[:, mine] >= need).mean())
                points = float(q.points[scoring[:, ref]].mean() - q.points[scoring[:, mine]].mean())
                pair_losses.append((make, points))
            losses[size].append(pair_losses)
        print(f"  pair {pair + 1}/{args.pairs}, {time.perf_counter() - started:.0f}s", end="\r", flush=True)
    print(
        f"{variant.name}: {args.pairs} pairs of a hand and its card, the choice with the partner; "
        f"reference {args.reference} layouts, scored on {args.eval}; the race's first round "
        f"{args.first_round} layouts, margin {args.margin}"
    )
    print(f"{'choice layouts':>15} {'P(make) loss':>22} {'points loss':>22} {'cells solved':>13}")
    for size in sizes:
        table = np.array(losses[size])  # pairs x questions x (make, points)
        worst = int(np.argmax(table[:, :, 0].mean(axis=0)))  # the bid whose mean loss is largest
        make, points = table[:, worst, 0], table[:, worst, 1]
        se = make.std(ddof=1) / math.sqrt(len(make))
        pse = points.std(ddof=1) / math.sqrt(len(points))
        print(
            f"{size:>15} {make.mean():>12.4f} ± {se:.4f} ({names[worst]:>3}) {points.mean():>10.4f} ± {pse:.4f} "
            f"{np.mean(cells[size]):>12.0f}"
        )
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
