"""A hand's deal worked out from its play, for a record typed once (docs/notation.md, "A
hand typed once") and for EGN files, which list the play and not the hands.

Each card of the play was held by the seat that played it: the first trick's leader by the
rules, each later one's the winner of the trick before, then clockwise over the seats that
play. So a hand played out gives each playing seat's hand after the exchanges. Before them:

- the card the widow or upcard taker put away is the contract's discard when given; else
  the card it took, when it did not play it (Euchre: the upcard put straight back); else the
  one card nobody played when only one is left (Hasenpfeffer, all hands played); else it is
  not known;
- in Hasenpfeffer, which card was the widow is known only when the record gives it;
- in Railroad, each call for best (given in the contract) is undone: the card passed goes
  back to the partner, the card put away back to the caller;
- the hand of a seat that sat out (a lone player's partner) is not known, but for a card it
  passed.

What is not known is said (``unknown``) and shown by stand-ins, cards nobody played, the
first in card order: a discard, then a partner's hand. A widow not known stands in as the
discard (the declarer's hand before the exchange is then the hand it played). The review
judges only what does not rest on them (``hasen.analysis.hand_review``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..core.cards import CardId, Mask, canonical_key, card_name, cards_of, mask_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.names import CardSet
from ..core.seats import NUM_SEATS, SEATS, partner_of
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.seating import best_callers, exchanger, first_leader, playing_seats
from ..rules.trump import trick_winner
from .state import BestCard

# what a record may say it does not know, in the order its stand-ins are chosen
UNKNOWN_PARTS = ("discard", "widow", "partner", "defender partner")


class PlayedContract(NamedTuple):
    """The contract as a record gives it, before the deal is known: the discard and the
    calls for best may be missing (None)."""

    declarer: int
    trump: int
    alone: bool = False
    lone_defender: int | None = None
    discard: CardId | None = None
    best: BestCard | None = None
    defender_best: BestCard | None = None


class PlayedHand(NamedTuple):
    """The deal a play gives, with stand-ins for what it does not show, and the parts not
    known (``UNKNOWN_PARTS``)."""

    deal: Deal
    discard: CardId | None  # the taker's discard (a stand-in where not known); None when nobody took the upcard
    unknown: tuple[str, ...]


def holders(
    variant: Variant, settings: Settings, dealer: int, contract: PlayedContract, tricks: Sequence[CardId]
) -> dict[int, list[CardId]]:
    """Who played each card, by the rules of the lead (the cards in the order played); a
    card played twice is refused."""
    c = contract
    seats = playing_seats(variant, c.declarer, c.alone, c.lone_defender)
    leader = first_leader(dealer, c.declarer, seats, c.alone, settings, c.lone_defender)
    played: dict[int, list[CardId]] = {seat: [] for seat in seats}
    seen = 0
    for start in range(0, len(tricks), len(seats)):
        trick = list(tricks[start : start + len(seats)])
        order = [seats[(seats.index(leader) + i) % len(seats)] for i in range(len(trick))]
        for seat, card in zip(order, trick):
            if seen >> card & 1:
                raise NotationError(f"play: {card_name(card)} is played twice")
            seen |= 1 << card
            played[seat].append(card)
        if len(trick) == len(seats):
            leader = order[trick_winner(trick, c.trump)]
    return played


def deal_from_play(
    variant: Variant,
    settings: Settings,
    dealer: int,
    extra: CardId | None,
    contract: PlayedContract,
    cards: Sequence[CardId],
    given: Mapping[int, Mask] | None = None,
    out_of_play: Mask = 0,
) -> PlayedHand:
    """The deal a hand's play gives (see the module). ``extra``: the upcard (required in
    Euchre) or the widow (None when not known); ``given``: hands known as dealt (an EGN
    file's ``playerCards``); ``out_of_play``: cards known to be in nobody's hand (an EGN
    1.0 file's kitty)."""
    given = dict(given or {})
    c = contract
    if extra is None and variant.seen_extra() is not None:
        raise NotationError(f"{variant.extra_card}: the {variant.extra_card} is required: every player saw it")
    seats = playing_seats(variant, c.declarer, c.alone, c.lone_defender)
    played = holders(variant, settings, dealer, c, cards)
    taker = exchanger(variant, dealer, extra, c.trump, c.declarer, seats, settings)
    known = mask_of(cards) | out_of_play | (0 if extra is None else 1 << extra)
    for hand in given.values():
        known |= hand
    unseen = variant.deck & ~known
    hands = {seat: mask_of(played[seat]) for seat in seats if seat not in given}  # after the exchanges
    short = [seat for seat in hands if hands[seat].bit_count() < variant.hand_size]
    if c.discard is not None:
        unseen &= ~(1 << c.discard)
    missing = sum(variant.hand_size - hands[seat].bit_count() for seat in short)
    if len(short) == 1 and (taker is None or c.discard is not None) and unseen.bit_count() == missing:
        hands[short[0]] |= unseen  # one hand not played out, and exactly its cards unseen
        unseen, short = 0, []
    if short:
        names = ", ".join(SEATS[s] for s in short)
        raise NotationError(
            f"play: the hand is not played out, so the cards of {names} are not all known "
            "(give the deal, or the play to the last card)"
        )
    unknown: list[str] = []
    passed: dict[int, CardId] = {}  # the card each idle partner passed to a caller for best
    for caller, partner in reversed(best_callers(variant, settings, c.declarer, c.alone, c.lone_defender)):
        call = c.best if caller == c.declarer else c.defender_best
        field = "best" if caller == c.declarer else "defender best"
        if call is None:
            raise NotationError(
                f"contract: {field}: {SEATS[caller]} played alone and called for the partner's "
                f"best card: say which card {SEATS[partner]} passed and which {SEATS[caller]} put "
                f"away ('{field} JK for 9C')"
            )
        if caller in hands:
            hands[caller] = _undone(hands[caller], call.passed, call.discard)
        passed[partner] = call.passed
        unseen &= ~(1 << call.discard)
    idle = [seat for seat in variant.seats if seat not in seats and seat not in given]
    discard: CardId | None = None
    if taker is not None and taker in hands:
        discard, unseen, part = _discard(variant, c, extra, hands[taker], unseen, bool(idle))
        unknown += part
        if extra is None:  # the widow not known: it stands in as the discard
            extra = discard
            unknown.append("widow")
        hands[taker] = _undone(hands[taker], extra, discard)
    elif taker is not None:
        discard, part = _given_discard(c, extra, given[taker], mask_of(played[taker]))
        unknown += part
    for name, lone in (("partner", c.declarer if c.alone else None), ("defender partner", c.lone_defender)):
        seat = None if lone is None else partner_of(lone)
        if seat is None or seat not in idle:
            continue
        own = 1 << passed[seat] if seat in passed else 0
        stand_ins = sorted(cards_of(unseen & ~own), key=canonical_key)[: variant.hand_size - own.bit_count()]
        hands[seat] = own | mask_of(stand_ins)
        unseen &= ~hands[seat]
        unknown.append(name)
    hands.update(given)
    if extra is None:
        raise NotationError(f"{variant.extra_card}: not known, and nobody took it")
    deal = Deal.from_masks(tuple(hands.get(s, 0) for s in range(NUM_SEATS)), extra, dealer, variant, settings)
    return PlayedHand(deal, discard, tuple(p for p in UNKNOWN_PARTS if p in unknown))


def _undone(after: Mask, taken: CardId, put_away: CardId) -> Mask:
    """A hand before it took ``taken`` and put ``put_away`` away (the same card: no change)."""
    return after if taken == put_away else after & ~(1 << taken) | 1 << put_away


def _discard(
    variant: Variant, c: PlayedContract, extra: CardId | None, after: Mask, unseen: Mask, hidden_hands: bool
) -> tuple[CardId, Mask, list[str]]:
    """The taker's discard, what stays unseen, and ``["discard"]`` when it is a stand-in.
    ``hidden_hands``: a seat that sat out holds unseen cards too."""
    if c.discard is not None:
        if after >> c.discard & 1:
            raise NotationError(f"contract: discard {card_name(c.discard)}: it was played, so it was not put away")
        if extra is not None and c.discard != extra and not after >> extra & 1:
            raise NotationError(
                f"contract: discard {card_name(c.discard)}: the {variant.extra_card} "
                f"{card_name(extra)} was neither played nor put away"
            )
        return c.discard, unseen, []
    if extra is not None and not after >> extra & 1:
        return extra, unseen, []  # the upcard or widow went straight back: it is the discard
    if unseen.bit_count() == 1 and not hidden_hands:  # every other card is placed: the one left
        return cards_of(unseen)[0], 0, []
    if not unseen:
        raise NotationError(
            f"play: every card is placed, so none is left to be the discard (the taker played {CardSet(after)})"
        )
    stand_in = min(cards_of(unseen), key=canonical_key)
    return stand_in, unseen & ~(1 << stand_in), ["discard"]


def _given_discard(c: PlayedContract, extra: CardId | None, before: Mask, played: Mask) -> tuple[CardId, list[str]]:
    """The discard of a taker whose hand is given as dealt: the contract's, else the one card
    of its hand and the extra card it did not play, else a stand-in (its first such card)."""
    if c.discard is not None:
        return c.discard, []
    left = (before | (0 if extra is None else 1 << extra)) & ~played
    if left.bit_count() == 1:
        return cards_of(left)[0], []
    return min(cards_of(left), key=canonical_key), ["discard"]
