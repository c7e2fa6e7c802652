"""What a seat knows when it decides, single dummy: its cards and the cards it has seen
(``Knowledge``, everything else dealt at random), and where the auction stands and how the
other players are taken (``Context``).

Kept apart from the layouts' and the advice's work, which need numpy: a request is read and
checked here, so that a bad one is refused before numpy is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import CardId, Mask, card_name, cards_of
from ..core.deal import Deal, deck_hint, hand_hint
from ..core.errors import InvalidDealError, NotationError
from ..core.names import CardSet
from ..core.seats import SEATS
from ..core.variants import Variant
from ..rules.auction import Call
from ..search import deal_layouts


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows; everything else is dealt at random."""

    variant: Variant
    dealer: int
    seat: int
    hand: Mask  # the seat's own cards
    # the widow (the Hasenpfeffer declarer takes it) or the upcard (seen by all); None: unseen
    # too (the widow, to anyone but the declarer), dealt at random after the hands
    extra: CardId | None
    known: tuple[Mask, ...] = (0, 0, 0, 0)  # cards known to be in each seat's hand

    def __post_init__(self) -> None:
        # plain masks (a CardSet's operators run in Python, and every layout dealt uses them)
        object.__setattr__(self, "hand", int(self.hand))
        object.__setattr__(self, "known", tuple(int(cards) for cards in self.known))
        v = self.variant
        if self.seat not in v.seats:
            raise NotationError(
                f"seat: {v.name} deals to {', '.join(SEATS[s] for s in v.seats)}, not {SEATS[self.seat]}"
            )
        if self.hand.bit_count() != v.hand_size or self.hand & ~v.deck:
            outside = cards_of(self.hand & ~v.deck)
            hint = (
                hand_hint(self.hand.bit_count(), v)
                if self.hand.bit_count() != v.hand_size
                else deck_hint(outside[0], v)
            )
            raise InvalidDealError(
                f"hand: {SEATS[self.seat]} holds {v.hand_size} cards of the {v.label} deck, "
                f"not {CardSet(self.hand)}{hint}"
            )
        seen = self.seen_by_seat
        if self.extra is not None and (not v.deck >> self.extra & 1 or self.hand >> self.extra & 1):
            raise InvalidDealError(f"{v.extra_card}: {card_name(self.extra)} is not a free card of the {v.label} deck")
        if self.extra is None and v.seen_extra() is not None:
            raise NotationError(f"{v.extra_card}: every seat sees the {v.extra_card} in {v.name}: give it")
        for other, cards in enumerate(self.known):
            if not cards:
                continue
            if other == self.seat or other not in v.seats:
                raise NotationError(f"known: {SEATS[other]} is not another seat that holds a hand")
            if cards & seen or cards & ~v.deck:
                raise InvalidDealError(f"known: {CardSet(cards & (seen | ~v.deck))} cannot be in {SEATS[other]}'s hand")
            if cards.bit_count() > v.hand_size:
                raise InvalidDealError(f"known: {SEATS[other]} holds {v.hand_size} cards, not {cards.bit_count()}")
            seen |= cards

    @property
    def seen_by_seat(self) -> Mask:
        """The seat's own cards and the extra card, when it sees that."""
        return self.hand | (0 if self.extra is None else 1 << self.extra)

    @property
    def unseen(self) -> list[CardId]:
        """The cards dealt at random, in a fixed order."""
        seen = self.seen_by_seat
        for cards in self.known:
            seen |= cards
        return cards_of(self.variant.deck & ~seen)

    def dealt(self, seed: int | str, index: int, unseen: list[CardId] | None = None) -> tuple[tuple[Mask, ...], CardId]:
        """Layout ``index``: each other hand filled up from the unseen cards (shuffled by the
        layout's own generator, ``random.Random(f"{seed}/{index}")``, then given out in the
        order of the variant's seats), and the extra card, the next unseen one when the seat
        does not see it. ``unseen``: the ``unseen`` list, when the caller has it already."""
        return self.dealt_many(seed, (index,), unseen)[0]

    def dealt_many(
        self, seed: int | str, indexes: Sequence[int], unseen: list[CardId] | None = None
    ) -> list[tuple[tuple[Mask, ...], CardId]]:
        """``dealt(seed, i)`` of each index, drawn in one call to the search core."""
        v = self.variant
        hands = list(self.known)
        hands[self.seat] = self.hand
        seats = v.seats
        counts = [v.hand_size - hands[seat].bit_count() for seat in seats]
        places = [hands[seat] for seat in seats]
        if self.extra is None:  # the next unseen card, a place of its own
            counts.append(1)
            places.append(0)
        row = (counts, 1, -1)
        drawn = deal_layouts(
            [f"{seed}/{i}" for i in indexes],
            places,
            [self.unseen if unseen is None else unseen],
            [(1, [row])],
            draw=False,
        )
        out = []
        for held in drawn:
            for seat, cards in zip(seats, held):
                hands[seat] = cards
            extra = self.extra if self.extra is not None else held[-1].bit_length() - 1
            out.append((tuple(hands), extra))
        return out

    def layout(self, seed: int | str, index: int) -> Deal:
        """Layout ``index`` as a deal (see ``dealt``)."""
        hands, extra = self.dealt(seed, index)
        return Deal.from_masks(hands, extra, self.dealer, self.variant)

    def describe(self) -> dict[str, Any]:
        data = {"seat": SEATS[self.seat], "hand": str(CardSet(self.hand))}
        if self.extra is not None:
            data[self.variant.extra_card] = card_name(self.extra)
        return data | {"known": {SEATS[s]: str(CardSet(m)) for s, m in enumerate(self.known) if m}}


@dataclass(frozen=True)
class Context:
    """Where a seat's advice stands: the auction so far, and how the other players are
    taken. ``model``: the others call by the model of the other players, every call is
    valued by the auction it leads to, and the layouts agree with the calls so far (unless
    ``uniform``); without it, each bid is judged as if it won the auction, passing is worth
    0, and every layout is equally likely."""

    auction: tuple[tuple[int, Call], ...] = ()
    model: bool = True
    uniform: bool = False
    passes_taken: bool = False  # no auction was given: the seats before this one are taken to have passed
    score: tuple[int, ...] | None = None  # the score before the hand (each of ``Variant.score_names``)


DEFAULT_CONTEXT = Context()  # no calls given, the model of the other players on
