"""What every analysis returns: ``to_json()`` for programs, ``str()`` for people.

The text of an answer belongs to the layers above (``hasen.text`` and each game in
``hasen.games``), whose presentation (``hasen.games.presentation``) registers it here by the
answer's class name in ``TEXT`` (and ``HTML`` for notebooks); so the analyses never import
their own presentation, and the layer above need not import every kind of answer to say how
each is written. The presentation is loaded the first time an answer is printed (one
unpickled in a fresh process too), so that its text never depends on what happened to be
imported first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, ClassVar, NamedTuple

from ..core.deal import Deal
from ..core.names import Card, Suit
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..core.version import __version__
from .columns import TABLE_ROW, PlainSchema
from .rows import Row, RowPath, frame, rows_at, table_rows

Formatter = Callable[[Any], str]


def figure(value: float) -> float:
    """A figure for JSON: four decimals, and never -0.0."""
    return round(value, 4) + 0.0


def given_figures(**values: float | None) -> dict[str, float]:
    """The figures that are known, for JSON (a key left out where its value is None)."""
    return {name: figure(value) for name, value in values.items() if value is not None}


def stderr_of_mean(values: Any) -> float:
    """The standard error of the mean of a numpy array of per-layout values (0 for one)."""
    count = len(values)
    return float(values.std(ddof=1) / math.sqrt(count)) if count > 1 else 0.0


TEXT: dict[str, Formatter] = {}  # by the answer's class name
HTML: dict[str, Formatter] = {}


PRESENTATION = "..games.presentation"  # the module that fills TEXT and HTML, relative to this package


def registered(formats: dict[str, Formatter], answer: object) -> Formatter | None:
    """The answer's formatter in ``formats``, the presentation loaded first if it was not."""
    name = type(answer).__name__
    if name not in formats:
        import_module(PRESENTATION, __package__)
    return formats.get(name)


def as_text(answer: object) -> str:
    """The answer as the CLI prints it; ``repr`` for a kind nothing registered."""
    formatter = registered(TEXT, answer)
    return repr(answer) if formatter is None else formatter(answer)


def as_html(answer: object) -> str | None:
    """The answer as HTML for notebooks; None (plain text) for a kind nothing registered."""
    formatter = registered(HTML, answer)
    return None if formatter is None else formatter(answer)


def variant_json(variant: Variant) -> dict[str, Any]:
    """The keys every answer starts with: the version, then the variant's (``identity``)."""
    return {"version": __version__, **variant.identity()}


def options_json(lone_defender: int | None, settings: Settings) -> dict[str, Any]:
    """``defender`` and ``settings``, only when given: every answer about a contract or a
    table ends with them, so that a plain request keeps the shape it always had."""
    data: dict[str, Any] = {}
    if lone_defender is not None:
        data["defender"] = SEATS[lone_defender]
    if settings.changed():
        data["settings"] = settings.changed()
    return data


def tables_repr(answer: object, deal: Deal, tables: Mapping[Any, Any]) -> str:
    """``<Kind of Deal(...): best tricks N 6, E 4>``: each declarer's best."""
    best = ", ".join(f"{SEATS[seat]} {table.best_tricks}" for seat, table in tables.items())
    return f"<{type(answer).__name__} of {deal!r}: best tricks {best}>"


class TableAnswer:
    """The rows of a table (``TableAnalysis``, ``EuchreAnalysis``): one per declarer, trump
    and discard, the columns of ``hasen batch``'s CSV."""

    __slots__ = ()
    ROW_SCHEMA: ClassVar[PlainSchema | None] = TABLE_ROW
    deal: Deal

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def rows(self) -> list[Row]:
        return list(table_rows(self.to_json(), self.deal.variant.deck_size))


class BestChoice(NamedTuple):
    """The best cell of a declarer's or maker's table, the same fields in every game.

    ``discard``: the declarer's discard in Hasenpfeffer, the dealer's in Euchre when the
    upcard's suit is trump, None when nobody exchanges; ``tricks``: the declaring side's.
    """

    trump: Suit
    discard: Card | None
    tricks: int


def set_fields(answer: Answer, **fields: Any) -> None:
    """An answer's fields, set by its ``__init__`` (after which it cannot be changed)."""
    answer.__dict__.update(fields)


class Answer:
    """Base of the analyses' results.

    >>> import hasen
    >>> answer = hasen.analyze(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2"))
    >>> answer.to_json()["declarers"]["S"]["best"]
    {'trump': 'H', 'tricks': 5, 'discard': None}
    >>> print(str(answer).splitlines()[-1])
    best: hearts, 5 tricks
    >>> answer.rows()[0]["declarer"], answer.rows()[0]["trump"], answer.rows()[0]["tricks"]
    ('N', 'S', 0)
    """

    __slots__ = ()
    # where the answer's observations are in its JSON (hasen.analysis.rows): each kind of
    # decision or cell and its path; a kind named is a column of its own, ``decision``
    ROWS: ClassVar[tuple[tuple[str | None, RowPath], ...]] = ()
    # the rows' columns where they are also written as files (hasen.analysis.columns): each of its type
    ROW_SCHEMA: ClassVar[PlainSchema | None] = None

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def rows(self) -> list[Row]:
        """The answer as tidy rows: one plain dict per observation, every value a name,
        number, bool or None (``json.dumps`` gives names)."""
        if not self.ROWS:  # a declarer's table, a verdict: the whole answer gives the rows and their context
            raise TypeError(f"a {type(self).__name__} is part of an answer: take the rows of the whole answer")
        return self.rows_of_json(self.to_json())

    def rows_of_json(self, data: dict[str, Any]) -> list[Row]:
        """The rows of the answer's JSON ``data`` (see ``ROWS``)."""
        return [
            row for kind, path in self.ROWS for row in rows_at(data, path, None if kind is None else {"decision": kind})
        ]

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (``pip install 'hasen[frames]'``)."""
        return frame(self.rows(), self.ROW_SCHEMA)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} is an answer and cannot be changed (set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} is an answer and cannot be changed (delete {name!r})")

    def __eq__(self, other: object) -> bool:
        """Of one kind, with equal parts."""
        return type(other) is type(self) and vars(self) == vars(other)

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return as_text(self)

    def _repr_html_(self) -> str | None:
        return as_html(self)
