"""Seeded random hand records of every game, written out here in canonical text.

The auction is made from the rules as docs/rules.md and docs/variants.md state them, written
again here (it shares no code with hasen.rules.auction), and so are the record's lines: a
record the generator writes is legal by the docs and already canonical, so that the parser
must accept it and the writer must give it back unchanged. The cards of the play are picked
among the legal ones of ``PlayState`` (the play's rules have their own tests).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hasen.core.cards import JOKER, card_name, cards_of
from hasen.core.deal import Deal
from hasen.core.dealing import random_deals
from hasen.core.settings import Settings
from hasen.core.variants import VARIANTS, Variant, variant_for
from hasen.play.state import Contract, PlayState

SEATS = "NESW"
SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
# every game and deck, with the settings that change its auction
GAMES = [(name, size) for name, decks in VARIANTS.items() for size in decks]
AUCTION_SETTINGS = {
    "hasenpfeffer": [
        {},
        {"bidding": "pepper"},
        {"all_pass": "joker_bids_3"},
        {"bidding": "pepper", "fail_penalty": "pepper", "defenders_score": True},
    ],
    "euchre": [{}, {"all_pass": "stick_the_dealer"}, {"joker_upcard": "redeal"}, {"joker_upcard": "hearts"}],
}


@dataclass
class Made:
    """A random legal record: its parts and its canonical text."""

    variant: Variant
    deal: Deal
    settings: dict
    calls: list[str] = field(default_factory=list)  # "E pass", "S 4"
    declarer: int | None = None  # who won the auction; None: a redeal or not over
    bid: str | None = None  # Hasenpfeffer
    bid_tricks: int = 0
    big_pepper: bool = False
    trump: int | None = None  # Euchre: as called
    alone: bool = False
    over: bool = False  # has the auction ended?
    contract: str | None = None
    contract_value: Contract | None = None
    taker: int | None = None  # who took the upcard or widow and discarded (None: nobody)
    played: list[str] = field(default_factory=list)
    play_text: str = ""
    finished: bool = False
    tricks: tuple[int, int] = (0, 0)  # the declaring side's and the defenders', once finished

    def text(self) -> str:
        lines = [f"variant: {self.variant.name}"]
        if len(VARIANTS[self.variant.name]) > 1:
            lines.append(f"deck: {self.variant.deck_size}")
        changed = {
            k: self.settings[k]
            for k in Settings._fields  # in the order of the fields
            if k in self.settings and getattr(Settings(), k) != self.settings[k]
        }
        if changed:
            lines.append("settings: " + ", ".join(f"{k}={str(v).lower()}" for k, v in changed.items()))
        lines.append(f"dealer: {SEATS[self.deal.dealer]}")
        lines.append(f"deal: {self.deal.notation()}")
        if self.calls:
            lines.append("auction: " + ", ".join(self.calls))
        if self.contract:
            lines.append(f"contract: {self.contract}")
        if self.play_text:
            lines.append(f"play: {self.play_text}")
        return "\n".join(lines)


def calling_order(variant: Variant, dealer: int) -> list[int]:
    """From left of the dealer, clockwise, the seats that hold a hand; the dealer last."""
    return [s for s in ((dealer + i) % 4 for i in range(1, 5)) if s in variant.seats]


def hasenpfeffer_auction(made: Made, rng: random.Random, stop: float) -> None:
    """Each in turn passes (and is out) or bids higher; three passes after a bid end it."""
    pepper = made.settings.get("bidding") == "pepper"
    ladder = [(str(n), n, False) for n in range(1, 6)] + (
        [("little pepper", 6, False), ("big pepper", 6, True)] if pepper else [("6", 6, False)]
    )
    order = calling_order(made.variant, made.deal.dealer)
    passed: set[int] = set()
    high, bidder, turn = -1, None, order[0]
    while True:
        if len(passed) == 4:
            joker = next((s for s in range(4) if made.deal.hands[s] >> JOKER & 1), None)
            if made.settings.get("all_pass") == "joker_bids_3" and joker is not None:
                made.declarer, made.bid, made.bid_tricks = joker, "3", 3
            made.over = True
            return
        if len(passed) == 3 and bidder is not None:
            made.declarer = bidder
            made.bid, made.bid_tricks, made.big_pepper = ladder[high]
            made.over = True
            return
        if rng.random() < stop:
            return
        higher = list(range(high + 1, len(ladder)))
        if higher and rng.random() < 0.45:
            high, bidder = rng.choice(higher), turn
            made.calls.append(f"{SEATS[turn]} {ladder[high][0]}")
        else:
            passed.add(turn)
            made.calls.append(f"{SEATS[turn]} pass")
        nxt = (turn + 1) % 4
        while nxt in passed and nxt != turn:
            nxt = (nxt + 1) % 4
        turn = nxt


def euchre_auction(made: Made, rng: random.Random, stop: float) -> None:
    """Round one: pass or order up the upcard's suit; round two: pass or name another suit
    (a stuck dealer must name); a turned Joker: the dealer names any suit, or a redeal, or
    where it stands for a suit (joker_upcard: hearts) the rounds of that suit."""
    deal, settings = made.deal, made.settings
    forms = [False, True] if made.variant.partners else [False]
    if deal.extra == JOKER and settings.get("joker_upcard") not in SUIT_NAMES:
        if settings.get("joker_upcard") == "redeal":
            made.over = True
            return
        if rng.random() < stop:
            return
        trump, alone = rng.randrange(4), rng.choice(forms)
        made.calls.append(f"{SEATS[deal.dealer]} name {SUITS[trump]}" + (" alone" if alone else ""))
        made.declarer, made.trump, made.alone, made.over = deal.dealer, trump, alone, True
        return
    upcard_suit = joker_suit(made) if deal.extra == JOKER else SUITS.index(card_name(deal.extra)[1])
    for round_ in (1, 2):
        for seat in calling_order(made.variant, deal.dealer):
            if rng.random() < stop:
                return
            stuck = round_ == 2 and seat == deal.dealer and settings.get("all_pass") == "stick_the_dealer"
            if stuck or rng.random() < 0.3:
                alone = rng.choice(forms)
                trump = upcard_suit if round_ == 1 else rng.choice([t for t in range(4) if t != upcard_suit])
                words = "order up" if round_ == 1 else f"name {SUITS[trump]}"
                made.calls.append(f"{SEATS[seat]} {words}" + (" alone" if alone else ""))
                made.declarer, made.trump, made.alone, made.over = seat, trump, alone, True
                return
            made.calls.append(f"{SEATS[seat]} pass")
    made.over = True  # everybody passed twice: a redeal


def joker_suit(made: Made) -> int | None:
    """docs/rules.md: the suit a turned Joker stands for, where the record's joker_upcard names one."""
    name = made.settings.get("joker_upcard")
    return SUIT_NAMES.index(name) if name in SUIT_NAMES else None


def choose_contract(made: Made, rng: random.Random) -> None:
    """The rest of the contract: Hasenpfeffer's trump, discard, alone and lone defender; the
    Euchre dealer's discard when the dealer plays and takes the upcard; a lone defender."""
    deal, variant = made.deal, made.variant
    declarer = made.declarer
    assert declarer is not None
    partners = variant.partners
    if variant.name == "hasenpfeffer":
        trump, alone = rng.randrange(4), partners and rng.random() < 0.3
    else:
        trump, alone = made.trump, made.alone
    assert trump is not None
    defender = None
    if alone and rng.random() < 0.3:
        defender = rng.choice([(declarer + 1) % 4, (declarer + 3) % 4])
    idle = {(declarer + 2) % 4} if alone else set()
    if defender is not None:
        idle.add((defender + 2) % 4)
    if variant.name == "hasenpfeffer":
        taker = declarer
    else:
        suit = joker_suit(made)
        takes = (suit is None or trump == suit) if deal.extra == JOKER else card_name(deal.extra)[1] == SUITS[trump]
        taker = deal.dealer if takes and deal.dealer not in idle else None
    parts = [SEATS[declarer] + (f" {made.bid}" if made.bid else ""), f"trump {SUITS[trump]}"]
    discard = deal.extra
    if taker is not None:
        discard = rng.choice(cards_of(deal.hands[taker] | 1 << deal.extra))
        parts.append(f"discard {card_name(discard)}")
    if alone:
        parts.append("alone")
    if defender is not None:
        parts.append(f"defender {SEATS[defender]}")
    # Railroad: each lone player takes a random card of the partner's and puts one away
    calls: dict[int, tuple[int, int]] = {}
    if variant.name == "railroad" and alone and made.settings.get("call_for_best", True):
        for caller in [declarer] + ([] if defender is None else [defender]):
            passed = rng.choice(cards_of(deal.hands[(caller + 2) % 4]))
            held = (deal.hands[caller] | 1 << deal.extra) & ~(1 << discard) if caller == taker else deal.hands[caller]
            calls[caller] = passed, rng.choice(cards_of(held | 1 << passed))
            word = "best" if caller == declarer else "defender best"
            parts.append(f"{word} {card_name(calls[caller][0])} for {card_name(calls[caller][1])}")
    made.contract = ", ".join(parts)
    made.taker = taker
    made.contract_value = Contract(
        declarer,
        trump,
        discard,
        alone,
        defender,
        calls.get(declarer),
        None if defender is None else calls.get(defender),
    )
    made.alone = alone


def play(made: Made, rng: random.Random, stop: float, settings: Settings) -> None:
    assert made.contract_value is not None
    state = PlayState(made.deal, made.contract_value, settings)
    groups: list[list[str]] = []
    while not state.finished and rng.random() >= stop:
        if not state.trick:
            groups.append([])
        card = rng.choice(list(state.legal()))
        groups[-1].append(card_name(card))
        made.played.append(card_name(card))
        state.play(card)
    made.play_text = " | ".join(" ".join(g) for g in groups)
    made.finished = state.finished
    side = state.declaring_side
    made.tricks = (state.taken[side], state.taken[1 - side])


def random_record(seed: int, complete: bool = False) -> Made:
    """A random legal record of a random game (deck, settings): whole when ``complete``
    (a redeal, or every card played), else stopped anywhere (sometimes whole too)."""
    rng = random.Random(seed)
    name, size = rng.choice(GAMES)
    variant = variant_for(name, size)
    options = [s for s in AUCTION_SETTINGS[variant.family] if "joker_upcard" not in s or variant.deck >> JOKER & 1]
    settings = dict(rng.choice(options))
    if rng.random() < 0.2:
        settings["first_lead"] = "declarer"
    if variant.partners and rng.random() < 0.2:
        settings["lone_lead"] = "dealer_left_skip_idle"
    if variant.name == "railroad" and rng.random() < 0.2:
        settings["call_for_best"] = False
    deal = next(random_deals(variant, rng.randrange(2**32)))
    made = Made(variant, deal, settings)
    stop = 0.0 if complete else rng.choice([0.0, 0.02, 0.1])
    (hasenpfeffer_auction if variant.family == "hasenpfeffer" else euchre_auction)(made, rng, stop)
    if made.over and made.declarer is not None and (complete or rng.random() > stop * 3):
        choose_contract(made, rng)
        play(made, rng, stop / 4, Settings(**settings))
    return made
