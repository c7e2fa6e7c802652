"""The game you play by default: HASEN_DEFAULTS or the configuration file sets the variant,
deck and table settings a command plays when it names none, and a hand record that names no
variant is of it; an option or a record's own field wins; ``hasen --version`` shows the
defaults; a bad setting is one line naming where it is. A hand that does not fit the game
is refused with the --variant that fits it."""

from __future__ import annotations

import json

import pytest
from cli_run import run

from hasen.cli import defaults

TYPED = (
    "dealer: N\nupcard: 9H\nauction: E pass, S pass, W pass, N order up\ncontract: N, trump H\n"
    "play: JS TH 9S KH | AD 9D KD AH | QH JD TS TD | 9H KC JC JH | 9C QD QC AC\n"
)


@pytest.fixture
def club(monkeypatch: pytest.MonkeyPatch):
    """Set HASEN_DEFAULTS for the test (read afresh)."""

    def set_(text: str | None) -> None:
        if text is None:
            monkeypatch.delenv("HASEN_DEFAULTS", raising=False)
        else:
            monkeypatch.setenv("HASEN_DEFAULTS", text)
        defaults.defaults.cache_clear()

    yield set_
    defaults.defaults.cache_clear()


def test_version_shows_the_default_game(capsys, club) -> None:
    club("")
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "default game: hasenpfeffer (set another in HASEN_DEFAULTS" in out
    club("variant: euchre; settings: all_pass=stick_the_dealer")
    code, out, _ = run(capsys, "--version")
    assert "default game: euchre (24 cards), all_pass=stick_the_dealer (from HASEN_DEFAULTS)" in out


def test_a_command_plays_the_default_game_unless_told(capsys, club) -> None:
    club("variant: euchre")
    code, out, err = run(
        capsys,
        "bid",
        "--seat",
        "S",
        "--hand",
        "9S AD JD QD 9C",
        "--dealer",
        "N",
        "--upcard",
        "TD",
        "--layouts",
        "20",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["variant"] == "euchre"
    code, _, err = run(
        capsys, "bid", "--seat", "S", "--hand", "9S AD JD QD 9C", "--dealer", "N", "--variant", "hasenpfeffer"
    )
    assert code == 2 and "--variant euchre" in err  # told otherwise: the option wins, and the hand does not fit


def test_a_record_without_a_variant_is_of_the_default_game_with_its_settings(capsys, club, tmp_path) -> None:
    path = tmp_path / "night.txt"
    path.write_text(TYPED)
    club("variant: euchre; settings: all_pass=stick_the_dealer")
    code, out, err = run(capsys, "record", str(path))
    assert code == 0, err
    assert "variant: euchre" in out and "settings: all_pass=stick_the_dealer" in out
    # its own settings join the defaults', and win
    path.write_text("settings: all_pass=redeal, lone_lead=dealer_left_skip_idle\n" + TYPED)
    code, out, err = run(capsys, "record", str(path))
    assert code == 0 and "settings: lone_lead=dealer_left_skip_idle\n" in out, err
    # a record that names its variant is read as written
    path.write_text("variant: euchre\n" + TYPED)
    code, out, err = run(capsys, "record", str(path))
    assert code == 0 and "settings:" not in out, err
    club("")
    path.write_text(TYPED)
    code, _, err = run(capsys, "record", str(path))
    assert code == 2 and "upcard: hasenpfeffer has no upcard" in err


def test_a_record_is_reviewed_in_the_default_game_and_a_typed_option_still_refused(capsys, club, tmp_path) -> None:
    """The default game fills a command's game options; a record's review takes them for its
    own (a record without a variant is of the default game), never for options typed for a
    deal, which it refuses (it refused every record once a default game was set)."""
    path = tmp_path / "hand.txt"
    path.write_text(TYPED)
    club("variant: euchre; settings: lone_lead=dealer_left_skip_idle")
    code, out, err = run(capsys, "review", str(path), "--layouts", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["record"]["variant"] == "euchre"
    code, _, err = run(capsys, "review", str(path), "--layouts", "2", "--dealer", "S")
    assert code == 2 and err.startswith("hasen: review: --dealer is for a deal reviewed with every hand open"), err


def test_the_configuration_file_sets_them_too(capsys, club, monkeypatch, tmp_path) -> None:
    club(None)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "hasen").mkdir()
    (tmp_path / "hasen" / "defaults").write_text("# our club\nvariant: railroad\ndeck: 33\n")
    defaults.defaults.cache_clear()
    code, out, _ = run(capsys, "--version")
    assert f"default game: railroad (33 cards) (from {tmp_path / 'hasen' / 'defaults'})" in out


@pytest.mark.parametrize(
    "text, message",
    [
        ("variant: eucher", "HASEN_DEFAULTS: variant: unknown variant 'eucher'"),
        ("variant: euchre; deal: N:AJ", "HASEN_DEFAULTS: deal: not a field of the default game"),
        ("variant: euchre; settings: bidding=pepper", "HASEN_DEFAULTS: bidding: a hasenpfeffer setting"),
        ("variant: euchre; variant: euchre2", "HASEN_DEFAULTS: variant is given twice"),  # the last was taken
        ("variant: euchre; colour: red", "HASEN_DEFAULTS: record line 1: unknown field 'colour'"),
    ],
)
def test_a_bad_default_is_one_line_naming_where_it_is_set(capsys, club, text: str, message: str) -> None:
    club(text)
    code, out, err = run(capsys, "table", "--example")
    assert code == 2 and message in err and err.count("\n") == 1
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "default game: not read: " + message in out


@pytest.mark.parametrize(
    "argv, hint",
    [
        (["bid", "--seat", "S", "--hand", "9S AD JD QD 9C", "--dealer", "N"], "5-card hands fit"),
        (
            ["bid", "--seat", "S", "--hand", "AJT.A9..K", "--dealer", "N", "--variant", "euchre", "--upcard", "TD"],
            "6-card hands fit hasenpfeffer: pass --variant hasenpfeffer",
        ),
        (
            [
                "bid",
                "--seat",
                "S",
                "--hand",
                "9S AD JD QD 7C",
                "--dealer",
                "N",
                "--variant",
                "euchre",
                "--upcard",
                "TD",
            ],
            "7C is a card of",
        ),
        (["bid", "--seat", "S", "--hand", "AJT.A9..K", "--dealer", "N", "--upcard", "TD"], "pass --variant euchre"),
    ],
)
def test_a_hand_that_does_not_fit_the_game_names_the_variant_that_fits(capsys, argv: list[str], hint: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and hint in err and "--variant" in err
