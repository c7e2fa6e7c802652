"""EGN, the Euchre Game Notation (version 1.4): a JSON file of one game, read into hand
records and written from them; EMN, the Euchre Match Notation, a file of several games
(docs/notation.md, "EGN").

An EGN deal does not list the hands: they are what each player plays, trick by trick
(``hasen.play.from_play``), unless ``playerCards`` gives them. A file is checked against
the specification's schema before a card is read (``hasen.notation.json_schema``); files of
EGN 1.0 and 1.1 are read too (their snake_case keys, ``player_cards`` and the ``kitty``),
as the specification's own upgrade reads them. The ruleset becomes the game and its table
settings (``hasen.notation.egn_rules``). What a file does not know (a discard not recorded,
a lone player's partner) stays unknown in the records it gives, and in the files written
from them.

A turned Joker (``B``) under the product's rule, the dealer names trump at once, is written
as EGN writes every call: clockwise from the dealer's left, the others' passes and then the
dealer's suit, in the first round; EGN has no rule of its own for it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core import strict_json
from ..core.bounds import MAX_TEXT_FILE
from ..core.cards import JOKER, RANKS, SUITS, CardId, Mask, card_name, left_bower, make_card, mask_of
from ..core.deal import Deal
from ..core.errors import HasenError, NotationError, quoted
from ..core.record_text import MAX_NAME
from ..core.seats import SEATS, partner_of
from ..core.settings import Settings
from ..core.variants import GAME_TITLES, Variant
from ..games.euchre.rules import first_round_suit
from ..play.from_play import PlayedContract, deal_from_play, holders
from ..play.state import BestCard, exchange_discard
from ..rules.scoring import falls_below_zero, scorer_points
from ..rules.seating import best_callers, playing_seats
from ..rules.trump import trick_winner
from . import json_schema
from .egn_rules import WRITTEN, Table, ruleset_of, table_of
from .record import ContractSpec, Record, with_settings

FILE_TYPE, MATCH_TYPE = "Euchre Game Notation", "Euchre Match Notation"
VERSION, MATCH_VERSION = "1.4", "1.0"  # the versions written
# EGN 1.0 and 1.1: their keys as 1.4 names them, and those 1.2 dropped (the kitty is kept aside)
OLD_VERSION = re.compile(r"1\.[01](\.\d+)?")
OLD_KEYS = {
    "calls_annotations": "callAnnotations",
    "tricks_annotations": "playAnnotations",
    "player_cards": "playerCards",
    "card_exchanges": "cardExchanges",
    "match_id": "gameId",
    "matchId": "gameId",
    "initial_score": "initialScore",
    "initial_state": "initialState",
    "phase_number": "phaseNumber",
    "is_alone": "isAlone",
    "alone_defender": "aloneDefender",
    "play_annotations": "playAnnotations",
    "alternative_lines": "alternativeLines",
    "branch_index": "branchIndex",
    "up_card": "upCard",
    "file_type": "fileType",
    "max_deals": "num_deals",
    "player_ids": "playerIds",
}
DROPPED = ("initialLead", "timings", "views", "layouts", "videoUrl", "viewSwitches", "screens")
EGN_RANKS = {"N": "9", **{rank: rank for rank in RANKS}}
UNKNOWN_MARKS = "Xxtng"  # an unknown rank or suit; t n g: EGN's generic trump, next and green suits
ORDER, PASS, UNKNOWN_CALL = "Order", "Pass", "x"
BIDDING, PLAY = "EUCHRE_BIDDING", "TRICK_PLAY"
# the bidding phase's keys of a contract settled past its auction: its discard, a lone
# defender, the calls for best (a deal with any of them and no play is a contract not played)
CONTRACT_KEYS = ("discard", "aloneDefender", "cardExchanges")


class EgnDeal(NamedTuple):
    """One deal of an EGN file (or of an EMN match's game): its record, whose id is the
    deal's number (in a match ``game.number``), or why none could be made (``missing``)."""

    number: int  # the deal's place in its game, from 1
    record: Record | None
    missing: str | None = None
    game: int = 1  # the game's place in an EMN match, from 1
    in_match: bool = False  # one of an EMN match's games

    @property
    def id(self) -> int | str:
        """The id of its record: the deal's number; in a match, the game's and the deal's."""
        return f"{self.game}.{self.number}" if self.in_match else self.number

    @property
    def name(self) -> str:
        """How a message names it: ``EGN deal 4``, ``EMN game 2, deal 4``."""
        return f"EMN game {self.game}, deal {self.number}" if self.in_match else f"EGN deal {self.number}"


class Read(NamedTuple):
    """What a deal gives: its record or why there is none, and its points for each of the
    variant's ``score_names`` where its play is whole (the next deal's score runs on)."""

    record: Record | None
    missing: str | None
    points: tuple[int, ...] | None


# --- reading ---------------------------------------------------------------------------------


def is_egn(text: str) -> bool:
    """Is this text an EGN or EMN file (a JSON object whose fileType says so), not hand
    records?"""
    start = text.lstrip("\ufeff \t\r\n")
    if not start.startswith("{") or (FILE_TYPE not in text and MATCH_TYPE not in text):
        return False
    return re.search(r'"fileType"\s*:\s*"Euchre (Game|Match) Notation"', text) is not None


def read_egn(source: str | Mapping[str, Any]) -> list[EgnDeal]:
    """Every deal of an EGN file, or of every game of an EMN match file (its JSON text or
    object), in order, each scored from the score before it (the game's ``initialScore``,
    then each hand's result). A file the specification's schema refuses, or one whose rules
    the product does not play, raises ``NotationError`` in one line; a deal that cannot be a
    record is one with ``missing`` saying why.

    >>> [deal] = read_egn(write_egn([Record.parse(
    ...     "variant: euchre2; dealer: N; upcard: AS; auction: S pass, N pass, S name H; "
    ...     "contract: S, trump H; play: AH KD KH QD QH TD TS 9D 9S 9C")]))
    >>> deal.name, deal.record.deal.notation(), deal.record.result.text()
    ('EGN deal 1', 'N:..KQT9.9 T9.AKQ.. AS', 'S 5 tricks, made (S +2, N 0)')
    """
    data = _loaded(source)
    if data.get("fileType") == MATCH_TYPE:
        return _read_match(data)
    return _read_game(data, 1, None)


def _loaded(source: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(source, str):
        if len(source) > MAX_TEXT_FILE:
            raise NotationError(f"EGN: the file is longer than {MAX_TEXT_FILE // 2**20} MiB")
        try:
            data = strict_json.loads(source)
        except HasenError as exc:
            raise NotationError(f"EGN: {exc}") from None
    else:
        data = source
    if not isinstance(data, Mapping) or data.get("fileType") not in (FILE_TYPE, MATCH_TYPE):
        raise NotationError(f"EGN: not an EGN file (its fileType must be {FILE_TYPE!r}, or {MATCH_TYPE!r} for a match)")
    return data


def _read_match(data: Mapping[str, Any]) -> list[EgnDeal]:
    """The deals of every game of an EMN match, each game's players named from the match's."""
    try:
        json_schema.check(data, "emn")
    except json_schema.SchemaError as exc:
        raise NotationError(f"EMN: the match file does not follow the specification: {exc}") from None
    names = {player["id"]: player["name"] for player in data["metadata"]["players"]}
    games = sorted(data["games"], key=lambda game: game["gameIndex"])
    out: list[EgnDeal] = []
    for number, game in enumerate(games, 1):
        missing = [i for i in game["players"] if i not in names]
        if missing:
            raise NotationError(f"EMN: game {number}: the player {quoted(missing[0])} is not one of the match's")
        try:
            out += _read_game(game["gameData"], number, [names[i] for i in game["players"]])
        except NotationError as exc:
            raise NotationError(f"EMN: game {number}: {exc}") from None
    return out


def _read_game(data: Mapping[str, Any], game: int, match_names: list[str] | None) -> list[EgnDeal]:
    data, kitties = _upgraded(data)
    try:
        json_schema.check(data, "egn")
    except json_schema.SchemaError as exc:
        raise NotationError(f"EGN: the file does not follow the specification: {exc}") from None
    metadata = data["metadata"]
    ruleset = metadata.get("ruleset", {})
    table = table_of(ruleset)
    variant = table.variant
    players = match_names if match_names is not None else _names(metadata["players"], variant, ruleset)
    names = {SEATS[seat]: name for seat, name in zip(variant.seats, players) if name}
    # one name at several seats (a program's players, each "Computer"): each told apart by
    # its seat, as a record's players must be, rather than every deal refused
    shared = {name for name in names.values() if list(names.values()).count(name) > 1}
    suffix = len(" (N)")
    told = {seat: f"{name[: MAX_NAME - suffix]} ({seat})" if name in shared else name for seat, name in names.items()}
    # a told-apart name another seat has already ("A", "A", "A (N)"): those seats go unnamed
    names = {seat: name for seat, name in told.items() if list(told.values()).count(name) == 1}
    start = (0,) * len(variant.score_names)
    score: tuple[int, ...] | None = _score(metadata["initialScore"], variant, table.settings)
    out = []
    for number, deal in enumerate(data["deals"], 1):
        if isinstance(deal, str):
            read = Read(
                None,
                "the deal is in EGN's condensed (bitpacked) form, which hasen does not read: write "
                "the file as JSON (the specification's egn-convert does)",
                None,
            )
        else:
            try:
                read = _deal(
                    deal,
                    table,
                    names,
                    score,
                    EgnDeal(number, None, None, game, match_names is not None).id,
                    kitties.get(number - 1, 0),
                )
            except HasenError as exc:  # this deal is wrong, not the file: the others are read
                read = Read(None, str(exc), None)
        out.append(EgnDeal(number, read.record, read.missing, game, match_names is not None))
        # the next deal's score: known while every hand before it was played out; a game won,
        # the next deal starts the next game
        score = None if score is None or read.points is None else tuple(a + b for a, b in zip(score, read.points))
        if score is not None and max(score) >= table.settings.game_points:
            score = start
    return out


def _upgraded(data: Mapping[str, Any]) -> tuple[Mapping[str, Any], dict[int, Mask]]:
    """A file of EGN 1.0 or 1.1 in 1.4's keys (as the specification's upgrade makes it), and
    the kitty each deal gave (1.2 dropped it); a file of 1.2 or later as it is."""
    version = data.get("version")
    if not isinstance(version, str) or not OLD_VERSION.fullmatch(version):
        return data, {}

    def renamed(value: Any) -> Any:
        if isinstance(value, list):
            return [renamed(item) for item in value]
        if isinstance(value, Mapping):
            return {OLD_KEYS.get(k, k): renamed(v) for k, v in value.items() if k not in DROPPED and k != "kitty"}
        return value

    kitties: dict[int, Mask] = {}
    deals = data.get("deals")
    for index, deal in enumerate(deals if isinstance(deals, list) else []):
        state = deal.get("initialState", deal.get("initial_state")) if isinstance(deal, Mapping) else None
        kitty = state.get("kitty") if isinstance(state, Mapping) else None
        if isinstance(kitty, list):
            kitties[index] = mask_of(c for c in (_kitty_card(card) for card in kitty) if c is not None)
    try:
        return {**renamed(data), "version": VERSION}, kitties
    except RecursionError:  # the schema's depth is a dozen levels: this is no EGN file
        raise NotationError("EGN: nested too deeply to be an EGN file") from None


def _kitty_card(text: object) -> CardId | None:
    try:
        return card_of(text, None, "kitty")
    except HasenError:
        return None


def _names(players: list[Any], variant: Variant, ruleset: Mapping[str, Any]) -> list[str]:
    names = [(p if isinstance(p, str) else p["name"]).strip() for p in players]
    seats = len(variant.seats)
    if len(names) > seats:
        raise NotationError(
            f"EGN: metadata.players names {len(names)} players, but {variant.name} has {seats}"
            + ("" if "num_players" in ruleset else " (num_players: 4 unless the ruleset says)")
        )
    return names


def _score(value: list[int], variant: Variant, settings: Settings) -> tuple[int, ...] | None:
    """The score before the first deal: the two sides' (EGN keeps two); with three players
    each for themselves only a game's start, [0, 0], can be said; none given ([]): not known."""
    count = len(variant.score_names)
    if not value:
        return None
    given = tuple(value)
    if count == 3:
        if any(given):
            raise NotationError(
                f"EGN: metadata.initialScore {list(value)}: EGN keeps two sides' scores, so a "
                "Three-Handed game is read from its start, [0, 0]"
            )
        return (0, 0, 0)
    if len(given) != count:
        raise NotationError(f"EGN: metadata.initialScore: expected the two sides' scores, got {list(value)}")
    if max(given) >= settings.game_points:
        raise NotationError(f"EGN: metadata.initialScore {list(value)}: the game is over at {settings.game_points}")
    if min(given) < 0 and not falls_below_zero(variant, settings):
        raise NotationError(f"EGN: metadata.initialScore {list(value)}: no score falls below 0 in {variant.name}")
    return tuple(int(v) for v in given)


def card_of(text: object, trump: int | None, where: str, variant: Variant | None = None) -> CardId | None:
    """An EGN card (``Jd``, ``Nc`` for the nine, ``R``/``L`` the bowers, ``B`` the Joker);
    None for one not known (``Xx``, ``Xc``, ``Jx``, or a generic suit ``t``, ``n``, ``g``)."""
    if not isinstance(text, str):
        raise NotationError(f"{where}: not a card: {quoted(text)}")
    if text == "B":
        card: CardId = JOKER
    elif text in ("R", "L"):
        if trump is None:
            raise NotationError(f"{where}: {text} (a bower) before trump is made")
        card = make_card(trump, RANKS.index("J")) if text == "R" else left_bower(trump)
    elif len(text) == 2 and (text[0] in UNKNOWN_MARKS or text[1] in UNKNOWN_MARKS):
        return None
    elif len(text) == 2 and text[0] in EGN_RANKS and text[1].upper() in SUITS:
        card = make_card(SUITS.index(text[1].upper()), RANKS.index(EGN_RANKS[text[0]]))
    else:
        raise NotationError(
            f"{where}: not a card: {quoted(text)} (a rank 7-A, N for 9, then a suit s h d c; R, L, B or X)"
        )
    if variant is not None and not variant.deck >> card & 1:
        raise NotationError(
            f"{where}: {text} is not a card of the {variant.deck_size}-card deck"
            + (" (the Joker: joker true)" if card == JOKER else "")
        )
    return card


def _deal(
    deal: Mapping[str, Any],
    table: Table,
    names: dict[str, str],
    score: tuple[int, ...] | None,
    record_id: int | str,
    kitty: Mask,
) -> Read:
    variant, settings = table
    state = deal["initialState"]
    seats = variant.seats
    index = int(state["dealer"])  # the schema's integer: 1.0 is 1
    if index >= len(seats):
        raise NotationError(f"initialState.dealer {index}: {variant.name} has players 0 to {len(seats) - 1}")
    dealer = seats[index]
    upcard = card_of(state["upCard"], None, "initialState.upCard", variant)
    phases = {phase["type"]: phase for phase in reversed(deal["phases"])}  # the first of each kind
    if upcard is None:
        return Read(None, "the upcard is not known", None)
    bidding, play = phases.get(BIDDING), phases.get(PLAY)
    if bidding is None:
        return Read(None, "the deal has no bidding (a position set up, not a hand played)", None)
    calls, maker, trump, alone = _auction(
        bidding["calls"], bidding.get("isAlone", False), variant, settings, dealer, upcard
    )
    given = _given_hands(state.get("playerCards"), variant, trump)
    head: dict[str, Any] = {
        "id": record_id,
        "players": names,
        "auction": calls,
        "score": None if score is None else score,
    }
    # no trump made, or no play and nothing of a contract beyond the auction (a record that
    # stops after its auction): the auction alone
    settled = any(key in bidding for key in CONTRACT_KEYS)
    if maker is None or trump is None or (play is None and not settled):
        return _unplayed(variant, settings, dealer, upcard, given, head, maker is not None and trump is not None)
    defender = _defender(bidding, variant, maker, alone)
    best, defender_best = _calls_for_best(bidding, variant, settings, maker, alone, defender, trump)
    discard = None if "discard" not in bidding else card_of(bidding["discard"], trump, "discard", variant)
    contract = PlayedContract(maker, trump, alone, defender, discard, best, defender_best)
    tricks = _tricks(play, variant, contract, trump)
    cards = [card for trick in tricks for card in trick]
    points = _points(variant, settings, dealer, contract, cards)
    try:
        hand = deal_from_play(variant, settings, dealer, upcard, contract, cards, given, kitty)
    except HasenError as exc:
        return Read(None, str(exc).removeprefix("play: "), points)
    spec = ContractSpec(maker, None, trump, hand.discard, alone, defender, best, defender_best)
    record = Record(
        with_settings(hand.deal, settings),
        contract=spec,
        unknown=hand.unknown,
        play=" | ".join(" ".join(card_name(c) for c in trick) for trick in tricks),
        **head,
    )
    return Read(record, None, points)


def _unplayed(
    variant: Variant,
    settings: Settings,
    dealer: int,
    upcard: CardId,
    given: dict[int, Mask],
    head: dict[str, Any],
    made: bool = False,
) -> Read:
    """A deal with no play: its auction made no trump, or (``made``) it did and the deal has
    no play phase (a record that stops after its auction). Its record where every hand is
    given."""
    passed_out = len(head["auction"]) == 2 * len(variant.seats)
    points = (0,) * len(variant.score_names) if passed_out else None
    if set(given) != set(variant.seats):
        why = (
            "trump is made but the deal has no play"
            if made
            else "every player passed, so nothing was played"
            if passed_out
            else "the auction stops before trump is made"
        )
        return Read(None, f"{why} and the hands are not given (playerCards)", points)
    deal = Deal.from_masks(tuple(given.get(s, 0) for s in range(len(SEATS))), upcard, dealer, variant, settings)
    return Read(Record(deal, **head), None, points)


def _auction(
    calls: list[str], alone_flag: bool, variant: Variant, settings: Settings, dealer: int, upcard: CardId
) -> tuple[list[tuple[str, str]], int | None, int | None, bool]:
    """The calls as a record writes them, the maker, trump and alone (see the module for a
    turned Joker)."""
    seats = variant.seats
    order = [seats[(seats.index(dealer) + 1 + i) % len(seats)] for i in range(len(calls))]
    # where a game has no lone form (three players: the maker always plays alone against the
    # other two), isAlone says no more
    has_lone_form = True in variant.forms
    alone = alone_flag and has_lone_form
    out: list[tuple[str, str]] = []
    for number, (seat, call) in enumerate(zip(order, calls)):
        first_round = number < len(seats)
        if call == PASS:
            out.append((SEATS[seat], "pass"))
            continue
        if call == UNKNOWN_CALL:
            raise NotationError(f"calls[{number}]: x, a call not known, so the auction is not known")
        if call == "n":
            raise NotationError("calls: n (no trump) is a rule the product does not play")
        if number != len(calls) - 1:
            raise NotationError(f"calls[{number}]: {quoted(call)} makes trump, and more calls follow it")
        suffix = " alone" if alone else ""
        if call == ORDER and first_round:
            return [*out, (SEATS[seat], "order up" + suffix)], seat, first_round_suit(upcard, settings), alone
        if call != ORDER and first_round and upcard == JOKER and seat == dealer:
            # the dealer names trump under a turned Joker: the others' passes are not calls of the product's
            return [(SEATS[seat], f"name {call.upper()}{suffix}")], seat, SUITS.index(call.upper()), alone
        if call != ORDER and not first_round:
            return [*out, (SEATS[seat], f"name {call.upper()}{suffix}")], seat, SUITS.index(call.upper()), alone
        raise NotationError(
            f"calls[{number}]: {quoted(call)} is not a call of {'the first' if first_round else 'the second'} round"
        )
    return out, None, None, False


def _defender(bidding: Mapping[str, Any], variant: Variant, maker: int, alone: bool) -> int | None:
    index = int(bidding.get("aloneDefender", -1))
    if index < 0:
        return None
    if not alone or index >= len(variant.seats):
        raise NotationError(f"aloneDefender {index}: only an opponent of a lone maker defends alone")
    seat = variant.seats[index]
    if variant.side_of(seat, maker) == variant.side_of(maker, maker):
        raise NotationError(f"aloneDefender {index}: {SEATS[seat]} is the maker's partner")
    return seat


def _calls_for_best(
    bidding: Mapping[str, Any],
    variant: Variant,
    settings: Settings,
    maker: int,
    alone: bool,
    defender: int | None,
    trump: int,
) -> tuple[BestCard | None, BestCard | None]:
    """Each lone player's call for best from ``cardExchanges``: its partner's card passed to
    it, and its card put away to the partner."""
    exchanges = bidding.get("cardExchanges", [])
    callers = dict(best_callers(variant, settings, maker, alone, defender))
    if exchanges and not callers:
        raise NotationError("cardExchanges: nobody calls for the partner's best card in this deal")
    found: dict[int, BestCard] = {}
    for caller, partner in callers.items():
        sent = [
            _one_card(e, trump, variant)
            for e in exchanges
            if e.get("sender") == variant.seats.index(partner) and e["receiver"] == variant.seats.index(caller)
        ]
        put = [
            _one_card(e, trump, variant)
            for e in exchanges
            if e.get("sender") == variant.seats.index(caller) and e["receiver"] == variant.seats.index(partner)
        ]
        if len(sent) == 1 and len(put) == 1 and sent[0] is not None and put[0] is not None:
            found[caller] = BestCard(sent[0], put[0])
    return found.get(maker), None if defender is None else found.get(defender)


def _one_card(exchange: Mapping[str, Any], trump: int, variant: Variant) -> CardId | None:
    cards = exchange["cards"]
    if len(cards) != 1:
        raise NotationError(f"cardExchanges: a call for best passes one card, not {len(cards)}")
    return card_of(cards[0], trump, "cardExchanges", variant)


def _given_hands(value: list[list[str]] | None, variant: Variant, trump: int | None) -> dict[int, Mask]:
    """The hands ``playerCards`` gives whole (a list left empty, or with a card not known,
    gives none)."""
    given = {}
    for seat, cards in zip(variant.seats, value or []):
        known = [card_of(c, trump, "initialState.playerCards", variant) for c in cards]
        if len(known) == variant.hand_size and None not in known:
            given[seat] = mask_of(c for c in known if c is not None)
    return given


def _tricks(
    play: Mapping[str, Any] | None, variant: Variant, contract: PlayedContract, trump: int
) -> list[list[CardId]]:
    """The tricks as played, up to the first card not known (the play is known to there)."""
    size = len(playing_seats(variant, contract.declarer, contract.alone, contract.lone_defender))
    out: list[list[CardId]] = []
    for number, trick in enumerate(play["tricks"] if play is not None else []):
        if len(trick) > size:
            raise NotationError(f"tricks[{number}]: {len(trick)} cards, but {size} players play")
        cards = [card_of(c, trump, f"tricks[{number}]", variant) for c in trick]
        known = [c for c in cards if c is not None]
        if known:
            out.append(known)
        if len(known) < size:
            break
    return out


def _points(
    variant: Variant, settings: Settings, dealer: int, contract: PlayedContract, cards: list[CardId]
) -> tuple[int, ...] | None:
    """The hand's points by the tricks' winners where the play is whole (even where the cards
    do not make a record, a misplay say: the tricks were taken)."""
    try:
        played = holders(variant, settings, dealer, contract, cards)
    except HasenError:
        return None
    if any(len(held) != variant.hand_size for held in played.values()):
        return None
    by_card = {card: seat for seat, held in played.items() for card in held}
    taken = 0
    for start in range(0, len(cards), len(played)):
        trick = cards[start : start + len(played)]
        taken += variant.declares_with(by_card[trick[trick_winner(trick, contract.trump)]], contract.declarer)
    return scorer_points(
        variant,
        settings,
        None,
        taken,
        contract.alone,
        variant.scorer_of(contract.declarer),
        contract.lone_defender is not None,
    )


# --- writing ---------------------------------------------------------------------------------


def write_egn(records: Sequence[Record], title: str | None = None) -> str:
    """Records of four-hand, Three-Handed, Two-handed or Railroad Euchre, in order, as EGN:
    one game as an EGN file; several four-hand games (the score starting again, other
    players, other rules) as an EMN match of EGN games. What a record does not know is not
    written (``unknown``); a table rule EGN has no key for is refused by name.

    >>> record = Record.parse("variant: euchre; dealer: N; upcard: 9H; auction: E pass, S pass, W pass, "
    ...                       "N order up; contract: N, trump H; play: JS TH 9S KH | AD 9D KD AH | "
    ...                       "QH JD TS TD | 9H KC JC JH | 9C QD QC AC")
    >>> record.unknown  # N took the 9H and put away a card nobody saw
    ('discard',)
    >>> game = json.loads(write_egn([record]))
    >>> game["version"], game["metadata"]["ruleset"]["std"], "discard" in game["deals"][0]["phases"][0]
    ('1.4', False, False)
    """
    if not records:
        raise NotationError("EGN: no records to write")
    if title is not None and len(title) > 128:
        raise NotationError("EGN: the title is longer than 128 characters, EGN's most")
    for number, record in enumerate(records, 1):
        if record.variant.name not in WRITTEN:
            named = record.id is not None and str(record.id) != str(number)
            which = f"record {number}" + (f" (id {record.id})" if named else "")
            raise NotationError(
                f"EGN: {which} is {GAME_TITLES[record.variant.name]}, and EGN records only Euchre: four-hand, "
                "two-handed, three-handed and Railroad; leave it out, or write the records as they are"
            )
    games = split_games(records)
    if len(games) == 1:
        return json.dumps(_game(games[0], title), indent=2, ensure_ascii=False)
    # every game of a match: the first game's players alone would let a later one through
    odd = next((number for number, game in enumerate(games, 1) if len(game[0].variant.seats) != 4), None)
    if odd is not None:
        variant = games[odd - 1][0].variant
        raise NotationError(
            f"EGN: these records hold {len(games)} games, game {odd} of {variant.name}; an EGN file holds one "
            "game, and an EMN match only four-player games: write one game at a time "
            "(hasen record FILE --egn --game N)"
        )
    return json.dumps(_match(games, title), indent=2, ensure_ascii=False)


def split_games(records: Sequence[Record]) -> list[list[Record]]:
    """The records in games: a new game where the score starts again (``place_hands``), or
    the players, the game or its rules change."""
    games: list[list[Record]] = []
    last: tuple[Any, ...] | None = None
    number = 0
    from ..analysis.games import place_hands  # a late binding: see tests/test_layers.py

    for record, place in zip(records, place_hands(records)):
        number = number if place is None else place.number
        key = (number, record.variant, record.settings, tuple(sorted(record.players.items())))
        if key != last:
            games.append([])
            last = key
        games[-1].append(record)
    return games


def _game(records: Sequence[Record], title: str | None) -> dict[str, Any]:
    first = records[0]
    variant = first.variant
    ruleset = ruleset_of(variant, first.settings)
    if len(records) > 100:
        raise NotationError(
            f"EGN: a game of {len(records)} deals; EGN holds at most 100 (the score may not be "
            "known, so that the hands run on as one game: give the records a score)"
        )
    score = list(first.score or ())  # none: the score is not known ([] in EGN)
    if len(score) == 3 and any(score):
        raise NotationError(
            f"EGN: the game starts at {'-'.join(map(str, score))}: EGN keeps two sides' scores, so "
            "a Three-Handed game is written from its start, 0-0-0"
        )
    defended = next((r for r in records if r.contract is not None and r.contract.lone_defender is not None), None)
    if defended is not None and not ruleset.get("defend_alone"):  # written for Railroad only
        raise NotationError(
            f"EGN: record {defended.id or records.index(defended) + 1}: a lone defender has no place "
            f"in EGN's {variant.name}: its defend_alone scores a lone defence's euchre 4, and "
            f"{variant.name} 2 (Railroad scores it 4)"
        )
    metadata: dict[str, Any] = {
        "players": [first.players.get(SEATS[s], "") for s in variant.seats],
        "initialScore": score[:2] if len(score) != 3 else [0, 0],
        "ruleset": ruleset,
    }
    if title:
        metadata["title"] = title
    deals = [_deal_json(record, number) for number, record in enumerate(records)]
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": metadata, "deals": deals}


def _match(games: list[list[Record]], title: str | None) -> dict[str, Any]:
    """Several four-hand games as an EMN match: every player once, each game's by its seats."""
    ids: dict[str, str] = {}
    players: list[dict[str, str]] = []
    out = []
    for number, game in enumerate(games):
        seated = []
        for seat in game[0].variant.seats:
            name = game[0].players.get(SEATS[seat], "")
            key = name or f"{SEATS[seat]} in game {number + 1}"  # a player not named: one of each game
            if key not in ids:
                ids[key] = f"p-{len(ids) + 1:02d}"
                players.append({"id": ids[key], "name": name})
            seated.append(ids[key])
        out.append({"gameIndex": number, "players": seated, "gameData": _game(game, None)})
    metadata: dict[str, Any] = {"players": players}
    if title:
        metadata["title"] = title
    return {"fileType": MATCH_TYPE, "version": MATCH_VERSION, "metadata": metadata, "games": out}


def _deal_json(record: Record, number: int) -> dict[str, Any]:
    variant = record.variant
    seats = variant.seats
    state: dict[str, Any] = {"dealer": seats.index(record.deal.dealer), "upCard": egn_card(record.deal.extra)}
    hands = _written_hands(record)
    if hands is not None:
        state["playerCards"] = hands
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": BIDDING, "calls": _calls(record)}
    phases: list[dict[str, Any]] = [bidding]
    contract, play, end = record.contract, record.state, record.auction_end
    if contract is None and end is not None and end.alone is not None and end.declarer is not None:
        bidding["isAlone"] = end.alone  # an auction over, its contract not written: how the maker plays
    if contract is not None and play is not None:
        bidding["isAlone"] = contract.alone
        if contract.lone_defender is not None:
            bidding["aloneDefender"] = seats.index(contract.lone_defender)
        discard = exchange_discard(play)
        if discard is not None and "discard" not in record.unknown:
            bidding["discard"] = egn_card(discard)
        exchanges = _exchanges(record)
        if exchanges:
            bidding["cardExchanges"] = exchanges
        tricks = [cards for _, cards, _ in play.tricks] + ([play.trick] if play.trick else [])
        phases.append({"phaseNumber": 1, "type": PLAY, "tricks": [[egn_card(c) for c in t] for t in tricks]})
    return {"dealNumber": number, "initialState": state, "phases": phases}


def _written_hands(record: Record) -> list[list[str]] | None:
    """``playerCards``: none where the play shows every hand the record knows (a record typed
    once); else each hand as dealt, a card the record does not know written ``Xx``."""
    if record.typed_once:
        return None
    stand_ins = _stand_ins(record)
    return [
        [egn_card(c) if not stand_ins >> c & 1 else "Xx" for c in record.deal.hand(seat)]
        for seat in record.variant.seats
    ]


def _stand_ins(record: Record) -> Mask:
    """The cards of the deal that stand in for what the record does not know."""
    contract = record.contract
    if contract is None:
        return 0
    out = 0
    if "discard" in record.unknown:
        out |= 1 << contract.discard
    for part, lone in (("partner", contract.declarer), ("defender partner", contract.lone_defender)):
        if part in record.unknown and lone is not None:
            passed = {c.passed for c in (contract.best, contract.defender_best) if c is not None}
            out |= int(record.deal.hands[partner_of(lone)]) & ~mask_of(passed)
    return out


def _calls(record: Record) -> list[str]:
    """The calls in EGN's words, clockwise from the dealer's left (a dealer naming trump at
    once under a turned Joker after the others' passes)."""
    seats = record.variant.seats
    calls = []
    if record.calls and record.deal.extra == JOKER and record.auction_state.round == 0:
        calls = [PASS] * (len(seats) - 1)
    for _, call in record.calls:
        words = call.words(record.settings).removesuffix(" alone")
        calls.append(PASS if words == "pass" else ORDER if words == "order up" else words[-1].lower())
    return calls


def _exchanges(record: Record) -> list[dict[str, Any]]:
    """Each call for best as two exchanges: the partner's card to the caller, the caller's
    card put away to the partner."""
    contract = record.contract
    assert contract is not None
    seats = record.variant.seats
    out = []
    for call, caller in ((contract.best, contract.declarer), (contract.defender_best, contract.lone_defender)):
        if call is None or caller is None:
            continue
        partner = seats.index(partner_of(caller))
        out += [
            {"sender": partner, "receiver": seats.index(caller), "cards": [egn_card(call.passed)]},
            {"sender": seats.index(caller), "receiver": partner, "cards": [egn_card(call.discard)]},
        ]
    return out


def egn_card(card: CardId) -> str:
    """A card as EGN writes it: rank then lower-case suit (``Jd``), ``B`` the Joker."""
    name = card_name(card)
    return "B" if card == JOKER else name[0] + name[1].lower()
