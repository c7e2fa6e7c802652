"""Answers as tidy rows: one plain dict per observation, for pandas, Parquet or CSV.

Every answer's ``rows()`` reads its own ``to_json()``, so that a row holds exactly what the
JSON says, by the same names (seats, suits and cards as their names, never ints). An
answer names where its observations are (``RowPath``): the cells of a table, the choices of
a simulation, the cards of a review. Each row holds the scalars met on the way down (the
deal, the seat, the form), the keys of the mappings it went through under a column of their
own, and the observation's own fields. A mapping of scalars becomes one column per key
(``trumps.S``), a list of names one text (``"AS KS"``); deeper parts (a card's choices in a
review) are observations of their own, not columns.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..core.seats import SEATS
from ..core.variants import variant_for
from .columns import DECISION_ROW, ORDERS, PANDAS_TYPES, PlainSchema, names

Row = dict[str, Any]
# the way down to the observations: a key to descend into, or (None, column): every key of a
# mapping, recorded under ``column``
Step = str | tuple[None, str]
RowPath = tuple[Step, ...]
DECISION_NAMES = names(DECISION_ROW)
FRAMES_EXTRA = "pip install 'hasen[frames]'"  # pandas


def rows_at(data: Mapping[str, Any], path: RowPath, context: Row | None = None) -> list[Row]:
    """The rows of the observations ``path`` leads to in ``data`` (an answer's JSON)."""
    row = dict(context or {})
    step = path[0] if path else None
    if not isinstance(step, tuple):  # a level of fields, not a mapping of observations by key
        row.update(scalars(data))
    if step is None:
        return [row]
    if isinstance(step, str):
        return rows_below(data.get(step), path[1:], row)
    return [out for key, value in data.items() for out in rows_below(value, path[1:], {**row, step[1]: key})]


def rows_below(value: Any, path: RowPath, context: Row) -> list[Row]:
    if value is None:
        return []
    if isinstance(value, list):
        return [out for item in value for out in rows_below(item, path, context)]
    if isinstance(value, Mapping):
        return rows_at(value, path, context)
    return [{**context, "value": value}]


def scalars(data: Mapping[str, Any]) -> Row:
    """The fields of one level that are columns: scalars, lists of scalars as one text,
    mappings of scalars one column per key."""
    out: Row = {}
    for key, value in data.items():
        if key == "version":  # the package's, not the answer's
            continue
        if is_scalar(value):
            out[key] = value
        elif isinstance(value, list) and all(is_scalar(v) for v in value):
            out[key] = " ".join(str(v) for v in value)
        elif isinstance(value, Mapping) and value and all(is_scalar(v) for v in value.values()):
            out.update({f"{key}.{k}": v for k, v in value.items()})
    return out


def is_scalar(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def rows_of(answers: Any) -> Iterator[Row]:
    """The rows of one answer or of each of an iterable of answers (``analyze_many``'s), in
    order; each row of the i-th answer carries ``answer: i``."""
    if hasattr(answers, "rows"):
        yield from answers.rows()
        return
    for index, answer in enumerate(answers):
        for row in answer.rows():
            yield row.numbered(index) if isinstance(row, EarlierNames) else {"answer": index, **row}


def frame_of(answers: Any) -> Any:
    """The DataFrame of one answer or of each of many (``rows_of``), typed by their row
    schema where they are all of one kind that has one."""
    if hasattr(answers, "rows"):
        return answers.to_frame()
    answers = list(answers)  # the frame holds all their rows in any case
    schemas = {answer.ROW_SCHEMA for answer in answers}
    return frame(rows_of(answers), schemas.pop() if len(schemas) == 1 else None)


def frame(rows: Iterable[Row], schema: PlainSchema | None = None) -> Any:
    """A pandas DataFrame of the rows (pandas is an extra: the message says how to add it);
    with ``schema``, each of its columns of its kind's pandas type, whatever the rows hold
    (``PANDAS_TYPES``: seats, suits and cards ordered categoricals, the rest nullable)."""
    try:
        import pandas
    except ModuleNotFoundError:
        raise ModuleNotFoundError(
            f"a DataFrame needs pandas, which is not installed: {FRAMES_EXTRA}", name="pandas"
        ) from None
    table = pandas.DataFrame.from_records(list(rows))
    for name, kind, _ in schema or ():
        if name in table:
            dtype = pandas.CategoricalDtype(ORDERS[kind], ordered=True) if kind in ORDERS else PANDAS_TYPES[kind]
            table[name] = table[name].astype(dtype)
    return table


VALUE = "value"  # the key of a Euchre trump's value in the JSON: the tricks after the dealer's own discard
CALLS = ("best", "defender_best")  # Railroad: the keys of a lone trump's calls for best


def table_rows(table: Mapping[str, Any], deck: int) -> Iterator[Row]:
    """A table's cells (its JSON), one row per declarer, trump and discard: ``best`` marks
    the cells worth the declarer's most; in Euchre ``discard`` is the dealer's (None when
    nobody takes the upcard) and ``dealer_choice`` marks the discard the dealer makes; in
    Railroad ``call`` and ``defender_call`` are the calls for best made after it (on the cell
    of the trump's value only)."""
    common = {"variant": table["variant"], "deck": deck, "deal": table["deal"], "dealer": table["dealer"]}
    for declarer, entry in table["declarers"].items():
        ties = {(trump, discard) for trump, discard in entry["ties"]}
        head = {**common, "declarer": declarer, "alone": table["alone"], "defender": table.get("defender")}
        for trump, row in entry["tricks"].items():
            calls: dict[str, Any] = {"call": None, "defender_call": None}
            if isinstance(row, dict) and CALLS[0] in row:  # Railroad: the calls, then as Euchre
                calls = {"call": row[CALLS[0]], "defender_call": row[CALLS[1]]}
                row = {d: n for d, n in row.items() if d not in CALLS}
                if len(row) == 1:  # nobody takes the upcard: the value alone
                    row = row[VALUE]
            if isinstance(row, int):  # a Euchre trump nobody takes the upcard for
                cells = [(None, row, None)]
            elif VALUE in row:  # a Euchre trump the dealer takes the upcard for: each discard
                # the dealer's choice: the first discard (canonical order) worth the row's value
                choice = next(d for d, n in row.items() if d != VALUE and n == row[VALUE])
                cells = [(d, n, d == choice) for d, n in row.items() if d != VALUE]
            else:  # Hasenpfeffer: the declarer's every discard
                cells = [(d, n, None) for d, n in row.items()]
            for discard, tricks, chosen in cells:
                shown = calls if chosen in (None, True) else {"call": None, "defender_call": None}
                yield {
                    **head,
                    "trump": trump,
                    "discard": discard,
                    "tricks": tricks,
                    "best": (trump, discard) in ties,
                    "dealer_choice": chosen,
                    **shown,
                }


def decision_rows(review: Mapping[str, Any], ident: Any = None, game: Mapping[str, Any] | None = None) -> list[Row]:
    """A reviewed hand's decisions (its JSON), a row each of ``DECISION_ROW``: every call, the
    trump and discard, every card; ``ident`` the record's id (by default its own), ``game``
    its place in a night's games (``GamePlace.to_json``: the game's number and the score
    before the hand), else the review's own score where it has one."""
    record = review["record"]
    players, deal = record.get("players", {}), record.get("deal")
    variant = variant_for(record["variant"], record["deck"])
    score = game["score"] if game is not None else review.get("score")
    rows = []

    def row(seat: str, decision: str, judgement: Mapping[str, Any], **values: Any) -> None:
        if score is not None:  # the player's side's first (of three players, the best other)
            own = variant.scorer_of(SEATS.index(seat))
            values.update(own_score=score[own], other_score=max(s for i, s in enumerate(score) if i != own))
        values.update(
            mistake=judgement["mistake"],
            win_cost=judgement.get("win_cost"),
            judged=judgement.get("judged"),
            layouts=judgement.get("layouts", review.get("layouts")),
            agree_with_auction=judgement.get("agree_with_auction"),
            decided_by=judgement.get("decided_by"),
            verdict=values.get("verdict", "mistake" if judgement["mistake"] else "good"),
        )
        values.update(
            id=record.get("id") if ident is None else ident,
            player=players.get(seat, seat),
            seat=seat,
            decision=decision,
            deal=deal,
            game=None if game is None else game["number"],
        )
        rows.append({name: values.get(name) for name in DECISION_NAMES})

    for call in review["calls"]:
        row(
            call["seat"],
            "call",
            call,
            number=call["number"],
            call=call["call"],
            best=call["best"],
            points_cost=call["cost"],
            points_stderr=call["stderr"],
        )
    if review["choice"] is not None:
        choice = review["choice"]
        row(
            choice["seat"],
            "contract",
            choice,
            call=contract_words(choice["chosen"]),
            best=contract_words(choice["best"]),
            points_cost=choice["cost"],
            points_stderr=choice["stderr"],
            single_dummy_cost=round(choice["best_mean"] - choice["mean"], 4),
        )
    for card in review["cards"]:
        row(
            card["seat"],
            "card",
            card,
            number=card["number"],
            trick=card["trick"],
            card=card["card"],
            best=card["best"],
            points_cost=card["points_cost"],
            points_stderr=card["points_stderr"],
            single_dummy_cost=card["cost"],
            stderr=card["stderr"],
            double_dummy_cost=card["double_dummy"]["cost"],
            verdict=card["verdict"],
        )
    return rows


def contract_words(contract: Mapping[str, Any]) -> str:
    """``trump C, discard QD, alone``: a declarer's choice as the record writes it."""
    parts = [f"trump {contract['trump']}"]
    if contract.get("discard"):
        parts.append(f"discard {contract['discard']}")
    return ", ".join(parts + (["alone"] if contract.get("alone") else []))


class EarlierNames(dict[str, Any]):
    """A row that still answers, with a DeprecationWarning, to the names its kind of row had
    before its schema was shared with the files (kept for one minor version)."""

    def __init__(self, row: Row, before: Row) -> None:
        super().__init__(row)
        self.before = before

    def __missing__(self, key: str) -> Any:
        if key not in self.before:
            raise KeyError(key)
        warnings.warn(
            f"the row's {key!r} is deprecated: read the columns of `hasen schema decision-rows`",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.before[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self or key in self.before else default

    def numbered(self, index: int) -> EarlierNames:
        """The row with its answer's number first (``rows_of`` of many answers)."""
        return EarlierNames({"answer": index, **self}, self.before)
