"""``hasen schema NAME``: what each command prints with ``--json`` validates against the
schema printed for it, and an answer the schema does not describe is refused by it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from cli_run import run, run_json
from nights import MIXED_NIGHT

CONTRACT = ["--declarer", "N", "--trump", "C", "--discard", "KH"]
# each output and a command line that prints it (the hand record of MIXED_NIGHT[2] written to a file)
PRINTED = {
    "table": [["table", "--example"], ["table", "--example", "--variant", "euchre"]],
    "solve": [["solve", "--example", *CONTRACT]],
    "review": [["review", "--example", *CONTRACT, "--played", "JC KC"]],
    "hand-review": [["review", "RECORD", "--layouts", "4"]],
    "bid": [["bid", "--example"]],
    "advice": [
        ["bid", "--example", "--seat", "N", "--layouts", "8", "--choice-layouts", "4"],
        ["bid", "--example", "--variant", "euchre", "--seat", "N", "--layouts", "8", "--choice-layouts", "4"],
    ],
    "simulate": [["simulate", "--example", "--seat", "N", "--layouts", "4"]],
    "lead": [["lead", "--example", "--seat", "N", "--declarer", "E", "--trump", "D", "--layouts", "4"]],
    "odds": [["odds", "8-5", "--dealer", "N"]],
}


def schema(capsys, name: str) -> dict:
    code, out, err = run(capsys, "schema", name)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name", sorted(PRINTED))
def test_each_commands_json_is_what_its_schema_says(capsys, tmp_path: Path, name: str) -> None:
    record = tmp_path / "hand.txt"
    record.write_text(MIXED_NIGHT[2] + "\n")
    validator = jsonschema.Draft202012Validator(schema(capsys, name))
    for argv in PRINTED[name]:
        answer = run_json(capsys, *(str(record) if part == "RECORD" else part for part in argv))
        validator.validate(answer)
        broken = {key: value for key, value in answer.items() if key != next(iter(answer))}
        assert not validator.is_valid(broken), "the first field is required, and its loss is seen"


def test_the_list_names_every_output_and_a_wrong_name_is_refused(capsys) -> None:
    code, out, _ = run(capsys, "schema")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [*PRINTED, "error", "table-rows", "decision-rows"]
    code, _, err = run(capsys, "schema", "tables")
    assert code == 2 and err.strip().startswith("hasen: schema: no output named 'tables' (expected one of table,")


@pytest.mark.parametrize("variant", ["hasenpfeffer", "euchre", "railroad"])
def test_a_tables_rows_are_what_the_row_schema_says(capsys, variant: str) -> None:
    """Every row of a table, in order of the schema's columns, which are the batch CSV's (but
    its id, a file's, and error, a failed line's)."""
    import hasen
    from hasen.cli.batch_csv import COLUMNS

    row_schema = schema(capsys, "table-rows")
    validator = jsonschema.Draft202012Validator(row_schema)
    rows = hasen.analyze(hasen.random_deal(variant=variant, seed=3)).rows()
    assert rows
    for row in rows:
        validator.validate(row)
        assert list(row) == list(row_schema["properties"])[1:]
    assert list(row_schema["properties"]) == list(COLUMNS[:-1])
    assert not validator.is_valid({**rows[0], "dealer": "X"}) and not validator.is_valid({**rows[0], "tricks": "3"})
