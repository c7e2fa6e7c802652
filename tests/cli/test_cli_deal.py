"""``hasen deal --random N``: random deals in deal notation, one a line."""

from __future__ import annotations

import json
from itertools import islice

import pytest

from hasen.cli.main import main
from hasen.core.deal import Deal
from hasen.core.dealing import random_deals
from hasen.core.variants import variant_for


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deals_one_a_line_by_seed(capsys) -> None:
    status, out, err = run(capsys, "deal", "--random", "5", "--seed", "9", "--variant", "euchre", "--deck", "25")
    assert status == 0 and not err
    lines = out.splitlines()
    variant = variant_for("euchre", 25)
    assert lines == [d.notation() for d in islice(random_deals(variant, 9), 5)]
    for line in lines:  # each line is a deal of the game, its dealer first
        assert Deal(line, variant=variant).notation() == line
    assert run(capsys, "deal", "--random", "5", "--seed", "9", "--variant", "euchre", "--deck", "25")[1] == out
    assert run(capsys, "deal", "--random", "5", "--seed", "10", "--variant", "euchre", "--deck", "25")[1] != out


def test_json_lines_for_batch_and_a_fixed_dealer(capsys) -> None:
    status, out, _ = run(
        capsys, "deal", "--random", "3", "--seed", "1", "--variant", "euchre2", "--dealer", "s", "--json"
    )
    entries = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(entries) == 3
    for entry in entries:
        assert set(entry) == {"deal", "dealer", "variant", "deck"}
        assert (entry["dealer"], entry["variant"], entry["deck"]) == ("S", "euchre2", 24)
        assert entry["deal"].startswith("S:")
    _, plain, _ = run(capsys, "deal", "--random", "2", "--seed", "1")
    assert all(
        set(json.loads(line)) == {"deal", "dealer", "variant"}
        for line in run(capsys, "deal", "--random", "2", "--seed", "1", "--json")[1].splitlines()
    )
    assert len(plain.splitlines()) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal"], "hasen: deal: say how many deals with --random N"),
        (
            ["deal", "--random", "100001"],
            "hasen: deal: argument --random: expected a whole number from 1 to 100000, not '100001'",
        ),
        (["deal", "--random", "0"], "hasen: deal: argument --random: expected a whole number from 1 to 100000"),
        (["deal", "--random", "2", "--seed", "x"], "hasen: deal: argument --seed: expected a whole number"),
        (["deal", "--random", "2", "--variant", "bridge"], "hasen: variant: unknown variant 'bridge'"),
        (["deal", "--random", "2", "--variant", "euchre2", "--dealer", "W"], "hasen: dealer: euchre2 deals to N, S"),
    ],
)
def test_bad_arguments(capsys, argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and not out and err.startswith(message) and err.count("\n") == 1
