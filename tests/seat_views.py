"""Test options written as one dictionary, split the way the single-dummy calls take them:
what the seat knows (a ``hasen.SeatView``) and the call's own options."""

from __future__ import annotations

from typing import Any

import hasen

VIEW_FIELDS = set(hasen.SeatView._fields)


def view_and_options(options: dict[str, Any]) -> tuple[hasen.SeatView, dict[str, Any]]:
    """The ``SeatView`` of ``options``' view fields, and the rest as they are."""
    view = hasen.SeatView(**{name: value for name, value in options.items() if name in VIEW_FIELDS})
    return view, {name: value for name, value in options.items() if name not in VIEW_FIELDS}
