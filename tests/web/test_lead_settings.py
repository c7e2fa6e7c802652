"""A lead setting is applied or refused, never echoed with no effect: ``first_lead`` says who
leads when the declarer plays with the partner, ``lone_lead`` who leads against a lone
declarer, and a lone defender leads whatever either says (docs/rules.md)."""

from __future__ import annotations

import pytest
from cli_run import run
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER

SOLVE = [
    "solve",
    HASENPFEFFER_DEAL,
    "--dealer",
    HASENPFEFFER_DEALER,
    "--declarer",
    "N",
    "--trump",
    "C",
    "--discard",
    "KH",
]
TABLE = ["table", HASENPFEFFER_DEAL, "--dealer", HASENPFEFFER_DEALER, "--declarer", "N"]

REFUSED = [
    (["--alone", "--first-lead", "declarer"], "first_lead: it says who leads when the declarer plays with the partner"),
    (["--lone-lead", "dealer_left_skip_idle"], "lone_lead: it says who leads against a lone declarer"),
    (
        ["--alone", "--defender", "E", "--lone-lead", "dealer_left_skip_idle"],
        "lone_lead: a defender who plays alone leads the first trick",
    ),
    (
        ["--alone", "--defender", "E", "--first-lead", "declarer"],
        "first_lead: a defender who plays alone leads the first trick",
    ),
]


@pytest.mark.parametrize(
    "command", [SOLVE, TABLE, ["review", *SOLVE[1:], "--play", "JC"]], ids=["solve", "table", "review"]
)
@pytest.mark.parametrize("options, message", REFUSED)
def test_a_lead_setting_with_no_effect_is_refused_by_the_cli(capsys, command, options, message) -> None:
    code, out, err = run(capsys, *command, *options)
    assert (code, out) == (2, "")
    assert err.startswith(f"hasen: {message}")


@pytest.mark.parametrize("path", ["table", "solve", "review"])
def test_a_lead_setting_with_no_effect_is_refused_by_the_api(client, path: str) -> None:
    body = {
        "deal": HASENPFEFFER_DEAL,
        "dealer": HASENPFEFFER_DEALER,
        "declarer": "N",
        "alone": True,
        "first_lead": "declarer",
    }
    if path != "table":
        body |= {"trump": "C", "discard": "KH"}
    if path == "review":
        body["play"] = "JC"
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("first_lead: it says who leads when the declarer plays")


def test_the_setting_that_decides_is_applied(capsys) -> None:
    # W deals: N leads by default, but N as declarer leads with first_lead=declarer anyway, so
    # ask E: with the partner E leads only under first_lead=declarer; alone, W's left (N)
    # leads under lone_lead=dealer_left_skip_idle, E's left (S) by default
    code, out, _ = run(
        capsys, "table", HASENPFEFFER_DEAL, "--dealer", "W", "--declarer", "E", "--first-lead", "declarer"
    )
    assert code == 0 and "E declares; W deals, E leads" in out
    code, out, _ = run(capsys, "table", HASENPFEFFER_DEAL, "--dealer", "W", "--declarer", "E", "--alone")
    assert code == 0 and "E declares alone; W deals, S leads" in out
    code, out, _ = run(
        capsys,
        "table",
        HASENPFEFFER_DEAL,
        "--dealer",
        "W",
        "--declarer",
        "E",
        "--alone",
        "--lone-lead",
        "dealer_left_skip_idle",
    )
    assert code == 0 and "E declares alone; W deals, N leads" in out
