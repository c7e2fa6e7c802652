"""``--parquet``: the rows of ``hasen batch`` and ``hasen session`` as a Parquet file, for
pandas, Polars, DuckDB or Spark, through pyarrow (an extra: ``pip install 'hasen[parquet]'``).

The file is a report written when the run is done, from OUT's JSON lines, with the columns
of the command's CSV, each of one type whatever the run holds (its ``Schema``, docs/batch.md):
seats, suits and cards dictionary-typed in the game's order, whole numbers as integers,
flags as booleans, any cell null where the CSV leaves it empty. So the files of several runs
read as one dataset. The rows go out in row groups of ``ROW_GROUP`` rows, each built and
written before the next is read: memory holds one group, whatever the size of the run. A
batch's errors are not rows of a table: they stay in OUT. The file carries the command's
name in its metadata, so that a later run replaces only a Parquet file of the same command.
Ids are text: a number id is its digits (a file that mixes ``7`` and ``"7"`` gives both as
``7``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..analysis.columns import BOOL, FLOAT, ID, INT8, INT16, INT32, ORDERS, TEXT, Schema
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


ROW_GROUP = 131_072  # rows a group: some MB each, and a million-deal batch in about 900 groups to share out


def arrow_type(kind: str) -> Any:
    import pyarrow

    if kind in ORDERS:
        return pyarrow.dictionary(pyarrow.int8(), pyarrow.string(), ordered=True)
    plain = {
        ID: pyarrow.string(),
        TEXT: pyarrow.string(),
        BOOL: pyarrow.bool_(),
        INT8: pyarrow.int8(),
        INT16: pyarrow.int16(),
        INT32: pyarrow.int32(),
        FLOAT: pyarrow.float64(),
    }
    return plain[kind]


def arrow_schema(command: str, columns: Schema) -> Any:
    """The file's schema: the same for every run of ``command``."""
    import pyarrow

    fields = [pyarrow.field(c.name, arrow_type(c.kind)) for c in columns]
    return pyarrow.schema(fields, metadata={MARK_KEY: command.encode()})


def column(kind: str, values: list[Any]) -> Any:
    """One column of a group, of its kind's type ("" is null, as the CSV's empty cell; but an
    id, which may be the empty word, and is never null)."""
    import pyarrow

    if kind != ID:
        values = [None if value == "" else value for value in values]
    if kind in ORDERS:
        order = ORDERS[kind]
        index = {name: i for i, name in enumerate(order)}
        return pyarrow.DictionaryArray.from_arrays(
            pyarrow.array([None if v is None else index[v] for v in values], pyarrow.int8()),
            pyarrow.array(order, pyarrow.string()),
            ordered=True,
        )
    if kind == ID:
        values = [v if v is None or isinstance(v, str) else str(v) for v in values]
    return pyarrow.array(values, arrow_type(kind))


def write_parquet(command: str, path: str, columns: Schema, rows: Iterable[dict[str, Any]]) -> None:
    """The rows as a Parquet file at ``path`` with ``columns``, a row group at a time."""
    import pyarrow
    import pyarrow.parquet

    schema = arrow_schema(command, columns)

    def write(temporary: str) -> None:
        with pyarrow.parquet.ParquetWriter(temporary, schema) as writer:
            for group in groups(rows, [c.name for c in columns]):
                arrays = [column(c.kind, values) for c, values in zip(columns, group, strict=True)]
                writer.write_table(pyarrow.Table.from_arrays(arrays, schema=schema), row_group_size=ROW_GROUP)

    replace_file(command, path, write)


def groups(rows: Iterable[dict[str, Any]], names: list[str]) -> Iterator[list[list[Any]]]:
    """The rows ``ROW_GROUP`` at a time, each group as its columns' values (a row's dict is
    let go as soon as its values are taken: a column list is a small part of the rows)."""
    group: list[list[Any]] = [[] for _ in names]
    for row in rows:
        for values, name in zip(group, names, strict=True):
            values.append(row.get(name))
        if len(group[0]) == ROW_GROUP:
            yield group
            group = [[] for _ in names]
    if group[0]:
        yield group
