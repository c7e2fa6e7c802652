"""``hasen serve`` from this checkout as a real process on a free loopback port, for the
tests that talk to it over HTTP. Every wait is bounded."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 60  # seconds for the server to print its address


def hasen(*args: str) -> list[str]:
    """The command line of the installed ``hasen``, run by this interpreter."""
    return [sys.executable, "-m", "hasen.cli", *args]


class ServedProcess:
    """``hasen serve ARGS`` on 127.0.0.1 and a port the system picks; ``url``, ``host`` and
    ``port`` say where it answers."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            hasen("serve", "--host", "127.0.0.1", "--port", "0", *args),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        self.readers = [threading.Thread(target=lambda: lines.put(self.process.stdout.readline()), daemon=True)]
        self.readers[0].start()
        try:
            first = lines.get(timeout=START_TIMEOUT)
        except queue.Empty:
            self.stop()
            raise AssertionError(f"the server printed nothing in {START_TIMEOUT} s") from None
        if not first.startswith("hasen: serving on http://127.0.0.1:"):
            self.stop(read_stderr=True)
            raise AssertionError(first + self.stderr)
        # waitress logs to stderr: kept (``log``), and drained so that a long test never blocks the server
        self.log_lines: list[str] = []
        self.readers.append(threading.Thread(target=lambda: self.log_lines.extend(self.process.stderr), daemon=True))
        self.readers[-1].start()
        self.url = first.split()[3]
        address = urlsplit(self.url)
        self.host, self.port = address.hostname, address.port

    @property
    def log(self) -> str:
        """What the server has written to stderr so far (waitress's log)."""
        return "".join(self.log_lines)

    def stop(self, read_stderr: bool = False) -> None:
        """End the server; with ``read_stderr``, keep what it wrote to stderr in ``stderr``."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        # the readers end at the pipes' end of file; then the pipes are closed, not left to the
        # garbage collector (which would warn of them)
        for reader in self.readers:
            reader.join(timeout=10)
        self.stderr = self.process.stderr.read() if read_stderr else ""
        self.process.stdout.close()
        self.process.stderr.close()
