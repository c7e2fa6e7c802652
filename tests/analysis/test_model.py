"""The model of the other players (hasen.analysis.model) and its shipped fit:
- the hands the file keeps from its build are solved again here, through ``hasen.solve``, to
  the tricks it was fitted on (the shipped data is what the build computes);
- a prediction read from the per-suit tables equals the fit's own sum over the counts;
- the model's discard keeps trumps and aces, its calls are legal, and a stuck dealer calls;
- a fit rebuilt from a few deals is the same twice (the build is deterministic), and the
  shipped file stays small.
"""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest
from calling_rule import passed, put_away
from hypothesis import given, settings
from hypothesis import strategies as st
from model_fit import build, deals_of

import hasen
from hasen.analysis.model import FEATURES, PlayerModel, features, model_data, model_discard, trump_slots
from hasen.core.cards import card_name, cards_of, trump_cards
from hasen.core.deal import Deal
from hasen.core.settings import Settings, joker_suit
from hasen.games.euchre.model import EuchreModel
from hasen.rules.auction import PASS, auction_for
from hasen.rules.trump import takes_upcard

SEATS = "NESW"
GAMES = [(name, size) for name, decks in hasen.VARIANTS.items() for size in decks]


def test_the_shipped_file_is_the_model_this_version_reads() -> None:
    data = model_data()
    assert tuple(data["features"]) == FEATURES
    assert set(data["games"]) == {f"{name}/{size}" for name, size in GAMES}
    size = len(files("hasen").joinpath("data", "player_model.json").read_bytes())
    assert size < 200_000, f"the model is {size} bytes"


@pytest.mark.compiled
@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}/{g[1]}")
def test_the_hands_it_was_fitted_on_solve_to_their_tricks(game: tuple[str, int]) -> None:
    variant = hasen.variant_for(*game)
    data = model_data()
    seed = data["built"]["seed"]
    checks = data["checks"][f"{game[0]}/{game[1]}"]
    assert checks, "the file keeps some of its hands"
    for check in checks:
        ((hands, extra, dealer),) = deals_of(variant, seed, [check["deal"]])
        deal = Deal.from_masks(hands, extra, dealer, variant)
        seat, alone = check["seat"], check["alone"]
        if variant.declarer_exchanges:  # every trump, the model's discard from the seven cards
            tricks = [
                hasen.solve(
                    deal,
                    SEATS[seat],
                    "SHDC"[t],
                    str(hasen.Card(model_discard(hands[seat] | 1 << extra, t))),
                    alone=alone,
                ).total
                for t in range(4)
            ]
            assert tricks == check["tricks"], check
        else:
            trump = check["trump"]
            taker = EuchreModel.of(variant).upcard_taker(seat, dealer, extra, trump, alone, Settings())
            discard = None if taker is None else model_discard(hands[dealer] | 1 << extra, trump)
            defenders = [None]
            best = None
            if alone and variant.calls_for_best:  # the model's call for best; the defenders together
                held = (hands[seat] | 1 << extra) & ~(1 << discard) if taker == "self" else hands[seat]
                given = passed([card_name(c) for c in cards_of(hands[(seat + 2) % 4])], "SHDC"[trump])
                best = f"{given} for {put_away([card_name(c) for c in cards_of(held)] + [given], 'SHDC'[trump])}"
            elif alone and variant.partners:
                defenders += [SEATS[(seat + 1) % 4], SEATS[(seat + 3) % 4]]
            totals = []
            for d in defenders:
                idle = d is not None and dealer == (SEATS.index(d) + 2) % 4
                totals.append(
                    hasen.solve(
                        deal,
                        ", ".join(
                            [SEATS[seat], f"trump {'SHDC'[trump]}"]
                            + ([] if idle or discard is None else [f"discard {card_name(discard)}"])
                            + (["alone"] if alone else [])
                            + ([] if d is None else [f"defender {d}"])
                            + ([] if best is None else [f"best {best}"])
                        ),
                    ).total
                )
            assert min(totals) == check["tricks"], check


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), trump=st.integers(0, 3), leads=st.integers(0, 2))
def test_the_tables_give_the_fits_own_prediction(game: tuple[str, int], seed: int, trump: int, leads: int) -> None:
    variant = hasen.variant_for(*game)
    model = PlayerModel.of(variant)
    deck = cards_of(variant.deck)
    rng = random.Random(seed)
    rng.shuffle(deck)
    hand = sum(1 << c for c in deck[: variant.hand_size])
    upcard = deck[variant.hand_size]
    who = rng.choice(["self", "partner", "opponent"]) if not variant.declarer_exchanges else None
    up = None if who is None or upcard not in trump_slots(trump) else (who, upcard)
    for stage in model.fits.values():
        for fit in stage.values():
            assert fit.rate(hand, trump, leads, up) == pytest.approx(
                fit.predict(features(hand, trump, leads, up)), abs=1e-9
            )


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), trump=st.integers(0, 3))
def test_the_discard_keeps_trumps_and_aces(game: tuple[str, int], seed: int, trump: int) -> None:
    variant = hasen.variant_for(*game)
    deck = cards_of(variant.deck)
    random.Random(seed).shuffle(deck)
    cards = sum(1 << c for c in deck[: variant.hand_size + 1])
    discard = model_discard(cards, trump)
    assert cards >> discard & 1
    side = [c for c in cards_of(cards) if not trump_cards(trump) >> c & 1]
    aces = [c for c in side if c % 8 == 7]
    if side:
        assert not trump_cards(trump) >> discard & 1, "a trump put away while a side card is held"
        if len(aces) < len(side):
            assert discard not in aces, "an ace put away while a lower side card is held"


@settings(max_examples=80, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), all_pass=st.sampled_from([0, 1]))
def test_the_models_calls_are_legal_and_end_the_auction(game: tuple[str, int], seed: int, all_pass: int) -> None:
    variant = hasen.variant_for(*game)
    rule = {"hasenpfeffer": ["redeal", "joker_bids_3"], "euchre": ["redeal", "stick_the_dealer"]}[variant.family]
    deal = hasen.random_deal(variant, seed=seed).replace(settings={"all_pass": rule[all_pass]})
    model = PlayerModel.of(variant)
    rules = auction_for(deal, deal.settings)
    state = rules.start()
    for _ in range(64):
        seat = rules.to_call(state)
        if seat is None:
            break
        call = model.call(rules, state, deal.hands[seat])
        assert rules.refusal(state, seat, call) is None, call
        if rules.settings.all_pass == "stick_the_dealer" and state.round == 2 and seat == deal.dealer:
            assert call.kind != PASS
        state = rules.after(state, call)
    assert rules.to_call(state) is None, "the auction ends"
    if not variant.declarer_exchanges and state.end is not None and state.end.declarer is not None:
        assert state.end.trump is not None and (
            state.round != 1 or takes_upcard(deal.extra, state.end.trump, joker_suit(deal.settings))
        )


@pytest.mark.compiled
def test_the_build_is_the_same_twice(tmp_path) -> None:
    euchre2 = hasen.variant_for("euchre2")
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    build(300, 5, 2, one, [euchre2])
    build(300, 5, 1, two, [euchre2])
    first, second = json.loads(one.read_text()), json.loads(two.read_text())
    del first["built"]["seconds"], second["built"]["seconds"]
    assert first == second


def test_each_game_is_modelled_by_its_familys_model() -> None:
    """The model of a game is its family's own (``hasen.games.<family>.model``), asked of the
    shared class or the family's; asked of another family's class it says so. A model at a
    score, sent to another process, is the same family's model at that score."""
    import pickle

    from hasen.core.variants import ALL_VARIANTS
    from hasen.games.hasenpfeffer.model import HasenpfefferModel

    for variant in ALL_VARIANTS:
        model = PlayerModel.of(variant)
        assert type(model).__module__ == f"hasen.games.{variant.family}.model", variant.key
        scored = pickle.loads(pickle.dumps(model.at_score((3, 5))))
        assert type(scored) is type(model) and scored.score == (3, 5) and scored.fits == model.fits
    assert HasenpfefferModel.of(hasen.variant_for("hasenpfeffer")) is PlayerModel.of(hasen.variant_for("hasenpfeffer"))
    with pytest.raises(TypeError, match="euchre's model is EuchreModel, not HasenpfefferModel"):
        HasenpfefferModel.of(hasen.variant_for("euchre"))
    with pytest.raises(TypeError):
        PlayerModel(hasen.variant_for("euchre"), {})  # type: ignore[abstract]  # only a family's model is made
