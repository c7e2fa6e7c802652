"""The OpenAPI document, the review page and its files are tagged (``ETag``: a client that
has them gets 304) and compressed for a client that accepts gzip; the analyses are neither."""

from __future__ import annotations

import gzip

import pytest
from examples import HASENPFEFFER_DEAL

UNCHANGING = ["/api/v1/openapi.json", "/", "/static/review.js", "/static/review.css"]


@pytest.mark.parametrize("path", UNCHANGING)
def test_what_does_not_change_is_tagged_and_compressed(client, path: str) -> None:
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip, deflate"})
    assert plain.status_code == packed.status_code == 200 and "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data) / 2
    assert plain.headers["ETag"] != packed.headers["ETag"]  # one per encoding
    for response, encoding in ((plain, "identity"), (packed, "gzip")):
        again = client.get(path, headers={"Accept-Encoding": encoding, "If-None-Match": response.headers["ETag"]})
        again.close()  # a file's 304 keeps the file open until its answer is closed, as a server does
        assert again.status_code == 304 and again.data == b""
    stale = client.get(path, headers={"If-None-Match": '"an-earlier-version"'})
    assert stale.status_code == 200 and stale.data == plain.data


def test_an_analysis_is_neither_tagged_nor_compressed(client) -> None:
    response = client.post("/api/v1/table", json={"deal": HASENPFEFFER_DEAL}, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and "ETag" not in response.headers
    assert "Content-Encoding" not in response.headers
