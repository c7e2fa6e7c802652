"""Hasenpfeffer, the whole family in one folder: its ``Game`` (``game``: the table, the
advice and their text). Importing the folder loads none of its modules, so that the rules
below the analyses can load what they need of the family alone."""

from importlib import import_module
from typing import Any

from ...core.older import moved_attribute


def __getattr__(name: str) -> Any:
    """The names of ``game`` in their older place, the folder itself."""
    return moved_attribute(__name__, name, lambda: import_module(".game", __package__))
