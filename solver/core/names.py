"""Seats, suits and cards as the library hands them out: ints that print as their names.

Inside, the solver works on small ints (a seat 0-3, a suit 0-3, a card ``suit * 8 + rank``).
Results give them back as ``Seat``, ``Suit`` and ``Card``: still those ints, so any index
or mask works as before, but they print as ``N``, ``S``, ``KH``. Like an ``IntEnum`` they
equal their int and hash as it, and are never equal to a string (equal to ``"KH"`` they
would have to hash as it, and could not equal 14 too) nor to a value of another kind
(``Seat("N") != Suit("S")``); ``Card("KH") == Card("kh")`` and ``Card("KH").name == "KH"``
compare by name. The mappings of a result (``ByName``) and a ``CardSet`` take names:
``table.tricks["C"]["KH"]``, ``"KH" in hand``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Set
from typing import Any, ClassVar, Literal, TypeVar, overload

from .cards import (
    JOKER,
    NUM_CARDS,
    RANKS,
    SUITS,
    CardId,
    Mask,
    card_name,
    cards_of,
    parse_card,
    parse_hand,
    parse_suit,
    rank_of,
    suit_of,
    trump_cards,
)
from .errors import NotationError, quoted
from .seats import NUM_SEATS, SEATS, left_of, parse_seat, partner_of

Named = TypeVar("Named", bound="NamedInt")

# the names the API's signatures take, for type checkers (tests/test_public_api.py checks
# them against SEATS and SUITS); at run time the parsers take more (lower case, symbols)
SeatName = Literal["N", "E", "S", "W"]
SuitName = Literal["S", "H", "D", "C"]


class _EveryValue(type):
    """The kinds iterate over their values, as an ``Enum`` does: ``list(Seat)``."""

    def __iter__(cls: type[Named]) -> Iterator[Named]:  # type: ignore[misc]
        return iter(cls.instances)

    def __len__(cls) -> int:
        return len(cls.instances)  # type: ignore[attr-defined]


class NamedInt(int, metaclass=_EveryValue):
    """An int with a printed name, equal to the int and to values of its own kind only."""

    __slots__ = ()
    kind: ClassVar[str] = "value"
    count: ClassVar[int] = 0
    # every value made once: answers make thousands, and a lookup is the cheapest way
    instances: ClassVar[tuple[Any, ...]] = ()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.instances = tuple(int.__new__(cls, value) for value in range(cls.count))

    def __new__(cls: type[Named], value: int | str) -> Named:
        if type(value) is int and 0 <= value < cls.count:  # the common case first
            return cls.instances[value]  # type: ignore[no-any-return]
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            return cls.instances[cls.parse(value)]  # type: ignore[no-any-return]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < cls.count:
            return cls.instances[value]  # type: ignore[no-any-return]
        raise NotationError(f"{cls.kind}: not a {cls.kind}: {quoted(value)}")

    @classmethod
    def parse(cls, text: str) -> int:
        raise NotImplementedError

    @property
    def name(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def __eq__(self, other: object) -> bool:
        kind = type(other)
        if kind is int or kind is type(self):  # the common cases first: answers compare by the thousand
            return int.__eq__(self, other)
        if isinstance(other, (str, NamedInt)):
            return False
        return int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = int.__hash__


class Seat(NamedInt):
    """``Seat("N")`` or ``Seat(0)``: prints as ``N``. ``list(Seat)`` is the four, clockwise
    from North.

    >>> east = Seat("e")
    >>> print(east), east == Seat("E"), east == 1, east.name == "E", east
    E
    (None, True, True, True, Seat('E'))
    >>> east.partner, east.left, [str(seat) for seat in Seat]
    (Seat('W'), Seat('S'), ['N', 'E', 'S', 'W'])
    """

    __slots__ = ()
    kind = "seat"
    count = NUM_SEATS

    @classmethod
    def parse(cls, text: str) -> int:
        return parse_seat(text)

    @property
    def name(self) -> str:
        return SEATS[self]

    @property
    def partner(self) -> Seat:
        """The seat across the table (N and S, E and W)."""
        return Seat.instances[partner_of(self)]  # type: ignore[no-any-return]

    @property
    def left(self) -> Seat:
        """The next seat clockwise, on this seat's left: who deals, bids and leads after it
        where every seat plays (a game that leaves seats out skips them)."""
        return Seat.instances[left_of(self)]  # type: ignore[no-any-return]


class Suit(NamedInt):
    """``Suit("C")``, ``Suit("♣")`` or ``Suit(3)``: prints as ``C``.

    >>> Suit("♣") == Suit("C"), str(Suit(0)), Suit("S") == Seat("N")
    (True, 'S', False)
    """

    __slots__ = ()
    kind = "suit"
    count = len(SUITS)

    @classmethod
    def parse(cls, text: str) -> int:
        suit = parse_suit(text.strip())
        if suit < 0:
            raise NotationError(f"suit: not a suit: {quoted(text)} (expected one of S, H, D, C)")
        return suit

    @property
    def name(self) -> str:
        return SUITS[self]


class Card(NamedInt):
    """``Card("KH")``, ``Card("10h")`` or ``Card("*")``: prints as ``KH`` (the Joker: ``JK``).

    >>> Card("10h"), Card("*").name, sorted({Card("AS"): 1, Card("9S"): 2})
    (Card('TH'), 'JK', [Card('9S'), Card('AS')])

    Its printed suit and rank (the Joker has neither); ``|`` with cards makes a ``CardSet``:

    >>> Card("JD").suit, Card("JD").rank, Card("JK").suit, Card("9D") | Card("AS")
    (Suit('D'), 'J', None, CardSet('AS 9D'))
    """

    __slots__ = ()
    kind = "card"
    count = NUM_CARDS

    @classmethod
    def parse(cls, text: str) -> int:
        return parse_card(text)

    @property
    def name(self) -> str:
        return card_name(self)

    @property
    def suit(self) -> Suit | None:
        """The printed suit (the left bower's is its own, not trump's: ``CardSet.trumps``
        counts it as a trump); None for the Joker."""
        return None if self == JOKER else Suit.instances[suit_of(self)]

    @property
    def rank(self) -> str | None:
        """``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"`` or ``"A"`` (``"7"``, ``"8"`` in the
        32-card deck); None for the Joker."""
        return None if self == JOKER else RANKS[rank_of(self)]

    @overload
    def __or__(self, other: CardSet | Card) -> CardSet: ...

    @overload
    def __or__(self, other: int) -> int: ...

    def __or__(self, other: object) -> int:
        """With cards (a ``Card``, a ``CardSet``): the set of them; with a plain int, the
        int's ``|``."""
        if isinstance(other, (Card, CardSet)):
            return card_set_of(1 << self | _mask_of(other))
        if isinstance(other, int):
            return int(self) | other
        return NotImplemented

    __ror__ = __or__


SeatLike = Seat | SeatName  # a seat as the API takes it
SuitLike = Suit | SuitName  # a suit (a trump) as the API takes it
CardLike = Card | str  # a card as the API takes it: a Card, or its name ("KH", "10h", "JK")

K = TypeVar("K", bound=NamedInt)
V = TypeVar("V")


class ByName(dict[K, V]):
    """A dict keyed by ``Seat``, ``Suit`` or ``Card`` that also takes the name or the int.

    >>> tricks = ByName(Seat, {0: 6, 1: 2})
    >>> tricks["N"], tricks[1], "W" in tricks, tricks
    (6, 2, False, {Seat('N'): 6, Seat('E'): 2})
    """

    def __init__(self, key: type[K], items: Mapping[Any, V] | Iterable[tuple[Any, V]] = ()) -> None:
        self.key = key
        pairs = items.items() if isinstance(items, Mapping) else items
        super().__init__((key(k), v) for k, v in pairs)

    @classmethod
    def of(cls, key: type[K], items: dict[K, V]) -> ByName[K, V]:
        """From a dict whose keys are ``key``s already: nothing converted (every table
        makes several, and a batch thousands of tables)."""
        mapping: ByName[K, V] = cls.__new__(cls)
        dict.__init__(mapping, items)
        mapping.key = key
        return mapping

    def _key(self, key: object) -> object:
        if isinstance(key, str):
            return self.key(key)
        return key

    def __getitem__(self, key: object) -> V:
        return super().__getitem__(self._key(key))  # type: ignore[index]

    def __contains__(self, key: object) -> bool:
        try:
            return super().__contains__(self._key(key))
        except NotationError:
            return False

    def get(self, key: object, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __reduce__(self) -> Any:
        return (type(self), (self.key, dict(self)))


class CardSet(int):
    """A set of cards: the solver's mask of them (an int, so that every mask operation works
    on it), iterated in canonical order and printed as a card list. It is made from card
    names (``"AS JS KH"``, commas allowed), the dotted hand form (``"AJ.K..*"``), cards, or a
    mask.

    >>> hand = CardSet("JC AS kh *")
    >>> hand, len(hand), "KH" in hand, list(hand)[0]
    (CardSet('AS KH JC JK'), 4, True, Card('AS'))
    >>> CardSet("AJT.A9..K") == CardSet("AS JS TS AH 9H KC")
    True

    ``|``, ``&``, ``^`` and ``-`` are the set operations and give a ``CardSet``; the other
    side may be a ``CardSet``, a ``Card`` (that one card), card names or a mask. ``~`` is
    every other card of the family's 33.

    >>> CardSet("AS KH") - CardSet("KH QC"), CardSet("AS") | Card("KH"), hand & "KH 9D"
    (CardSet('AS'), CardSet('AS KH'), CardSet('KH'))

    It is a ``collections.abc.Set``: ``<=`` and ``<`` are subset, ``>=`` and ``>`` superset,
    between sets of cards (a plain int still compares as an int). It is built from any
    iterable of cards or names too, and counts a hand's trumps with the bowers and the
    Joker among them:

    >>> CardSet(["AS", "KH"]) <= hand, CardSet("AS 9D") < hand, hand.isdisjoint("9D")
    (True, False, True)
    >>> CardSet("JC JS AS KH *").trumps("S"), len(CardSet("JH JD 9H").trumps("H"))
    (CardSet('AS JS JC JK'), 3)
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[CardId | str] | Mask | str = 0) -> CardSet:
        if isinstance(cards, str):
            mask = parse_hand(cards.strip(), "cards") if "." in cards else _named_cards(cards, "cards")
        elif isinstance(cards, int):
            mask = cards
            if not 0 <= mask < ALL_CARDS:
                raise ValueError(f"cards: {mask!r} is no mask of cards (0 to 2**{NUM_CARDS} - 1)")
        else:
            try:
                mask = 0
                for card in cards:
                    mask |= 1 << (parse_card(card, "cards") if isinstance(card, str) else Card(card))
            except TypeError:
                raise NotationError(f"cards: expected card names, cards or a mask, got {quoted(cards)}") from None
        return super().__new__(cls, mask)

    @property
    def mask(self) -> Mask:
        """The plain int."""
        return int(self)

    def __iter__(self) -> Iterator[Card]:
        return iter([Card(c) for c in cards_of(self)])

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        """A card by name (``"KH" in hand``) or as an int; a string that is no card is an error."""
        if isinstance(card, str):
            card = parse_card(card)
        return isinstance(card, int) and 0 <= card < NUM_CARDS and bool(self >> card & 1)

    def __str__(self) -> str:
        return " ".join(card_name(c) for c in cards_of(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def __or__(self, other: CardSetLike) -> CardSet:
        return card_set_of(int(self) | _mask_of(other))

    def __and__(self, other: CardSetLike) -> CardSet:
        return card_set_of(int(self) & _mask_of(other))

    def __xor__(self, other: CardSetLike) -> CardSet:
        return card_set_of(int(self) ^ _mask_of(other))

    def __sub__(self, other: CardSetLike) -> CardSet:
        return card_set_of(int(self) & ~_mask_of(other))

    def __rsub__(self, other: CardSetLike) -> CardSet:
        return card_set_of(_mask_of(other) & ~int(self))

    def __invert__(self) -> CardSet:
        return card_set_of(ALL_CARDS - 1 - int(self))

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    # subset and superset, as a set's: only with other sets of cards (a plain int is a mask, and
    # compares as an int, as masks always have)
    def __le__(self, other: object) -> bool:
        mask = _set_mask(other)
        return int.__le__(self, other) if mask is None else not int(self) & ~mask  # type: ignore[operator]

    def __lt__(self, other: object) -> bool:
        mask = _set_mask(other)
        return int.__lt__(self, other) if mask is None else int(self) != mask and not int(self) & ~mask  # type: ignore[operator]

    def __ge__(self, other: object) -> bool:
        mask = _set_mask(other)
        return int.__ge__(self, other) if mask is None else not mask & ~int(self)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        mask = _set_mask(other)
        return int.__gt__(self, other) if mask is None else int(self) != mask and not mask & ~int(self)  # type: ignore[operator]

    def isdisjoint(self, other: CardSetLike | Iterable[CardLike]) -> bool:
        """No card in common."""
        return not int(self) & _mask_of(other if isinstance(other, (int, str)) else CardSet(other))

    def trumps(self, trump: SuitLike | int) -> CardSet:
        """The cards that are trumps when ``trump`` is: its suit's, the left bower (the jack of
        the same colour) and the Joker."""
        return card_set_of(int(self) & trump_cards(Suit(trump)))

    @classmethod
    def from_names(cls, text: str, where: str = "cards") -> CardSet:
        """Cards separated by spaces or commas: ``AS,JS KH``; ``where`` names the field in an error."""
        return cls(_named_cards(text, where))


ALL_CARDS = 1 << NUM_CARDS  # the first int above every mask of cards
CardSetLike = CardSet | Card | Mask | str  # the other side of a set operation
Set.register(CardSet)


def _set_mask(other: object) -> Mask | None:
    """The mask of a set of cards compared with a CardSet (another CardSet, a set of cards or
    names); None for anything else."""
    if isinstance(other, CardSet):
        return int(other)
    if isinstance(other, (set, frozenset)):
        return int(CardSet(other))
    return None


def _mask_of(other: CardSetLike) -> Mask:
    kind = type(other)
    if kind is CardSet:
        return int(other)
    if kind is int:  # a mask; a plain complement (``~deck``) is its cards of the 33
        if other >> NUM_CARDS > 0:  # type: ignore[operator]
            raise ValueError(f"cards: {other!r} is no mask of cards (0 to 2**{NUM_CARDS} - 1)")
        return other & ALL_CARDS - 1  # type: ignore[operator]
    if isinstance(other, Card):
        return 1 << other
    return int(CardSet(other))


def card_set_of(mask: Mask) -> CardSet:
    """The CardSet of a mask known to be of the 33 cards (unchecked: the caller knows)."""
    return int.__new__(CardSet, mask)


def _named_cards(text: str, where: str) -> Mask:
    """The mask of a list of card names, each once."""
    mask = 0
    for token in text.replace(",", " ").split():
        card = parse_card(token, where)
        if mask >> card & 1:
            raise NotationError(f"{where}: {card_name(card)} is listed twice: {quoted(text)}")
        mask |= 1 << card
    return mask
