"""EGN files for the tests: as the product writes them, mangled at random, and the
specification's schemas as the ``jsonschema`` package checks them (the EMN schema refers to
the EGN schema beside it)."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import jsonschema
import referencing
import referencing.jsonschema

import hasen
from hasen.notation.egn import write_egn


def validator(name: str) -> jsonschema.Draft7Validator:
    """The vendored schema ``egn`` or ``emn`` as the ``jsonschema`` package checks it."""

    def loaded(file: str) -> dict:
        return json.loads(resources.files("hasen").joinpath("data", "egn", file).read_text())

    egn = referencing.Resource.from_contents(loaded("egn-schema-v1.json"), referencing.jsonschema.DRAFT7)
    registry = referencing.Registry().with_resource("../egn-schema-v1.json", egn)
    return jsonschema.Draft7Validator(loaded(f"{name}-schema-v1.json"), registry=registry)


# values a change puts in: of every JSON type, and of EGN's own (cards, calls, seats) out of place
ODD_VALUES = [
    None,
    True,
    0,
    1.0,
    -1,
    3,
    7,
    9,
    10**6,
    "",
    "x",
    "n",
    "s",
    "Pass",
    "Order",
    "Jd",
    "Jc",
    "B",
    "R",
    "L",
    "Xx",
    "Nh",
    "7c",
    "1.4",
    "1.0",
    "LEFT_OF_LONER",
    [],
    [1],
    ["Jd"],
    ["Pass", "Order"],
    {},
    {"a": 1},
    "2026-05-17T19:00:00Z",
    "é" * 70,
    "9" * 2000,
]


def written(seed: int, games: int = 1) -> dict:
    """An EGN file (or with ``games`` > 1 an EMN match) as the product writes one."""
    records = []
    for game in range(games):
        for number in range(2):
            deal = hasen.random_deal(variant="euchre", seed=seed * 10 + game * 2 + number, dealer="NESW"[number])
            trump, discard = deal.extra.name[1], next(iter(deal.hand(deal.dealer)))
            line = hasen.solve(deal, deal.dealer, trump, discard).to_json()["best_line"]
            players = ", ".join(f"{s}={s.lower()}{game}" for s in "NESW")
            score = "score: 0-0; " if number == 0 else ""
            order = "NESW"["NESW".index(str(deal.dealer)) + 1 :] + "NESW"[: "NESW".index(str(deal.dealer)) + 1]
            records.append(
                hasen.Record.parse(
                    f"variant: euchre; {score}players: {players}; dealer: {deal.dealer}; deal: {deal.notation()}; "
                    f"auction: {', '.join(f'{s} pass' for s in order[:-1])}, {deal.dealer} order up; "
                    f"contract: {deal.dealer}, trump {trump}, discard {discard}; play: {line}"
                )
            )
    return json.loads(write_egn(records))


def places(value: object, path: tuple = ()) -> list[tuple]:
    """Every path to a value in a JSON document."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += places(item, (*path, index))
    return out


def mangled(document: dict, rng: random.Random) -> dict:
    """The document with one to three random changes."""
    out = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(places(out)[1:])
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        change = rng.random()
        if change < 0.6:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif change < 0.75 and isinstance(parent, dict):
            del parent[key]
        elif change < 0.9 and isinstance(parent, dict):
            key = rng.choice(["extra", "kitty", "player_cards", "num_deals", "aloneDefender"])
            parent[key] = rng.choice(ODD_VALUES)
        elif isinstance(parent[key], list):
            parent[key] = parent[key] * 60
    return out
