"""The recorder: a hand tapped in step by step, as it was played.

Random whole records of every game (tests/recordgen.py, which makes its auctions apart from
hasen.rules) are tapped in as a player at the table would: the upcard, each call, the
declarer's trump, the widow and discard (or "not known"), then each card. At every step the
seat asked must be the one that acted in the record, and what it did must be among the
choices offered; at the end the hand must be the record typed once with the same parts
given. Calls for best and lone defenders are left out: the recorder sends those to typing.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from recordgen import SEATS, Made, random_record

from hasen.core.cards import JOKER, card_name
from hasen.core.errors import HasenError
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.notation.record import Record
from hasen.notation.recorder import NOT_KNOWN, WIDOW_HOLDS_JOKER, Step, Tapped, next_step, tapped_from_json
from hasen.play.state import PlayState
from hasen.rules.trump import effective_suit


def tappable(count: int) -> list[Made]:
    """Finished random records, passed-out ones included, without calls for best or a lone defender."""
    out, seed = [], 0
    while len(out) < count:
        made = random_record(seed, complete=True)
        seed += 1
        c = made.contract_value
        if c is not None and (c.lone_defender is not None or c.best is not None):
            continue
        out.append(made)
    return out


def seat_of(call: str) -> int:
    return SEATS.index(call.split()[0])


def tap(made: Made, rng: random.Random) -> tuple[Tapped, dict[str, bool]]:
    """Tap the record in; the parts given (widow, discard) chosen at random, as a table that
    saw them or did not."""
    settings = Settings(**made.settings)
    deal = made.deal
    t = Tapped(made.variant, settings, deal.dealer)
    given = {"widow": False, "discard": False}
    c = made.contract_value
    order = PlayState(deal, c, settings) if c is not None else None
    while True:
        step = next_step(t)
        if step.stage == "upcard":
            assert deal.extra in step.cards
            t = t._replace(upcard=deal.extra)
        elif step.stage == "auction":
            call = made.calls[len(t.calls)]
            assert step.seat == seat_of(call), (t.calls, call)
            words = call.split(" ", 1)[1]
            assert words in step.calls, (words, step.calls)
            t = t._replace(calls=(*t.calls, words))
        elif step.stage == "joker":
            holder = next((s for s in range(4) if deal.hands[s] >> JOKER & 1), None)
            t = t._replace(joker=WIDOW_HOLDS_JOKER if holder is None else holder)
            assert (SEATS[holder] if holder is not None else WIDOW_HOLDS_JOKER) in step.seats
        elif step.stage == "trump":
            assert c is not None and step.seat == c.declarer
            assert c.trump in step.trumps and c.alone in step.alone
            t = t._replace(trump=c.trump, alone=c.alone)
        elif step.stage == "widow":
            assert c is not None and step.not_known and deal.extra in step.cards
            given["widow"] = rng.random() < 0.5
            t = t._replace(widow=deal.extra if given["widow"] else NOT_KNOWN)
        elif step.stage == "discard":
            assert c is not None and step.seat == made.taker and c.discard in step.cards
            given["discard"] = rng.random() < 0.5
            t = t._replace(discard=c.discard if given["discard"] else NOT_KNOWN)
        elif step.stage == "play":
            assert order is not None
            card = PlayState(deal, c, settings)
            for earlier in t.play:
                card.play(earlier)
            assert step.seat == card.to_move, (made.text(), t.play)
            nxt = made.played[len(t.play)]
            assert nxt in [card_name(x) for x in step.cards], (made.text(), t.play, nxt)
            t = t._replace(play=(*t.play, next(x for x in step.cards if card_name(x) == nxt)))
        else:
            assert step.stage == "done"
            return t, given


def typed_once(made: Made, given: dict[str, bool]) -> Record:
    """The record without its deal, with the parts the tapping gave: read by the notation."""
    record = Record.parse(made.text())
    lines = []
    for key, value in record.fields():
        if key == "deal":
            if given["widow"] or not record.variant.extra_optional:
                lines.append(f"{record.variant.extra_card}: {card_name(record.deal.extra)}")
            continue
        if key == "contract" and not given["discard"]:
            value = ", ".join(p for p in value.split(", ") if not p.startswith("discard "))
        if key != "result":
            lines.append(f"{key}: {value}")
    return Record.parse("\n".join(lines))


@pytest.mark.parametrize("start", range(0, 120, 30))
def test_a_hand_tapped_in_is_the_record_typed_once(start: int) -> None:
    rng = random.Random(start)
    for made in tappable(start + 30)[start:]:
        t, given = tap(made, rng)
        step = next_step(t)
        if made.contract_value is None:  # everybody passed: nothing to review
            assert step.record is None and "dealt again" in step.said
            continue
        assert step.record is not None
        assert str(step.record) == str(typed_once(made, given)), made.text()


EUCHRE = variant_for("euchre", 24)


def euchre(**parts: object) -> Tapped:
    """Dealer N, upcard KS; E, S and W pass, N orders up: N takes the KS."""
    upcard = next(c for c in range(64) if card_name(c) == "KS")
    return Tapped(EUCHRE, Settings(), 0, upcard=upcard, calls=("pass", "pass", "pass", "order up"))._replace(**parts)


def cards(*names: str) -> tuple[int, ...]:
    return tuple(next(c for c in range(64) if card_name(c) == n) for n in names)


def test_the_steps_ask_what_the_table_saw_in_order() -> None:
    first = next_step(Tapped(EUCHRE, Settings(), 0))
    assert first.stage == "upcard" and len(first.cards) == 24
    step = next_step(euchre(calls=("pass",)))
    assert step.stage == "auction" and SEATS[step.seat] == "S" and step.calls[0] == "pass"
    assert "order up" in step.calls and "order up alone" in step.calls
    step = next_step(euchre())
    assert step.stage == "discard" and SEATS[step.seat] == "N" and step.not_known
    step = next_step(euchre(discard=NOT_KNOWN))
    assert step.stage == "play" and SEATS[step.seat] == "E" and len(step.cards) == 23  # all but the KS, N's


def test_a_card_the_seat_cannot_hold_is_not_offered_and_refused() -> None:
    # E leads a heart, S plays a spade: S holds no hearts (spades are trump; the JC is a spade)
    step = next_step(euchre(discard=NOT_KNOWN, play=cards("AH", "9S")))
    assert SEATS[step.seat] == "W"
    assert [[(SEATS[seat], card_name(card)) for seat, card in trick] for trick in step.tricks] == [
        [("E", "AH"), ("S", "9S")]
    ]
    step = next_step(euchre(discard=NOT_KNOWN, play=cards("AH", "9S", "9H", "TH", "JC", "QS", "TS", "AS")))
    assert SEATS[step.seat] == "S", "S's 9S won the first trick, and its JC, the left bower, beat the AS"
    assert not any(card_name(c)[1] == "H" for c in step.cards)
    with pytest.raises(HasenError, match=r"play: card 9, S cannot hold KH: it did not follow that suit before"):
        next_step(euchre(discard=NOT_KNOWN, play=cards("AH", "9S", "9H", "TH", "JC", "QS", "TS", "AS", "KH")))
    with pytest.raises(HasenError, match="play: card 2, AH is played twice"):
        next_step(euchre(discard=NOT_KNOWN, play=cards("AH", "AH")))
    with pytest.raises(HasenError, match="E cannot hold KS: the upcard, which N holds"):
        next_step(euchre(discard=NOT_KNOWN, play=cards("KS")))


def test_a_card_that_leaves_no_deal_is_not_offered_and_refused_where_it_was_tapped() -> None:
    """Each card here may be held by its seat alone, but after N's KD no deal fits the hand:
    N and S have shown out of so much that the cards left do not fill their hands. The KD is
    not offered, and taps past it are refused naming it, where the page would have offered
    a later seat nothing to tap."""
    play = cards("9S", "QC", "JS", "TH", "AH", "JD", "JC", "TD", "9C", "9D", "TC", "KD", "QS", "QD", "AS", "AD")
    step = next_step(euchre(discard=NOT_KNOWN, play=play[:11]))
    assert SEATS[step.seat] == "N" and step.cards and cards("KD")[0] not in step.cards
    message = (
        "play: after card 12, N KD, no deal fits the hand: N and S have 4 cards left to play, and only 2 "
        "that they may hold are left (by what each showed out of and what the table saw elsewhere); a card "
        "tapped is wrong"
    )
    for taps in (play[:12], play):
        with pytest.raises(HasenError, match=f"^{re.escape(message)}$"):
            next_step(euchre(discard=NOT_KNOWN, play=taps))


Tricks = list[list[tuple[int, int]]]  # the cards played, trick by trick, each with its seat


def fits(t: Tapped, seats: tuple[int, ...], trump: int, taker: int | None, tricks: Tricks) -> bool:
    """Does a deal fit the cards played, each with its seat? Worked out apart from the
    recorder, card by card: each card not yet played goes to a seat of ``seats`` with cards
    left to play that never showed out of its suit, to the discard not seen (one card), or
    out of play, until every place is full. What the table saw: the upcard or widow goes to
    the ``taker`` and the Joker to the seat the table named, each into that seat's hand or
    (the taker's) the discard, never out of play; the upcard turned down and a discard seen
    are out of play."""
    owner = {card: taker for card in (t.upcard, t.widow) if isinstance(card, int)}
    if isinstance(t.joker, int):
        owner[JOKER] = t.joker
    left_out = 1 << t.discard if isinstance(t.discard, int) else 0
    if taker is None:
        left_out |= sum(1 << card for card in owner)
    played, void, room = 0, set(), dict.fromkeys(seats, t.variant.hand_size)
    for trick in tricks:
        led = effective_suit(trick[0][1], trump)
        for seat, card in trick:
            if left_out >> card & 1 or owner.get(card, seat) != seat or (seat, effective_suit(card, trump)) in void:
                return False  # out of play, another seat's, or of a suit the seat showed out of
            played |= 1 << card
            room[seat] -= 1
            if effective_suit(card, trump) != led:
                void.add((seat, led))
    unplaced = [c for c in range(64) if t.variant.deck >> c & 1 and not (played | left_out) >> c & 1]
    discard = 1 if taker is not None and t.discard == NOT_KNOWN else 0
    out = len(unplaced) - sum(room.values()) - discard

    def places(card: int) -> list[int]:
        """Where a card may be: the seats by their index in ``seats``, then the discard, then
        out of play."""
        fit = [i for i, seat in enumerate(seats) if (seat, effective_suit(card, trump)) not in void]
        fit = [i for i in fit if owner.get(card, seats[i]) == seats[i]]
        if owner.get(card, taker) == taker:
            fit.append(len(seats))
        return fit + ([] if card in owner else [len(seats) + 1])

    @cache
    def place(index: int, free: tuple[int, ...]) -> bool:
        if index == len(unplaced):
            return not any(free)
        return any(
            place(index + 1, free[:i] + (free[i] - 1,) + free[i + 1 :]) for i in places(unplaced[index]) if free[i]
        )

    return out >= 0 and place(0, (*(room[seat] for seat in seats), discard, out))


@pytest.mark.parametrize("seed", range(4))
def test_the_cards_offered_are_those_after_which_a_deal_fits(seed: int) -> None:
    """Hands tapped at random, one offered choice after another in every game: at each card,
    those offered are exactly the cards after which a deal fits the hand (found by trying
    every place of every card left, apart from the recorder), so no hand tapped from what is
    offered runs into a seat with nothing to play. (The trump, the seats that play and who
    took the extra card are read from the finished record.)"""
    rng = random.Random(seed)
    games = [
        ("hasenpfeffer", 25, Settings()),
        ("euchre", 24, Settings()),
        ("euchre", 25, Settings()),
        ("euchre3", 24, Settings()),
        ("euchre2", 32, Settings()),
        ("hasenpfeffer", 25, Settings(all_pass="joker_bids_3")),  # the table says who holds the Joker
    ]
    checked = 0
    for hand in range(12):
        name, deck, rules = games[hand % len(games)]
        variant = variant_for(name, deck)
        t = Tapped(variant, rules, rng.choice(variant.seats))
        offered: list[tuple[Tapped, Step]] = []
        while (step := next_step(t)).stage != "done":
            if step.stage == "play":
                offered.append((t, step))
                t = t._replace(play=(*t.play, rng.choice(step.cards)))
            elif step.stage == "upcard":
                t = t._replace(upcard=rng.choice(step.cards))
            elif step.stage == "auction":
                calls = [c for c in step.calls if c not in step.not_recorded]
                if rules.all_pass == "joker_bids_3" and "pass" in calls:  # everyone passes to the Joker
                    calls = ["pass"]
                t = t._replace(calls=(*t.calls, rng.choice(calls)))
            elif step.stage == "joker":
                holder = rng.choice(step.seats)
                t = t._replace(joker=holder if holder == WIDOW_HOLDS_JOKER else SEATS.index(holder))
            elif step.stage == "trump":
                t = t._replace(trump=rng.choice(step.trumps), alone=rng.choice(step.alone))
            else:
                t = t._replace(**{step.stage: rng.choice([*step.cards, NOT_KNOWN])})
        state = step.record.state if step.record is not None else None
        for before, at in offered:  # none in a hand dealt again
            assert state is not None and at.seat is not None
            tricks = [list(trick) for trick in at.tricks]
            if not tricks or len(tricks[-1]) == len(state.seats):
                tricks.append([])
            for card in range(64):
                if variant.deck >> card & 1 and not any(card == c for trick in tricks for _, c in trick):
                    after = [*tricks[:-1], [*tricks[-1], (at.seat, card)]]
                    fitting = fits(before, state.seats, state.contract.trump, state.taker, after)
                    assert (card in at.cards) == fitting, (before, card_name(card), at.cards)
            checked += 1
    assert checked > 100


def test_a_call_out_of_the_rules_is_refused_with_its_reason() -> None:
    with pytest.raises(HasenError, match="auction: call 1, E name S: "):
        next_step(euchre(calls=("name S",)))
    hasen = Tapped(variant_for("hasenpfeffer"), Settings(), 0, calls=("4", "3"))
    with pytest.raises(HasenError, match="auction: call 2, S 3: a bid must be higher than E's 4"):
        next_step(hasen)


def test_a_lone_caller_for_best_is_sent_to_typing() -> None:
    """A Railroad lone call, which calls for the partner's best card, is offered marked as not
    recorded here, with why, before it is tapped; tapped anyway, it is refused with the same
    words. Other calls, and lone calls where nobody calls for best, are recorded."""
    railroad = variant_for("railroad", 25)
    upcard = cards("9H")[0]
    t = Tapped(railroad, Settings(), 0, upcard=upcard)
    step = next_step(t)
    assert step.seat == SEATS.index("E") and "order up alone" in step.calls
    assert step.not_recorded == ("order up alone",)
    assert step.not_recorded_why == (
        "going alone, E would call for the partner's best card, which the recorder does not take: "
        "type such a hand as a record"
    )
    with pytest.raises(HasenError, match=rf"^auction: call 1, E order up alone: {re.escape(step.not_recorded_why)}$"):
        next_step(t._replace(calls=("order up alone",)))
    for other in (t._replace(settings=Settings(call_for_best=False)), euchre(calls=())):
        step = next_step(other)
        assert "order up alone" in step.calls and step.not_recorded == () and step.not_recorded_why == ""
    assert next_step(t._replace(settings=Settings(call_for_best=False), calls=("order up alone",))).stage == "discard"


def test_everyone_passing_to_the_joker_asks_who_holds_it() -> None:
    """Under ``all_pass: joker_bids_3`` the Joker's holder must bid 3; the table knows who."""
    t = Tapped(variant_for("hasenpfeffer"), Settings(all_pass="joker_bids_3"), 0, calls=("pass",) * 4)
    step = next_step(t)
    assert step.stage == "joker" and step.seats == ("N", "E", "S", "W", WIDOW_HOLDS_JOKER)
    assert step.said == "everyone passed: the Joker's holder must bid 3"
    assert next_step(t._replace(settings=Settings())).said == "everyone passed: the hand is dealt again"
    assert "dealt again" in next_step(t._replace(joker=WIDOW_HOLDS_JOKER)).said
    step = next_step(t._replace(joker=SEATS.index("S")))
    assert step.stage == "trump" and SEATS[step.seat] == "S"


@pytest.mark.parametrize(
    ("game", "key", "value", "why"),
    [
        ("railroad", "alone", True, "in railroad the call says whether the maker goes alone (order up alone)"),
        ("euchre", "trump", "H", "in euchre the call makes trump (order up, name H)"),
        ("euchre2", "widow", "9S", "euchre2 has no widow (the upcard is its extra card)"),
        ("hasenpfeffer", "upcard", "9H", "hasenpfeffer turns no upcard (the declarer takes the widow)"),
    ],
)
def test_a_part_the_game_has_no_use_for_is_refused_not_dropped(game: str, key: str, value: object, why: str) -> None:
    """A hand so far that gives what its game does not ask (a Euchre maker's alone, which the
    call says) is refused by name; it was dropped without a word."""
    body = {"dealer": "N", key: value}
    with pytest.raises(HasenError, match=rf"^{key}: {re.escape(why)}: leave it out$"):
        tapped_from_json(body, variant_for(game), Settings())
    del body[key]
    assert tapped_from_json(body, variant_for(game), Settings()).dealer == 0


def test_a_dealer_the_game_does_not_deal_to_is_refused_at_once() -> None:
    """Three-Handed Euchre deals to N, E and S: W dealing is refused at the first step (it
    was taken, and the hand refused only at its last card)."""
    with pytest.raises(HasenError, match=r"^dealer: euchre3 deals to N, E, S, so W cannot deal$"):
        tapped_from_json({"dealer": "W"}, variant_for("euchre3", 24), Settings())
    assert tapped_from_json({"dealer": "S"}, variant_for("euchre3", 24), Settings()).dealer == SEATS.index("S")


def hasenpfeffer_to_the_joker(**parts: object) -> Tapped:
    """Everyone passed under joker_bids_3, and the table said E holds the Joker: E bids 3."""
    settings = Settings(all_pass="joker_bids_3")
    return Tapped(variant_for("hasenpfeffer"), settings, 0, calls=("pass",) * 4, joker=1)._replace(**parts)


@pytest.mark.parametrize(
    ("tapped", "refusal"),
    [
        # parts given before they are asked, which were dropped
        (euchre(calls=("pass",), play=cards("AH")), "play: given before it is asked (the auction comes first)"),
        (euchre(calls=("pass",), discard=NOT_KNOWN), "discard: given before it is asked (the auction comes first)"),
        (euchre(upcard=None, calls=("pass",)), "auction: given before it is asked (the upcard comes first)"),
        (
            hasenpfeffer_to_the_joker(play=cards("9C")),
            "play: given before it is asked (the trump comes first)",
        ),
        # a part of another hand than this one
        (
            euchre(calls=("pass",) * 8, play=cards("AH")),
            "play: the hand is over (everyone passed twice: the hand is dealt again), so there is none: leave it out",
        ),
        (
            euchre(calls=("pass",) * 4 + ("name H",), discard=cards("9D")[0]),
            "discard: nobody takes the upcard KS in this hand, so there is no discard: leave it out",
        ),
        (euchre(joker=SEATS.index("E")), "joker: the table is asked who holds the Joker only when everyone passes"),
        # the Joker's holder, as the table said: nobody else plays it, and the widow is another card
        (
            hasenpfeffer_to_the_joker(trump=0, widow=JOKER),
            "widow: E holds the Joker, as the table said, so the widow is another card",
        ),
        (
            hasenpfeffer_to_the_joker(trump=0, widow=NOT_KNOWN, discard=NOT_KNOWN, play=cards("9C", "JK")),
            "play: card 2, S cannot hold JK: the Joker, which E holds",
        ),
    ],
)
def test_a_part_at_odds_with_the_hand_is_refused_not_dropped(tapped: Tapped, refusal: str) -> None:
    """Each of these was taken without a word, and the part dropped, or the hand refused only
    at its last card."""
    with pytest.raises(HasenError) as info:
        next_step(tapped)
    assert str(info.value).startswith(refusal), str(info.value)


def alone_with_the_joker(dealer: str, holder: str, widow: str, settings: Settings) -> Tapped:
    """Everyone passed under joker_bids_3; the Joker's holder, as the table said, declares
    alone in diamonds and takes ``widow``; its discard was not seen."""
    return Tapped(
        variant_for("hasenpfeffer"),
        settings,
        SEATS.index(dealer),
        calls=("pass",) * 4,
        joker=SEATS.index(holder),
        trump=2,
        alone=True,
        widow=cards(widow)[0],
        discard=NOT_KNOWN,
    )


def test_the_cards_the_table_saw_go_to_a_seat_are_out_of_play_only_as_the_discard() -> None:
    """N holds the Joker, as the table said (everyone passed under joker_bids_3), declares
    alone in diamonds and takes the widow AS; its discard was not seen. With two cards left,
    N holds both unless one was the discard: spades led, N follows with the AS, the only
    card offered (the TS and 9S were, and the hand then ended refused, as if the AS or the
    Joker could have been in S's idle hand)."""
    play = cards(*"9C 9D JC QD KH 9H TH KS KC QH AC QS JH TC QC JS TS".split())
    t = alone_with_the_joker("S", "N", "AS", Settings(all_pass="joker_bids_3"))
    step = next_step(t._replace(play=play[:-1]))
    assert SEATS[step.seat] == "N" and step.cards == cards("AS")
    with pytest.raises(HasenError, match="^play: after card 17, N TS, no deal fits the hand: "):
        next_step(t._replace(play=play))
    step = next_step(t._replace(widow=None, discard=None))  # the widow asked: not the Joker, N's
    assert step.stage == "widow" and JOKER not in step.cards and len(step.cards) == 24


def test_the_joker_its_declarer_never_played_is_the_discard() -> None:
    """S holds the Joker, as the table said, declares alone, and its discard was not seen: S
    never plays the Joker, so the Joker was the discard (the record put it in a hand, which
    made N the forced declarer, and refused the hand at its last card)."""
    t = alone_with_the_joker("W", "S", "AC", Settings(first_lead="declarer", all_pass="joker_bids_3"))
    t = t._replace(play=cards(*"QD QS JS TH 9H TC TS AS JC QH 9C JH 9D QC KC KS AH AC".split()))
    step = next_step(t)
    assert step.stage == "done" and step.record is not None
    assert "contract: S 3, trump D, discard JK, alone" in step.record.line()
