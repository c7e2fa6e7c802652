"""EGN files from other programs, read and written back: the public example games of the
EGN specification (not shipped: fetch its repository and give its examples folder).

    python benchmarks/egn_examples.py DIR

reads every .egn and .emn file under DIR and prints, file by file and in all: the deals,
the records they give (and how many do not know a part: a discard, a partner), why the
others give none; then writes each file's records back as EGN, checks every file written
against the specification's schema (the vendored one, by the product's own checker) and
reads it back, counting the records that come back equal, unknowns included, and the
seconds it took.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from hasen.notation import json_schema
from hasen.notation.egn import read_egn, split_games, write_egn


def check_written(text: str) -> None:
    data = json.loads(text)
    if data["fileType"] == "Euchre Match Notation":
        json_schema.check(data, "emn")
        for game in data["games"]:
            json_schema.check(game["gameData"], "egn")
    else:
        json_schema.check(data, "egn")


def main(folder: str) -> None:
    files = sorted(p for p in Path(folder).rglob("*") if p.suffix in (".egn", ".emn"))
    totals: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    start = time.perf_counter()
    for path in files:
        deals = read_egn(path.read_text(encoding="utf-8"))
        records = [d.record for d in deals if d.record is not None]
        for deal in deals:
            if deal.missing:
                reasons[deal.missing[:90]] += 1
        same = 0
        if records:
            text = write_egn(records)
            check_written(text)
            back = [d.record for d in read_egn(text)]
            same = sum(
                a is not None and b is not None and {**a.to_json(), "id": None} == {**b.to_json(), "id": None}
                for a, b in zip(records, back)
            )
        unknown = sum(bool(r.unknown) for r in records)
        print(
            f"{path.relative_to(folder)}: {len(deals)} deal{'s' * (len(deals) != 1)}, {len(records)} records "
            f"({unknown} with a part not "
            f"known), {same} written and read back the same"
        )
        totals.update(
            {
                "files": 1,
                "deals": len(deals),
                "records": len(records),
                "unknown": unknown,
                "same": same,
                "games": len(split_games(records)) if records else 0,
            }
        )
    seconds = time.perf_counter() - start
    print(
        f"\nin all: {totals['files']} files, {totals['deals']} deals, {totals['records']} records "
        f"({totals['unknown']} with a part not known), {totals['games']} games written back as EGN, each file "
        f"following the schema; {totals['same']} of {totals['records']} records read back the same; "
        f"{seconds:.2f} s"
    )
    for reason, count in reasons.most_common():
        print(f"  no record ({count}): {reason}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
