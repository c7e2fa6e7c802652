"""The files a command writes, each checked before any work starts: never a file the command
reads, never two the same, and never a file that is not its own.

Every line of a results file (``hasen batch`` and ``hasen session``'s OUT) begins with a field
of its own, ``{"hasen": "batch", "id": ...``, so that such a file is told apart from any
other JSON lines (a user's records, say), which are never appended to, cut or replaced. A
report written whole (``--csv``, ``--html``, ``--parquet``) replaces only an earlier report of the same
command, recognised by its first bytes, and is written to a new file first, then moved into
place, so that a run stopped while writing leaves the earlier report whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, BinaryIO

from ..core.bounds import MAX_RESULT_LINE
from ..core.errors import HasenError, quoted
from .options import STANDARD
from .output import OutputError

STANDARD_OUTPUT = "standard output"  # where the command's own words go, as messages name it
MARK = "hasen"  # the first key of every line of a results file: the command that wrote it


def named(path: str) -> str:
    """A path for a message: as given, or quoted if it holds what a terminal cannot show."""
    return path if path.isprintable() else quoted(path)


def identity(path: str, stream: IO[Any] | None = None) -> tuple[Any, ...] | None:
    """What makes two paths one file: the file itself where it exists (through symbolic and
    hard links alike), else the place it would be made at. For ``-``, the regular file behind
    ``stream`` (standard input or output), if there is one."""
    try:
        if path == STANDARD:
            found = os.fstat(stream.fileno()) if stream is not None else None
            return ("file", found.st_dev, found.st_ino) if found and stat.S_ISREG(found.st_mode) else None
        found = os.stat(path)
        return ("file", found.st_dev, found.st_ino)
    except (OSError, ValueError, AttributeError):  # a NUL in the path; a stream with no file behind it
        pass
    try:
        return ("path", os.path.realpath(path))
    except (OSError, ValueError):
        return ("path", path)


def check_apart(
    command: str, reads: Sequence[tuple[str, str | None]], writes: Sequence[tuple[str, str | None]]
) -> None:
    """Refuse, in one line, a path written that is also read or written under another name:
    ``reads`` and ``writes`` are (what the command line calls it, the path) pairs, ``-`` being
    standard input or output (compared as the files behind them); paths not given are left out."""
    seen = [(label, path, identity(path, sys.stdin)) for label, path in reads if path is not None]
    if any(path not in (None, STANDARD) for _, path in writes):  # where the command's own words go
        seen.append((STANDARD_OUTPUT, STANDARD, identity(STANDARD, sys.stdout)))
    for label, path in writes:
        if path is None:
            continue
        if path != STANDARD:
            check_regular(command, label, path)
        mine = identity(path, sys.stdout)
        for other, other_path, theirs in seen:
            if path == STANDARD and other == STANDARD_OUTPUT:  # where "-" asks to write
                continue
            if mine is not None and mine == theirs:
                through = (
                    ""
                    if STANDARD in (path, other_path) or os.path.abspath(path) == os.path.abspath(other_path)
                    else f" ({named(path)} and {named(other_path)}, through a link)"
                )
                raise HasenError(
                    f"{command}: {label} and {other} are the same file{through}: give another {label}, "
                    "nothing is written"
                )
        seen.append((label, path, mine))


def check_regular(command: str, label: str, path: str) -> None:
    """Refuse, before any work, a file to write that is not a regular file where it exists (a
    device such as /dev/null, a terminal, a FIFO, a socket, a folder), or whose folder
    cannot be written: moved over, a device would be replaced; opened, a FIFO would wait."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        found = None
    except (OSError, ValueError) as exc:
        raise HasenError(
            f"{command}: cannot write {label} {named(path)}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    if found is not None and not stat.S_ISREG(found.st_mode):
        mode = found.st_mode
        kind = (
            "a folder"
            if stat.S_ISDIR(mode)
            else "a FIFO (a named pipe)"
            if stat.S_ISFIFO(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "a device"
        )
        raise HasenError(
            f"{command}: {label} {named(path)} is {kind}, not a file: give a file to write (it is left as it is)"
        )
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if not os.path.isdir(folder):
        raise HasenError(f"{command}: cannot write {label} {named(path)}: No such file or directory")
    if not os.access(folder, os.W_OK):
        raise HasenError(f"{command}: cannot write {label} {named(path)}: its folder cannot be written")


# --- results files: JSON lines, each marked -------------------------------------------------


def hold(stream: IO[Any], path: str, command: str) -> None:
    """Keep a results file to this run until ``stream`` is closed: two runs adding to one
    file at once would each add what the other adds, and the file would count it twice. A
    file that ``path`` no longer names once held was replaced by another run (``rewritten``),
    which holds the one it put there."""
    if not held(stream) or not names(path, stream):
        raise HasenError(
            f"{named(path)} is being written by another run of hasen {command}: wait for it to end, or give another OUT"
        )


def names(path: str, stream: IO[Any]) -> bool:
    """Does ``path`` still name the file open as ``stream`` (asked once it is held: another
    run lets go of a file only once it has moved a new one over it)?"""
    try:
        return os.path.samestat(os.fstat(stream.fileno()), os.stat(path))
    except OSError:  # removed since it was opened
        return False


def held(stream: IO[Any]) -> bool:
    """Hold ``stream``'s file to this run until it is closed; False where another run holds it
    (True where the system keeps no advisory locks: one run at a time is then the user's care)."""
    if sys.platform == "win32":
        return True
    import fcntl

    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system that keeps no locks (some network ones): as before
        return True
    return True


NO_ROOM = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}  # a full disk, a file size limit, a quota


def rewrite_prefix(target: str) -> str:
    """How the new files of a results file's rewrite, or of a report, begin
    (``.out.jsonl.hasen-``; of a long name, its first 100 characters, so that the new file's
    name is not too long where the report's is not)."""
    return f".{os.path.basename(target)[:100]}.hasen-"


TEMPORARY_NAME = re.compile(r"[a-z0-9_]{8}")  # what mkstemp adds to a prefix


def sweep(path: str) -> None:
    """Remove the new files that rewrites of the results file or report ``path`` left beside
    it when their run was killed outright: each one nobody holds (a run holds its new file
    until it has moved it over)."""
    if sys.platform == "win32":  # no advisory locks: another run's new file cannot be told apart
        return
    import fcntl

    target = os.path.realpath(path)
    folder, prefix = os.path.dirname(target), rewrite_prefix(target)
    try:
        left = [
            name
            for name in os.listdir(folder)
            if name.startswith(prefix) and TEMPORARY_NAME.fullmatch(name[len(prefix) :])
        ]
    except OSError:
        return
    for name in left:
        try:
            with open(os.path.join(folder, name), "rb") as file:
                if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                    continue
                # held by nobody (where no lock can be taken, it cannot be told: left as it is)
                fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                os.unlink(os.path.join(folder, name))
        except OSError:  # held by another run, gone already, or not ours to remove: left as it is
            continue


def rewritten(out: BinaryIO, path: str, lines: list[bytes], command: str) -> BinaryIO:
    """A results file ``out`` (held by this run) holding ``lines`` alone: a new file beside it,
    held before it is moved over it, so that no other run finds it free and no moment of a stop
    leaves less than it held; returned open, and ``out`` closed. (Where no locks are kept, it
    is rewritten in place.)"""
    if sys.platform == "win32":  # a file open here cannot be replaced there
        out.seek(0)
        out.truncate(0)
        out.write(b"".join(lines))
        out.flush()
        return out
    target = os.path.realpath(path)
    try:
        handle, temporary = tempfile.mkstemp(prefix=rewrite_prefix(target), dir=os.path.dirname(target))
    except OSError as exc:
        raise OutputError(f"{command}: cannot write {named(path)}: {exc.strerror or exc}") from None
    new = os.fdopen(handle, "a+b")
    try:
        held(new)  # a new file: nobody else holds it, and nobody can before it is moved
        new.write(b"".join(lines))
        new.flush()
        os.fsync(new.fileno())
        os.chmod(temporary, kept_mode(target))
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):  # closing flushes again what a full disk refused
            new.close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            room = "; rewriting it needs room for a second copy of it" if exc.errno in NO_ROOM else ""
            raise OutputError(
                f"{command}: cannot write {named(path)}: {exc.strerror or exc} (it is left as it was{room})"
            ) from None
        raise
    out.close()
    return new


def result_line(command: str, id: int | str, **fields: Any) -> str:
    """One line of a results file, its mark first."""
    return json.dumps({MARK: command, "id": id, **fields})


def result_prefix(command: str) -> str:
    """How every line of ``command``'s results begins: ``{"hasen": "batch", "id": ``."""
    return f'{{"{MARK}": {json.dumps(command)}, "id": '


def id_key(value: object) -> str:
    """An id as a results file spells it: 7 and "7" are different ids."""
    return json.dumps(value)


def byte_lines(stream: IO[bytes], limit: int) -> Iterator[bytes | None]:
    """The lines of ``stream`` as bytes, each with its end of line; None for a line over
    ``limit`` bytes, which is read past without being kept."""
    while line := stream.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            yield None  # said at once: the rest of the line may be long in coming (or never end)
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
        else:
            yield line


def finished(out: IO[bytes], path: str, command: str) -> Counter[str]:
    """The ids already answered in a results file (a regular file open for reading and
    writing), each as often as it appears there. A torn last line of a result (a run stopped
    while writing it) is cut off; any line that is not one of ``command``'s results means the
    file is some other file, refused before anything is written to it."""
    prefix = result_prefix(command)
    marked = prefix.encode()
    done: Counter[str] = Counter()
    decoder = json.JSONDecoder()
    end = 0
    for number, raw in enumerate(byte_lines(out, MAX_RESULT_LINE), 1):
        if raw is not None and not raw.endswith(b"\n") and (raw.startswith(marked) or marked.startswith(raw)):
            break  # a result torn while it was written: cut below
        line = "" if raw is None else raw.decode("utf-8", "replace")
        try:
            if not line.startswith(prefix) or not line.endswith("}\n"):
                raise ValueError
            value, _ = decoder.raw_decode(line, len(prefix))
        except ValueError:
            shown = f"more than {MAX_RESULT_LINE:,} bytes" if raw is None else quoted(line.rstrip("\n"))
            raise HasenError(
                f"{named(path)} is not a results file of hasen {command} (line {number}: {shown}; each "
                f"of its lines begins {prefix}...): give another OUT, this one is left as it is"
            ) from None
        end += len(raw or b"")
        done[id_key(value)] += 1
    if out.seek(0, os.SEEK_END) != end:
        out.truncate(end)
    return done


# --- reports written whole -------------------------------------------------------------------


def check_replaceable(command: str, label: str, path: str | None, own: Callable[[bytes], bool], what: str) -> None:
    """Refuse, before any work, a report path that cannot be written, or that holds a file
    other than an earlier report of this kind (``own`` tells from its first bytes), which
    would be lost."""
    if path is None:
        return
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise HasenError(f"{command}: cannot write {label} {named(path)}")
    try:
        with open(path, "rb") as file:
            start = file.read(4096)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise HasenError(f"{command}: cannot write {label} {named(path)}: {exc.strerror or exc}") from None
    if start and not own(start):
        raise HasenError(
            f"{command}: {label} {named(path)} is not {what}, and would be replaced: give another "
            f"{label}, this one is left as it is"
        )


def replace_text(command: str, path: str, text: str, newline: str | None = None) -> None:
    """Write a text report whole (see ``replace_file``)."""

    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8", newline=newline) as file:
            file.write(text)

    replace_file(command, path, write)


def replace_file(command: str, path: str, write: Callable[[str], None]) -> None:
    """Write a report whole: ``write`` fills a new file beside it, which is then moved over it
    (the file a symbolic link points to, where the path is one). The new file is named after
    the report and held while it is written, so that the next run removes one that a run
    killed outright left there (``sweep``)."""
    target = os.path.realpath(path)
    sweep(target)
    try:
        handle, temporary = tempfile.mkstemp(prefix=rewrite_prefix(target), dir=os.path.dirname(target))
        with os.fdopen(handle, "rb") as mine:
            if sys.platform == "win32":  # a file open there cannot be replaced: not held
                mine.close()
            else:
                held(mine)
            try:
                write(temporary)
                os.chmod(temporary, kept_mode(target))
                os.replace(temporary, target)
            except BaseException:
                # a writer that failed may have removed it: its error stands
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)
                raise
    except OSError as exc:
        raise OutputError(f"{command}: cannot write {named(path)}: {exc.strerror or exc}") from None


def kept_mode(path: str) -> int:
    """The permissions of the report replaced, or a new file's (as the umask allows)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
