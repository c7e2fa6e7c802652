"""The fair review against real players: recorded four-hand Euchre games (EGN files, such as
the public example games of the EGN specification; not shipped) reviewed as `hasen session`
reviews them, at each game's real score, and set beside what the players did.

    python benchmarks/real_play.py DIR [--layouts N] [--jobs N] [--limit N] [--uniform]

reads every .egn and .emn file under DIR, keeps each distinct four-hand Euchre hand once (the
same deal, auction and play in two files is one hand), reviews it, and prints:

- how often the review's best call is the player's own, by round and by seat (first to
  call, second, third, the dealer), and going alone or not as a figure of its own; beside
  it, how often the player's call is the best or a close call with it (within the noise);
- the shares of the real calls the review calls mistakes: the calls that made trump, the
  passes of each round; and of the real cards;
- double dummy against the real tricks: the tricks the makers took, less the tricks double
  dummy gives their contract with every hand open from the first lead (mean and standard
  error over the hands whose cards are all known).

Each figure comes with its count. ``--uniform`` deals the layouts without the model's
agreement with the auction (the review without the model of the other players).
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import hasen
from hasen.notation.egn import read_egn


def distinct_hands(folder: str) -> list[hasen.Record]:
    """Each four-hand Euchre record of the files once, in the files' order."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for path in sorted(p for p in Path(folder).rglob("*") if p.suffix in (".egn", ".emn")):
        for deal in read_egn(path.read_text(encoding="utf-8")):
            record = deal.record
            if record is None or record.variant.name != "euchre" or record.contract is None:
                continue
            key = (record.deal.notation(), record.auction_text(), record.play_text())
            if key not in seen:
                seen.add(key)
                out.append(record)
    return out


def review(job: tuple[str, int, bool]) -> dict[str, Any]:
    text, layouts, uniform = job
    record = hasen.Record.parse(text)
    return hasen.review_hand(record, layouts=layouts, seed=0, uniform=uniform).to_json()


def share(part: int, whole: int) -> str:
    if not whole:
        return "  -   (0)"
    return f"{100 * part / whole:5.1f}% of {whole}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--layouts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="review only the first N hands")
    parser.add_argument("--uniform", action="store_true")
    args = parser.parse_args()
    records = distinct_hands(args.folder)
    if args.limit:
        records = records[: args.limit]
    start = time.perf_counter()
    jobs = [(record.line(), args.layouts, args.uniform) for record in records]
    reviews = list(hasen.ordered_map(review, jobs, jobs=args.jobs))
    seconds = time.perf_counter() - start
    agree: dict[str, Counter[str]] = defaultdict(Counter)
    flagged: dict[str, Counter[str]] = defaultdict(Counter)
    cards = Counter()
    gaps = []
    for record, answer in zip(records, reviews):
        seats = "NESW"
        dealer = seats.index(str(record.deal.dealer))
        for verdict in answer["calls"]:
            number = verdict["number"]
            round_ = "first round" if number <= 4 else "second round"
            place = ("first to call", "second", "third", "the dealer")[(seats.index(verdict["seat"]) - dealer - 1) % 4]
            same = verdict["best"] == verdict["call"]
            near = verdict["call"] in verdict["close_calls"]  # the best, or within the noise of it
            for key in (round_, f"{round_}, {place}"):
                agree[key]["calls"] += 1
                agree[key]["same"] += same
                agree[key]["near"] += near
            makes = verdict["call"] != "pass"
            kind = "calls that made trump" if makes else f"passes, {round_}"
            flagged[kind]["calls"] += 1
            flagged[kind]["mistakes"] += verdict["mistake"]
            if makes and verdict["best"] != "pass":
                agree["alone or not, where both make trump"]["calls"] += 1
                agree["alone or not, where both make trump"]["same"] += verdict["best"].endswith("alone") == verdict[
                    "call"
                ].endswith("alone")
        for card in answer["cards"]:
            cards["cards"] += 1
            cards["mistakes"] += card["mistake"]
        if not record.unknown and answer.get("contract") is not None:
            result = answer["result"]
            gaps.append(result["tricks"][result["declarers"]] - answer["contract"]["tricks"])
    print(
        f"{len(records)} distinct four-hand Euchre hands, {args.layouts} layouts a decision"
        f"{', uniform' if args.uniform else ''}: {seconds:.0f} s"
    )
    print("\nthe review's best call is the player's (and the player's call is the best or a close call with it):")
    for key in sorted(agree, key=lambda k: (not k.startswith("first"), k)):
        near = "" if "alone" in key else f"  ({share(agree[key]['near'], agree[key]['calls'])})"
        print(f"  {key:<40} {share(agree[key]['same'], agree[key]['calls'])}{near}")
    print("\nreal calls the review calls mistakes:")
    for key in sorted(flagged):
        print(f"  {key:<40} {share(flagged[key]['mistakes'], flagged[key]['calls'])}")
    print(f"  {'cards':<40} {share(cards['mistakes'], cards['cards'])}")
    if gaps:
        mean = sum(gaps) / len(gaps)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / max(len(gaps) - 1, 1) / len(gaps))
        print(
            f"\nthe makers' real tricks less double dummy's: {mean:+.2f} ± {spread:.2f} a hand, over {len(gaps)} "
            "hands with every card known"
        )


if __name__ == "__main__":
    main()
