"""Hasenpfeffer, the whole family in one folder: its own table settings (``settings``), its
auction and scoring (``rules``), its trump x discard table (``table``), what the analyses
take from it (``family``: the plan of its table, the table a contract is judged by, the
bidding with every card known, a seat's bids), its model of the other players (``model``)
and its ``Game`` (``game``: the public calls and their text). Each sits in its layer
(docs/layers.md); importing the folder loads none of them, so that the rules below the
analyses can load what they need of the family alone."""

from importlib import import_module
from typing import Any

from ...core.older import moved_attribute


def __getattr__(name: str) -> Any:
    """The names of ``game`` and ``family`` in their older place, the folder itself."""
    return moved_attribute(
        __name__, name, lambda: import_module(".family", __package__), lambda: import_module(".game", __package__)
    )
