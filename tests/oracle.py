"""The test oracle: a plain minimax over real cards, written from docs/rules.md alone.

It shares no code with the search (``hasen.search._search_py``, ``hasen.search._search``) and does not
use the trump tables of ``hasen.rules`` (layout, beats, legal_plays, trick_winner,
effective_suit): the effective suit, the power order, following suit and the trick winner
are worked out here again, from the card names. Only card ints and names come from
``hasen.core.cards``.

Every legal card is tried at every turn, with no pruning and no move ordering; positions are
memoised at trick boundaries only (keyed on the four hands and the leader). The value of a
position is the number of tricks the declaring side (0 N-S, 1 E-W) takes from the current
trick (included) to the end; in Three-Handed Euchre, where the sides are not partnerships,
the declaring side is given as its seats (the maker alone) instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hasen.core.cards import NUM_CARDS, card_name

SUIT_LETTERS = "SHDC"
COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
RANK_ORDER = "789TJQKA"  # low to high; in trump the jacks are lifted out as bowers
SEATS = "NESW"

JOKER_POWER, RIGHT_POWER, LEFT_POWER = 30, 20, 10  # above every rank index


def card_facts(card: int, trump: str) -> tuple[str, int]:
    """(effective suit letter, power within that suit) of a card, for ``trump`` (a letter)."""
    name = card_name(card)
    if name == "JK":
        return trump, JOKER_POWER
    rank, suit = name[0], name[1]
    if rank == "J" and suit == trump:
        return trump, RIGHT_POWER
    if rank == "J" and COLOUR[suit] == COLOUR[trump]:
        return trump, LEFT_POWER
    return suit, RANK_ORDER.index(rank)


class Oracle:
    """Plain minimax for one trump, one set of playing seats and one declaring side.

    ``trump`` is 0..3 (S H D C) or a letter; ``seats`` the playing seats (any order: they
    are played clockwise); ``side`` 0 for N-S, 1 for E-W, or ``makers`` the declaring
    side's seats where the sides are not partnerships.
    """

    def __init__(
        self, trump: int | str, seats: Iterable[int], side: int = 0, makers: Iterable[int] | None = None
    ) -> None:
        self.trump = trump if isinstance(trump, str) else SUIT_LETTERS[trump]
        self.seats = sorted(set(seats))
        declaring = set(range(side, 4, 2)) if makers is None else set(makers)
        self.declaring = [s in declaring for s in range(4)]  # by seat: does it count for the declaring side?
        facts = [card_facts(c, self.trump) for c in range(NUM_CARDS)]
        self.suit = [f[0] for f in facts]
        self.power = [f[1] for f in facts]
        # the cards of each effective suit, as a mask: what a follower must play from
        self.suit_cards = {
            letter: sum(1 << c for c in range(NUM_CARDS) if self.suit[c] == letter) for letter in SUIT_LETTERS
        }
        self.memo: dict[tuple[tuple[int, ...], int], int] = {}
        self.nodes = 0

    # --- the rules ------------------------------------------------------------------------

    def legal(self, hand: int, led: int | None) -> int:
        """The cards of ``hand`` (a mask) that may be played when ``led`` was led (None:
        leading): the cards of the led card's effective suit, or any card if there are none."""
        if led is None:
            return hand
        return hand & self.suit_cards[self.suit[led]] or hand

    def strength(self, card: int, led: int) -> int:
        """How strongly ``card`` bids for a trick led with ``led``: any trump above any card
        of the led suit, cards of another plain suit nowhere."""
        if self.suit[card] == self.trump:
            return 100 + self.power[card]
        if self.suit[card] == self.suit[led]:
            return self.power[card]
        return -1

    def winner(self, trick: Sequence[int]) -> int:
        """Index (in order played) of the card that takes the trick."""
        return max(range(len(trick)), key=lambda i: self.strength(trick[i], trick[0]))

    def order(self, leader: int) -> list[int]:
        """The playing seats clockwise from ``leader``."""
        i = self.seats.index(leader)
        return self.seats[i:] + self.seats[:i]

    # --- the minimax ----------------------------------------------------------------------

    def value(self, hands: Sequence[int], leader: int, trick: Sequence[int] = ()) -> int:
        """Tricks the declaring side takes from here; ``trick`` = cards played so far to the
        current trick, in order from ``leader`` (they are no longer in ``hands``)."""
        # plain ints: a CardSet (the library's hands) makes a new CardSet of every & and ^
        hands = [int(hands[s]) if s in self.seats else 0 for s in range(4)]
        trick = [int(card) for card in trick]
        if leader not in self.seats:
            raise ValueError(f"oracle: leader {SEATS[leader]} does not play")
        if len(trick) >= len(self.seats):
            raise ValueError(f"oracle: a trick of {len(trick)} cards is already complete")
        if not trick:
            return self._boundary(hands, leader)
        order = self.order(leader)
        win = self.winner(trick)
        return self._play(
            hands,
            order,
            len(trick),
            self.suit_cards[self.suit[trick[0]]],
            order[win],
            self.strength(trick[win], trick[0]),
        )

    def _boundary(self, hands: list[int], leader: int) -> int:
        """A new trick: memoised on the hands and the leader."""
        if not hands[leader]:
            return 0
        key = (tuple(hands), leader)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._play(hands, self.order(leader), 0, 0, -1, -1)
        return found

    def _play(
        self, hands: list[int], order: list[int], pos: int, led_suit: int, best_seat: int, best_strength: int
    ) -> int:
        """``order[pos]`` to play, every legal card in turn. ``led_suit``: the mask of the led
        card's effective suit; ``best_seat``, ``best_strength``: who is winning the trick so
        far, and how strongly."""
        seat = order[pos]
        hand = hands[seat]
        maximizing = self.declaring[seat]
        last = pos == len(order) - 1
        result = -1 if maximizing else 99
        rest = hand if pos == 0 else (hand & led_suit or hand)
        if not rest:
            raise ValueError(f"oracle: {SEATS[seat]} has no card to play")
        trumps, power = self.suit_cards[self.trump], self.power
        while rest:
            self.nodes += 1
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            hands[seat] = hand ^ low
            # who wins the trick so far (the same as self.strength, inlined for speed)
            if pos == 0:  # the lead sets the suit
                led_suit = self.suit_cards[self.suit[card]]
                winner, strength = seat, 100 + power[card] if low & trumps else power[card]
            else:
                strength = 100 + power[card] if low & trumps else power[card] if low & led_suit else -1
                if strength > best_strength:
                    winner = seat
                else:
                    winner, strength = best_seat, best_strength
            if last:  # the trick is complete: the winner leads the next
                value = (1 if self.declaring[winner] else 0) + self._boundary(hands, winner)
            else:
                value = self._play(hands, order, pos + 1, led_suit, winner, strength)
            if maximizing:
                if value > result:
                    result = value
            elif value < result:
                result = value
        hands[seat] = hand
        return result


def oracle_value(
    hands: Sequence[int], seats: Iterable[int], leader: int, trump: int | str, side: int, trick: Sequence[int] = ()
) -> int:
    """One solve with a fresh oracle."""
    return Oracle(trump, seats, side).value(hands, leader, trick)
