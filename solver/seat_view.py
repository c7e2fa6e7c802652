"""What one seat knows when it decides, as the single-dummy calls take it (``SeatView``),
and its reading, checked once where a request comes in (``SeatQuestion``).

A seat knows its own cards (in Euchre the upcard too; in Hasenpfeffer the widow only once it
has taken it), who dealt, the game and its table's settings, any cards it has seen go to
another hand, the calls so far and the score. ``hasen.advise``, ``hasen.simulate`` and
``hasen.simulate_lead`` take it as one value; the web API and the command line read theirs
into a ``SeatQuestion`` directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from .core.deal import Deal
from .core.errors import NotationError, quoted
from .core.names import CardLike, CardSet, SeatLike
from .core.seats import SEATS
from .core.settings import Settings, SettingsLike, settings_for
from .core.variants import HASENPFEFFER, Variant, VariantName
from .notation.inputs import coerce_card, coerce_deal, coerce_hand, coerce_seat, coerce_variant

if TYPE_CHECKING:
    from .analysis.knowledge import Knowledge
    from .rules.auction import Call

# the calls so far of an auction: "W pass, N 3", or (seat, call) pairs
AuctionLike = str | Sequence[tuple[SeatLike, str]] | None


class SeatView(NamedTuple):
    """What ``seat`` knows: its cards from a whole ``deal`` (which carries the dealer, the game
    and the settings; the other hands are not looked at), or its ``hand`` with the ``dealer``,
    the ``variant`` (the game, by default Hasenpfeffer), the table's ``settings`` and in Euchre
    the upcard as ``extra`` (in Hasenpfeffer the widow, seen only by a declarer who took it);
    ``known``: cards it has seen go to another hand, by seat (``{"E": "AH KD"}``);
    ``auction``: the calls so far (``"W pass, N 3"``, or (seat, call) pairs); ``score``: the
    score before the hand (``"8-5"``, N-S first). It is read when a call uses it, and a fault
    is reported then by the field's name.

    >>> north = SeatView("N", hand="A.K..AQJ*", dealer="W", auction="E pass, S pass, W pass")
    >>> read = seat_question(north, sees_widow=False)
    >>> len(read.knowledge.unseen), len(read.calls)
    (19, 3)
    >>> east = SeatView.in_deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "E", known={"S": "TS"})
    >>> len(seat_question(east).knowledge.unseen)
    17
    """

    seat: SeatLike
    hand: str | CardSet | None = None
    extra: CardLike | None = None
    dealer: SeatLike | None = None
    variant: Variant | VariantName | None = None
    settings: SettingsLike = None
    known: Mapping[str, str] | None = None
    auction: AuctionLike = None
    score: str | None = None
    deal: Deal | str | None = None

    @classmethod
    def in_deal(
        cls,
        deal: Deal | str,
        seat: SeatLike,
        *,
        known: Mapping[str, str] | None = None,
        auction: AuctionLike = None,
        score: str | None = None,
    ) -> SeatView:
        """The view of ``seat`` in a whole ``deal``."""
        return cls(seat, known=known, auction=auction, score=score, deal=deal)


class SeatQuestion(NamedTuple):
    """One seat's view of a hand, read and checked once where a request comes in: what the
    seat knows (``Knowledge``), the table's settings and the calls so far. The web API reads
    a body into one, keys its cache by it and works from it (``advise_seat``,
    ``simulate_seat``, ``lead_of_seat``), so that nothing is read twice."""

    knowledge: Knowledge
    settings: Settings
    calls: tuple[tuple[int, Call], ...] = ()


def seat_question(view: SeatView, *, sees_widow: bool = True, what: str = "simulate") -> SeatQuestion:
    """What ``view``'s seat knows, read and checked: its cards as to ``knowledge_of``, the
    settings (a deal's own, or those given with a hand) and the calls of its ``auction``
    (``auction_calls``). ``sees_widow``: False for a Hasenpfeffer seat before the widow is
    taken (it is then dealt at random too); ``what``: the call, for the messages."""
    knowledge = knowledge_of(
        view.deal,
        seat=view.seat,
        hand=view.hand,
        extra=view.extra,
        known=view.known,
        dealer=view.dealer,
        variant=view.variant,
        sees_widow=sees_widow,
        what=what,
    )
    checked = simulation_settings(view.deal, knowledge, view.settings, what)
    return SeatQuestion(knowledge, checked, auction_calls(view.auction, knowledge, checked))


def auction_calls(auction: AuctionLike, knowledge: Knowledge, settings: Settings) -> tuple[tuple[int, Call], ...]:
    """The calls so far of ``auction`` (``"W pass, N 3"``, or (seat, call) pairs) as the
    auction's rules read them; each checked as it was made when the advice starts."""
    if auction is None:
        return ()
    from .analysis.playout import rules_for
    from .notation.record import parse_auction

    k = knowledge
    rules = rules_for(k.variant, k.dealer, 0 if k.extra is None else k.extra, None, settings)
    if isinstance(auction, str):
        return tuple(parse_auction(auction, rules))
    if not isinstance(auction, Sequence):
        raise NotationError(f"auction: expected the calls as a string or (seat, call) pairs, got {quoted(auction)}")
    pairs = []
    for number, pair in enumerate(auction, 1):
        if not (isinstance(pair, Sequence) and len(pair) == 2 and isinstance(pair[1], str)):
            raise NotationError(f"auction: call {number}: expected a seat and a call, got {quoted(pair)}")
        pairs.append((coerce_seat(pair[0], f"auction: call {number}"), rules.parse_call(pair[1])))
    return tuple(pairs)


def knowledge_of(
    deal: Deal | str | None = None,
    *,
    seat: SeatLike,
    hand: str | CardSet | None = None,
    extra: CardLike | None = None,
    known: Mapping[str, str] | None = None,
    dealer: SeatLike | None = None,
    variant: Variant | VariantName | None = None,
    sees_widow: bool = True,
    what: str = "simulate",
) -> Knowledge:
    """What a simulating seat knows, checked: the seat's cards from ``deal`` (its other
    hands are not used), or ``hand`` and ``extra`` (the widow, or the upcard) with the
    ``dealer`` and the ``variant``; ``known``: cards known to be in other hands, by seat
    (``{"E": "AH KD"}``). ``sees_widow``: False for a seat that does not see the widow (it is
    then dealt at random too); an upcard is seen by every seat.

    >>> len(knowledge_of(hand="A.K..AQJ*", extra="KS", seat="N", dealer="W", known={"E": "AH"}).unseen)
    17
    """
    who = coerce_seat(seat, "seat")
    if deal is not None:
        if hand is not None or extra is not None or dealer is not None or variant is not None:
            raise NotationError(
                f"{what}: give a deal, or the seat's hand and extra card with the dealer and "
                "variant, not both (a Deal carries its dealer and variant)"
            )
        full = coerce_deal(deal)
        mine: tuple[Variant, int, int, int, int | None] = (full.variant, full.dealer, who, full.hands[who], full.extra)
    else:
        target = coerce_variant(variant) or HASENPFEFFER
        hidden = target.seen_extra(sees_widow) is None
        if hand is None or dealer is None or (extra is None and not hidden):
            raise NotationError(
                f"{what}: without a deal, give the seat's hand, the dealer"
                + ("" if hidden else f" and the {target.extra_card} (extra)")
            )
        if extra is not None and hidden:
            raise NotationError(f"{what}: the {target.extra_card} is not seen from this seat; leave it out")
        mine = (
            target,
            coerce_seat(dealer, "dealer"),
            who,
            coerce_hand(hand, "hand"),
            None if extra is None else coerce_card(extra, target.extra_card),
        )
    if mine[0].seen_extra(sees_widow) is None:
        mine = (*mine[:4], None)
    if known is not None and not isinstance(known, Mapping):
        raise NotationError(f"known: expected cards by seat, like {{'E': 'AH KD'}}, got {quoted(known)}")
    others = [0, 0, 0, 0]
    given: dict[int, str] = {}
    for name, cards in (known or {}).items():
        holder = coerce_seat(name, "known")
        if holder in given:  # "e" and "E": one would be dropped
            raise NotationError(
                f"known: {given[holder]!r} and {name!r} are one seat, {SEATS[holder]}: list its cards once"
            )
        given[holder] = str(name)
        others[holder] = coerce_hand(cards, f"known: {name}")
    from .analysis.knowledge import Knowledge

    return Knowledge(*mine, known=tuple(others))


def simulation_settings(
    deal: Deal | str | None, knowledge: Knowledge, settings: SettingsLike, what: str = "simulate"
) -> Settings:
    """The table settings of a simulation, checked: the deal's own, or those given with a hand."""
    if deal is None:
        return settings_for(knowledge.variant, settings)
    if settings is not None:
        raise NotationError(f"{what}: the deal carries its settings; give them to the Deal")
    return coerce_deal(deal).settings
