"""The games of the family as data: each variant's deck, hands, seats and extra card.

A variant is the shape of a game: what the deal notation reads and what the rules play
with. Its ``family`` names the game (``hasen.games``) whose tables, scoring and auction
it uses; one family may have several variants (decks).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .cards import JOKER, RANKS, RANKS_PER_SUIT, SUITS, Mask, make_card, mask_of
from .errors import NotationError, quoted
from .seats import NUM_SEATS, SEATS, side_of

EXTRA_CARDS = ("widow", "upcard")  # the card dealt to no hand: face down, or turned up


class Variant(NamedTuple):  # not a dataclass: see tests/cli/test_cli_imports.py
    """One game of the family: everything the parser, the rules and the analyses vary by.

    >>> euchre2 = variant_for("euchre2", 32)
    >>> euchre2.label, euchre2.hand_size, euchre2.side_names
    ('euchre2 (32 cards)', 5, ('N', 'S'))
    """

    name: str
    deck: Mask
    hand_size: int
    seats: tuple[int, ...]  # the seats that are dealt a hand, clockwise
    extra_card: str  # "widow" (Hasenpfeffer) or "upcard" (Euchre): one of EXTRA_CARDS
    extra_optional: bool  # may the deal string leave the extra card out?
    # who takes the extra card and discards: the declarer (the widow, always), or else the
    # dealer (the upcard, only when its suit becomes trump)
    declarer_exchanges: bool = True
    partners: bool = True  # N-S against E-W; False: each dealt seat plays for itself
    family: str = "hasenpfeffer"  # the game whose tables, scoring and auction apply (hasen.games)
    # Railroad Euchre: a lone player (and a lone defender) may call for the partner's best
    # card (the setting call_for_best), and a lone defender who euchres a lone maker scores more
    calls_for_best: bool = False

    @property
    def deck_size(self) -> int:
        return self.deck.bit_count()

    def seen_extra(self, sees_widow: bool = False) -> str | None:
        """The extra card a seat knows as it decides, by its name: the upcard, face up for
        all; the widow only once the declarer has taken it (``sees_widow``); None where it
        knows none (a bid or the lead in Hasenpfeffer). The extra card a deal may leave out
        (``extra_optional``) is the one nobody sees before it is taken."""
        return None if self.extra_optional and not sees_widow else self.extra_card

    @property
    def exchanger(self) -> str:
        """Who takes the extra card and discards, by role: ``declarer`` (the widow, always)
        or ``dealer`` (the upcard, when its suit becomes trump)."""
        return "declarer" if self.declarer_exchanges else "dealer"

    @property
    def forms(self) -> tuple[bool, ...]:
        """The forms a hand is played in: with the partner (False), and alone (True) where
        the game has partners."""
        return (False, True) if self.partners else (False,)

    @property
    def other_extra_card(self) -> str:
        """The name of the extra card the game does not have, for the message that refuses it."""
        return next(name for name in EXTRA_CARDS if name != self.extra_card)

    @property
    def has_deck_choice(self) -> bool:
        """Is the variant played with more than one deck (so that answers name the deck)?"""
        return len(VARIANTS[self.name]) > 1

    @property
    def label(self) -> str:
        """The name with the deck, for messages: ``euchre2 (32 cards)``."""
        return f"{self.name} ({self.deck_size} cards)"

    @property
    def key(self) -> str:
        """The variant's name and deck, ``euchre/24``: the key of its shipped data tables."""
        return f"{self.name}/{self.deck_size}"

    @property
    def title(self) -> str:
        """The name, with the deck where the game has several: ``hasenpfeffer``,
        ``euchre2 (32 cards)``."""
        return self.label if self.has_deck_choice else self.name

    def identity(self) -> dict[str, str | int]:
        """The fields that name the variant in an answer, a hand record or a deal line:
        ``variant``, and ``deck`` where the game has several (a game of one deck,
        Hasenpfeffer, keeps the shape it always had)."""
        fields: dict[str, str | int] = {"variant": self.name}
        if self.has_deck_choice:
            fields["deck"] = self.deck_size
        return fields

    @property
    def cutthroat(self) -> bool:
        """Three players each for themselves: the maker plays against the other two, who
        defend together for the hand, so the sides change with the maker."""
        return len(self.seats) == CUTTHROAT_PLAYERS

    def side_of(self, seat: int, declarer: int | None = None) -> int:
        """The seat's side: 0 for N-S, 1 for E-W; with two players, the order of dealing;
        with three, 0 for the maker (``declarer``, which it needs) and 1 for the others."""
        if self.cutthroat:
            return self.search_seat(seat, declarer) % 2
        return side_of(seat) if self.partners else self.seats.index(seat)

    def search_seat(self, seat: int, declarer: int | None = None) -> int:
        """Where the seat sits for the search: the seat itself with partners; without, the
        two players take N and E; three players take N, E and W clockwise from the maker, as
        a lone hand with an empty S. So the declaring side's search seats are always one
        side of partners (``side_seats`` of its ``side_of``), the mask the search takes."""
        if self.cutthroat:
            assert declarer is not None, "three players' sides are the maker's and the others'"
            return CUTTHROAT_SEARCH_SEATS[(self.seats.index(seat) - self.seats.index(declarer)) % CUTTHROAT_PLAYERS]
        return seat if self.partners else self.seats.index(seat)

    def scorer_of(self, seat: int) -> int:
        """Which of ``score_names`` the seat's points count for: its side's; with three
        players each for themselves, its own."""
        return self.seats.index(seat) if self.cutthroat else self.side_of(seat)

    def declares_with(self, seat: int, declarer: int) -> bool:
        """Is ``seat`` on the declaring side of ``declarer``'s hand: its partner or itself;
        with three players each for themselves, the maker only."""
        if self.cutthroat:
            return seat == declarer
        return self.side_of(seat) == self.side_of(declarer)

    @property
    def side_names(self) -> tuple[str, str]:
        """How each side is named: the partnerships, the two players, or the maker and the
        two who defend against it."""
        if self.partners:
            return "N-S", "E-W"
        if self.cutthroat:
            return "the maker", "the defenders"
        first, second = self.seats
        return SEATS[first], SEATS[second]

    def against(self, seat: int) -> str:
        """Who plays against the seat, by name: the other side (E-W, or the other player);
        with three players each for themselves, the other two together (E and S)."""
        if self.cutthroat:
            return " and ".join(SEATS[s] for s in self.seats if s != seat)
        return self.side_names[1 - self.side_of(seat)]

    @property
    def never_alone(self) -> str:
        """Why nobody goes alone in a game without partners, for messages."""
        if self.cutthroat:
            return f"in {self.name} the maker always plays alone against the other two: there is no call to go alone"
        return f"{self.name} has no partners, so nobody plays alone"

    @property
    def score_names(self) -> tuple[str, ...]:
        """Who keeps a score in the game: the two sides (N-S and E-W, or the two players), or
        with three players each for themselves, each player (N, E, S)."""
        return tuple(SEATS[s] for s in self.seats) if self.cutthroat else self.side_names

    def sides_of(self, declarer: int) -> tuple[str, str]:
        """How the declaring side and the defenders are named in this declarer's play: as
        ``side_names``, but with three players the maker's seat and the other two's."""
        if not self.cutthroat:
            return self.side_names
        others = [SEATS[s] for s in self.seats if s != declarer]
        return SEATS[declarer], " and ".join(others)


CUTTHROAT_PLAYERS = 3
# the search seats of three players, clockwise from the maker: a lone hand whose partner's
# seat (S) is empty, so that the two others sit as the defending partners
CUTTHROAT_SEARCH_SEATS = (0, 1, 3)


def standard_deck(low_rank: str = "9", joker: bool = False) -> Mask:
    low = RANKS.index(low_rank)
    cards = [make_card(s, r) for s in range(len(SUITS)) for r in range(low, RANKS_PER_SUIT)]
    return mask_of(cards) | ((1 << JOKER) if joker else 0)


# the decks of the family by size: 9 to A, the same with the Joker, 7 to A, the same with the Joker
DECKS = {
    24: standard_deck("9"),
    25: standard_deck("9", joker=True),
    32: standard_deck("7"),
    33: standard_deck("7", joker=True),
}

# the variants' names and decks as the API's signatures take them, for type checkers
# (tests/test_public_api.py checks them against VARIANTS)
VariantName = Literal["hasenpfeffer", "euchre", "euchre2", "euchre3", "railroad"]
DeckSize = Literal[24, 25, 32, 33]

HASENPFEFFER = Variant(
    name="hasenpfeffer",
    deck=DECKS[25],
    hand_size=6,
    seats=(0, 1, 2, 3),
    extra_card="widow",
    extra_optional=True,
)


def _euchre(name: str, deck_size: int, seats: tuple[int, ...], calls_for_best: bool = False) -> Variant:
    return Variant(
        name=name,
        deck=DECKS[deck_size],
        hand_size=5,
        seats=seats,
        extra_card="upcard",
        extra_optional=False,
        declarer_exchanges=False,
        partners=len(seats) == NUM_SEATS,
        family="euchre",
        calls_for_best=calls_for_best,
    )


# every variant by name and deck size; the first deck listed is the default
VARIANTS: dict[str, dict[int, Variant]] = {
    "hasenpfeffer": {25: HASENPFEFFER},
    "euchre2": {size: _euchre("euchre2", size, (0, 2)) for size in (24, 32, 25)},
    # three-handed (cutthroat): the maker alone against the other two (docs/rules.md)
    "euchre3": {size: _euchre("euchre3", size, (0, 1, 2)) for size in (24, 32)},
    "euchre": {size: _euchre("euchre", size, (0, 1, 2, 3)) for size in (24, 25)},
    # four-hand Euchre with the Joker, calling for best and lone defence (docs/rules.md)
    "railroad": {size: _euchre("railroad", size, (0, 1, 2, 3), calls_for_best=True) for size in (25, 33)},
}
# each game by the name players know it by
GAME_TITLES = {
    "hasenpfeffer": "Hasenpfeffer",
    "euchre2": "Two-handed Euchre",
    "euchre3": "Three-Handed Euchre",
    "euchre": "Euchre",
    "railroad": "Railroad Euchre",
}
ALL_VARIANTS = tuple(v for decks in VARIANTS.values() for v in decks.values())  # every game and deck
# the families in order, each a folder of hasen.games of its name (its rules, its Game)
FAMILIES = tuple(dict.fromkeys(v.family for v in ALL_VARIANTS))
DEFAULT_VARIANT = HASENPFEFFER.name


def variant_for(name: str | None = None, deck: int | float | str | None = None) -> Variant:
    """The variant called ``name`` (default Hasenpfeffer) with ``deck`` cards (default: its
    first deck); an unknown name or a deck the variant does not offer is an error.

    >>> variant_for("euchre").deck_size, variant_for("euchre", "25").deck_size
    (24, 25)
    """
    name = DEFAULT_VARIANT if name is None else name
    if not isinstance(name, str) or not name.isascii() or name.strip().lower() not in VARIANTS:
        raise NotationError(f"variant: unknown variant {quoted(name)} (expected one of {', '.join(VARIANTS)})")
    decks = VARIANTS[name.strip().lower()]
    if deck is None:
        return next(iter(decks.values()))
    size: int | None = None
    if isinstance(deck, int) and not isinstance(deck, bool):
        size = deck
    elif isinstance(deck, float) and deck.is_integer():  # JSON's 24.0 is the number 24
        size = int(deck)
    elif isinstance(deck, str) and deck.strip().isascii() and deck.strip().isdigit() and len(deck.strip()) <= 3:
        size = int(deck.strip())  # longer digit strings are no deck (and int() refuses >4300 digits)
    if size not in decks:
        sizes = [str(d) for d in decks]
        offered = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
        raise NotationError(f"deck: {name.strip().lower()} is played with {offered} cards, not {quoted(deck)}")
    return decks[size]
