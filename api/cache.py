"""A bounded, thread-safe LRU cache of answers, keyed by the canonical request."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class AnswerCache:
    """Keeps the ``capacity`` most recently used answers; capacity 0 keeps none.

    Answers are JSON-ready dicts that nobody mutates after they are made, so a hit hands
    out the stored object itself.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            answer = self._items.get(key)
            if answer is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return answer

    def put(self, key: Hashable, answer: Any) -> None:
        if self.capacity == 0:
            return
        with self._lock:
            self._items[key] = answer
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

    def stats(self) -> dict[str, int]:
        with self._lock:
            return {"size": len(self._items), "capacity": self.capacity,
                    "hits": self.hits, "misses": self.misses}
