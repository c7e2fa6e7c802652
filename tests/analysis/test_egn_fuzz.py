"""Hostile and mangled EGN files: every one is read or refused in one line, by the library
and by each command that reads records; none gives a traceback. The records a mangled file
still gives are written back as EGN the schema accepts, or refused in one line."""

from __future__ import annotations

import json
import random

import pytest
from cli_run import run
from egngen import mangled, validator, written

import hasen
from hasen.notation.egn import read_egn, write_egn

EGN_SCHEMA = validator("egn")


def one_line(text: str) -> bool:
    return bool(text) and "\n" not in text.strip() and "Traceback" not in text


def test_mangled_files_are_read_or_refused_in_one_line() -> None:
    rng = random.Random(11)
    documents = [written(seed) for seed in range(4)] + [written(9, games=2)]
    outcomes = {"refused": 0, "read": 0, "deal refused": 0}
    for _ in range(750):  # as many lines beyond the rest of the suite as 1,500 (docs/benchmarks.md)
        document = mangled(rng.choice(documents), rng)
        try:
            deals = read_egn(json.dumps(document))
        except hasen.NotationError as exc:
            assert one_line(str(exc)), str(exc)
            outcomes["refused"] += 1
            continue
        outcomes["read"] += 1
        for deal in deals:
            if deal.missing is not None:
                assert one_line(deal.missing), deal.missing
                outcomes["deal refused"] += 1
        records = [d.record for d in deals if d.record is not None]
        if records:
            try:
                text = write_egn(records)
            except hasen.NotationError as exc:
                assert one_line(str(exc))
                continue
            data = json.loads(text)
            for game in [g["gameData"] for g in data.get("games", [])] or [data]:
                assert EGN_SCHEMA.is_valid(game)
    assert min(outcomes.values()) > 30, outcomes  # each way out is taken


HEAD = '{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {"players": [], "initialScore": [0, 0]'


def deals_of(*deals: dict) -> str:
    return HEAD + '}, "deals": ' + json.dumps(list(deals)) + "}"


GOOD_DEAL = {
    "dealNumber": 0,
    "initialState": {"dealer": 0, "upCard": "Jd"},
    "phases": [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"]},
        {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": []},
    ],
}


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("phases of the wrong type", deals_of({**GOOD_DEAL, "phases": "none"}), "deals[0].phases: expected an array"),
        (
            "kitty of the wrong type",
            deals_of({**GOOD_DEAL, "initialState": {"dealer": 0, "upCard": "Jd", "kitty": 3}}),
            'the key "kitty" is not one the specification has',
        ),
        (
            "tricks of the wrong type",
            deals_of(
                {
                    **GOOD_DEAL,
                    "phases": [GOOD_DEAL["phases"][0], {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": {"0": []}}],
                }
            ),
            "deals[0].phases[1].tricks: expected an array",
        ),
        (
            "a list for loner_lead",
            HEAD + ', "ruleset": {"loner_lead": ["LEFT_OF_DEALER"]}}, "deals": []}',
            "metadata.ruleset.loner_lead: expected a string",
        ),
        ("nested lists", HEAD + '}, "deals": ' + "[" * 3000 + "]" * 3000 + "}", "nested too deeply"),
        ("a deal too many", deals_of(*[GOOD_DEAL] * 101), "deals: 101 items, at most 100"),
        (
            "isAlone yes",
            deals_of({**GOOD_DEAL, "phases": [{**GOOD_DEAL["phases"][0], "isAlone": "yes"}]}),
            'isAlone: expected a boolean, got "yes"',
        ),
        ("not JSON", '{"fileType": "Euchre Game Notation", ', "EGN: malformed JSON"),
    ],
)
def test_hostile_files_are_refused_in_one_line_by_every_command(
    capsys, tmp_path, name: str, text: str, message: str
) -> None:
    with pytest.raises(hasen.NotationError) as refused:
        read_egn(text)
    assert message in str(refused.value) and one_line(str(refused.value))
    path = tmp_path / "game.egn"
    path.write_text(text)
    for command in (["record", str(path)], ["review", str(path)], ["session", str(path), str(tmp_path / "out.jsonl")]):
        code, out, err = run(capsys, *command)
        assert code == 2 and one_line(err) and message in err, (command, err)


def test_a_joker_upcard_without_the_joker_is_that_deals_error() -> None:
    [deal] = read_egn(deals_of({**GOOD_DEAL, "initialState": {"dealer": 0, "upCard": "B"}}))
    assert deal.record is None and "B is not a card of the 24-card deck (the Joker: joker true)" in deal.missing
