"""Tables as HTML, for notebooks (``_repr_html_``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


def grid_html(
    title: str,
    corner: str,
    columns: Sequence[str],
    rows: Sequence[tuple[str, Sequence[int | str]]],
    best: tuple[int, int] | None,
) -> str:
    """A captioned table: ``rows`` of (label, cells); the cell at ``best`` (row, column) in bold."""
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = []
    for r, (label, cells) in enumerate(rows):
        tds = "".join(
            f"<td><b>{escape(str(v))}</b></td>" if (r, c) == best else f"<td>{escape(str(v))}</td>"
            for c, v in enumerate(cells)
        )
        body.append(f"<tr><th>{escape(label)}</th>{tds}</tr>")
    return (
        f"<table><caption>{escape(title)}</caption><thead><tr><th>{escape(corner)}</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
