"""A bounded, thread-safe LRU cache of answers, keyed by the canonical request: at most
``capacity`` answers and ``MAX_BYTES`` of them (each counted by its JSON text)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

MAX_BYTES = 64 * 2**20  # of the answers kept, as JSON text: a single-dummy review is some 100 KB


class AnswerCache:
    """Keeps the ``capacity`` most recently used answers, at most ``max_bytes`` of them (as
    JSON text; the Python objects take a few times that); capacity 0 keeps none.

    Answers are JSON-ready dicts that nobody mutates after they are made, so a hit hands
    out the stored object itself.
    """

    def __init__(self, capacity: int, max_bytes: int = MAX_BYTES) -> None:
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0
        self.bytes = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
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
        size = len(json.dumps(answer, separators=(",", ":")))
        if size > self.max_bytes:  # larger than the whole cache: not kept
            return
        with self._lock:
            self.bytes += size - self._sizes.get(key, 0)
            self._items[key], self._sizes[key] = answer, size
            self._items.move_to_end(key)
            while len(self._items) > self.capacity or self.bytes > self.max_bytes:
                old, _ = self._items.popitem(last=False)
                self.bytes -= self._sizes.pop(old)

    def __len__(self) -> int:
        return len(self._items)

    def stats(self) -> dict[str, int]:
        with self._lock:
            return {
                "size": len(self._items),
                "capacity": self.capacity,
                "bytes": self.bytes,
                "max_bytes": self.max_bytes,
                "hits": self.hits,
                "misses": self.misses,
            }
