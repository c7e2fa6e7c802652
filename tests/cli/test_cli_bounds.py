"""Every number the command line takes is bounded, and a number out of bounds is one line
naming the option and its range (a huge --jobs was an OverflowError traceback, a
huge --time-limit started a server that answered 500, a huge --layouts grew memory without
end)."""

from __future__ import annotations

import argparse

import pytest
from cli_run import run

from hasen.cli.parser import COMMANDS, build_parser
from hasen.core.errors import HasenError

# metavars of the options that take a number: each must have a type that bounds it
NUMBER_METAVARS = {"N", "SECONDS"}


def number_options() -> list[tuple[str, str]]:
    """(command, option) for every option of every command that takes a number."""
    found = []
    for command in COMMANDS:
        parser = build_parser(command)
        [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        for action in commands.choices[command]._actions:
            if action.metavar in NUMBER_METAVARS or action.dest == "port":
                found.append((command, action.option_strings[-1]))
                assert action.type is not None, f"{command} {action.option_strings}: a number with no bounds"
    return found


def test_the_number_options_are_found() -> None:
    options = number_options()
    assert ("batch", "--jobs") in options and ("serve", "--time-limit") in options
    assert ("simulate", "--layouts") in options and ("bench", "--seed") in options
    assert len(options) >= 16


@pytest.mark.parametrize("command, option", number_options())
@pytest.mark.parametrize("value", ["9" * 40, "-1", "1e400", "nan", "0x10", ""])
def test_every_number_option_refuses_what_is_out_of_bounds(command: str, option: str, value: str) -> None:
    """Parsing alone: the option's own check, before any other argument is looked at."""
    with pytest.raises(HasenError) as refused:
        build_parser(command).parse_args([command, option, value])
    message = str(refused.value)
    assert message.startswith(f"{command}: argument {option}: ") and len(message) < 200, message
    assert "\n" not in message


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["simulate", "--example", "--seat", "N", "--jobs", "2147483648"],
            "simulate: argument --jobs: expected a whole number from 1 to 1024, not '2147483648'",
        ),
        (
            ["lead", "--example", "--seat", "N", "--declarer", "E", "--trump", "D", "--jobs", "2147483648"],
            "lead: argument --jobs: expected a whole number from 1 to 1024, not '2147483648'",
        ),
        (
            ["simulate", "--example", "--seat", "N", "--layouts", "1000000000000"],
            "simulate: argument --layouts: expected a whole number from 1 to 100000, not '1000000000000'",
        ),
        (
            ["simulate", "--example", "--seat", "N", "--seed", "4294967296"],
            "simulate: argument --seed: expected a whole number from 0 to 4294967295, not '4294967296'",
        ),
        (
            ["serve", "--time-limit", "1e10"],
            "serve: argument --time-limit: expected a number of seconds above 0 and at most 3600, not '1e10'",
        ),
        (
            ["serve", "--time-limit", "3600.5"],
            "serve: argument --time-limit: expected a number of seconds above 0 and at most 3600, not '3600.5'",
        ),
        (
            ["batch", "in", "out", "--chunk", "1000000"],
            "batch: argument --chunk: expected a whole number from 1 to 10000, not '1000000'",
        ),
        (["bench", "--seed", "-1"], "bench: argument --seed: expected a whole number from 0 to 4294967295, not '-1'"),
        (["bench", "--threads", "100000"], "bench: argument --threads: expected a whole number from 1 to 256"),
    ],
)
def test_a_number_too_large_for_its_option_is_refused_in_one_line(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"hasen: {message}") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--time-limit", "3600"],
        ["serve", "--time-limit", "0.001"],
        ["serve", "--cache-size", "0"],
        ["serve", "--threads", "256"],
        ["simulate", "--seat", "N", "--layouts", "100000", "--seed", "4294967295"],
        ["batch", "in", "out", "--jobs", "1024", "--chunk", "10000"],
    ],
)
def test_the_bounds_themselves_are_accepted(argv: list[str]) -> None:
    build_parser(argv[0]).parse_args(argv)
