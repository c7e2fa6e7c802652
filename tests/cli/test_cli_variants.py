"""``hasen table --variant/--deck``, lone defence and settings on the table, and
``hasen bid``, through ``hasen.cli.main([...])``. The expected numbers are the hand-worked
examples of test_variants.py and test_bidding.py."""

from __future__ import annotations

import pytest
from cli_run import run, run_json
from examples import EUCHRE2_DEAL, EUCHRE_DEAL, TOP_SPADES_DEAL


def test_two_handed_table_json(capsys, euchre2):
    data = run_json(capsys, "table", euchre2.deal, "--variant", "euchre2")
    assert (data["variant"], data["deck"], data["upcard"], data["dealer"]) == ("euchre2", 24, "AS", "N")
    assert data["declarers"]["S"]["tricks"] == {
        "S": {"AS": 5, "KD": 4, "QD": 4, "TD": 4, "9D": 4, "9C": 4, "value": 4},
        "H": 5,
        "D": 0,
        "C": 0,
    }
    assert data["declarers"]["N"]["tricks"]["S"]["value"] == 1


def test_two_handed_table_text(capsys, euchre2):
    code, out, err = run(capsys, "table", euchre2.deal, "--variant", "euchre2", "--declarer", "S")
    assert code == 0 and err == ""
    assert "S makes; N deals, S leads; upcard AS" in out
    assert "S       4      AS 5  KD 4  QD 4  TD 4  9D 4  9C 4   N discards KD" in out
    assert "H      [5]" in out
    assert "best: hearts, 5 tricks" in out


def test_decks_from_the_command_line(capsys):
    joker = run_json(capsys, "table", "N:..KQT9.9 T9.AKQ.. JK", "--variant", "euchre2", "--deck", "25")
    assert joker["deck"] == 25 and joker["declarers"]["S"]["tricks"]["H"]["value"] == 4
    sevens = run_json(capsys, "table", "N:..KQT.97 T9.AK8.. 7S", "--variant", "euchre2", "--deck", "32")
    assert sevens["deck"] == 32 and list(sevens["declarers"]["N"]["tricks"]["S"]) == [
        "7S",
        "KD",
        "QD",
        "TD",
        "9C",
        "7C",
        "value",
    ]


def test_a_joker_standing_for_hearts_on_the_table(capsys):
    """The hand-worked deal of test_variants.py under joker_upcard: hearts: S makes spades with
    the Joker out of play (N, void, cannot stop TS 9S AH KH QH: 5); hearts as before, N taking
    the Joker (4). The text says what the Joker stands for."""
    options = ["N:..KQT9.9 T9.AKQ.. JK", "--variant", "euchre2", "--deck", "25", "--joker-upcard", "hearts"]
    tricks = run_json(capsys, "table", *options)["declarers"]["S"]["tricks"]
    assert tricks["S"] == 5 and tricks["H"]["value"] == 4 and tricks["H"]["JK"] == 5
    code, out, _ = run(capsys, "table", *options, "--declarer", "S")
    assert code == 0 and "upcard JK (standing for hearts)" in out


# the built-in examples as docs/cli.md gives them: (variant, deck) -> the deal and its dealer
EXAMPLES = {
    ("euchre", None): ("N:K.QT.T.K 9..A9.Q9 A.KJ.J.J QJ.A9.Q. TC", "N"),
    ("euchre", "25"): ("N:K.QT.T.K 9..A9.Q9 A.KJ.J.J QJ.A9.Q. TC", "N"),
    ("euchre2", None): ("N:9.Q9.J.T T..T.AJ9 9D", "N"),
    ("euchre2", "32"): ("N:9.Q9.J.T T..T.AJ9 9D", "N"),
}


@pytest.mark.parametrize("variant, deck", list(EXAMPLES))
def test_each_euchre_has_an_example(capsys, variant, deck):
    """``--example`` is the variant's own deal, in any of its decks, and its dealer deals."""
    deck_args = [] if deck is None else ["--deck", deck]
    deal, dealer = EXAMPLES[variant, deck]
    given = run_json(capsys, "table", deal, "--dealer", dealer, "--variant", variant, *deck_args)
    built_in = run_json(capsys, "table", "--example", "--variant", variant, *deck_args)
    assert built_in == given and built_in["dealer"] == dealer
    # the dealer can still be changed
    assert run_json(capsys, "table", "--example", "--variant", variant, "--dealer", "S", *deck_args)["dealer"] == "S"


def test_four_hand_lone_defence(capsys, euchre):
    args = ["table", euchre.deal, "--variant", "euchre", "--declarer", "E", "--alone", "--defender", "N"]
    data = run_json(capsys, *args)
    assert data["alone"] is True and data["defender"] == "N" and list(data["declarers"]) == ["E"]
    code, out, _ = run(capsys, *args)
    assert "E makes alone against N alone; N deals, N leads" in out


def test_hasenpfeffer_table_keeps_its_shape_and_takes_the_new_options(capsys):
    plain = run_json(capsys, "table", "--example", "--declarer", "N")
    assert set(plain) == {"version", "variant", "deal", "dealer", "alone", "declarers"}
    lone = run_json(capsys, "table", "--example", "--declarer", "N", "--alone", "--defender", "E")
    assert lone["defender"] == "E"
    led = run_json(capsys, "table", "--example", "--declarer", "N", "--first-lead", "declarer")
    assert led["settings"] == {"first_lead": "declarer"}
    code, out, _ = run(capsys, "table", "--example", "--declarer", "N", "--alone", "--defender", "E")
    assert "N declares alone against E alone; W deals, E leads" in out


def test_bid_hasenpfeffer(capsys):
    data = run_json(capsys, "bid", TOP_SPADES_DEAL, "--dealer", "W")
    assert data["par"]["contract"]["declarer"] == "N" and data["par"]["score"] == {"N-S": 12, "E-W": 0}
    pepper = run_json(capsys, "bid", TOP_SPADES_DEAL, "--dealer", "W", "--bidding", "pepper")
    assert pepper["par"]["contract"]["bid"] == "big pepper" and pepper["par"]["score"]["N-S"] == 24
    assert pepper["settings"]["bidding"] == "pepper"
    code, out, err = run(capsys, "bid", TOP_SPADES_DEAL, "--dealer", "W")
    assert code == 0 and err == ""
    assert "par: N bids 6 alone: spades, discard 9H, 6 tricks" in out
    assert "auction: N 6, E pass, S pass, W pass" in out
    assert "score: N-S +12, E-W 0" in out


def test_bid_two_handed(capsys, euchre2):
    data = run_json(capsys, "bid", euchre2.deal, "--variant", "euchre2")
    assert data["par"]["score"] == {"S": 2, "N": 0}
    code, out, _ = run(capsys, "bid", euchre2.deal, "--variant", "euchre2")
    assert "auction: S pass, N pass, S name H" in out
    assert "S  S 4 (+1), H 5 (+2), D 0 (-2), C 0 (-2); best H" in out


def test_bid_settings_reach_the_auction(capsys, euchre):
    stuck = run_json(capsys, "bid", euchre.deal, "--variant", "euchre", "--all-pass", "stick_the_dealer")
    assert stuck["settings"]["all_pass"] == "stick_the_dealer"
    scored = run_json(capsys, "bid", "--example", "--defenders-score", "--fail-penalty", "tricks")
    assert scored["settings"]["defenders_score"] is True and scored["settings"]["fail_penalty"] == "tricks"


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["table", EUCHRE_DEAL],
            "deal: N holds 5 cards, expected 6: 'A.K..AQJ' (5-card hands in 5 fields fit euchre or "
            "railroad: pass --variant euchre or --variant railroad",
        ),
        (["table", EUCHRE2_DEAL], "fit euchre2: pass --variant euchre2"),
        (["bid", EUCHRE_DEAL], "pass --variant euchre"),
        (
            ["table", EUCHRE2_DEAL, "--variant", "euchre2", "--deck", "20"],
            "deck: euchre2 is played with 24, 32 or 25 cards, not '20'",
        ),
        (["table", EUCHRE_DEAL, "--variant", "canasta"], "variant: unknown variant 'canasta'"),
        (
            ["table", EUCHRE2_DEAL, "--variant", "euchre2", "--alone"],
            "alone: euchre2 has no partners, so nobody plays alone",
        ),
        (
            ["table", EUCHRE_DEAL, "--variant", "euchre", "--alone", "--defender", "E"],
            "defender: a lone defender needs the declarer too",
        ),
        (["table", "--example", "--declarer", "N", "--defender", "E"], "only against a lone declarer (--alone)"),
        (
            ["table", "--example", "--declarer", "N", "--alone", "--defender", "S"],
            "defender: S is not an opponent of N",
        ),
        (["table", "--example", "--first-lead", "anyone"], "first_lead: 'anyone' is not one of dealer_left, declarer"),
        (
            ["bid", EUCHRE_DEAL, "--variant", "euchre", "--fail-penalty", "pepper"],
            "fail_penalty: a hasenpfeffer setting, which euchre does not have (got 'pepper')",
        ),
        (["bid", "--example", "--all-pass", "stick_the_dealer"], "all_pass: 'stick_the_dealer' is a euchre rule"),
        (
            ["bid", EUCHRE_DEAL, "--variant", "euchre", "--joker-upcard", "redeal"],
            "joker_upcard: euchre (24 cards) has no Joker",
        ),
        (
            ["bid", EUCHRE2_DEAL, "--variant", "euchre2", "--lone-lead", "dealer_left_skip_idle"],
            "euchre2 has no partners",
        ),
        # given explicitly, even at its default value, a setting the variant lacks is refused
        (
            ["table", EUCHRE2_DEAL, "--variant", "euchre2", "--lone-lead", "left_of_loner"],
            "lone_lead: euchre2 has no partners",
        ),
        (["bid", EUCHRE_DEAL, "--variant", "euchre", "--fail-penalty", "bid"], "fail_penalty: a hasenpfeffer setting"),
        (["bid"], "bid: a DEAL is required"),
        (["bid", "--example", "--alone"], "--alone"),  # not an option of bid: argparse names it
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("hasen: ") and err.count("\n") == 1, err
    assert message in err
