"""What every error answer of the web API is: an RFC 9457 problem details object, with the
fields clients read before it (``error``, ``version``), and where the body breaks its schema
the JSON pointer of the member in error (``pointer``)."""

from __future__ import annotations

from http import HTTPStatus

from hasen.core.version import __version__

PROBLEM_TYPE = "application/problem+json"


def assert_problem(answer: dict, status: int) -> str:
    """The answer is the problem details of ``status``: returns its message."""
    assert set(answer) - {"pointer"} == {"type", "title", "status", "detail", "error", "version"}, answer
    assert "pointer" not in answer or answer["pointer"] == "" or answer["pointer"].startswith("/"), answer
    assert (answer["type"], answer["title"], answer["status"]) == ("about:blank", HTTPStatus(status).phrase, status)
    assert answer["detail"] == answer["error"] and answer["version"] == __version__
    return str(answer["error"])
