"""Everything under /api/ is JSON, whatever the method and however the path is written; a
page of another site cannot use the API; the review page carries security headers."""

from __future__ import annotations

import pytest
from examples import HASENPFEFFER_DEAL
from problems import PROBLEM_TYPE

from hasen.api import create_app

TABLE = {"deal": HASENPFEFFER_DEAL, "declarer": "N"}


@pytest.mark.parametrize("path", ["/api/v1//table", "/api//v1/table", "/api/v1/table/"])
def test_a_path_is_taken_as_written(client, path: str) -> None:
    response = client.post(path, json=TABLE)
    assert response.status_code == 404 and response.mimetype == PROBLEM_TYPE
    assert response.get_json()["error"].startswith("Not Found")


@pytest.mark.parametrize("path, allow", [("/api/v1/table", ["POST"]), ("/api/v1/health", ["GET"])])
def test_options_are_answered_in_json(client, path: str, allow: list[str]) -> None:
    response = client.options(path)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json()["allow"] == allow
    assert response.headers["Allow"] == ", ".join(allow + ["OPTIONS"])


def test_options_of_an_unknown_path_is_a_json_404(client) -> None:
    response = client.options("/api/v1/tables")
    assert response.status_code == 404 and response.mimetype == PROBLEM_TYPE


@pytest.mark.parametrize("content_type", ["text/plain", "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_sent_as_json_is_refused(client, content_type) -> None:
    response = client.post("/api/v1/table", data=b'{"deal": "x"}', content_type=content_type)
    assert response.status_code == 415
    assert response.get_json()["error"].startswith("Content-Type: expected application/json")


def test_a_page_of_another_site_is_refused(client) -> None:
    response = client.post("/api/v1/table", json=TABLE, headers={"Origin": "https://elsewhere.example"})
    assert response.status_code == 403
    assert response.get_json()["error"].startswith("Origin: 'https://elsewhere.example' is another site")


def test_the_pages_own_origin_and_programs_are_answered(client) -> None:
    assert client.post("/api/v1/table", json=TABLE, headers={"Origin": "http://localhost"}).status_code == 200
    assert client.post("/api/v1/table", json=TABLE).status_code == 200


def test_the_page_has_security_headers(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_api_answers_are_not_sniffed(client) -> None:
    assert client.get("/api/v1/health").headers["X-Content-Type-Options"] == "nosniff"


CLUB = "https://club.example"


@pytest.mark.app_config(HASEN_ALLOWED_ORIGINS=(CLUB,))
def test_an_allowed_origins_pages_may_call_the_api(client) -> None:
    """A site the service is told to allow gets CORS: its preflight is answered, and its
    requests with the origin echoed; any other site is still refused."""
    preflight = client.options(
        "/api/v1/table",
        headers={
            "Origin": CLUB,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == CLUB
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert preflight.headers["Access-Control-Allow-Headers"] == "Content-Type, If-None-Match"
    answer = client.post("/api/v1/table", json=TABLE, headers={"Origin": CLUB})
    assert answer.status_code == 200 and answer.headers["Access-Control-Allow-Origin"] == CLUB
    # its code may read when to ask again, the cache's word and a file's tag
    assert answer.headers["Access-Control-Expose-Headers"] == "Retry-After, ETag, X-Cache"
    assert "X-Cache" in answer.headers
    assert "Origin" in answer.headers["Vary"]
    other = client.post("/api/v1/table", json=TABLE, headers={"Origin": "https://elsewhere.example"})
    assert other.status_code == 403 and "Access-Control-Allow-Origin" not in other.headers


def test_no_origin_is_allowed_unless_given(client) -> None:
    answer = client.post("/api/v1/table", json=TABLE, headers={"Origin": CLUB})
    assert answer.status_code == 403 and "Access-Control-Allow-Origin" not in answer.headers


@pytest.mark.parametrize("origins", ["https://club.example", ["https://club.example/page"], ["club.example"], [7]])
def test_an_allowed_origin_that_is_none_stops_the_service_at_start(origins) -> None:
    with pytest.raises(ValueError, match="HASEN_ALLOWED_ORIGINS"):
        create_app({"HASEN_ALLOWED_ORIGINS": origins})
