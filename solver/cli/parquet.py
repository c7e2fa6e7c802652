"""``--parquet``: the rows of ``hasen batch`` and ``hasen session`` as a Parquet file, for
pandas, Polars, DuckDB or Spark, through pyarrow (an extra: ``pip install 'hasen[parquet]'``).

The file is a report written whole when the run is done, from OUT's JSON lines, with the
columns of the command's CSV; a cell the CSV leaves empty is null. It carries the command's
name in its metadata, so that a later run replaces only a Parquet file of the same command.
Ids keep their type where every id has one (all numbers, or all text); where a file mixes
them, each id is its JSON text (``7`` and ``"7"`` are different ids).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.errors import HasenError
from .targets import replace_file

PARQUET_EXTRA = "pip install 'hasen[parquet]'"
MAGIC = b"PAR1"  # the first and last bytes of every Parquet file
MARK_KEY = b"hasen"  # the schema metadata key that names the command that wrote the file


def require_pyarrow(command: str) -> None:
    """Refuse ``--parquet``, before any work, where pyarrow is not installed."""
    try:
        import pyarrow  # noqa: F401
    except ModuleNotFoundError:
        raise HasenError(f"{command}: --parquet needs pyarrow, which is not installed: {PARQUET_EXTRA}") from None


def ours(command: str, path: str) -> Callable[[bytes], bool]:
    """Whether the file at ``path``, which begins with ``start``, is a Parquet file ``command`` wrote."""
    def own(start: bytes) -> bool:
        import pyarrow.parquet

        if not start.startswith(MAGIC):
            return False
        try:
            metadata = pyarrow.parquet.read_schema(path).metadata or {}
        except (OSError, ValueError, pyarrow.ArrowException):  # a Parquet file torn, or none at all
            return False
        return metadata.get(MARK_KEY) == command.encode()

    return own


def write_parquet(command: str, path: str, columns: Sequence[str], rows: Iterable[dict[str, Any]]) -> None:
    """The rows as a Parquet file at ``path``, written whole; "" (the CSV's empty cell) is null."""
    import pyarrow
    import pyarrow.parquet

    data: dict[str, list[Any]] = {column: [] for column in columns}
    for row in rows:
        for column in columns:
            value = row.get(column)
            data[column].append(None if value == "" else value)
    if "id" in data:
        data["id"] = plain_ids(data["id"])
    table = pyarrow.table(data).replace_schema_metadata({MARK_KEY: command.encode()})
    replace_file(command, path, lambda temporary: pyarrow.parquet.write_table(table, temporary))


def plain_ids(ids: list[Any]) -> list[Any]:
    """The ids as one type: as they are where all are numbers or all text, else JSON text each."""
    if all(isinstance(i, int) and not isinstance(i, bool) for i in ids) or all(isinstance(i, str) for i in ids):
        return ids
    return [json.dumps(i) for i in ids]
