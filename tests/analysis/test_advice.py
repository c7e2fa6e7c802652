"""Single-dummy bid advice (hasen.advise) against what it must equal:
- with nothing left to sample there is one layout, and every figure is the double-dummy one;
- on seeded layouts the figures are those of a plain sample-and-solve loop written here,
  which deals each layout by its own code, solves it through hasen.analyze, and chooses
  trump and discard by the documented rule on the documented choice layouts;
- layouts never contradict what the seat knows (a property test);
- the same seed gives the same answer on any number of threads or processes.
"""

from __future__ import annotations

import random

import pytest
from dealgen import all_known, plain_deal
from examples import EUCHRE, EUCHRE2, HASENPFEFFER
from hypothesis import given, settings
from hypothesis import strategies as st
from seat_views import view_and_options

import hasen
from hasen.core.cards import cards_of
from hasen.core.deal import format_hand, parse_hand
from hasen.workers import Workers

SEATS = "NESW"


def hasenpfeffer_points(bid: int, tricks: int, alone: bool) -> int:
    """The default scoring: the tricks taken when made, minus the bid when not; double alone."""
    return (tricks if tricks >= bid else -bid) * (2 if alone else 1)


def euchre_points(tricks: int, alone: bool) -> int:
    """1 for three or four, 2 for all five (4 alone), -2 when euchred."""
    if tricks == 5:
        return 4 if alone else 2
    return 1 if tricks >= 3 else -2


def defences(seat: str, alone: bool) -> list[str | None]:
    """Against a lone declarer the defenders defend together or either alone, whichever
    leaves the declarer fewer tricks (docs/rules.md); else together."""
    if not alone:
        return [None]
    left = SEATS[(SEATS.index(seat) + 1) % 4]
    return [None, left, SEATS[(SEATS.index(seat) + 3) % 4]]


def defended_cells(deal: hasen.Deal, seat: str, alone: bool) -> dict[tuple[str, str], int]:
    """A Hasenpfeffer declarer's tricks for each trump and discard, against the best defence."""
    cells: dict[tuple[str, str], int] = {}
    for defender in defences(seat, alone):
        table = hasen.analyze(deal, declarer=seat, alone=alone, defender=defender).tables[seat]
        for t in "SHDC":
            for d in table.discards:
                cells[(t, str(d))] = min(cells.get((t, str(d)), 99), table.tricks[t][d])
    return cells


def defended_entries(deal: hasen.Deal, seat: str, alone: bool) -> dict[str, tuple[int, dict[str, int]]]:
    """A Euchre maker's value of each trump, and each own discard's tricks, against the best
    defence where there are partners."""
    out: dict[str, tuple[int, dict[str, int]]] = {}
    lone = alone and deal.variant.partners
    for defender in defences(seat, lone):
        entries = hasen.analyze(deal, declarer=seat, alone=alone, defender=defender).tables[seat].entries
        for t in "SHDC":
            value, discards = entries[t].value, {str(d): n for d, n in (entries[t].discards or {}).items()}
            if t in out:
                before = out[t]
                value = min(value, before[0])
                discards = {d: min(n, before[1].get(d, n)) for d, n in discards.items()}
            out[t] = (value, discards)
    return out


# --- nothing left to sample -------------------------------------------------------------------


@pytest.mark.parametrize("seat", "NESW")
def test_with_every_card_known_hasenpfeffer_advice_is_the_double_dummy_result(seat: str) -> None:
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    hand = format_hand(deal.hands[SEATS.index(seat)])
    advice = hasen.advise(
        hasen.SeatView(seat, hand=hand, dealer=deal.dealer, known=all_known(deal, SEATS.index(seat))),
        layouts=3,
        choice_layouts=2,
    )
    par = hasen.bid(deal).advice[seat]
    for form, alone in (("with_partner", False), ("alone", True)):
        cells = list(defended_cells(deal, seat, alone).values())
        figures = advice.forms[form]
        for bid in figures.bids:
            best = max(hasenpfeffer_points(bid.needs, t, alone) for t in cells)
            assert bid.expected == best and bid.stderr == 0
            assert bid.make == (max(cells) >= bid.needs)
        worth = figures.worth()
        assert (None if worth is None else worth.bid) == getattr(par, form).highest_bid


@pytest.mark.parametrize("example", [EUCHRE2, EUCHRE], ids=lambda e: e.variant)
def test_with_every_card_known_euchre_advice_is_the_makers_table(example) -> None:
    deal = hasen.Deal(example.deal, dealer=example.dealer, variant=example.variant)
    for seat in (SEATS[s] for s in deal.variant.seats):
        forms = (False, True) if deal.variant.partners else (False,)
        advice = hasen.advise(
            hasen.SeatView(
                seat,
                hand=format_hand(deal.hands[SEATS.index(seat)]),
                extra=str(deal.extra),
                dealer=deal.dealer,
                variant=deal.variant,
                known=all_known(deal, SEATS.index(seat)),
            ),
            layouts=2,
            choice_layouts=2,
        )
        for alone in forms:
            entries = defended_entries(deal, seat, alone)
            for call in (c for c in advice.calls if c.alone == alone):
                # the dealer on the maker's side takes the best discard, as the seat's own
                # choice here does with every card known
                tricks = entries[str(call.trump)][0]
                assert call.expected == euchre_points(tricks, alone), (seat, call.bid)
                assert call.make == (tricks >= 3)


def test_a_joker_standing_for_hearts_is_advised_as_a_heart() -> None:
    """joker_upcard: hearts (docs/rules.md): with the Joker turned up a seat has the calls a
    heart would give it (order up is hearts, the second round names the other suits), each
    worth the maker's table with every card known, where the dealer takes the Joker for
    hearts alone; by default the dealer names trump and the seat has nothing to decide."""
    text = "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK"
    deal = hasen.Deal(text, dealer="N", variant=hasen.variant_for("euchre", 25), settings={"joker_upcard": "hearts"})
    view = hasen.SeatView(
        "E", hand=format_hand(deal.hands[1]), extra="JK", dealer="N", variant=deal.variant, known=all_known(deal, 1)
    )
    few = {"layouts": 2, "choice_layouts": 2}
    advice = hasen.advise(view._replace(settings={"joker_upcard": "hearts"}), **few)
    assert advice.nothing_to_decide is None
    assert [(c.round, c.bid) for c in advice.calls if not c.alone] == [
        (1, "order up"),
        (2, "name S"),
        (2, "name D"),
        (2, "name C"),
    ]
    for alone in (False, True):
        entries = defended_entries(deal, "E", alone)
        for call in (c for c in advice.calls if c.alone == alone):
            assert call.expected == euchre_points(entries[str(call.trump)][0], alone), call.bid
    assert "dealer N names trump" in (hasen.advise(view, **few).nothing_to_decide or "")


# --- the plain loop ---------------------------------------------------------------------------


@pytest.mark.compiled
@pytest.mark.parametrize("alone", [False, True])
def test_hasenpfeffer_figures_are_those_of_a_plain_loop(alone: bool) -> None:
    seat, hand, dealer, seed, layouts, choice_layouts = 2, "AJT.A9..K", "W", 5, 16, 5
    advice = hasen.advise(
        hasen.SeatView("S", hand=hand, dealer=dealer),
        layouts=layouts,
        choice_layouts=choice_layouts,
        seed=seed,
        alone=alone,
    )
    form = advice.forms["alone" if alone else "with_partner"]
    mask = parse_hand(hand)
    variant = hasen.variant_for("hasenpfeffer")
    main = [plain_deal(variant, seat, mask, None, random.Random(f"{seed}/{i}"), dealer) for i in range(layouts)]
    tables = [defended_cells(d, "S", alone) for d in main]

    def choice(widow: int, bid: int) -> tuple[str, str]:
        """The documented rule: the most points in all over the widow's choice layouts; on a
        tie the first trump in S H D C order, then the discard in canonical card order."""
        grids = []
        for j in range(choice_layouts):
            layout = plain_deal(
                variant, seat, mask, widow, random.Random(f"{seed}/widow {hasen.Card(widow)}/{j}"), dealer
            )
            grids.append(defended_cells(layout, "S", alone))
        cells = list(grids[0])  # trumps in S H D C order, each one's discards in canonical order
        return max(cells, key=lambda cell: sum(hasenpfeffer_points(bid, g[cell], alone) for g in grids))

    for figures in form.bids:
        bid = figures.needs
        tricks, trumps = [], {}
        for deal, table in zip(main, tables):
            trump, discard = choice(int(deal.widow), bid)
            tricks.append(table[(trump, discard)])
            trumps[trump] = trumps.get(trump, 0) + 1
        assert figures.counts == [tricks.count(t) for t in range(7)], figures.bid
        assert figures.make == pytest.approx(sum(t >= bid for t in tricks) / layouts)
        assert figures.expected == pytest.approx(sum(hasenpfeffer_points(bid, t, alone) for t in tricks) / layouts)
        assert {str(t): n for t, n in figures.trumps.items() if n} == trumps


@pytest.mark.parametrize(
    "variant, seat, dealer, hand, upcard",
    [
        ("euchre", "N", "N", "9S AD JD QD 9C", "TD"),  # the dealer: its own discard is chosen on other layouts
        ("euchre", "E", "N", "9S AD 9D QC 9C", "TC"),  # an opponent: the dealer's discard is its own choice
        ("euchre2", "S", "N", "KD QD TD 9D 9C", "AS"),
    ],
)
def test_euchre_figures_are_those_of_a_plain_loop(variant: str, seat: str, dealer: str, hand: str, upcard: str) -> None:
    seed, layouts, choice_layouts = 3, 14, 6
    # without the model: every layout alike, and the calls' own figures (the model's part has its own tests)
    advice = hasen.advise(
        hasen.SeatView(seat, hand=hand, extra=upcard, dealer=dealer, variant=variant),
        layouts=layouts,
        choice_layouts=choice_layouts,
        seed=seed,
        model=False,
    )
    v = hasen.variant_for(variant)
    mask, up, where = hasen.CardSet(hand).mask, int(hasen.Card(upcard)), SEATS.index(seat)
    forms = (False, True) if v.partners else (False,)

    def entries(stream: str, count: int, alone: bool) -> list:
        return [
            defended_entries(plain_deal(v, where, mask, up, random.Random(f"{stream}/{i}"), dealer), seat, alone)
            for i in range(count)
        ]

    for alone in forms:
        main = entries(str(seed), layouts, alone)
        choice = entries(f"{seed}/discard", choice_layouts, alone) if seat == dealer else []
        for call in (c for c in advice.calls if c.alone == alone):
            trump = str(call.trump)
            if main[0][trump][1] and seat == dealer:
                # the documented rule: the discard with the most points over the choice layouts,
                # the first in canonical card order on a tie
                discards = list(main[0][trump][1])
                best = max(discards, key=lambda d: sum(euchre_points(e[trump][1][d], alone) for e in choice))
                assert str(call.discard) == best
                tricks = [e[trump][1][best] for e in main]
            else:
                tricks = [e[trump][0] for e in main]
            assert call.counts == [tricks.count(t) for t in range(6)], call.bid
            assert call.expected == pytest.approx(sum(euchre_points(t, alone) for t in tricks) / layouts)


# --- what is known stays known ------------------------------------------------------------------


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_layouts_never_contradict_what_the_seat_knows(data) -> None:
    name = data.draw(st.sampled_from(["hasenpfeffer", "euchre", "euchre2"]))
    variant = hasen.variant_for(name, data.draw(st.sampled_from([d.deck_size for d in hasen.VARIANTS[name].values()])))
    deck = cards_of(variant.deck)
    shuffled = data.draw(st.permutations(deck))
    seat = data.draw(st.sampled_from(variant.seats))
    size = variant.hand_size
    hand = sum(1 << c for c in shuffled[:size])
    upcard = None if variant.extra_optional else shuffled[size]
    rest = shuffled[size + (upcard is not None) :]
    known: dict[str, str] = {}
    for other in variant.seats:
        count = data.draw(st.integers(0, size)) if other != seat else 0
        if count:
            known[SEATS[other]] = format_hand(sum(1 << c for c in rest[:count]))
            rest = rest[count:]
    advice = hasen.advise(
        hasen.SeatView(
            SEATS[seat],
            hand=format_hand(hand),
            extra=None if upcard is None else str(hasen.Card(upcard)),
            dealer=SEATS[variant.seats[0]],
            variant=variant,
            known=known,
        ),
        layouts=1,
        choice_layouts=1,
    )
    k = advice.knowledge
    for index in range(5):
        hands, extra = k.dealt(data.draw(st.integers(0, 10**6)), index)
        held = 0
        for other in variant.seats:
            assert hands[other].bit_count() == size
            assert not held & hands[other], "a card dealt twice"
            held |= hands[other]
        assert hands[seat] == hand
        for other, cards in known.items():
            assert parse_hand(cards) & ~hands[SEATS.index(other)] == 0, "a known card moved"
        assert not held >> extra & 1 and variant.deck >> extra & 1
        if upcard is not None:
            assert extra == upcard
        assert held & ~variant.deck == 0


# --- the same answer everywhere -----------------------------------------------------------------


@pytest.mark.compiled
@pytest.mark.parametrize(
    "variant, options",
    [
        ("hasenpfeffer", {"hand": "AJT.A9..K", "seat": "S", "dealer": "W"}),
        ("euchre", {"hand": "9S AD JD QD 9C", "extra": "TD", "seat": "N", "dealer": "N"}),
        ("hasenpfeffer", {"hand": "A.K..AQJ*", "seat": "N", "dealer": "W", "choice_layouts": 130}),  # widows race
    ],
)
def test_the_same_seed_gives_the_same_answer_on_any_number_of_workers(variant: str, options: dict) -> None:
    view, ask = view_and_options({"variant": variant, "layouts": 60, "choice_layouts": 4, "seed": 11, **options})
    one = hasen.advise(view, **ask).to_json()
    assert hasen.advise(view, **ask, run=hasen.Run(threads=2)).to_json() == one
    assert hasen.advise(view, **ask, run=hasen.Run(threads=3)).to_json() == one
    with Workers(2) as workers:  # spawned processes
        assert hasen.advise(view, **ask, run=hasen.Run(mapper=workers.map)).to_json() == one
    assert hasen.advise(view, **{**ask, "seed": 12}).to_json() != one


def test_a_six_card_hand_is_advised_with_its_widow_unseen() -> None:
    with pytest.raises(hasen.HasenError, match="advise: the widow is not seen from this seat; leave it out"):
        hasen.advise(hasen.SeatView("S", hand="AJT.A9..K", extra="KS", dealer="W"), layouts=5)
    missing = "advise: without a deal, give the seat's hand, the dealer and the upcard"
    with pytest.raises(hasen.HasenError, match=missing):
        hasen.advise(hasen.SeatView("N", hand="9S AD JD QD 9C", dealer="N", variant="euchre"), layouts=5)


# --- only the columns the answer reads -----------------------------------------------------------


@pytest.mark.compiled
@pytest.mark.parametrize(
    "variant, options",
    [
        ("hasenpfeffer", {"hand": "A.K..AQJ*", "seat": "N", "dealer": "W"}),
        ("hasenpfeffer", {"hand": "AJT.A9..K", "seat": "S", "dealer": "W", "score": (7, 5)}),
        ("euchre", {"hand": "K.AQJ..9", "extra": "TH", "seat": "W", "dealer": "W"}),
        ("euchre", {"hand": "9S AD JD QD 9C", "extra": "TD", "seat": "N", "dealer": "E"}),
        ("euchre2", {"hand": "..KQT9.9", "extra": "AS", "seat": "S", "dealer": "N", "model": False}),
        ("hasenpfeffer", {"hand": "AJT.A9..K", "seat": "S", "dealer": "W", "choice_layouts": 150, "layouts": 30}),
        ("euchre", {"hand": "K.AQJ..9", "extra": "TH", "seat": "W", "dealer": "W", "choice_layouts": 150}),
    ],
)
def test_solving_only_the_columns_read_changes_no_figure(monkeypatch, variant: str, options: dict) -> None:
    """The main layouts are solved only in the columns the seat's choices pick, and the choice
    layouts past the race's first round only for the candidates still in it: the answer is
    the same as with every column of every layout solved (and with the model off)."""
    from hasen.analysis import advice

    view, ask = view_and_options({"variant": variant, "layouts": 80, "choice_layouts": 6, "seed": 9, **options})
    read_only = hasen.advise(view, **ask).to_json()
    solved = []
    real = advice.solve_defended

    def every_column(*args, **kwargs):
        solved.append(len(args) > 11 and args[11] is not None)
        return real(*args[:11])

    monkeypatch.setattr(advice, "solve_defended", every_column)
    assert hasen.advise(view, **ask).to_json() == read_only
    assert any(solved), "the main layouts were asked for some columns only"


def test_a_hand_may_be_given_as_a_card_set() -> None:
    ask = {"layouts": 10, "choice_layouts": 2}
    assert (
        hasen.advise(hasen.SeatView("S", hand=hasen.CardSet("AS JS TS AH 9H KC"), dealer="W"), **ask).to_json()
        == hasen.advise(hasen.SeatView("S", hand="AJT.A9..K", dealer="W"), **ask).to_json()
    )
