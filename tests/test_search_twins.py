"""The twin contract (solver/search/protocol.py): the C core and its pure-Python twin give the
same answers on the same positions, each through the ``Searcher`` interface.

Hypothesis draws the endings (the generators of tests/dealgen.py, by seed) and shrinks a
mismatch to the smallest seed. The oracle tests (test_search.py) check both against plain
minimax; this one checks them against each other, cheaply, on many more positions.
"""

from __future__ import annotations

import inspect

import pytest
from compiled import extension_searcher_class
from dealgen import dealt_ending, played_ending
from hypothesis import given, settings
from hypothesis import strategies as st

from hasen.core.seats import side_seats
from hasen.search import protocol
from hasen.search._search_py import Searcher as Twin
from hasen.search.layout import layout, to_layout
from hasen.search.protocol import Seats

PROTOCOL_METHODS = ["clear", "solve", "solve_many", "solve_table", "solve_tables", "solve_positions"]


@pytest.fixture(scope="module")
def cores():
    """One searcher of each core, kept across examples as in a table analysis."""
    return extension_searcher_class()(), Twin()


@pytest.mark.parametrize("method", PROTOCOL_METHODS)
def test_both_cores_implement_the_protocol(method: str) -> None:
    extension = extension_searcher_class()
    for core in (extension, Twin):
        assert callable(getattr(core, method)), f"{core.__module__} lacks {method}"
        assert hasattr(core(), "nodes")
    expected = list(inspect.signature(getattr(protocol.Searcher, method)).parameters)
    assert list(inspect.signature(getattr(Twin, method)).parameters) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), played=st.booleans())
def test_the_cores_agree_on_random_endings(cores, seed: int, played: bool) -> None:
    position = (played_ending if played else dealt_ending)(seed)
    extension, twin = cores
    assert position.solve(extension) == position.solve(twin), position.describe()


@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_cores_agree_with_cards_anywhere_in_their_blocks(cores, data) -> None:
    """Cards at any bit of a block, its lowest and highest included, and gaps of any width
    between them: the C core groups equivalent cards with whole-mask arithmetic that must
    stop at a block's edges."""
    seats = data.draw(st.sampled_from([(0, 1, 2, 3), (0, 1, 3), (0, 2, 3), (0, 1)]), label="seats")
    size = data.draw(st.integers(1, 3), label="cards per hand")
    edges = [b * 16 + e for b in range(4) for e in (0, 1, 14, 15)]
    bits = data.draw(
        st.lists(
            st.sampled_from(edges) | st.integers(0, 63),
            min_size=size * len(seats),
            max_size=size * len(seats),
            unique=True,
        ),
        label="bits",
    )
    hands = [0] * 4
    for i, seat in enumerate(seats):
        hands[seat] = sum(1 << b for b in bits[i * size : (i + 1) * size])
    leader = data.draw(st.sampled_from(seats), label="leader")
    declarers = Seats(data.draw(st.integers(0, 15), label="declarers"))  # any seats, not only partners
    active = sum(1 << s for s in seats)
    extension, twin = cores
    assert extension.solve(hands, active, leader, declarers) == twin.solve(hands, active, leader, declarers)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_cores_agree_at_tables_of_any_size(cores, data) -> None:
    """Tables of 2 to 8 seats, some sitting out, any declaring seats, cards anywhere in the
    blocks and a trick under way or not: the same answer from both cores (the wide table's
    own copy of the C search, with its 3-bit key, among them)."""
    seats = data.draw(st.integers(2, 8), label="seats")
    playing = data.draw(st.lists(st.integers(0, seats - 1), min_size=2, max_size=seats, unique=True), label="playing")
    size = data.draw(st.integers(1, max(1, 16 // len(playing))), label="cards per hand")
    bits = data.draw(
        st.lists(st.integers(0, 63), min_size=size * len(playing), max_size=size * len(playing), unique=True)
    )
    hands = [0] * seats
    for i, seat in enumerate(sorted(playing)):
        hands[seat] = sum(1 << b for b in bits[i * size : (i + 1) * size])
    active = sum(1 << s for s in playing)
    leader = data.draw(st.sampled_from(sorted(playing)), label="leader")
    declarers = Seats(data.draw(st.integers(0, (1 << seats) - 1), label="declarers"))
    trick = []
    if data.draw(st.booleans(), label="a trick under way"):  # the leader's lowest card led
        card = (hands[leader] & -hands[leader]).bit_length() - 1
        hands[leader] &= ~(1 << card)
        trick = [card]
    extension, twin = cores
    assert extension.solve(hands, active, leader, declarers, trick) == twin.solve(
        hands, active, leader, declarers, trick
    )


def recorded_tables(variant: str, count: int) -> list[tuple]:
    """The ``solve_table`` requests of every declarer's table of ``count`` seeded deals."""
    import hasen
    from hasen.analysis import table
    from hasen.cli.bench import seeded_deals
    from hasen.core.variants import variant_for

    requests: list[tuple] = []
    real = table.solve_table  # every analysis's tables are solved through it (solve_plan)

    def recording(searcher, *request):
        requests.append(request)
        return real(searcher, *request)

    table.solve_table = recording
    try:
        for deal in seeded_deals(variant_for(variant), count, 3):
            hasen.analyze(deal)
    finally:
        table.solve_table = real
    assert len(requests) == count * len(variant_for(variant).seats)
    return requests


# Hasenpfeffer's tables take the twin seconds: in the full run only
@pytest.mark.parametrize(
    "variant", [pytest.param("hasenpfeffer", marks=pytest.mark.slow), "euchre", "euchre2", "euchre3"]
)
def test_many_tables_in_one_call_are_each_table(cores, variant: str) -> None:
    tables = recorded_tables(variant, 6)
    for core in cores:
        one_by_one = [core.solve_table(*request) for request in tables]
        assert core.solve_tables(tables) == one_by_one
        assert core.solve_tables(tables, clear_each=True) == one_by_one
        assert core.solve_tables([]) == []


@pytest.mark.parametrize("variant", ["hasenpfeffer", "euchre"])
def test_a_table_solves_only_the_values_wanted(cores, variant: str) -> None:
    """With ``wanted`` masks each value asked for is the whole table's, in its place, and
    every other is NOT_SOLVED; a table given as eight arguments is the same in a batch."""
    import random

    tables = recorded_tables(variant, 2)
    rng = random.Random(5)
    for core in cores:
        for request in tables:
            whole = core.solve_table(*request)
            wanted = [rng.getrandbits(9) for _ in range(4)]
            values = core.solve_table(*request, wanted)
            assert len(values) == len(whole)
            at = 0
            for trump, taker in enumerate(request[2]):
                width = 1 if taker < 0 else (request[0][taker] | 1 << request[3]).bit_count()
                for j in range(width):
                    asked = wanted[trump] >> j & 1
                    assert values[at + j] == (whole[at + j] if asked else protocol.NOT_SOLVED)
                at += width
            assert core.solve_tables([(*request, wanted)]) == [values]
            assert core.solve_table(*request, [0] * 4) == bytes([protocol.NOT_SOLVED]) * len(whole)


def test_a_bad_table_in_a_batch_is_refused(cores) -> None:
    good = recorded_tables("hasenpfeffer", 1)[0]
    bad = (good[0], good[1], (7, 7, 7, 7), *good[3:])
    for core in cores:
        with pytest.raises((ValueError, IndexError)):
            core.solve_tables([good, bad])


def test_a_batch_keeps_what_it_checked(cores) -> None:
    """A table's layouts are the bytes given when the batch began, even if the caller's
    buffer changes while it is solved (here: emptied by reading a later table)."""
    first, second = recorded_tables("hasenpfeffer", 1)[:2]
    layouts = bytearray(first[1])

    class EmptiesTheLayouts(list):
        def __getitem__(self, index):
            layouts[:] = b""
            return list.__getitem__(self, index)

    for core in cores:
        expected = [core.solve_table(*first), core.solve_table(*second)]
        layouts[:] = first[1]
        batch = [(first[0], layouts, *first[2:]), (second[0], second[1], EmptiesTheLayouts(second[2]), *second[3:])]
        assert core.solve_tables(batch) == expected


ROWS = bytes(range(8)) * 4  # a table's layouts: four rows of eight cards, each its own bit

BAD_INPUT = {
    "a leader who does not play": lambda core: core.solve([1, 2, 4, 8], 0b0101, 1, 0b0101),
    "more cards than the key holds": lambda core: core.solve([(1 << 29) - 1, 0, 0, 0], 0b1111, 0, 0b0101),
    "a complete trick": lambda core: core.solve([1, 2, 0, 0], 0b0011, 0, 0b0101, trick=(16, 32)),
    "a card in two hands": lambda core: core.solve([1, 1, 4, 8], 0b1111, 0, 0b0101),
    "cards for a seat that sits out": lambda core: core.solve([1, 2, 4, 8], 0b0111, 0, 0b0101),
    "a card in two hands of a table": lambda core: core.solve_table([1, 1, 4, 8], ROWS, [-1] * 4, 7, 15, 0, 0b0101),
    "cards for a seat that sits out of a table": lambda core: core.solve_table(
        [1, 2, 4, 8], ROWS, [-1] * 4, 7, 0b0111, 0, 0b0101
    ),
    "three hands": lambda core: core.solve([1, 2, 4], 0b1111, 0, 0b0101),
    "a negative hand": lambda core: core.solve([-1, 2, 4, 8], 0b1111, 0, 0b0101),
    "a hand beyond 64 bits": lambda core: core.solve([1 << 64, 2, 4, 8], 0b1111, 0, 0b0101),
    "a hand that is no int": lambda core: core.solve(["AS", 2, 4, 8], 0b1111, 0, 0b0101),
    "seats that are no int": lambda core: core.solve([1, 2, 4, 8], "NESW", 0, 0b0101),
    "one bad position of many": lambda core: core.solve_many([[1, 2, 4, 8], [(1 << 29) - 1, 0, 0, 0]], 15, 0, 0b0101),
    "an extra card off the layout": lambda core: core.solve_table([1, 2, 4, 8], ROWS, [-1] * 4, 9, 15, 0, 0b0101),
    "a layout bit over 63": lambda core: core.solve_table([1, 2, 4, 8], bytes([70] * 32), [-1] * 4, 1, 15, 0, 0b0101),
    "a taker who does not play": lambda core: core.solve_table([1, 2, 4, 8], ROWS, [5] * 4, 7, 15, 0, 0b0101),
    "three takers": lambda core: core.solve_table([1, 2, 4, 8], ROWS, [-1] * 3, 7, 15, 0, 0b0101),
    "a card beyond the layout": lambda core: core.solve_table([1 << 9, 2, 4, 8], ROWS, [-1] * 4, 7, 15, 0, 0b0101),
    "three hands in a table": lambda core: core.solve_table([1, 2, 4], ROWS, [-1] * 4, 7, 15, 0, 0b0101),
    "three wanted masks": lambda core: core.solve_table([1, 2, 4, 8], ROWS, [-1] * 4, 7, 15, 0, 0b0101, [1] * 3),
    "a negative wanted mask": lambda core: core.solve_table([1, 2, 4, 8], ROWS, [-1] * 4, 7, 15, 0, 0b0101, [-1] * 4),
    "a table of six arguments": lambda core: core.solve_tables([([1, 2, 4, 8], ROWS, [-1] * 4, 7, 15, 0)]),
    "one bad table of many": lambda core: core.solve_tables(
        [([1, 2, 4, 8], ROWS, [-1] * 4, 7, 15, 0, 0b0101), ([1, 2, 4, 8], ROWS, [-1] * 4, 9, 15, 0, 0b0101)]
    ),
    "a trick card over 63": lambda core: core.solve([1, 2, 4, 8], 0b1111, 0, 0b0101, trick=(70,)),
    "a position's layout bit over 63": lambda core: core.solve_positions(
        [([1, 2, 4, 8], 0, [])], 15, 0b0101, bytes([70] * 8)
    ),
    "a position's card beyond its layout": lambda core: core.solve_positions(
        [([1 << 9, 2, 4, 8], 0, [])], 15, 0b0101, ROWS[:8]
    ),
    "a trick card beyond its layout": lambda core: core.solve_positions([([1, 2, 4, 0], 0, [9])], 15, 0b0101, ROWS[:8]),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_both_cores_refuse_bad_input_alike(case: str) -> None:
    """The same bad input is the same error class from either core (and,
    where the message is the cores' own, the same message)."""
    raised = []
    for core in (extension_searcher_class(), Twin):
        with pytest.raises((ValueError, TypeError, OverflowError, IndexError)) as error:
            BAD_INPUT[case](core())
        raised.append(error.value)
    extension, twin = raised
    assert type(extension) is type(twin), f"C {extension!r}, twin {twin!r}"
    if isinstance(extension, ValueError):
        assert str(extension) == str(twin)


def test_many_positions_in_one_call_are_each_position(cores) -> None:
    """solve_positions: positions of one seating and side (tricks in progress or not), in one
    call, each worth what solve gives it, in both cores."""
    by_seating: dict[tuple, list[tuple]] = {}
    for seed in range(120):
        position = (played_ending if seed % 2 else dealt_ending)(seed)
        pos = layout(position.trump)
        request = (
            [to_layout(h, position.trump) for h in position.hands],
            position.leader,
            [pos[c] for c in position.trick],
        )
        real = (position.hands, position.leader, position.trick)
        key = (sum(1 << s for s in position.seats), side_seats(position.side), position.trump)
        by_seating.setdefault(key, []).append((request, real))
    assert any(trick for pairs in by_seating.values() for (_, _, trick), _ in pairs)
    for (active, declarers, trump), pairs in by_seating.items():
        requests = [request for request, _ in pairs]
        row = bytes(layout(trump))
        answers = []
        for core in cores:
            one_by_one = [core.solve(hands, active, leader, declarers, trick) for hands, leader, trick in requests]
            assert core.solve_positions(requests, active, declarers) == one_by_one
            # the same positions in real cards, laid out by the core
            assert core.solve_positions([real for _, real in pairs], active, declarers, row) == one_by_one
            answers.append(one_by_one)
        assert answers[0] == answers[1]
    for core in cores:
        assert core.solve_positions([], 0b1111, 0b0101) == []


@settings(max_examples=120, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), known=st.booleans(), names=st.lists(st.text(max_size=12), min_size=1, max_size=6))
def test_both_cores_deal_the_layouts_the_view_draws(seed: int, known: bool, names: list[str]) -> None:
    """deal_layouts in C and in the twin give, seed for seed, the layout View.layout draws
    with random.Random(seed): the fair review's layouts are the same on either core. The
    views are of random deals played part-way (some cards told as known), the seeds the
    review's own and any text."""
    import random

    from hasen.analysis.views import View
    from hasen.search import _search_py

    extension = pytest.importorskip("hasen.search._search")
    position = played_ending(seed)
    state = position.state
    told = [hand & random.Random(seed).getrandbits(32) if known else 0 for hand in state.hands]
    view = View.of(state, told)
    seeds = [f"{seed}/{n}/{i}" for n in (1, 9) for i in range(12)] + names
    expected = [view.layout(random.Random(s)) for s in seeds]
    groups = [group.cards for group in view.groups]
    for core in (extension, _search_py):
        assert core.deal_layouts(seeds, view.fixed, groups, view.plan) == expected, core.__name__
    assert view.layouts(seeds) == expected


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10**6),
    game=st.sampled_from(["hasenpfeffer", "euchre", "euchre2", "euchre3"]),
    told=st.booleans(),
    widow_seen=st.booleans(),
)
def test_a_seats_layouts_are_its_unseen_cards_shuffled(seed: int, game: str, told: bool, widow_seen: bool) -> None:
    """Knowledge.dealt_many (deal_layouts without a drawn way, in C and in the twin) gives, index
    for index, the unseen cards shuffled by random.Random(f"{seed}/{index}") and given out to
    the seats in order, the widow last when it is unseen: written out plainly here, so that the
    single-dummy layouts are the random module's whichever core deals them."""
    import random

    from hasen.analysis.knowledge import Knowledge
    from hasen.core.variants import VARIANTS
    from hasen.search import _search_py

    extension = pytest.importorskip("hasen.search._search")
    variant = VARIANTS[game][min(VARIANTS[game])]
    rng = random.Random(seed)
    deck = [c for c in range(64) if variant.deck >> c & 1]
    rng.shuffle(deck)
    seat = rng.choice(variant.seats)
    hand = sum(1 << c for c in deck[: variant.hand_size])
    extra = deck[variant.hand_size] if widow_seen or not variant.extra_optional else None
    known = [0, 0, 0, 0]
    if told:
        known[rng.choice([s for s in variant.seats if s != seat])] = 1 << deck[variant.hand_size + 1]
    k = Knowledge(variant, variant.seats[0], seat, hand, extra, tuple(known))
    indexes = [0, 1, 7, 300]

    def plainly(index: int) -> tuple[tuple[int, ...], int]:
        cards = list(k.unseen)
        random.Random(f"{seed}/{index}").shuffle(cards)
        hands = list(known)
        hands[seat] = hand
        for other in variant.seats:
            for _ in range(variant.hand_size - hands[other].bit_count()):
                hands[other] |= 1 << cards.pop(0)
        return tuple(hands), cards[0] if extra is None else extra

    expected = [plainly(i) for i in indexes]
    assert k.dealt_many(seed, indexes) == expected
    assert [k.dealt(seed, i) for i in indexes] == expected
    for core in (extension, _search_py):
        dealt = core.deal_layouts(
            [f"{seed}/{i}" for i in indexes], [0, 0], [k.unseen], [(1, [((2, 1), 1, -1)])], draw=False
        )
        shuffled = [list(k.unseen) for _ in indexes]
        for cards, i in zip(shuffled, indexes):
            random.Random(f"{seed}/{i}").shuffle(cards)
        assert dealt == [[(1 << c[0]) | (1 << c[1]), 1 << c[2]] for c in shuffled], core.__name__


BAD_PLANS = {
    "a row leading nowhere": (["x"], [0, 0], [(3,)], [(1, [((1, 0), 1, 5)])]),
    "no states": (["x"], [0, 0], [(3,)], []),
    "no layouts": (["x"], [0, 0], [(3,)], [(0, [((1, 0), 1, -1)])]),
    "more cards than the group": (["x"], [0, 0], [(3,)], [(1, [((2, 0), 1, -1)])]),
    "a layout ended too soon": (["x"], [0, 0], [(3,), (4,)], [(1, [((1, 0), 1, -1)])]),
    "a row of three places for two": (["x"], [0, 0], [(3,)], [(1, [((1, 0, 0), 1, -1)])]),
}


@pytest.mark.parametrize("case", sorted(BAD_PLANS))
def test_a_bad_deal_plan_is_refused_alike(case: str) -> None:
    """A plan that could not come from a view is an error from either core, the same one."""
    from hasen.search import _search_py

    extension = pytest.importorskip("hasen.search._search")
    messages = []
    for core in (extension, _search_py):
        with pytest.raises(ValueError) as error:
            core.deal_layouts(*BAD_PLANS[case])
        messages.append(str(error.value))
    assert messages[0] == messages[1]


def older_side_calls(request: tuple) -> dict:
    """Each method called with the declaring side as the older number, and as its mask."""
    hands, layouts, takers, extra, active, leader, declarers = request[:7]
    side = {0b0101: 0, 0b1010: 1}[declarers]
    row = layouts[: len(layouts) // 4]
    laid = [sum(1 << row[c] for c in range(len(row)) if hand >> c & 1) for hand in hands]
    return (
        {
            "solve": lambda core, d: core.solve(laid, active, leader, d),
            "solve_many": lambda core, d: core.solve_many([laid, laid], active, leader, d),
            "solve_table": lambda core, d: core.solve_table(*request[:6], d),
            "solve_tables": lambda core, d: core.solve_tables([(*request[:6], d)]),
            "solve_positions": lambda core, d: core.solve_positions([(hands, leader, [])], active, d, row),
        },
        side,
        declarers,
    )


@pytest.mark.parametrize("method", PROTOCOL_METHODS[1:])
def test_an_older_side_number_is_its_partners_with_a_warning(cores, method: str) -> None:
    """The older form gave the declaring side as 0 (N-S) or 1 (E-W): it gives the answer of
    the mask of those seats, with a DeprecationWarning at the caller's line, from either core."""
    for request in recorded_tables("euchre", 1)[:2]:
        calls, side, declarers = older_side_calls(request)
        for core in cores:
            with pytest.warns(DeprecationWarning, match=f"side_seats\\({side}\\)") as caught:
                older = calls[method](core, side)
            assert caught[0].filename == __file__
            assert older == calls[method](core, declarers)


def test_seats_marks_a_mask_of_seat_zero_alone(cores) -> None:
    """Seats(1) is the mask of seat 0 alone, not the older side number 1 (E-W)."""
    hands = [1 << 15, 1 << 14, 1 << 13, 1 << 12]  # N holds the top card of the block
    for core in cores:
        assert core.solve(hands, 0b1111, 0, Seats(1)) == 1
        assert core.solve(hands, 0b1111, 0, 0b0010) == 0


def test_at_other_tables_than_four_a_plain_int_is_a_mask(cores) -> None:
    """The older side number was given only at tables of four seats: at five (or three), 1
    is seat 0 alone, with no warning, as Seats(1) is."""
    five = [1 << 15, 1 << 14, 1 << 13, 1 << 12, 1 << 11]  # N holds the top card of the block
    three = five[:3]
    for core in cores:
        assert core.solve(five, 0b11111, 0, 1) == core.solve(five, 0b11111, 0, Seats(1)) == 1
        assert core.solve(three, 0b111, 0, 1) == 1
        assert core.solve_many([], 0b11111, 0, 0b00101) == []


@pytest.mark.parametrize("declarers", ["5", 5.0, None])
def test_declaring_seats_that_are_no_int_are_refused(cores, declarers) -> None:
    for core in cores:
        with pytest.raises(TypeError):
            core.solve([1, 2, 4, 8], 0b1111, 0, declarers)
