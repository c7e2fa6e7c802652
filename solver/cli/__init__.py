"""The ``hasen`` command line."""

import os
import signal
import sys
from types import FrameType


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C before the command runs (while its modules load): nothing was done, nothing to
    say but that (not a traceback of the import it cut)."""
    sys.stderr.write("hasen: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


# a worker process ignores Ctrl-C (only its parent acts on it): it keeps ignoring it
_ignoring = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
try:  # only for the import below; the command sets its own while it runs
    _previous = None if _ignoring else signal.signal(signal.SIGINT, _interrupted_while_starting)
except ValueError:  # imported from another thread than the main one: signals are not its to take
    _previous = None
try:
    from .main import main
finally:
    if _previous is not None:
        signal.signal(signal.SIGINT, _previous)

__all__ = ["main"]
