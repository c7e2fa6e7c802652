"""What every analysis returns: ``to_json()`` for programs, ``str()`` for people.

The text of an answer belongs to the layers above (``solver.text`` and each game in
``solver.games``), which register it here with ``as_text.register``; so the analyses never
import their own presentation. ``_repr_html_`` gives notebooks the same through
``as_html``.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any


@singledispatch
def as_text(answer: object) -> str:
    """The answer as the CLI prints it; ``repr`` for a kind nothing registered."""
    return repr(answer)


@singledispatch
def as_html(answer: object) -> str | None:
    """The answer as HTML for notebooks; None (plain text) for a kind nothing registered."""
    return None


class Answer:
    """Base of the analyses' results.

    >>> import hasen
    >>> answer = hasen.analyze("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")
    >>> answer.to_json()["declarers"]["S"]["best"]
    {'trump': 'H', 'tricks': 5, 'discard': None}
    >>> print(str(answer).splitlines()[-1])
    best: hearts, 5 tricks
    """

    __slots__ = ()

    def to_json(self) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
        return as_text(self)

    def _repr_html_(self) -> str | None:
        return as_html(self)
