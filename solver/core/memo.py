"""Results worked out once and kept, a few at a time, for many threads.

``functools.cache`` keeps every result for ever and lets two threads that ask for the same
one at once both work it out. ``shared(size)`` keeps the ``size`` most recently used results
and has the second thread wait for the first one's (one computation serves every caller
asking at once; an error is not kept, so the next caller tries again).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class _Pending:
    """A result being worked out: callers who ask meanwhile wait for it."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None


def shared(size: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Keep the ``size`` results last used of a function of hashable arguments (see the module)."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        kept: OrderedDict[Hashable, Any] = OrderedDict()
        pending: dict[Hashable, _Pending] = {}
        lock = threading.Lock()

        @wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items())))
            with lock:
                if key in kept:
                    kept.move_to_end(key)
                    result: R = kept[key]
                    return result
                waiting = pending.get(key)
                mine = waiting is None
                if mine:
                    waiting = pending[key] = _Pending()
            assert waiting is not None
            if not mine:
                waiting.done.wait()
                if waiting.error is not None:
                    raise waiting.error
                value: R = waiting.value
                return value
            try:
                waiting.value = function(*args, **kwargs)
            except BaseException as exc:
                waiting.error = exc
                raise
            finally:
                with lock:
                    del pending[key]
                    if waiting.error is None:
                        kept[key] = waiting.value
                        while len(kept) > size:
                            kept.popitem(last=False)
                waiting.done.set()
            made: R = waiting.value
            return made

        def cache_clear() -> None:
            with lock:
                kept.clear()

        wrapper.cache_clear = cache_clear  # type: ignore[attr-defined]
        wrapper.cached = lambda: len(kept)  # type: ignore[attr-defined]
        return wrapper

    return decorate
