"""Rebuild the web API's response examples (api/data/response_examples.json): each
operation's example request (hasen.api.openapi.OPERATIONS) answered by the service itself,
kept as the example of its 200 answer in the OpenAPI document. About 3 seconds.

    python tools/build_response_examples.py

Run it after a change to an example request or to an answer's shape; the tests compare the
file with fresh answers (tests/web/test_api_openapi.py).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from hasen.api import create_app
from hasen.api.openapi import OPERATIONS, PREFIX, RESPONSE_EXAMPLES, WITHOUT_RESPONSE_EXAMPLE


def build() -> dict[str, Any]:
    client = create_app({"TESTING": True}).test_client()
    examples: dict[str, Any] = {}
    for path, (_, _, request) in OPERATIONS.items():
        if path in WITHOUT_RESPONSE_EXAMPLE:
            continue
        response = client.get(PREFIX + path) if request is None else client.post(PREFIX + path, json=request)
        if response.status_code != 200:
            raise SystemExit(f"{path}: the example request was answered {response.status_code}: {response.text}")
        examples[path] = response.get_json()  # its version is replaced by the running one in the document
    return examples


if __name__ == "__main__":
    RESPONSE_EXAMPLES.write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {RESPONSE_EXAMPLES}", file=sys.stderr)
