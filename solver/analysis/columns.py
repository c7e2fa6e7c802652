"""The tidy rows' schemas, in one place: each column of a kind of row, its type and what it
holds. A table's rows (``TableAnalysis.rows()``, ``hasen batch``'s CSV and Parquet) and a
reviewed hand's decisions (``HandReview.rows()``, ``hasen session``'s CSV and Parquet) have
the same columns wherever they are written; ``hasen schema table-rows`` and ``hasen schema
decision-rows`` print them as JSON Schema.

A column's kind is a fixed set of names in the game's order (seats, suits, cards, games:
pandas reads each as an ordered categorical) or a plain type.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.cards import CARD_NAMES, SUITS, canonical_key
from ..core.seats import SEATS
from ..core.variants import VARIANTS

SEAT, SUIT, CARD, VARIANT = "seat", "suit", "card", "variant"
ORDERS: dict[str, tuple[str, ...]] = {
    SEAT: tuple(SEATS),
    SUIT: tuple(SUITS),
    CARD: tuple(sorted(CARD_NAMES, key=lambda name: canonical_key(CARD_NAMES.index(name)))),
    VARIANT: tuple(VARIANTS),
}
ID, TEXT, BOOL, INT8, INT16, INT32, FLOAT = "id", "text", "bool", "int8", "int16", "int32", "float"


class ColumnSpec(NamedTuple):
    name: str
    kind: str
    meaning: str


Schema = tuple[ColumnSpec, ...]
PlainSchema = tuple[tuple[str, str, str], ...]  # a Schema as plain tuples, where annotations are public

# in the files of a run, and in a reviewed record's rows; a table's rows() have no id (the deal is theirs)
IDENTITY = ColumnSpec("id", ID, "the record's or deal's id: its own, or its number in the input (text in the files)")

TABLE_ROW: Schema = (
    IDENTITY,
    ColumnSpec("variant", VARIANT, "the game"),
    ColumnSpec("deck", INT8, "the number of cards in the deck"),
    ColumnSpec("deal", TEXT, "the deal in the deal notation"),
    ColumnSpec("dealer", SEAT, "the dealer"),
    ColumnSpec("declarer", SEAT, "the declarer (Hasenpfeffer) or maker (Euchre)"),
    ColumnSpec("alone", BOOL, "the declarer plays alone"),
    ColumnSpec("defender", SEAT, "a lone defender, where one is asked for"),
    ColumnSpec("trump", SUIT, "trump"),
    ColumnSpec(
        "discard",
        CARD,
        "the declarer's discard (Hasenpfeffer), the dealer's (Euchre, when the dealer "
        "takes the upcard); empty when nobody exchanges",
    ),
    ColumnSpec("tricks", INT8, "the tricks the declaring side takes, double dummy"),
    ColumnSpec("best", BOOL, "the cell is worth the declarer's most"),
    ColumnSpec("dealer_choice", BOOL, "Euchre: the discard the dealer makes"),
    ColumnSpec("call", TEXT, "Railroad: the maker's call for best"),
    ColumnSpec("defender_call", TEXT, "Railroad: the lone defender's call for best"),
)

DECISION_ROW: Schema = (
    IDENTITY,
    ColumnSpec("player", TEXT, "the player's name, else the seat"),
    ColumnSpec("seat", SEAT, "the seat that decided"),
    ColumnSpec("decision", TEXT, "call (a bid or pass), contract (trump and discard) or card"),
    ColumnSpec("call", TEXT, "the call made, or the contract chosen (trump, discard, alone)"),
    ColumnSpec("trick", INT8, "a card's trick, from 1"),
    ColumnSpec("card", CARD, "the card played"),
    ColumnSpec("points_cost", FLOAT, "points given away against the best choice, single dummy, from the seat's view"),
    ColumnSpec("points_stderr", FLOAT, "the standard error of points_cost"),
    ColumnSpec("single_dummy_cost", FLOAT, "tricks given away, single dummy (cards and contracts)"),
    ColumnSpec("stderr", FLOAT, "the standard error of single_dummy_cost"),
    ColumnSpec("mistake", BOOL, "the cost is clear of twice its standard error (and judged)"),
    ColumnSpec("double_dummy_cost", FLOAT, "a card's tricks given away with every hand open"),
    ColumnSpec("verdict", TEXT, "good, mistake, forced, or double dummy only"),
    ColumnSpec("win_cost", FLOAT, "the chance of winning the game given away (0 to 1), where the score is known"),
    ColumnSpec("game", INT32, "the game of the night the hand belongs to, from 1"),
    ColumnSpec("own_score", INT16, "the score before the hand: the player's side's"),
    ColumnSpec("other_score", INT16, "the score before the hand: the other side's (of three players, the best other)"),
    ColumnSpec("deal", TEXT, "the hand's deal in the deal notation"),
    ColumnSpec("number", INT16, "the call's or card's number in the hand, from 1"),
    ColumnSpec("best", TEXT, "the best call, card or contract"),
    ColumnSpec("judged", BOOL, "weighed on enough layouts agreeing with the auction to be called a mistake"),
    ColumnSpec("layouts", INT32, "the layouts the verdict rests on"),
    ColumnSpec("agree_with_auction", BOOL, "those layouts agree with the auction"),
    ColumnSpec("decided_by", TEXT, "points, or win (the chance of winning the game, with the score known)"),
)

SCHEMAS: dict[str, tuple[str, Schema]] = {
    "table-rows": ("a table's rows: TableAnalysis.rows(), hasen batch --format csv and --parquet", TABLE_ROW),
    "decision-rows": (
        "a reviewed hand's decisions: HandReview.rows(), hasen session --csv and --parquet",
        DECISION_ROW,
    ),
}
# each plain kind as JSON Schema's type, and as pandas' type (nullable, so that a column of one
# run with no value has the type of another's); the Parquet types are hasen.cli.parquet's
JSON_TYPES: dict[str, Any] = {
    ID: ["string", "integer"],
    TEXT: "string",
    BOOL: "boolean",
    INT8: "integer",
    INT16: "integer",
    INT32: "integer",
    FLOAT: "number",
}
PANDAS_TYPES = {
    ID: "string",
    TEXT: "string",
    BOOL: "boolean",
    INT8: "Int8",
    INT16: "Int16",
    INT32: "Int32",
    FLOAT: "Float64",
}


def always_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def names(schema: Schema) -> tuple[str, ...]:
    return tuple(column.name for column in schema)


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of one row of ``SCHEMAS[name]``: every column, in order, null when
    it does not apply (``x-kind``: the column's type in Parquet)."""
    what, schema = SCHEMAS[name]

    def one(column: ColumnSpec) -> dict[str, Any]:
        shape: dict[str, Any] = (
            {"enum": [*ORDERS[column.kind], None]}
            if column.kind in ORDERS
            else {"type": [*always_list(JSON_TYPES[column.kind]), "null"]}
        )
        return {**shape, "description": column.meaning, "x-kind": column.kind}

    return {
        "title": what,
        "type": "object",
        "properties": {c.name: one(c) for c in schema},
        "required": [n for n in names(schema) if n != IDENTITY.name],
        "additionalProperties": False,
    }
