"""EGN, the Euchre Game Notation: a JSON file of whole games (the dealer and the upcard of
each deal, the calls, whether the maker went alone, the tricks as played, the score before),
read into hand records and written from them (docs/notation.md, "EGN").

An EGN deal does not list the hands: they are what each player plays, trick by trick, the
leader of each trick found by the rules, so the hand must be played out (or its cards
given, ``player_cards``). Where the dealer took the upcard and its discard is not given (nor
the kitty, which would leave it as the one card nobody held), the record says ``unknown:
discard`` and shows a stand-in for it; where a lone player's partner sat out unseen,
``unknown: partner`` and stand-ins for its hand. The review then judges only what does not
rest on the hands it does not know (``hasen.analysis.hand_review``). ``read_egn`` gives
each deal's record, or why it could not be made; a rule of the table the product does not
play refuses the whole file, by name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core import strict_json
from ..core.cards import (
    JOKER,
    RANKS,
    SUITS,
    CardId,
    canonical_key,
    card_name,
    cards_of,
    make_card,
    mask_of,
    suit_of,
)
from ..core.deal import Deal
from ..core.errors import HasenError, NotationError, quoted
from ..core.seats import SEATS, partner_of
from ..core.variants import VARIANTS, Variant, variant_for
from ..rules.scoring import scorer_points
from ..rules.seating import active_seats, first_leader
from ..rules.settings import Settings, checked_settings, joker_suit
from ..rules.trump import left_bower, takes_upcard, trick_winner
from .record import Record

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.4"  # the version of EGN written
WINNING_SCORE = 10  # the game the chance of winning is worked out for
# EGN's rules the product does not play: refused by name when a file turns one on
UNPLAYED_RULES = {
    "canadian": "the Canadian loner rule",
    "farmers": "the farmer's hand",
    "partners_best": "calling for the partner's best card",
    "go_under": "going under",
    "allow_no_trump": "no trump",
    "fast_break": "the fast break",
    "four_trick_tokens": "four-trick tokens",
}
KNOWN_RULES = {"std", "min_rank", "winning_score", "loner_lead", "joker", "num_players", *UNPLAYED_RULES}
GAMES = {4: "euchre", 3: "euchre3", 2: "euchre2"}  # the game of each number of players
LONE_LEADS = {"LEFT_OF_LONER": "left_of_loner", "LEFT_OF_DEALER": "dealer_left_skip_idle"}
EGN_RANKS = {"N": "9", **{rank: rank for rank in RANKS}}
ORDER, PASS = "Order", "Pass"


class EgnDeal(NamedTuple):
    """One deal of an EGN file: its record (its id the deal's number), or why none could be
    made (``missing``)."""

    number: int  # the deal's place in the file, from 1
    record: Record | None
    missing: str | None = None


class Read(NamedTuple):
    """What a deal gives: its record or why there is none, and its points by side (with three
    players, by player) where its play is whole (the score of the next deal is the score
    before it plus these)."""

    record: Record | None
    missing: str | None
    points: tuple[int, ...] | None


def is_egn(text: str) -> bool:
    """Is this text an EGN file (a JSON object whose fileType says so), not hand records?"""
    if not text.lstrip("\ufeff \t\r\n").startswith("{") or FILE_TYPE not in text:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("fileType") == FILE_TYPE


def read_egn(text: str | Mapping[str, Any]) -> list[EgnDeal]:
    """Every deal of an EGN file (its JSON text or object), in order, each scored from the
    score before it (the file's ``initialScore``, then each hand's result)."""
    try:
        data = strict_json.loads(text) if isinstance(text, str) else text
    except HasenError as exc:  # malformed JSON
        raise NotationError(f"EGN: {exc}") from None
    if not isinstance(data, Mapping) or data.get("fileType") != FILE_TYPE:
        raise NotationError(f"EGN: not an EGN file (its fileType must be {FILE_TYPE!r})")
    metadata = _object(data.get("metadata"), "metadata")
    players = _players(metadata.get("players"))
    variant, settings = _rules(_object(metadata.get("ruleset", {}), "metadata.ruleset"), len(players))
    names = {SEATS[seat]: name for seat, name in zip(variant.seats, players) if name}
    start = (0,) * len(variant.score_names)
    score: tuple[int, ...] | None = _score(metadata.get("initialScore", [0, 0]), len(start))
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise NotationError("EGN: deals: expected a list of deals")
    out = []
    for number, deal in enumerate(deals, 1):
        try:
            read = _record(_object(deal, f"deals[{number - 1}]"), variant, settings, names, score, number)
        except HasenError as exc:  # this deal is wrong, not the file: the others are read
            read = Read(None, f"{exc}", None)
        out.append(EgnDeal(number, read.record, read.missing))
        # the next deal's score: known while every hand before it was played out; a game won,
        # the next deal starts the next game
        score = None if score is None or read.points is None else tuple(a + b for a, b in zip(score, read.points))
        if score is not None and max(score) >= WINNING_SCORE:
            score = start
    return out


def _object(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise NotationError(f"EGN: {where}: expected an object")
    return value


def _players(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) not in GAMES:
        raise NotationError("EGN: metadata.players: expected 4 players (four-hand Euchre), 3 (Three-Handed) or 2 "
                            "(Two-handed); the product does not play Euchre for another number")
    names = []
    for player in value:
        name = player.get("name") if isinstance(player, Mapping) else player
        if not isinstance(name, str):
            raise NotationError(f"EGN: metadata.players: not a name: {quoted(player)}")
        names.append(name.strip())
    return names


def _rules(ruleset: Mapping[str, Any], players: int) -> tuple[Variant, Settings]:
    unknown = sorted(set(ruleset) - KNOWN_RULES)
    if unknown:
        raise NotationError(f"EGN: ruleset: unknown rule {quoted(unknown[0])}")
    played = [name for name in UNPLAYED_RULES if ruleset.get(name)]
    if played[:1] == ["partners_best"]:
        raise NotationError("EGN: ruleset: partners_best (calling for the partner's best card) is played in Railroad "
                            "hand records ('best JK for 9C' in the contract), not read from EGN files")
    if played:
        raise NotationError(f"EGN: ruleset: {played[0]} ({UNPLAYED_RULES[played[0]]}) is a rule the product does "
                            "not play")
    if ruleset.get("winning_score", WINNING_SCORE) != WINNING_SCORE:
        raise NotationError(f"EGN: ruleset: winning_score {quoted(ruleset['winning_score'])}: the product plays "
                            f"the game to {WINNING_SCORE}")
    if ruleset.get("num_players", players) != players:
        raise NotationError(f"EGN: ruleset: num_players {quoted(ruleset['num_players'])}, but metadata.players "
                            f"names {players}")
    name = GAMES[players]
    lowest = ruleset.get("min_rank", 9)
    deck = 25 if ruleset.get("joker") else 24 if lowest == 9 else 32 if lowest == 7 else None
    decks = VARIANTS[name]
    if deck not in decks or (deck == 25 and lowest != 9):
        written = {24: "24 cards (9 up)", 25: "25 (with the Joker)", 32: "32 (7 up)"}
        raise NotationError(f"EGN: ruleset: min_rank {quoted(lowest)} with joker {bool(ruleset.get('joker'))}: "
                            f"{name} is played with " + " or ".join(written[size] for size in sorted(decks)))
    lead = ruleset.get("loner_lead", "LEFT_OF_LONER")
    if lead not in LONE_LEADS:
        raise NotationError(f"EGN: ruleset: loner_lead {quoted(lead)} (expected one of {', '.join(LONE_LEADS)})")
    variant = variant_for(name, deck)
    return variant, checked_settings(variant, {"lone_lead": LONE_LEADS[lead]} if players == 4 else {})


def _score(value: object, count: int) -> tuple[int, ...]:
    """The score before the first deal: the two sides'; with three players, EGN's two numbers
    can only say the game's start ([0, 0]), so each player's is read from three numbers (as
    ``write_egn`` writes them)."""
    whole = isinstance(value, list) and all(type(v) is int and v >= 0 for v in value)
    if whole and count == 3 and value == [0, 0]:
        return (0, 0, 0)
    if not (whole and isinstance(value, list) and len(value) == count):
        what = "two whole numbers" if count == 2 else \
            "[0, 0], a game's start (EGN keeps two sides' scores, not three players'), or the three players' own " \
            "as hasen writes them"
        raise NotationError(f"EGN: metadata.initialScore: expected {what}, got {quoted(value)}")
    return tuple(value)


def card_of(text: object, trump: int | None, where: str) -> CardId | None:
    """An EGN card (``Jd``, ``Nc`` for the nine, ``R``/``L`` the bowers, ``B`` the Joker);
    None for one shown as unknown (``X``)."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: not a card: {quoted(text)}")
    if text == "B":
        return JOKER
    if text in ("R", "L"):
        if trump is None:
            raise NotationError(f"{where}: {text} (a bower) before trump is made")
        return make_card(trump, RANKS.index("J")) if text == "R" else left_bower(trump)
    if len(text) == 2 and "X" in text.upper():
        return None
    if len(text) != 2 or text[0] not in EGN_RANKS or text[1].upper() not in SUITS or not text[1].islower():
        raise NotationError(f"{where}: not a card: {quoted(text)} (a rank 9-A, N for 9, then a suit s h d c; "
                            "R, L, B or X)")
    return make_card(SUITS.index(text[1].upper()), RANKS.index(EGN_RANKS[text[0]]))


def _record(deal: Mapping[str, Any], variant: Variant, settings: Settings, names: dict[str, str],
            score: tuple[int, ...] | None, number: int) -> Read:
    state = _object(deal.get("initialState"), "initialState")
    seats = variant.seats
    dealer_index = state.get("dealer")
    if type(dealer_index) is not int or not 0 <= dealer_index < len(seats):
        raise NotationError(f"initialState.dealer: expected a player's number 0 to {len(seats) - 1}")
    dealer = seats[dealer_index]
    upcard = card_of(state.get("upCard"), None, "initialState.upCard")
    phases = [_object(phase, "phases[]") for phase in deal.get("phases", [])]
    bidding = next((p for p in phases if p.get("type") == "EUCHRE_BIDDING"), None)
    play = next((p for p in phases if p.get("type") == "TRICK_PLAY"), None)
    if upcard is None:
        return Read(None, "the upcard is not known", None)
    if bidding is None:
        return Read(None, "the deal has no bidding", None)
    auction, maker, trump, alone, orders = _auction(bidding, seats, dealer, upcard)
    head = {"id": number, "variant": variant.name, "deck": variant.deck_size, "settings": settings.changed(),
            "players": names, "dealer": SEATS[dealer]}
    if score is not None:
        head["score"] = dict(zip(variant.score_names, score))
    if maker is None or trump is None:  # every player passed: a redeal, with no hands to show
        return Read(None, "every player passed: nothing was played", (0,) * len(variant.score_names))
    active = active_seats(variant, maker, alone)
    exchanges = orders and dealer in active and takes_upcard(upcard, trump, joker_suit(settings))
    leader = first_leader(dealer, maker, active, alone, settings)
    played, tricks, winners = _tricks(play, active, leader, trump)
    points = None
    if len(winners) == variant.hand_size:
        taken = sum(variant.side_of(w, maker) == variant.side_of(maker, maker) for w in winners)
        points = scorer_points(variant, settings, None, taken, alone, variant.scorer_of(maker))
    hands = {seat: mask_of(played[seat]) for seat in seats}
    given = _given_hands(state.get("player_cards"), seats, trump, variant.hand_size)
    hands.update(given)
    discard_text = bidding.get("discard")
    discard = None if discard_text is None else card_of(discard_text, trump, "discard")
    if exchanges and dealer not in given and discard is not None and upcard in played[dealer]:
        hands[dealer] = hands[dealer] & ~(1 << upcard) | 1 << discard
    kitty = [card_of(c or "Xx", trump, "kitty") for c in state.get("kitty", [])]  # "" or "Xx": unknown
    unseen = variant.deck & ~(1 << upcard) & ~mask_of(c for c in kitty if c is not None)
    for seat in seats:
        unseen &= ~hands[seat]
    short = [seat for seat in seats if hands[seat].bit_count() < variant.hand_size]
    idle = [seat for seat in short if alone and seat == partner_of(maker)]  # sat out: never played
    unknown: list[str] = []
    if exchanges and discard is None and dealer not in given:
        if [seat for seat in short if seat not in idle]:
            return Read(None, f"the dealer's discard is not recorded and the hand was not played out, so "
                        f"{SEATS[dealer]}'s hand before the exchange is not known", points)
        if upcard not in played[dealer]:  # the dealer kept its hand and put the upcard away
            discard = upcard
        else:
            # the kitty given: the one card nobody holds is the discard; else a stand-in for it
            # (the first of the cards nobody played), which the review knows is not the dealer's
            discard = min(cards_of(unseen), key=canonical_key)
            unknown = [] if unseen.bit_count() == 1 else ["discard"]
            hands[dealer] = hands[dealer] & ~(1 << upcard) | 1 << discard
            unseen &= ~(1 << discard)
    if len(short) == 1 and unseen.bit_count() == variant.hand_size - hands[short[0]].bit_count():
        hands[short[0]] |= unseen  # the one hand not played out, and exactly its cards unseen
        short = []
    elif short and short == idle:  # the lone declarer's partner, never seen: stand-ins, said to be
        hands[idle[0]] = mask_of(sorted(cards_of(unseen), key=canonical_key)[:variant.hand_size])
        unknown.append("partner")
        short = []
    if short:
        why = f"{SEATS[short[0]]} sat out (its partner played alone)" if short == idle else \
            "the hand was not played out"
        return Read(None, f"{why}, so the cards of {', '.join(SEATS[s] for s in short)} are not all known", points)
    text = Deal.from_masks(tuple(hands.get(s, 0) for s in range(len(SEATS))), upcard, dealer, variant,
                           settings).notation()
    contract: dict[str, Any] = {"declarer": SEATS[maker], "trump": SUITS[trump], "alone": alone}
    if exchanges:
        if discard is None:  # the hands were given: the dealer's card that was not played, else the upcard
            kept = [c for c in range(JOKER + 1) if (hands[dealer] >> c) & 1 and c not in played[dealer]]
            discard = kept[0] if kept and upcard in played[dealer] else upcard
        contract["discard"] = card_name(discard)
    record = Record.from_json({**head, "deal": text, "auction": auction, "contract": contract, "unknown": unknown,
                               "play": " | ".join(" ".join(card_name(c) for c in trick) for trick in tricks)})
    return Read(record, None, points)


def _given_hands(value: object, seats: Sequence[int], trump: int, size: int) -> dict[int, int]:
    """The hands ``player_cards`` gives whole (a list left empty, or with an unknown card, gives none)."""
    if not isinstance(value, list):
        return {}
    given = {}
    for seat, cards in zip(seats, value):
        known = [card_of(c, trump, "initialState.player_cards") for c in cards] if isinstance(cards, list) else []
        if len(known) == size and None not in known:
            given[seat] = mask_of(c for c in known if c is not None)
    return given


def _auction(bidding: Mapping[str, Any], seats: Sequence[int], dealer: int,
             upcard: CardId) -> tuple[list[dict[str, str]], int | None, int | None, bool, bool]:
    """The calls as the record writes them, the maker, trump, alone, and whether the upcard was ordered."""
    calls = bidding.get("calls")
    if not isinstance(calls, list) or len(calls) > 2 * len(seats):
        raise NotationError(f"calls: expected a list of at most {2 * len(seats)} calls")
    # with three players the maker always plays alone against the other two: isAlone says no more
    alone = bidding.get("isAlone") is True and len(seats) != 3
    order = [seats[(seats.index(dealer) + 1 + i) % len(seats)] for i in range(len(calls))]
    out: list[dict[str, str]] = []
    maker = trump = None
    ordered = False
    for number, (seat, call) in enumerate(zip(order, calls)):
        first_round = number < len(seats)
        if call == PASS:
            out.append({"seat": SEATS[seat], "call": "pass"})
            continue
        if number != len(calls) - 1:
            raise NotationError(f"calls[{number}]: {quoted(call)} is followed by more calls")
        if call == ORDER and first_round:
            maker, trump, ordered = seat, suit_of(upcard), True
            words = "order up"
        elif isinstance(call, str) and len(call) == 1 and call.upper() in SUITS and not first_round:
            maker, trump = seat, SUITS.index(call.upper())
            words = f"name {call.upper()}"
        elif call == "n":
            raise NotationError("calls: n (no trump) is a rule the product does not play")
        else:
            raise NotationError(f"calls[{number}]: {quoted(call)} is not a call of "
                                f"{'the first' if first_round else 'the second'} round")
        out.append({"seat": SEATS[seat], "call": words + (" alone" if alone else "")})
    return out, maker, trump, alone, ordered


def _tricks(play: Mapping[str, Any] | None, active: Sequence[int], leader: int,
            trump: int) -> tuple[dict[int, list[CardId]], list[list[CardId]], list[int]]:
    """Each seat's cards as played, the tricks, and the winner of each whole one (the next
    trick's leader), by the rules."""
    played: dict[int, list[CardId]] = {seat: [] for seat in range(len(SEATS))}
    tricks: list[list[CardId]] = []
    winners: list[int] = []
    for number, trick in enumerate(play.get("tricks", []) if play is not None else []):
        if not isinstance(trick, list) or not 0 < len(trick) <= len(active):
            raise NotationError(f"tricks[{number}]: expected at most {len(active)} cards")
        cards = [card_of(c, trump, f"tricks[{number}]") for c in trick]
        if None in cards:
            break  # an unknown card: the play is known up to here
        known = [c for c in cards if c is not None]
        order = [active[(active.index(leader) + i) % len(active)] for i in range(len(known))]
        for seat, card in zip(order, known):
            played[seat].append(card)
        tricks.append(known)
        if len(known) < len(active):
            break
        leader = order[trick_winner(known, trump)]
        winners.append(leader)
    return played, tricks, winners


def write_egn(records: Sequence[Record], title: str | None = None) -> str:
    """Records of four-hand, Three-Handed or Two-handed Euchre, in order, as one EGN file:
    their players and the score before the first, each deal's dealer, upcard, calls,
    exchange and tricks. EGN keeps two sides' scores: with three players the score before the
    first is [0, 0] at a game's start, else the three players' (which ``read_egn`` reads)."""
    if not records:
        raise NotationError("EGN: no records to write")
    first = records[0]
    variant = first.variant
    if variant.family != "euchre":
        raise NotationError(f"EGN: {variant.name} is not Euchre: EGN records Euchre games")
    if variant.calls_for_best:  # what this file could not read back whole
        raise NotationError(f"EGN: {variant.name} is not written as EGN: EGN does not record the card a lone "
                            "player puts away after calling for best, so its calls are kept in hand records "
                            "(hasen record --line or the block form)")
    unwritten = {name: value for name, value in first.settings.changed().items() if name != "lone_lead"}
    if unwritten:  # no place in EGN's ruleset: written, it would be lost
        name, value = next(iter(unwritten.items()))
        raise NotationError(f"EGN: the table rule {name}={value} has no place in EGN, and would be lost: keep "
                            "these records as hand records (hasen record --line or the block form)")
    seats = variant.seats
    ruleset: dict[str, Any] = {"std": True, "loner_lead": next(k for k, v in LONE_LEADS.items()
                                                                if v == first.settings.lone_lead)}
    if len(seats) == 3:
        ruleset["num_players"] = 3
    if variant.deck_size == 25:
        ruleset["joker"] = True
    elif variant.deck_size == 32:
        ruleset["min_rank"] = 7
    score = list(first.score or (0,) * len(variant.score_names))
    metadata: dict[str, Any] = {"players": [first.players.get(SEATS[s], "") for s in seats],
                                "initialScore": [0, 0] if not any(score) else score, "ruleset": ruleset}
    if title:
        metadata["title"] = title
    deals = []
    for number, record in enumerate(records):
        if record.variant != variant or record.settings != first.settings:
            raise NotationError(f"EGN: record {number + 1} is of another game or other rules than the first")
        data = record.to_json()
        calls = [_egn_call(c["call"]) for c in data["auction"]]
        contract = data.get("contract") or {}
        bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls,
                                   "isAlone": bool(contract.get("alone"))}
        if contract.get("discard"):
            bidding["discard"] = _egn_card(contract["discard"])
        tricks = [[_egn_card(c) for c in trick.split()] for trick in (data.get("play") or "").split("|")
                  if trick.strip()]
        deals.append({"dealNumber": number,
                      "initialState": {"dealer": seats.index(SEATS.index(data["dealer"])),
                                       "upCard": _egn_card(card_name(record.deal.extra)),
                                       "player_cards": [[_egn_card(card_name(c)) for c in record.deal.hand(s)]
                                                        for s in seats]},
                      "phases": [bidding, {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}]})
    return json.dumps({"fileType": FILE_TYPE, "version": VERSION, "metadata": metadata, "deals": deals}, indent=2)


def _egn_card(name: str) -> str:
    return "B" if name == card_name(JOKER) else name[0] + name[1].lower()


def _egn_call(words: str) -> str:
    call = words.removesuffix(" alone")
    if call == "pass":
        return PASS
    if call == "order up":
        return ORDER
    if call.startswith("name "):
        return call[-1].lower()
    raise NotationError(f"EGN: the call {quoted(words)} has no EGN form")

