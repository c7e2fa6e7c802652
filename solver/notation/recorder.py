"""A hand recorded at the table as it is played, one tap at a time (the page's recorder).

What has been tapped so far is a record typed once (docs/notation.md, "A hand typed once")
in the making: the dealer, the upcard, the calls, the declarer's trump and the cards in the
order they were played. At each step ``next_step`` says whose turn it is and what they may
do: the legal calls, or the cards the seat may still hold. A hand is unknown as it is
recorded, so a seat may play any card nobody has played, but for what the table saw: the
upcard belongs to the dealer who took it and to nobody else, a discard given is out of
play, and a seat that did not follow a suit holds none of it; and no card is offered after
which the cards left could not be dealt so that every seat can play out its hand (it would
end in a seat with nothing to tap). Once the last card is played
the hand is read as a record typed once, so the recorder never ends in a record the
notation would refuse.

Parts the table may not have seen (the declarer's discard, the Hasenpfeffer widow) are
asked for with "not known" as an answer: the review then judges only what does not rest on
them. Calls for the partner's best card (Railroad) and a defender playing alone are not
recorded here: such a hand is typed. The lone calls that would call for best are shown with
the other calls, marked as not recorded and why, so the table knows before it taps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from ..core.cards import JOKER, SUITS, CardId, card_name, cards_of, parse_card, parse_suit
from ..core.dealing import dealer_of
from ..core.errors import NotationError, quoted
from ..core.seats import SEATS, parse_seat
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.auction import AuctionEnd, AuctionRules, AuctionState, auction_of
from ..rules.seating import best_callers, exchanger, first_leader, playing_seats
from ..rules.trump import effective_suit, trick_winner
from .record import Record, played_record

NOT_KNOWN: Literal["not known"] = "not known"  # the answer to a part the table did not see
WIDOW_HOLDS_JOKER: Literal["widow"] = "widow"  # the answer to "who holds the Joker?" when nobody does

Stage = Literal["upcard", "auction", "joker", "trump", "widow", "discard", "play", "done"]
Answer = CardId | Literal["not known"] | None  # None: not asked yet


class Tapped(NamedTuple):
    """A hand as recorded so far: what each step was answered with."""

    variant: Variant
    settings: Settings
    dealer: int
    upcard: CardId | None = None  # Euchre: every seat saw it
    calls: tuple[str, ...] = ()  # in the order made, from the first seat to call
    joker: int | Literal["widow"] | None = None  # who holds the Joker, asked when everyone passed to it
    trump: int | None = None  # Hasenpfeffer: named by the declarer after the auction
    alone: bool = False
    widow: Answer = None
    discard: Answer = None
    play: tuple[CardId, ...] = ()


class Step(NamedTuple):
    """What comes next: the stage, the seat to act (None for a question about the table),
    and its choices: calls, seats, suits or cards; ``record`` once the hand is done."""

    stage: Stage
    seat: int | None = None
    calls: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    trumps: tuple[int, ...] = ()
    alone: tuple[bool, ...] = ()
    cards: tuple[CardId, ...] = ()
    not_known: bool = False  # may the answer be "not known"?
    said: str = ""  # how the auction ended, for the player
    record: Record | None = None
    tricks: tuple[tuple[tuple[int, CardId], ...], ...] = ()  # the play so far, each card with its seat
    # the calls offered that the recorder cannot follow, and why: shown, so that the table
    # knows before it taps
    not_recorded: tuple[str, ...] = ()
    not_recorded_why: str = ""


# the request's keys, each with the stage that asks it, in order
ASKED_AT = {
    "upcard": "upcard",
    "auction": "auction",
    "joker": "joker",
    "trump": "trump",
    "alone": "trump",
    "widow": "widow",
    "discard": "discard",
    "play": "play",
}
STAGES: tuple[Stage, ...] = ("upcard", "auction", "joker", "trump", "widow", "discard", "play", "done")


def next_step(t: Tapped) -> Step:
    """What comes after the hand tapped so far; an answer the rules refuse is an error that
    names it, and so is one given before it is asked (it would be dropped)."""
    step = _next_step(t)
    given = {
        "upcard": t.upcard is not None,
        "auction": bool(t.calls),
        "joker": t.joker is not None,
        "trump": t.trump is not None,
        "alone": t.alone,
        "widow": t.widow is not None,
        "discard": t.discard is not None,
        "play": bool(t.play),
    }
    # a hand dealt again asks nothing after the auction (and the Joker's holder)
    last = STAGES.index("joker" if step.stage == "done" and step.record is None else step.stage)
    for key, stage in ASKED_AT.items():
        if given[key] and STAGES.index(stage) > last:
            if step.stage == "done":
                raise NotationError(f"{key}: the hand is over ({step.said}), so there is none: leave it out")
            raise NotationError(f"{key}: given before it is asked (the {step.stage} comes first)")
    return step


def _next_step(t: Tapped) -> Step:
    variant, settings = t.variant, t.settings
    if t.upcard is None and variant.seen_extra() is not None:
        return Step("upcard", cards=tuple(cards_of(variant.deck)))
    rules, state, seated = _auction(t)
    if state.end is None:
        seat = rules.to_call(state)
        assert seat is not None
        calls = rules.calls(state)
        lone = tuple(c.words(settings) for c in calls if c.alone and _calls_for_best(t, seat))
        return Step(
            "auction",
            seat,
            calls=tuple(c.words(settings) for c in calls),
            not_recorded=lone,
            not_recorded_why=_calls_for_best_why(seat) if lone else "",
        )
    end = state.end
    forced = rules.forced_rule()
    if t.joker is not None and (forced is None or not (end.forced or end.redeal)):
        raise NotationError(
            "joker: the table is asked who holds the Joker only when everyone passes and its holder must bid"
            + ("" if forced is None else f" ({forced})")
        )
    if end.redeal and forced is not None and t.joker is None:
        holders = tuple(SEATS[s] for s in variant.seats) + (WIDOW_HOLDS_JOKER,)
        return Step("joker", seats=holders, said=forced)
    if end.redeal:
        return Step("done", said=rules.redeal_reason())
    assert end.declarer is not None
    declarer = end.declarer
    trump = end.trump if end.trump is not None else t.trump
    alone = bool(end.alone) if end.alone is not None else t.alone
    if trump is None:  # Hasenpfeffer's declarer names it (no game of its family calls for best)
        return Step("trump", declarer, trumps=tuple(range(len(SUITS))), alone=rules.forms())
    if alone and _calls_for_best(t, declarer):  # the lone call ended the auction: the last tapped
        raise NotationError(
            f"auction: call {len(t.calls)}, {SEATS[declarer]} {t.calls[-1]}: {_calls_for_best_why(declarer)}"
        )
    seats = playing_seats(variant, declarer, alone, None)
    if variant.seen_extra() is None and t.widow is None:  # the widow, once its declarer took it
        held = 1 << JOKER if isinstance(t.joker, int) else 0  # the table said a seat holds the Joker
        return Step("widow", declarer, cards=tuple(cards_of(variant.deck & ~held)), not_known=True)
    if isinstance(t.joker, int) and t.widow == JOKER:
        raise NotationError(f"widow: {SEATS[t.joker]} holds the Joker, as the table said, so the widow is another card")
    taker = exchanger(variant, t.dealer, t.upcard, trump, declarer, seats, settings)
    if taker is None and t.discard is not None:
        assert t.upcard is not None  # nobody takes an extra card only in Euchre, which turns one up
        raise NotationError(
            f"discard: nobody takes the upcard {card_name(t.upcard)} in this hand, so there is no discard: leave it out"
        )
    if taker is not None and t.discard is None:
        return Step("discard", taker, cards=tuple(cards_of(variant.deck)), not_known=True)
    if len(t.play) < len(seats) * variant.hand_size:
        seat, choices, tricks = _to_play(t, declarer, trump, alone, seats, taker)
        return Step("play", seat, cards=choices, tricks=tuple(tuple(trick) for trick in tricks))
    return Step("done", record=_record(t, seated, end, trump, alone))


def _calls_for_best(t: Tapped, seat: int) -> bool:
    """Would ``seat``, declaring alone, call for the partner's best card (Railroad)?"""
    return bool(best_callers(t.variant, t.settings, seat, True))


def _calls_for_best_why(seat: int) -> str:
    return (
        f"going alone, {SEATS[seat]} would call for the partner's best card, which the recorder does not "
        "take: type such a hand as a record"
    )


Seated = list[tuple[int, str]]  # each call as the notation writes it, with the seat that made it


def _auction(t: Tapped) -> tuple[AuctionRules, AuctionState, Seated]:
    """The auction's rules, where the calls tapped leave it, and each call with its seat; a
    call refused says why."""
    extra = t.upcard if t.upcard is not None else 0  # Hasenpfeffer's auction does not look at the widow
    holder = t.joker if isinstance(t.joker, int) else None
    rules = auction_of(t.variant, t.dealer, extra, holder, t.settings)
    state, seated = rules.start(), []
    for number, text in enumerate(t.calls, 1):
        seat = rules.to_call(state)
        if seat is None:
            raise NotationError(f"auction: call {number}, {quoted(text)}: the auction is over")
        try:
            call = rules.parse_call(text)
        except NotationError as exc:
            raise NotationError(f"auction: call {number}, {exc}") from None
        reason = rules.refusal(state, seat, call)
        if reason is not None:
            raise NotationError(f"auction: call {number}, {SEATS[seat]} {call.words(t.settings)}: {reason}")
        seated.append((seat, call.words(t.settings)))
        state = rules.after(state, call)
    return rules, state, seated


Tricks = list[list[tuple[int, CardId]]]  # the cards played, trick by trick, each with its seat


def tricks_of(t: Tapped, declarer: int, trump: int, alone: bool, seats: Sequence[int]) -> tuple[Tricks, int]:
    """The cards played, trick by trick, each with its seat; and the seat to play next."""
    leader = first_leader(t.dealer, declarer, seats, alone, t.settings)
    tricks: Tricks = []
    for start in range(0, len(t.play), len(seats)):
        cards = t.play[start : start + len(seats)]
        order = [seats[(seats.index(leader) + i) % len(seats)] for i in range(len(cards))]
        tricks.append(list(zip(order, cards)))
        if len(cards) == len(seats):
            leader = order[trick_winner(cards, trump)]
    current = tricks[-1] if tricks and len(tricks[-1]) < len(seats) else []
    seat = seats[(seats.index(leader) + len(current)) % len(seats)]
    return tricks, seat


def _to_play(
    t: Tapped, declarer: int, trump: int, alone: bool, seats: Sequence[int], taker: int | None
) -> tuple[int, tuple[CardId, ...], Tricks]:
    """The seat to play and the cards it may still hold, and the tricks so far; each card
    tapped so far checked."""
    tricks, seat = tricks_of(t, declarer, trump, alone, seats)
    played = 0
    for number, card in enumerate(t.play, 1):
        if played >> card & 1 or not t.variant.deck >> card & 1:
            why = "is played twice" if played >> card & 1 else f"is not in the {t.variant.label}'s deck"
            raise NotationError(f"play: card {number}, {card_name(card)} {why}")
        played |= 1 << card
    for number, (who, card) in enumerate(((w, c) for trick in tricks for w, c in trick), 1):
        allowed = _may_hold(t, tricks, who, trump, taker, number - 1)
        if not allowed >> card & 1:
            raise NotationError(
                f"play: card {number}, {SEATS[who]} cannot hold {card_name(card)}: "
                f"{_why_not(t, tricks, who, card, trump, taker, number - 1)}"
            )

    def short_after(play: tuple[CardId, ...]) -> str | None:
        return _shortfall(t._replace(play=play), declarer, trump, alone, seats, taker)

    # a card that leaves no way to deal the cards not yet played is not offered: the hand
    # would end in a seat that can play nothing
    choices = [
        card
        for card in cards_of(_may_hold(t, tricks, seat, trump, taker, len(t.play)))
        if short_after((*t.play, card)) is None
    ]
    if not choices:  # the taps contradict each other: say so now, not with nothing to tap
        for number in range(len(t.play) + 1):
            short = short_after(t.play[:number])
            if short is not None:
                order = [f"{SEATS[who]} {card_name(card)}" for trick in tricks for who, card in trick]
                where = "before the play" if number == 0 else f"after card {number}, {order[number - 1]}"
                raise NotationError(f"play: {where}, no deal fits the hand: {short}; a card tapped is wrong")
        raise AssertionError("a hand that a deal fits leaves its seat to play a card")
    return seat, tuple(choices), tricks


def _shortfall(
    t: Tapped, declarer: int, trump: int, alone: bool, seats: Sequence[int], taker: int | None
) -> str | None:
    """Why the cards not yet played cannot be dealt as the taps say, in words; None when they
    can. The places: each seat still playing, holding as many as it has left to play, none of
    a suit it showed out of and none the table saw go to another seat; the discard not seen
    (one card, which the taker held); and out of play (not dealt, buried, a lone player's
    partner's), where no card the table saw go to a seat is (the upcard taken, the widow seen,
    the Joker's holder's: each is in its owner's hand until played, or is the discard).
    Hall's condition, over every set of places: the cards that may go to the set are at
    least as many as the set holds."""
    tricks, _ = tricks_of(t, declarer, trump, alone, seats)
    pool = t.variant.deck & ~sum(1 << card for card in t.play)
    if isinstance(t.discard, int):
        pool &= ~(1 << t.discard)
    if isinstance(t.upcard, int) and taker is None:
        pool &= ~(1 << t.upcard)  # turned down: out of play, and seen there
    owned = [(card, owner) for card, owner in _owned(t, taker) if owner is not None and pool >> card & 1]
    places = [_may_hold(t, tricks, seat, trump, taker, len(t.play)) & pool for seat in seats]
    wanted = [t.variant.hand_size - sum(1 for trick in tricks for who, _ in trick if who == seat) for seat in seats]
    discard = taker is not None and t.discard == NOT_KNOWN
    places.append(pool & ~sum(1 << card for card, owner in owned if owner != taker) if discard else 0)
    wanted.append(1 if discard else 0)
    places.append(pool & ~sum(1 << card for card, _ in owned))  # out of play
    wanted.append(pool.bit_count() - sum(wanted))
    for card, owner in owned:  # a card the table saw go to a seat, which has no room for it
        at = list(seats).index(owner) if owner in seats else None
        if not (at is not None and wanted[at] and places[at] >> card & 1) and not (discard and owner == taker):
            why = "has no card left to play" if at is not None and not wanted[at] else "showed out of its suit"
            return f"{SEATS[owner]} holds {card_name(card)} until it plays it, and {why}"
    # the seats are the low bits: every set of them alone comes first, so that a shortfall
    # among them is the one named
    for chosen in range(1, 1 << len(places)):
        members = [i for i in range(len(places)) if chosen >> i & 1]
        reach = 0
        for i in members:
            reach |= places[i]
        need = sum(wanted[i] for i in members)
        if reach.bit_count() >= need:
            continue
        named = [SEATS[seats[i]] for i in members if i < len(seats)]
        if len(named) != len(members):
            return f"the {need} cards left cannot all be placed where the table saw them go"
        who = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        return (
            f"{who} {'have' if len(named) > 1 else 'has'} {need} cards left to play, and only "
            f"{reach.bit_count()} that {'they' if len(named) > 1 else 'it'} may hold are left "
            "(by what each showed out of and what the table saw elsewhere)"
        )
    return None


def _owned(t: Tapped, taker: int | None) -> list[tuple[CardId, int | None]]:
    """The cards the table saw go to one seat, with it: the upcard or widow to its taker
    (None: turned down), the Joker to the seat the table said holds it."""
    owned: list[tuple[CardId, int | None]] = [(card, taker) for card in (t.upcard, t.widow) if isinstance(card, int)]
    if isinstance(t.joker, int):
        owned.append((JOKER, t.joker))
    return owned


def _out_of_reach(t: Tapped, seat: int, taker: int | None) -> int:
    """The cards ``seat`` cannot hold, whatever it played: the upcard unless it took it, a
    discard given, a widow the declarer took, the Joker another seat holds."""
    mask = 0
    for card, owner in _owned(t, taker):
        if seat != owner:
            mask |= 1 << card
    if isinstance(t.discard, int):
        mask |= 1 << t.discard
    return mask


def _voids(tricks: Tricks, seat: int, trump: int, before: int) -> set[int]:
    """The suits ``seat`` showed out of in the first ``before`` cards."""
    voids: set[int] = set()
    count = 0
    for trick in tricks:
        led = effective_suit(trick[0][1], trump)
        for who, card in trick:
            if count >= before:
                return voids
            count += 1
            if who == seat and effective_suit(card, trump) != led:
                voids.add(led)
    return voids


def _may_hold(t: Tapped, tricks: Tricks, seat: int, trump: int, taker: int | None, before: int) -> int:
    """The cards ``seat`` may play as the card after the first ``before``."""
    earlier = 0
    for card in t.play[:before]:
        earlier |= 1 << card
    voids = _voids(tricks, seat, trump, before)
    allowed = t.variant.deck & ~earlier & ~_out_of_reach(t, seat, taker)
    return sum(1 << c for c in cards_of(allowed) if effective_suit(c, trump) not in voids)


def _why_not(t: Tapped, tricks: Tricks, seat: int, card: CardId, trump: int, taker: int | None, before: int) -> str:
    if isinstance(t.discard, int) and card == t.discard:
        return "it was discarded"
    for seen, owner in _owned(t, taker):
        if seen == card and owner != seat:
            what = (
                "the Joker"
                if card == JOKER and card not in (t.upcard, t.widow)
                else ("the upcard" if card == t.upcard else "the widow")
            )
            return f"{what}, {'turned down' if owner is None else f'which {SEATS[owner]} holds'}"
    if any(c == card for c in t.play[:before]):
        return "it was played before"
    return "it did not follow that suit before"


def _record(t: Tapped, seated: Seated, end: AuctionEnd, trump: int, alone: bool) -> Record:
    """The hand read as a record typed once: what the rules and the notation make of it."""
    assert end.declarer is not None
    declarer = end.declarer
    auction = ", ".join(f"{SEATS[seat]} {text}" for seat, text in seated)
    contract: dict[str, Any] = {"declarer": SEATS[declarer], "trump": SUITS[trump], "alone": alone}
    if end.bid is not None:
        contract["bid"] = end.bid.name(t.settings)
    if isinstance(t.discard, int):
        contract["discard"] = card_name(t.discard)
    elif t.joker == declarer and JOKER not in t.play:
        # the Joker the table said its declarer holds was never played: it is the discard
        contract["discard"] = card_name(JOKER)
    seats = playing_seats(t.variant, declarer, alone, None)
    play = " | ".join(
        " ".join(card_name(c) for c in t.play[i : i + len(seats)]) for i in range(0, len(t.play), len(seats))
    )
    extra = {
        "upcard": None if t.upcard is None else card_name(t.upcard),
        "widow": card_name(t.widow) if isinstance(t.widow, int) else None,
    }
    return played_record(t.variant, t.settings, SEATS[t.dealer], extra, contract, play, auction=auction)


def tapped_from_json(body: Mapping[str, Any], variant: Variant, settings: Settings) -> Tapped:
    """The hand so far from a request's fields (``dealer``, ``upcard``, ``auction``, ``joker``,
    ``trump``, ``alone``, ``widow``, ``discard``, ``play``); a widow or discard of ``null`` is
    one the table did not see, one left out is not asked yet."""

    def card(key: str) -> CardId | None:
        value = body.get(key)
        return None if value is None else parse_card(str(value), key)

    def answer(key: str) -> Answer:
        if key not in body:
            return None
        return NOT_KNOWN if body[key] is None else card(key)

    for key, why in _not_in_game(variant).items():
        if key in body:  # given, it would be dropped: refused by name
            raise NotationError(f"{key}: {why}: leave it out")
    joker = body.get("joker")
    holder: int | Literal["widow"] | None = (
        None
        if joker is None
        else WIDOW_HOLDS_JOKER
        if str(joker).lower() == WIDOW_HOLDS_JOKER
        else parse_seat(str(joker), "joker")
    )
    trump = body.get("trump")
    return Tapped(
        variant,
        settings,
        _dealer(body, variant),
        card("upcard"),
        tuple(str(c) for c in body.get("auction", ())),
        holder,
        None if trump is None else _suit(str(trump)),
        bool(body.get("alone", False)),
        answer("widow"),
        answer("discard"),
        tuple(parse_card(str(c), f"play: card {i}") for i, c in enumerate(body.get("play", ()), 1)),
    )


def _dealer(body: Mapping[str, Any], variant: Variant) -> int:
    """The dealer, a seat the game deals to: refused at the first step, not at the last."""
    seat = dealer_of(parse_seat(str(body.get("dealer", "")), "dealer"), variant)
    assert seat is not None
    return seat


def _not_in_game(variant: Variant) -> dict[str, str]:
    """The fields of a hand so far that this game has no use for, each with why."""
    if variant.seen_extra() is None:  # the declarer names trump and takes the widow
        return {variant.other_extra_card: f"{variant.name} turns no upcard (the declarer takes the widow)"}
    return {
        "trump": f"in {variant.name} the call makes trump (order up, name H)",
        "alone": f"in {variant.name} the call says whether the maker goes alone (order up alone)",
        variant.other_extra_card: f"{variant.name} has no widow (the upcard is its extra card)",
    }


def _suit(text: str) -> int:
    suit = parse_suit(text)
    if suit < 0:
        raise NotationError(f"trump: not a suit: {quoted(text)} (expected S, H, D or C)")
    return suit


def step_json(step: Step) -> dict[str, Any]:
    """The step as the service answers it."""
    data: dict[str, Any] = {"stage": step.stage, "seat": None if step.seat is None else SEATS[step.seat]}
    if step.calls:
        data["calls"] = list(step.calls)
    if step.seats:
        data["seats"] = list(step.seats)
    if step.trumps:
        data["trumps"] = [SUITS[s] for s in step.trumps]
        data["alone"] = list(step.alone)
    if step.cards:
        data["cards"] = [card_name(c) for c in step.cards]
    if step.tricks:
        data["tricks"] = [[[SEATS[seat], card_name(card)] for seat, card in trick] for trick in step.tricks]
    if step.not_known:
        data["not_known"] = True
    if step.said:
        data["said"] = step.said
    if step.not_recorded:
        data["not_recorded"] = list(step.not_recorded)
        data["not_recorded_why"] = step.not_recorded_why
    if step.record is not None:
        data["record"] = str(step.record)
        data["line"] = step.record.line()
    return data
