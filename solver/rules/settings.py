"""The table settings' older place: they are ``hasen.core.settings`` now (a deal carries its
settings, and the core is the deal's layer). Each name is still given here, with a
``DeprecationWarning``, for one minor release, so that code and pickles made with the
release before still load."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..core.older import moved_attribute


def __getattr__(name: str) -> Any:
    return moved_attribute(__name__, name, lambda: import_module("..core.settings", __package__))
