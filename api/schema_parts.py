"""The parts the web API's schemas are made of: the notation's values (deals, seats, cards,
suits, games and their table settings), the seats, suits and cards of an answer, and how a
schema is closed to other keys or given optional ones."""

from __future__ import annotations

from typing import Any

from hasen.core.bounds import MAX_SEED
from hasen.core.cards import JOKER_NAME, RANKS, SUIT_SYMBOLS, SUITS
from hasen.core.seats import SEATS
from hasen.core.settings import AUCTION_SETTINGS, GAME_SETTINGS, PLAY_SETTINGS
from hasen.core.variants import DECKS, HASENPFEFFER, VARIANTS

from .config import MAX_TEXT

REF = "#/components/schemas/"


def text(description: str) -> dict[str, Any]:
    return {"type": "string", "maxLength": MAX_TEXT, "description": description}


def one_of(values: list[str], description: str, shown: str | None = None) -> dict[str, Any]:
    """A string that is one of ``values`` (so that clients can list and check them);
    ``shown`` is how an error message names them (``x-shown``), when not every value."""
    schema = {"type": "string", "enum": values, "description": description}
    if shown is not None:
        schema["x-shown"] = shown
    return schema


def ref(name: str, description: str | None = None) -> dict[str, Any]:
    """A shared component of the document, with what it is here."""
    schema = {"$ref": REF + name}
    if description is not None:
        schema["description"] = description
    return schema


def seat(description: str) -> dict[str, Any]:
    return ref("SeatName", description)


# input is case-insensitive (docs/notation.md): both cases are listed
SEAT_NAMES = list(SEATS) + list(SEATS.lower())
TRUMP_NAMES = list(SUITS) + list(SUITS.lower()) + list(SUIT_SYMBOLS)
# the values every request and answer shares, one component each (a generated client makes one
# type of each): as answers write them, and as requests may write them
VALUES = {
    "Seat": {"type": "string", "enum": list(SEATS), "description": "A seat: N, E, S or W."},
    "SeatName": one_of(SEAT_NAMES, "A seat, in either case.", f"{', '.join(SEATS)} (either case)"),
    "Suit": {"type": "string", "enum": list(SUITS), "description": "A suit: S, H, D or C."},
    "TrumpName": one_of(
        TRUMP_NAMES,
        "A suit, in either case or as its symbol.",
        f"{', '.join(SUITS)} (either case) or {' '.join(SUIT_SYMBOLS)}",
    ),
    "Card": {
        "type": "string",
        "pattern": f"^({JOKER_NAME}|[{RANKS}][{SUITS}])$",
        "description": f"A card: its rank and suit, as AS or TD, or the Joker, {JOKER_NAME}.",
        "x-shown": f"a card in capitals like AS, TD or {JOKER_NAME}",
    },
    "Variant": {"type": "string", "enum": list(VARIANTS), "description": "A game of the family."},
    # a card as a request may write it (hasen.core.cards.parse_card): either case, 10 for T, a
    # suit's symbol for its letter, the Joker as JK or *; whether the deck has it is checked after
    "CardName": {
        "type": "string",
        "maxLength": 8,
        "pattern": "^\\s*(?:"
        + "".join(f"[{c}{c.lower()}]" for c in JOKER_NAME)
        + "|\\*|(?:["
        + "".join(dict.fromkeys(RANKS + RANKS.lower()))
        + "]|10)["
        + SUITS
        + SUITS.lower()
        + SUIT_SYMBOLS
        + "])\\s*$",
        "description": "A card, rank then suit, in either case (T or 10 for ten, a suit symbol for its "
        f"letter), or the Joker ({JOKER_NAME} or *).",
        "x-shown": f"a card: rank then suit, like AS, 10H or 9♣, or {JOKER_NAME}",
    },
}


DEAL = text(
    "Deal notation: '<seat>:<hand> <hand> <hand> <hand> [<widow>]', hands in dotted "
    "form clockwise from <seat>, e.g. 'N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS'. Euchre: "
    "the hands (N and S in euchre2, all four in euchre) then the upcard, e.g. "
    "'N:..KQT9.9 T9.AKQ.. AS'."
)
DEALER = seat("N, E, S or W; default: the deal's first seat.")
ALONE = {"type": "boolean", "description": "The declarer plays without the partner; default false."}
VARIANT = ref("Variant", f"The game: {', '.join(VARIANTS)}; default {HASENPFEFFER.name}.")
DECK_SIZES = {"type": "integer", "enum": sorted(DECKS)}
DECK = {
    **DECK_SIZES,
    "description": "Cards in the deck: "
    + "; ".join(f"{name} {', '.join(map(str, decks))}" for name, decks in VARIANTS.items())
    + "; default the first.",
}
DEFENDER = seat(
    "A defender who plays alone against the lone declarer (needs declarer and alone): "
    "two hands play and the defender leads."
)


def setting(name: str) -> dict[str, Any]:
    """A table setting of docs/rules.md, as a request key; the values each game takes."""
    games = {game: values[name] for game, values in GAME_SETTINGS.items() if name in values}
    allowed = "; ".join(f"{game}: {', '.join(str(v).lower() for v in values)}" for game, values in games.items())
    description = f"{allowed} (the first is the default; a setting the variant lacks is an error)."
    if all(isinstance(v, bool) for values in games.values() for v in values):
        return {"type": "boolean", "description": description}
    if all(isinstance(v, int) for values in games.values() for v in values):  # game_points
        return {
            "type": "integer",
            "enum": list(dict.fromkeys(v for values in games.values() for v in values)),
            "description": description,
        }
    return one_of(list(dict.fromkeys(str(v) for values in games.values() for v in values)), description)


VARIANT_OPTIONS = {"variant": VARIANT, "deck": DECK}


FORM_NAMES = ["both", "partner", "alone"]
SEED_FIELD = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_SEED,
    "description": f"The random seed, 0 to {MAX_SEED}; default 0.",
}


def layouts_field(what: str, limit: int, default: int) -> dict[str, Any]:
    return {
        "type": "integer",
        "minimum": 1,
        "description": f"{what}: at most {limit} (more gives 413); default {default}.",
    }


SEAT = ref("Seat")
SUIT = ref("Suit")
CARD = ref("Card")
TRICKS = {"type": "integer", "minimum": 0}
VERSION = {"type": "string", "description": "The version of hasen that answered (the document's info.version)."}


def closed(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    """An object with exactly these keys."""
    schema = {"type": "object", "additionalProperties": False, "required": list(required), "properties": required}
    if description:
        schema["description"] = description
    return schema


def optional(schema: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """The schema with more keys allowed, not required."""
    return {**schema, "properties": {**schema["properties"], **extra}}


SETTINGS = {
    "type": "object",
    "additionalProperties": False,
    "description": "Table settings, by name (see the request keys of the same names).",
    "properties": {name: {"type": ["string", "boolean", "integer"]} for name in PLAY_SETTINGS + AUCTION_SETTINGS},
}
NULL = {"type": "null"}
NOT_SEEN = {"type": "null", "x-shown": "null (not seen)"}  # a card the table did not see


FIGURE = {"type": "number"}
SHARE = {"type": "number", "minimum": 0, "maximum": 1}


WIDOW = {"const": "widow", "description": "Nobody: the Joker is the widow."}
