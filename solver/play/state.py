"""A contract and the play of its cards, in real cards, with its double-dummy value."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, NamedTuple

from ..core.cards import JOKER, SUIT_NAMES, SUITS, CardId, Mask, card_name, parse_card
from ..core.deal import Deal
from ..core.errors import IllegalPlayError, NotationError, quoted
from ..core.names import Card, CardSet, Seat, Suit
from ..core.seats import NUM_SEATS, SEATS, side_of, side_seats
from ..core.settings import DEFAULT_SETTINGS, Settings, joker_suit
from ..core.variants import Variant, VariantName, variant_for
from ..rules.seating import best_callers, exchanger, first_leader, playing_seats
from ..rules.trump import effective_suit, legal_plays, trick_winner
from ..search import Searcher, thread_searcher
from ..search.layout import layout, to_layout


class BestCard(NamedTuple):
    """A call for the partner's best card (Railroad): the card the partner passes, and the
    one the caller then puts away (it may be the card passed).

    >>> BestCard(Card("JK"), Card("9C")).text()
    'JK for 9C'
    """

    passed: CardId
    discard: CardId

    def text(self) -> str:
        return f"{card_name(self.passed)} for {card_name(self.discard)}"


class ContractValues(NamedTuple):
    """A contract's fields as given; ``Contract`` keeps them as ``Seat``, ``Suit`` and ``Card``."""

    declarer: int
    trump: int
    discard: CardId
    alone: bool = False
    lone_defender: int | None = None
    best: BestCard | None = None  # the lone declarer's call for best (a pair of cards is read as one)
    defender_best: BestCard | None = None  # the lone defender's


class Contract(ContractValues):  # not a dataclass: see tests/cli/test_cli_imports.py
    """Who declares (makes trump), in which trump, the card put away by whoever took the
    widow or upcard (the upcard itself when nobody took it), whether the declarer plays
    alone, the defender who plays alone against a lone declarer, if any, and in Railroad
    each lone player's call for the partner's best card (``BestCard``). Its seats, suit
    and cards are kept as ``Seat``, ``Suit`` and ``Card``.

    >>> Contract(0, 3, Card("KH"))
    Contract(declarer=Seat('N'), trump=Suit('C'), discard=Card('KH'), alone=False, lone_defender=None, \
best=None, defender_best=None)
    """

    __slots__ = ()

    if not TYPE_CHECKING:  # type checkers see ContractValues' own signature and fields

        def __new__(cls, *args, **values):
            given = ContractValues(*args, **values)
            return super().__new__(
                cls,
                Seat(given.declarer),
                Suit(given.trump),
                Card(given.discard),
                given.alone,
                None if given.lone_defender is None else Seat(given.lone_defender),
                _best(given.best, "best"),
                _best(given.defender_best, "defender_best"),
            )

        @classmethod
        def _make(cls, values):  # _replace too: the seats, suit and card kept as such
            return cls(*values)

    def side_in(self, variant: Variant | VariantName) -> int:
        """The declaring side in the game ``variant`` (or its name): its place in
        ``variant.side_names`` (N-S 0 and E-W 1; in Two-handed Euchre N 0 and S 1; with three
        players the maker 0)."""
        game = variant_for(variant) if isinstance(variant, str) else variant
        if self.declarer not in game.seats:
            raise NotationError(f"declarer: {SEATS[self.declarer]} does not play {game.label}")
        return game.side_of(self.declarer, self.declarer)

    @property
    def side(self) -> int:
        """Deprecated (wrong in Two-handed and Three-Handed Euchre): ``side_in(variant)``."""
        warnings.warn(
            "Contract.side is deprecated: it is right only where N-S play E-W; use Contract.side_in(variant)",
            DeprecationWarning,
            stacklevel=2,
        )
        return side_of(self.declarer)


def best_json(contract: Contract, variant: Variant) -> dict[str, str | None]:
    """A contract's calls for best as an answer's JSON gives them (``"JK for 9C"``, or null
    where nobody called), in the game whose tables may call for best (its settings have
    ``call_for_best``); none in the others."""
    if "call_for_best" not in DEFAULT_SETTINGS.applicable(variant):
        return {}
    return {
        "best": None if contract.best is None else contract.best.text(),
        "defender_best": None if contract.defender_best is None else contract.defender_best.text(),
    }


def _best(given: tuple[CardId, CardId] | None, where: str) -> BestCard | None:
    if given is None:
        return None
    if not isinstance(given, tuple) or len(given) != 2:
        raise NotationError(f"{where}: expected the card passed and the card put away, got {quoted(given)}")
    return BestCard(Card(given[0]), Card(given[1]))


def declarer_cards(deal: Deal, seat: int) -> Mask:
    """The cards a seat chooses a discard from: its hand and the widow or upcard."""
    return int(deal.hands[seat]) | 1 << deal.extra  # a plain mask: CardSet's operators are Python


def exchanging_seat(
    deal: Deal, trump: int, declarer: int, seats: tuple[int, ...], settings: Settings | None = None
) -> int | None:
    """Who takes the widow or upcard and discards: the Hasenpfeffer declarer; in Euchre the
    dealer, when the upcard's suit is trump and the dealer plays; else nobody. ``settings``:
    the table rules of the play, by default the deal's own."""
    return exchanger(
        deal.variant, deal.dealer, deal.extra, trump, declarer, seats, deal.settings if settings is None else settings
    )


class SearchFrame(NamedTuple):
    """What every position of a declarer's table shares in the search: the seats that play,
    the real hands at their search seats, the search seats that play (a mask), the first
    leader's search seat and the declaring side."""

    seats: tuple[int, ...]
    hands: list[Mask]
    active: int
    leader: int
    side: int

    @property
    def declarers(self) -> int:
        """The declaring side's search seats, as a mask."""
        return side_seats(self.side)


def search_frame(deal: Deal, declarer: int, alone: bool, lone_defender: int | None, settings: Settings) -> SearchFrame:
    """The table's frame without a PlayState (a table needs no play, and is made often)."""
    variant = deal.variant
    seats = playing_seats(variant, declarer, alone, lone_defender)
    hands, active = [0] * NUM_SEATS, 0
    for seat in seats:
        search_seat = variant.search_seat(seat, declarer)
        hands[search_seat] = deal.hands[seat]
        active |= 1 << search_seat
    leader = first_leader(deal.dealer, declarer, seats, alone, settings, lone_defender)
    return SearchFrame(seats, hands, active, variant.search_seat(leader, declarer), variant.side_of(declarer, declarer))


def check_contract(
    deal: Deal, contract: Contract, settings: Settings | None = None
) -> tuple[tuple[int, ...], int | None]:
    """Refuse a contract the deal cannot play; the seats that play it, and the one that takes
    the extra card (None: nobody does)."""
    variant, c = deal.variant, contract
    seats = playing_seats(variant, c.declarer, c.alone, c.lone_defender)
    settings = deal.settings if settings is None else settings
    taker = exchanging_seat(deal, c.trump, c.declarer, seats, settings)
    check_calls(deal, contract, settings, taker)
    if taker is None:
        if c.discard != deal.extra:
            why = nobody_takes(deal, c.trump, seats, settings)
            raise IllegalPlayError(
                f"discard: nobody takes the upcard {card_name(deal.extra)} ({why}), so the discard is "
                f"the upcard itself, not {card_name(c.discard)}"
            )
    elif not declarer_cards(deal, taker) >> c.discard & 1:
        raise IllegalPlayError(
            f"discard: {card_name(c.discard)} is neither in {SEATS[taker]}'s hand "
            f"nor the {variant.extra_card}: {CardSet(declarer_cards(deal, taker))}"
        )
    return seats, taker


def nobody_takes(deal: Deal, trump: int, seats: tuple[int, ...], settings: Settings) -> str:
    """Why nobody takes the upcard when ``trump`` is made, in words."""
    if deal.dealer not in seats:
        return f"the dealer {SEATS[deal.dealer]} sits out"
    suit = joker_suit(settings)
    if deal.extra == JOKER and suit is not None:
        return (
            f"under joker_upcard: {SUIT_NAMES[suit]} the turned Joker counts as a {SUIT_NAMES[suit][:-1]}, "
            f"and {SUIT_NAMES[trump]} is trump"
        )
    return f"{SUIT_NAMES[trump]} is not the upcard's suit"


def check_calls(deal: Deal, c: Contract, settings: Settings, taker: int | None) -> None:
    """Refuse a call for best the rules do not make, or one missing where they do: each
    lone player of a Railroad hand calls (with ``call_for_best``), nobody else. ``taker``:
    the seat that takes the upcard (None: nobody does)."""
    callers = dict(best_callers(deal.variant, settings, c.declarer, c.alone, c.lone_defender))
    for field, seat, role in (("best", c.declarer, "declarer"), ("defender_best", c.lone_defender, "defender")):
        call = getattr(c, field)
        if seat not in callers:
            if call is not None:
                why = (
                    f"{deal.variant.name} has no calling for best"
                    if "call_for_best" not in settings.applicable(deal.variant)
                    else "the table plays without calling for best (call_for_best is off)"
                    if not settings.call_for_best
                    else f"only a lone {role} calls for the partner's best card"
                )
                raise IllegalPlayError(f"{field}: {why}, so there is no {quoted(call.text())}")
            continue
        if call is None:
            raise IllegalPlayError(
                f"{field}: {SEATS[seat]} plays alone and calls for the partner's best card: "
                f"say which card {SEATS[callers[seat]]} passed and which {SEATS[seat]} put away, "
                f"like 'JK for 9C' (--{field.replace('_', '-')}, \"{field}\"; in a record "
                f"'{field.replace('_', ' ')} JK for 9C')"
            )
        partner = callers[seat]
        if not deal.hands[partner] >> call.passed & 1:
            raise IllegalPlayError(
                f"{field}: {SEATS[partner]} does not hold {card_name(call.passed)} to pass "
                f"(holds {deal.hands[partner]})"
            )
        held = called_hand(deal, c, seat, taker) | 1 << call.passed
        if not held >> call.discard & 1:
            raise IllegalPlayError(
                f"{field}: {SEATS[seat]} cannot put away {card_name(call.discard)}: it holds "
                f"{CardSet(held)} after {SEATS[partner]} passes {card_name(call.passed)}"
            )


def called_hand(deal: Deal, c: Contract, seat: int, taker: int | None) -> Mask:
    """The hand a caller for best holds before the partner's card comes: its own, after the
    upcard exchange when it is the one who takes the upcard (``taker``)."""
    if taker == seat:
        return declarer_cards(deal, seat) & ~(1 << c.discard)
    return int(deal.hands[seat])


class PlayState:  # not a dataclass: see tests/cli/test_cli_imports.py
    """A position in the play: the hands left, the trick so far, the tricks taken.

    >>> state = PlayState(Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "W"), Contract(0, 3, Card("KH")))
    >>> state.play("JC")
    >>> state.to_move, state.legal(), state.value()
    (Seat('E'), CardSet('KC'), 6)
    """

    def __init__(self, deal: Deal, contract: Contract, settings: Settings | None = None) -> None:
        """``settings``: the table rules of the play, by default the deal's own."""
        settings = self.settings = deal.settings if settings is None else settings
        # the seat that took the widow or upcard and discarded (None: nobody did)
        self.seats, self.taker = check_contract(deal, contract, settings)
        taker = self.taker
        self.deal, self.contract = deal, contract
        c = contract
        # fixed for the whole play, and value() runs often: worked out once here
        # seat -> search seat
        self.search_seats: dict[int, int] = {s: deal.variant.search_seat(s, c.declarer) for s in self.seats}
        self.active = sum(1 << s for s in self.search_seats.values())  # the search seats that play, as a bit mask
        # plain masks, not CardSets: every card played is a bit operation on them
        self.hands: list[Mask] = [int(deal.hands[s]) if s in self.seats else 0 for s in range(NUM_SEATS)]
        if taker is not None:
            self.hands[taker] = declarer_cards(deal, taker) & ~(1 << c.discard)
        for call, seat in ((c.best, c.declarer), (c.defender_best, c.lone_defender)):
            if call is not None and seat is not None:
                self.hands[seat] = (self.hands[seat] | 1 << call.passed) & ~(1 << call.discard)
        self.leader: int = first_leader(deal.dealer, c.declarer, self.seats, c.alone, settings, c.lone_defender)
        self.trick: list[CardId] = []
        self.taken = [0, 0]
        self.tricks: list[tuple[int, list[CardId], int]] = []

    def __eq__(self, other: object) -> bool:
        return type(other) is PlayState and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # it changes as cards are played

    def __repr__(self) -> str:
        played = " | ".join(" ".join(card_name(c) for c in cards) for _, cards, _ in self.tricks)
        if self.trick:
            played += (" | " if played else "") + " ".join(card_name(c) for c in self.trick)
        return f"<PlayState of {self.deal!r}, {self.contract!r}, played {played or 'nothing'}>"

    def copy(self) -> PlayState:
        other = object.__new__(PlayState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.taken = list(self.taken)
        other.tricks = list(self.tricks)
        return other

    @property
    def order(self) -> list[int]:
        i = self.seats.index(self.leader)
        return list(self.seats[i:] + self.seats[:i])

    @property
    def to_move(self) -> Seat:
        return Seat(self.order[len(self.trick)])

    @property
    def finished(self) -> bool:
        return not any(self.hands)

    @property
    def tricks_total(self) -> int:
        return self.deal.variant.hand_size

    def hand(self, seat: Seat | int | str) -> CardSet:
        """The cards a seat holds now."""
        return CardSet(self.hands[Seat(seat)])

    def legal(self) -> CardSet:
        """The cards the seat to move may play (a ``CardSet``, so a mask too)."""
        if self.finished:
            return CardSet()
        led = self.trick[0] if self.trick else None
        return CardSet(legal_plays(self.hands[self.to_move], led, self.contract.trump))

    def play(self, card: CardId | str) -> None:
        """Play ``card`` (``"JC"`` or a ``Card``) for the seat to move; raise IllegalPlayError
        naming what is wrong."""
        card = Card(parse_card(card, "play") if isinstance(card, str) else card)
        trick_no = len(self.tricks) + 1
        if self.finished:
            raise IllegalPlayError(f"play: {card_name(card)} after the last trick; all cards are played")
        seat = self.to_move
        where = f"play: trick {trick_no}, {SEATS[seat]}"
        if not self.hands[seat] >> card & 1:
            raise IllegalPlayError(f"{where} does not hold {card_name(card)}{self._whereabouts(card, seat)}")
        if not self.legal() >> card & 1:
            led = self.trick[0]
            suit = SUITS[effective_suit(led, self.contract.trump)]
            raise IllegalPlayError(
                f"{where} must follow {suit} (led {card_name(led)}) with {CardSet(self.legal())}, not {card_name(card)}"
            )
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) == len(self.seats):
            order = self.order
            winner = order[trick_winner(self.trick, self.contract.trump)]
            self.taken[self.deal.variant.side_of(winner, self.contract.declarer)] += 1
            self.tricks.append((self.leader, self.trick, winner))
            self.leader, self.trick = winner, []

    def _whereabouts(self, card: CardId, seat: int) -> str:
        """Where a card the seat to move does not hold has gone, for the message: played
        already, or discarded; else what the seat holds."""
        for number, (leader, cards, _) in enumerate([*self.tricks, (self.leader, self.trick, None)], 1):
            if card in cards:
                i = self.seats.index(leader)
                order = self.seats[i:] + self.seats[:i]
                return f": {SEATS[order[cards.index(card)]]} played it to trick {number}"
        if self.taker is not None and card == self.contract.discard:
            return f": {SEATS[self.taker]} discarded it"
        for call, caller in (
            (self.contract.best, self.contract.declarer),
            (self.contract.defender_best, self.contract.lone_defender),
        ):
            if call is not None and caller is not None and card == call.discard:
                return f": {SEATS[caller]} put it away, calling for best"
        return f" (holds {CardSet(self.hands[seat])})"

    @property
    def declaring_side(self) -> int:
        return self.contract.side_in(self.deal.variant)

    @property
    def declarers(self) -> int:
        """The declaring side's search seats, as a mask (``search_position``'s seats)."""
        return side_seats(self.declaring_side)

    def side_of(self, seat: int) -> int:
        """The seat's side in this hand (``Variant.side_of``, which three players' sides need
        the declarer for)."""
        return self.deal.variant.side_of(seat, self.contract.declarer)

    def search_position(self, trump: int | None = None) -> tuple[list[Mask], int, int]:
        """The hands in the search layout of ``trump`` (default: the contract's), placed at
        the search's seats, the mask of the seats that play, and the leader's search seat."""
        trump = self.contract.trump if trump is None else trump
        hands = [0] * NUM_SEATS
        for seat, search_seat in self.search_seats.items():
            hands[search_seat] = to_layout(self.hands[seat], trump)
        return hands, self.active, self.search_seats[self.leader]

    def value(self, searcher: Searcher | None = None) -> int:
        """Tricks the declaring side still takes with best play (the current trick included)."""
        if self.finished:
            return 0
        hands, active, leader = self.search_position()
        pos = layout(self.contract.trump)
        trick = [pos[c] for c in self.trick]
        return (searcher or thread_searcher()).solve(hands, active, leader, self.declarers, trick)

    def declarer_taken(self) -> int:
        return self.taken[self.declaring_side]


def parse_play_record(text: str, where: str = "play") -> list[list[CardId]]:
    """Cards separated by spaces, ``|`` between tricks optional: a list of groups (each
    ``|`` needs cards on both sides)."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: expected a string of cards, got {type(text).__name__}")
    groups = [
        [parse_card(tok, f"{where}: group {i + 1}") for tok in chunk.replace(",", " ").split()]
        for i, chunk in enumerate(text.split("|"))
    ]
    if len(groups) > 1:
        # a '|' stands between two tricks; one with no cards on a side is stray, not dropped
        for i, group in enumerate(groups):
            if group:
                continue
            if i == 0:
                raise NotationError(f"{where}: '|' at the start, before any card: {quoted(text)}")
            if i == len(groups) - 1:
                raise NotationError(f"{where}: '|' at the end, after the last card: {quoted(text)}")
            raise NotationError(f"{where}: no cards between two '|' (after group {i}): {quoted(text)}")
    return groups


def replay(state: PlayState, text: str) -> PlayState:
    """Play a record onto ``state``; a ``|`` must fall where a trick ends."""
    groups = parse_play_record(text)
    checked = len(groups) > 1
    for i, group in enumerate(groups):
        for card in group:
            state.play(card)
        if checked and i < len(groups) - 1 and state.trick:
            raise IllegalPlayError(
                f"play: '|' after {card_name(group[-1]) if group else 'nothing'} does not end a trick "
                f"(trick {len(state.tricks) + 1} has {len(state.trick)} of {len(state.seats)} cards)"
            )
    return state


def exchange_discard(state: PlayState) -> CardId | None:
    """The discard of whoever took the widow or upcard; None when nobody took it (Euchre)."""
    return None if state.taker is None else state.contract.discard
