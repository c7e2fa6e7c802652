# The interface of the compiled core (_search.pyx), for type checkers: protocol.Searcher.
from collections.abc import Sequence

from .protocol import DealState, TableArgs

FAST_SUPPORTED: bool
CPU_PATH: str
DEFAULT_TABLE_BITS: int

class Searcher:
    nodes: int
    cards: int
    cpu_path: str
    table_bytes: int
    def __init__(self, table_bits: int = ..., cpu_path: str | None = ...) -> None: ...
    def clear(self) -> None: ...
    def solve(
        self, hands: Sequence[int], active: int, leader: int, declarers: int, trick: Sequence[int] = ()
    ) -> int: ...
    def solve_many(self, positions: Sequence[Sequence[int]], active: int, leader: int, declarers: int) -> list[int]: ...
    def solve_table(
        self,
        hands: Sequence[int],
        layouts: bytes,
        takers: Sequence[int],
        extra: int,
        active: int,
        leader: int,
        declarers: int,
        wanted: Sequence[int] | None = None,
    ) -> bytes: ...
    def solve_tables(self, tables: Sequence[TableArgs], clear_each: bool = False) -> list[bytes]: ...
    def solve_positions(
        self,
        positions: Sequence[tuple[Sequence[int], int, Sequence[int]]],
        active: int,
        declarers: int,
        layout: bytes | None = None,
    ) -> list[int]: ...

def deal_layouts(
    seeds: Sequence[str],
    fixed: Sequence[int],
    groups: Sequence[Sequence[int]],
    states: Sequence[DealState],
    draw: bool = True,
) -> list[list[int]]: ...
