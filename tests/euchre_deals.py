"""Seeded random Euchre-family deals and contracts, with the position each one starts from
worked out here again from docs/rules.md, for the oracle.

Nothing here uses the product's rules (hasen.rules, hasen.play.state): the decks are spelled
out from card names, and who plays, who leads and what the dealer holds after taking the
upcard are derived below from the rules' own words. The product's answer for the same
contract goes through ``PlayState``; a disagreement on any of those points shows up as a
different value or a failed check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from oracle import Oracle

from hasen.core.cards import card_name, parse_card
from hasen.core.deal import Deal, format_hand
from hasen.core.variants import variant_for

SEATS = "NESW"
SUITS = "SHDC"
RANKS = {24: "9TJQKA", 25: "9TJQKA", 32: "789TJQKA", 33: "789TJQKA"}
# docs/rules.md: two players N, S; three N, E, S, each for themselves; four
DEALT_SEATS = {"euchre2": (0, 2), "euchre3": (0, 1, 2), "euchre": (0, 1, 2, 3), "railroad": (0, 1, 2, 3)}


def deck(size: int) -> list[int]:
    """24: 9 to A; 25: the same and the Joker; 32: 7 to A; 33: the same and the Joker."""
    cards = [parse_card(r + s) for s in SUITS for r in RANKS[size]]
    return cards + ([parse_card("JK")] if size in (25, 33) else [])


@dataclass
class EuchreCase:
    """A deal, a contract on it, and the oracle's view of the start of play."""

    label: str
    deal: Deal
    maker: int
    trump: int
    discard: int  # the dealer's discard; the upcard when nobody takes it
    alone: bool
    defender: int | None  # a lone defender
    # the oracle's view: real cards, at the oracle's seats (sides by seat parity, or with
    # three players the maker's seat alone)
    hands: list[int]
    seats: tuple[int, ...]
    leader: int
    side: int
    makers: tuple[int, ...] | None = None

    def oracle(self) -> int:
        return Oracle(self.trump, self.seats, self.side, self.makers).value(self.hands, self.leader)

    def describe(self) -> str:
        form = " alone" if self.alone else ""
        if self.defender is not None:
            form += f" against {SEATS[self.defender]} alone"
        return (
            f"{self.label}: Deal({self.deal.notation()!r}, variant={self.deal.variant.label}); "
            f"{SEATS[self.maker]} makes {SUITS[self.trump]}{form}, discard {card_name(self.discard)}"
        )


def random_deal(rng: random.Random, name: str, size: int) -> Deal:
    cards = deck(size)
    rng.shuffle(cards)
    seats = DEALT_SEATS[name]
    hands = [sum(1 << c for c in cards[5 * i : 5 * i + 5]) for i in range(len(seats))]
    upcard = cards[5 * len(seats)]
    first = seats[rng.randrange(len(seats))]
    order = seats[seats.index(first) :] + seats[: seats.index(first)]
    text = f"{SEATS[first]}:" + " ".join(format_hand(hands[seats.index(s)]) for s in order) + " " + card_name(upcard)
    return Deal(text, dealer=rng.choice(seats), variant=variant_for(name, size))


def next_seat(seat: int, playing: tuple[int, ...]) -> int:
    """The next playing seat clockwise."""
    seat = (seat + 1) % 4
    while seat not in playing:
        seat = (seat + 1) % 4
    return seat


def takes_upcard(upcard: int, trump: int, joker_suit: int | None = None) -> bool:
    """docs/rules.md: the dealer takes the upcard when its suit becomes trump; a Joker is a trump
    of any suit, taken whatever the trump, unless the table has it stand for one suit
    (``joker_suit``): then for that suit alone."""
    if card_name(upcard) == "JK":
        return joker_suit is None or trump == joker_suit
    return card_name(upcard)[1] == SUITS[trump]


def joker_suit_of(deal: Deal) -> int | None:
    """docs/rules.md: the suit a turned Joker stands for, where the table's joker_upcard names one."""
    suits = ("spades", "hearts", "diamonds", "clubs")
    return suits.index(deal.settings.joker_upcard) if deal.settings.joker_upcard in suits else None


def oracle_start(
    deal: Deal, maker: int, trump: int, alone: bool, defender: int | None, discard: int
) -> tuple[list[int], tuple[int, ...], int, int]:
    """The start of play for the oracle: (hands at the oracle's seats, its playing seats,
    the leader there, the makers' side), worked out from docs/rules.md. Three players keep
    their own seats; the makers are then the maker's seat (``makers_of``)."""
    name = deal.variant.name
    dealt = DEALT_SEATS[name]
    own_seats = name != "euchre2"  # the oracle's seat is the player's own, but in the two-handed game
    playing = [
        s
        for s in dealt
        if not (alone and s == (maker + 2) % 4) and not (defender is not None and s == (defender + 2) % 4)
    ]
    hands = {s: deal.hands[s] for s in playing}
    # a dealer who does not play takes nothing
    if deal.dealer in playing and takes_upcard(deal.extra, trump, joker_suit_of(deal)):
        hands[deal.dealer] = (hands[deal.dealer] | 1 << deal.extra) & ~(1 << discard)
    # who leads: a lone defender; else left of a lone maker; else left of the dealer (in the
    # two-handed game, the non-dealer), skipping seats that do not play
    if defender is not None:
        leader = defender
    elif alone:
        leader = next_seat(maker, tuple(playing))
    else:
        leader = next_seat(deal.dealer, tuple(playing))
    # the oracle tells sides by seat parity: the two-handed game's S plays from E's seat
    at = {s: (s if own_seats else dealt.index(s)) for s in playing}
    oracle_hands = [0] * 4
    for s in playing:
        oracle_hands[at[s]] = hands[s]
    return oracle_hands, tuple(sorted(at.values())), at[leader], at[maker] % 2


def oracle_entry(deal: Deal, maker: int, trump: int) -> int | dict[str, int]:
    """A maker table entry (with the partner) by the oracle: the tricks, or with the
    dealer's exchange every discard's tricks and the value the dealer picks (the most for
    the dealer's own side making trump, the fewest when defending)."""

    def solve(discard: int) -> int:
        hands, seats, leader, side = oracle_start(deal, maker, trump, False, None, discard)
        return Oracle(trump, seats, side, makers_of(deal, maker)).value(hands, leader)

    if not takes_upcard(deal.extra, trump, joker_suit_of(deal)):
        return solve(deal.extra)
    six = deal.hands[deal.dealer] | 1 << deal.extra
    tricks = {card_name(c): solve(c) for c in range(64) if six >> c & 1}
    same_side = (deal.dealer - maker) % 2 == 0 if len(DEALT_SEATS[deal.variant.name]) == 4 else deal.dealer == maker
    return {**tricks, "value": (max if same_side else min)(tricks.values())}


def case(seed: int, name: str, size: int, alone_rate: float = 0.4) -> EuchreCase:
    rng = random.Random(seed)
    deal = random_deal(rng, name, size)
    dealt = DEALT_SEATS[name]
    maker = rng.choice(dealt)
    trump = rng.randrange(4)
    alone = name == "euchre" and rng.random() < alone_rate
    defender = None
    if alone and rng.random() < 0.5:
        defender = (maker + rng.choice((1, 3))) % 4
    discard = deal.extra
    dealer_plays = deal.dealer not in (
        (maker + 2) % 4 if alone else -1,
        (defender + 2) % 4 if defender is not None else -1,
    )
    if dealer_plays and takes_upcard(deal.extra, trump, joker_suit_of(deal)):
        six = deal.hands[deal.dealer] | 1 << deal.extra
        discard = rng.choice([c for c in range(64) if six >> c & 1])
    hands, seats, leader, side = oracle_start(deal, maker, trump, alone, defender, discard)
    return EuchreCase(
        f"{name} {size}, seed {seed}",
        deal,
        maker,
        trump,
        discard,
        alone,
        defender,
        hands,
        seats,
        leader,
        side,
        makers_of(deal, maker),
    )


def makers_of(deal: Deal, maker: int) -> tuple[int, ...] | None:
    """With three players the maker plays for itself against the other two (docs/rules.md):
    its seat alone is the makers' side; else None, the side by seat parity."""
    return (maker,) if len(DEALT_SEATS[deal.variant.name]) == 3 else None
